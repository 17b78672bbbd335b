// The golden functional model behind the Device interface: registers are direct calls,
// the memory window is the board memory itself, and a query completes inside the write
// of CTRL.START, so the interrupt is already there when the driver waits. chip() lets a
// test attach a golden::Observer.
#pragma once
#include <string>

#include "cc/board_memory.h"
#include "cc/device.h"
#include "cc/golden_chip.h"

namespace cc {

class GoldenDevice : public Device {
 public:
  explicit GoldenDevice(const ChipConfig& cfg) : chip_(mem_, cfg) {}
  std::string name() const override { return "golden"; }
  void write32(uint32_t off, uint32_t v) override { chip_.write32(off, v); }
  uint32_t read32(uint32_t off) override { return chip_.read32(off); }
  void writeMemory(uint32_t addr, const void* data, size_t n) override { mem_.write(addr, data, n); }
  void readMemory(uint32_t addr, void* data, size_t n) override { mem_.read(addr, data, n); }
  bool waitInterrupt(uint64_t) override { return chip_.interruptAsserted(); }
  golden::Chip& chip() { return chip_; }

 private:
  BoardMemory mem_;
  golden::Chip chip_;
};

}  // namespace cc
