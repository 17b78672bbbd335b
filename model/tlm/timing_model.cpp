#include "cc/timing_model.h"

namespace cc::tlm {

TimingModel::TimingModel(const ChipConfig& cfg, const BoardMemory& mem)
    : mem_(mem), core_(cfg) {}

void TimingModel::beginQuery(bool mode_first, bool leaf_vertex, bool leaf_plane) {
  log_.clear();
  log_.leaf_vertex = leaf_vertex;
  log_.leaf_plane = leaf_plane;
  mode_first_ = mode_first;
  cycles_ = 0;
}

uint64_t TimingModel::endQuery() {
  cycles_ = core_.run(log_, mem_, mode_first_, trace_);
  return cycles_;
}

void TimingModel::onStart(const std::array<uint32_t, regs::CORR_LINES>& corr, uint32_t result_base,
                          uint32_t result_capacity) {
  for (int s = 0; s < 2; ++s) log_.leaf_need[s] = regs::leafPassFrameNeeds(corr, s);
  log_.result_base = result_base;
  log_.result_capacity = result_capacity;
}

void TimingModel::onList(uint32_t pair, uint32_t tmask, uint32_t base, uint32_t len, const uint32_t* entries) {
  log_.lists.push_back({pair, tmask, base, len, static_cast<uint32_t>(log_.entries.size())});
  // The fetch unit reads the whole list (and may run ahead of where the golden model stops).
  log_.entries.insert(log_.entries.end(), entries, entries + len);
}

void TimingModel::onOverlapTest(bool overlap) { log_.overlaps.push_back(overlap ? 1 : 0); }

void TimingModel::onTriangleSide(uint32_t computed, ItVerdict verdict) {
  log_.sides.push_back({static_cast<uint8_t>(computed), verdict == ItVerdict::Hit, verdict == ItVerdict::Uncertain});
}

void TimingModel::onResultWrite(uint32_t addr) { log_.results.push_back(addr); }

}  // namespace cc::tlm
