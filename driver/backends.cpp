// Backend factory. Each backend is a Device; golden is built in, the timed backends are
// linked in when their parts exist.
#include <memory>
#include <stdexcept>

#include "cc/device.h"
#include "cc/golden_chip.h"
#include "cc_board.h"
#ifdef CC_HAVE_TLM
#include "cc/tlm_device.h"
#endif

namespace cc {

namespace {

// The golden functional model behind the Device interface: registers are direct calls,
// the memory window is the board memory itself, and a query completes inside the write
// of CTRL.START, so the interrupt is already there when the driver waits.
class GoldenDevice : public Device {
 public:
  explicit GoldenDevice(const ChipConfig& cfg) : chip_(mem_, cfg) {}
  std::string name() const override { return "golden"; }
  void write32(uint32_t off, uint32_t v) override { chip_.write32(off, v); }
  uint32_t read32(uint32_t off) override { return chip_.read32(off); }
  void writeMemory(uint32_t addr, const void* data, size_t n) override { mem_.write(addr, data, n); }
  void readMemory(uint32_t addr, void* data, size_t n) override { mem_.read(addr, data, n); }
  bool waitInterrupt(uint64_t) override { return chip_.interruptAsserted(); }

 private:
  BoardMemory mem_;
  golden::Chip chip_;
};

}  // namespace

std::unique_ptr<Device> makeDevice(const std::string& backend, const ChipConfig& config) {
  if (backend == "golden") return std::make_unique<GoldenDevice>(config);
  if (backend == "rtl") return sim::makeRtlDevice(config);
#ifdef CC_HAVE_TLM
  if (backend == "tlm") return tlm::makeTlmDevice(config);
#else
  if (backend == "tlm") throw std::invalid_argument("backend 'tlm' is not built (SystemC not found; available: golden, rtl)");
#endif
  throw std::invalid_argument("unknown backend '" + backend + "' (known: golden, tlm, rtl)");
}

}  // namespace cc
