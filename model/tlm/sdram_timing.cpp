#include "cc/sdram_timing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace cc::tlm {

namespace {
// How far behind the latest scheduled burst a request may still be placed (chip cycles).
// The timing model's requests come in nearly time order; an older request is placed at
// this horizon instead, which keeps the books small and never double-books.
constexpr uint64_t kHorizon = 8192;
constexpr uint64_t kWindow = 1u << 15;  // ring size in chip cycles (> kHorizon + look-ahead)
}  // namespace

SdramTiming::SdramTiming(const ChipConfig& cfg) : cfg_(cfg), geo_(cfg) {
  if (cfg.sdram_queue == 0) throw std::invalid_argument("SDRAM: sdram_queue must be at least 1");
  // The port model keeps the requests not yet settled (at most sdram_queue + 1) in a ring.
  if (cfg.sdram_queue > kPortHistory / 2) throw std::invalid_argument("SDRAM: sdram_queue must be at most 32");
  reset();
}

void SdramTiming::reset() {
  act_ok_.assign(geo_.banks(), 0);
  leave_.assign(cfg_.sdram_queue, 0);
  requests_ = 0;
  delivered_ = bus_end_ = last_on_bus_ = horizon_ = 0;
  bus_.assign(kWindow, 0);
  cmd_.assign(kWindow / 2, 0);
  trace_.clear();
  stats_ = {};
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
  real_.banks.assign(geo_.banks(), PortBank{});
  real_.pending.clear();
  real_.pending.reserve(cfg_.sdram_queue + 1);
  spec_ = real_;
  hist_.assign(kPortHistory, PortHist{});
  spec_cas_.assign(kPortHistory, kNever);
  port_n_ = settled_ = last_accept_ = 0;
  settled_wend_ = port_idle_ = 0;
}

uint64_t SdramTiming::takeSlot(uint64_t from) {
  uint64_t m = from;
  while (!slotFree(m)) ++m;
  cmd_[m % cmd_.size()] = 1;
  return m;
}

void SdramTiming::emit(uint64_t m, sim::SdramCmd cmd, const sim::SdramAddr& a, bool ap) {
  if (record_) trace_.push_back({m, cmd, a.bank, a.row, a.col, ap});
}

// Rules burst-collision / bus-conflict / bus-turnaround of the device model: no overlap,
// and 2*t_turn idle chip cycles between bursts of opposite direction.
// Returns 0 when a burst from chip cycle `start` fits, else a later start worth trying
// (never beyond the first that fits): no overlap, and 2*t_turn idle chip cycles between
// bursts of opposite direction (device rules burst-collision, bus-conflict, bus-turnaround).
uint64_t SdramTiming::busConflict(uint64_t start, bool write) const {
  const uint64_t len = geo_.burstBeats(), turn = 2ull * cfg_.t_turn;
  const uint8_t other = write ? 1 : 2;
  const uint64_t lo = std::max(horizon_, start >= turn ? start - turn : 0);
  for (uint64_t c = lo; c < start + len + turn; ++c) {
    const uint8_t v = bus_[c % kWindow];
    if (v == 0) continue;
    if (c >= start && c < start + len) return c + 1;  // overlap: start after this beat
    if (v == other) return c < start ? c + 1 + turn : c + 1;
  }
  return 0;
}

void SdramTiming::admitted(uint64_t leaves) {
  leave_[requests_ % cfg_.sdram_queue] = leaves;
  ++requests_;
}

void SdramTiming::advanceHorizon(uint64_t to) {
  if (to <= horizon_) return;
  if (to - horizon_ >= kWindow) {
    std::fill(bus_.begin(), bus_.end(), 0);
    std::fill(cmd_.begin(), cmd_.end(), 0);
  } else {
    for (uint64_t c = horizon_; c < to; ++c) {
      bus_[c % kWindow] = 0;
      if (c % 2 == 0) cmd_[(c / 2) % cmd_.size()] = 0;
    }
  }
  horizon_ = to & ~uint64_t{1};  // stay on a memory clock edge
}

uint64_t SdramTiming::burst(uint32_t burst_addr, bool wr, uint64_t ready_chip) {
  const sim::SdramAddr a = geo_.decode(burst_addr);
  const uint64_t q = cfg_.sdram_queue;
  const uint64_t half = geo_.burstBeats() / 2;  // data burst length in memory cycles

  // Admission: at the first memory clock edge from `ready_chip`, once the request
  // sdram_queue places ahead has left the queue.
  uint64_t arrive = (std::max(ready_chip, horizon_) + 1) / 2;
  if (requests_ >= q) arrive = std::max(arrive, (leave_[requests_ % q] + 1) / 2);
  // A request far ahead of everything booked: the books before it no longer matter.
  if (2 * arrive + kHorizon >= horizon_ + kWindow) advanceHorizon(2 * arrive - kHorizon);

  // ACTIVATE when the bank has finished its previous row (rows open in request order).
  const uint64_t act = takeSlot(std::max(arrive, act_ok_[a.bank]));
  emit(act, sim::SdramCmd::kActivate, a, false);
  ++stats_.activates;

  // READ/WRITE: tRCD after ACTIVATE, in the first free command slot whose data burst
  // finds the bus free.
  const uint64_t lat = wr ? cfg_.t_cwl : cfg_.t_cl;
  uint64_t cas = act + cfg_.t_rcd;
  for (;;) {
    const uint64_t next = busConflict(2 * (cas + lat), wr);
    if (next != 0) {
      cas = std::max(cas + 1, (next + 1) / 2 >= lat ? (next + 1) / 2 - lat : 0);
    } else if (!slotFree(cas)) {
      ++cas;
    } else {
      break;
    }
  }
  cmd_[cas % cmd_.size()] = 1;
  emit(cas, wr ? sim::SdramCmd::kWrite : sim::SdramCmd::kRead, a, true);

  // Auto-precharge starts when the row may close (SdramDevice::prechargeFrom); the next
  // ACTIVATE of this bank waits tRP more.
  const uint64_t close = std::max(act + cfg_.t_ras, wr ? cas + cfg_.t_cwl + half + cfg_.t_wr : cas + half);
  act_ok_[a.bank] = close + cfg_.t_rp;

  const uint64_t start = 2 * (cas + lat);
  for (uint64_t c = start; c < start + geo_.burstBeats(); ++c) bus_[c % kWindow] = wr ? 2 : 1;
  bus_end_ = std::max(bus_end_, start + geo_.burstBeats());
  stats_.busy_beats += geo_.burstBeats();
  ++(wr ? stats_.writes : stats_.reads);
  return start;
}

