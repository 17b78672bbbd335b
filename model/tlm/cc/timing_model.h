// Timing of a query: the golden model's observer. While the golden model runs a query it
// records what the chip's controller needs to know of it (QueryLog: lists with their
// entries, comparator outcomes, IT-unit edges, result writes); endQuery() hands that to
// CoreTiming, which steps the chip's control as built in rtl/ (docs/tlm.md) and returns
// the query's chip cycles. Pure C++ (no SystemC), so tests and the sweep can time
// queries without a simulation kernel.
#pragma once
#include <cstdint>
#include <cstdio>
#include <vector>

#include "cc/board_memory.h"
#include "cc/config.h"
#include "cc/core_timing.h"
#include "cc/golden_chip.h"

namespace cc::tlm {

class TimingModel : public golden::Observer {
 public:
  // `mem` is the board memory the golden chip works on (node flags and pointers are read
  // from it). Validates cfg (std::invalid_argument).
  TimingModel(const ChipConfig& cfg, const BoardMemory& mem);

  // A query starts (CTRL.MODE_FIRST, CTRL.LEAF_VERTEX): the log is emptied.
  void beginQuery(bool mode_first, bool leaf_vertex = false, bool leaf_plane = false);
  uint64_t endQuery();               // times the query; returns its chip cycles (START to DONE)
  uint64_t cycles() const { return cycles_; }
  const CoreCycles& breakdown() const { return core_.cycles(); }
  // Write one "cycle state" line per chip cycle of the following queries (nullptr: off).
  void setTrace(std::FILE* f) { trace_ = f; }
  // Write one "cycle what address" line per SDRAM port request of the following queries,
  // each query after a "query" line (nullptr: off; docs/tlm.md).
  void setRequestLog(std::FILE* f) { core_.setRequestLog(f); }
  // Speed only (CoreTiming::setEngineWaits): quiet cycles while a queued engine waits.
  void setEngineWaits(bool on) { core_.setEngineWaits(on); }
  // Speed only (CoreTiming::setDotaddsAlone): quiet cycles in which only DOTADDs move.
  void setDotaddsAlone(bool on) { core_.setDotaddsAlone(on); }

  // golden::Observer
  void onStart(const std::array<uint32_t, regs::CORR_LINES>& corr, uint32_t result_base,
               uint32_t result_capacity) override;
  void onList(uint32_t tumbled_pair, uint32_t tumbled_mask, uint32_t base, uint32_t length,
              const uint32_t* entries) override;
  void onOverlapTest(bool overlap) override;
  void onTriangleSide(uint32_t computed, ItVerdict verdict) override;
  void onResultWrite(uint32_t addr) override;

 private:
  const BoardMemory& mem_;
  CoreTiming core_;
  QueryLog log_;
  bool mode_first_ = false;
  uint64_t cycles_ = 0;
  std::FILE* trace_ = nullptr;
};

}  // namespace cc::tlm
