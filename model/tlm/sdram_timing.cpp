#include "cc/sdram_timing.h"

#include <algorithm>
#include <stdexcept>

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

}  // namespace cc::tlm
