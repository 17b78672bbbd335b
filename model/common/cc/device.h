// The seam between the host driver and the chip's models: the driver touches the chip
// only through this MMIO abstraction (BAR0 registers, the BAR1 window into board memory,
// the interrupt). Backends implement it below the driver: golden (direct calls into the
// functional model), tlm and rtl (over the simulated PCI bus), and the strict mock device
// of the driver's unit tests; the driver picks one (driver/cc/backends.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace cc {

class Device {
 public:
  virtual ~Device() = default;
  virtual std::string name() const = 0;
  virtual void write32(uint32_t bar0_offset, uint32_t value) = 0;
  virtual uint32_t read32(uint32_t bar0_offset) = 0;
  // `n` consecutive registers from `bar0_offset` on, in order: on the PCI bus one linear
  // burst (docs/pci.md: BAR0 writes burst, reads do not); by default one write32 a word.
  virtual void writeRegisters(uint32_t bar0_offset, const uint32_t* values, size_t n) {
    for (size_t i = 0; i < n; ++i) write32(bar0_offset + 4 * static_cast<uint32_t>(i), values[i]);
  }
  virtual void writeMemory(uint32_t addr, const void* data, size_t bytes) = 0;
  virtual void readMemory(uint32_t addr, void* data, size_t bytes) = 0;
  // Blocks until INTA# is asserted or `max_cycles` chip cycles have passed (untimed
  // backends return at once); returns whether the interrupt came.
  virtual bool waitInterrupt(uint64_t max_cycles) = 0;
  // Host-bus clocks (PCI, at the board's pci_mhz) the accesses above have occupied since
  // the device was made: address and data phases, wait states, Retries, turnarounds. The
  // wait for the interrupt is not counted (the chip's own cycles time it). 0 on an
  // untimed backend.
  virtual uint64_t busClocks() const { return 0; }
};

}  // namespace cc
