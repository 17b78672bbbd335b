// cc_fp32_mul / cc_fp32_add against the integer references cc::fp32::softMul/softAdd:
// one operation issued per cycle (with random idle cycles), every result compared in
// order, with coverage counters proving that the hard cases were actually exercised.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>

#include "Vcc_fp32_add.h"
#include "Vcc_fp32_mul.h"
#include "cc/fp32.h"
#include "cc_sim_ctrl.h"
#include "rtl_test_util.h"
#include "verilated.h"

using cc::fp32::fromBits;
using cc::fp32::softAdd;
using cc::fp32::softMul;
using namespace cc::rtltest;

namespace {

struct Expect {
  uint32_t a, b, want;
  bool sub;
};

// What the vectors covered; each must be non-zero, or the test proves nothing.
struct Coverage {
  uint64_t ties = 0;             // exact half-way cases (RNE decides)
  uint64_t flushed = 0;          // non-zero exact result, FTZ gave zero
  uint64_t rounded_to_min = 0;   // exact result below FLT_MIN that rounded up to it: kept
  uint64_t overflow = 0;         // finite operands, infinite result
  uint64_t nan = 0;
  uint64_t cancel = 0;           // exact zero from x - x
};

double exactValue(uint32_t u) {  // DAZ view of an operand, as a double
  if (((u >> 23) & 0xFF) == 0) return std::signbit(fromBits(u)) ? -0.0 : 0.0;
  return static_cast<double>(fromBits(u));
}
bool finite(uint32_t u) { return ((u >> 23) & 0xFF) != 0xFF; }

void classifyMul(uint32_t a, uint32_t b, uint32_t r, Coverage& c) {
  if (r == 0x7FC00000u) { ++c.nan; return; }
  if (!finite(a) || !finite(b)) return;
  const double exact = exactValue(a) * exactValue(b);  // exact: 48-bit product
  const double mag = std::fabs(exact);
  if (mag != 0 && (r & 0x7FFFFFFFu) == 0) ++c.flushed;
  if (mag != 0 && mag < 0x1p-126 && (r & 0x7FFFFFFFu) == 0x00800000u) ++c.rounded_to_min;
  if ((r & 0x7FFFFFFFu) == 0x7F800000u) ++c.overflow;
  // A tie: the exact product lies half-way between two 24-bit neighbours.
  if (mag >= 0x1p-126 && mag < 0x1p127) {
    int e;
    const double m = std::frexp(mag, &e);  // mag = m * 2^e, m in [0.5, 1)
    const double scaled = std::ldexp(m, 24);
    if (scaled - std::floor(scaled) == 0.5) ++c.ties;
  }
}

void classifyAdd(uint32_t a, uint32_t b, uint32_t r, Coverage& c) {
  if (r == 0x7FC00000u) { ++c.nan; return; }
  if (!finite(a) || !finite(b)) return;
  const double x = exactValue(a), y = exactValue(b);
  if (x != 0 && y != 0 && x == -y) ++c.cancel;
  if ((r & 0x7FFFFFFFu) == 0x7F800000u) ++c.overflow;
  if (x != 0 && y != 0 && x + y != 0 && (r & 0x7FFFFFFFu) == 0) ++c.flushed;
  // Ties: the sum is exact in long double only when the exponents are close; check
  // with the two neighbours of the rounded result.
  const long double s = static_cast<long double>(x) + static_cast<long double>(y);
  const float rf = fromBits(r);
  if (std::isfinite(rf) && rf != 0) {
    const long double lo = std::nextafter(rf, -INFINITY), hi = std::nextafter(rf, INFINITY);
    if (s == (static_cast<long double>(rf) + lo) / 2 || s == (static_cast<long double>(rf) + hi) / 2) ++c.ties;
  }
}

template <class Model>
class Fp32Bench {
 public:
  Fp32Bench() : top_(&ctx_), sim_(cc::sim::SimCtrl::forModel(top_)) { sim_.reset(); }
  Model& top() { return top_; }
  cc::sim::SimCtrl& sim() { return sim_; }

