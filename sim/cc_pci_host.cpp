#include "cc_pci_host.h"

#include <algorithm>
#include <cstdio>

namespace cc::sim {

namespace {

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", v);
  return buf;
}

bool isRead(uint8_t cmd) { return (cmd & 1u) == 0; }

}  // namespace

const char* termName(PciHost::Term t) {
  switch (t) {
    case PciHost::Term::Completed: return "completed";
    case PciHost::Term::Retry: return "retry";
    case PciHost::Term::Disconnect: return "disconnect";
    case PciHost::Term::MasterAbort: return "master abort";
    case PciHost::Term::TargetAbort: return "target abort";
  }
  return "?";
}

// =======================================================================================
// PciChecker
// =======================================================================================

void PciChecker::fail(const PciSample& s, const std::string& rule) const {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                " [PCI clock %llu; FRAME#=%d IRDY#=%d TRDY#=%d STOP#=%d DEVSEL#=%d AD(m)=%s%s "
                "AD(t)=%s%s C/BE#=0x%X]",
                static_cast<unsigned long long>(s.cycle), s.m.frame_n, s.m.irdy_n, !s.trdy(),
                !s.stop(), !s.devsel(), hex(s.m.ad).c_str(), s.m.ad_oe ? "" : "(z)",
                hex(s.t.ad).c_str(), s.t.ad_oe ? "" : "(z)", s.m.cbe_n);
  throw PciProtocolError("PCI protocol violation: " + rule + buf);
}

