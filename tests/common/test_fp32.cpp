// Proves that native binary32 under FtzScope is the chip's arithmetic
// (docs/architecture.md, "Arithmetic"): it matches the integer reference softMul/softAdd
// bit for bit on hand-picked special cases and on seeded random operands, including the FTZ
// boundary where x86 detects tininess after rounding.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "cc/fp32.h"
#include "../test_util.h"

using namespace cc::fp32;

namespace {

// volatile operands keep the compiler from folding at compile time, where MXCSR is ignored.
uint32_t nativeMul(uint32_t a, uint32_t b) {
  volatile float x = fromBits(a), y = fromBits(b);
  return chipBits(mul(x, y));
}
uint32_t nativeAdd(uint32_t a, uint32_t b) {
  volatile float x = fromBits(a), y = fromBits(b);
  return chipBits(add(x, y));
}

const uint32_t kSpecial[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00400000,  // zeros, subnormals
    0x00800000, 0x80800000, 0x00800001, 0x3F800000, 0xBF800000,  // FLT_MIN, +-1
    0x3F800001, 0x3FFFFFFF, 0x4B000000, 0x4B800001, 0x33800000,  // ulp games, 2^-24
    0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000,  // max, inf, NaN
    0x7F800001, 0x1F800000, 0x20000000, 0x1F7FFFFF, 0x3F000000,  // sNaN, 2^-64.., 0.5
};

}  // namespace

TEST(Fp32, ScopeSetsAndRestoresMxcsr) {
  const bool before = ftzActive();
  {
    FtzScope s;
    EXPECT_TRUE(ftzActive());
  }
  EXPECT_EQ(ftzActive(), before);
}

TEST(Fp32, SubnormalInputsAreZero) {
  FtzScope s;
  volatile float tiny = fromBits(0x00000001);
  volatile float one = 1.0f;
  EXPECT_EQ(bits(mul(tiny, 1e30f)), 0u);         // DAZ: 2^-149 * 1e30 would be ~1.4e-15
  EXPECT_EQ(bits(add(tiny, one)), bits(1.0f));
  volatile float ntiny = fromBits(0x80000001);
  EXPECT_EQ(bits(mul(ntiny, one)), 0x80000000u);  // signed zero survives
}

TEST(Fp32, TinyResultsFlushAfterRounding) {
  FtzScope s;
  // 2^-63 * 2^-63 = 2^-126 exactly: FLT_MIN, normal, kept.
  EXPECT_EQ(nativeMul(0x20000000, 0x20000000), 0x00800000u);
  // A subnormal operand is zero (DAZ), whatever it is multiplied by.
  const uint32_t almost = 0x3FFFFFFF;  // 2 - 2^-23
  const uint32_t half_min = 0x00400000; // subnormal: DAZ makes the product zero
  EXPECT_EQ(nativeMul(almost, half_min), 0u);
  for (uint32_t a : {0x3F7FFFFFu, 0x3F800001u, 0x3FFFFFFFu}) {
    for (uint32_t b : {0x00FFFFFFu, 0x00800001u, 0x00800000u, 0x007FFFFFu + 1}) {
      EXPECT_EQ(nativeMul(a, b), softMul(a, b)) << std::hex << a << " * " << b;
      EXPECT_EQ(nativeMul(b, 0x3F000000u), softMul(b, 0x3F000000u)) << std::hex << b;
    }
  }
  // Products just below FLT_MIN are flushed unless they round (24 bits) up to it.
  EXPECT_EQ(softMul(0x3F7FFFFF, 0x00800000), 0u);          // (1-2^-24)*2^-126 -> exact, tiny
  EXPECT_EQ(nativeMul(0x3F7FFFFF, 0x00800000), 0u);
  EXPECT_EQ(softMul(0x3F7FFFFF, 0x00800001), 0x00800000u);  // rounds up to FLT_MIN: kept
  EXPECT_EQ(nativeMul(0x3F7FFFFF, 0x00800001), 0x00800000u);
  // Subtraction landing below FLT_MIN flushes.
  EXPECT_EQ(nativeAdd(0x00800001, 0x80800000), 0u);
}

TEST(Fp32, RoundToNearestEvenTies) {
  FtzScope s;
  // 1 + 2^-24 is a tie between 1 and 1+2^-23: even is 1.
  EXPECT_EQ(nativeAdd(0x3F800000, 0x33800000), 0x3F800000u);
  // (1+2^-23) + 2^-24 is a tie between 1+2^-23 (odd) and 1+2^-22: goes up.
  EXPECT_EQ(nativeAdd(0x3F800001, 0x33800000), 0x3F800002u);
  EXPECT_EQ(softAdd(0x3F800000, 0x33800000), 0x3F800000u);
  EXPECT_EQ(softAdd(0x3F800001, 0x33800000), 0x3F800002u);
}

TEST(Fp32, SpecialValuesMatchReference) {
  FtzScope s;
  for (uint32_t a : kSpecial) {
    for (uint32_t b : kSpecial) {
      ASSERT_EQ(nativeMul(a, b), softMul(a, b)) << std::hex << a << " * " << b;
      ASSERT_EQ(nativeAdd(a, b), softAdd(a, b)) << std::hex << a << " + " << b;
    }
  }
}

