// The CollisionChip as a SystemC TLM-2.0 loosely-timed target (Accellera "lt" style): a
// thin wrapper around the golden model (all function) and the TimingModel (all time).
//
// Address map of the target socket (one socket for both PCI BARs, 64-bit TLM addresses):
//   0x0_0000_0000 .. 0x0_0000_0FFF   BAR0 registers (cc/regmap.h), 32-bit single reads,
//                                    writes single or linear bursts
//   0x1_0000_0000 .. 0x1_FFFF_FFFF   BAR1 window onto the 4 GiB board memory, any length,
//                                    DMI granted per 64 KiB page
// Everything else answers TLM_ADDRESS_ERROR_RESPONSE.
//
// Timing: b_transport never waits; it adds the PCI cost of the access to `delay` (a
// register write 4 PCI clocks (a burst of them 3 + one a word), a read 8, as the RTL
// board's bus takes them; memory accesses by pciBurstClocks). A write
// of CTRL.START runs the golden query at once, times it with the TimingModel, and from
// then until start + cycles the chip reads BUSY; at that time INTA# rises (if enabled).
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "cc/board_memory.h"
#include "cc/config.h"
#include "cc/golden_chip.h"
#include "cc/timing_model.h"

namespace cc::tlm {

inline constexpr uint64_t kBar0Base = 0x0ull;
inline constexpr uint64_t kBar1Base = 0x100000000ull;
inline constexpr uint64_t kBar1Bytes = 0x100000000ull;
// PCI clocks a BAR0 access costs on the RTL board's bus, host turnaround included
// (measured through the rtl backend: TlmVsRtl.RegisterAccessesCostTheRtlsBusClocks):
inline constexpr uint32_t kPciWriteClocks = 4;  // posted: address, DEVSEL (medium), data, idle
inline constexpr uint32_t kPciReadClocks = 8;   // delayed read, answered within InitialWait
// The longest transaction the RTL board's PCI host makes (PciHost::Options::max_burst).
inline constexpr uint64_t kPciBurstWords = 64;
// A burst in transactions of at most kPciBurstWords. A write (registers or board memory):
// a single write's clocks less its data phase per transaction, then a word a clock (as the
// RTL's registers take it; long board-memory writes wait for the SDRAM there). A board-
// memory read: the delayed read's SDRAM round trip and about 3 clocks a word, fitted to the
// RTL's reads at the modern clocks (the paper chip's are slower), docs/tlm.md.
inline uint64_t pciBurstClocks(bool read, uint64_t bytes) {
  const uint64_t words = (bytes + 3) / 4, transactions = (words + kPciBurstWords - 1) / kPciBurstWords;
  return read ? 20 * transactions + 3 * words : (kPciWriteClocks - 1) * transactions + words;
}

// One board: its memory, the functional chip and the timing of its queries. A device owns
// one; the ChipModel serves whichever board is attached.
struct TlmBoard {
  explicit TlmBoard(const ChipConfig& c) : cfg(c), chip(mem, c), timing(c, mem) {
    chip.setObserver(&timing);
    chip.setLogAhead(CoreTiming::logAheadTests(c));
  }
  ChipConfig cfg;
  BoardMemory mem;
  golden::Chip chip;
  TimingModel timing;
  sc_core::sc_time start_at, done_at;  // the last query's start and end
  uint64_t cycles = 0;                 // the last query's chip cycles
  bool busy(const sc_core::sc_time& now) const { return now < done_at; }
};

class ChipModel : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<ChipModel> socket;
  sc_core::sc_out<bool> inta;  // PCI INTA#, active high here

  SC_HAS_PROCESS(ChipModel);
  explicit ChipModel(sc_core::sc_module_name name);

  // The board whose registers and memory answer from now on (nullptr: none; accesses
  // then fail with TLM_GENERIC_ERROR_RESPONSE). Invalidates every DMI pointer handed out.
  void attach(TlmBoard* board);
  const TlmBoard* attached() const { return board_; }

 private:
  void b_transport(::tlm::tlm_generic_payload& p, sc_core::sc_time& delay);
  bool get_direct_mem_ptr(::tlm::tlm_generic_payload& p, ::tlm::tlm_dmi& dmi);
  unsigned transport_dbg(::tlm::tlm_generic_payload& p);
  void registerAccess(::tlm::tlm_generic_payload& p, const sc_core::sc_time& now);
  void memoryAccess(::tlm::tlm_generic_payload& p);
  uint32_t readRegister(uint32_t off, const sc_core::sc_time& now) const;
  void writeRegister(uint32_t off, uint32_t value, const sc_core::sc_time& now);
  void updateInta();  // SC_METHOD: INTA# = DONE pending, enabled, and the query's time is up
  sc_core::sc_time period() const;
  sc_core::sc_time pciClocks(uint64_t n) const;

  TlmBoard* board_ = nullptr;
  sc_core::sc_event done_ev_;  // the running query's end
  sc_core::sc_event reg_ev_;   // a register write that may change INTA#
};

}  // namespace cc::tlm
