// Cycle-based DDR SDRAM device model (docs/memory_system.md, paper §4/§5): the board's
// local memory as the chip's SDRAM interface sees it. It is stepped once per CHIP cycle;
// the memory clock runs at half that rate, so commands are sampled on even chip cycles
// (memory clock edges) and data moves one beat per chip cycle (double data rate).
//
// The array is a cc::BoardMemory (sparse, 4 GiB addressable); memory() is the back door
// that loads images and inspects results without bus cycles.
//
// Address mapping (defaults: 4 banks, 32-byte beats, bursts of 8, 9 column bits):
//
//   31                 16 15        10 9    8 7      5 4       0
//  +---------------------+------------+------+--------+---------+
//  |        row          |  col[8:3]  | bank |col[2:0]| byte    |
//  +---------------------+------------+------+--------+---------+
//                                             \_ beat in burst _/ = 256 B = one node pair
//
// The bank bits sit just above the burst (node-pair) offset, so consecutive node pairs fall
// into different banks and a tree laid out breadth-first interleaves over all four banks.
// The column bits above the bank select one of 64 bursts in a 16 KiB row; the row takes
// the remaining high bits (16 bits: 4 banks x 64 Ki rows x 16 KiB = 4 GiB).
//
// Every rule the model knows is checked on every command and every data beat; a violation
// throws SdramViolation naming the rule, the bank and the chip cycle (see rules in the .cpp
// and docs/memory_system.md). The device starts powered up but uninitialized: it accepts
// only the initialization sequence (power-up wait, PRECHARGE ALL, MODE with the configured
// CAS latency and burst length, two REFRESHes, the DLL wait) before any ACTIVATE. After it,
// REFRESH is due every t_refi on average (at most refresh_postpone owed; a REFRESH ahead of
// time counts for a later one, at most kSdramRefreshPullIn of them), and a row read more
// than the retention time after it was last refreshed or activated has lost its data.
// Not modelled: power-down, self refresh, tRRD/tFAW.
#pragma once
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "cc/board_memory.h"
#include "cc/config.h"

namespace cc::sim {

// Where a byte address lands in the device.
struct SdramAddr {
  uint32_t bank = 0;
  uint32_t row = 0;
  uint32_t col = 0;  // beat (column) address inside the row
};

// The address mapping above, derived from a ChipConfig. Throws std::invalid_argument on
// a geometry the mapping cannot express (non-power-of-two sizes, too many bits).
class SdramGeometry {
 public:
  explicit SdramGeometry(const ChipConfig& cfg);

  SdramAddr decode(uint32_t byte_addr) const;
  uint32_t encode(const SdramAddr& a) const;  // byte address of beat a.col

  uint32_t beatBytes() const { return beat_bytes_; }
  uint32_t burstBeats() const { return burst_beats_; }
  uint32_t burstBytes() const { return beat_bytes_ * burst_beats_; }
  uint32_t banks() const { return 1u << bank_bits_; }
  uint32_t cols() const { return 1u << col_bits_; }
  uint64_t rows() const { return 1ull << row_bits_; }
  int burstOffsetBits() const { return burst_off_bits_; }
  int bankBits() const { return bank_bits_; }

 private:
  uint32_t beat_bytes_, burst_beats_;
  int beat_bits_, burst_bits_, burst_off_bits_, bank_bits_, col_bits_, row_bits_;
};

// Codes as on the controller's sd_cmd_o pins.
enum class SdramCmd : uint8_t { kNop, kActivate, kRead, kWrite, kPrecharge, kRefresh, kMode };
const char* sdramCmdName(SdramCmd c);

inline constexpr uint32_t kSdramMaxBeatBytes = 64;  // up to a 512-bit bus

// What the controller drives in one chip cycle. Commands must be held for the whole
// memory cycle (equal on the even chip cycle and the odd one after it).
struct SdramPins {
  SdramCmd cmd = SdramCmd::kNop;
  uint32_t bank = 0;
  uint32_t row = 0;  // ACTIVATE: the row. READ/WRITE: the row the controller believes is
                     // open (a checker side band, not a pin: lets the model catch a
                     // controller that reads the wrong row).
  uint32_t col = 0;  // READ/WRITE: first beat, burst-aligned
  bool ap = false;   // A10: READ/WRITE with auto-precharge; PRECHARGE all banks
                     // MODE: bank = mode register (0), row = its value (sdramModeValue)
  // Write data (DQ driven by the controller, DQS toggling) and data mask (DM, bit i set =
  // byte i is NOT written).
  bool wr_valid = false;
  uint8_t dq[kSdramMaxBeatBytes] = {};
  uint64_t dm = 0;
};

// What the device drives in one chip cycle.
struct SdramDq {
  bool valid = false;  // a read beat is on DQ
  uint8_t dq[kSdramMaxBeatBytes] = {};
};

// The mode-register value that programs CAS latency and burst length: CL * 16 + log2(BL).
// The model's encoding of the two fields it checks, not the JEDEC bit layout (which differs
// between DDR and DDR4); the RTL computes the same (cc_sdram_ctrl ModeValue).
uint32_t sdramModeValue(const ChipConfig& cfg);

// JEDEC: 8192 REFRESH commands cover every row once (64 ms / 8192 = tREFI, 7.8 us).
inline constexpr uint32_t kSdramRefreshGroups = 8192;

class SdramViolation : public std::runtime_error {
 public:
  SdramViolation(const std::string& rule, int bank, uint64_t chip_cycle, const std::string& detail);
  const std::string& rule() const { return rule_; }
  int bank() const { return bank_; }  // -1 when the rule is not about one bank
  uint64_t cycle() const { return cycle_; }

