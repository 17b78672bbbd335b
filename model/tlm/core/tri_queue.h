// The triangle-test engine of a queued chip (tri_queue > 0; rtl/cc_tri_engine.v with
// cc_tri_pass.v and cc_tri_decide.v, ItPerSide): the test queue with its read-ahead, the
// record entries (RecEntries per side), the load stage with its three banks, the pass
// engine's two sequencers and the decide stage with an IT-unit per side. It runs beside
// the controller, which only hands tests over (S_TRI) and learns of their ends (a test
// that stops the query, idle for S_HOLD and S_DRAIN). Each register is the RTL's, stepped
// per cycle in two halves as the RTL computes it: comb() from the registers and this
// cycle's inputs (the controller's push, the port's acceptances), then update() into the
// next cycle's registers. No data moves: the golden model's log gives every test's two
// sides (QueryLog::sides, two per test: Observer::onTriangleSide with setLogAhead) and its
// result addresses; the records' arrival times come from the SDRAM port model.
//
// One of several engines (tri_engines > 1, rtl/cc_tri_engines.v; tri_engines.h holds
// them): engine e takes the controller's tests e, e + N, e + 2N, ... (N engines), answers a
// test only on its turn (turn: every test before it has ended; an earlier answer waits in
// E_TURN) and drops all it holds when a test of another engine stops the query (flush).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "cc/config.h"
#include "cc/core_states.h"
#include "cc/core_timing.h"
#include "cc/it_timing.h"
#include "cc/layout.h"
#include "cc/unit_timing.h"
#include "core/common.h"
#include "core/mem_port.h"

namespace cc::tlm::core {

// One IT-unit (cc_it_unit): a micro-op accepted in cycle a answers in cycle a + its
// latency (it_timing.h); it takes the next one from that cycle on. HIT and UNC hold until
// a CLEAR, or an abort (abort_i), which also frees the unit at once without a response.
struct ItUnit {
  uint64_t rsp = kNever;  // the cycle of the last micro-op's response
  bool hit = false, unc = false;
  bool ready(uint64_t c) const { return rsp == kNever || c >= rsp; }
  bool responds(uint64_t c) const { return c == rsp; }
  void tri(uint64_t c, uint64_t cycles, bool side_hit, bool side_unc) {
    rsp = c + cycles;
    hit = hit || side_hit;
    unc = unc || side_unc;
  }
  void clear(uint64_t c) {
    rsp = c + kClearCycles;
    hit = unc = false;
  }
  void abort() {
    rsp = kNever;
    hit = unc = false;
  }
  static constexpr uint64_t kClearCycles = 2;  // rtl/cc_it_unit.v, "Timing": NOP / CLEAR
};

class QueuedTriEngine {
 public:
  static constexpr uint32_t kRecEntries = 4;  // per side (cc_core: RecEntries with TriQueue > 0)
  static constexpr uint32_t kBanks = 3;       // DOP register file banks (Banks)
  static constexpr uint32_t kPass = unit_timing::kPassDotadds;
  static constexpr uint8_t E_IDLE = 0;  // the decide stage's idle state (never traced)
  enum BState : uint8_t { B_IDLE, B_RUN, B_DONE };

  // Engine `index` of the configuration's tri_engines.
  QueuedTriEngine(const ChipConfig& cfg, uint32_t index)
      : depth_(cfg.tri_queue), stages_(cfg.dotadd_stages), it_mul_(cfg.it_mul_stages), it_add_(cfg.it_add_stages),
        engines_(cfg.tri_engines), index_(index), tq_(cfg.tri_queue) {}

  // A query starts (S_INIT: forget_i). The engine is idle (the last query drained it); what
  // it keeps from the last query are the stages' entry and bank registers, which decide
  // where the next records go. Cycle numbers start again at 0.
  void startQuery(bool mode_first) {
    mode_first_ = mode_first;
    for (auto& side : ent_)
      for (auto& e : side) {
        e.valid = false;
        e.asked = false;
        e.req = kNoRequest;
      }
    it_ = ItUnit{};
    itb_ = ItUnit{};
    b_st_ = B_IDLE;
    for (auto& p : pipe_) p.fill(false);
    eng_test_ = taken_ = 0;
    still_ = false;
    if (!idle() || !passIdle() || rec_valid_ || res_valid_)
      throw std::logic_error("timing model: a query starts with the triangle-test engine busy");
  }

