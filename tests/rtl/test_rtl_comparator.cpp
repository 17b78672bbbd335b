// cc_dop_overlap, the core's comparator (two of them: one per tumbled node), against
// cc::dopOverlap: combinational, one decision per evaluation.
#include <gtest/gtest.h>

#include "Vcc_dop_overlap.h"
#include "cc/chip_math.h"
#include "rtl_test_util.h"
#include "verilated.h"

using namespace cc;
using namespace cc::rtltest;

namespace {

// Random DOP values with many exact ties between e and t (Eq. 2 uses strict >), signed
// zeros, subnormals (DAZ: equal to zero) and the odd NaN / Inf.
uint32_t dopValue(Fp32Gen& g) {
  static constexpr uint32_t kPool[] = {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x3F800000,
                                       0xBF800000, 0x40000000, 0x7F800000, 0xFF800000, 0x7FC00000};
  switch (g.below(8)) {
    case 0: return kPool[g.below(10)];
    case 1: return g.bits32();
    default: return fp32::bits(static_cast<float>(static_cast<int>(g.below(9)) - 4) * 0.5f);
  }
}

void setWide(VlWide<24>& w, const uint32_t v[24]) {
  for (int i = 0; i < 24; ++i) w[i] = v[i];
}
Dop toDop(const uint32_t* u) {
  Dop d;
  for (int i = 0; i < 24; ++i) d[i] = fp32::fromBits(u[i]);
  return d;
}

void runComparator(uint64_t n, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen g(seed);
  fp32::FtzScope ftz;  // the golden comparisons run with DAZ, like the chip's
  VerilatedContext ctx;
  Vcc_dop_overlap top(&ctx);
  top.en_i = 1;  // decide every evaluation (the core enables it in the states that read it)
  uint64_t checked = 0, overlap = 0;
  while (checked < n) {
    uint32_t e[24], t0[24], t1[24];
    for (int i = 0; i < 24; ++i) {
      e[i] = dopValue(g);
      t0[i] = g.below(4) ? dopValue(g) : e[i];
      t1[i] = g.below(4) ? dopValue(g) : e[(i + 12) % 24];
    }
    // Mostly keep intervals ordered (min <= max) so that overlaps are common.
    if (g.below(4)) {
      for (uint32_t* d : {e, t0, t1})
        for (int i = 0; i < 12; ++i)
          if (fp32::fromBits(d[i]) > fp32::fromBits(d[12 + i])) std::swap(d[i], d[12 + i]);
    }
    setWide(top.e_i, e);
    for (const uint32_t* t : {t0, t1}) {
      setWide(top.dt_i, t);
      top.eval();
      const bool want = dopOverlap(toDop(t), toDop(e));
      ASSERT_EQ(bool(top.overlap_o), want) << "decision " << checked << " seed=" << seed;
      overlap += want;
    }
    ++checked;
  }
  std::printf("%s: %llu decisions, %llu overlaps\n", name, (unsigned long long)(2 * n), (unsigned long long)overlap);
  EXPECT_GT(overlap, n / 20);
  EXPECT_LT(overlap, 2 * n - n / 20);
}

}  // namespace

#ifndef CC_RTL_SOAK
TEST(RtlComparator, MatchesDopOverlap) { runComparator(kVectors, "RtlComparator.MatchesDopOverlap"); }
#else
TEST(RtlComparatorSoak, MatchesDopOverlap) { runComparator(kVectors, "RtlComparatorSoak.MatchesDopOverlap"); }
#endif