void PciChecker::check(const PciSample& s) {
  // ---- both sides: contention and parity (PAR covers AD and C/BE# of the clock before)
  if (s.m.ad_oe && s.t.ad_oe) fail(s, "AD driven by master and target in the same clock");
  if (s.m.par_oe && s.t.par_oe) fail(s, "PAR driven by master and target in the same clock");
  if (have_prev_) {
    if (prev_.m.ad_oe) {
      if (!s.m.par_oe) fail(s, "master drove AD but not PAR one clock later");
      if (opt_.check_master_parity && s.m.par != parity32(prev_.m.ad, prev_.m.cbe_n))
        fail(s, "PAR from the master does not match AD/C/BE# of the clock before");
    }
    if (prev_.t.ad_oe) {
      if (!s.t.par_oe) fail(s, "target drove AD but not PAR one clock later");
      if (s.t.par != parity32(prev_.t.ad, prev_.m.cbe_n))
        fail(s, "PAR from the target does not match AD/C/BE# of the clock before");
    }
  }
  if (s.t.perr_oe && !s.t.perr_n) ++stats_.perr_clocks;

  bool complete = false;
  if (!in_txn_) {
    // ---- idle bus (or the clock right after a transaction)
    if (s.trdy() || s.stop() || s.devsel())
      fail(s, "TRDY#/STOP#/DEVSEL# asserted while no transaction is in progress");
    if (s.t.ad_oe) fail(s, "target drives AD outside its read data phases");
    if (s.frame()) {
      if (s.cycle == end_cycle_ + 1)
        fail(s, "address phase right after the last data phase: no idle clock (fast back-to-back "
                "is not supported by the target)");
      if (s.irdy()) fail(s, "address phase while IRDY# is still asserted");
      if (!s.m.ad_oe) fail(s, "address phase without the master driving AD");
      in_txn_ = true;
      txn_read_ = isRead(s.m.cbe_n);
      devsel_seen_ = data_moved_ = stop_done_ = frame_gone_ = false;
      addr_cycle_ = phase_start_ = s.cycle;
      ++stats_.transactions;
    } else if (s.irdy()) {
      fail(s, "IRDY# asserted with no transaction in progress");
    }
  } else {
    const uint64_t rel = s.cycle - addr_cycle_;  // clocks since the address phase
    // ---- master rules
    if (prev_.irdy() && !prev_complete_ && !s.irdy())
      fail(s, "IRDY# deasserted before its data phase completed");
    if (frame_gone_ && s.frame()) fail(s, "FRAME# reasserted after its deassertion in the same transaction");
    if (!s.frame() && !frame_gone_) {
      frame_gone_ = true;
      if (!s.irdy()) fail(s, "FRAME# deasserted while IRDY# is not asserted");
    }
    if (!txn_read_ && prev_.irdy() && !prev_complete_ && s.irdy() &&
        (s.m.ad != prev_.m.ad || s.m.cbe_n != prev_.m.cbe_n))
      fail(s, "write data or byte enables changed while IRDY# was asserted in a pending data phase");
    if (txn_read_ && s.m.ad_oe) fail(s, "master drives AD during a read after the address phase");
    // ---- target rules
    if (!txn_read_ && s.t.ad_oe) fail(s, "target drives AD during a write transaction");
    if (txn_read_ && rel == 1 && s.t.ad_oe) fail(s, "target drives AD in the read turnaround clock");
    if (txn_read_ && rel == 1 && s.trdy()) fail(s, "TRDY# asserted in the read turnaround clock");
    if (s.trdy() && !s.devsel()) fail(s, "TRDY# asserted without DEVSEL#");
    if (s.stop() && !s.devsel() && !devsel_seen_)
      fail(s, "STOP# asserted without DEVSEL# ever being asserted (not a target abort)");
    if (s.devsel() && !devsel_seen_) {
      devsel_seen_ = true;
      if (rel > 4) fail(s, "DEVSEL# asserted after the master-abort deadline (4 clocks after the address)");
      if (opt_.devsel_clocks != 0 && rel != static_cast<uint64_t>(opt_.devsel_clocks))
        fail(s, "DEVSEL# timing: first asserted " + std::to_string(rel) +
                    " clock(s) after the address phase, expected " + std::to_string(opt_.devsel_clocks));
    }
    if (devsel_seen_ && !s.devsel() && !s.stop())
      fail(s, "DEVSEL# deasserted before the transaction ended (and not a target abort)");
    if (prev_.trdy() && !prev_complete_ && !s.trdy())
      fail(s, "TRDY# deasserted before its data phase completed");
    if (prev_.stop() && prev_.frame() && !s.stop())
      fail(s, "STOP# deasserted while FRAME# was still asserted");
    if (devsel_seen_ && !s.trdy() && !s.stop()) {
      if (!data_moved_ && !stop_done_ && rel > static_cast<uint64_t>(opt_.initial_latency))
        fail(s, "initial latency: no TRDY#/STOP# within " + std::to_string(opt_.initial_latency) +
                    " clocks of the address phase");
      if (data_moved_ && s.cycle - phase_start_ > static_cast<uint64_t>(opt_.subsequent_latency))
        fail(s, "subsequent latency: no TRDY#/STOP# within " + std::to_string(opt_.subsequent_latency) +
                    " clocks of the previous data phase");
    }
    // ---- data phase completion
    const bool xfer = s.irdy() && s.trdy();
    complete = s.irdy() && (s.trdy() || s.stop());
    if (xfer && stop_done_) fail(s, "data moved after the target had already ended a data phase with STOP#");
    if (complete) {
      if (xfer) {
        data_moved_ = true;
        ++stats_.data_phases;
      }
      if (s.stop()) stop_done_ = true;
      phase_start_ = s.cycle;
      if (!s.frame()) {
        in_txn_ = false;
        end_cycle_ = s.cycle;
        if (s.stop() && !s.devsel()) ++stats_.target_aborts;
        else if (stop_done_ && !data_moved_) ++stats_.retries;
        else if (stop_done_) ++stats_.disconnects;
      }
    } else if (!devsel_seen_ && rel >= 5 && s.irdy() && !s.frame()) {
      in_txn_ = false;  // master abort: nobody claimed it, the master gave up
      end_cycle_ = s.cycle;
      ++stats_.master_aborts;
    } else if (!devsel_seen_ && rel > 6) {
      fail(s, "no DEVSEL# and the master did not end the transaction with a master abort");
    }
  }
  prev_ = s;
  prev_complete_ = complete;
  have_prev_ = true;
}

// =======================================================================================
// PciHost
// =======================================================================================

PciHost::PciHost(PciBinding bind, Options opt)
    : b_(std::move(bind)), opt_(opt), checker_(opt.checker), rng_(opt.seed) {
  if (!b_.drive || !b_.sample || !b_.pci_clk || !b_.core_clk || !b_.resets_n || !b_.eval)
    throw std::invalid_argument("PciHost: every PciBinding function except dump/on_core_rise must be set");
  if (opt_.pci_period_ps == 0 || opt_.core_period_ps == 0 || opt_.pci_period_ps % 2 || opt_.core_period_ps % 2)
    throw std::invalid_argument("PciHost: clock periods must be even, non-zero picosecond counts");
  if (opt_.max_burst == 0) throw std::invalid_argument("PciHost: max_burst must be >= 1");
  if (opt_.irdy_wait_prob < 0.0 || opt_.irdy_wait_prob >= 1.0)
    throw std::invalid_argument("PciHost: irdy_wait_prob must be in [0, 1)");
  cur_ = idlePins();
  b_.pci_clk(false);
  b_.core_clk(false);
  b_.drive(cur_);
  evaluate();
  next_core_ = opt_.core_period_ps / 2;
}

