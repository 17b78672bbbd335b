// CollisionChip FP32 arithmetic: the one definition of every arithmetic operation the
// chip performs, shared by name with the RTL (rtl/cc_fp32_mul.v, rtl/cc_fp32_add.v).
//
// Contract (docs/architecture.md, "Arithmetic"): IEEE 754 binary32, round-to-nearest-even,
// no fused multiply-add, subnormals flushed to signed zero on input (DAZ) and on output
// (FTZ). Output flushing follows x86 SSE with MXCSR.FTZ: tininess is detected AFTER
// rounding with unbounded exponent, i.e. a result is flushed iff its magnitude, rounded to
// 24 significant bits as if the exponent range were unbounded, is below 2^-126. The RTL
// implements exactly that rule; tests/common proves the native path (FtzScope + plain
// float ops) does too, against an integer-only software reference (softMul/softAdd below).
//
// Use: construct an FtzScope once around any code that calls these functions (the
// golden model, the TLM model and the tests do); the ops are then plain float ops.
#pragma once
#include <cstdint>
#include <cstring>

namespace cc::fp32 {

inline uint32_t bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float fromBits(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

// Sets MXCSR.FTZ and MXCSR.DAZ (round-to-nearest stays), restores the old state on exit.
class FtzScope {
 public:
  FtzScope();
  ~FtzScope();
  FtzScope(const FtzScope&) = delete;
  FtzScope& operator=(const FtzScope&) = delete;
 private:
  unsigned saved_;
};

// True when the calling thread's MXCSR has FTZ, DAZ and round-to-nearest set.
bool ftzActive();

// The chip's operations. Valid only inside an FtzScope (checked by CC_FP32_CHECK builds).
inline float mul(float a, float b) { return a * b; }
inline float add(float a, float b) { return a + b; }
inline float sub(float a, float b) { return a - b; }

// DOTADD unit: d' = (dk*c0 + dm*c1) + (dn*c2 + c), in exactly this order, every product
// and sum rounded (docs/architecture.md, "Arithmetic").
inline float dotadd(float dk, float dm, float dn, float c0, float c1, float c2, float c) {
  const float p0 = mul(dk, c0);
  const float p1 = mul(dm, c1);
  const float p2 = mul(dn, c2);
  return add(add(p0, p1), add(p2, c));
}

// Integer-only reference implementations of mul/add with the contract above, used to
// prove the native path and as the oracle of the RTL unit benches. Results are bit
// patterns; NaN results are the canonical quiet NaN 0x7FC00000 (the chip's choice).
uint32_t softMul(uint32_t a, uint32_t b);
uint32_t softAdd(uint32_t a, uint32_t b);

// Canonicalize a native result the way the chip reports it: any NaN becomes 0x7FC00000.
inline uint32_t chipBits(float f) {
  const uint32_t u = bits(f);
  return ((u & 0x7F800000u) == 0x7F800000u && (u & 0x007FFFFFu)) ? 0x7FC00000u : u;
}

}  // namespace cc::fp32
