// cc_dotadd against cc::fp32::dotadd (native, under FtzScope) and against the same order
// of softMul/softAdd: every result, its tag and its latency (exactly Stages cycles) are
// checked; verilated at the paper's depth (6) and at 3 and 8 to prove the parameter.
#include <gtest/gtest.h>

#include <deque>

#include "Vcc_dotadd.h"
#include "Vcc_dotadd_s3.h"
#include "Vcc_dotadd_s8.h"
#include "cc/fp32.h"
#include "cc_sim_ctrl.h"
#include "rtl_test_util.h"
#include "verilated.h"

using namespace cc::fp32;
using namespace cc::rtltest;

namespace {

struct Op {
  uint32_t v[7];  // dk dm dn c0 c1 c2 c
  uint32_t tag;
  uint64_t issue_cycle;
  uint32_t want;
};

uint32_t softDotadd(const uint32_t v[7]) {
  const uint32_t p0 = softMul(v[0], v[3]), p1 = softMul(v[1], v[4]), p2 = softMul(v[2], v[5]);
  return softAdd(softAdd(p0, p1), softAdd(p2, v[6]));
}

uint32_t nativeDotadd(const uint32_t v[7]) {
  volatile float f[7];
  for (int i = 0; i < 7; ++i) f[i] = fromBits(v[i]);
  return chipBits(dotadd(f[0], f[1], f[2], f[3], f[4], f[5], f[6]));
}

// Operands: mostly DOP-transform-like values (supports up to ~1e3, coefficients in
// [-2, 2]), some with cancellation built in, the rest corner cases from Fp32Gen.
void makeOperands(Fp32Gen& g, uint32_t v[7]) {
  const uint32_t kind = g.below(4);
  if (kind <= 1) {
    for (int i = 0; i < 3; ++i) v[i] = bitsOf((static_cast<float>(g.below(2000001)) - 1e6f) * 1e-3f);
    for (int i = 3; i < 6; ++i) v[i] = bitsOf((static_cast<float>(g.below(400001)) - 2e5f) * 1e-5f);
    v[6] = bitsOf((static_cast<float>(g.below(200001)) - 1e5f) * 1e-3f);
    if (kind == 1) {  // p0 + p1 cancels exactly or nearly
      v[1] = v[0] ^ (g.below(2) ? 0x80000000u : 0x80000001u);
      v[4] = v[3];
    }
  } else {
    for (int i = 0; i < 7; i += 2) {
      uint32_t a, b;
      g.pair(a, b, kind == 2);
      v[i] = a;
      if (i + 1 < 7) v[i + 1] = b;
    }
  }
}

template <class Model>
void runDotadd(uint64_t n, unsigned stages, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen gen(seed);
  VerilatedContext ctx;
  Model top(&ctx);
  auto sim = cc::sim::SimCtrl::forModel(top);
  sim.setWatchdog(4 * n + 1000);
  sim.reset();
  FtzScope ftz;
  std::deque<Op> q;
  uint64_t issued = 0, checked = 0;
  while (checked < n) {
    top.valid_i = 0;
    if (issued < n && gen.below(16) != 0) {
      Op op{};
      makeOperands(gen, op.v);
      op.tag = gen.below(32);
      op.issue_cycle = sim.cycles();
      op.want = softDotadd(op.v);
      ASSERT_EQ(hex32(nativeDotadd(op.v)), hex32(op.want)) << "golden paths disagree, seed=" << seed;
      top.valid_i = 1;
      top.dk_i = op.v[0];
      top.dm_i = op.v[1];
      top.dn_i = op.v[2];
      top.c0_i = op.v[3];
      top.c1_i = op.v[4];
      top.c2_i = op.v[5];
      top.c_i = op.v[6];
      top.tag_i = op.tag;
      q.push_back(op);
      ++issued;
    }
    sim.tick();
    if (top.valid_o) {
      ASSERT_FALSE(q.empty()) << "result without an operation, seed=" << seed;
      const Op op = q.front();
      q.pop_front();
      ASSERT_EQ(hex32(top.result_o), hex32(op.want))
          << "dotadd(" << hex32(op.v[0]) << "," << hex32(op.v[1]) << "," << hex32(op.v[2]) << ","
          << hex32(op.v[3]) << "," << hex32(op.v[4]) << "," << hex32(op.v[5]) << "," << hex32(op.v[6])
          << ") seed=" << seed << " vector " << checked;
      ASSERT_EQ(top.tag_o, op.tag) << "seed=" << seed;
      ASSERT_EQ(sim.cycles() - op.issue_cycle, stages) << "latency, seed=" << seed;
      ++checked;
    }
  }
  std::printf("%s: %llu vectors, latency %u\n", name, (unsigned long long)checked, stages);
}

}  // namespace

#ifndef CC_RTL_SOAK
TEST(RtlDotadd, PaperDepth6) { runDotadd<Vcc_dotadd>(kVectors, 6, "RtlDotadd.PaperDepth6"); }
TEST(RtlDotadd, Depth3) { runDotadd<Vcc_dotadd_s3>(kVectors / 4, 3, "RtlDotadd.Depth3"); }
TEST(RtlDotadd, Depth8) { runDotadd<Vcc_dotadd_s8>(kVectors / 4, 8, "RtlDotadd.Depth8"); }
#else
TEST(RtlDotaddSoak, PaperDepth6) { runDotadd<Vcc_dotadd>(kVectors, 6, "RtlDotaddSoak.PaperDepth6"); }
#endif