void PciHost::evaluate() {
  b_.eval();
  ++evaluations_;
}

// Whether a falling clock edge's evaluation can wait for the next core edge, which comes
// before time t_ps (the next rising PCI edge).
bool PciHost::quietUntil(uint64_t t_ps) const {
  return b_.rising_edges_only && !b_.dump && next_core_ < t_ps;
}

PciMasterPins PciHost::idlePins() const { return PciMasterPins{}; }

void PciHost::toggleCore() {
  core_level_ = !core_level_;
  b_.core_clk(core_level_);
}

void PciHost::runTo(uint64_t t_ps) {
  while (next_core_ < t_ps) {
    now_ = next_core_;
    toggleCore();
    evaluate();
    if (core_level_) {
      ++core_cycles_;
      if (b_.on_core_rise) b_.on_core_rise();
    }
    if (b_.dump) b_.dump(now_);
    next_core_ += opt_.core_period_ps / 2;
  }
}

// Time: PCI clock k has its rising edge at k*P + P/2 and its falling edge at (k+1)*P.
// The sample of edge k is taken after all core edges before it have run.
uint64_t PciHost::nextRisePs() const {
  return pci_cycles_ * opt_.pci_period_ps + opt_.pci_period_ps / 2;
}

PciSample PciHost::sampleEdge() {
  runTo(nextRisePs());
  PciSample s;
  s.cycle = pci_cycles_;
  s.m = cur_;
  s.t = b_.sample();
  checker_.check(s);
  return s;
}

void PciHost::clockEdge(uint64_t t, bool pci_level) {
  runTo(t);
  now_ = t;
  const bool core_too = (next_core_ == t);  // a core edge at the same instant: together
  if (core_too) {
    toggleCore();
    next_core_ += opt_.core_period_ps / 2;
  }
  b_.pci_clk(pci_level);
  if (!pci_level && !core_too && quietUntil(t + opt_.pci_period_ps / 2)) return;
  evaluate();
  if (core_too && core_level_) {
    ++core_cycles_;
    if (b_.on_core_rise) b_.on_core_rise();
  }
  if (b_.dump) b_.dump(now_);
}

void PciHost::advance(const PciMasterPins& next_in) {
  clockEdge(nextRisePs(), true);
  // The master's new pins, right after the edge. PAR covers the clock just ended.
  PciMasterPins next = next_in;
  next.par_oe = cur_.ad_oe;
  next.par = parity32(cur_.ad, cur_.cbe_n);
  if (inject_parity_ && cur_.ad_oe && !cur_.irdy_n) next.par = !next.par;
  cur_ = next;
  b_.drive(cur_);
  // A rising-edges-only model takes the new pins with the next evaluation, which comes
  // before the next rising edge: the falling edge's or a core edge's (clockEdge).
  if (!b_.rising_edges_only) evaluate();
  clockEdge((pci_cycles_ + 1) * opt_.pci_period_ps, false);
  ++pci_cycles_;
}

void PciHost::reset(unsigned pci_cycles) {
  b_.resets_n(false);
  for (unsigned i = 0; i < pci_cycles; ++i) advance(idlePins());
  b_.resets_n(true);
  evaluate();
  idle(2);
}

void PciHost::idle(unsigned pci_cycles) {
  for (unsigned i = 0; i < pci_cycles; ++i) {
    sampleEdge();
    advance(idlePins());
  }
}

PciSample PciHost::rawCycle(const PciMasterPins& pins) {
  const PciSample s = sampleEdge();
  advance(pins);
  return s;
}

bool PciHost::intaAsserted() { return !b_.sample().inta_n; }

bool PciHost::waitInterrupt(uint64_t max_pci_cycles) {
  for (uint64_t i = 0; i < max_pci_cycles; ++i) {
    if (intaAsserted()) return true;
    idle(1);
  }
  return intaAsserted();
}

