// The driver's `tlm` backend: a cc::Device whose every register and memory-window access
// is a TLM-2.0 b_transport (or DMI) from the host initiator to the chip model, and whose
// waitInterrupt runs the SystemC kernel until INTA#. No SystemC in this header, so the
// backend factory compiles without it.
//
// SystemC elaborates once per process, so all tlm devices of a process share one platform
// (host initiator, chip model, INTA# signal); each device owns its board (memory, golden
// chip, timing, configuration) and attaches it to the chip model when it is used.
#pragma once
#include <memory>

#include "cc/config.h"
#include "cc/device.h"
#include "cc/timing_model.h"

namespace cc::tlm {

class TlmDevice : public Device {
 public:
  ~TlmDevice() override = default;
  // The timing of the last query this device ran (breakdown, SDRAM statistics).
  virtual const TimingModel& timing() const = 0;
  // Simulated time (ns) the SystemC kernel has reached; grows across devices.
  virtual double simulatedNs() const = 0;
};

// Throws std::invalid_argument on a bad configuration.
std::unique_ptr<TlmDevice> makeTlmDevice(const ChipConfig& config);

}  // namespace cc::tlm
