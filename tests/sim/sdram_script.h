// Test helper: drives a SdramDevice command by command on memory clock edges, supplies
// write data in exactly the beats the device expects, and records read beats with the
// chip cycle they appeared in. Tests build legal and illegal sequences with it.
//
// The constructor runs the device's initialization sequence (unless told not to) and then
// counts chip cycles from its end: origin() is that chip cycle, and read beats and
// violations are reported relative to it (memory cycle 0 = the first command after init).
#pragma once
#include <cstring>
#include <map>
#include <vector>

#include "cc_sdram_device.h"

namespace cc::sim::test {

struct ReadBeat {
  uint64_t cycle;
  std::vector<uint8_t> data;
};

class SdramScript {
 public:
  enum class Start { kInitialized, kPowerUp };
  explicit SdramScript(const ChipConfig& cfg, Start start = Start::kInitialized) : cfg_(cfg), dev_(cfg, mem_) {
    if (start == Start::kInitialized) init();
  }

  // The initialization sequence with the shortest legal waits: power-up wait, PRECHARGE
  // ALL, MODE, REFRESH, REFRESH, then NOPs until the DLL has locked.
  void init() {
    nop(static_cast<int>(cfg_.t_init));
    pre(0, true);
    nop(static_cast<int>(cfg_.t_rp) - 1);
    mode(sdramModeValue(cfg_));
    nop(static_cast<int>(cfg_.t_mrd) - 1);
    ref();
    nop(static_cast<int>(cfg_.t_rfc) - 1);
    ref();
    while (!dev_.initialized()) nop();
    origin_ = dev_.cycle();
  }
  uint64_t origin() const { return origin_; }
  // Chip cycle relative to origin().
  uint64_t rel(uint64_t chip_cycle) const { return chip_cycle - origin_; }

  // One memory cycle with `p` on the command pins (held for both chip cycles).
  void cmd(const SdramPins& p) {
    if (p.cmd == SdramCmd::kWrite) scheduleWrite(p);
    stepChip(p);
    stepChip(p);
  }
  void act(uint32_t bank, uint32_t row) { cmd(pins(SdramCmd::kActivate, bank, row, 0, false)); }
  void read(uint32_t bank, uint32_t row, uint32_t col, bool ap = false) {
    cmd(pins(SdramCmd::kRead, bank, row, col, ap));
  }
  // WRITE of one burst: `data` holds burst bytes, `dm` one mask per beat.
  void write(uint32_t bank, uint32_t row, uint32_t col, bool ap, const std::vector<uint8_t>& data,
             const std::vector<uint64_t>& dm = {}) {
    next_wdata_ = data;
    next_dm_ = dm;
    cmd(pins(SdramCmd::kWrite, bank, row, col, ap));
  }
  void pre(uint32_t bank, bool all = false) { cmd(pins(SdramCmd::kPrecharge, bank, 0, 0, all)); }
  void ref() { cmd(pins(SdramCmd::kRefresh, 0, 0, 0, false)); }
  void mode(uint32_t value, uint32_t reg = 0) { cmd(pins(SdramCmd::kMode, reg, value, 0, false)); }
  void nop(int memory_cycles = 1) {
    for (int i = 0; i < memory_cycles; ++i) cmd(SdramPins{});
  }
  // Steps one chip cycle with explicit pins (for off-phase and stray-data tests).
  void stepChip(const SdramPins& p) {
    SdramPins q = p;
    const auto it = wbeats_.find(dev_.cycle());
    if (it != wbeats_.end()) {
      q.wr_valid = true;
      std::memcpy(q.dq, it->second.data.data(), it->second.data.size());
      q.dm = it->second.dm;
      wbeats_.erase(it);
    }
    if (drop_write_beats_ && q.wr_valid) q.wr_valid = false;
    const SdramDq& o = dev_.step(q);
    if (o.valid) reads_.push_back({rel(dev_.cycle() - 1), std::vector<uint8_t>(o.dq, o.dq + dev_.geometry().beatBytes())});
  }

  static SdramPins pins(SdramCmd c, uint32_t bank, uint32_t row, uint32_t col, bool ap) {
    SdramPins p;
    p.cmd = c;
    p.bank = bank;
    p.row = row;
    p.col = col;
    p.ap = ap;
    return p;
  }

  SdramDevice& dev() { return dev_; }
  BoardMemory& mem() { return mem_; }
  const std::vector<ReadBeat>& reads() const { return reads_; }
  void dropWriteBeats(bool on) { drop_write_beats_ = on; }

 private:
  struct WBeat {
    std::vector<uint8_t> data;
    uint64_t dm;
  };
  void scheduleWrite(const SdramPins&) {
    const uint32_t bb = dev_.geometry().beatBytes();
    const uint64_t start = dev_.cycle() + 2ull * cfg_.t_cwl;
    for (uint32_t i = 0; i < dev_.geometry().burstBeats(); ++i) {
      WBeat w;
      w.data.assign(bb, 0);
      if (next_wdata_.size() >= (i + 1) * bb) std::memcpy(w.data.data(), next_wdata_.data() + i * bb, bb);
      w.dm = i < next_dm_.size() ? next_dm_[i] : 0;
      wbeats_[start + i] = w;
    }
  }

  ChipConfig cfg_;
  BoardMemory mem_;
  SdramDevice dev_;
  std::map<uint64_t, WBeat> wbeats_;
  std::vector<uint8_t> next_wdata_;
  std::vector<uint64_t> next_dm_;
  std::vector<ReadBeat> reads_;
  bool drop_write_beats_ = false;
  uint64_t origin_ = 0;
};

}  // namespace cc::sim::test