 private:
  std::string rule_;
  int bank_;
  uint64_t cycle_;
};

struct SdramStats {
  uint64_t activates = 0, reads = 0, writes = 0, precharges = 0, refreshes = 0;
  uint64_t read_beats = 0, write_beats = 0;

  // Adds the counts of `later` minus those of `earlier` (one period of a running count).
  void addPeriod(const SdramStats& earlier, const SdramStats& later) {
    activates += later.activates - earlier.activates;
    reads += later.reads - earlier.reads;
    writes += later.writes - earlier.writes;
    precharges += later.precharges - earlier.precharges;
    refreshes += later.refreshes - earlier.refreshes;
    read_beats += later.read_beats - earlier.read_beats;
    write_beats += later.write_beats - earlier.write_beats;
  }
};

class SdramDevice {
 public:
  // Throws std::invalid_argument on a bad configuration.
  SdramDevice(const ChipConfig& cfg, BoardMemory& mem);

  // One chip cycle: `pins` is what the controller drives during it; the result is what
  // the device drives on DQ during the same cycle. Throws SdramViolation.
  const SdramDq& step(const SdramPins& pins);

  uint64_t cycle() const { return cycle_; }  // chip cycles stepped so far
  const SdramGeometry& geometry() const { return geo_; }
  BoardMemory& memory() { return mem_; }  // back door
  const SdramStats& stats() const { return stats_; }
  // True when no burst is in flight (safe to stop stepping).
  bool quiet() const { return bursts_.empty(); }
  // True once the initialization sequence is complete (ACTIVATE allowed).
  bool initialized() const { return init_ == Init::kDone && cycle_ / 2 >= init_done_; }
  // Memory cycles a row may go without REFRESH or ACTIVATE: the 8192 intervals of tREFI the
  // standard's 64 ms are, plus the pull-in and the postponement it allows
  // (kSdramRefreshPullIn + refresh_postpone + 1 intervals).
  uint64_t retentionCycles() const;
  // The tREFI rule catches a skipped refresh long before any row runs past its retention
  // time; tests switch it off to exercise the retention rule on its own.
  void checkRefreshInterval(bool on) { check_refi_ = on; }

 private:
  struct Bank {
    bool open = false;
    uint32_t row = 0;
    uint64_t act_ok = 0;     // memory cycle from which ACTIVATE meets tRP
    uint64_t cas_ok = 0;     // memory cycle from which READ/WRITE meets tRCD
    uint64_t ras_until = 0;  // precharge allowed from (tRAS)
    uint64_t rd_until = 0;   // precharge allowed from (read burst would be truncated)
    uint64_t wr_until = 0;   // precharge allowed from (tWR)
    bool ap_pending = false;
    uint64_t ap_at = 0;      // memory cycle the auto-precharge starts
    bool stale = false;      // the open row was past its retention time when activated
    uint64_t stale_age = 0;  // memory cycles since its last refresh, then
  };
  // Initialization: what the next command of the sequence must be.
  enum class Init { kPowerUp, kPrechargeAll, kMode, kRefresh1, kRefresh2, kDone };
  struct Burst {
    uint64_t start;  // chip cycle of the first beat
    bool write;
    int bank;
    uint32_t addr;   // byte address of the first beat
  };

  void command(const SdramPins& p, uint64_t m);
  void initCommand(const SdramPins& p, uint64_t m);
  void refresh(uint64_t m);
  void mode(const SdramPins& p, uint64_t m);
  void checkRefreshDue(uint64_t m) const;
  uint64_t refreshesDue(uint64_t m) const;  // REFRESHes due by memory cycle m (tREFI ticks)
  void checkRetention(const SdramPins& p, Bank& b, uint64_t m);
  void activate(const SdramPins& p, uint64_t m);
  void readWrite(const SdramPins& p, uint64_t m);
  void precharge(int bank, uint64_t m);
  void scheduleBurst(const Burst& b);
  void dataBeat(const SdramPins& p);
  uint64_t prechargeFrom(const Bank& b) const;
  void checkBank(const SdramPins& p) const;
  [[noreturn]] void fail(const std::string& rule, int bank, const std::string& detail) const;

  ChipConfig cfg_;
  SdramGeometry geo_;
  BoardMemory& mem_;
  std::vector<Bank> banks_;
  std::deque<Burst> bursts_;  // scheduled and recent bursts, by start
  SdramPins held_;            // command sampled at the last memory clock edge
  SdramDq out_;
  SdramStats stats_;
  uint64_t cycle_ = 0;
  Init init_ = Init::kPowerUp;
  bool check_refi_ = true;
  uint64_t init_done_ = ~uint64_t{0};  // memory cycle the sequence completes
  uint64_t cmd_ok_ = 0;                // first memory cycle after tMRD
  uint64_t rfc_until_ = 0;             // first memory cycle after tRFC
  uint64_t refreshes_ = 0;             // REFRESHes counted since initialization (pull-in clamped)
  uint32_t refresh_ptr_ = 0;           // the row group the next REFRESH restores
  std::vector<uint64_t> group_refreshed_;                 // per row group: memory cycle
  std::unordered_map<uint64_t, uint64_t> row_activated_;  // (bank, row) -> memory cycle
};

}  // namespace cc::sim