  // ---- outputs from the registers (valid before comb) ----
  bool room() const { return count_ != depth_; }
  bool idle() const { return eng_ == E_IDLE && !ld_wait_ && !wt_ && count_ == 0; }
  bool passIdle() const { return rpass_[0] == 2 && rpass_[1] == 2 && !wb_[0] && !wb_[1]; }
  // Nothing in the engine changes until the controller hands it a test (S_TRI): no test
  // queued, loading or deciding, every pass issued and written, no request, side B's
  // IT-unit not running, both sides' vertices loaded (no record arrival matters).
  bool frozen() const {
    return idle() && pass_[0] == 2 && pass_[1] == 2 && passIdle() && !requesting() && b_st_ != B_RUN && vload_[0] &&
           vload_[1];
  }
  // A record read or result write waits for the SDRAM port.
  bool requesting() const { return rec_valid_ || res_valid_; }
  // The decide stage may stop the query this cycle (E_RESULT: no result pointer left).
  bool mayStop() const { return eng_ == E_RESULT; }
  // The engine waits from cycle c (> the last cycle it was stepped or rested in) on: that
  // cycle changed no register, so nothing changes until a time-driven input does: an
  // IT-unit's response, the arrival of a record its passes wait for, a DOTADD result
  // leaving a pass pipe (or the controller's push, a flush, the other engines' ends: the
  // caller's). Returns the first such cycle (kNever: none; a frozen engine), or c when the
  // engine may act in c.
  uint64_t waitsUntil(uint64_t c, const MemPort& port) const {
    if (frozen()) return kNever;
    if (!still_) return c;
    uint64_t at = std::min(nextFrom(it_.rsp, c), nextFrom(itb_.rsp, c));
    for (int s = 0; s < 2; ++s)
      if (!ent_[s][ld_ent_[s]].asked) at = std::min(at, nextFrom(port.arrival(ent_[s][ld_ent_[s]].req), c));
    for (uint64_t x = c; x <= c + stages_ && x < at; ++x)
      if (pipe_[0][x % kRing] || pipe_[1][x % kRing]) at = x;
    return at;
  }
  bool recValid() const { return rec_valid_; }
  uint32_t recAddr() const { return rec_addr_; }
  int recSide() const { return rec_dest_side_; }  // the side whose record entry it fills
  bool resValid() const { return res_valid_; }
  uint32_t resAddr() const { return res_addr_; }
  // Side s's pass issues a DOTADD this cycle (after begin): side A takes the shared unit,
  // side B the pass unit, first choice on both.
  bool issues(int s) const { return issue_[s]; }
  // After comb: a test ends the query this cycle, with an error (ResultOverflow, BadPointer).
  bool stop() const { return stop_; }
  bool errStop() const { return err_stop_; }
  // After comb: the engine's test ends and the query goes on (the next engine's turn).
  bool end() const { return end_; }

