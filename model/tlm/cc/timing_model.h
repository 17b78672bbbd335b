// Timing of a query, charged from the golden model's events (cc::golden::Observer). The
// golden model does ALL the function; this class only says when each step would happen
// in the chip, stage by stage, and so how many chip cycles the query takes.
//
//   list start ──> tumbled pair fetch ──> DOTADD (24 per tumbled node, 1/cycle, depth D)
//        │                                          │ transformed DOPs ready
//        └─> list word reads (stack SRAM) ──> aligned pair fetches (fetch_ahead ahead)
//                                                   │ data
//                                                   v
//                    comparators: one aligned node against both tumbled nodes per cycle
//                       │ overlap                         │ leaf x leaf
//                       v                                 v
//               list word writes (SRAM)     two record reads, 4 DOTADD passes, IT-unit
//
// Stages run in parallel where the chip's would (fetches ahead of the comparators, SRAM
// writes behind them) and in sequence where the data forces it (a list starts when the
// previous one has finished; a triangle test stalls the comparators). Equations and the
// reasons for each choice: docs/tlm.md. Pure C++ (no SystemC), so tests and the sweep
// can time queries without a simulation kernel.
#pragma once
#include <cstdint>
#include <vector>

#include "cc/config.h"
#include "cc/golden_chip.h"
#include "cc/sdram_timing.h"

namespace cc::tlm {

// Where the cycles went (each cycle counted once, by the stage that ended the list late).
struct TimingBreakdown {
  uint64_t lists = 0;
  uint64_t transform_wait = 0;  // comparators waiting for transformed DOPs
  uint64_t memory_wait = 0;     // comparators waiting for aligned node-pair data
  uint64_t triangle = 0;        // cycles in triangle tests (fetch + DOTADD + IT)
  uint64_t stack = 0;           // frame push/pop/resume cycles
};

class TimingModel : public golden::Observer {
 public:
  explicit TimingModel(const ChipConfig& cfg);  // validates cfg (std::invalid_argument)

  void beginQuery();    // everything idle at chip cycle 0
  uint64_t endQuery();  // returns the query's chip cycles (START to DONE)
  uint64_t cycles() const { return cycles_; }
  const TimingBreakdown& breakdown() const { return bd_; }
  SdramTiming& sdram() { return sdram_; }
  const ChipConfig& config() const { return cfg_; }

  // Closed forms the tests compare against (chip cycles).
  uint64_t transformCycles(uint32_t nodes) const;  // nodes x 24 DOTADDs through the pipe
  uint64_t triangleCycles() const;                 // DOTADD passes + IT-unit, data present

  // golden::Observer
  void onFetch(Fetch kind, uint32_t addr) override;
  void onResultWrite(uint32_t addr) override;
  void onOverlapTest(bool overlap) override;
  void onList(uint32_t tumbled_pair, uint32_t tumbled_mask, uint32_t base, uint32_t length) override;
  void onListWrite(uint32_t word_addr, uint32_t entry) override;
  void onPush(uint32_t depth, uint32_t next_pair, uint32_t list_base, uint32_t list_len) override;
  void onPop(uint32_t depth) override;
  void onTransform(uint32_t node_addr, const Dop& dop) override;
  void onTriangleTest(uint32_t tri_a, uint32_t tri_b, bool hit) override;

 private:
  uint64_t listEnd() const;  // every stage of the current list done
  uint64_t sramAccess(uint64_t from, uint64_t words);

  ChipConfig cfg_;
  SdramTiming sdram_;
  TimingBreakdown bd_;
  uint64_t cycles_ = 0;
  // Stage clocks (chip cycles): when each unit is free again.
  uint64_t list_start_ = 0;   // the current list began (previous one finished)
  uint64_t tumbled_data_ = 0; // tumbled pair's data arrived
  uint64_t dot_free_ = 0;     // DOTADD issue slot
  uint64_t dops_ready_ = 0;   // transformed DOPs of the current list available
  uint64_t cmp_free_ = 0;     // comparators
  uint64_t sram_free_ = 0;    // stack SRAM port
  uint64_t writes_done_ = 0;  // posted result writes finished
  uint64_t tri_data_ = 0;     // triangle records of the pending test arrived
  // Current list.
  uint32_t tests_per_node_ = 1;  // overlap tests per aligned node (tumbled nodes present)
  uint64_t tests_ = 0;           // overlap tests so far in this list
  uint64_t entry_data_ = 0;      // current aligned pair's data arrived
  std::vector<uint64_t> consumed_;  // per entry of the list: comparators done with it
  bool entry_open_ = false;        // an aligned entry is in the comparators
  bool tri_pending_ = false;       // triangle records requested, test not yet charged
  bool first_list_ = true, pushed_ = false;
};

}  // namespace cc::tlm
