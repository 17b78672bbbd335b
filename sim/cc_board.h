// The simulated CollisionChip board around the Verilated chip (rtl/cc_chip.v): the host's
// PCI bus-functional model with its protocol checker (sim/cc_pci_host.h) on the chip's PCI
// pins (33 MHz), the DDR SDRAM device model that checks every timing rule
// (sim/cc_sdram_device.h) and the stack SRAM (sim/cc_stack_sram.h) on the core side
// (the configuration's core_mhz), run-time FST tracing (CC_TRACE=file.fst), a per-cycle text timeline
// (CC_TIMELINE=file, scripts/list_timeline.sh), cycles per controller state
// (CC_STATE_PROFILE=file) and a watchdog (CC_WATCHDOG core cycles).
//
// Every register access, every result read and the interrupt go over PCI. Object images
// go over PCI (BAR1) too when CC_PCI_UPLOAD=1 or the image is at most `pci_upload_limit`
// bytes; larger ones are written through the SDRAM device's back door (the same bytes; a
// simulation shortcut, since a 30 MB image takes about a minute of simulated PCI bursts).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cc/board_memory.h"
#include "cc/config.h"
#include "cc/device.h"
#include "cc_pci_device.h"
#include "cc_pci_host.h"
#include "cc_stack_sram.h"

namespace cc::sim {

struct RtlBoardImpl;

// The rtl backend's chips: a program links the Verilated chips it offers (sim/CMakeLists.txt,
// cc_link_rtl_chips), each registering the named configuration it was built with before
// main. RtlBoard simulates the registered chip whose parameters a configuration has.
using RtlChipFactory = std::unique_ptr<RtlBoardImpl> (*)(const ChipConfig&);
void registerRtlChip(const char* name, RtlChipFactory make);
std::vector<std::string> rtlChips();  // the registered chips' names, in registration order

class RtlBoard {
 public:
  // Where the host places the chip's BARs at enumeration, and the BAR1 window's size.
  static constexpr uint32_t kBar0 = 0xF0000000u, kBar1 = 0xE0000000u, kBar1Bytes = 1u << 28;

  explicit RtlBoard(const ChipConfig& cfg);
  ~RtlBoard();
  RtlBoard(const RtlBoard&) = delete;
  RtlBoard& operator=(const RtlBoard&) = delete;

  PciHost& host();        // the host's bus-functional model on the chip's PCI pins
  BoardMemory& memory();  // the back door
  // Sees every write the chip makes into the stack SRAM (word address, value).
  void setSramWriteObserver(StackSram::WriteObserver observer);
  // Steps until INTA# or `max_cycles`; returns whether the interrupt came. A chip that
  // stays busy past the watchdog (CC_WATCHDOG cycles, default 2^32) throws.
  bool runUntilInterrupt(uint64_t max_cycles);
  uint64_t cycle() const;

 private:
  std::unique_ptr<RtlBoardImpl> impl_;
};

// The `rtl` backend of the driver: the board behind the Device interface. Registers, result
// reads and small writes go over the PCI bus through the checked adapter (PciBusDevice:
// offsets inside BAR0, memory inside the BAR1 window, byte enables at unaligned ends);
// images larger than pci_upload_limit through the SDRAM's back door unless CC_PCI_UPLOAD=1
// (the same bytes; a 30 MB image takes about a minute of simulated PCI bursts). board()
// lets a test watch the stack SRAM.
class RtlDevice : public Device {
 public:
  explicit RtlDevice(const ChipConfig& cfg);
  std::string name() const override { return "rtl"; }
  void write32(uint32_t off, uint32_t v) override { bus_.write32(off, v); }
  uint32_t read32(uint32_t off) override { return bus_.read32(off); }
  void writeRegisters(uint32_t off, const uint32_t* values, size_t n) override { bus_.writeRegisters(off, values, n); }
  void writeMemory(uint32_t addr, const void* data, size_t n) override;
  void readMemory(uint32_t addr, void* data, size_t n) override { bus_.readMemory(addr, data, n); }
  bool waitInterrupt(uint64_t max_cycles) override { return board_.runUntilInterrupt(max_cycles); }
  uint64_t busClocks() const override { return bus_.busClocks(); }
  RtlBoard& board() { return board_; }
  size_t pci_upload_limit = 1u << 20;

 private:
  RtlBoard board_;
  PciBusDevice bus_;
};

std::unique_ptr<Device> makeRtlDevice(const ChipConfig& cfg);

}  // namespace cc::sim
