#include "cc/sdram_timing.h"

#include <algorithm>
#include <stdexcept>

namespace cc::tlm {

SdramTiming::SdramTiming(const ChipConfig& cfg) : cfg_(cfg), geo_(cfg) {
  if (cfg.sdram_queue == 0) throw std::invalid_argument("SDRAM: sdram_queue must be at least 1");
  reset();
}

void SdramTiming::reset() {
  act_ok_.assign(geo_.banks(), 0);
  cas_.assign(cfg_.sdram_queue, 0);
  requests_ = 0;
  last_cas_ = 0;
  any_cas_ = false;
  bus_free_ = 0;
  last_write_ = false;
  used_.clear();
  trace_.clear();
  stats_ = {};
}

uint64_t SdramTiming::takeSlot(uint64_t from) {
  uint64_t m = from;
  for (auto it = used_.lower_bound(m); it != used_.end() && *it == m; ++it) ++m;
  used_.insert(m);
  return m;
}

void SdramTiming::emit(uint64_t m, sim::SdramCmd cmd, const sim::SdramAddr& a, bool ap) {
  if (record_) trace_.push_back({m, cmd, a.bank, a.row, a.col, ap});
}

uint64_t SdramTiming::burst(uint32_t burst_addr, bool wr, uint64_t ready_chip) {
  const sim::SdramAddr a = geo_.decode(burst_addr);
  const uint64_t q = cfg_.sdram_queue;
  const uint64_t half = geo_.burstBeats() / 2;  // data burst length in memory cycles

  // Admission: the request enters the controller's queue at the first memory clock edge
  // from `ready_chip` on, once the request sdram_queue places ahead has had its READ/WRITE.
  uint64_t arrive = (ready_chip + 1) / 2;
  if (requests_ >= q) arrive = std::max(arrive, cas_[requests_ % q] + 1);

  // ACTIVATE: as soon as the bank has finished its last auto-precharge (tRP).
  const uint64_t act = takeSlot(std::max(arrive, act_ok_[a.bank]));
  emit(act, sim::SdramCmd::kActivate, a, false);
  ++stats_.activates;

  // READ/WRITE: tRCD after ACTIVATE, after the previous READ/WRITE (in order), and late
  // enough that its burst finds the data bus free (turnaround when the direction flips).
  const uint64_t lat = wr ? cfg_.t_cwl : cfg_.t_cl;
  uint64_t cas = act + cfg_.t_rcd;
  if (any_cas_) cas = std::max(cas, last_cas_ + 1);
  const uint64_t bus_need = bus_free_ + ((any_cas_ && wr != last_write_) ? 2ull * cfg_.t_turn : 0);
  const uint64_t bus_cas = (bus_need + 1) / 2;  // memory cycle whose data would start at bus_need
  if (bus_cas > lat) cas = std::max(cas, bus_cas - lat);
  cas = takeSlot(cas);
  emit(cas, wr ? sim::SdramCmd::kWrite : sim::SdramCmd::kRead, a, true);

  // Auto-precharge starts when the row may close (tRAS, read burst done, tWR); the next
  // ACTIVATE of this bank waits tRP more. Same rules as SdramDevice::prechargeFrom.
  const uint64_t close = std::max(act + cfg_.t_ras, wr ? cas + cfg_.t_cwl + half + cfg_.t_wr : cas + half);
  act_ok_[a.bank] = close + cfg_.t_rp;

  const uint64_t start = 2 * (cas + lat);
  bus_free_ = start + geo_.burstBeats();
  last_write_ = wr;
  last_cas_ = cas;
  any_cas_ = true;
  cas_[requests_ % q] = cas;
  ++requests_;
  stats_.busy_beats += geo_.burstBeats();
  ++(wr ? stats_.writes : stats_.reads);

  // Command cycles before the oldest one a future request could use are never looked at
  // again: a future request arrives after the READ/WRITE sdram_queue requests back.
  if (requests_ >= q) used_.erase(used_.begin(), used_.lower_bound(cas_[requests_ % q]));
  return start;
}

uint64_t SdramTiming::read(uint32_t addr, uint32_t bytes, uint64_t ready) {
  if (bytes == 0) return ready;
  const uint32_t bb = geo_.burstBytes();
  const uint32_t first = addr & ~(bb - 1);
  const uint64_t last_byte = static_cast<uint64_t>(addr) + bytes - 1;
  uint64_t done = ready;
  for (uint64_t b = first; b <= last_byte; b += bb) {
    const uint64_t start = burst(static_cast<uint32_t>(b), false, ready);
    const uint64_t end_byte = std::min<uint64_t>(last_byte, b + bb - 1);
    done = start + (end_byte - b) / geo_.beatBytes() + 1;  // after the last needed beat
  }
  return done;
}

uint64_t SdramTiming::write(uint32_t addr, uint32_t bytes, uint64_t ready) {
  if (bytes == 0) return ready;
  const uint32_t bb = geo_.burstBytes();
  const uint32_t first = addr & ~(bb - 1);
  const uint64_t last_byte = static_cast<uint64_t>(addr) + bytes - 1;
  uint64_t done = ready;
  for (uint64_t b = first; b <= last_byte; b += bb) done = burst(static_cast<uint32_t>(b), true, ready) + geo_.burstBeats();
  return done;
}

}  // namespace cc::tlm