  // ---- one cycle ----
  // The cycle's pass-engine values from the registers (record entries in, DOTADD issues,
  // results leaving the pipes).
  void begin(uint64_t c, const MemPort& port, const QueryLog& log) {
    c_ = c;
    for (int s = 0; s < 2; ++s) rec_in_[s] = full(s, ld_ent_[s], port);
    for (int s = 0; s < 2; ++s) {
      out_[s] = pipe_[s][c % kRing];
      pipe_[s][c % kRing] = false;
      if (pass_[s] == 2) issue_[s] = false;
      else if (pass_[s] == 1) issue_[s] = rec_in_[1 - s] && forwardReady(s, log.leaf_need[s][k_[s]]);
      else issue_[s] = vload_[s];
      if (issue_[s]) pipe_[s][(c + stages_) % kRing] = true;
    }
  }
  // The handshakes of this cycle, in two steps. combStop: whether the test stops the query
  // (stop(), errStop(): from the registers, the port's acceptance of the result write and
  // the results so far), which the other engines must know before their comb (flush).
  void combStop(bool res_accept, const QueryLog& log, size_t result_i) {
    res_accept_ = res_accept;
    result_ok_ = eng_ == E_RESULT && result_i < log.results.size();
    err_stop_ = eng_ == E_RESULT && !result_ok_;
    stop_ = err_stop_ || (eng_ == E_RESULT_WAIT && res_accept_ && mode_first_ && !unc_);
  }
  // comb: the controller's push (recs: its records), the port's acceptance of the record
  // read; `turn`: this engine holds the oldest test not ended; `flush`: another engine's
  // test stops the query this cycle. `log`: the query's result area.
  void comb(bool push, const uint32_t recs[2], bool rec_accept, bool turn, bool flush, const QueryLog& log) {
    push_ = push;
    rec_accept_ = rec_accept;
    turn_ = turn;
    flush_ = flush;
    const bool empty = count_ == 0;
    for (int s = 0; s < 2; ++s) ld_rec_[s] = empty ? recs[s] : slot(0).rec[s];
    ld_head_ra_ = !empty && slot(0).ra;
    ra_cand_ = ra_n_ < count_;
    const bool pass_issued = pass_[0] == 2 && pass_[1] == 2 && !rnext_[0] && !rnext_[1];
    // The entry search below matters only to a load that may start or a read-ahead.
    const bool ld_may_start = (!empty || push) && pass_issued && !wt_;
    // Per side: the entries a test still needs, the lowest one free, hits.
    bool ld_read[2] = {}, ld_in_results[2] = {}, ra_read[2] = {}, ra_room[2] = {}, ra_in_results[2] = {};
    for (int s = 0; s < 2 && (ld_may_start || ra_cand_); ++s) {
      bool needed[kRecEntries] = {};
      needed[eng_ent_[s]] = needed[ld_ent_[s]] = true;
      if (wt_) needed[wt_ent_[s]] = true;
      for (uint32_t q = 0; q < count_; ++q)
        if (slot(q).ra) needed[slot(q).ent[s]] = true;
      int victim = -1, ld_hit = -1, ra_hit = -1;
      for (int e = kRecEntries - 1; e >= 0; --e) {
        if (!needed[e]) victim = e;
        if (ent_[s][e].valid && ent_[s][e].addr == ld_rec_[s]) ld_hit = e;
        if (ra_cand_ && ent_[s][e].valid && ent_[s][e].addr == slot(ra_n_).rec[s]) ra_hit = e;
      }
      ld_read[s] = !ld_head_ra_ && ld_hit < 0;
      ld_sel_[s] = ld_head_ra_ ? slot(0).ent[s] : ld_hit >= 0 ? ld_hit : std::max(victim, 0);
      ld_in_results[s] = !ld_head_ra_ && inResultArea(ld_rec_[s], log);
      if (ra_cand_) {
        ra_read[s] = ra_hit < 0;
        ra_sel_[s] = ra_hit >= 0 ? ra_hit : std::max(victim, 0);
        ra_room[s] = ra_hit >= 0 || victim >= 0;
        ra_in_results[s] = inResultArea(slot(ra_n_).rec[s], log);
      }
    }
    const bool any_ld_read = ld_read[0] || ld_read[1];
    ld_start_ = ld_may_start && ((!ld_in_results[0] && !ld_in_results[1]) || (eng_ == E_IDLE && !ld_wait_ && turn)) &&
                !(any_ld_read && rec_valid_) && !flush;
    eng_take_ = eng_ == E_IDLE && (wt_ || ld_wait_ || ld_start_) && !flush;
    ra_take_ = ra_cand_ && !ra_in_results[0] && !ra_in_results[1] && ra_room[0] && ra_room[1] &&
               !((ra_read[0] || ra_read[1]) && rec_valid_) && !ld_start_;
    for (int s = 0; s < 2; ++s) {
      rr_read_[s] = ld_start_ ? ld_read[s] : ra_take_ ? ra_read[s] : false;
      rr_rec_[s] = ld_start_ ? ld_rec_[s] : ra_cand_ ? slot(ra_n_).rec[s] : 0;
      rr_sel_[s] = ld_start_ ? ld_sel_[s] : ra_sel_[s];
      rr_results_[s] = ld_start_ && ld_in_results[s];
    }
    decideComb();
  }

