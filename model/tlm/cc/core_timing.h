// Timing of one query on the chip as built (the core of docs/rtl_core.md with its stack
// engine, fetch unit, write queue and look-ahead engine), from the decisions the
// golden model made.
//
// The golden model does all the function and records, in its order, what the controller
// needs to decide its path: the lists with their entries, the comparator outcomes, the
// IT-unit's edges per triangle-test side, the result writes (QueryLog). CoreTiming then
// steps the chip's control cycle by cycle — the master controller's states, the stack
// engine, the fetch unit's slot ring (following the next list: the words the controller
// appends to it, computed here, go on to the fetch unit when the write queue writes
// them, and must be the golden model's entries when that list starts), the write queue,
// the look-ahead engine, the DOTADD
// pipeline and the SDRAM request port with its fixed priority — and the SDRAM interface
// per request (SdramTiming). No data moves: node flags and pointers are read from board
// memory where the controller would read them from its buffers.
//
// What it computes is the RTL's cycle count; where it is not exact, docs/tlm.md says why.
// Its own view of the traversal (list bases and lengths, frames) is checked against the
// golden model's at every list: a difference throws std::logic_error (a model bug, never
// a user error).
#pragma once
#include <cstdint>
#include <array>
#include <cstdio>
#include <memory>
#include <vector>

#include "cc/board_memory.h"
#include "cc/config.h"
#include "cc/layout.h"

namespace cc::tlm {
namespace core {
class QueuedTriEngines;
}

// What the golden model decided during one query, in its order.
struct QueryLog {
  struct List {
    uint32_t pair, tmask, base, len;
    uint32_t first_entry;  // index of its first entry in `entries`
  };
  struct TriSide {
    uint8_t computed;  // edges certainly crossing z = 0, up to the first hit (cc::itTriCycles)
    bool hit;          // a certain hit
    bool uncertain;    // no certain hit, but an edge the chip could not decide
  };
  std::vector<List> lists;
  std::vector<uint32_t> entries;  // every list's entries as they were when it started
  std::vector<uint8_t> overlaps;  // comparator outcomes, in test order
  std::vector<TriSide> sides;     // IT-unit work per triangle-test side (tri_queue > 0: two per test)
  std::vector<uint32_t> results;  // result write addresses
  uint32_t result_base = 0, result_capacity = 0;  // the result area (RESULT_BASE, RESULT_CAPACITY)
  // The `bytes` at `addr` overlap the result area (a record or pair a result may land in:
  // the chip does not keep it).
  bool inResultArea(uint32_t addr, uint32_t bytes) const {
    return uint64_t{addr} + bytes > result_base && addr < uint64_t{result_base} + uint64_t{layout::kResultBytes} * result_capacity;
  }
  bool leaf_vertex = false;  // CTRL.LEAF_VERTEX: tumbled leaves transformed from their vertices
  bool leaf_plane = false;   // CTRL.LEAF_PLANE: aligned leaves tested along their planes too
  // Per side, per leaf-matrix DOTADD: the frame-pass output it waits for
  // (cc::regs::leafPassFrameNeeds of the query's correspondence lines).
  std::array<std::array<int, 9>, 2> leaf_need = standardLeafNeeds();
  static std::array<std::array<int, 9>, 2> standardLeafNeeds();
  void clear() {
    lists.clear();
    entries.clear();
    overlaps.clear();
    sides.clear();
    results.clear();
    result_base = result_capacity = 0;
    leaf_vertex = leaf_plane = false;
    leaf_need = standardLeafNeeds();
  }
};

// Where the cycles went: cycles per controller activity.
struct CoreCycles {
  uint64_t pair_wait = 0;      // waiting for a tumbled pair (fetch or look-ahead transform)
  uint64_t transform = 0;      // the controller's own DOTADD transforms of tumbled nodes
  uint64_t entries = 0;        // aligned entries: taking, comparing, appending
  uint64_t entry_wait = 0;     // waiting for the fetch unit's head entry
  uint64_t triangle = 0;       // triangle tests: records, DOTADD passes, IT-unit
  uint64_t stack = 0;          // descend, ascend, stack engine
  uint64_t other = 0;          // start, list set-up and end, leaf-list checks, drain
};

class CoreTiming {
 public:
  explicit CoreTiming(const ChipConfig& cfg);
  ~CoreTiming();
  // The triangle tests the golden model must log past a test that ends the query
  // (golden::Chip::setLogAhead): the controller of a queued chip runs ahead of its tests.
  static uint32_t logAheadTests(const ChipConfig& cfg);
  // Steps the query; returns its chip cycles (START to DONE, as CNT_CYCLES counts them).
  // `trace`, when given, gets one line per cycle: "cycle state" with the core's
  // trace_state numbers (those of the board's CC_TIMELINE).
  uint64_t run(const QueryLog& log, const BoardMemory& mem, bool mode_first, std::FILE* trace = nullptr);
  const CoreCycles& cycles() const { return cyc_; }
  // Speed only: quiet cycles while a queued engine waits (on by default; tests switch them
  // off to check that they change no cycle).
  void setEngineWaits(bool on) { engine_waits_ = on; }
  // Speed only: quiet cycles in which only DOTADDs move run as DOTADD cycles alone (on by
  // default; tests switch them off to check that they change no cycle).
  void setDotaddsAlone(bool on) { dotadds_alone_ = on; }
  // CC_TLM_REQUESTS: each SDRAM port request of the following queries (MemPort).
  void setRequestLog(std::FILE* f) { requests_ = f; }

 private:
  ChipConfig cfg_;
  CoreCycles cyc_;
  // tri_queue > 0: the engines, kept from query to query as the RTL keeps their registers.
  std::unique_ptr<core::QueuedTriEngines> queued_;
  bool engine_waits_ = true;
  bool dotadds_alone_ = true;
  std::FILE* requests_ = nullptr;
};

}  // namespace cc::tlm
