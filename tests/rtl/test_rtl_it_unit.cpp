// cc_it_unit on its own, Verilated at the chip's stage counts (MulStages = AddStages = 2,
// its defaults) and at others: the
// HIT and UNC flags against the certified Eq. 4 (cc::itSide and the per-edge functions of
// cc/chip_math.h) for the side's bound on the unit's bound ports, and every micro-op's
// cycles against cc/it_timing.h, including the stage counts where the edges' gap is 5
// instead of 4 (AddStages + 1 = 2, 4). The bench plays the correspondence and DOP register
// files: both are combinational reads in the chip, answered here between two evaluations.
// Besides the standard lines, a quarter of the sides use lines on which each edge reads
// operands of its own (itFreeLines), so that three edges can cross and be computed. Before
// a sixth of the sides another side is started and aborted at a random cycle: the unit must
// be idle and clear at once, and the aborted side's results in flight must not reach the
// next side.
#include <gtest/gtest.h>

#include <array>
#include <stdexcept>
#include <string>

#include "Vcc_it_unit_m1a1.h"
#include "Vcc_it_unit_m2a2.h"
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
    top_.abort_i = 0;
    setBound(ItBound{});
    sim_.reset();
  }

  void useLines(const std::array<uint32_t, regs::CORR_LINES>& corr) { corr_ = corr; }
  // Registers d0.. (the standard IT lines read the vertices in d0..d8).
  template <size_t N>
  void loadRegisters(const std::array<float, N>& v) {
    static_assert(N <= 32);
    for (size_t i = 0; i < N; ++i) dop_[i] = fp32::bits(v[i]);
  }
  // The side's bound on the bound ports (held until the next call).
  void setBound(const ItBound& b) {
    const ItBoundPorts p = boundPorts(b);
    top_.bound_abs_i = p.abs;
    top_.bound_rel_i = p.rel;
    top_.bound_side_exp_i = p.side_exp;
  }

  // One micro-op: accepted at once (the unit is idle between commands); its response.
  struct Rsp {
    bool hit, unc;
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
    const Rsp r{top_.hit_o != 0, top_.unc_o != 0, sim_.cycles() - accepted};
    sim_.tick();  // consume the pulse
    return r;
  }
  // A micro-op accepted and aborted (abort_i for one cycle) `after` cycles later, then
  // `idle` cycles in which it must stay quiet. False unless the unit is idle with HIT and
  // UNC clear from the cycle after the abort and no response follows.
  bool commandAborted(uint8_t uop, unsigned after, unsigned idle) {
    top_.uop_valid_i = 1;
    top_.uop_i = uop;
    sim_.eval();
    if (!top_.uop_ready_o) throw std::runtime_error("cc_it_unit not ready for a micro-op");
    sim_.tick();
    top_.uop_valid_i = 0;
    for (unsigned i = 0; i < after; ++i) sim_.tick();
    top_.abort_i = 1;
    sim_.eval();
    sim_.tick();
    top_.abort_i = 0;
    sim_.eval();
    for (unsigned i = 0;; ++i) {
      if (!top_.uop_ready_o || top_.hit_o || top_.unc_o || top_.rsp_valid_o) return false;
      if (i == idle) return true;
      sim_.tick();
    }
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

const char* verdictName(ItVerdict v) {
  return v == ItVerdict::Hit ? "hit" : v == ItVerdict::Miss ? "miss" : "uncertain";
}

template <class Model>
void runItUnit(uint32_t mul_stages, uint32_t add_stages, uint64_t n, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen g(seed);
  fp32::FtzScope ftz;
  ItUnitBench<Model> b;
  const auto std_lines = regs::standardCorrespondence(), free_lines = itFreeLines();
  uint64_t by_verdict[3] = {}, by_computed[4] = {}, edge_unc = 0, at_threshold = 0, edges = 0;
  bool held_hit = false, held_unc = false;  // the flags before this side (no CLEAR: they add up)
  uint64_t aborted = 0;
  // A side on either kind of lines, loaded into the bench.
  const auto loadSide = [&](bool free) {
    ItCase c;
    if (free) {
      std::array<float, 30> r;
      c = itFreeCase(g, r);
      b.useLines(free_lines);
      b.loadRegisters(r);
    } else {
      c = itCase(g);
      b.useLines(std_lines);
      b.loadRegisters(c.v);
    }
    b.setBound(c.bound);
    return c;
  };
  for (uint64_t i = 0; i < n; ++i) {
    if (g.below(6) == 0) {
      // Another side aborted anywhere in its run (or after it): its results still in flight
      // must not reach the side tested next, whose operands differ.
      loadSide(g.below(2) == 0);
      const unsigned after = g.below(static_cast<uint32_t>(itTriCycles(3, mul_stages, add_stages)) + 2);
      ASSERT_TRUE(b.commandAborted(uopTri(), after, g.below(3)))
          << "aborted TRI " << after << " cycles after its accept: idle, HIT and UNC clear, no response; seed=" << seed;
      held_hit = held_unc = false;
      ++aborted;
    }
    const bool free = g.below(4) == 0;
    const ItCase c = loadSide(free);
    const ItTriExpect x = itTriExpect(c.ops, c.bound);
    const auto where = [&] {
      return "side " + std::to_string(i) + (free ? " (free lines)" : "") + " " + boundStr(c.bound) + opsStr(c.ops) +
             " golden " + verdictName(x.verdict) + ", computed " + std::to_string(x.computed) +
             " seed=" + std::to_string(seed);
    };
    if (g.below(8) != 0) {
      const auto rc = b.command(uopClear());
      ASSERT_EQ(rc.cycles, 2u);
      ASSERT_FALSE(rc.hit || rc.unc) << "CLEAR clears HIT and UNC";
      held_hit = held_unc = false;
    }
    const auto r = b.command(uopTri());
    ASSERT_EQ(r.hit, held_hit || x.hit) << "HIT after TRI, " << where();
    ASSERT_EQ(r.unc, held_unc || x.unc) << "UNC after TRI, " << where();
    ASSERT_EQ(r.cycles, itTriCycles(x.computed, mul_stages, add_stages)) << "TRI cycles, " << where();
    held_hit = r.hit;
    held_unc = r.unc;
    ++by_verdict[static_cast<int>(x.verdict)];
    ++by_computed[x.computed];
    for (int e = 0; e < 3; ++e) {
      const ItEdgeExpect ex = itEdgeExpect(c.ops, e, c.bound);
      edge_unc += ex.cross && ex.unc;
      at_threshold += itEdgeAtThreshold(c.ops, e, c.bound);
    }
    if (i % 4 == 0) {  // edge by edge too: EDGE micro-ops accumulate into HIT and UNC
      b.command(uopClear());
      bool any_hit = false, any_unc = false;
      for (int e = 0; e < 3; ++e) {
        const auto re = b.command(uopEdge(e));
        const ItEdgeExpect ex = itEdgeExpect(c.ops, e, c.bound);
        any_hit = any_hit || ex.hit;
        any_unc = any_unc || ex.unc;
        ASSERT_EQ(re.hit, any_hit) << "HIT after EDGE " << e << ", " << where();
        ASSERT_EQ(re.unc, any_unc) << "UNC after EDGE " << e << ", " << where();
        ASSERT_EQ(re.cycles, itEdgeCycles(ex.cross, mul_stages, add_stages)) << "EDGE " << e << " cycles, " << where();
        ++edges;
      }
      held_hit = any_hit;
      held_unc = any_unc;
    }
  }
  std::printf("%s: %llu sides: %llu hit, %llu miss, %llu uncertain; 0/1/2/3 computed edges: %llu/%llu/%llu/%llu; "
              "%llu computed edges uncertain, %llu at a threshold exactly; %llu EDGE micro-ops; %llu aborted TRI before a side\n",
              name, (unsigned long long)n, (unsigned long long)by_verdict[1], (unsigned long long)by_verdict[0],
              (unsigned long long)by_verdict[2], (unsigned long long)by_computed[0], (unsigned long long)by_computed[1],
              (unsigned long long)by_computed[2], (unsigned long long)by_computed[3], (unsigned long long)edge_unc,
              (unsigned long long)at_threshold, (unsigned long long)edges, (unsigned long long)aborted);
  EXPECT_GT(by_verdict[1], n / 20);
  EXPECT_GT(by_verdict[0], n / 20);
  EXPECT_GT(by_verdict[2], n / 20);
  EXPECT_GT(by_computed[2], n / 50) << "the overlapped case must be exercised";
  EXPECT_GT(by_computed[3], n / 200);
  EXPECT_GT(edge_unc, n / 100) << "computed edges near the thresholds";
  EXPECT_GT(at_threshold, n / 200) << "values exactly at a threshold";
  EXPECT_GT(aborted, n / 10);
}

}  // namespace

