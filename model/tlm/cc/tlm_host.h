// The host side of the TLM platform: the PCI bus-functional initiator the driver's calls
// come through. It is called from ordinary (non-SystemC) code, so it keeps its own local
// time with a tlm_quantumkeeper (temporal decoupling) and, instead of wait(), advances the
// kernel with sc_start() whenever the quantum is used up or the interrupt is awaited.
#pragma once
#include <cstddef>
#include <cstdint>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

namespace cc::tlm {

class HostInitiator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<HostInitiator> socket;
  sc_core::sc_in<bool> inta;

  SC_HAS_PROCESS(HostInitiator);
  explicit HostInitiator(sc_core::sc_module_name name);

  void write32(uint64_t addr, uint32_t value);
  // Consecutive words as linear bursts of at most kPciBurstWords (tlm_chip.h).
  void writeWords(uint64_t addr, const uint32_t* values, size_t n);
  uint32_t read32(uint64_t addr);
  void write(uint64_t addr, const void* data, size_t bytes);  // BAR1 window, DMI when granted
  void read(uint64_t addr, void* data, size_t bytes);
  // Runs the kernel until INTA# is high or `max` simulated time has passed.
  bool waitInterrupt(const sc_core::sc_time& max);
  // Lets the kernel catch up with the local time (the quantum keeper's sync).
  void sync();
  uint64_t dmiAccesses() const { return dmi_accesses_; }
  // The PCI time the accesses above have been charged so far (not the interrupt waits).
  const sc_core::sc_time& busTime() const { return bus_time_; }

 private:
  void transport(::tlm::tlm_command cmd, uint64_t addr, uint8_t* data, size_t bytes);
  void block(::tlm::tlm_command cmd, uint64_t addr, uint8_t* data, size_t bytes);
  void invalidate(sc_dt::uint64 start, sc_dt::uint64 end);
  void onInta();  // SC_METHOD: pauses the kernel when INTA# rises during waitInterrupt

  tlm_utils::tlm_quantumkeeper qk_;
  ::tlm::tlm_dmi dmi_;
  bool dmi_valid_ = false;
  bool waiting_ = false;
  uint64_t dmi_accesses_ = 0;
  sc_core::sc_time bus_time_ = sc_core::SC_ZERO_TIME;
};

}  // namespace cc::tlm
