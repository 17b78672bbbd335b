// Backend factory: each backend is a Device (golden, tlm, rtl; docs/driver.md).
#include <memory>
#include <stdexcept>

#include "cc/backends.h"
#include "cc/golden_device.h"
#include "cc_board.h"
#ifdef CC_HAVE_TLM
#include "cc/tlm_device.h"
#endif

namespace cc {

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
