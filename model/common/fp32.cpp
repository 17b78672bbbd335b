#include "cc/fp32.h"

#include <xmmintrin.h>

namespace cc::fp32 {

namespace {
constexpr unsigned kFtz = 0x8000;  // MXCSR bit 15: flush to zero
constexpr unsigned kDaz = 0x0040;  // MXCSR bit 6: denormals are zero
constexpr unsigned kRoundMask = 0x6000;
}  // namespace

FtzScope::FtzScope() : saved_(_mm_getcsr()) {
  _mm_setcsr((saved_ & ~kRoundMask) | kFtz | kDaz);
}
FtzScope::~FtzScope() { _mm_setcsr(saved_); }

bool ftzActive() {
  const unsigned m = _mm_getcsr();
  return (m & kFtz) && (m & kDaz) && (m & kRoundMask) == 0;
}

// ---------------------------------------------------------------------------------------
// Integer reference. Operands are unpacked to (sign, biased exponent, 24-bit significand);
// the exact result is formed with enough guard bits, rounded to nearest-even with an
// unbounded exponent, and flushed to zero when the rounded exponent is below 1.
// ---------------------------------------------------------------------------------------
namespace {

constexpr uint32_t kQNaN = 0x7FC00000u;
constexpr uint32_t kInf = 0x7F800000u;

struct Unpacked {
  uint32_t sign;
  int32_t exp;   // biased exponent (1..254) for finite non-zero
  uint32_t man;  // 24-bit significand with hidden bit
  bool zero, inf, nan;
};

Unpacked unpack(uint32_t u) {
  Unpacked r{};
  r.sign = u >> 31;
  const uint32_t e = (u >> 23) & 0xFF;
  const uint32_t f = u & 0x7FFFFF;
  r.nan = (e == 0xFF) && f;
  r.inf = (e == 0xFF) && !f;
  r.zero = (e == 0);  // DAZ: subnormal inputs are zero
  r.exp = static_cast<int32_t>(e);
  r.man = f | 0x800000;
  return r;
}

// Rounds value = sig * 2^(exp - 150 - frac_bits) (so a leading one at bit 23 + frac_bits
// means 1.f * 2^(exp-127)) to 24 bits, RNE, unbounded exponent, then FTZ / overflow.
uint32_t roundPack(uint32_t sign, int32_t exp, uint64_t sig, int frac_bits) {
  if (sig == 0) return sign << 31;
  // Normalize so the leading one sits at bit (23 + frac_bits).
  const int top = 63 - __builtin_clzll(sig);
  const int want = 23 + frac_bits;
  if (top > want) {
    const int sh = top - want;
    const uint64_t sticky = (sig & ((1ull << sh) - 1)) ? 1 : 0;
    sig = (sig >> sh) | sticky;
    exp += sh;
  } else if (top < want) {
    sig <<= (want - top);
    exp -= (want - top);
  }
  const uint64_t half = 1ull << (frac_bits - 1);
  const uint64_t rem = sig & ((1ull << frac_bits) - 1);
  uint64_t man = sig >> frac_bits;
  if (rem > half || (rem == half && (man & 1))) {
    ++man;
    if (man == (1ull << 24)) { man >>= 1; ++exp; }
  }
  if (exp >= 255) return (sign << 31) | kInf;
  if (exp <= 0) return sign << 31;  // tiny after rounding: flush to signed zero
  return (sign << 31) | (static_cast<uint32_t>(exp) << 23) | (static_cast<uint32_t>(man) & 0x7FFFFF);
}

}  // namespace

uint32_t softMul(uint32_t a, uint32_t b) {
  const Unpacked x = unpack(a), y = unpack(b);
  const uint32_t sign = x.sign ^ y.sign;
  if (x.nan || y.nan) return kQNaN;
  if ((x.inf && y.zero) || (x.zero && y.inf)) return kQNaN;
  if (x.inf || y.inf) return (sign << 31) | kInf;
  if (x.zero || y.zero) return sign << 31;
  // prod = mx*my has its leading one at bit 46 or 47; with 23 extra fraction bits its
  // biased exponent is ex + ey - 127.
  const uint64_t prod = static_cast<uint64_t>(x.man) * y.man;
  return roundPack(sign, x.exp + y.exp - 127, prod, 23);
}

uint32_t softAdd(uint32_t a, uint32_t b) {
  const Unpacked x = unpack(a), y = unpack(b);
  if (x.nan || y.nan) return kQNaN;
  if (x.inf && y.inf) return (x.sign == y.sign) ? ((x.sign << 31) | kInf) : kQNaN;
  if (x.inf) return (x.sign << 31) | kInf;
  if (y.inf) return (y.sign << 31) | kInf;
  if (x.zero && y.zero) return (x.sign & y.sign) << 31;  // RNE: -0 only for -0 + -0
  if (x.zero) return b;  // b is normal here
  if (y.zero) return a;
  // Align to the larger exponent with 3 guard bits + sticky in a 64-bit accumulator.
  const Unpacked& big = (x.exp > y.exp || (x.exp == y.exp && x.man >= y.man)) ? x : y;
  const Unpacked& small = (&big == &x) ? y : x;
  constexpr int kGuard = 32;
  const uint64_t mb = static_cast<uint64_t>(big.man) << kGuard;
  const int shift = big.exp - small.exp;
  uint64_t ms = static_cast<uint64_t>(small.man) << kGuard;
  if (shift >= 63) {
    ms = 1;  // only sticky survives
  } else if (shift > 0) {
    const uint64_t sticky = (ms & ((1ull << shift) - 1)) ? 1 : 0;
    ms = (ms >> shift) | sticky;
  }
  if (big.sign == small.sign) return roundPack(big.sign, big.exp, mb + ms, kGuard);
  const uint64_t diff = mb - ms;
  if (diff == 0) return 0;  // exact cancellation gives +0 under RNE
  return roundPack(big.sign, big.exp, diff, kGuard);
}

}  // namespace cc::fp32
