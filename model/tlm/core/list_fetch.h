// The stack engine's list traffic: the list write queue (rtl/cc_list_write_queue.v), which
// takes the controller's registered appends (up to two a cycle) and writes them in the
// SRAM cycles the engine's frames leave, and the aligned-pair fetch unit
// (rtl/cc_list_fetch.v), which reads a list's words into a ring of FetchAhead slots and
// the node pairs they point to from the SDRAM ahead of the comparators (and, with
// fetch_keep, keeps the pairs it used for the entries that name them again). With list_follow
// the fetch unit follows the list the controller works on next: the words the write queue
// writes into it go on to the fetch unit, and they must be the golden model's entries
// when that list starts (checked).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "cc/core_timing.h"
#include "cc/layout.h"
#include "cc/unit_timing.h"
#include "core/common.h"
#include "core/mem_port.h"

namespace cc::tlm::core {

class ListWriteQueue {
 public:
  // Per entry, its word if it goes to the followed list, else kUnfollowed.
  static constexpr int64_t kUnfollowed = -1;
  struct Pushes {
    bool valid[2] = {false, false};
    int64_t word[2] = {kUnfollowed, kUnfollowed};
  };

  bool empty() const { return n_ == 0; }
  // Every append is in the SRAM (lists_written_o).
  bool written() const { return n_ == 0 && !next_.valid[0] && !next_.valid[1]; }
  // Two more appends fit after this cycle's (app_room2_o).
  bool room2() const { return n_ <= layout::kListWriteQueueDepth - 4; }
  bool pushing() const { return next_.valid[0] || next_.valid[1]; }
  // The controller's append registers: entry 0 first in a cycle.
  void append(int64_t word) {
    const int k = next_.valid[0] ? 1 : 0;
    next_.valid[k] = true;
    next_.word[k] = word;
  }
  // Last cycle's appends, out of the registers (the controller may register new ones).
  Pushes takePushes() {
    const Pushes p = next_;
    next_ = {};
    return p;
  }
  int64_t pop() {
    const int64_t w = q_[head_];
    head_ = (head_ + 1) % kRing;
    --n_;
    return w;
  }
  void enter(const Pushes& p) {
    for (int k = 0; k < 2; ++k) {
      if (!p.valid[k]) continue;
      if (n_ == kRing) throw std::logic_error("timing model: the list write queue holds more than its depth");
      q_[(head_ + n_++) % kRing] = p.word[k];
    }
  }

 private:
  // The queue's entries in a ring: the RTL's depth, room for the two appends that may
  // follow room2's last yes, and some to spare (a power of two, so the modulo is a mask).
  static constexpr uint32_t kRing = 4 * layout::kListWriteQueueDepth >= 16 ? 4 * layout::kListWriteQueueDepth : 16;
  static_assert((kRing & (kRing - 1)) == 0, "the ring's size must be a power of two");
  std::array<int64_t, kRing> q_{};
  uint32_t head_ = 0, n_ = 0;
  Pushes next_;
};

class ListFetch {
 public:
  // The controller's commands, registered: they act in the cycle after.
  struct Commands {
    bool start = false;  // start on the list at base (len words; the log's entries from first)
    uint32_t base = 0, len = 0, first = 0;
    bool follow = false;  // follow the list at follow_base from now on
    uint32_t follow_base = 0;
  };

  // `keep`: pairs kept after use (fetch_keep; 0: none).
  ListFetch(uint32_t ahead, uint32_t keep) : ahead_(ahead), kept_(keep, kNoPair) {
    // At most ahead_ slots are in use, so a ring of the next power of two holds them.
    uint32_t ring = 1;
    while (ring < ahead_) ring *= 2;
    mask_ = ring - 1;
    word_ok_.assign(ring, kNever);
    data_req_.assign(ring, kNoRequest);
    kept_at_.assign(ring, kNever);
  }

  void start(uint32_t base, uint32_t len, uint32_t first) {
    next_.start = true;
    next_.base = base;
    next_.len = len;
    next_.first = first;
  }
  void follow(uint32_t base) {
    next_.follow = true;
    next_.follow_base = base;
  }
  bool commandPending() const { return next_.start || next_.follow; }
  Commands takeCommands() {
    const Commands c = next_;
    next_ = {};
    return c;
  }

