// SDRAM timing of the TLM model: what the chip's SDRAM controller (rtl/cc_sdram_ctrl.v)
// charges for each request, computed per request instead of per cycle.
//
// Policy (the RTL controller's): closed page, requests served strictly in order.
//   * Every READ/WRITE carries auto-precharge; the bank's next ACTIVATE may follow
//     tRP after the auto-precharge starts (max of tRAS, end of the read burst, tWR).
//   * ACTIVATE goes out as soon as the request is in the queue (sdram_queue deep) and its
//     bank is ready, possibly ahead of older requests' READs (bank interleaving).
//   * READ/WRITE in request order, tRCD after its ACTIVATE, and only when its data burst
//     finds the data bus free (t_turn idle memory cycles between reads and writes).
//   * One command per memory cycle; the memory clock is half the chip clock, so commands
//     sit on even chip cycles and data moves one beat per chip cycle.
//
// Address mapping, rule names and parameters are those of the device model
// (sim/cc_sdram_device.h: SdramGeometry and ChipConfig); tests/tlm replays the commands
// this class schedules into cc::sim::SdramDevice, which checks every timing rule.
#pragma once
#include <cstdint>
#include <set>
#include <vector>

#include "cc/config.h"
#include "cc_sdram_device.h"

namespace cc::tlm {

// One command as the controller drives it (kept only when recording is switched on).
struct SdramCommand {
  uint64_t mem_cycle;
  sim::SdramCmd cmd;
  uint32_t bank, row, col;
  bool ap;
};

struct SdramTimingStats {
  uint64_t reads = 0, writes = 0, activates = 0;  // bursts and ACTIVATEs
  uint64_t busy_beats = 0;                        // chip cycles the data bus carried data
};

class SdramTiming {
 public:
  explicit SdramTiming(const ChipConfig& cfg);  // throws std::invalid_argument

  // A read of `bytes` at `addr` (within one aligned node pair or record) that the chip
  // can hand to the controller from chip cycle `ready`. Returns the chip cycle after the
  // last beat holding requested bytes arrived.
  uint64_t read(uint32_t addr, uint32_t bytes, uint64_t ready);
  // A posted write of `bytes` (within one burst) from chip cycle `ready`; returns the chip
  // cycle after its last data beat.
  uint64_t write(uint32_t addr, uint32_t bytes, uint64_t ready);

  void reset();  // all banks precharged, buses idle, time 0, stats and trace cleared
  void setRecording(bool on) { record_ = on; }
  const std::vector<SdramCommand>& commands() const { return trace_; }
  const SdramTimingStats& stats() const { return stats_; }
  const sim::SdramGeometry& geometry() const { return geo_; }
  // Chip cycle after the last data beat of everything scheduled so far.
  uint64_t idleFrom() const { return bus_free_; }

 private:
  // One burst; returns the chip cycle of its first data beat.
  uint64_t burst(uint32_t burst_addr, bool write, uint64_t ready_chip);
  uint64_t takeSlot(uint64_t from);  // first free command cycle >= from (memory cycles)
  void emit(uint64_t m, sim::SdramCmd cmd, const sim::SdramAddr& a, bool ap);

  ChipConfig cfg_;
  sim::SdramGeometry geo_;
  std::vector<uint64_t> act_ok_;  // per bank: first memory cycle an ACTIVATE may go out
  std::vector<uint64_t> cas_;     // the last sdram_queue READ/WRITE cycles (ring)
  uint64_t requests_ = 0;
  uint64_t last_cas_ = 0;         // memory cycle of the last READ/WRITE (+1: none yet = 0)
  bool any_cas_ = false;
  uint64_t bus_free_ = 0;         // chip cycle after the last data beat
  bool last_write_ = false;
  std::set<uint64_t> used_;       // command cycles taken (pruned behind the oldest useful)
  bool record_ = false;
  std::vector<SdramCommand> trace_;
  SdramTimingStats stats_;
};

}  // namespace cc::tlm
