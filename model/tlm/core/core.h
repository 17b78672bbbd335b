// The core's timing model (rtl/cc_core.v and the units it instantiates), stepped one chip
// cycle at a time from the golden model's log of a query: each unit is a class of its own
// named as in the RTL (controller.h with its list_compare.h and wait_frames.h,
// stack_engine.h, list_fetch.h, lookahead.h, tri_engine.h, mem_port.h); this class holds them with the datapath between them (the
// tumbled-pair buffer's reads, the two DOTADD units' pipes, the SDRAM port's fixed
// priority) and the golden model's decisions. What it computes is the RTL's cycle count
// (docs/tlm.md). Its view of the traversal (list bases and lengths, frames) is checked
// against the golden model's at every list: a difference throws std::logic_error (a
// model bug, never a user error).
#pragma once
#include <array>
#include <cstdint>
#include <cstdio>

#include "cc/board_memory.h"
#include "cc/config.h"
#include "cc/core_timing.h"
#include "core/common.h"
#include "core/controller.h"
#include "core/list_fetch.h"
#include "core/lookahead.h"
#include "core/pair_prefetch.h"
#include "core/mem_port.h"
#include "core/stack_engine.h"
#include "core/tri_engine.h"
#include "core/tri_engines.h"

namespace cc::tlm::core {

// The two DOTADD units' result pipes (cc_core: the shared unit and the pass unit). The
// triangle-test engine's results are not in them: its schedule is fixed once its records
// are in (TriEngine::resolve).
struct DotaddPipes {
  static constexpr uint32_t kRing = 64;  // ring of pipeline slots (> dotadd_stages)
  // Per cycle, the result leaving: 0 none, 1 the controller's, 2 the look-ahead engine's.
  std::array<uint8_t, kRing> shared{}, pass{};
  uint64_t last = 0;      // the cycle the last result issued so far leaves its pipe
  uint64_t fsm_last = 0;  // the same for the controller's results on the shared unit
  // Two lanes, the controller's transform: node 1 on the pass unit beside node 0's S_DOT.
  uint32_t fb_i = LookAhead::kNodeDotadds, fb_res = LookAhead::kNodeDotadds;  // next DOTADD, results in (all: none to do)
  bool fb_out = false;  // one of them leaves the pass unit this cycle
  bool fbIdle() const { return fb_res == LookAhead::kNodeDotadds; }
};

struct Core {
  // `queued`: the engine of a chip with tri_queue > 0 (else the TriEngine below times the tests).
  Core(const ChipConfig& cfg, const QueryLog& log, const BoardMemory& mem, bool mode_first, CoreCycles& cyc,
       QueuedTriEngines* queued = nullptr);
  uint64_t run(std::FILE* trace);

  // ---- the golden model's decisions, in order ----
  const QueryLog::List& nextList(uint32_t pair, uint32_t base, uint32_t len, bool leaf_pass);
  bool peekOverlap(size_t ahead) const;
  // The comparators decide both tumbled nodes at once; the golden model may have stopped
  // (first hit, error) before it looked at the second: that outcome then never matters.
  bool peekOverlapOrMiss(size_t ahead) const;
  void takeOverlaps(size_t n);
  const QueryLog::TriSide& nextSide();
  uint32_t nextResult();
  bool inResultArea(uint32_t rec) const;

