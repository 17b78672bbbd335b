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
  }
  return "?";
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
    : cfg_(cfg), geo_(cfg), mem_(mem), banks_(geo_.banks()) {
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

void SdramDevice::command(const SdramPins& p, uint64_t m) {
  switch (p.cmd) {
    case SdramCmd::kNop: return;
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