  // A cycle of a frozen engine (frozen()) without a push: begin and comb would find no
  // action, update no change; only this cycle's values are set.
  void rest(uint64_t c) {
    c_ = c;
    issue_[0] = issue_[1] = out_[0] = out_[1] = false;
    stop_ = err_stop_ = end_ = false;
    still_ = true;
  }

  // The next cycle's registers. `rec_req`: the port's request number when it accepted the
  // record read this cycle.
  void update(uint64_t rec_req, const QueryLog& log, size_t& result_i) {
    still_ = changesNothing();
    updateRecords(rec_req);
    updatePasses();
    updateDecide(log, result_i);
    updateStages();
  }

 private:
  static constexpr uint32_t kRing = 64;  // > dotadd_stages
  static uint64_t nextFrom(uint64_t at, uint64_t c) { return at >= c ? at : kNever; }
  // After comb: this cycle's update changes no register (each term is one that makes
  // updateRecords, updatePasses, updateDecide or updateStages write one).
  bool changesNothing() const {
    const bool handshakes = push_ || rec_accept_ || res_accept_ || flush_ || rec_valid_ || res_valid_;
    const bool passes = issue_[0] || issue_[1] || out_[0] || out_[1] || wb_[0] || wb_[1] ||
                        (rec_in_[0] && !vload_[0]) || (rec_in_[1] && !vload_[1]);
    const bool stages = ld_start_ || eng_take_ || ra_take_;
    const bool decide = it_side_go_ || itb_start_ || b_answer_ || it_.responds(c_) || itb_.responds(c_) ||
                        eng_ == E_RESULT || eng_ == E_RESULT_WAIT || (eng_ == E_TURN && turn_) || stop_ || end_;
    return !handshakes && !passes && !stages && !decide;
  }
  struct Entry {
    uint32_t addr = 0;
    bool valid = false;            // a test may reuse it
    bool asked = false;            // its read is waiting for the port
    uint64_t req = kNoRequest;     // its read (kNoRequest: none in flight)
  };
  struct Slot {
    uint32_t rec[2] = {0, 0};
    bool ra = false;   // read ahead: it has its entries
    int ent[2] = {0, 0};
  };

  Slot& slot(uint32_t i) { return tq_[wrap(head_ + i)]; }
  const Slot& slot(uint32_t i) const { return tq_[wrap(head_ + i)]; }
  // A queue position from head_ (< depth_) plus an offset of at most depth_: one compare
  // instead of a division in every access (speed only).
  uint32_t wrap(uint32_t j) const { return j >= depth_ ? j - depth_ : j; }
  bool full(int s, int e, const MemPort& port) const {
    const Entry& en = ent_[s][e];
    return !en.asked && (en.req == kNoRequest || c_ >= port.arrival(en.req));
  }
  static bool inResultArea(uint32_t rec, const QueryLog& log) {
    return log.inResultArea(rec, layout::kTriBytes);
  }
  // A leaf-matrix DOTADD's operands from the frame pass: output `need` is back (-1: none).
  bool forwardReady(int s, int need) const {
    return need < 0 || (!rnext_[s] && (rpass_[s] != 0 || rk_[s] > static_cast<uint32_t>(need)));
  }
  static uint32_t bankNext(uint32_t b) { return b + 1 == kBanks ? 0 : b + 1; }
  const QueryLog::TriSide& side(const QueryLog& log, int s) const {
    const size_t i = 2 * (eng_test_ * engines_ + index_) + static_cast<size_t>(s);
    if (i >= log.sides.size()) throw std::logic_error("timing model: a queued test without the golden model's sides");
    return log.sides[i];
  }

