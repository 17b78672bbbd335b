#include "cc/timing_model.h"

#include <algorithm>

#include "cc/layout.h"

namespace cc::tlm {

namespace {
constexpr uint32_t kTriPassOutputs = 9;  // one triangle-transform pass: 3 vertices x 3 coords
constexpr uint32_t kTriPasses = 4;       // frame + unit triangle, for each of the two halves

const ChipConfig& checked(const ChipConfig& cfg) {
  validateConfig(cfg);
  return cfg;
}
}  // namespace

TimingModel::TimingModel(const ChipConfig& cfg) : cfg_(checked(cfg)), sdram_(cfg) {}

uint64_t TimingModel::transformCycles(uint32_t nodes) const {
  // One DOTADD issued per cycle; the last result is usable dotadd_stages cycles after it.
  return uint64_t{nodes} * layout::kDopK - 1 + cfg_.dotadd_stages;
}

uint64_t TimingModel::triangleCycles() const {
  // Each pass issues 9 DOTADDs and the next pass (or the IT-unit) needs all 9 results.
  return kTriPasses * (kTriPassOutputs + cfg_.dotadd_stages) + cfg_.it_cycles;
}

void TimingModel::beginQuery() {
  sdram_.reset();
  bd_ = {};
  cycles_ = 0;
  list_start_ = tumbled_data_ = dot_free_ = dops_ready_ = cmp_free_ = sram_free_ = writes_done_ = tri_data_ = 0;
  tests_per_node_ = 1;
  tests_ = 0;
  entry_data_ = 0;
  entry_open_ = tri_pending_ = false;
  consumed_.clear();
  first_list_ = true;
  pushed_ = false;
}

uint64_t TimingModel::endQuery() {
  cycles_ = std::max(listEnd(), writes_done_);
  return cycles_;
}

uint64_t TimingModel::listEnd() const { return std::max({cmp_free_, sram_free_, dops_ready_, dot_free_}); }

uint64_t TimingModel::sramAccess(uint64_t from, uint64_t words) {
  sram_free_ = std::max(sram_free_, from) + words * cfg_.sram_cycles;
  return sram_free_;
}

void TimingModel::onList(uint32_t /*pair*/, uint32_t tmask, uint32_t /*base*/, uint32_t /*len*/) {
  uint64_t start = listEnd();
  // A tumbled pair that was not just pushed comes from the stack: the engine reads the top
  // frame and sets its bit before the list can start.
  if (tmask != 0 && !first_list_ && !pushed_) {
    start += cfg_.stack_op_cycles;
    bd_.stack += cfg_.stack_op_cycles;
    sram_free_ = start;
  }
  first_list_ = false;
  pushed_ = false;
  ++bd_.lists;
  list_start_ = start;
  cmp_free_ = start;
  dops_ready_ = start;  // a leaf-list pass reuses the transformed DOP it holds
  tumbled_data_ = start;
  tests_per_node_ = tmask == 0 ? 1 : static_cast<uint32_t>(__builtin_popcount(tmask & 3u));
  tests_ = 0;
  entry_open_ = false;
  consumed_.clear();
}

void TimingModel::onFetch(Fetch kind, uint32_t addr) {
  switch (kind) {
    case Fetch::TumbledPair:
      tumbled_data_ = sdram_.read(addr, layout::kPairBytes, list_start_);
      return;
    case Fetch::AlignedPair: {
      if (entry_open_) consumed_.push_back(cmp_free_);  // comparators are done with it
      entry_open_ = true;
      const size_t k = consumed_.size();
      // The fetch unit runs fetch_ahead entries ahead of the comparators; each entry is
      // one list word read from the stack SRAM first.
      uint64_t ready = list_start_;
      if (k >= cfg_.fetch_ahead) ready = std::max(ready, consumed_[k - cfg_.fetch_ahead]);
      ready = sramAccess(ready, 1);
      entry_data_ = sdram_.read(addr, layout::kPairBytes, ready);
      return;
    }
    case Fetch::TriangleRecord: {
      // Both records of a test are requested when the overlap is decided.
      const uint64_t t = sdram_.read(addr, layout::kTriBytes, cmp_free_);
      tri_data_ = tri_pending_ ? std::max(tri_data_, t) : t;
      tri_pending_ = true;
      return;
    }
  }
}

void TimingModel::onTransform(uint32_t /*node*/, const Dop& /*dop*/) {
  const uint64_t issue = std::max(dot_free_, tumbled_data_);
  dot_free_ = issue + layout::kDopK;
  dops_ready_ = std::max(dops_ready_, dot_free_ - 1 + cfg_.dotadd_stages);
}

void TimingModel::onOverlapTest(bool /*overlap*/) {
  if (tests_ % tests_per_node_ == 0) {
    // A new aligned node enters the comparators: it needs its data and the transformed
    // DOPs; it then meets tumbled_together tumbled nodes per cycle.
    const uint64_t begin = std::max({cmp_free_, entry_data_, dops_ready_});
    if (begin > cmp_free_) (dops_ready_ >= entry_data_ ? bd_.transform_wait : bd_.memory_wait) += begin - cmp_free_;
    cmp_free_ = begin + (tests_per_node_ + cfg_.tumbled_together - 1) / cfg_.tumbled_together;
  }
  ++tests_;
}

void TimingModel::onTriangleTest(uint32_t /*a*/, uint32_t /*b*/, bool /*hit*/) {
  // The comparators stall while the shared DOTADD unit and the IT-unit work on the pair.
  // Both halves of Eq. 4 are charged even when the first one hits (see docs/tlm.md).
  const uint64_t start = std::max({cmp_free_, tri_pending_ ? tri_data_ : cmp_free_, dot_free_});
  const uint64_t done = start + triangleCycles();
  bd_.triangle += done - cmp_free_;
  cmp_free_ = dot_free_ = done;
  tri_pending_ = false;
}

void TimingModel::onResultWrite(uint32_t addr) {
  // Posted: the write queues in the SDRAM controller, the comparators go on.
  writes_done_ = std::max(writes_done_, sdram_.write(addr, layout::kResultBytes, cmp_free_));
}

void TimingModel::onListWrite(uint32_t /*word*/, uint32_t /*entry*/) { sramAccess(cmp_free_, 1); }

void TimingModel::onPush(uint32_t, uint32_t, uint32_t, uint32_t) {
  sram_free_ = listEnd() + cfg_.stack_op_cycles;
  bd_.stack += cfg_.stack_op_cycles;
  pushed_ = true;
}

void TimingModel::onPop(uint32_t) {
  sram_free_ = listEnd() + cfg_.stack_op_cycles;
  bd_.stack += cfg_.stack_op_cycles;
}

}  // namespace cc::tlm
