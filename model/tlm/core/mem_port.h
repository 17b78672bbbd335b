// The core's SDRAM request port (rtl/cc_core_mem_port.v) as the units see it: one request
// a cycle, valid/ready, responses in request order; the SDRAM interface behind it is
// SdramTiming. A read's grant may still be revised by younger requests (sdram_timing.h),
// so its arrival is looked up by request number whenever it is asked for. Which requester
// wins a cycle (controller, look-ahead engine, fetch unit) is decided by the core (core.h).
// With rec_store = N (rtl/cc_rec_store.v) the engines' record reads go to the SDRAM as
// whole bursts (a node pair's 8 beats: the record and the one beside it), and a read of a
// burst the store has, or waits for, goes nowhere (rec_store.h). With pair_store = N the
// tumbled-pair reads and the pair prefetches (core.h) go through a store of N lines by the
// same rules.
#pragma once
#include <cstdint>
#include <cstdio>
#include <optional>

#include "cc/board_memory.h"
#include "cc/layout.h"
#include "cc/sdram_timing.h"
#include "core/common.h"
#include "core/rec_store.h"

namespace cc::tlm::core {

class MemPort {
 public:
  // Cycle 0 is the query's START (where the SDRAM interface restarted its refresh interval).
  MemPort(const ChipConfig& cfg, const BoardMemory& mem) : sd_(cfg), mem_(mem) {
    if (cfg.pair_store > 0)
      pairs_.emplace(cfg.pair_store, [this](uint64_t n) { return arrival(n); }, [this](uint64_t n) { return readFinal(n); });
    if (cfg.rec_store > 0)
      store_.emplace(cfg.rec_store, [this](uint64_t n) { return arrival(n); }, [this](uint64_t n) { return readFinal(n); });
  }
  MemPort(const MemPort&) = delete;  // the store calls back into this one
  MemPort& operator=(const MemPort&) = delete;

  // First cycle >= c in which the port takes a request; the cycle from which the SDRAM
  // interface stays idle.
  uint64_t readyFrom(uint64_t c) const { return sd_.readyFrom(c); }
  uint64_t idleFrom() const { return sd_.idleFrom(); }

  // CC_TLM_REQUESTS (docs/tlm.md): one line per request for the SDRAM, "cycle what address", from
  // the start of the query (nullptr: off).
  void setRequestLog(std::FILE* f) {
    log_ = f;
    if (log_) std::fprintf(log_, "query\n");
  }

  // The port takes a request in cycle c; returns its number. `what` names it for the log
  // (tumbled-pair, aligned-pair, record-A, record-B, leaf-record, result). Speed only: a
  // node pair's flag words, which the controller looks at when the pair is in, are
  // prefetched into the host's caches now.
  uint64_t take(PortKind kind, uint32_t addr, uint64_t c, const char* what) {
    if (log_) std::fprintf(log_, "%llu %s %u\n", static_cast<unsigned long long>(c), what, addr);
    if (kind == PortKind::ReadPair)
      for (uint32_t n = 0; n < 2; ++n) mem_.prefetch(addr + n * layout::kNodeBytes + layout::kNodeFlags);
    sd_.request(kind, addr, c);
    const uint64_t n = sd_.portRequests() - 1;
    if (kind != PortKind::WriteBeat) last_read_ = n;
    return n;
  }
  // An engine's record read taken in cycle c; `keepable`: its burst lies outside the
  // result area.
  uint64_t takeRecord(uint32_t addr, uint64_t c, const char* what, bool keepable) {
    if (!store_) return take(PortKind::ReadRecord, addr, c, what);
    const uint32_t tag = addr / layout::kPairBytes;
    if (keepable) {
      const uint64_t w = store_->wait(tag, c);
      if (w != kNoRequest) return kWaitBit | w;
    }
    const uint64_t n = take(PortKind::ReadPair, addr, c, what);
    if (keepable) store_->missed(tag, n, c);
    return n;
  }
  // A tumbled-pair read taken in cycle c: served by the pair store if a line holds its
  // burst, else an SDRAM read that takes a line (pair_store > 0).
  uint64_t takePair(uint32_t addr, uint64_t c, const char* what) {
    if (!pairs_) return take(PortKind::ReadPair, addr, c, what);
    const uint32_t tag = addr / layout::kPairBytes;
    const uint64_t w = pairs_->wait(tag, c);
    if (w != kNoRequest) return kPairWaitBit | w;
    const uint64_t n = take(PortKind::ReadPair, addr, c, what);
    pairs_->missed(tag, n, c);
    return n;
  }
  bool pairStore() const { return pairs_.has_value(); }
  // The pair store holds the pair at `addr` (kept, or waiting for it).
  bool pairKept(uint32_t addr) const { return pairs_ && pairs_->has(addr / layout::kPairBytes); }
  // The pair store's line replaced next may take a burst in cycle c.
  bool pairLineFree(uint64_t c) const { return pairs_->nextFree(c); }
  // A prefetch of the pair at `addr` taken in cycle c: an SDRAM read into a line.
  void prefetchPair(uint32_t addr, uint64_t c) {
    pairs_->missed(addr / layout::kPairBytes, take(PortKind::ReadPair, addr, c, "prefetch"), c);
  }
  // All beats of read n have reached the core before cycle c (its flag is up in cycle c).
  bool arrived(uint64_t n, uint64_t c) const { return c >= arrival(n); }
  // The first cycle in which all of read n's beats are in (kNever: no such read).
  uint64_t arrival(uint64_t n) const {
    if (n == kNoRequest) return kNever;
    if (n & kWaitBit) return store_->arrival(n & ~kWaitBit);
    if (n & kPairWaitBit) return pairs_->arrival(n & ~kPairWaitBit);
    if (n + SdramTiming::kPortHistory <= sd_.portRequests()) return 0;  // long done
    return sd_.grant(n).last_beat + 1;
  }
  // Every read made so far is in by cycle c (the read-destination queue is empty).
  bool readsDone(uint64_t c) const {
    return (last_read_ == kNoRequest || arrived(last_read_, c)) && (!store_ || store_->idleFrom() <= c) &&
           (!pairs_ || pairs_->idleFrom() <= c);
  }

 private:
  // SDRAM read n's arrival can no longer move.
  bool readFinal(uint64_t n) const { return n + SdramTiming::kPortHistory <= sd_.portRequests() || sd_.settled(n); }

  SdramTiming sd_;
  const BoardMemory& mem_;
  uint64_t last_read_ = kNoRequest;  // the newest read
  std::FILE* log_ = nullptr;
  // The record store (rec_store > 0); the numbers of the reads that wait in it have kWaitBit set.
  static constexpr uint64_t kWaitBit = uint64_t{1} << 62;
  std::optional<RecordStore> store_;
  // The pair store (pair_store > 0); the numbers of the reads that wait in it have kPairWaitBit set.
  static constexpr uint64_t kPairWaitBit = uint64_t{1} << 61;
  std::optional<RecordStore> pairs_;
};

}  // namespace cc::tlm::core
