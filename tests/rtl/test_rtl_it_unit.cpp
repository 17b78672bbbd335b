// cc_it_unit on its own, Verilated at stage counts other than the chip's (the chip's own,
// MulStages = AddStages = 2, is tested inside cc_datapath by test_rtl_datapath.cpp): the
// hit flag against the golden Eq. 4 and every micro-op's cycles against cc/it_timing.h,
// including the stage counts where the edges' gap is 5 instead of 4 (AddStages + 1 = 2, 4).
// The bench plays the correspondence and DOP register files: both are combinational reads
// in the chip, answered here between two evaluations.
#include <gtest/gtest.h>

#include <array>
#include <stdexcept>

#include "Vcc_it_unit_m1a1.h"
#include "Vcc_it_unit_m3a3.h"
#include "Vcc_it_unit_m4a5.h"
#include "cc/regmap.h"
#include "cc_sim_ctrl.h"
#include "it_vectors.h"
#include "verilated.h"

using namespace cc;
using namespace cc::rtltest;

namespace {

template <class Model>
class ItUnitBench {
 public:
  ItUnitBench()
      : corr_(regs::standardCorrespondence()),
        sim_(&ctx_, &top_.clk_i, &top_.rst_ni, [this] { settle(); },
             [this](VerilatedFstC* tfp) { top_.trace(tfp, 99); }) {
    top_.uop_valid_i = 0;
    sim_.reset();
  }

  // The vertices in d0..d8, where the standard IT lines 51..65 read them.
  void loadVertices(const std::array<float, 9>& v) {
    for (int i = 0; i < 9; ++i) dop_[i] = fp32::bits(v[i]);
  }

  // One micro-op: accepted at once (the unit is idle between commands); its response.
  struct Rsp {
    bool hit;
    uint64_t cycles;
  };
  Rsp command(uint8_t uop) {
    top_.uop_valid_i = 1;
    top_.uop_i = uop;
    sim_.eval();
    if (!top_.uop_ready_o) throw std::runtime_error("cc_it_unit not ready for a micro-op");
    const uint64_t accepted = sim_.cycles();
    sim_.tick();
    top_.uop_valid_i = 0;
    sim_.eval();
    for (unsigned waited = 0; !top_.rsp_valid_o; ++waited) {
      if (waited > 1000) throw std::runtime_error("cc_it_unit: no response");
      sim_.tick();
    }
    const Rsp r{top_.hit_o != 0, sim_.cycles() - accepted};
    sim_.tick();  // consume the pulse
    return r;
  }

 private:
  // The register files' combinational reads: line -> correspondence word -> DOP pair.
  void settle() {
    top_.eval();
    top_.corr_data_i = top_.corr_line_o < corr_.size() ? corr_[top_.corr_line_o] : 0;
    top_.eval();
    const unsigned idx = top_.dop_idx_o;
    top_.dop_data_i = (uint64_t{dop_[(idx >> 5) & 31]} << 32) | dop_[idx & 31];
    top_.eval();
  }

  VerilatedContext ctx_;
  Model top_{&ctx_};
  std::array<uint32_t, regs::CORR_LINES> corr_;
  std::array<uint32_t, 32> dop_{};
  cc::sim::SimCtrl sim_;
};

template <class Model>
void runItUnit(uint32_t mul_stages, uint32_t add_stages, uint64_t n, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen g(seed);
  fp32::FtzScope ftz;
  ItUnitBench<Model> b;
  uint64_t hits = 0, by_computed[4] = {};
  for (uint64_t i = 0; i < n; ++i) {
    const auto v = itVertices(g);
    b.loadVertices(v);
    ASSERT_EQ(b.command(uopClear()).cycles, 2u);
    const auto r = b.command(uopTri());
    const uint32_t computed = itComputed(v);
    ASSERT_EQ(r.hit, itTriangleEdgesHit(v)) << "triangle " << i << " seed=" << seed;
    ASSERT_EQ(r.cycles, itTriCycles(computed, mul_stages, add_stages))
        << "TRI cycles, " << computed << " computed edges, triangle " << i << " seed=" << seed;
    hits += r.hit;
    ++by_computed[computed];
    if (i % 4 == 0) {  // edge by edge too: EDGE micro-ops accumulate into HIT
      b.command(uopClear());
      bool any = false;
      for (int e = 0; e < 3; ++e) {
        const auto re = b.command(uopEdge(e));
        any = any || edgeHit(v, e);
        ASSERT_EQ(re.hit, any) << "edge " << e << " triangle " << i << " seed=" << seed;
        ASSERT_EQ(re.cycles, itEdgeCycles(!edgeSkipped(v, e), mul_stages, add_stages)) << "EDGE cycles";
      }
    }
  }
  std::printf("%s: %llu triangles, %llu hit; 0/1/2/3 computed edges: %llu/%llu/%llu/%llu\n", name,
              (unsigned long long)n, (unsigned long long)hits, (unsigned long long)by_computed[0],
              (unsigned long long)by_computed[1], (unsigned long long)by_computed[2],
              (unsigned long long)by_computed[3]);
  EXPECT_GT(hits, n / 20);
  EXPECT_GT(by_computed[2], n / 20) << "the overlapped case must be exercised";
  EXPECT_GT(by_computed[3], 0u);
}

}  // namespace

#ifndef CC_RTL_SOAK
// Gap 5: AddStages + 1 = 2 and 4 (two edges 4 cycles apart would collide on the add/sub).
TEST(RtlItUnit, Mul1Add1) { runItUnit<Vcc_it_unit_m1a1>(1, 1, kVectors / 20, "RtlItUnit.Mul1Add1"); }
TEST(RtlItUnit, Mul3Add3) { runItUnit<Vcc_it_unit_m3a3>(3, 3, kVectors / 20, "RtlItUnit.Mul3Add3"); }
// Gap 4 at other stages than the chip's.
TEST(RtlItUnit, Mul4Add5) { runItUnit<Vcc_it_unit_m4a5>(4, 5, kVectors / 20, "RtlItUnit.Mul4Add5"); }
#else
TEST(RtlItUnitSoak, Mul1Add1) { runItUnit<Vcc_it_unit_m1a1>(1, 1, kVectors / 4, "RtlItUnitSoak.Mul1Add1"); }
TEST(RtlItUnitSoak, Mul3Add3) { runItUnit<Vcc_it_unit_m3a3>(3, 3, kVectors / 4, "RtlItUnitSoak.Mul3Add3"); }
TEST(RtlItUnitSoak, Mul4Add5) { runItUnit<Vcc_it_unit_m4a5>(4, 5, kVectors / 4, "RtlItUnitSoak.Mul4Add5"); }
#endif