  // Its SRAM request (a list word to read into a free slot) and its SDRAM request (the
  // node pair of the oldest word without one) this cycle; `stop`: the controller ends the
  // query.
  bool sramRequest(bool stop) const {
    return active_ && !stop && alloc_ < words_.size() && alloc_ - head_ != ahead_;
  }
  bool memRequest(uint64_t c, bool stop) const { return pairDue(c, stop) && !kept(memRequestAddr()); }
  // The oldest word without its pair names a kept pair: the slot takes it from the store
  // this cycle, without the port (keep_hit in the RTL).
  bool keepHit(uint64_t c, bool stop) const { return pairDue(c, stop) && kept(memRequestAddr()); }
  uint32_t memRequestAddr() const { return layout::entryAddr(words_[req_]); }
  void memTaken(uint64_t n) { data_req_[req_ & mask_] = n; }
  // The head slot has its word and its pair (head_valid_o), and the word.
  bool headValid(uint64_t c, const MemPort& port) const {
    if (alloc_ == head_ || c < word_ok_[head_ & mask_]) return false;
    const uint32_t h = head_ & mask_;
    return kept_at_[h] != kNever ? c >= kept_at_[h] : port.arrived(data_req_[h], c);
  }
  uint32_t headEntry() const { return words_[head_]; }
  // When the head slot becomes valid if only SDRAM data arrive (kNever: not known).
  uint64_t headArrival(const MemPort& port) const {
    if (alloc_ == head_) return kNever;
    const uint32_t h = head_ & mask_;
    if (kept_at_[h] != kNever) return std::max(word_ok_[h], kept_at_[h]);
    if (data_req_[h] == kNoRequest) return kNever;
    return std::max(word_ok_[h], port.arrival(data_req_[h]));
  }
  // The cycle of its next SDRAM request, or of its next pair taken from the store, when
  // nothing else asks for the port (kNever: none).
  uint64_t nextMemRequest(uint64_t c, const MemPort& port) const {
    if (!active_ || req_ == alloc_) return kNever;
    const uint64_t due = std::max(c, word_ok_[req_ & mask_]);
    return kept(memRequestAddr()) ? due : port.readyFrom(due);
  }
  // Whether a word the write queue writes in this cycle goes on to the followed list.
  bool takesWrites(const Commands& now, bool stop) const { return fol_ && !now.start && !stop && !now.follow; }
  void written(uint32_t word) { words_.push_back(word); }

  // The cycle: last cycle's commands, this cycle's SRAM grant, SDRAM acceptance or pair
  // taken from the store, and pop.
  void step(uint64_t c, const Commands& now, bool stop, bool sram_gnt, bool mem_accept, bool keep_hit, bool pop,
            const QueryLog& log) {
    const bool resume_followed = now.start && fol_ && now.base == fol_base_;
    if (now.start && !resume_followed) {
      if (alloc_ != head_)  // the RTL starts afresh only with nothing in flight
        throw std::logic_error("timing model: list at " + std::to_string(now.base) +
                               " started afresh while the fetch unit holds " + std::to_string(alloc_ - head_) +
                               " entries of the followed list at " + std::to_string(fol_base_));
      active_ = true;
      words_.assign(log.entries.begin() + now.first, log.entries.begin() + now.first + now.len);
      alloc_ = head_ = req_ = 0;
    } else {
      if (now.start) {
        active_ = true;
        checkFollowedList(now, log);
      } else if (stop) {
        active_ = false;
      }
      if (sram_gnt) {
        word_ok_[alloc_ & mask_] = c + unit_timing::kListWordIn;
        data_req_[alloc_ & mask_] = kNoRequest;
        kept_at_[alloc_ & mask_] = kNever;
        ++alloc_;
      }
      if (keep_hit) kept_at_[req_ & mask_] = c + 1;
      if (mem_accept || keep_hit) ++req_;
      if (pop) {
        if (kept_at_[head_ & mask_] == kNever) keep(layout::entryAddr(words_[head_]), log);
        ++head_;
      }
    }
    if (now.start || stop || now.follow) {
      fol_ = now.follow && !stop;
      fol_base_ = now.follow_base;
    }
  }

 private:
  // A continued start: the words the fetch unit has of the followed list (from its head on,
  // the list's first word) must be the golden model's entries of the list now started.
  void checkFollowedList(const Commands& now, const QueryLog& log) const {
    const bool same = words_.size() == size_t{head_} + now.len &&
                      std::equal(words_.begin() + head_, words_.end(), log.entries.begin() + now.first);
    if (!same)
      throw std::logic_error("timing model: the followed list at " + std::to_string(now.base) +
                             " differs from the golden model's");
  }

  bool pairDue(uint64_t c, bool stop) const { return active_ && !stop && req_ < alloc_ && c >= word_ok_[req_ & mask_]; }
  bool kept(uint32_t pair) const { return std::find(kept_.begin(), kept_.end(), pair) != kept_.end(); }
  // A pair read from the SDRAM and used is kept in place of the oldest kept one, unless it
  // lies in the result area (a result may land in it, as in a triangle record entry).
  void keep(uint32_t pair, const QueryLog& log) {
    if (kept_.empty() || log.inResultArea(pair, layout::kPairBytes)) return;
    kept_[keep_next_] = pair;
    keep_next_ = keep_next_ + 1 == kept_.size() ? 0 : keep_next_ + 1;
  }
  static constexpr uint32_t kNoPair = 1;  // never an entry's pair address (256-aligned)

  const uint32_t ahead_;
  uint32_t mask_ = 0;  // list entry j is in ring place j & mask_
  bool active_ = false;
  uint32_t alloc_ = 0, head_ = 0, req_ = 0;  // words read into slots, popped, with a pair request
  std::vector<uint32_t> words_;              // the list words it reads, in order, since its last fresh start
  std::vector<uint64_t> word_ok_;            // per slot: the cycle from which its list word is in
  std::vector<uint64_t> data_req_;           // per slot: the read bringing its pair
  std::vector<uint64_t> kept_at_;            // per slot: the cycle its kept pair is in (kNever: read)
  std::vector<uint32_t> kept_;               // the kept pairs' addresses (kNoPair: none)
  uint32_t keep_next_ = 0;                   // the one replaced next
  bool fol_ = false;                         // following the list at fol_base_
  uint32_t fol_base_ = 0;
  Commands next_;
};

}  // namespace cc::tlm::core