 private:
  VerilatedContext ctx_;
  Model top_;
  cc::sim::SimCtrl sim_;
};

void runMul(uint64_t n, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen gen(seed);
  Fp32Bench<Vcc_fp32_mul> b;
  auto& top = b.top();
  std::deque<Expect> q;
  Coverage cov;
  uint64_t issued = 0, checked = 0;
  b.sim().setWatchdog(4 * n + 1000);
  while (checked < n) {
    top.valid_i = 0;
    if (issued < n && gen.below(8) != 0) {
      uint32_t x, y;
      gen.pair(x, y, gen.below(2) != 0);
      top.valid_i = 1;
      top.a_i = x;
      top.b_i = y;
      q.push_back({x, y, softMul(x, y), false});
      ++issued;
    }
    b.sim().tick();
    if (top.valid_o) {
      ASSERT_FALSE(q.empty()) << "result without an operation, seed=" << seed;
      const Expect e = q.front();
      q.pop_front();
      ASSERT_EQ(hex32(top.result_o), hex32(e.want))
          << hex32(e.a) << " * " << hex32(e.b) << " seed=" << seed << " vector " << checked;
      classifyMul(e.a, e.b, e.want, cov);
      ++checked;
    }
  }
  std::printf("mul: %llu vectors, ties %llu, flushed %llu, rounded-to-FLT_MIN %llu, overflow %llu, NaN %llu\n",
              (unsigned long long)checked, (unsigned long long)cov.ties, (unsigned long long)cov.flushed,
              (unsigned long long)cov.rounded_to_min, (unsigned long long)cov.overflow,
              (unsigned long long)cov.nan);
  EXPECT_GT(cov.ties, 0u);
  EXPECT_GT(cov.flushed, 0u);
  EXPECT_GT(cov.rounded_to_min, 0u);
  EXPECT_GT(cov.overflow, 0u);
  EXPECT_GT(cov.nan, 0u);
}

void runAdd(uint64_t n, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen gen(seed);
  Fp32Bench<Vcc_fp32_add> b;
  auto& top = b.top();
  std::deque<Expect> q;
  Coverage cov;
  uint64_t issued = 0, checked = 0;
  b.sim().setWatchdog(4 * n + 1000);
  while (checked < n) {
    top.valid_i = 0;
    if (issued < n && gen.below(8) != 0) {
      uint32_t x, y;
      gen.pair(x, y, false);
      const bool sub = gen.below(2) != 0;
      top.valid_i = 1;
      top.sub_i = sub;
      top.a_i = x;
      top.b_i = y;
      q.push_back({x, y, softAdd(x, sub ? (y ^ 0x80000000u) : y), sub});
      ++issued;
    }
    b.sim().tick();
    if (top.valid_o) {
      ASSERT_FALSE(q.empty()) << "result without an operation, seed=" << seed;
      const Expect e = q.front();
      q.pop_front();
      ASSERT_EQ(hex32(top.result_o), hex32(e.want))
          << hex32(e.a) << (e.sub ? " - " : " + ") << hex32(e.b) << " seed=" << seed << " vector " << checked;
      classifyAdd(e.a, e.sub ? (e.b ^ 0x80000000u) : e.b, e.want, cov);
      ++checked;
    }
  }
  std::printf("add: %llu vectors, ties %llu, flushed %llu, cancel %llu, overflow %llu, NaN %llu\n",
              (unsigned long long)checked, (unsigned long long)cov.ties, (unsigned long long)cov.flushed,
              (unsigned long long)cov.cancel, (unsigned long long)cov.overflow, (unsigned long long)cov.nan);
  EXPECT_GT(cov.ties, 0u);
  EXPECT_GT(cov.flushed, 0u);
  EXPECT_GT(cov.cancel, 0u);
  EXPECT_GT(cov.overflow, 0u);
  EXPECT_GT(cov.nan, 0u);
}

// Every special value against every special value, back to back (no idle cycles).
template <class Model, class Ref>
void runSpecialGrid(Ref ref, bool has_sub) {
  Fp32Bench<Model> b;
  auto& top = b.top();
  std::deque<Expect> q;
  uint64_t checked = 0;
  const int n = kNumSpecials * kNumSpecials * (has_sub ? 2 : 1);
  for (int i = 0; i < n || !q.empty(); ++i) {
    top.valid_i = 0;
    if (i < n) {
      const uint32_t x = kSpecials[i % kNumSpecials], y = kSpecials[(i / kNumSpecials) % kNumSpecials];
      const bool sub = has_sub && i >= kNumSpecials * kNumSpecials;
      top.valid_i = 1;
      top.a_i = x;
      top.b_i = y;
      if constexpr (std::is_same_v<Model, Vcc_fp32_add>) top.sub_i = sub;
      q.push_back({x, y, ref(x, sub ? (y ^ 0x80000000u) : y), sub});
    }
    b.sim().tick();
    if (top.valid_o) {
      ASSERT_FALSE(q.empty());
      ASSERT_EQ(hex32(top.result_o), hex32(q.front().want)) << hex32(q.front().a) << " op " << hex32(q.front().b);
      q.pop_front();
      ++checked;
    }
    ASSERT_LT(i, n + 100) << "pipeline lost results";
  }
  EXPECT_EQ(checked, static_cast<uint64_t>(n));
}

}  // namespace

#ifndef CC_RTL_SOAK
TEST(RtlFp32Mul, SpecialValueGrid) { runSpecialGrid<Vcc_fp32_mul>(softMul, false); }
TEST(RtlFp32Add, SpecialValueGrid) { runSpecialGrid<Vcc_fp32_add>(softAdd, true); }
TEST(RtlFp32Mul, RandomVectors) { runMul(kVectors, "RtlFp32Mul.RandomVectors"); }
TEST(RtlFp32Add, RandomVectors) { runAdd(kVectors, "RtlFp32Add.RandomVectors"); }
#else
TEST(RtlFp32MulSoak, RandomVectors) { runMul(kVectors, "RtlFp32MulSoak.RandomVectors"); }
TEST(RtlFp32AddSoak, RandomVectors) { runAdd(kVectors, "RtlFp32AddSoak.RandomVectors"); }
#endif
