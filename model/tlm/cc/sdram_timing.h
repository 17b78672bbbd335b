// SDRAM timing of the TLM model: what the chip's SDRAM controller (rtl/cc_sdram_ctrl.v)
// charges for each request, computed per request instead of per cycle.
//
// Policy (the RTL controller's): closed page, bank look-ahead, responses in order.
//   * Every READ/WRITE carries auto-precharge; the bank's next ACTIVATE may follow
//     tRP after the auto-precharge starts (max of tRAS, end of the read burst, tWR).
//   * Up to sdram_queue requests are held; a request leaves when its data has gone to
//     the chip (reads) or onto the bus (writes).
//   * Per bank, rows open in request order; across banks a later request's ACTIVATE and
//     READ/WRITE may go out before an older one's (the older one keeps priority: requests
//     are scheduled oldest first, each into the earliest command slot and data-bus gap
//     still free, with t_turn idle memory cycles between reads and writes).
//   * Read data goes to the chip in request order, one beat per chip cycle, as soon as
//     it is there and the older requests' beats have gone.
//   * One command per memory cycle; the memory clock is half the chip clock, so commands
//     sit on even chip cycles and data moves one beat per chip cycle.
//
// Address mapping, rule names and parameters are those of the device model
// (sim/cc_sdram_device.h: SdramGeometry and ChipConfig); tests/tlm replays the commands
// this class schedules into cc::sim::SdramDevice, which checks every timing rule.
#pragma once
#include <cstdint>
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
  // last requested beat was handed to the chip (in request order).
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
  uint64_t idleFrom() const { return bus_end_; }
  // For the last read: the chip cycle after its last requested beat was on DQ (before
  // the in-order hand-over to the chip).
  uint64_t lastReadOnBus() const { return last_on_bus_; }

 private:
  // One burst (one request); returns the chip cycle of its first data beat.
  uint64_t burst(uint32_t burst_addr, bool write, uint64_t ready_chip);
  uint64_t takeSlot(uint64_t from);  // first free command cycle >= from (memory cycles)
  bool slotFree(uint64_t m) const { return cmd_[m % cmd_.size()] == 0; }
  uint64_t busConflict(uint64_t start, bool write) const;  // 0: a burst from `start` fits
  void admitted(uint64_t leaves);                  // the request leaves the queue then
  void advanceHorizon(uint64_t to);                // forget everything before chip cycle `to`
  void emit(uint64_t m, sim::SdramCmd cmd, const sim::SdramAddr& a, bool ap);

  ChipConfig cfg_;
  sim::SdramGeometry geo_;
  std::vector<uint64_t> act_ok_;  // per bank: first memory cycle an ACTIVATE may go out
  std::vector<uint64_t> leave_;   // the last sdram_queue requests: chip cycle they left (ring)
  uint64_t requests_ = 0;
  uint64_t delivered_ = 0;        // chip cycle after the last read beat handed to the chip
  uint64_t bus_end_ = 0;          // chip cycle after the latest data beat scheduled
  uint64_t last_on_bus_ = 0;
  uint64_t horizon_ = 0;          // chip cycle before which nothing is scheduled any more
  // Books of the window [horizon_, horizon_ + kWindow): rings indexed by cycle.
  std::vector<uint8_t> bus_;      // per chip cycle: 0 free, 1 read beat, 2 write beat
  std::vector<uint8_t> cmd_;      // per memory cycle: command slot taken
  bool record_ = false;
  std::vector<SdramCommand> trace_;
  SdramTimingStats stats_;
};

}  // namespace cc::tlm
