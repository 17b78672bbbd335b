// The stack engine's frames (rtl/cc_stack_engine.v): a push writes a frame in the
// background; a resume walks up from the top frame, popping finished ones, until one still
// has its slot-1 list waiting (it sets that frame's bit and hands the list over) or the
// stack is empty. Its SRAM port also serves the list write queue and the fetch unit
// (list_fetch.h), which get it in the cycles the engine leaves (ownsSram). The TLM keeps
// the frames in a vector; timing per unit_timing.h.
#pragma once
#include <cstdint>
#include <vector>

#include "cc/unit_timing.h"
#include "core/common.h"

namespace cc::tlm::core {

struct Frame {
  uint32_t next_pair, base, len;
  bool bit;  // the slot-1 list was handed over (or there is none)
  bool waiting() const { return !bit && len != 0; }
};

class StackEngine {
 public:
  bool ready() const { return state_ == Idle; }  // ready_o
  uint32_t depth() const { return depth_; }      // depth_o, the level register
  // After a resume: the frame it stopped at (frame_q): the list handed over when
  // waiting(), else the last frame popped.
  const Frame& frame() const { return frame_; }
  // The engine's own SRAM access this cycle, given this cycle's commands: the list write
  // queue and the fetch unit wait.
  bool ownsSram(bool root, bool push) const {
    return root || push || state_ == Push || (state_ == Read && left_ > unit_timing::kStackSramRead) ||
           (state_ == Decide && frame_.waiting());
  }

  // One cycle with this cycle's commands (taken only when ready()).
  void step(bool root, bool push, const Frame& pushed, bool resume) {
    switch (state_) {
      case Idle:
        if (root) depth_ = 0;
        if (push) {
          if (frames_.size() <= depth_) frames_.resize(depth_ + 1);
          frames_[depth_] = pushed;
          ++depth_;
          state_ = Push;
          left_ = unit_timing::kPushBusy;
        }
        if (resume) {
          frame_idx_ = depth_ - 1;
          state_ = Read;
          left_ = unit_timing::kFrameRead;
        }
        break;
      case Push:
        if (--left_ == 0) state_ = Idle;
        break;
      case Read:  // E_READ and E_WAIT
        if (--left_ == 0) {
          state_ = Decide;
          frame_ = frames_[frame_idx_];
        }
        break;
      case Decide:
        if (frame_.waiting()) {
          frames_[frame_idx_].bit = true;  // written back; frame_ keeps what was read
          state_ = Idle;
        } else {
          --depth_;
          if (depth_ == 0) {
            state_ = Idle;
          } else {
            --frame_idx_;
            state_ = Read;
            left_ = unit_timing::kFrameRead;
          }
        }
        break;
    }
  }

  // The cycle, from cycle c, in which the engine next changes state (kNever: idle).
  uint64_t nextEvent(uint64_t c) const {
    switch (state_) {
      case Idle: return kNever;
      case Decide: return c;
      default: return c + left_ - 1;
    }
  }
  // n cycles without a command and without a state change (n < nextEvent's distance).
  void advance(uint64_t n) {
    if (state_ == Push || state_ == Read) left_ -= static_cast<uint32_t>(n);
  }

 private:
  enum State : uint8_t { Idle, Push, Read, Decide };
  State state_ = Idle;
  uint32_t left_ = 0, depth_ = 0, frame_idx_ = 0;
  Frame frame_{0, 0, 0, true};
  std::vector<Frame> frames_;
};

}  // namespace cc::tlm::core
