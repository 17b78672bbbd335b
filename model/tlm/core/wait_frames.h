// The stack's frames whose slot-1 list still waits (pushed with both child lists, not yet
// resumed), kept beside the stack engine's copy in the SRAM (rtl/cc_wait_frames.v), and the
// topmost of them: the pair, list base and length the next resume hands over, which the
// look-ahead engine fetches and transforms meanwhile (resume_ahead). The controller drives
// it as the RTL's does: cleared with the root, written with a push, a frame taken when a
// resume finds it.
#pragma once
#include <cstdint>
#include <vector>

namespace cc::tlm::core {

class WaitFrames {
 public:
  struct Words {
    uint32_t pair, base, len;
  };
  // clear_i: a query starts, no frame waits.
  void clear() { wait_.assign(wait_.size(), 0); }
  // push_i: a frame is pushed at `depth`; waits_i: its slot-1 list waits, these are its words.
  void push(uint32_t depth, bool waits, const Words& w) {
    if (wait_.size() <= depth) {
      wait_.resize(depth + 1, 0);
      words_.resize(depth + 1);
    }
    wait_[depth] = waits;
    words_[depth] = w;
  }
  // take_i: the frame below `depth` is resumed.
  void take(uint32_t depth) { wait_[depth - 1] = 0; }
  // any_o and the topmost waiting frame's words (nullptr: none waits).
  const Words* top() const {
    for (size_t f = wait_.size(); f-- > 0;)
      if (wait_[f]) return &words_[f];
    return nullptr;
  }

 private:
  std::vector<uint8_t> wait_;  // wait_q, one bit a frame (grown to the deepest frame pushed)
  std::vector<Words> words_;   // pair_q, base_q, len_q
};

}  // namespace cc::tlm::core
