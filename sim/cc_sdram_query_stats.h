// What the chip asked of the SDRAM while it was busy (CC_STATE_PROFILE, sim/cc_board.cpp):
// the device's command and beat counts summed over the busy periods, the bursts of
// distinct addresses each busy period read, and how many of its reads a store on the chip
// of the last N bursts read (least recently read replaced) would have held instead. The
// last two are what-ifs from the address stream, not timed: they bound what such a store
// could save (docs/results.md, "What the worst case would take").
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <unordered_set>
#include <utility>
#include <vector>

#include "cc_sdram_device.h"

namespace cc::sim {

class SdramQueryStats {
 public:
  static constexpr std::array<unsigned, 3> kStoreBursts{16, 64, 256};

  // After each core edge: whether the chip is busy, the pins the controller drove in the
  // cycle and the device's running counts after it.
  void step(bool busy, const SdramPins& pins, const SdramGeometry& geo, const SdramStats& now) {
    if (busy && !was_busy_) at_start_ = before_;
    if (!busy && was_busy_) endQuery(before_);
    if (busy && now.reads > before_.reads) readBurst(geo.encode(SdramAddr{pins.bank, pins.row, pins.col}));
    before_ = now;
    was_busy_ = busy;
  }

  // "sdram WHAT COUNT" lines.
  void write(std::FILE* f) const {
    const std::pair<const char*, uint64_t> counts[] = {
        {"activates", sum_.activates},   {"reads", sum_.reads},
        {"writes", sum_.writes},         {"refreshes", sum_.refreshes},
        {"read_beats", sum_.read_beats}, {"write_beats", sum_.write_beats},
        {"distinct_reads", distinct_}};
    for (const auto& [what, n] : counts) std::fprintf(f, "sdram %s %llu\n", what, static_cast<unsigned long long>(n));
    for (size_t i = 0; i < kStoreBursts.size(); ++i) {
      std::fprintf(f, "sdram kept_by_%u %llu\n", kStoreBursts[i], static_cast<unsigned long long>(kept_[i]));
    }
  }

 private:
  // A new READ of the burst at `addr`: was it among the last N distinct bursts read?
  void readBurst(uint64_t addr) {
    query_distinct_.insert(addr);
    const auto it = std::find(recent_.rbegin(), recent_.rend(), addr);
    if (it != recent_.rend()) {
      const auto newer = static_cast<size_t>(it - recent_.rbegin());  // distinct bursts read since
      for (size_t i = 0; i < kStoreBursts.size(); ++i) kept_[i] += newer < kStoreBursts[i];
      recent_.erase(std::next(it).base());
    } else if (recent_.size() == kStoreBursts.back()) {
      recent_.erase(recent_.begin());
    }
    recent_.push_back(addr);
  }
  // The busy period is over; `now`: the counts after its last cycle.
  void endQuery(const SdramStats& now) {
    sum_.addPeriod(at_start_, now);
    distinct_ += query_distinct_.size();
    query_distinct_.clear();
    recent_.clear();  // a store would be emptied at each START (the host may have rewritten memory)
  }

  bool was_busy_ = false;
  SdramStats before_, at_start_, sum_;  // the counts after the step before; at a busy period's start; summed
  std::unordered_set<uint64_t> query_distinct_;
  uint64_t distinct_ = 0;
  std::vector<uint64_t> recent_;  // distinct bursts of this query, least recently read first
  std::array<uint64_t, kStoreBursts.size()> kept_{};
};

}  // namespace cc::sim
