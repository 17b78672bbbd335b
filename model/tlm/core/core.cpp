#include "core/core.h"

#include <stdexcept>
#include <string>

#include "cc/layout.h"

namespace cc::tlm::core {

Core::Core(const ChipConfig& cfg, const QueryLog& log, const BoardMemory& mem, bool mode_first, CoreCycles& cyc,
           QueuedTriEngines* queued)
    : cfg(cfg), log(log), mem(mem), mode_first(mode_first), cyc(cyc), stages(cfg.dotadd_stages),
      two_lanes(cfg.transform_lanes == 2), port(cfg, mem), fetch(cfg.fetch_ahead, cfg.fetch_keep), sp(two_lanes),
      te(cfg.dotadd_stages, cfg.it_mul_stages, cfg.it_add_stages), tq(queued), ctl(*this) {
  if (stages + 1 >= DotaddPipes::kRing) throw std::invalid_argument("dotadd_stages too large for the timing model");
}

uint64_t Core::run(std::FILE* trace) {
  cyc = {};
  for (c_ = 0; ctl.st != S_DONE; ++c_) {
    if (trace) std::fprintf(trace, "%llu %u\n", static_cast<unsigned long long>(c_), unsigned(ctl.st));
    else skipQuietCycles();
    step();
    if (c_ > kLongestQuery) throw std::logic_error("timing model: query does not end");
  }
  return c_;
}

// ---------------------------------------------------------------- the golden model's decisions
const QueryLog::List& Core::nextList(uint32_t pair, uint32_t base, uint32_t len, bool leaf_pass) {
  if (list_i >= log.lists.size()) throw LogEnd{};
  const auto& l = log.lists[list_i++];
  if (l.base != base || l.len != len || (!leaf_pass && l.pair != pair) || (leaf_pass != (l.tmask == 0)))
    throw std::logic_error("timing model: list " + std::to_string(list_i - 1) + " differs from the golden model's (base " +
                           std::to_string(base) + " vs " + std::to_string(l.base) + ", len " + std::to_string(len) +
                           " vs " + std::to_string(l.len) + ")");
  return l;
}
bool Core::peekOverlap(size_t ahead) const {
  if (ov_i + ahead >= log.overlaps.size()) throw LogEnd{};
  return log.overlaps[ov_i + ahead] != 0;
}
bool Core::peekOverlapOrMiss(size_t ahead) const {
  return ov_i + ahead < log.overlaps.size() && log.overlaps[ov_i + ahead] != 0;
}
void Core::takeOverlaps(size_t n) {
  if (ov_i + n > log.overlaps.size()) throw LogEnd{};
  ov_i += n;
}
const QueryLog::TriSide& Core::nextSide() {
  if (side_i >= log.sides.size()) throw LogEnd{};
  return log.sides[side_i++];
}
uint32_t Core::nextResult() {
  if (result_i >= log.results.size()) throw LogEnd{};  // overflow or bad pointer in golden
  return log.results[result_i++];
}
bool Core::inResultArea(uint32_t rec) const {
  return log.inResultArea(rec, layout::kTriBytes);
}

// ---------------------------------------------------------------- one cycle
void Core::step() {
  const uint64_t c = c_;
  // --- values of this cycle, from the registers ---
  const bool frozen = tq && !engineBegin(c);  // the engine's cycle is skipped unless a test is pushed
  const DotCycle dot = dotCycle(c);

  const bool stop = ctl.stopping();
  const bool fetch_sram_req = fetch.sramRequest(stop);
  const bool fetch_mem_req = fetch.memRequest(c, stop);
  const bool fetch_keep_hit = fetch.keepHit(c, stop);
  // The head entry matters in S_ENTRY and to the pops of S_LEAFENT and S_LL_SLOT.
  const bool head_valid = (ctl.st == S_ENTRY || ctl.st == S_LEAFENT || ctl.st == S_LL_SLOT) && fetch.headValid(c, port);
  const bool stack_ready = stack.ready();
  const bool lists_written = wq.written();
  const bool room2 = wq.room2();

  // The controller's commands to the stack engine, and who has its SRAM port.
  const bool se_root = ctl.stackRoot();
  const bool se_push = ctl.stackPush(stack_ready, stack.depth(), cfg.stack_frames);
  const bool se_resume = ctl.stackResume(stack_ready, stack.depth());
  const bool own = stack.ownsSram(se_root, se_push);
  const bool wq_pop = !own && !wq.empty();
  const bool fetch_gnt = !own && wq.empty() && fetch_sram_req;

  // The SDRAM port: a queued engine's result write and record reads first, then the
  // controller's request, the look-ahead engine's, the fetch unit's.
  bool ctl_accept = false, sp_accept = false, fetch_accept = false, res_accept = false, rec_accept = false;
  uint64_t rec_req = kNoRequest;
  const bool eng_req = tq && (tq->resValid() || tq->recValid());
  // The pair prefetcher's head: dropped if the pair store holds it; else it asks, last of
  // all, while the store's line replaced next is free for it.
  bool prefetch_req = false;
  if (ctl.st == S_DRAIN || ctl.st == S_ERROR || ctl.st == S_HOLD) prefetch.queue.clear();  // the traversal is over
  if (!prefetch.empty()) {
    if (port.pairKept(prefetch.queue.front())) prefetch.queue.pop_front();
    else prefetch_req = port.pairLineFree(c);
  }
  if ((eng_req || ctl.req_valid || sp.requesting() || fetch_mem_req || prefetch_req) && port.readyFrom(c) == c) {
    if (eng_req && tq->resValid()) {
      res_accept = true;
      port.take(PortKind::WriteBeat, tq->resAddr(), c, "result");
    } else if (eng_req) {
      rec_accept = true;
      const uint32_t burst = tq->recAddr() & layout::kEntryAddrMask;
      rec_req = port.takeRecord(tq->recAddr(), c, tq->recSide() == 0 ? "record-A" : "record-B",
                                !log.inResultArea(burst, layout::kPairBytes));
    } else if (ctl.req_valid) {
      ctl_accept = true;
      const bool tumbled_pair = ctl.req_dest == D_TBUF0 || ctl.req_dest == D_TBUF1;
      deliver(ctl.req_dest, tumbled_pair ? port.takePair(ctl.req_addr, c, destName(ctl.req_dest))
                                         : port.take(ctl.req_kind, ctl.req_addr, c, destName(ctl.req_dest)));
    } else if (sp.requesting()) {
      sp_accept = true;
      tbuf_req[sp.bank] = port.takePair(sp.pair, c, "tumbled-pair");
    } else if (!fetch_mem_req) {
      port.prefetchPair(prefetch.queue.front(), c);
      prefetch.queue.pop_front();
    } else {
      fetch_accept = true;
      fetch.memTaken(port.take(PortKind::ReadPair, fetch.memRequestAddr(), c, "aligned-pair"));
    }
  }

  // --- the controller (reads this cycle's values, writes next cycle's registers) ---
  const ListFetch::Commands fetch_now = fetch.takeCommands();
  const ListWriteQueue::Pushes pushes = wq.takePushes();
  ctl.req_valid_now = ctl.req_valid;
  ctl.req_accept_now = ctl_accept;
  if (ctl_accept) ctl.req_valid = false;
  const SpState sp_next = lookAheadTick(dot, sp_accept);
  Controller::Inputs in{dot.out, head_valid, lists_written, room2, stack_ready};
  bool eng_runs = false;
  if (tq) {  // the engine's handshakes with the controller's test of this cycle (S_TRI)
    // The records matter only to a push: without one the engine's comb looks at none.
    uint32_t recs[2] = {0, 0};
    if (ctl.st == S_TRI) ctl.lc.triRecords(recs);
    const bool push = ctl.st == S_TRI && tq->room() && !ctl.lc.triBad(recs);
    eng_runs = !frozen || push;
    tq->setPush(recs);
    if (eng_runs) tq->comb(push, recs, rec_accept, res_accept, log, result_i);
    engineOutputs(in);
  }
  const bool pop = controllerCycle(c, in, sp_next);
  if (eng_runs) tq->update(rec_req, log, result_i);

  // --- the fetch unit, the write queue (a followed list's words go on to the fetch unit), the stack engine ---
  const bool takes_writes = fetch.takesWrites(fetch_now, stop);
  fetch.step(c, fetch_now, stop, fetch_gnt, fetch_accept, fetch_keep_hit, pop && head_valid, log);
  if (wq_pop) {
    const int64_t w = wq.pop();
    if (w != ListWriteQueue::kUnfollowed && takes_writes) fetch.written(static_cast<uint32_t>(w));
  }
  wq.enter(pushes);
  stack.step(se_root, se_push, ctl.pushed, se_resume);
}

// A queued engine's cycle begins: its values from the registers, or only the cycle's
// outputs cleared while it is frozen (QueuedTriEngine::rest, per frozen engine). Whether it runs this cycle.
bool Core::engineBegin(uint64_t c) { return tq->begin(c, port, log); }

// A queued engine's outputs to the controller in this cycle (after its comb).
void Core::engineOutputs(Controller::Inputs& in) const {
  in.dot_busy = tq->issues(0);
  in.eng_room = tq->room();
  in.eng_idle = tq->idle();
  in.eng_pass_idle = tq->passIdle();
  in.eng_stop = tq->stop();
  in.eng_err_stop = tq->errStop();
}

// The burst of tumbled pair `pair` is in a bank: its child pairs to the prefetcher.
void Core::pairIn(uint32_t pair) {
  if (port.pairStore()) prefetch.pairIn(mem, pair, cfg.board_bytes);
}

// The look-ahead engine's own next state from this cycle's values.
SpState Core::lookAheadMove(const DotCycle& dot, bool accept) {
  const bool pair_in = sp.state == SP_WAIT && port.arrived(tbuf_req[sp.bank], c_);
  if (pair_in && !sp.cancel) pairIn(sp.pair);
  return sp.tick(pair_in, accept, dot.sp_issue, dot.sp_b_issue, (dot.out == 2 ? 1 : 0) + (dot.b_out == 2 ? 1 : 0));
}

// The controller's cycle and the look-ahead engine's next state: `sp_next` is the
// engine's own choice from this cycle's values; the controller's assignments win, as in
// the RTL. Returns whether the controller pops the fetch unit's head.
bool Core::controllerCycle(uint64_t c, const Controller::Inputs& in, SpState sp_next) {
  const bool cancel_next = sp.state == SP_IDLE ? false : sp.cancel;
  sp.beginCycle();
  bool pop = false;
  const uint8_t st_before = ctl.st;
  try {
    pop = ctl.cycle(c, in);
  } catch (const LogEnd&) {
    ctl.st = S_ERROR;  // the golden query stopped here: the RTL raised its error (or ran out of work)
  }
  if (tq) ctl.queuedEnds(st_before, in);
  account(st_before, ctl.st);
  if (dots.fb_out) ++dots.fb_res;  // after the controller, which reads the count as the register was
  sp.endCycle(sp_next, cancel_next);
  return pop;
}

// This cycle's issue on the shared unit (the controller's batch or the triangle-test
// engine's side A first, the look-ahead engine in the cycles they leave) and the result
// leaving its pipe; with two transform lanes also node 1's issue on the pass unit (the
// controller's pair first, then the look-ahead engine's, in the cycles side B's passes
// leave) and the result leaving that unit.
Core::DotCycle Core::dotIssues(uint64_t c) {
  DotCycle d;
  const uint64_t slot = c % DotaddPipes::kRing, out_slot = (c + stages) % DotaddPipes::kRing;
  const bool shared_busy = tq && tq->issues(0);
  const bool fsm_issue = (ctl.st == S_DOT && ctl.dot_issue < layout::kDopK && !shared_busy) ||
                         (ctl.st == S_LV_DOT && ctl.lvIssues(c, shared_busy));
  d.sp_issue = !fsm_issue && sp.wantsSharedUnit() && !sideIssues(c, 0);
  const bool fb_issue = two_lanes && dots.fb_i != LookAhead::kNodeDotadds && !sideIssues(c, 1);
  d.sp_b_issue = !fb_issue && sp.wantsPassUnit() && !sideIssues(c, 1);
  d.out = dots.shared[slot];
  dots.shared[slot] = 0;
  d.b_out = dots.pass[slot];
  dots.pass[slot] = 0;
  if (fsm_issue || d.sp_issue) {
    dots.shared[out_slot] = fsm_issue ? 1 : 2;
    dots.last = c + stages;
    if (fsm_issue) dots.fsm_last = dots.last;
  }
  if (fb_issue || d.sp_b_issue) {
    dots.pass[out_slot] = fb_issue ? 1 : 2;
    dots.last = c + stages;
  }
  if (fb_issue) ++dots.fb_i;
  dots.fb_out = d.b_out == 1;
  return d;
}

void Core::deliver(Dest d, uint64_t n) {
  switch (d) {
    case D_TBUF0: tbuf_req[0] = n; break;
    case D_TBUF1: tbuf_req[1] = n; break;
    case D_REC_A: te.rec_req[0] = n; break;
    case D_REC_B: te.rec_req[1] = n; break;
    case D_VERTS: ctl.verts_req = n; break;
    default: break;
  }
}

// Cycles spent in state `s` (the controller went on to `next`).
void Core::account(uint8_t s, uint8_t next, uint64_t n) {
  if (s == S_ENTRY && next == S_ENTRY) {
    cyc.entry_wait += n;
    return;
  }
  switch (s) {
    case S_PAIR_BEGIN: case S_PAIR_REQ: case S_PAIR_WAIT: case S_SPEC_WAIT: cyc.pair_wait += n; break;
    case S_TNODE: case S_TNODE_DONE: cyc.transform += n; break;
    case S_ENTRY: case S_SLOT: case S_TEST: case S_TEST_NEXT: case S_LEAFENT: case S_LL_SLOT: case S_LL_NEXT:
    case S_APPEND: case S_PLANE:
      cyc.entries += n;
      break;
    case S_TRI: case E_TRI_REQB: case E_TRI_A: case E_TRI_B: case E_IT:
    case E_RESULT: case E_RESULT_WAIT:
      cyc.triangle += n;
      break;
    case S_DOT: case S_DOT_WAIT: case S_LV_DOT: cyc.transform += n; break;
    case S_DESCEND: case S_ASCEND: case S_ASC_WAIT: cyc.stack += n; break;
    case S_HOLD: cyc.triangle += n; break;
    default: cyc.other += n; break;
  }
}

}  // namespace cc::tlm::core
