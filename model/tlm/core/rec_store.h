// The record store of the engines' record reads (rtl/cc_rec_store.v, rec_store = N > 0),
// as the memory port (mem_port.h) sees it; the pair store of the tumbled-pair reads
// (pair_store = N > 0) keeps its lines by the same rules: the lines (the last N keepable bursts asked
// for), the reads that wait on a line, and when each such read's entry is full. Its state
// is the RTL's, cycle for cycle:
//   - a keepable read that finds no line of its burst takes the line replaced next unless
//     that line still waits for its burst (arrival > c) or has a read waiting on it (its
//     last waiting read is served in cycle c or later); the line waits for the burst's
//     SDRAM read and is kept from that read's arrival;
//   - a read that finds a line of its burst waits (in order): waiting read i, taken in
//     cycle c_i, is served in s_i = max(c_i + 1, s_{i-1} + 1, arrival of its line's burst),
//     and its entry is full in s_i + 2.
// Arrivals of SDRAM reads may still move while later requests come (sdram_timing.h), so
// s_i is computed when asked for, from the last one that can no longer move.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/common.h"

namespace cc::tlm::core {

class RecordStore {
 public:
  // `arrival(n)`: the cycle SDRAM read n's last beat is in; `final(n)`: it can no longer move.
  using Arrival = std::function<uint64_t(uint64_t)>;
  using Final = std::function<bool(uint64_t)>;
  RecordStore(uint32_t lines, Arrival arrival, Final final)
      : lines_(lines), arrival_(std::move(arrival)), final_(std::move(final)) {}

  // The waiting read number for a read of burst `tag` taken in cycle c, if a line has it
  // (the read then goes nowhere); else kNoRequest.
  uint64_t wait(uint32_t tag, uint64_t c) {
    for (Line& l : lines_)
      if (l.valid && l.tag == tag) {
        waits_.push_back({l.read, c});
        l.last_wait = waits_.size() - 1;
        return waits_.size() - 1;
      }
    return kNoRequest;
  }
  // A line holds burst `tag` (kept, or waiting for it).
  bool has(uint32_t tag) const {
    for (const Line& l : lines_)
      if (l.valid && l.tag == tag) return true;
    return false;
  }
  // The line replaced next may take a burst in cycle c: it is unused, or its burst is in
  // and no read waits on it.
  bool nextFree(uint64_t c) const {
    const Line& l = lines_[next_];
    return !(l.valid && (arrival_(l.read) > c || (l.last_wait != kNone && served(l.last_wait) >= c)));
  }
  // A keepable read of burst `tag` taken in cycle c went to the SDRAM as read n.
  void missed(uint32_t tag, uint64_t n, uint64_t c) {
    if (!nextFree(c)) return;
    Line& l = lines_[next_];
    l = Line{true, tag, n, kNone};
    next_ = (next_ + 1) % lines_.size();
  }
  // The first cycle in which waiting read w's entry is full.
  uint64_t arrival(uint64_t w) const { return served(w) + 2; }
  // The cycle from which no read waits and no record is on its way to an entry.
  uint64_t idleFrom() const { return waits_.empty() ? 0 : arrival(waits_.size() - 1); }

 private:
  static constexpr uint64_t kNone = ~uint64_t{0};
  struct Line {
    bool valid = false;
    uint32_t tag = 0;         // the burst's address / 256
    uint64_t read = 0;        // the SDRAM read of its burst
    uint64_t last_wait = kNone;
  };
  struct Wait {
    uint64_t read;  // the SDRAM read of its line's burst
    uint64_t taken;
  };
  // The cycle waiting read w is served (its record registered for the entry).
  uint64_t served(uint64_t w) const {
    uint64_t s = done_ ? served_[done_ - 1] : 0;
    for (uint64_t i = done_; i <= w; ++i) {
      s = std::max({waits_[i].taken + 1, i ? s + 1 : 0, arrival_(waits_[i].read)});
      if (i == done_ && final_(waits_[i].read)) {  // no later request can move it any more
        served_.push_back(s);
        ++done_;
      }
    }
    return w < done_ ? served_[w] : s;
  }

  std::vector<Line> lines_;
  size_t next_ = 0;
  Arrival arrival_;
  Final final_;
  std::vector<Wait> waits_;
  mutable std::vector<uint64_t> served_;  // of the first done_ waiting reads, final
  mutable uint64_t done_ = 0;
};

}  // namespace cc::tlm::core
