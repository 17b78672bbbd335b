// The triangle-test engines of a queued chip (rtl/cc_tri_engines.v): tri_engines copies of
// the queued engine (tri_queue.h) behind one interface to the controller, the SDRAM port
// and the DOTADD units, as the core (core.h) sees them. With one engine it is that engine.
//
// Order: the controller's tests go to the engines in turn (push_), and end in the same turn
// (turn_: the engine holding the oldest test not ended); an engine answers only on its
// turn. A test that stops the query flushes the other engines in the same cycle.
// Sharing: engine 0's side A passes issue on the shared DOTADD unit and side B's on the
// pass unit (issues()); the other engines have units of their own, which the core never
// sees. Record reads go to the port one engine at a time, the oldest test's engine first
// (priority rotating from turn_); only the engine on its turn writes a result.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "cc/config.h"
#include "core/common.h"
#include "core/mem_port.h"
#include "core/tri_queue.h"

namespace cc::tlm::core {

class QueuedTriEngines {
 public:
  explicit QueuedTriEngines(const ChipConfig& cfg) : runs_(cfg.tri_engines, false) {
    eng_.reserve(cfg.tri_engines);
    for (uint32_t e = 0; e < cfg.tri_engines; ++e) eng_.emplace_back(cfg, e);
  }

  // A query starts (clear_i: the turns back to engine 0).
  void startQuery(bool mode_first) {
    push_ = turn_ = 0;
    still_ = false;
    for (auto& e : eng_) e.startQuery(mode_first);
  }

  // ---- outputs from the registers ----
  bool room() const { return eng_[push_].room(); }
  bool idle() const { return all<&QueuedTriEngine::idle>(); }
  bool passIdle() const { return all<&QueuedTriEngine::passIdle>(); }
  bool frozen() const { return all<&QueuedTriEngine::frozen>(); }
  bool requesting() const { return any<&QueuedTriEngine::requesting>(); }
  bool mayStop() const { return any<&QueuedTriEngine::mayStop>(); }
  // The first cycle from c on in which an engine may act (QueuedTriEngine::waitsUntil; the
  // wrapper's registers change only when one does).
  uint64_t waitsUntil(uint64_t c, const MemPort& port) const {
    if (!still_) return c;  // the turn moved: an engine may answer now
    uint64_t at = kNever;
    for (const auto& e : eng_) {
      at = std::min(at, e.waitsUntil(c, port));
      if (at == c) break;
    }
    return at;
  }
  bool recValid() const { return any<&QueuedTriEngine::recValid>(); }
  uint32_t recAddr() const { return eng_[recGrant()].recAddr(); }
  int recSide() const { return eng_[recGrant()].recSide(); }
  bool resValid() const { return any<&QueuedTriEngine::resValid>(); }
  uint32_t resAddr() const { return eng_[resEngine()].resAddr(); }
  // Engine 0's passes on the datapath's DOTADD units (after begin).
  bool issues(int s) const { return eng_[0].issues(s); }
  // After comb.
  bool stop() const { return any<&QueuedTriEngine::stop>(); }
  bool errStop() const { return any<&QueuedTriEngine::errStop>(); }

  // ---- one cycle (the single engine's steps, per engine) ----
  // A frozen engine only rests: it runs this cycle only if it takes a test or is flushed.
  // Returns whether one runs (else every engine rests).
  bool begin(uint64_t c, const MemPort& port, const QueryLog& log) {
    bool any_runs = false;
    for (size_t e = 0; e < eng_.size(); ++e) {
      runs_[e] = !eng_[e].frozen();
      if (runs_[e]) eng_[e].begin(c, port, log);
      else eng_[e].rest(c);
      any_runs = any_runs || runs_[e];
    }
    if (!any_runs) still_ = true;
    return any_runs;
  }
  void setPush(const uint32_t recs[2]) { eng_[push_].setPush(recs); }
  void comb(bool push, const uint32_t recs[2], bool rec_accept, bool res_accept, const QueryLog& log,
            size_t& result_i) {
    push_now_ = push;
    const uint32_t grant = recGrant();
    uint32_t stops = 0;  // at most the engine on its turn stops
    for (size_t e = 0; e < eng_.size(); ++e) {
      if (!runs_[e]) continue;
      eng_[e].combStop(res_accept && eng_[e].resValid(), log, result_i);
      if (eng_[e].stop()) ++stops;
    }
    for (size_t e = 0; e < eng_.size(); ++e) {
      const bool own_push = push && push_ == e;
      const bool flush = stops > (eng_[e].stop() ? 1u : 0u);
      if (!runs_[e] && (own_push || flush)) {
        runs_[e] = true;
        eng_[e].combStop(false, log, result_i);
      }
      if (runs_[e]) eng_[e].comb(own_push, recs, rec_accept && grant == e, turn_ == e, flush, log);
    }
  }
  void update(uint64_t rec_req, const QueryLog& log, size_t& result_i) {
    bool ended = false;
    for (size_t e = 0; e < eng_.size(); ++e) {
      if (!runs_[e]) continue;
      ended = ended || eng_[e].end();
      eng_[e].update(rec_req, log, result_i);
    }
    if (push_now_) push_ = next(push_);
    if (ended) turn_ = next(turn_);
    still_ = !push_now_ && !ended;
  }

 private:
  uint32_t next(uint32_t e) const { return e + 1 == eng_.size() ? 0 : e + 1; }
  // The engine granted the record port: the first one requesting from turn_ on.
  uint32_t recGrant() const {
    for (uint32_t i = 0, e = turn_; i < eng_.size(); ++i, e = next(e))
      if (eng_[e].recValid()) return e;
    return turn_;
  }
  uint32_t resEngine() const {
    for (uint32_t e = 0; e < eng_.size(); ++e)
      if (eng_[e].resValid()) return e;
    return 0;
  }
  // The engine output F of every / of any engine (F a template argument: the call inlines).
  template <bool (QueuedTriEngine::*F)() const>
  bool all() const {
    for (const auto& e : eng_)
      if (!(e.*F)()) return false;
    return true;
  }
  template <bool (QueuedTriEngine::*F)() const>
  bool any() const {
    for (const auto& e : eng_)
      if ((e.*F)()) return true;
    return false;
  }

  std::vector<QueuedTriEngine> eng_;
  std::vector<uint8_t> runs_;   // this cycle: the engine steps (not frozen, or taking a test, or flushed)
  uint32_t push_ = 0, turn_ = 0;  // the engine the next test goes to; the engine on its turn
  bool push_now_ = false;
  bool still_ = false;  // the last cycle moved neither the push engine nor the turn
};

}  // namespace cc::tlm::core