  // ---- the decide stage (cc_tri_decide, ItPerSide) ----
  // After combStop: the IT-units' micro-ops, the answers and whether the test ends.
  void decideComb() {
    const bool done0 = done_[eng_bank_][0], done1 = done_[eng_bank_][1];
    const bool it_rsp = it_.responds(c_);
    it_a_missed_ = eng_ == E_IT && it_rsp && !it_.hit && side_ == 0;
    const bool it_answer = eng_ == E_IT && it_rsp && !it_a_missed_;
    it_side_go_ = !flush_ && it_.ready(c_) && eng_ == E_TRI_A && done0;
    itb_start_ = !flush_ && b_st_ == B_IDLE && done1 && itb_.ready(c_) &&
                 (eng_ == E_TRI_A || eng_ == E_IT || eng_ == E_TRI_B);
    b_answer_ = eng_ == E_TRI_B && b_st_ == B_DONE && turn_;
    const bool turn_answer = eng_ == E_TURN && turn_;
    end_ = (it_answer && turn_ && !it_.hit && !it_.unc) || (b_answer_ && !b_hit_ && !it_.unc && !b_unc_) ||
           (turn_answer && !res_) || (eng_ == E_RESULT_WAIT && res_accept_ && (!mode_first_ || unc_));
  }
  void updateDecide(const QueryLog& log, size_t& result_i) {
    const bool it_rsp = it_.responds(c_), itb_rsp = itb_.responds(c_);
    // the IT-units' micro-ops
    if (it_side_go_) {
      const auto& a = side(log, 0);
      it_.tri(c_, itTriCycles(a.computed, it_mul_, it_add_), a.hit, a.uncertain);
    } else if (eng_ == E_RESULT) {
      it_.clear(c_);
    }
    const bool b_hit_now = itb_.hit, b_unc_now = itb_.unc;
    if (itb_start_) {
      const auto& b = side(log, 1);
      itb_.tri(c_, itTriCycles(b.computed, it_mul_, it_add_), b.hit, b.uncertain);
    } else if (eng_ == E_RESULT || flush_) {
      itb_.abort();  // done or still running: the test's result does not wait for it
    }
    if (flush_) it_.abort();
    // side B's unit
    uint8_t b_st = b_st_;
    if (eng_take_ && b_st_ == B_DONE) b_st = B_IDLE;
    if (itb_start_) b_st = B_RUN;
    if (itb_rsp && b_st_ == B_RUN) {
      b_st = B_DONE;
      b_hit_ = b_hit_now;
      b_unc_ = b_unc_now;
    }
    if (eng_ == E_RESULT || flush_) b_st = B_IDLE;
    // the stage
    uint8_t eng = eng_;
    if (eng_take_) {
      side_ = 0;
      eng = E_TRI_A;
      eng_test_ = taken_++;
    }
    const bool res_valid_next = res_valid_ && !res_accept_;
    switch (eng_) {
      case E_TRI_A:
        if (it_side_go_) eng = E_IT;
        break;
      case E_TRI_B:
        if (b_answer_) {
          eng = (b_hit_ || it_.unc || b_unc_) ? uint8_t{E_RESULT} : E_IDLE;
          unc_ = !b_hit_;
        }
        break;
      case E_IT:
        if (it_a_missed_) {
          side_ = 1;
          eng = E_TRI_B;
        } else if (it_rsp) {
          eng = !turn_ ? uint8_t{E_TURN} : (it_.hit || it_.unc) ? uint8_t{E_RESULT} : E_IDLE;
          unc_ = !it_.hit;
          res_ = it_.hit || it_.unc;
        }
        break;
      case E_TURN:
        if (turn_) eng = res_ ? uint8_t{E_RESULT} : E_IDLE;
        break;
      case E_RESULT:
        if (result_ok_) {
          res_valid_ = true;
          res_addr_ = log.results[result_i++];
          eng = E_RESULT_WAIT;
        } else {
          eng = E_IDLE;
        }
        break;
      case E_RESULT_WAIT:
        if (res_accept_) eng = E_IDLE;
        break;
      default:
        break;
    }
    if (eng_ != E_RESULT || !result_ok_) res_valid_ = res_valid_next;
    if (flush_) eng = E_IDLE;
    eng_ = eng;
    b_st_ = b_st;
  }

