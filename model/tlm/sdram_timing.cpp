#include "cc/sdram_timing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace cc::tlm {

SdramTiming::SdramTiming(const ChipConfig& cfg) : cfg_(cfg), geo_(cfg) {
  if (cfg.sdram_queue == 0) throw std::invalid_argument("SDRAM: sdram_queue must be at least 1");
  // The port model keeps the requests not yet settled (at most sdram_queue + 1) in a ring.
  if (cfg.sdram_queue > kPortHistory / 2) throw std::invalid_argument("SDRAM: sdram_queue must be at most 32");
  reset();
}

void SdramTiming::reset() {
  trace_.clear();
  log_.clear();
  log_.reserve(4 * kPortHistory);
  {
    const int64_t half = geo_.burstBeats() / 2, cl = cfg_.t_cl, cwl = cfg_.t_cwl, turn = cfg_.t_turn;
    const auto atLeast1 = [](int64_t v) { return static_cast<uint64_t>(v > 1 ? v : 1); };  // the RTL's cnt() + 1
    rd_rd_ = wr_wr_ = atLeast1(half);
    rd_wr_ = atLeast1(cl + half + turn - cwl);
    wr_rd_ = atLeast1(cwl + half + turn - cl);
    rcd_ = atLeast1(cfg_.t_rcd);
    rp_ = atLeast1(cfg_.t_rp);
    wr_busy_ = cfg_.t_cwl + half + cfg_.t_wr;
  }
  real_.m = 1;
  real_.rd_ok = real_.wr_ok = 0;
  real_.refs = real_.rfc_ok = 0;
  real_.banks.assign(geo_.banks(), PortBank{});
  real_.pending.clear();
  spec_ = real_;
  hist_.assign(kPortHistory, PortHist{});
  spec_cas_.assign(kPortHistory, kNever);
  port_n_ = settled_ = last_accept_ = 0;
  settled_wend_ = port_idle_ = 0;
}

// ============================================================================ port model
// The RTL (rtl/cc_sdram_ctrl.v, cc_sdram_bank.v) decision by decision. Only memory cycles
// in which some request can be served are visited: for each pending request the first
// memory cycle its next command is legal follows from the bank and bus state, which
// changes only with a command, so the minimum over the requests is the next cycle with a
// command. There the RTL's rule applies: READ/WRITE of the oldest request that may go,
// else ACTIVATE of the oldest request whose bank is free.
void SdramTiming::portApply(PortState& st, size_t idx, uint64_t m, bool cas, bool real) {
  const uint64_t half = geo_.burstBeats() / 2;
  PortEntry& e = st.pending[idx];
  PortBank& b = st.banks[e.bank];
  if (cas) {
    b.open = false;
    b.act_ok = std::max(m + (e.write ? wr_busy_ : half), b.act_m + cfg_.t_ras) + rp_;
    if (e.write) {
      st.wr_ok = std::max(st.wr_ok, m + wr_wr_);
      st.rd_ok = std::max(st.rd_ok, m + wr_rd_);
    } else {
      st.rd_ok = std::max(st.rd_ok, m + rd_rd_);
      st.wr_ok = std::max(st.wr_ok, m + rd_wr_);
    }
    if (real) {
      hist(e.n).cas = m;
      if (record_) trace_.push_back({m, e.write ? sim::SdramCmd::kWrite : sim::SdramCmd::kRead, e.bank, e.row, e.col, true});
    } else {
      spec_cas_[e.n % kPortHistory] = m;
    }
    st.pending.erase(idx);
  } else {
    e.act = true;
    b.open = true;
    b.cas_ok = m + rcd_;
    b.act_m = m;
    if (real) {
      if (record_) trace_.push_back({m, sim::SdramCmd::kActivate, e.bank, e.row, 0, false});
    }
  }
  st.m = m + 1;
}