PciHost::Attempt PciHost::transaction(PciCmd cmd_e, uint32_t addr, bool idsel, uint32_t* data,
                                      size_t n, uint8_t be_n) {
  if (n == 0 || data == nullptr) throw std::invalid_argument("PciHost::transaction: no data");
  const uint8_t cmd = static_cast<uint8_t>(cmd_e);
  const bool read = isRead(cmd);
  std::bernoulli_distribution wait_dist(opt_.irdy_wait_prob);

  // Address phase.
  PciMasterPins p = idlePins();
  p.frame_n = false;
  p.ad = addr;
  p.ad_oe = true;
  p.cbe_n = cmd;
  p.idsel = idsel;
  sampleEdge();
  advance(p);

  Attempt a;
  bool devsel_seen = false, stopped = false, target_abort = false, master_abort = false;
  size_t i = 0;
  for (uint64_t rel = 0;; ++rel) {
    const PciSample s = sampleEdge();
    if (rel > opt_.watchdog)
      throw PciProtocolError("PCI watchdog: transaction at " + hex(addr) + " did not end within " +
                             std::to_string(opt_.watchdog) + " clocks");
    bool ended = false;
    bool pending = false;
    // An injected parity error covers every clock of the write data phase until the one
    // that moves the data (its PAR goes out in the advance() below).
    const bool clear_inject = inject_parity_ && !read && s.irdy() && s.trdy();
    if (rel >= 1) {
      devsel_seen = devsel_seen || s.devsel();
      if (s.irdy()) {
        const bool complete = s.trdy() || s.stop();
        if (s.trdy()) {
          if (read) data[i] = s.t.ad;
          ++i;
        }
        if (s.stop()) stopped = true;
        if (s.stop() && !s.devsel()) target_abort = true;
        if (complete && !s.frame()) ended = true;
        if (!complete && !devsel_seen && rel >= 5 && !s.frame()) ended = master_abort = true;
        pending = !complete && !ended;
      }
    }
    if (ended) {
      a.clocks = static_cast<unsigned>(rel);
      advance(idlePins());
      if (clear_inject) inject_parity_ = false;
      break;
    }
    // The master's pins for the next clock.
    if (rel == 0) {
      p.idsel = false;
      p.ad_oe = !read;  // reads: turnaround, the target drives AD from now on
    }
    if (!devsel_seen && rel >= 4) {
      p.frame_n = true;  // master abort: nobody answered by the subtractive-decode clock
      p.irdy_n = false;
    } else if (stopped) {
      p.frame_n = true;  // the target said STOP#: end with one final data phase
      p.irdy_n = false;
    } else if (pending) {
      // IRDY# asserted and the target is not ready: everything holds.
    } else {
      // A new data phase for word i (or keep waiting before it).
      const bool wait = wait_dist(rng_);
      if (wait && p.frame_n == false) {
        p.irdy_n = true;
      } else {
        p.irdy_n = false;
        p.cbe_n = be_n & 0xF;
        p.ad = read ? 0u : data[std::min(i, n - 1)];
        p.frame_n = (i + 1 >= n);
      }
    }
    advance(p);
    if (clear_inject) inject_parity_ = false;
  }

  a.words = i;
  if (target_abort) a.term = Term::TargetAbort;
  else if (master_abort) a.term = Term::MasterAbort;
  else if (stopped && i == 0) a.term = Term::Retry;
  else if (stopped && i < n) a.term = Term::Disconnect;
  else a.term = Term::Completed;
  return a;
}

uint32_t PciHost::configRead(unsigned reg_dword) {
  if (reg_dword >= 64) throw std::invalid_argument("PciHost::configRead: register index >= 64");
  for (unsigned tries = 0; tries <= opt_.retry_limit; ++tries) {
    uint32_t v = 0;
    const Attempt a = transaction(PciCmd::CfgRead, reg_dword * 4u, true, &v, 1);
    if (a.term == Term::MasterAbort) return 0xFFFFFFFFu;
    if (a.term == Term::TargetAbort) throw PciProtocolError("target abort on a configuration read");
    if (a.words == 1) return v;
    ++stats_.retries;
  }
  throw PciProtocolError("configuration read retried more than the retry limit");
}