  // ---- record entries and the request register ----
  void updateRecords(uint64_t rec_req) {
    if (rec_accept_) {
      ent_[rec_dest_side_][rec_dest_ent_].asked = false;
      ent_[rec_dest_side_][rec_dest_ent_].req = rec_req;
      rec_valid_ = rec_b_next_;
      rec_addr_ = rec_b_addr_;
      rec_dest_side_ = 1;
      rec_dest_ent_ = rec_b_ent_;
      rec_b_next_ = false;
    }
    for (int s = 0; s < 2; ++s) {
      if (!rr_read_[s]) continue;
      Entry& e = ent_[s][rr_sel_[s]];
      e.addr = rr_rec_[s];
      e.valid = !rr_results_[s];
      e.asked = true;
      e.req = kNoRequest;
    }
    if (rr_read_[0] || rr_read_[1]) {
      rec_valid_ = true;
      rec_addr_ = rr_read_[0] ? rr_rec_[0] : rr_rec_[1];
      rec_dest_side_ = rr_read_[0] ? 0 : 1;
      rec_dest_ent_ = rr_read_[0] ? rr_sel_[0] : rr_sel_[1];
      rec_b_next_ = rr_read_[0] && rr_read_[1];
      rec_b_addr_ = rr_rec_[1];
      rec_b_ent_ = rr_sel_[1];
    }
  }

  // ---- the pass engine's sequencers (cc_tri_pass) ----
  void updatePasses() {
    const uint32_t new_bank = bankNext(ld_bank_);
    bool wb_next[2] = {false, false};
    for (int s = 0; s < 2; ++s) {
      if (issue_[s]) {
        if (k_[s] == kPass - 1) {
          k_[s] = 0;
          ++pass_[s];
        } else {
          ++k_[s];
        }
      }
      const uint32_t rpass_q = rpass_[s];
      wb_next[s] = out_[s] && rk_[s] == kPass - 1;
      if (wb_[s] && wb_leaf_[s]) done_[wb_bank_[s]][s] = true;
      const bool last_out = out_[s] && rpass_[s] == 1 && rk_[s] == kPass - 1;
      if (out_[s]) {
        if (rk_[s] == kPass - 1) {
          rk_[s] = 0;
          wb_leaf_[s] = rpass_[s] == 1;
          wb_bank_[s] = rbank_[s];
          if (rpass_[s] == 1 && rnext_[s]) {
            rpass_[s] = 0;
            rbank_[s] = bankNext(rbank_[s]);
            rnext_[s] = false;
          } else {
            ++rpass_[s];
          }
        } else {
          ++rk_[s];
        }
      }
      if (rec_in_[s] && !vload_[s]) vload_[s] = true;
      if (ld_start_) {
        pass_[s] = 0;
        k_[s] = 0;
        if (rpass_q == 2 || last_out) {
          rpass_[s] = 0;
          rk_[s] = 0;
          rbank_[s] = new_bank;
        } else {
          rnext_[s] = true;
        }
      }
    }
    if (ld_start_) {
      vload_[0] = vload_[1] = false;
      done_[new_bank][0] = done_[new_bank][1] = false;
    }
    wb_[0] = wb_next[0];
    wb_[1] = wb_next[1];
  }

  // ---- the queue, the read-ahead, the stages' tests (cc_tri_engine) ----
  void updateStages() {
    const bool empty = count_ == 0;
    const bool push_queue = push_ && !(ld_start_ && empty);
    const bool pop_queue = ld_start_ && !empty;
    if (ra_take_) {
      Slot& sl = slot(ra_n_);
      sl.ra = true;
      sl.ent[0] = ra_sel_[0];
      sl.ent[1] = ra_sel_[1];
    }
    uint32_t ra_n = ra_n_ + (ra_take_ ? 1 : 0) - (ld_head_ra_ && ld_start_ ? 1 : 0);
    if (pop_queue) {
      slot(0).ra = false;
      head_ = wrap(head_ + 1);
      --count_;
    }
    if (push_queue) {
      Slot& sl = tq_[wrap(head_ + count_)];
      sl = Slot{{push_recs_[0], push_recs_[1]}, false, {0, 0}};
      ++count_;
    }
    const uint32_t ld_bank_new = bankNext(ld_bank_);
    const bool ld_wait = ld_wait_, wt = wt_;
    const uint32_t ld_bank = ld_bank_;
    const int ld_ent0 = ld_ent_[0], ld_ent1 = ld_ent_[1];
    if (ld_start_) {
      ld_bank_ = ld_bank_new;
      ld_ent_[0] = ld_sel_[0];
      ld_ent_[1] = ld_sel_[1];
      if (ld_wait && !eng_take_) {
        wt_ = true;
        wt_bank_ = ld_bank;
        wt_ent_[0] = ld_ent0;
        wt_ent_[1] = ld_ent1;
      }
      ld_wait_ = ld_wait || !eng_take_;
    } else if (eng_take_ && !wt) {
      ld_wait_ = false;
    }
    if (eng_take_) {
      if (wt) {
        eng_bank_ = wt_bank_;
        eng_ent_[0] = wt_ent_[0];
        eng_ent_[1] = wt_ent_[1];
        wt_ = false;
      } else if (ld_wait) {
        eng_bank_ = ld_bank;
        eng_ent_[0] = ld_ent0;
        eng_ent_[1] = ld_ent1;
      } else {
        eng_bank_ = ld_bank_new;
        eng_ent_[0] = ld_sel_[0];
        eng_ent_[1] = ld_sel_[1];
      }
    }
    ra_n_ = ra_n;
    if (stop_ || flush_) {  // the tests queued behind it (and those of the other engines) never run
      head_ = 0;
      count_ = 0;
      ra_n_ = 0;
      for (auto& sl : tq_) sl.ra = false;
      ld_wait_ = false;
      wt_ = false;
    }
  }