// While a request is pending the queue is not empty, so a REFRESH goes out only when forced;
// from the memory cycle it is wanted on no ACTIVATE goes until it went out.
void SdramTiming::portDecide(PortState& st) {
  log_.clear();
  uint64_t t[kPortHistory];  // per pending entry: first memory cycle its next command is legal
  while (!st.pending.empty()) {
    const size_t np = st.pending.size();
    const uint64_t forced = refreshForcedFrom(st);
    uint64_t best = kNever;
    for (size_t i = 0; i < np; ++i) {
      const PortEntry& e = st.pending[i];
      const PortBank& b = st.banks[e.bank];
      if (e.act) t[i] = std::max(b.cas_ok, e.write ? st.wr_ok : st.rd_ok);
      else if (b.open) t[i] = kNever;  // an older request holds the bank's row
      else {
        t[i] = std::max({b.act_ok, e.vis, st.rfc_ok, st.m});
        if (t[i] >= forced) t[i] = kNever;  // after the REFRESH
      }
      best = std::min(best, t[i]);
    }
    // A REFRESH cycle tr >= forced; when forced is past both best and st.m, tr is past m
    // below and goes neither first nor at m, so the banks need not be looked at (speed only).
    const bool refresh_near = forced != kNever && forced <= std::max(best, st.m);
    const uint64_t idle = refresh_near ? banksIdleFrom(st) : kNever;
    const uint64_t tr = !refresh_near || idle == kNever ? kNever : std::max({forced, idle, st.rfc_ok, st.m});
    const uint64_t m = std::max(st.m, std::min(best, tr));
    // READ/WRITE of the oldest request that may go, else a REFRESH, else ACTIVATE of the oldest.
    size_t pick = np;
    for (size_t i = 0; i < np; ++i) {
      if (t[i] > m) continue;
      if (st.pending[i].act) {
        pick = i;
        break;
      }
      if (pick == np) pick = i;
    }
    if ((pick == np || !st.pending[pick].act) && tr <= m) {
      log_.push_back({m, 0, false, true});
      refreshApply(st, m, false);
      continue;
    }
    const bool cas = st.pending[pick].act;
    log_.push_back({m, st.pending[pick].n, cas, false});
    portApply(st, pick, m, cas, false);
  }
}

uint64_t SdramTiming::refreshForcedFrom(const PortState& st) const {
  if (!cfg_.sdram_refresh) return kNever;
  // The RTL counts a tick in the decision for memory cycle k * t_refi and acts on it from
  // the next decision.
  return (st.refs + cfg_.refresh_postpone) * cfg_.t_refi + 1;
}

uint64_t SdramTiming::banksIdleFrom(const PortState& st) {
  uint64_t from = 0;
  for (const PortBank& b : st.banks) {
    if (b.open) return kNever;
    from = std::max(from, b.act_ok);
  }
  return from;
}

void SdramTiming::refreshApply(PortState& st, uint64_t m, bool real) {
  ++st.refs;
  st.rfc_ok = m + cfg_.t_rfc;
  st.m = m + 1;
  if (real && record_) trace_.push_back({m, sim::SdramCmd::kRefresh, 0, 0, 0, false});
}

// With nothing pending the queue empties once the last request retired (the decision in
// chip cycle 2m-1 sees the count of cycle 2m-2); from then on an owed REFRESH goes out as
// soon as every bank is free, and before that only when forced.
void SdramTiming::refreshIdle(uint64_t until) {
  if (!cfg_.sdram_refresh || !real_.pending.empty()) return;
  const uint64_t empty = port_n_ == 0 ? 0 : (hist(port_n_ - 1).retire + 3) / 2;
  for (;;) {
    const uint64_t owed = (real_.refs + 1) * cfg_.t_refi + 1;
    const uint64_t wanted = std::max(owed, std::min(empty, refreshForcedFrom(real_)));
    const uint64_t m = std::max({wanted, banksIdleFrom(real_), real_.rfc_ok, real_.m});
    if (m >= until) return;
    refreshApply(real_, m, true);
  }
}