TEST(Fp32, RandomOperandsMatchReference) {
  const uint64_t seed = cc::testutil::testSeed("Fp32.RandomOperandsMatchReference");
  std::mt19937_64 rng(seed);
  FtzScope s;
  for (int i = 0; i < 2000000; ++i) {
    uint32_t a = static_cast<uint32_t>(rng()), b = static_cast<uint32_t>(rng());
    if (i & 1) {  // half the cases with nearby exponents, where cancellation and ties live
      b = (b & 0x807FFFFFu) | (((a >> 23) & 0xFF) + (rng() % 5) - 2) << 23;
    }
    ASSERT_EQ(nativeMul(a, b), softMul(a, b)) << "seed=" << seed << std::hex << " " << a << " * " << b;
    ASSERT_EQ(nativeAdd(a, b), softAdd(a, b)) << "seed=" << seed << std::hex << " " << a << " + " << b;
  }
}

// The DOTADD order d' = (p0 + p1) + (p2 + c), p0 = dk*c0, p1 = dm*c1, p2 = dn*c2, each
// product and sum rounded on its own. Four addends can be summed in 15 ways (binary trees
// up to swapping operands); the two vectors below tell the documented one from each of
// the other 14 (checked here, tree by tree), and the third tells separate rounding from
// a fused multiply-add. Derivations (binary32, round to nearest even):
//  v1 = (2^24, 1, 1; 1, 1, 1; 1): (2^24 + 1) rounds to 2^24 (a tie, to even), (1 + 1) = 2,
//       2^24 + 2 is exact: 16777218. Any order adding a lone 1 to 2^24 first loses it.
//  v2 = (1e8, -1e8, 1; 1, 1, 1; 0): (1e8 - 1e8) + (1 + 0) = 1. Orders that add 1 to +-1e8
//       first lose it (the ulp of 1e8 is 8).
//  v3 = (1 + 2^-12, 0, 0; 1 + 2^-12, 0, 0; -(1 + 2^-11)): the product 1 + 2^-11 + 2^-24
//       rounds to 1 + 2^-11 (a tie, to even), so the sum is 0; fused it would be 2^-24.
TEST(Fp32, DotaddOrderIsFixed) {
  FtzScope s;
  struct V {
    float dk, dm, dn, c0, c1, c2, c, expect;
  };
  const float e12 = 1.0f + 0x1p-12f;
  const V vs[] = {{16777216.0f, 1, 1, 1, 1, 1, 1, 16777218.0f},
                  {1e8f, -1e8f, 1, 1, 1, 1, 0, 1.0f},
                  {e12, 0, 0, e12, 0, 0, -(1.0f + 0x1p-11f), 0.0f}};
  for (const V& v : vs) EXPECT_EQ(dotadd(v.dk, v.dm, v.dn, v.c0, v.c1, v.c2, v.c), v.expect) << v.dk << " " << v.c;
  // Every summation tree of the four addends (0 = p0, 1 = p1, 2 = p2, 3 = c): a tree is a
  // split of a set into two, recursively.
  using Tree = std::function<float(const float*)>;
  std::function<std::vector<std::pair<std::string, Tree>>(std::vector<int>)> trees = [&](std::vector<int> set) {
    std::vector<std::pair<std::string, Tree>> out;
    if (set.size() == 1) {
      const int k = set[0];
      out.emplace_back("p" + std::to_string(k), [k](const float* x) { return x[k]; });
      return out;
    }
    const size_t n = set.size();
    for (uint32_t m = 0; m + 1 < (1u << (n - 1)); ++m) {  // set[0] always left, right not empty
      std::vector<int> l{set[0]}, r;
      for (size_t i = 1; i < n; ++i) ((m >> (i - 1)) & 1 ? l : r).push_back(set[i]);
      for (const auto& a : trees(l)) {
        for (const auto& b : trees(r)) {
          const Tree fa = a.second, fb = b.second;
          out.emplace_back("(" + a.first + "+" + b.first + ")", [fa, fb](const float* x) { return add(fa(x), fb(x)); });
        }
      }
    }
    return out;
  };
  const auto all = trees({0, 1, 2, 3});
  ASSERT_EQ(all.size(), 15u);
  int documented = 0;
  for (const auto& [name, tree] : all) {
    const bool is_doc = name == "((p0+p1)+(p2+p3))";
    documented += is_doc;
    bool differs = false;
    for (const V& v : vs) {
      const float x[4] = {mul(v.dk, v.c0), mul(v.dm, v.c1), mul(v.dn, v.c2), v.c};
      const float got = tree(x);
      if (is_doc) {
        EXPECT_EQ(got, dotadd(v.dk, v.dm, v.dn, v.c0, v.c1, v.c2, v.c));
      }
      differs |= got != v.expect;
    }
    if (!is_doc) {
      EXPECT_TRUE(differs) << name << " gives the documented order's answers: the vectors cannot tell";
    }
  }
  EXPECT_EQ(documented, 1);
}