 public:
  // The controller's test, for the queue (set before comb).
  void setPush(const uint32_t recs[2]) {
    push_recs_[0] = recs[0];
    push_recs_[1] = recs[1];
  }

 private:
  const uint32_t depth_, stages_, it_mul_, it_add_, engines_, index_;
  bool mode_first_ = false;
  uint64_t c_ = 0;

  // queue
  std::vector<Slot> tq_;
  uint32_t head_ = 0, count_ = 0, ra_n_ = 0;
  // record entries and the request register
  Entry ent_[2][kRecEntries];
  bool rec_valid_ = false, rec_b_next_ = false;
  uint32_t rec_addr_ = 0, rec_b_addr_ = 0;
  int rec_dest_side_ = 0, rec_dest_ent_ = 0, rec_b_ent_ = 0;
  // stages
  uint32_t ld_bank_ = 0, wt_bank_ = 0, eng_bank_ = 0;
  int ld_ent_[2] = {0, 0}, wt_ent_[2] = {0, 0}, eng_ent_[2] = {0, 0};
  bool ld_wait_ = false, wt_ = false;
  size_t eng_test_ = 0, taken_ = 0;  // the decide stage's test, the tests taken: in this engine's order
  // pass engine
  uint32_t pass_[2] = {2, 2}, k_[2] = {0, 0}, rpass_[2] = {2, 2}, rk_[2] = {0, 0}, rbank_[2] = {0, 0};
  bool rnext_[2] = {false, false}, wb_[2] = {false, false}, wb_leaf_[2] = {false, false};
  uint32_t wb_bank_[2] = {0, 0};
  bool done_[kBanks][2] = {};
  bool vload_[2] = {true, true};
  std::array<std::array<bool, kRing>, 2> pipe_{};
  // decide stage
  uint8_t eng_ = E_IDLE;
  uint32_t side_ = 0;
  bool unc_ = false;
  bool res_ = false;  // E_TURN: the held answer makes the pair a result
  uint8_t b_st_ = B_IDLE;
  bool b_hit_ = false, b_unc_ = false;
  bool res_valid_ = false;
  uint32_t res_addr_ = 0;
  ItUnit it_, itb_;

  // this cycle's values
  bool rec_in_[2] = {}, issue_[2] = {}, out_[2] = {};
  bool push_ = false, rec_accept_ = false, res_accept_ = false, turn_ = true, flush_ = false;
  uint32_t push_recs_[2] = {0, 0};
  uint32_t ld_rec_[2] = {0, 0};
  bool ld_head_ra_ = false, ra_cand_ = false;
  int ld_sel_[2] = {0, 0}, ra_sel_[2] = {0, 0};
  bool ld_start_ = false, eng_take_ = false, ra_take_ = false;
  bool rr_read_[2] = {}, rr_results_[2] = {};
  uint32_t rr_rec_[2] = {0, 0};
  int rr_sel_[2] = {0, 0};
  bool it_a_missed_ = false, it_side_go_ = false, itb_start_ = false, b_answer_ = false;
  bool result_ok_ = false, err_stop_ = false, stop_ = false, end_ = false;
  bool still_ = false;  // the last cycle changed no register (waitsUntil)
};

}  // namespace cc::tlm::core