#ifndef CC_RTL_SOAK
// The chip's IT-unit (gap 4).
TEST(RtlItUnit, Mul2Add2) { runItUnit<Vcc_it_unit_m2a2>(2, 2, kVectors / 5, "RtlItUnit.Mul2Add2"); }
// Gap 5: AddStages + 1 = 2 and 4 (two edges 4 cycles apart would collide on the add/sub).
TEST(RtlItUnit, Mul1Add1) { runItUnit<Vcc_it_unit_m1a1>(1, 1, kVectors / 5, "RtlItUnit.Mul1Add1"); }
TEST(RtlItUnit, Mul3Add3) { runItUnit<Vcc_it_unit_m3a3>(3, 3, kVectors / 5, "RtlItUnit.Mul3Add3"); }
// Gap 4 at other stages than the chip's.
TEST(RtlItUnit, Mul4Add5) { runItUnit<Vcc_it_unit_m4a5>(4, 5, kVectors / 5, "RtlItUnit.Mul4Add5"); }
#else
TEST(RtlItUnitSoak, Mul2Add2) { runItUnit<Vcc_it_unit_m2a2>(2, 2, kVectors / 4, "RtlItUnitSoak.Mul2Add2"); }
TEST(RtlItUnitSoak, Mul1Add1) { runItUnit<Vcc_it_unit_m1a1>(1, 1, kVectors / 4, "RtlItUnitSoak.Mul1Add1"); }
TEST(RtlItUnitSoak, Mul3Add3) { runItUnit<Vcc_it_unit_m3a3>(3, 3, kVectors / 4, "RtlItUnitSoak.Mul3Add3"); }
TEST(RtlItUnitSoak, Mul4Add5) { runItUnit<Vcc_it_unit_m4a5>(4, 5, kVectors / 4, "RtlItUnitSoak.Mul4Add5"); }
#endif
