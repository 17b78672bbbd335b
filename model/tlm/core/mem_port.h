// The core's SDRAM request port (rtl/cc_core_mem_port.v) as the units see it: one request
// a cycle, valid/ready, responses in request order; the SDRAM interface behind it is
// SdramTiming. A read's grant may still be revised by younger requests (sdram_timing.h),
// so its arrival is looked up by request number whenever it is asked for. Which requester
// wins a cycle (controller, look-ahead engine, fetch unit) is decided by the core (core.h).
#pragma once
#include <cstdint>
#include <cstdio>

#include "cc/board_memory.h"
#include "cc/layout.h"
#include "cc/sdram_timing.h"
#include "core/common.h"

namespace cc::tlm::core {

class MemPort {
 public:
  // Cycle 0 is the query's START (where the SDRAM interface restarted its refresh interval).
  MemPort(const ChipConfig& cfg, const BoardMemory& mem) : sd_(cfg), mem_(mem) {}

  // First cycle >= c in which the port takes a request; the cycle from which the SDRAM
  // interface stays idle.
  uint64_t readyFrom(uint64_t c) const { return sd_.readyFrom(c); }
  uint64_t idleFrom() const { return sd_.idleFrom(); }

  // CC_TLM_REQUESTS (docs/tlm.md): one line per request taken, "cycle what address", from
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
  // All beats of read n have reached the core before cycle c (its flag is up in cycle c).
  bool arrived(uint64_t n, uint64_t c) const { return c >= arrival(n); }
  // The first cycle in which all of read n's beats are in (kNever: no such read).
  uint64_t arrival(uint64_t n) const {
    if (n == kNoRequest) return kNever;
    if (n + SdramTiming::kPortHistory <= sd_.portRequests()) return 0;  // long done
    return sd_.grant(n).last_beat + 1;
  }
  // Every read made so far is in by cycle c (the read-destination queue is empty).
  bool readsDone(uint64_t c) const { return last_read_ == kNoRequest || arrived(last_read_, c); }

 private:
  SdramTiming sd_;
  const BoardMemory& mem_;
  uint64_t last_read_ = kNoRequest;  // the newest read
  std::FILE* log_ = nullptr;
};

}  // namespace cc::tlm::core
