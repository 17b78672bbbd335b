// Quiet cycles: speed only. While no SRAM access and no SDRAM request can happen before a
// known cycle (quiet()) and the controller is in a state that neither asks for the port,
// the fetch unit, the write queue nor the stack engine (Controller::lightState), a cycle
// needs only the DOTADD pipes, the look-ahead engine, the controller and the stack
// engine's count-down (lightCycle()). Where the controller only waits and the pipes and
// engines are idle or run alone, the wait is jumped over in closed form; a queued engine
// that works meanwhile is stepped alone, and jumped over where it waits (engineAlone()),
// and S_TRI without room in the engine's queue is one more light state; where only DOTADDs
// move while the controller waits, they run alone (dotaddsAlone()). The result is the
// same as stepping (tests/tlm: stepping every cycle, with the trace on, gives the same
// cycles and breakdown).
#include <algorithm>
#include <stdexcept>

#include "cc/layout.h"
#include "core/core.h"

namespace cc::tlm::core {

namespace {
constexpr uint32_t kNode = LookAhead::kNodeDotadds;
constexpr uint32_t kPair = LookAhead::kPairDotadds;
}  // namespace

bool Core::quiet() const {
  if (tq && tq->requesting()) return false;
  if (ctl.req_valid || fetch.commandPending() || !wq.empty() || wq.pushing()) return false;
  if (sp.state == SP_REQ || !prefetch.empty()) return false;
  if (fetch.sramRequest(false)) return false;  // an SRAM read to come
  return true;
}

void Core::lightCycle() {
  const bool eng_runs = tq && engineBegin(c_);
  const DotCycle dot = dotCycle(c_);
  const bool head_valid = ctl.st == S_ENTRY && fetch.headValid(c_, port);  // only S_ENTRY looks at it
  const SpState sp_next = lookAheadTick(dot, false);
  Controller::Inputs in{dot.out, head_valid, true, true, stack.ready()};
  if (eng_runs) {  // a light state hands over no test, and the port takes none of the engine's requests
    const uint32_t no_test[2] = {0, 0};
    tq->comb(false, no_test, false, false, log, result_i);
  }
  if (tq) engineOutputs(in);
  controllerCycle(c_, in, sp_next);
  if (eng_runs) tq->update(kNoRequest, log, result_i);
  stack.step(false, false, ctl.pushed, false);
  ++c_;
}

// The DOTADD jumps below go over cycles in which a queued engine could act only while it is frozen.
bool Core::engineFrozen() const { return !tq || tq->frozen(); }
// A state in which a cycle is light: the controller's light states, and S_TRI while the
// queued engine has no room for the test (the controller only waits for it).
bool Core::lightNow() const {
  return Controller::lightState(ctl.st) || (engine_waits && tq && ctl.st == S_TRI && !tq->room());
}

// Whether the controller leaves its wait state in this cycle.
bool Core::controllerActs() const {
  switch (ctl.st) {
    case E_IT: return te.it_left <= 1;
    case E_TRI_A: case E_TRI_B: return c_ >= te.sideDone();
    case S_PAIR_WAIT: return port.arrived(tbuf_req[ctl.cur_bank], c_);
    case S_SPEC_WAIT: return sp.state == SP_DONE;
    case S_DOT: return dots.shared[c_ % DotaddPipes::kRing] == 1 && ctl.dot_done + 1 == layout::kDopK;
    case S_ENTRY: return ctl.lc.listDone(ctl.cur_len) || fetch.headValid(c_, port);
    case S_ASC_WAIT: return stack.ready();
    case S_TRI: return !tq || tq->room();
    default: return true;
  }
}

// When the controller acts next if only SDRAM data arrive meanwhile (kNever: later than
// that, or not known).
uint64_t Core::controllerActCycle() const {
  switch (ctl.st) {
    case E_IT: return c_ + te.it_left - 1;
    case E_TRI_A: case E_TRI_B: return te.sideDone() != kNever ? te.sideDone() : te.recordArrival(port);
    case S_PAIR_WAIT: return port.arrival(tbuf_req[ctl.cur_bank]);
    case S_ENTRY: return fetch.headArrival(port);
    default: return kNever;
  }
}

// Nothing moves but SDRAM data and count-downs: no DOTADD in flight or to issue, the
// look-ahead engine not transforming.
bool Core::onlyMemoryMoves() const {
  return ctl.st != S_DOT && sp.state != SP_DOT && dots.fbIdle() && c_ > dots.last;
}
// The cycle the look-ahead engine's pair read is in (it starts transforming after it).
uint64_t Core::lookAheadArrival() const { return sp.state == SP_WAIT ? port.arrival(tbuf_req[sp.bank]) : kNever; }
// The first cycle from which a jump must not go on: something other than the waiting
// controller and the DOTADD pipes acts then.
uint64_t Core::nextEvent(uint64_t fetch_at) const {
  return std::min({fetch_at, lookAheadArrival(), stack.nextEvent(c_)});
}
// Time goes on to `to` (> c_) for the engines: count-downs, a cancel that has done its work.
void Core::advance(uint64_t to) {
  stack.advance(to - c_);
  if (sp.state == SP_IDLE) sp.cancel = false;
  c_ = to;
}
// The controller waits on from c_ to `to` (> c_): nothing but the counters moves.
void Core::wait(uint64_t to) {
  account(ctl.st, ctl.st, to - c_);
  if (ctl.st == E_IT) te.it_left -= to - c_;
  advance(to);
}

// The controller's DOTADD batch: it issues one a cycle (first), each result `stages`
// cycles later; a transforming look-ahead engine issues in the cycles after the batch.
// Jumps to the cycle the batch's last result leaves the pipe. Not when the look-ahead
// engine has issued all its DOTADDs (its last results may end its transform before then).
bool Core::jumpDotBatch(uint64_t limit) {
  if (ctl.st != S_DOT) return false;
  const bool sp_runs = sp.state == SP_DOT;
  if ((sp_runs && two_lanes) || !dots.fbIdle()) return false;  // not modelled in closed form: stepped
  const uint32_t sp_issued = sp.issued();
  if (sp_runs && (sp.cancel || sp_issued == kPair)) return false;
  const uint64_t left = layout::kDopK - ctl.dot_issue;
  const uint64_t to = left != 0 ? c_ + left - 1 + stages : dots.fsm_last;
  if (to <= c_ || to > limit) return false;
  for (uint64_t c = c_; c < to; ++c) {  // the results in flight that leave before
    uint8_t& out = dots.shared[c % DotaddPipes::kRing];
    if (out == 1) ++ctl.dot_done;
    if (out == 2) ++sp.res;
    out = 0;
  }
  if (left != 0) ctl.dot_done += left - 1;  // the batch's own, but its last
  ctl.dot_issue = layout::kDopK;
  dots.shared[to % DotaddPipes::kRing] = 1;
  dots.fsm_last = dots.last = to;
  if (sp_runs) {
    const uint64_t first = c_ + left;  // the look-ahead engine's first issue
    const uint64_t k = std::min<uint64_t>(kPair - sp_issued, to - first);
    for (uint64_t j = 0; j < k; ++j) dots.shared[(first + j + stages) % DotaddPipes::kRing] = 2;
    if (k != 0) dots.last = first + k - 1 + stages;
    const uint32_t issued = sp_issued + static_cast<uint32_t>(k);
    sp.node = issued >= kNode;
    sp.i = sp.node ? issued - kNode : issued;
  }
  wait(to);
  return true;
}

// Only the look-ahead engine's transform is in the pipes (the controller waits
// elsewhere): the same, up to its last result. One lane issues the pair's DOTADDs one a
// cycle; two lanes issue node 0's on the shared unit and node 1's on the pass unit side
// by side, so the last result leaves after the longer lane's issues.
bool Core::jumpLookAheadTransform(uint64_t limit) {
  if (sp.state != SP_DOT || sp.cancel || ctl.st == S_DOT || c_ < te.issueEnd(0)) return false;
  if (two_lanes && (dots.fb_i != kNode || !dots.fbIdle() || c_ < te.issueEnd(1)))
    return false;  // the pass unit is the lane's alone
  const uint64_t left = two_lanes ? std::max(kNode - sp.i, kNode - sp.i1) : kPair - sp.issued();
  const uint64_t to = left != 0 ? c_ + left - 1 + stages : dots.last;
  if (to <= c_ || to > std::min(limit, controllerActCycle())) return false;
  if (two_lanes) {
    sp.i1 = kNode;
    dots.pass.fill(0);
  } else {
    sp.node = true;
  }
  sp.i = kNode;
  sp.res = kPair - 1;
  dots.shared.fill(0);
  dots.shared[to % DotaddPipes::kRing] = 2;
  dots.last = to;
  wait(to);
  return true;
}

// The controller waits until `to` (kNever: in S_TRI, for room in the queue) and nothing
// moves but SDRAM data and a queued engine: the engine's cycles run alone (it takes no
// test, the port none of its requests, the others' outputs are those of a wait), and where
// it waits (QueuedTriEngines::waitsUntil) time jumps to its next event. It stops before a
// cycle in which the engine asks for the port or may stop the query, or the controller
// acts (room). Returns whether time went on.
bool Core::engineAlone(uint64_t to) {
  const uint32_t no_test[2] = {0, 0};
  uint64_t c = c_;
  while (c < to && !tq->requesting() && !tq->mayStop() && !(ctl.st == S_TRI && tq->room())) {
    const uint64_t at = tq->waitsUntil(c, port);
    if (at == kNever && to == kNever) break;
    if (at > c) {
      c = std::min(at, to);
      continue;
    }
    tq->begin(c, port, log);
    tq->comb(false, no_test, false, false, log, result_i);
    tq->update(kNoRequest, log, result_i);
    if (++c > kLongestQuery) throw std::logic_error("timing model: query does not end");
  }
  if (c == c_) return false;
  wait(c);
  return true;
}

// Whether the controller, in a state in which it only waits or runs its DOTADD batch
// (S_DOT), changes nothing in its cycle but counters (dotaddsAlone below).
bool Core::controllerOnlyCounts() const {
  switch (ctl.st) {
    case E_TRI_A: case E_TRI_B: case E_IT: case S_PAIR_WAIT: case S_SPEC_WAIT: case S_ASC_WAIT: case S_ENTRY:
    case S_DOT:
      return !controllerActs();
    default:
      return false;
  }
}

// Whether the look-ahead engine's own state changes in cycle c (its tick would leave the
// state): its pair arrives, its transform's last result is in (done or cancelled), a
// cancel takes effect. `results`: its results leaving the DOTADD units in cycle c.
bool Core::lookAheadMoves(uint64_t c, uint32_t results) const {
  switch (sp.state) {
    case SP_IDLE: return false;
    case SP_WAIT: return port.arrived(tbuf_req[sp.bank], c);
    case SP_DOT: return sp.res + results == sp.issued() && (sp.cancel || sp.issued() == kPair);
    case SP_DONE: return sp.cancel;
    default: return true;  // SP_REQ: the port arbitrates its request
  }
}

// Cycles in which only DOTADDs move: the controller waits (or issues its S_DOT batch) and
// acts not before `to`, the look-ahead engine transforms (or waits) without changing state,
// node 1's transform runs on the pass unit, a queued engine is frozen. Each such cycle
// needs only the DOTADD pipes' issue and results (dotCycle) and the counters they drive
// (the controller's dot_issue and dot_done, the look-ahead engine's, fb_res): the full
// light cycle (controller state machine, look-ahead tick, stack engine, skip checks) is
// not run. The loop stops before a cycle in which the controller acts, the look-ahead
// engine changes state or nothing but memory moves any more (the wait jump's case); time
// then goes on as in wait(). Speed only (dotadds_alone switches it off). Returns whether
// time went on.
bool Core::dotaddsAlone(uint64_t to) {
  const uint64_t from = c_;
  const uint8_t st = ctl.st;
  for (; c_ < to; ++c_) {
    const uint64_t c = c_;
    if (tq) tq->begin(c, port, log);  // a frozen engine only rests: its outputs of the cycle cleared
    else te.resolve(c, port, log);   // the engine's passes fixed before the controller looks (as in dotCycle)
    if (controllerActs() || onlyMemoryMoves()) break;
    const uint32_t slot = c % DotaddPipes::kRing;
    const uint32_t sp_results = (dots.shared[slot] == 2 ? 1u : 0u) + (dots.pass[slot] == 2 ? 1u : 0u);
    if (lookAheadMoves(c, sp_results)) break;
    const bool dot_busy = tq && tq->issues(0);
    const DotCycle dot = dotCycle(c);
    if (st == S_DOT) {  // the controller's S_DOT without its last result
      if (ctl.dot_issue < layout::kDopK && !dot_busy) ++ctl.dot_issue;
      if (dot.out == 1) ++ctl.dot_done;
    }
    sp.tick(false, false, dot.sp_issue, dot.sp_b_issue, sp_results);
    if (dots.fb_out) ++dots.fb_res;  // after the controller, as in controllerCycle
  }
  const uint64_t end = c_;
  c_ = from;
  if (end == from) return false;
  wait(end);
  return true;
}

void Core::skipQuietCycles() {
  if (!quiet()) return;
  const uint64_t fetch_at = fetch.nextMemRequest(c_, port);
  // A queued engine's request ends the light cycles: the port must arbitrate it.
  while (c_ < fetch_at && lightNow() && !(tq && tq->requesting()) && prefetch.empty()) {
    const uint64_t limit = nextEvent(fetch_at);
    const bool frozen = engineFrozen();
    if (!controllerActs() && (frozen || engine_waits)) {
      if (onlyMemoryMoves()) {
        const uint64_t to = std::min(limit, controllerActCycle());
        if (!frozen && engineAlone(to)) continue;
        if (frozen && to == kNever) throw std::logic_error("timing model: the chip waits for nothing");
        if (frozen && to > c_) {
          wait(to);
          continue;
        }
      }
      if (frozen && (jumpDotBatch(limit) || jumpLookAheadTransform(limit))) continue;
      if (frozen && dotadds_alone && controllerOnlyCounts() && dotaddsAlone(std::min(limit, controllerActCycle())))
        continue;
    }
    lightCycle();
    if (c_ > kLongestQuery) throw std::logic_error("timing model: query does not end");
  }
}

}  // namespace cc::tlm::core