uint64_t SdramTiming::read(uint32_t addr, uint32_t bytes, uint64_t ready) {
  if (bytes == 0) return ready;
  const uint32_t bb = geo_.burstBytes(), beat = geo_.beatBytes();
  const uint32_t first = addr & ~(bb - 1);
  const uint64_t last_byte = static_cast<uint64_t>(addr) + bytes - 1;
  for (uint64_t b = first; b <= last_byte; b += bb) {
    const uint64_t start = burst(static_cast<uint32_t>(b), false, ready);
    const uint64_t lo = std::max<uint64_t>(addr, b), hi = std::min<uint64_t>(last_byte, b + bb - 1);
    const uint64_t first_beat = (lo - b) / beat, last_beat = (hi - b) / beat;
    last_on_bus_ = start + last_beat + 1;
    // In-order hand-over, one beat per chip cycle, after the older requests' beats.
    delivered_ = std::max(last_on_bus_, delivered_ + (last_beat - first_beat + 1));
    admitted(delivered_);
  }
  if (bus_end_ > kHorizon) advanceHorizon(bus_end_ - kHorizon);
  return delivered_;
}

uint64_t SdramTiming::write(uint32_t addr, uint32_t bytes, uint64_t ready) {
  if (bytes == 0) return ready;
  const uint32_t bb = geo_.burstBytes();
  const uint32_t first = addr & ~(bb - 1);
  const uint64_t last_byte = static_cast<uint64_t>(addr) + bytes - 1;
  uint64_t done = ready;
  for (uint64_t b = first; b <= last_byte; b += bb) {
    done = burst(static_cast<uint32_t>(b), true, ready) + geo_.burstBeats();
    admitted(done);
  }
  if (bus_end_ > kHorizon) advanceHorizon(bus_end_ - kHorizon);
  return done;
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
      ++(e.write ? stats_.writes : stats_.reads);
      stats_.busy_beats += geo_.burstBeats();
    } else {
      spec_cas_[e.n % kPortHistory] = m;
    }
    st.pending.erase(st.pending.begin() + static_cast<std::ptrdiff_t>(idx));
  } else {
    e.act = true;
    b.open = true;
    b.cas_ok = m + rcd_;
    b.act_m = m;
    if (real) {
      if (record_) trace_.push_back({m, sim::SdramCmd::kActivate, e.bank, e.row, 0, false});
      ++stats_.activates;
    }
  }
  st.m = m + 1;
}

void SdramTiming::portDecide(PortState& st) {
  log_.clear();
  uint64_t t[kPortHistory];  // per pending entry: first memory cycle its next command is legal
  while (!st.pending.empty()) {
    const size_t np = st.pending.size();
    uint64_t best = kNever;
    for (size_t i = 0; i < np; ++i) {
      const PortEntry& e = st.pending[i];
      const PortBank& b = st.banks[e.bank];
      if (e.act) t[i] = std::max(b.cas_ok, e.write ? st.wr_ok : st.rd_ok);
      else if (b.open) t[i] = kNever;  // an older request holds the bank's row
      else t[i] = std::max(b.act_ok, e.vis);
      best = std::min(best, t[i]);
    }
    const uint64_t m = std::max(st.m, best);
    // READ/WRITE of the oldest request that may go, else ACTIVATE of the oldest.
    size_t pick = np;
    for (size_t i = 0; i < np; ++i) {
      if (t[i] > m) continue;
      if (st.pending[i].act) {
        pick = i;
        break;
      }
      if (pick == np) pick = i;
    }
    const bool cas = st.pending[pick].act;
    log_.push_back({m, st.pending[pick].n, cas});
    portApply(st, pick, m, cas, false);
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
    size_t idx = 0;
    while (real_.pending[idx].n != d.n) ++idx;
    portApply(real_, idx, d.m, d.cas, true);
  }
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

uint64_t SdramTiming::idleFrom() const { return std::max(port_idle_, bus_end_); }

void SdramTiming::grantOutOfRange(uint64_t n) const {
  throw std::out_of_range("SdramTiming::grant: request " + std::to_string(n) + " is not among the last " +
                            std::to_string(kPortHistory));
}

}  // namespace cc::tlm