// In-order hand-over and retirement (the RTL's head logic): request n becomes the head the
// cycle after n-1 retired; a read hands over one beat per cycle from the cycle after the
// beat was on DQ and retires once its last beat went and its whole burst has arrived; a
// write retires as soon as its WRITE is decided and it is the head.
void SdramTiming::portChain(uint64_t from) {
  const uint64_t bl = geo_.burstBeats();
  uint64_t wend = 0;
  for (uint64_t n = from; n < port_n_; ++n) {
    PortHist& h = hist(n);
    const uint64_t cas = h.cas != kNever ? h.cas : spec_cas_[n % kPortHistory];
    const uint64_t head = std::max(n == 0 ? 0 : hist(n - 1).retire + 1, h.accept + 1);
    h.grant.accept = h.accept;
    if (h.write) {
      h.grant.first_beat = h.grant.last_beat = h.accept;
      h.retire = std::max(head, 2 * cas);
      // cc_sdram_wdata is busy (idle_o low) until its last beat has left DQ.
      const uint64_t end = 2 * (cas + cfg_.t_cwl) + bl;
      if (n < settled_) settled_wend_ = std::max(settled_wend_, end);
      else wend = std::max(wend, end);
    } else {
      const uint64_t s = 2 * (cas + cfg_.t_cl);  // first beat on DQ
      h.grant.first_beat = std::max(s + 1 + h.first_off, head);
      h.grant.last_beat = h.grant.first_beat + h.beats - 1;
      h.retire = std::max(h.grant.last_beat, s + bl);
    }
  }
  port_idle_ = port_n_ == 0 ? 0 : std::max({settled_wend_, wend, hist(port_n_ - 1).retire + 1});
}

uint64_t SdramTiming::readyFrom(uint64_t c) const {
  uint64_t t = port_n_ == 0 ? c : std::max(c, last_accept_ + 1);
  if (port_n_ >= cfg_.sdram_queue) t = std::max(t, hist(port_n_ - cfg_.sdram_queue).retire + 1);
  return t;
}

PortGrant SdramTiming::request(PortKind kind, uint32_t addr, uint64_t valid) {
  const uint64_t a = readyFrom(valid);
  const uint64_t vis = (a + 1) / 2 + 1;  // first decision cycle 2m-1 after the acceptance
  // Everything decided before the new request is visible is final: the last speculative
  // run's decisions up to then (it started from real_ and saw every request made so far).
  for (const PortDecision& d : log_) {
    if (d.m >= vis) break;
    if (d.ref) {
      refreshApply(real_, d.m, true);
      continue;
    }
    size_t idx = 0;
    while (real_.pending[idx].n != d.n) ++idx;
    portApply(real_, idx, d.m, d.cas, true);
  }
  refreshIdle(vis);
  real_.m = std::max(real_.m, vis);
  const uint64_t from = settled_;
  while (settled_ < port_n_ && hist(settled_).cas != kNever) ++settled_;

  const bool write = kind == PortKind::WriteBeat;
  const uint32_t bb = geo_.burstBytes();
  const sim::SdramAddr sa = geo_.decode(addr & ~(bb - 1));
  real_.pending.push_back({port_n_, vis, sa.bank, sa.row, sa.col, write, false});
  PortHist& h = hist(port_n_);
  h.accept = a;
  h.cas = kNever;
  h.write = write;
  h.beats = kind == PortKind::ReadPair ? geo_.burstBeats() : geo_.burstBeats() / 2;
  h.first_off = kind == PortKind::ReadRecord && (addr & (bb / 2)) != 0 ? geo_.burstBeats() / 2 : 0;
  h.grant = {};
  h.retire = 0;
  spec_cas_[port_n_ % kPortHistory] = kNever;
  ++port_n_;
  last_accept_ = a;

  // The grants as they will be if no further request comes.
  spec_ = real_;
  portDecide(spec_);
  portChain(from);
  return h.grant;
}

uint64_t SdramTiming::idleFrom() const { return port_idle_; }

void SdramTiming::grantOutOfRange(uint64_t n) const {
  throw std::out_of_range("SdramTiming::grant: request " + std::to_string(n) + " is not among the last " +
                            std::to_string(kPortHistory));
}

}  // namespace cc::tlm
