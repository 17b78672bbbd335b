// cc::Device over the simulated PCI bus: the driver's MMIO abstraction (model/common/cc/device.h)
// implemented with the host bus-functional model (sim/cc_pci_host.h). BAR0 offsets become
// single memory transactions at BAR0; board-memory uploads and downloads become BAR1
// bursts (partial words at either end use byte enables on writes); waitInterrupt watches
// INTA#. A board top that puts cc_pci_target in front of the chip only has to bind the
// PCI pins and enumerate the device to get the driver's `rtl` backend over real PCI.
#pragma once
#include <cstdint>
#include <string>

#include "cc/device.h"
#include "cc_pci_host.h"

namespace cc::sim {

class PciBusDevice : public Device {
 public:
  // bar0/bar1: the addresses assigned to the BARs (PciHost::assignBars); bar1_bytes: the
  // BAR1 window size, which is also the board memory the driver can reach.
  PciBusDevice(PciHost& host, uint32_t bar0, uint32_t bar1, uint32_t bar1_bytes,
               std::string name = "pci");

  std::string name() const override { return name_; }
  void write32(uint32_t bar0_offset, uint32_t value) override;
  uint32_t read32(uint32_t bar0_offset) override;
  void writeRegisters(uint32_t bar0_offset, const uint32_t* values, size_t n) override;
  void writeMemory(uint32_t addr, const void* data, size_t bytes) override;
  void readMemory(uint32_t addr, void* data, size_t bytes) override;
  // max_cycles counts chip (core) cycles; converted to PCI clocks with the host's periods.
  bool waitInterrupt(uint64_t max_cycles) override;
  uint64_t busClocks() const override { return bus_clocks_; }

 private:
  class BusMeter;
  void checkReg(uint32_t off) const;
  void checkMem(uint32_t addr, size_t bytes) const;
  PciHost& host_;
  uint32_t bar0_, bar1_, bar1_bytes_;
  std::string name_;
  uint64_t bus_clocks_ = 0;  // PCI clocks of the accesses (host_.pciCycles() outside waits)
};

}  // namespace cc::sim