void PciHost::configWrite(unsigned reg_dword, uint32_t value, uint8_t be_n) {
  if (reg_dword >= 64) throw std::invalid_argument("PciHost::configWrite: register index >= 64");
  for (unsigned tries = 0; tries <= opt_.retry_limit; ++tries) {
    uint32_t v = value;
    const Attempt a = transaction(PciCmd::CfgWrite, reg_dword * 4u, true, &v, 1, be_n);
    if (a.term == Term::MasterAbort) return;  // no device: the write goes nowhere
    if (a.term == Term::TargetAbort) throw PciProtocolError("target abort on a configuration write");
    if (a.words == 1) return;
    ++stats_.retries;
  }
  throw PciProtocolError("configuration write retried more than the retry limit");
}

PciHost::Bars PciHost::assignBars(uint32_t bar0_addr, uint32_t bar1_addr, bool enable_memory) {
  Bars r;
  auto size_of = [&](unsigned reg, bool* prefetch) {
    const uint32_t saved = configRead(reg);
    configWrite(reg, 0xFFFFFFFFu);
    const uint32_t back = configRead(reg);
    configWrite(reg, saved);
    if (back & 1u) throw PciProtocolError("BAR" + std::to_string(reg - 4) + " is an I/O BAR; expected memory");
    if (prefetch) *prefetch = (back & 0x8u) != 0;
    const uint32_t mask = back & ~0xFu;
    return mask == 0 ? 0u : (~mask + 1u);
  };
  r.bar0_size = size_of(4, nullptr);
  r.bar1_size = size_of(5, &r.bar1_prefetchable);
  if (r.bar0_size && (bar0_addr & (r.bar0_size - 1)))
    throw std::invalid_argument("assignBars: BAR0 address " + hex(bar0_addr) + " not aligned to its size");
  if (r.bar1_size && (bar1_addr & (r.bar1_size - 1)))
    throw std::invalid_argument("assignBars: BAR1 address " + hex(bar1_addr) + " not aligned to its size");
  configWrite(4, bar0_addr);
  configWrite(5, bar1_addr);
  if (enable_memory) configWrite(1, configRead(1) | 0x2u, 0xC);  // command word only
  return r;
}

void PciHost::memWrite(uint32_t addr, const uint32_t* words, size_t n, uint8_t be_n) {
  if (addr & 3u) throw std::invalid_argument("PciHost::memWrite: address " + hex(addr) + " not word aligned");
  std::vector<uint32_t> buf(words, words + n);
  size_t done = 0;
  unsigned retries = 0;
  while (done < n) {
    const size_t chunk = std::min<size_t>(n - done, opt_.max_burst);
    const uint32_t at = addr + static_cast<uint32_t>(4 * done);
    const Attempt a = transaction(PciCmd::MemWrite, at, false, buf.data() + done, chunk, be_n);
    if (a.term == Term::MasterAbort)
      throw PciProtocolError("master abort: no device claimed the memory write at " + hex(at));
    if (a.term == Term::TargetAbort) throw PciProtocolError("target abort on the memory write at " + hex(at));
    if (a.words == 0) {
      ++stats_.retries;
      if (++retries > opt_.retry_limit)
        throw PciProtocolError("memory write at " + hex(at) + " retried more than " +
                               std::to_string(opt_.retry_limit) + " times");
      continue;
    }
    retries = 0;
    if (a.words < chunk) ++stats_.disconnects;
    done += a.words;
    stats_.words_written += a.words;
  }
}

void PciHost::memRead(uint32_t addr, uint32_t* words, size_t n) {
  if (addr & 3u) throw std::invalid_argument("PciHost::memRead: address " + hex(addr) + " not word aligned");
  size_t done = 0;
  unsigned retries = 0;
  while (done < n) {
    const size_t chunk = std::min<size_t>(n - done, opt_.max_burst);
    const uint32_t at = addr + static_cast<uint32_t>(4 * done);
    const PciCmd cmd = chunk > 1 ? PciCmd::MemReadMultiple : PciCmd::MemRead;
    const Attempt a = transaction(cmd, at, false, words + done, chunk);
    if (a.term == Term::MasterAbort)
      throw PciProtocolError("master abort: no device claimed the memory read at " + hex(at));
    if (a.term == Term::TargetAbort) throw PciProtocolError("target abort on the memory read at " + hex(at));
    if (a.words == 0) {
      ++stats_.retries;
      if (++retries > opt_.retry_limit)
        throw PciProtocolError("memory read at " + hex(at) + " retried more than " +
                               std::to_string(opt_.retry_limit) + " times");
      continue;
    }
    retries = 0;
    if (a.words < chunk) ++stats_.disconnects;
    done += a.words;
    stats_.words_read += a.words;
  }
}

}  // namespace cc::sim
