#include "cc/core_timing.h"

#include <stdexcept>
#include <string>

#include "cc/regmap.h"
#include "core/core.h"
#include "core/tri_engines.h"

namespace cc::tlm {

CoreTiming::CoreTiming(const ChipConfig& cfg) : cfg_(cfg) {
  validateConfig(cfg_);
  if (cfg_.tri_queue != 0) queued_ = std::make_unique<core::QueuedTriEngines>(cfg_);
}

CoreTiming::~CoreTiming() = default;


// The tests the queued engines hold besides the one that ends the query (each engine's
// queue, load stage, third bank and decide stage), and one more the controller may stop at
// in S_TRI.
uint32_t CoreTiming::logAheadTests(const ChipConfig& cfg) {
  return cfg.tri_queue == 0 ? 0 : cfg.tri_engines * (cfg.tri_queue + 3);
}

std::array<std::array<int, 9>, 2> QueryLog::standardLeafNeeds() {
  static const std::array<std::array<int, 9>, 2> kNeeds = [] {
    const auto corr = regs::standardCorrespondence();
    return std::array<std::array<int, 9>, 2>{regs::leafPassFrameNeeds(corr, 0), regs::leafPassFrameNeeds(corr, 1)};
  }();
  return kNeeds;
}

uint64_t CoreTiming::run(const QueryLog& log, const BoardMemory& mem, bool mode_first, std::FILE* trace) {
  if (queued_) queued_->startQuery(mode_first);
  core::Core core(cfg_, log, mem, mode_first, cyc_, queued_.get());
  core.engine_waits = engine_waits_;
  core.dotadds_alone = dotadds_alone_;
  core.port.setRequestLog(requests_);
  return core.run(trace);
}

}  // namespace cc::tlm