  // ---- one cycle ----
  void step();
  struct DotCycle {
    bool sp_issue, sp_b_issue;
    uint8_t out;    // the shared unit's result leaving: 0 none, 1 the controller's, 2 the look-ahead's
    uint8_t b_out;  // the pass unit's: 0 none (or side B's), 1 the controller's node 1, 2 the look-ahead's
  };
  DotCycle dotCycle(uint64_t c) {
    if (!tq) te.resolve(c, port, log);
    if (dotaddsIdle(c)) {  // nothing to issue and nothing in flight: every pipe slot is empty (speed only)
      dots.fb_out = false;
      return DotCycle{false, false, 0, 0};
    }
    return dotIssues(c);
  }
  DotCycle dotIssues(uint64_t c);
  // In cycle c no DOTADD unit issues for the controller or the look-ahead engine and none of
  // their results is in flight: every result left its pipe by dots.last, in a cycle that was
  // stepped (which emptied its slot) or jumped over by a jump that empties the slots. The
  // triangle-test engine's passes are not in the pipes.
  bool dotaddsIdle(uint64_t c) const {
    return c > dots.last && ctl.st != S_DOT && ctl.st != S_LV_DOT && !sp.transforming() &&
           dots.fb_i == LookAhead::kNodeDotadds;
  }
  bool sideIssues(uint64_t c, int s) const { return tq ? tq->issues(s) : te.issues(c, s); }
  SpState lookAheadTick(const DotCycle& dot, bool accept) {
    // Idle, or done and not cancelled: none of its DOTADDs is in flight or to issue, so its
    // tick changes nothing (speed only).
    if (sp.state == SP_IDLE || (sp.state == SP_DONE && !sp.cancel)) return sp.state;
    return lookAheadMove(dot, accept);
  }
  SpState lookAheadMove(const DotCycle& dot, bool accept);
  bool controllerCycle(uint64_t c, const Controller::Inputs& in, SpState sp_next);
  bool engineBegin(uint64_t c);
  void engineOutputs(Controller::Inputs& in) const;
  void deliver(Dest d, uint64_t n);
  void account(uint8_t s, uint8_t next, uint64_t n = 1);

  // ---- quiet cycles (speed only; core_quiet.cpp) ----
  void pairIn(uint32_t pair);  // a tumbled pair's burst is in a bank
  bool quiet() const;
  void lightCycle();
  bool engineFrozen() const;
  bool lightNow() const;
  bool engineAlone(uint64_t to);
  bool controllerActs() const;
  uint64_t controllerActCycle() const;
  bool onlyMemoryMoves() const;
  uint64_t lookAheadArrival() const;
  uint64_t nextEvent(uint64_t fetch_at) const;
  void advance(uint64_t to);
  void wait(uint64_t to);
  bool jumpDotBatch(uint64_t limit);
  bool jumpLookAheadTransform(uint64_t limit);
  bool controllerOnlyCounts() const;
  bool lookAheadMoves(uint64_t c, uint32_t results) const;
  bool dotaddsAlone(uint64_t to);
  void skipQuietCycles();

  const ChipConfig& cfg;
  const QueryLog& log;
  const BoardMemory& mem;
  const bool mode_first;
  CoreCycles& cyc;
  const uint32_t stages;
  const bool two_lanes;  // transform_lanes = 2: node 1 of a pair transformed on the pass unit
  uint64_t c_ = 0;
  // Quiet cycles while a queued engine works (S_TRI without room a light state, the
  // engine's cycles stepped alone and jumped over where it waits: engineAlone); off: only
  // while it is frozen (TimingModel::setEngineWaits).
  bool engine_waits = true;
  // Quiet cycles in which only DOTADDs move run as DOTADD cycles alone (dotaddsAlone);
  // off: as light cycles (TimingModel::setDotaddsAlone).
  bool dotadds_alone = true;

  MemPort port;
  StackEngine stack;
  ListWriteQueue wq;
  ListFetch fetch;
  LookAhead sp;
  PairPrefetch prefetch;  // pair_store > 0
  TriEngine te;
  QueuedTriEngines* const tq;  // tri_queue > 0
  DotaddPipes dots;
  Controller ctl;
  uint64_t tbuf_req[2] = {kNoRequest, kNoRequest};  // the reads filling the tumbled-pair buffer's banks
  size_t list_i = 0, ov_i = 0, side_i = 0, result_i = 0;  // positions in the log
};

}  // namespace cc::tlm::core
