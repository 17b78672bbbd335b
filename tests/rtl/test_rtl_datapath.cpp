// cc_datapath end to end against the golden arithmetic of model/common: register files
// through the host port, DOP transforms through the correspondence/matrix lines and the
// DOTADD (cc::fp32::dotadd per line, as cc golden Chip::transform), the comparator bank
// (cc::dopOverlap), triangle passes (lines 24..50, as Chip::triPass) and the certified
// IT-unit (HIT and UNC against cc::itSide and the per-edge functions of cc/chip_math.h,
// for the side's bound on the it_bound ports), with the cycle counts of
// docs/rtl_datapath.md and cc/it_timing.h.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "cc/chip_math.h"
#include "cc/fp32.h"
#include "cc/regmap.h"
#include "cc/tri_matrix.h"
#include "datapath_bench.h"
#include "it_vectors.h"
#include "rtl_test_util.h"

using namespace cc;
using namespace cc::rtltest;
using fp32::bits;
using fp32::fromBits;

namespace {

constexpr unsigned kDotaddStages = 6;  // cc_datapath defaults (verilated without overrides)
constexpr unsigned kItMul = 2, kItAdd = 2;
// Command latencies (accept edge to response pulse), derived in docs/rtl_datapath.md.
constexpr uint64_t kXformCycles = 24 + kDotaddStages + 1;
constexpr uint64_t kTriCycles = 9 + kDotaddStages + 1;
constexpr uint64_t kCmpCycles = 1;

using Line = std::array<uint32_t, 4>;

void writeMatrixLine(DatapathBench& b, unsigned line, const Line& m) {
  for (unsigned c = 0; c < 4; ++c) b.cfgWrite(regs::matrixAddr(line, c), m[c]);
}
void writeCorr(DatapathBench& b, unsigned line, uint32_t w) { b.cfgWrite(regs::CORR_BASE + 4 * line, w); }

// Golden DOTADD over correspondence line i of the DOP transform (Chip::transform).
uint32_t goldenLine(const uint32_t* d, uint32_t corr, const Line& m) {
  const float r = fp32::dotadd(fromBits(d[regs::corrField(corr, 0)]), fromBits(d[regs::corrField(corr, 1)]),
                               fromBits(d[regs::corrField(corr, 2)]), fromBits(m[0]), fromBits(m[1]),
                               fromBits(m[2]), fromBits(m[3]));
  return fp32::chipBits(r);
}

// ---------------------------------------------------------------------------------------
// Register files through the host port
// ---------------------------------------------------------------------------------------
TEST(RtlDatapath, RegisterFilesReadBack) {
  const uint64_t seed = testSeed("RtlDatapath.RegisterFilesReadBack");
  Fp32Gen g(seed);
  DatapathBench b;
  uint32_t mat[regs::MATRIX_LINES][4], corr[regs::CORR_LINES];
  for (unsigned l = 0; l < regs::MATRIX_LINES; ++l)
    for (unsigned c = 0; c < 4; ++c) EXPECT_EQ(b.cfgRead(regs::matrixAddr(l, c)), 0u) << "reset value";
  for (unsigned l = 0; l < regs::MATRIX_LINES; ++l) {
    for (unsigned c = 0; c < 4; ++c) {
      mat[l][c] = g.bits32();
      b.cfgWrite(regs::matrixAddr(l, c), mat[l][c]);
    }
  }
  for (unsigned l = 0; l < regs::CORR_LINES; ++l) {
    corr[l] = g.bits32();
    writeCorr(b, l, corr[l]);
  }
  b.cfgWrite(regs::CORR_BASE + 4 * regs::CORR_LINES, 0xDEADBEEF);  // beyond the file: ignored
  for (unsigned l = 0; l < regs::MATRIX_LINES; ++l) {
    for (unsigned c = 0; c < 4; ++c) {
      // Lines 30..32 belong to the chip (leaf matrix): host writes are ignored.
      const uint32_t want = l < regs::kMatLeaf ? mat[l][c] : 0u;
      ASSERT_EQ(b.cfgRead(regs::matrixAddr(l, c)), want) << "line " << l << " col " << c << " seed=" << seed;
    }
  }
  for (unsigned l = 0; l < regs::CORR_LINES; ++l) ASSERT_EQ(b.cfgRead(regs::CORR_BASE + 4 * l), corr[l]) << l;
  EXPECT_EQ(b.cfgRead(regs::CORR_BASE + 4 * regs::CORR_LINES), 0u);
  EXPECT_EQ(b.cfgRead(regs::STATUS), 0u) << "offsets outside the files read zero";
}

// ---------------------------------------------------------------------------------------
// DOP transform + comparator bank
// ---------------------------------------------------------------------------------------
struct XformConfig {
  Line mat[24];
  uint32_t corr[24];
};

XformConfig randomXform(Fp32Gen& g) {
  XformConfig x{};
  for (int i = 0; i < 24; ++i) {
    x.corr[i] = regs::corrPack(g.below(24), g.below(24), g.below(24), i);
    for (int c = 0; c < 3; ++c) x.mat[i][c] = fp32::bits(uniform(g, -2.0f, 2.0f));
    x.mat[i][3] = fp32::bits(uniform(g, -100.0f, 100.0f));
    if (g.below(50) == 0) x.mat[i][g.below(4)] = kSpecials[g.below(kNumSpecials)];
  }
  return x;
}

void loadXform(DatapathBench& b, const XformConfig& x) {
  for (unsigned i = 0; i < 24; ++i) {
    writeMatrixLine(b, regs::kMatDop + i, x.mat[i]);
    writeCorr(b, regs::kCorrDop + i, x.corr[i]);
  }
}

void randomDop(Fp32Gen& g, uint32_t d[24]) {
  for (int i = 0; i < 12; ++i) {
    const float lo = uniform(g, -1000.0f, 1000.0f);
    d[i] = bits(lo);
    d[12 + i] = bits(lo + uniform(g, 0.0f, 50.0f));
  }
  if (g.below(20) == 0) d[g.below(24)] = kSpecials[g.below(kNumSpecials)];
}

// An aligned DOP near the transformed one t: overlapping, touching exactly, or separated
// along one slab, so both decisions and the equality edge case are all common.
void nearbyDop(Fp32Gen& g, const uint32_t t[24], uint32_t e[24]) {
  for (int i = 0; i < 12; ++i) {
    // Overlap in slab i needs e_min <= t_max and t_min <= e_max; a negative draw breaks it
    // (about a third of the DOPs end up separated along some slab).
    const float lo = fromBits(t[i]), hi = fromBits(t[12 + i]);
    e[i] = bits(hi - uniform(g, -1.0f, 40.0f));
    e[12 + i] = bits(lo + uniform(g, -1.0f, 40.0f));
  }
  const int s = g.below(12);
  switch (g.below(4)) {
    case 0: e[s] = t[12 + s]; break;  // e's min touches t's max: still overlapping
    case 1: e[12 + s] = t[s]; break;  // e's max touches t's min
    case 2: e[s] = bits(std::nextafter(fromBits(t[12 + s]), INFINITY)); break;  // one ulp apart
    default: break;
  }
  if (g.below(50) == 0) e[g.below(24)] = kSpecials[g.below(kNumSpecials)];
}

Dop toDop(const uint32_t* u) {
  Dop d;
  for (int i = 0; i < 24; ++i) d[i] = fromBits(u[i]);
  return d;
}

void runTransformCompare(uint64_t n_nodes, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen g(seed);
  fp32::FtzScope ftz;
  DatapathBench b;
  b.sim().setWatchdog(400 * n_nodes + 100000);
  XformConfig x = randomXform(g);
  loadXform(b, x);
  uint64_t overlaps = 0, disjoint = 0, decisions = 0;
  for (uint64_t node = 0; node < n_nodes; ++node) {
    if (node % 64 == 63) {  // a new pose now and then
      x = randomXform(g);
      loadXform(b, x);
    }
    uint32_t d[2][24], t[2][24];
    for (unsigned s = 0; s < 2; ++s) {
      randomDop(g, d[s]);
      b.loadWords(Beat::Dop, d[s], 24);
      const Response r = b.command(Cmd::Xform, s);
      ASSERT_FALSE(r.err) << "seed=" << seed;
      ASSERT_EQ(r.cycles, kXformCycles) << "transform latency, seed=" << seed;
      for (unsigned i = 0; i < 24; ++i) t[s][i] = goldenLine(d[s], x.corr[i], x.mat[i]);
    }
    for (unsigned s = 0; s < 2; ++s) {
      for (unsigned i = 0; i < 24; ++i) {
        ASSERT_EQ(hex32(b.dbg(s ? Dbg::Slot1 : Dbg::Slot0, i)), hex32(t[s][i]))
            << "slot " << s << " d'[" << i << "] corr=" << hex32(x.corr[i]) << " node " << node << " seed=" << seed;
      }
    }
    // Several aligned DOPs against the pair, as a list would bring them.
    for (int k = 0; k < 4; ++k) {
      uint32_t e[24];
      nearbyDop(g, t[g.below(2)], e);
      b.loadWords(Beat::E, e, 24);
      const Response r = b.command(Cmd::Cmp, 0);
      ASSERT_EQ(r.cycles, kCmpCycles);
      const Dop ed = toDop(e);
      for (unsigned s = 0; s < 2; ++s) {
        const bool want = dopOverlap(toDop(t[s]), ed);
        ASSERT_EQ(((r.overlap >> s) & 1u) != 0, want) << "slot " << s << " node " << node << " seed=" << seed;
        (want ? overlaps : disjoint)++;
        ++decisions;
      }
    }
  }
  std::printf("%s: %llu nodes transformed (%llu DOTADDs), %llu overlap decisions (%llu overlap, %llu disjoint)\n",
              name, (unsigned long long)(2 * n_nodes), (unsigned long long)(48 * n_nodes),
              (unsigned long long)decisions, (unsigned long long)overlaps, (unsigned long long)disjoint);
  EXPECT_GT(overlaps, decisions / 10);
  EXPECT_GT(disjoint, decisions / 10);
}

// Back-to-back compares: one decision per cycle, responses in order.
TEST(RtlDatapath, ComparesStreamOnePerCycle) {
  const uint64_t seed = testSeed("RtlDatapath.ComparesStreamOnePerCycle");
  Fp32Gen g(seed);
  fp32::FtzScope ftz;
  DatapathBench b;
  // Results banks: transform two DOPs with an identity-like configuration.
  XformConfig x = randomXform(g);
  loadXform(b, x);
  uint32_t d[24], t[2][24];
  for (unsigned s = 0; s < 2; ++s) {
    randomDop(g, d);
    b.loadWords(Beat::Dop, d, 24);
    ASSERT_FALSE(b.command(Cmd::Xform, s).err);
    for (unsigned i = 0; i < 24; ++i) t[s][i] = goldenLine(d, x.corr[i], x.mat[i]);
  }
  auto& top = b.top();
  uint64_t streamed = 0;
  for (int k = 0; k < 100; ++k) {
    uint32_t e[24];
    nearbyDop(g, t[k & 1], e);
    b.loadWords(Beat::E, e, 24);
    const unsigned want = (dopOverlap(toDop(t[0]), toDop(e)) ? 1u : 0u) | (dopOverlap(toDop(t[1]), toDop(e)) ? 2u : 0u);
    // Three compares on three consecutive edges; each answer one cycle after its issue.
    top.cmd_valid_i = 1;
    top.cmd_op_i = static_cast<uint8_t>(Cmd::Cmp);
    for (int j = 0; j < 3; ++j) {
      b.sim().eval();
      ASSERT_TRUE(top.cmd_ready_o) << "compare refused while streaming";
      b.tick();
      b.sim().eval();
      ASSERT_TRUE(top.rsp_valid_o) << "no answer one cycle after compare " << j;
      ASSERT_EQ(top.rsp_op_o, static_cast<uint8_t>(Cmd::Cmp));
      ASSERT_EQ(top.rsp_overlap_o, want) << "compare " << k << " seed=" << seed;
      ++streamed;
    }
    top.cmd_valid_i = 0;
    b.tick();
    b.sim().eval();
    ASSERT_FALSE(top.rsp_valid_o) << "one answer per compare";
  }
  EXPECT_EQ(streamed, 300u);
}

TEST(RtlDatapath, TransformAndCompareMatchGolden) {
  runTransformCompare(kVectors / 48 + 1, "RtlDatapath.TransformAndCompareMatchGolden");
}

TEST(RtlDatapath, BadCorrespondenceIsReported) {
  DatapathBench b;
  fp32::FtzScope ftz;
  for (unsigned i = 0; i < 24; ++i) writeCorr(b, i, regs::corrPack(i, i, i, i));
  uint32_t d[24] = {};
  b.loadWords(Beat::Dop, d, 24);
  EXPECT_FALSE(b.command(Cmd::Xform, 0).err);
  writeCorr(b, 7, regs::corrPack(1, 24, 2, 7));  // src1 = 24: outside the DOP
  EXPECT_TRUE(b.command(Cmd::Xform, 0).err);
  writeCorr(b, 7, regs::corrPack(1, 2, 3, 7));
  EXPECT_FALSE(b.command(Cmd::Xform, 1).err) << "the error is per command";
  // Triangle pass whose line 2 reads what line 0 writes: refused (RAW inside a pass).
  const auto std_corr = regs::standardCorrespondence();
  for (unsigned l = 24; l < regs::CORR_LINES; ++l) writeCorr(b, l, std_corr[l]);
  EXPECT_FALSE(b.command(Cmd::Tri, 0).err);
  writeCorr(b, regs::kCorrTriPass + 2, regs::corrPack(9, 1, 2, 11));  // reads d9 = line 0's dst
  EXPECT_TRUE(b.command(Cmd::Tri, 0).err);
  EXPECT_TRUE(b.command(Cmd::Tri, 3).err) << "pass 3 does not exist";
}

TEST(RtlDatapath, BeatsWaitWhileOperandsAreInUse) {
  DatapathBench b;
  uint32_t d[24] = {};
  b.loadWords(Beat::Dop, d, 24);
  b.issue(Cmd::Xform, 0);
  auto& top = b.top();
  top.beat_valid_i = 1;
  top.beat_dst_i = static_cast<uint8_t>(Beat::Dop);
  b.sim().eval();
  EXPECT_FALSE(top.beat_ready_o) << "DOP beat while the transform reads operands";
  top.beat_dst_i = static_cast<uint8_t>(Beat::E);
  b.sim().eval();
  EXPECT_TRUE(top.beat_ready_o) << "e beats are always taken";
  top.beat_valid_i = 0;
  const Response r = b.waitResponse();
  EXPECT_EQ(r.op, Cmd::Xform);
}

// ---------------------------------------------------------------------------------------
// IT-unit
// ---------------------------------------------------------------------------------------
void loadVertices(DatapathBench& b, const std::array<float, 9>& v) {
  uint32_t w[9];
  for (int i = 0; i < 9; ++i) w[i] = bits(v[i]);
  b.loadWords(Beat::Vert, w, 9);
}

void loadItCorr(DatapathBench& b) {
  const auto c = regs::standardCorrespondence();
  for (unsigned l = regs::kCorrTriPass; l < regs::CORR_LINES; ++l) writeCorr(b, l, c[l]);
}
void loadItLines(DatapathBench& b, const std::array<uint32_t, regs::CORR_LINES>& c) {
  for (unsigned l = regs::kCorrIt; l < regs::CORR_LINES; ++l) writeCorr(b, l, c[l]);
}

const char* verdictName(ItVerdict v) {
  return v == ItVerdict::Hit ? "hit" : v == ItVerdict::Miss ? "miss" : "uncertain";
}

// Sides straight into d0..d8 and the IT-unit. Blocks of sides use itCrossingLines instead
// of the standard lines (three crossing edges: the timing's k = 3 at the chip's stages).
void runItDirect(uint64_t n, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen g(seed);
  fp32::FtzScope ftz;
  DatapathBench b;
  b.sim().setWatchdog(150 * n + 100000);
  loadItCorr(b);
  const auto std_lines = regs::standardCorrespondence(), cross_lines = itCrossingLines();
  bool crossing = false;
  uint64_t by_verdict[3] = {}, by_computed[4] = {}, edge_unc = 0, not_crossing = 0, edges = 0;
  for (uint64_t i = 0; i < n; ++i) {
    if (i % 32 == 0) {
      crossing = g.below(4) == 0;
      loadItLines(b, crossing ? cross_lines : std_lines);
    }
    const ItCase c = itCase(g);
    float reg[32] = {};
    for (int k = 0; k < 9; ++k) reg[k] = c.v[k];
    const ItOperands ops = operandsFromLines(crossing ? cross_lines : std_lines, reg);
    loadVertices(b, c.v);
    b.setItBound(c.bound);
    const ItTriExpect x = itTriExpect(ops, c.bound);
    const auto where = [&] {
      return "side " + std::to_string(i) + (crossing ? " (crossing lines)" : "") + " " + boundStr(c.bound) +
             vertsStr(c.v) + " golden " + verdictName(x.verdict) + ", computed " + std::to_string(x.computed) +
             " seed=" + std::to_string(seed);
    };
    const Response rc = b.command(Cmd::It, uopClear());
    ASSERT_EQ(rc.cycles, 2u);
    ASSERT_FALSE(rc.hit || rc.unc) << "CLEAR clears HIT and UNC";
    const Response r = b.command(Cmd::It, uopTri());
    ASSERT_EQ(r.hit, x.hit) << "HIT after TRI, " << where();
    ASSERT_EQ(r.unc, x.unc) << "UNC after TRI, " << where();
    ASSERT_EQ(r.cycles, itTriCycles(x.computed, kItMul, kItAdd)) << "IT cycles, " << where();
    ++by_verdict[static_cast<int>(x.verdict)];
    ++by_computed[x.computed];
    // Every fourth side also edge by edge (EDGE micro-ops accumulate into HIT and UNC).
    if (i % 4 == 0) {
      b.command(Cmd::It, uopClear());
      bool any_hit = false, any_unc = false;
      for (int e = 0; e < 3; ++e) {
        const Response re = b.command(Cmd::It, uopEdge(e));
        const ItEdgeExpect ex = itEdgeExpect(ops, e, c.bound);
        any_hit = any_hit || ex.hit;
        any_unc = any_unc || ex.unc;
        ASSERT_EQ(re.hit, any_hit) << "HIT after EDGE " << e << ", " << where();
        ASSERT_EQ(re.unc, any_unc) << "UNC after EDGE " << e << ", " << where();
        ASSERT_EQ(re.cycles, itEdgeCycles(ex.cross, kItMul, kItAdd)) << "EDGE " << e << " cycles, " << where();
        not_crossing += !ex.cross;
        edge_unc += ex.cross && ex.unc;
        ++edges;
      }
    }
  }
  std::printf("%s: %llu sides (%llu hit, %llu miss, %llu uncertain; 0/1/2/3 computed edges %llu/%llu/%llu/%llu), "
              "%llu single edges (%llu not crossing, %llu computed and uncertain)\n",
              name, (unsigned long long)n, (unsigned long long)by_verdict[1], (unsigned long long)by_verdict[0],
              (unsigned long long)by_verdict[2], (unsigned long long)by_computed[0], (unsigned long long)by_computed[1],
              (unsigned long long)by_computed[2], (unsigned long long)by_computed[3], (unsigned long long)edges,
              (unsigned long long)not_crossing, (unsigned long long)edge_unc);
  EXPECT_GT(by_verdict[1], n / 20);
  EXPECT_GT(by_verdict[0], n / 20);
  EXPECT_GT(by_verdict[2], n / 20);
  EXPECT_GT(by_computed[2], n / 50);
  EXPECT_GT(by_computed[3], n / 500);
  EXPECT_GT(not_crossing, 0u);
  EXPECT_GT(edge_unc, 0u);
}

TEST(RtlDatapath, ItUnitMatchesEq4) { runItDirect(kVectors / 4, "RtlDatapath.ItUnitMatchesEq4"); }

TEST(RtlDatapath, ItNopAndFlagsHoldUntilClear) {
  fp32::FtzScope ftz;
  DatapathBench b;
  loadItCorr(b);
  // Edge V1V2 from z=+1 to z=-1 straight through (0.25, 0.25): a certain hit with the
  // smallest margins.
  const std::array<float, 9> hit_side = {0.25f, 0.25f, 1.0f, 0.25f, 0.25f, -1.0f, 5.0f, 5.0f, 1.0f};
  loadVertices(b, hit_side);
  b.setItBound(ItBound{-40, -23, itCoordExp(hit_side.data())});
  b.command(Cmd::It, uopClear());
  Response r = b.command(Cmd::It, uopTri());
  EXPECT_TRUE(r.hit);
  EXPECT_FALSE(r.unc);
  EXPECT_TRUE(b.command(Cmd::It, uopNop()).hit) << "HIT holds";
  EXPECT_EQ(b.command(Cmd::It, uopNop()).cycles, 2u);
  r = b.command(Cmd::It, uopClear());
  EXPECT_FALSE(r.hit || r.unc);
  // The same side with a hopeless bound: every edge uncertain, no arithmetic.
  b.setItBound(ItBound{-5, -23, itCoordExp(hit_side.data())});
  r = b.command(Cmd::It, uopTri());
  EXPECT_FALSE(r.hit);
  EXPECT_TRUE(r.unc);
  EXPECT_EQ(r.cycles, itTriCycles(0, kItMul, kItAdd));
  b.setItBound(ItBound{-40, -23, itCoordExp(hit_side.data())});
  r = b.command(Cmd::It, uopNop());
  EXPECT_TRUE(r.unc) << "UNC holds";
  EXPECT_FALSE(r.hit);
  r = b.command(Cmd::It, uopTri());
  EXPECT_TRUE(r.hit && r.unc) << "HIT and UNC add up until CLEAR";
  r = b.command(Cmd::It, uopClear());
  EXPECT_FALSE(r.hit || r.unc);
  // A vertex on the plane: its two edges uncertain, the third (1 -> -1) a certain miss.
  const std::array<float, 9> unc_side = {0.25f, 0.25f, 0.0f, 3.0f, 3.0f, 1.0f, 3.0f, 3.0f, -1.0f};
  loadVertices(b, unc_side);
  b.setItBound(ItBound{-40, -23, itCoordExp(unc_side.data())});
  r = b.command(Cmd::It, uopTri());
  EXPECT_FALSE(r.hit);
  EXPECT_TRUE(r.unc);
  EXPECT_EQ(r.cycles, itTriCycles(1, kItMul, kItAdd));
}

// ---------------------------------------------------------------------------------------
// Triangle passes (lines 24..50) + IT-unit, both directions, as the golden model does
// ---------------------------------------------------------------------------------------
struct Rigid {
  double r[3][3], t[3];
};

Rigid randomRigid(Fp32Gen& g) {
  double q[4];
  double n = 0;
  for (double& c : q) { c = uniform(g, -1.0f, 1.0f); n += c * c; }
  n = std::sqrt(n);
  for (double& c : q) c /= n;
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  Rigid p{{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
           {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
           {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}},
          {uniform(g, -0.3f, 0.3f), uniform(g, -0.3f, 0.3f), uniform(g, -0.3f, 0.3f)}};
  return p;
}

void runTrianglePairs(uint64_t n, const char* name) {
  const uint64_t seed = testSeed(name);
  Fp32Gen g(seed);
  fp32::FtzScope ftz;
  DatapathBench b;
  b.sim().setWatchdog(400 * n + 100000);
  const auto corr = regs::standardCorrespondence();
  loadItCorr(b);
  Line mat[33] = {};
  uint64_t by_verdict[3] = {}, second_dir = 0, sides = 0;
  int query_exp = 0;
  for (uint64_t i = 0; i < n; ++i) {
    if (i % 16 == 0) {  // a new pose: [R | t] and [R^-1 | -R^-1 t] in lines 24..29
      const Rigid p = randomRigid(g);
      // TRI_ERR_EXP as the driver sets it (cc::triangleQueryErrExp): objects of radius
      // below 0.87, displaced by t.
      query_exp = ceilLog2(10.01 * 0x1p-24 * (0.87 + std::sqrt(p.t[0] * p.t[0] + p.t[1] * p.t[1] + p.t[2] * p.t[2])));
      for (int r = 0; r < 3; ++r) {
        Line ab, ba;
        double rt_t = 0;
        for (int c = 0; c < 3; ++c) {
          ab[c] = bits(static_cast<float>(p.r[r][c]));
          ba[c] = bits(static_cast<float>(p.r[c][r]));
          rt_t += p.r[c][r] * p.t[c];
        }
        ab[3] = bits(static_cast<float>(p.t[r]));
        ba[3] = bits(static_cast<float>(-rt_t));
        mat[regs::kMatAtoB + r] = ab;
        mat[regs::kMatBtoA + r] = ba;
        writeMatrixLine(b, regs::kMatAtoB + r, ab);
        writeMatrixLine(b, regs::kMatBtoA + r, ba);
      }
    }
    // Two triangles in a unit box, often crossing.
    // With their records' err_exp words (layout::kTriErrExp), for an object radius of 0.87.
    uint32_t rec[2][21], err[2];
    bool degenerate = false;
    for (int t = 0; t < 2; ++t) {
      uint32_t* r = rec[t];
      Vec3d vv[3];
      for (int k = 0; k < 3; ++k)
        for (int c = 0; c < 3; ++c) {
          vv[k][c] = uniform(g, -0.5f, 0.5f);
          r[3 * k + c] = bits(static_cast<float>(vv[k][c]));
        }
      const auto m = unitTriangleMatrix(vv[0], vv[1], vv[2]);
      if (!m) { degenerate = true; break; }
      for (int j = 0; j < 12; ++j) r[9 + j] = bits((*m)[j]);
      err[t] = triErrExp(*m, vv[0], vv[1], vv[2], 0.87);
    }
    if (degenerate) continue;
    // The sides' bounds: as the chip forms them (Chip::triangleTest), or now and then
    // k_abs / k_rel of itBoundDraw.
    const bool drawn = g.below(4) == 0;
    SideExpMode mode = SideExpMode::FromOperands;
    const ItBound drawn_bound = itBoundDraw(g, mode);
    float reg[32] = {};
    bool hit = false;
    ItVerdict verdict = ItVerdict::Miss;
    for (unsigned dir = 0; dir < 2 && !hit; ++dir) {
      const uint32_t* own = rec[dir];
      const uint32_t* other = rec[1 - dir];
      b.loadWords(Beat::Vert, own, 9);
      for (int k = 0; k < 9; ++k) reg[k] = fromBits(own[k]);
      Response r = b.command(Cmd::Tri, dir);  // pass 0: A -> B, pass 1: B -> A
      ASSERT_FALSE(r.err);
      ASSERT_EQ(r.cycles, kTriCycles);
      goldenTriPass(reg, mat, corr, dir);
      b.loadWords(Beat::Leaf, other, 21);  // beats 0..2; M is words 9..20
      for (int row = 0; row < 3; ++row)
        for (int c = 0; c < 4; ++c) mat[regs::kMatLeaf + row][c] = other[9 + 4 * row + c];
      r = b.command(Cmd::Tri, 2);
      ASSERT_FALSE(r.err);
      const int coord_exp = goldenTriPass(reg, mat, corr, 2);
      for (unsigned k = 0; k < 18; ++k) {
        ASSERT_EQ(hex32(b.dbg(Dbg::DopReg, k)), hex32(fp32::chipBits(reg[k])))
            << "d" << k << " pair " << i << " dir " << dir << " seed=" << seed;
      }
      for (int row = 0; row < 3; ++row)
        for (int c = 0; c < 4; ++c)
          ASSERT_EQ(b.cfgRead(regs::matrixAddr(regs::kMatLeaf + row, c)), other[9 + 4 * row + c]) << "leaf M";
      ItBound bound = drawn ? drawn_bound
                            : ItBound{query_exp + layout::errExpOf(err[1 - dir]), layout::errExpOf(err[1 - dir] >> 8), coord_exp};
      if (drawn) itBoundFinish(g, bound, mode, coord_exp);
      const ItTriExpect x = itTriExpect(operandsFromLines(corr, reg), bound);
      b.setItBound(bound);
      b.command(Cmd::It, uopClear());
      r = b.command(Cmd::It, uopTri());
      ASSERT_EQ(r.hit, x.hit) << "HIT, pair " << i << " dir " << dir << " " << boundStr(bound) << " golden "
                              << verdictName(x.verdict) << " seed=" << seed;
      ASSERT_EQ(r.unc, x.unc) << "UNC, pair " << i << " dir " << dir << " " << boundStr(bound) << " golden "
                              << verdictName(x.verdict) << " seed=" << seed;
      ASSERT_EQ(r.cycles, itTriCycles(x.computed, kItMul, kItAdd)) << "pair " << i << " dir " << dir;
      hit = r.hit;
      if (x.verdict == ItVerdict::Uncertain) verdict = ItVerdict::Uncertain;
      if (dir == 1) ++second_dir;
      ++sides;
    }
    if (hit) verdict = ItVerdict::Hit;
    ++by_verdict[static_cast<int>(verdict)];
  }
  std::printf("%s: %llu triangle pairs (%llu intersecting, %llu uncertain, %llu apart), %llu sides, "
              "%llu needed the reverse direction\n",
              name, (unsigned long long)n, (unsigned long long)by_verdict[1], (unsigned long long)by_verdict[2],
              (unsigned long long)by_verdict[0], (unsigned long long)sides, (unsigned long long)second_dir);
  EXPECT_GT(by_verdict[1], 0u);
  EXPECT_GT(by_verdict[0], 0u);
  EXPECT_GT(by_verdict[2], 0u);
  EXPECT_GT(second_dir, 0u);
}

TEST(RtlDatapath, TrianglePassesAndItMatchGolden) {
  runTrianglePairs(kVectors / 50, "RtlDatapath.TrianglePassesAndItMatchGolden");
}

}  // namespace

#ifdef CC_RTL_SOAK
TEST(RtlDatapathSoak, TransformAndCompare) { runTransformCompare(kVectors / 48, "RtlDatapathSoak.TransformAndCompare"); }
TEST(RtlDatapathSoak, ItUnit) { runItDirect(kVectors, "RtlDatapathSoak.ItUnit"); }
TEST(RtlDatapathSoak, TrianglePairs) { runTrianglePairs(kVectors / 10, "RtlDatapathSoak.TrianglePairs"); }
#endif
