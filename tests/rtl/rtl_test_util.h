// Shared helpers of the RTL unit benches: seeds that are printed (and can be forced with
// CC_SEED), the number of vectors per unit (CC_RTL_VECTORS, set per executable: ~10^5 in
// `make test`, >= 10^6 in `make soak`), and an FP32 operand generator that aims at the
// corners of the arithmetic: specials, subnormals, ties, the FTZ and overflow boundaries.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "../test_util.h"

#ifndef CC_RTL_VECTORS
#define CC_RTL_VECTORS 100000
#endif

namespace cc::rtltest {

inline constexpr uint64_t kVectors = CC_RTL_VECTORS;

using cc::testutil::testSeed;  // ../test_util.h: CC_SEED or random, printed

inline constexpr uint32_t kSpecials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00400000,  // zeros, subnormals
    0x00800000, 0x80800000, 0x00800001, 0x3F800000, 0xBF800000,  // FLT_MIN, +-1
    0x3F800001, 0x3FFFFFFF, 0x4B000000, 0x4B800001, 0x33800000,  // ulp games, 2^-24
    0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000,  // max, inf, qNaN
    0x7F800001, 0xFFFFFFFF, 0x1F800000, 0x20000000, 0x1F7FFFFF,  // sNaN, NaN, 2^-64..
    0x3F000000, 0x3F7FFFFF, 0x007FFFFF, 0x00FFFFFF, 0x7F000000,  // 0.5, 1-ulp, edges
};
inline constexpr int kNumSpecials = sizeof(kSpecials) / sizeof(kSpecials[0]);

inline uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

class Fp32Gen {
 public:
  explicit Fp32Gen(uint64_t seed) : rng_(seed) {}

  uint32_t bits32() { return static_cast<uint32_t>(rng_()); }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(rng_() % n); }

  // A value with a random sign and exponent, and a significand with a random number of
  // trailing zero bits: short significands make exact results and exact ties common.
  uint32_t shortMantissa(uint32_t exp) {
    const uint32_t tz = below(24);
    const uint32_t frac = (bits32() & 0x7FFFFFu) >> tz << tz;
    return (bits32() & 0x80000000u) | ((exp & 0xFFu) << 23) | frac;
  }

  // One operand pair for a binary op. mul_bias: pick exponents whose product lands near
  // FLT_MIN or FLT_MAX; otherwise near each other (cancellation and ties in add).
  void pair(uint32_t& a, uint32_t& b, bool mul_bias) {
    switch (below(9)) {
      case 8: {  // products just below or at FLT_MIN: tininess after rounding decides
        const float x = std::ldexp(1.0f + static_cast<float>(below(1u << 23)) * 0x1p-23f,
                                   -static_cast<int>(below(100)) - 1);
        const double target = 0x1p-126 * (1.0 - 0x1p-24 * std::ldexp(static_cast<double>(below(1u << 20)), -19));
        float y = static_cast<float>(target / x);
        for (uint32_t k = below(3); k > 0; --k) y = std::nextafter(y, below(2) ? 1.0f : 0.0f);
        a = bitsOf(mul_bias ? x : -x);
        b = bitsOf(y);
        break;
      }
      case 0: a = bits32(); b = bits32(); break;
      case 1: a = kSpecials[below(kNumSpecials)]; b = kSpecials[below(kNumSpecials)]; break;
      case 2: a = kSpecials[below(kNumSpecials)]; b = bits32(); break;
      case 3: {  // all-ones / all-zeros significands at the boundaries
        a = (bits32() & 0x80000000u) | (below(256) << 23) | (below(2) ? 0x7FFFFFu : 0u);
        b = (bits32() & 0x80000000u) | (below(256) << 23) | (bits32() & 0x7FFFFFu);
        break;
      }
      default: {
        const uint32_t ea = 1 + below(254);
        a = shortMantissa(ea);
        int eb;
        if (mul_bias) {
          // ea + eb - 127 close to 0 (FTZ boundary) or to 254 (overflow boundary).
          const int target = below(2) ? 0 : 254;
          eb = target + 127 - static_cast<int>(ea) + static_cast<int>(below(5)) - 2;
        } else {
          eb = static_cast<int>(ea) + static_cast<int>(below(30)) - 15;
        }
        if (eb < 0) eb = 0;
        if (eb > 255) eb = 255;
        b = shortMantissa(static_cast<uint32_t>(eb));
        if (!mul_bias && below(2)) b = (b & 0x807FFFFFu) | (a & 0x7F800000u);
        break;
      }
    }
    if (below(2)) std::swap(a, b);
  }

 private:
  std::mt19937_64 rng_;
};

inline std::string hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", v);
  return buf;
}

// A float in [lo, hi) on a grid of 2^24 steps.
inline float uniform(Fp32Gen& g, float lo, float hi) {
  return lo + (hi - lo) * static_cast<float>(g.below(1u << 24)) * 0x1p-24f;
}

}  // namespace cc::rtltest
