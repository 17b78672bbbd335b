#include "cc_sdram_device.h"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace cc::sim {
namespace {

int log2Exact(uint64_t v, const char* what) {
  if (v == 0 || (v & (v - 1)) != 0)
    throw std::invalid_argument(std::string("SDRAM: ") + what + " must be a power of two, got " + std::to_string(v));
  int n = 0;
  while ((1ull << n) != v) ++n;
  return n;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Address mapping
// ---------------------------------------------------------------------------------------

SdramGeometry::SdramGeometry(const ChipConfig& cfg) {
  if (cfg.sdram_bus_bits % 8 != 0) throw std::invalid_argument("SDRAM: bus width must be a multiple of 8 bits");
  beat_bytes_ = cfg.sdram_bus_bits / 8;
  burst_beats_ = cfg.sdram_burst;
  if (beat_bytes_ > kSdramMaxBeatBytes)
    throw std::invalid_argument("SDRAM: bus wider than " + std::to_string(kSdramMaxBeatBytes * 8) + " bits");
  beat_bits_ = log2Exact(beat_bytes_, "bus width in bytes");
  burst_bits_ = log2Exact(burst_beats_, "burst length");
  if (burst_beats_ < 2) throw std::invalid_argument("SDRAM: DDR bursts need at least 2 beats");
  bank_bits_ = log2Exact(cfg.sdram_banks, "bank count");
  col_bits_ = static_cast<int>(cfg.sdram_col_bits);
  if (col_bits_ < burst_bits_) throw std::invalid_argument("SDRAM: fewer column bits than burst bits");
  burst_off_bits_ = beat_bits_ + burst_bits_;
  row_bits_ = 32 - beat_bits_ - col_bits_ - bank_bits_;
  if (row_bits_ < 1) throw std::invalid_argument("SDRAM: geometry needs more than 32 address bits");
}

SdramAddr SdramGeometry::decode(uint32_t a) const {
  SdramAddr r;
  const uint32_t col_lo = (a >> beat_bits_) & ((1u << burst_bits_) - 1);
  r.bank = (a >> burst_off_bits_) & ((1u << bank_bits_) - 1);
  const int hi_shift = burst_off_bits_ + bank_bits_;
  const int col_hi_bits = col_bits_ - burst_bits_;
  const uint32_t col_hi = (a >> hi_shift) & ((1u << col_hi_bits) - 1);
  r.col = (col_hi << burst_bits_) | col_lo;
  r.row = static_cast<uint32_t>(static_cast<uint64_t>(a) >> (hi_shift + col_hi_bits));
  return r;
}

uint32_t SdramGeometry::encode(const SdramAddr& s) const {
  const int hi_shift = burst_off_bits_ + bank_bits_;
  const int col_hi_bits = col_bits_ - burst_bits_;
  const uint64_t col_lo = s.col & ((1u << burst_bits_) - 1);
  const uint64_t col_hi = s.col >> burst_bits_;
  const uint64_t a = (col_lo << beat_bits_) | (static_cast<uint64_t>(s.bank) << burst_off_bits_) |
                     (col_hi << hi_shift) | (static_cast<uint64_t>(s.row) << (hi_shift + col_hi_bits));
  return static_cast<uint32_t>(a);
}

const char* sdramCmdName(SdramCmd c) {
  switch (c) {
    case SdramCmd::kNop: return "NOP";
    case SdramCmd::kActivate: return "ACTIVATE";
    case SdramCmd::kRead: return "READ";
    case SdramCmd::kWrite: return "WRITE";
    case SdramCmd::kPrecharge: return "PRECHARGE";
    case SdramCmd::kRefresh: return "REFRESH";
    case SdramCmd::kMode: return "MODE";
  }
  return "?";
}

uint32_t sdramModeValue(const ChipConfig& cfg) {
  uint32_t bl_log2 = 0;
  while ((2u << bl_log2) <= cfg.sdram_burst) ++bl_log2;
  return cfg.t_cl * 16 + bl_log2;
}

SdramViolation::SdramViolation(const std::string& rule, int bank, uint64_t cycle, const std::string& detail)
    : std::runtime_error("SDRAM violation [" + rule + "] bank " + (bank < 0 ? std::string("-") : std::to_string(bank)) +
                         " at chip cycle " + std::to_string(cycle) + " (memory cycle " + std::to_string(cycle / 2) +
                         "): " + detail),
      rule_(rule), bank_(bank), cycle_(cycle) {}

// ---------------------------------------------------------------------------------------
// Device
// ---------------------------------------------------------------------------------------

SdramDevice::SdramDevice(const ChipConfig& cfg, BoardMemory& mem)
    : cfg_(cfg), geo_(cfg), mem_(mem), banks_(geo_.banks()), group_refreshed_(kSdramRefreshGroups, 0) {
  if (cfg.t_cl < 1) throw std::invalid_argument("SDRAM: CAS latency must be at least 1 memory cycle");
  if (cfg.t_rcd < 1 || cfg.t_rp < 1) throw std::invalid_argument("SDRAM: tRCD and tRP must be at least 1");
}

void SdramDevice::fail(const std::string& rule, int bank, const std::string& detail) const {
  throw SdramViolation(rule, bank, cycle_, detail);
}

const SdramDq& SdramDevice::step(const SdramPins& p) {
  const bool edge = (cycle_ % 2) == 0;  // memory clock rising edge
  if (edge) {
    const uint64_t m = cycle_ / 2;
    // Auto-precharges that are due start before this edge's command is decoded.
    for (auto& b : banks_) {
      if (b.ap_pending && b.ap_at <= m) {
        b.open = false;
        b.ap_pending = false;
        b.act_ok = b.ap_at + cfg_.t_rp;
      }
    }
    held_ = p;
    checkRefreshDue(m);
    command(p, m);
  } else if (p.cmd != held_.cmd || (p.cmd != SdramCmd::kNop &&
             (p.bank != held_.bank || p.row != held_.row || p.col != held_.col || p.ap != held_.ap))) {
    // The command pins are sampled on the memory clock; a controller that changes them
    // mid-cycle is off phase with the memory clock.
    fail("command-hold", static_cast<int>(p.bank), std::string("command pins changed in the middle of a memory cycle (") +
         sdramCmdName(held_.cmd) + " -> " + sdramCmdName(p.cmd) + ")");
  }
  dataBeat(p);
  ++cycle_;
  return out_;
}

void SdramDevice::checkBank(const SdramPins& p) const {
  if (p.bank >= geo_.banks())
    fail("bank-range", static_cast<int>(p.bank), std::string(sdramCmdName(p.cmd)) + " names a bank the device does not have");
}

uint64_t SdramDevice::retentionCycles() const {
  return (uint64_t{kSdramRefreshGroups} + kSdramRefreshPullIn + cfg_.refresh_postpone + 1) * cfg_.t_refi;
}

void SdramDevice::command(const SdramPins& p, uint64_t m) {
  if (p.cmd != SdramCmd::kNop && init_ != Init::kDone) {
    initCommand(p, m);
    return;
  }
  switch (p.cmd) {
    case SdramCmd::kNop: return;
    case SdramCmd::kRefresh: refresh(m); return;
    case SdramCmd::kMode: mode(p, m); return;
    case SdramCmd::kActivate: activate(p, m); return;
    case SdramCmd::kRead:
    case SdramCmd::kWrite: readWrite(p, m); return;
    case SdramCmd::kPrecharge:
      if (p.ap) {
        for (uint32_t i = 0; i < banks_.size(); ++i) precharge(static_cast<int>(i), m);
      } else {
        checkBank(p);
        precharge(static_cast<int>(p.bank), m);
      }
      return;
  }
  fail("command-decode", -1, "unknown command code " + std::to_string(static_cast<int>(p.cmd)));
}

// Rules init-wait / init-sequence: after power-up only NOPs for t_init, then exactly
// PRECHARGE ALL, MODE, REFRESH, REFRESH (each after its own wait: tRP, tMRD, tRFC).
// Initialization completes t_dll after MODE (the DLL has locked) and tRFC after the second
// REFRESH; ACTIVATE before that is an init-sequence violation too (activate()).
void SdramDevice::initCommand(const SdramPins& p, uint64_t m) {
  const std::string what = sdramCmdName(p.cmd);
  if (init_ == Init::kPowerUp && m < cfg_.t_init)
    fail("init-wait", -1, what + " " + std::to_string(cfg_.t_init - m) + " memory cycle(s) before the power-up wait (t_init = " +
         std::to_string(cfg_.t_init) + ") is over");
  static const char* const kExpected[] = {"PRECHARGE ALL", "MODE", "REFRESH", "REFRESH"};
  const bool ok = (init_ == Init::kPowerUp && p.cmd == SdramCmd::kPrecharge && p.ap) ||
                  (init_ == Init::kPrechargeAll && p.cmd == SdramCmd::kMode) ||
                  ((init_ == Init::kMode || init_ == Init::kRefresh1) && p.cmd == SdramCmd::kRefresh);
  if (!ok)
    fail("init-sequence", p.cmd == SdramCmd::kActivate || p.cmd == SdramCmd::kRead || p.cmd == SdramCmd::kWrite ? static_cast<int>(p.bank) : -1,
         what + (p.cmd == SdramCmd::kPrecharge && !p.ap ? " (one bank)" : "") + " before initialization is complete; the sequence expects " +
         kExpected[static_cast<int>(init_)]);
  switch (init_) {
    case Init::kPowerUp:
      cmd_ok_ = m + cfg_.t_rp;  // banks are idle: PRECHARGE ALL only starts tRP
      init_ = Init::kPrechargeAll;
      return;
    case Init::kPrechargeAll:
      if (m < cmd_ok_) fail("tRP", -1, "MODE " + std::to_string(cmd_ok_ - m) + " memory cycle(s) before tRP after PRECHARGE ALL");
      mode(p, m);
      init_done_ = m + cfg_.t_dll;
      init_ = Init::kMode;
      return;
    case Init::kMode:
      refresh(m);
      init_ = Init::kRefresh1;
      return;
    default:
      refresh(m);
      init_done_ = std::max(init_done_, rfc_until_);
      init_ = Init::kDone;
      return;
  }
}

// Rule mode-register: MODE writes mode register 0 with the configured CAS latency and burst
// length (sdramModeValue), with every bank idle; the next command waits tMRD.
void SdramDevice::mode(const SdramPins& p, uint64_t m) {
  if (m < cmd_ok_) fail("tMRD", -1, "MODE " + std::to_string(cmd_ok_ - m) + " memory cycle(s) before tMRD");
  for (uint32_t i = 0; i < banks_.size(); ++i)
    if (banks_[i].open) fail("mode-open", static_cast<int>(i), "MODE while a row is open");
  const uint32_t want = sdramModeValue(cfg_);
  if (p.bank != 0 || p.row != want)
    fail("mode-register", -1, "MODE writes register " + std::to_string(p.bank) + " = " + std::to_string(p.row) +
         "; the configuration needs register 0 = " + std::to_string(want) + " (CL " + std::to_string(cfg_.t_cl) +
         ", burst length " + std::to_string(cfg_.sdram_burst) + ")");
  cmd_ok_ = m + cfg_.t_mrd;
}

// Rules refresh-open / tRP / tRFC / tMRD: REFRESH needs every bank precharged for tRP, no
// REFRESH in its tRFC and the mode-register wait over. It restores one group of rows in
// every bank (an internal counter walks the kSdramRefreshGroups groups).
void SdramDevice::refresh(uint64_t m) {
  for (uint32_t i = 0; i < banks_.size(); ++i) {
    const Bank& b = banks_[i];
    if (b.open) fail("refresh-open", static_cast<int>(i), std::string("REFRESH while ") +
                     (b.ap_pending ? "an auto-precharge is pending" : "row " + std::to_string(b.row) + " is open"));
    if (m < b.act_ok) fail("tRP", static_cast<int>(i), "REFRESH " + std::to_string(b.act_ok - m) + " memory cycle(s) before tRP");
  }
  if (m < rfc_until_) fail("tRFC", -1, "REFRESH " + std::to_string(rfc_until_ - m) + " memory cycle(s) before tRFC");
  if (m < cmd_ok_) fail("tMRD", -1, "REFRESH " + std::to_string(cmd_ok_ - m) + " memory cycle(s) before tMRD");
  rfc_until_ = m + cfg_.t_rfc;
  group_refreshed_[refresh_ptr_] = m;
  refresh_ptr_ = (refresh_ptr_ + 1) % kSdramRefreshGroups;
  if (init_ == Init::kDone) refreshes_ = std::min(refreshes_ + 1, refreshesDue(m) + kSdramRefreshPullIn);
  ++stats_.refreshes;
}

uint64_t SdramDevice::refreshesDue(uint64_t m) const {
  return m < init_done_ ? 0 : (m - init_done_) / cfg_.t_refi;
}

// Rule tREFI: counted from the end of initialization, one REFRESH is due every t_refi; at
// most refresh_postpone may be owed, and REFRESHes issued ahead count for at most
// kSdramRefreshPullIn later ones (refresh()). Checked at every memory clock edge.
void SdramDevice::checkRefreshDue(uint64_t m) const {
  if (!cfg_.sdram_refresh || !check_refi_ || init_ != Init::kDone || m < init_done_) return;
  const uint64_t due = refreshesDue(m);
  if (due > refreshes_ + cfg_.refresh_postpone)
    fail("tREFI", -1, std::to_string(due - refreshes_) + " REFRESHes owed, at most " + std::to_string(cfg_.refresh_postpone) +
         " may be postponed (" + std::to_string(refreshes_) + " counted in " + std::to_string(m - init_done_) +
         " memory cycles, tREFI = " + std::to_string(cfg_.t_refi) + ")");
}

// Retention: ACTIVATE restores a row, REFRESH restores a group of rows; the model takes
// every row as written when initialization completes (the back door loads images at any
// time). A row activated more than retentionCycles() after it was last restored has lost
// its contents: the bank remembers that and a READ of it fails (rule retention).
void SdramDevice::checkRetention(const SdramPins& p, Bank& b, uint64_t m) {
  b.stale = false;
  if (!cfg_.sdram_refresh) return;
  const uint64_t key = (uint64_t{p.bank} << 32) | p.row;
  uint64_t last = std::max(init_done_, group_refreshed_[p.row % kSdramRefreshGroups]);
  const auto it = row_activated_.find(key);
  if (it != row_activated_.end()) last = std::max(last, it->second);
  if (m - last > retentionCycles()) {
    b.stale = true;
    b.stale_age = m - last;
    return;
  }
  row_activated_[key] = m;
}

// Rule activate-open: ACTIVATE only to a precharged (idle) bank.
// Rule tRP: ACTIVATE no earlier than tRP after the bank's precharge started.
void SdramDevice::activate(const SdramPins& p, uint64_t m) {
  checkBank(p);
  Bank& b = banks_[p.bank];
  const int bi = static_cast<int>(p.bank);
  if (p.row >= geo_.rows()) fail("row-range", bi, "ACTIVATE of row " + std::to_string(p.row));
  if (b.open)
    fail("activate-open", bi, "ACTIVATE of row " + std::to_string(p.row) + " while row " + std::to_string(b.row) +
         (b.ap_pending ? " waits for its auto-precharge" : " is open"));
  if (m < b.act_ok)
    fail("tRP", bi, "ACTIVATE " + std::to_string(b.act_ok - m) + " memory cycle(s) before tRP = " +
         std::to_string(cfg_.t_rp) + " has elapsed");
  if (m < init_done_)
    fail("init-sequence", bi, "ACTIVATE " + std::to_string(init_done_ - m) +
         " memory cycle(s) before initialization is complete (DLL lock t_dll, tRFC)");
  if (m < rfc_until_) fail("tRFC", bi, "ACTIVATE " + std::to_string(rfc_until_ - m) + " memory cycle(s) before tRFC");
  if (m < cmd_ok_) fail("tMRD", bi, "ACTIVATE " + std::to_string(cmd_ok_ - m) + " memory cycle(s) before tMRD");
  checkRetention(p, b, m);
  b.open = true;
  b.row = p.row;
  b.cas_ok = m + cfg_.t_rcd;
  b.ras_until = m + cfg_.t_ras;
  b.rd_until = b.wr_until = 0;
  ++stats_.activates;
}

// Rules read-closed / read-row: READ/WRITE only to the open row of an open bank.
// Rule tRCD: READ/WRITE no earlier than tRCD after ACTIVATE.
// Rule col-align: bursts start on a burst boundary (the model does not wrap).
void SdramDevice::readWrite(const SdramPins& p, uint64_t m) {
  checkBank(p);
  Bank& b = banks_[p.bank];
  const int bi = static_cast<int>(p.bank);
  const bool wr = p.cmd == SdramCmd::kWrite;
  const std::string what = wr ? "WRITE" : "READ";
  if (p.col >= geo_.cols() || p.row >= geo_.rows()) fail("col-range", bi, what + " column/row out of range");
  if (p.col % geo_.burstBeats() != 0)
    fail("col-align", bi, what + " column " + std::to_string(p.col) + " is not burst-aligned");
  if (!b.open || b.ap_pending)
    fail(wr ? "write-closed" : "read-closed", bi,
         what + " to a bank with no open row" + (b.ap_pending ? " (auto-precharge pending)" : ""));
  if (p.row != b.row)
    fail(wr ? "write-row" : "read-row", bi,
         what + " meant for row " + std::to_string(p.row) + " but row " + std::to_string(b.row) + " is open");
  if (m < b.cas_ok)
    fail("tRCD", bi, what + " " + std::to_string(b.cas_ok - m) + " memory cycle(s) before tRCD = " +
         std::to_string(cfg_.t_rcd) + " has elapsed");
  if (!wr && b.stale)
    fail("retention", bi, "READ of row " + std::to_string(b.row) + ", last refreshed " + std::to_string(b.stale_age) +
         " memory cycles before its ACTIVATE (retention " + std::to_string(retentionCycles()) + ")");
  const uint32_t half = geo_.burstBeats() / 2;  // burst length in memory cycles
  Burst burst;
  burst.write = wr;
  burst.bank = bi;
  burst.addr = geo_.encode(SdramAddr{p.bank, p.row, p.col});
  if (wr) {
    burst.start = 2 * (m + cfg_.t_cwl);
    b.wr_until = std::max(b.wr_until, m + cfg_.t_cwl + half + cfg_.t_wr);
    ++stats_.writes;
  } else {
    burst.start = 2 * (m + cfg_.t_cl);
    b.rd_until = std::max(b.rd_until, m + half);
    ++stats_.reads;
  }
  scheduleBurst(burst);
  if (p.ap) {
    b.ap_pending = true;
    b.ap_at = prechargeFrom(b);
  }
}

uint64_t SdramDevice::prechargeFrom(const Bank& b) const {
  return std::max({b.ras_until, b.rd_until, b.wr_until});
}

// Rules tRAS / read-truncate / tWR: PRECHARGE only after the row's minimum active time, the
// end of a read burst's array access and the write recovery time. Precharging an idle
// bank is a legal no-op; precharging a bank with a pending auto-precharge is not.
void SdramDevice::precharge(int bi, uint64_t m) {
  Bank& b = banks_[static_cast<size_t>(bi)];
  if (b.ap_pending) fail("precharge-ap", bi, "PRECHARGE of a bank whose auto-precharge is pending");
  if (!b.open) return;
  if (m < b.ras_until) fail("tRAS", bi, "PRECHARGE " + std::to_string(b.ras_until - m) + " memory cycle(s) before tRAS");
  if (m < b.rd_until) fail("read-truncate", bi, "PRECHARGE would truncate the read burst");
  if (m < b.wr_until) fail("tWR", bi, "PRECHARGE " + std::to_string(b.wr_until - m) + " memory cycle(s) before tWR");
  b.open = false;
  b.act_ok = m + cfg_.t_rp;
  ++stats_.precharges;
}

// Rules burst-collision / bus-conflict / bus-turnaround: every data burst needs the DQ
// bus to itself; bursts of opposite direction also need t_turn idle memory cycles between.
void SdramDevice::scheduleBurst(const Burst& nb) {
  const uint64_t len = geo_.burstBeats();
  const uint64_t turn = 2ull * cfg_.t_turn;
  for (const Burst& o : bursts_) {
    const bool overlap = nb.start < o.start + len && o.start < nb.start + len;
    if (overlap) {
      if (o.write == nb.write)
        fail("burst-collision", nb.bank, std::string(nb.write ? "write" : "read") + " burst from chip cycle " +
             std::to_string(nb.start) + " overlaps the burst of bank " + std::to_string(o.bank) + " from " +
             std::to_string(o.start));
      fail("bus-conflict", nb.bank, std::string(nb.write ? "write" : "read") + " burst from chip cycle " +
           std::to_string(nb.start) + " overlaps the " + (o.write ? "write" : "read") + " burst of bank " +
           std::to_string(o.bank) + " from " + std::to_string(o.start));
    }
    if (o.write != nb.write) {
      const uint64_t gap = nb.start >= o.start + len ? nb.start - (o.start + len) : o.start - (nb.start + len);
      if (gap < turn)
        fail("bus-turnaround", nb.bank, "only " + std::to_string(gap) + " idle beat(s) between a read and a write burst, " +
             std::to_string(turn) + " needed");
    }
  }
  auto it = std::upper_bound(bursts_.begin(), bursts_.end(), nb.start,
                             [](uint64_t s, const Burst& b) { return s < b.start; });
  bursts_.insert(it, nb);
}

// Rules write-data-missing / write-data-stray / bus-conflict on the data beats themselves.
void SdramDevice::dataBeat(const SdramPins& p) {
  const uint64_t len = geo_.burstBeats();
  const uint64_t keep = len + 2ull * cfg_.t_turn;  // old bursts still matter for turnaround
  while (!bursts_.empty() && bursts_.front().start + keep <= cycle_) bursts_.pop_front();
  out_.valid = false;
  const Burst* cur = nullptr;
  for (const Burst& b : bursts_) {
    if (b.start <= cycle_ && cycle_ < b.start + len) { cur = &b; break; }
    if (b.start > cycle_) break;
  }
  const uint32_t nbytes = geo_.beatBytes();
  if (cur == nullptr) {
    if (p.wr_valid) fail("write-data-stray", -1, "controller drives DQ outside any write burst");
    return;
  }
  const uint32_t addr = cur->addr + static_cast<uint32_t>(cycle_ - cur->start) * nbytes;
  if (!cur->write) {
    if (p.wr_valid) fail("bus-conflict", cur->bank, "controller drives DQ during a read burst");
    mem_.read(addr, out_.dq, nbytes);
    out_.valid = true;
    ++stats_.read_beats;
    return;
  }
  if (!p.wr_valid)
    fail("write-data-missing", cur->bank, "no write data in beat " + std::to_string(cycle_ - cur->start) + " of a write burst");
  // Unmasked bytes go to the array, in runs to keep the back door cheap.
  uint32_t i = 0;
  while (i < nbytes) {
    if ((p.dm >> i) & 1u) { ++i; continue; }
    uint32_t j = i;
    while (j < nbytes && !((p.dm >> j) & 1u)) ++j;
    mem_.write(addr + i, p.dq + i, j - i);
    i = j;
  }
  ++stats_.write_beats;
}

}  // namespace cc::sim
