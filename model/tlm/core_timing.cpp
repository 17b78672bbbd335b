#include "cc/core_timing.h"

#include <stdexcept>
#include <string>

#include "cc/regmap.h"
#include "core/core.h"

namespace cc::tlm {

CoreTiming::CoreTiming(const ChipConfig& cfg) : cfg_(cfg) {
  validateConfig(cfg_);
  if (cfg_.tri_queue != 0) {
    throw std::invalid_argument("configuration '" + cfg_.name + "': the TLM model times tri_queue = 0 only (the " +
                                "triangle tests beside the traversal are not modelled yet); use the rtl backend");
  }
}

std::array<std::array<int, 9>, 2> QueryLog::standardLeafNeeds() {
  static const std::array<std::array<int, 9>, 2> kNeeds = [] {
    const auto corr = regs::standardCorrespondence();
    return std::array<std::array<int, 9>, 2>{regs::leafPassFrameNeeds(corr, 0), regs::leafPassFrameNeeds(corr, 1)};
  }();
  return kNeeds;
}

uint64_t CoreTiming::run(const QueryLog& log, const BoardMemory& mem, bool mode_first, std::FILE* trace) {
  core::Core core(cfg_, log, mem, mode_first, cyc_);
  return core.run(trace);
}

}  // namespace cc::tlm
