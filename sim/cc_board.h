// The simulated CollisionChip board around the Verilated chip (rtl/cc_chip.v): the DDR
// SDRAM device model (sim/cc_sdram_device.h, checking every timing rule), the stack SRAM,
// clocking, run-time FST tracing (CC_TRACE=file.fst) and a watchdog. Version 1 reaches the
// chip's register bus directly and loads board memory through the device's back door; the
// PCI target and host bus-functional model replace both when they are integrated
// (docs/rtl_core.md).
#pragma once
#include <cstdint>
#include <memory>

#include "cc/board_memory.h"
#include "cc/config.h"
#include "cc/device.h"

namespace cc::sim {

class RtlBoard {
 public:
  explicit RtlBoard(const ChipConfig& cfg);
  ~RtlBoard();
  RtlBoard(const RtlBoard&) = delete;
  RtlBoard& operator=(const RtlBoard&) = delete;

  void write32(uint32_t offset, uint32_t value);
  uint32_t read32(uint32_t offset);
  BoardMemory& memory();
  // Steps until INTA# or `max_cycles`; returns whether the interrupt came. A chip that
  // stays busy past the watchdog (CC_WATCHDOG cycles, default 2^32) throws.
  bool runUntilInterrupt(uint64_t max_cycles);
  uint64_t cycle() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The `rtl` backend of the driver.
std::unique_ptr<Device> makeRtlDevice(const ChipConfig& cfg);

}  // namespace cc::sim
