// Phase 2: cc_datapath on real work. A golden query runs through the host driver (trees,
// board image, pose set-up exactly as for the chip); every register write the driver
// makes is mirrored into the datapath, and the golden observer records every DOP
// transform and every triangle test. The datapath then repeats them from the board image:
// the tumbled node's DOP through beats, DOTADD and the results bank (compared bit for bit
// with the golden transform), and each triangle pair through the triangle passes and the
// certified IT-unit in both directions, each side with the bound the golden model gives it
// (TRI_ERR_EXP as the driver wrote it, the other triangle's record's err_exp word, and the
// coord_exp of the leaf-matrix pass): HIT, UNC and cycles of every side against the
// golden functions, and the sides' and the pair's verdicts against what the golden model
// reported.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "cc/driver.h"
#include "cc/golden_chip.h"
#include "cc/layout.h"
#include "datapath_bench.h"
#include "it_vectors.h"
#include "rtl_test_util.h"

using namespace cc;
using namespace cc::rtltest;

namespace {

// The golden chip behind the Device interface, with the matrix and correspondence writes
// copied into the datapath and an observer that records what the chip computed.
class TeeDevice : public Device, public golden::Observer {
 public:
  struct Side {
    uint32_t computed;
    ItVerdict verdict;
  };
  struct TriTest {
    uint32_t rec_a, rec_b;
    ItVerdict verdict;
    std::vector<Side> sides;  // as the golden model reported them: side A, then side B unless A hit
  };

  TeeDevice(DatapathBench& dp, const ChipConfig& cfg)
      : dp_(dp), chip_(mem_, cfg) {
    chip_.setObserver(this);
  }

  std::string name() const override { return "golden+datapath"; }
  void write32(uint32_t off, uint32_t v) override {
    const bool in_matrix = off >= regs::MATRIX_BASE && off < regs::MATRIX_BASE + regs::MATRIX_LINES * 16;
    const bool in_corr = off >= regs::CORR_BASE && off < regs::CORR_BASE + regs::CORR_LINES * 4;
    if (in_matrix || in_corr) dp_.cfgWrite(off, v);
    if (in_matrix) mat_[(off - regs::MATRIX_BASE) / 16][(off - regs::MATRIX_BASE) / 4 % 4] = v;
    if (in_corr) corr_[(off - regs::CORR_BASE) / 4] = v;
    if (off == regs::TRI_ERR_EXP) tri_err_exp_ = v;
    chip_.write32(off, v);
  }
  uint32_t read32(uint32_t off) override { return chip_.read32(off); }
  void writeMemory(uint32_t addr, const void* d, size_t n) override { mem_.write(addr, d, n); }
  void readMemory(uint32_t addr, void* d, size_t n) override { mem_.read(addr, d, n); }
  bool waitInterrupt(uint64_t) override { return chip_.interruptAsserted(); }

  void onTransform(uint32_t node_addr, const Dop& dop) override { transforms.push_back({node_addr, dop}); }
  void onFetch(Fetch kind, uint32_t addr) override {
    if (kind == Fetch::TriangleRecord) records.push_back(addr);
  }
  void onTriangleSide(uint32_t computed, ItVerdict verdict) override { sides_.push_back({computed, verdict}); }
  void onTriangleTest(uint32_t, uint32_t, ItVerdict verdict) override {
    // The two records fetched just before belong to this test (tumbled, then aligned).
    tri_tests.push_back({records[records.size() - 2], records[records.size() - 1], verdict, sides_});
    sides_.clear();
  }

  BoardMemory& memory() { return mem_; }
  // The host's writes as the datapath got them: matrix lines, correspondence lines, and
  // TRI_ERR_EXP (the driver's cc::setupPose value; the golden chip uses its bits 7:0).
  const std::array<uint32_t, 4>* matrix() const { return mat_; }
  const std::array<uint32_t, regs::CORR_LINES>& corr() const { return corr_; }
  uint32_t triErrExpWord() const { return tri_err_exp_; }
  std::vector<std::pair<uint32_t, Dop>> transforms;
  std::vector<uint32_t> records;
  std::vector<TriTest> tri_tests;

 private:
  DatapathBench& dp_;
  BoardMemory mem_;
  golden::Chip chip_;
  std::array<uint32_t, 4> mat_[regs::MATRIX_LINES] = {};
  std::array<uint32_t, regs::CORR_LINES> corr_{};  // the datapath's reset value
  uint32_t tri_err_exp_ = 0;
  std::vector<Side> sides_;
};

void readWords(const BoardMemory& m, uint32_t addr, uint32_t* w, unsigned n) { m.read(addr, w, 4 * n); }

const char* verdictName(ItVerdict v) {
  return v == ItVerdict::Hit ? "hit" : v == ItVerdict::Miss ? "miss" : "uncertain";
}

struct Totals {
  uint64_t transforms = 0, tri_pairs = 0, tri_hits = 0, tri_uncertain = 0, sides = 0;
};

// Replays at most max_xf transforms and max_tri triangle tests of one query.
void replay(DatapathBench& b, TeeDevice& dev, uint64_t max_xf, uint64_t max_tri, Totals& tot, uint64_t seed) {
  const BoardMemory& mem = dev.memory();
  uint64_t n = 0;
  for (const auto& [addr, dop] : dev.transforms) {
    if (n++ >= max_xf) break;
    uint32_t d[24];
    readWords(mem, addr + layout::kNodeDop, d, 24);
    b.loadWords(Beat::Dop, d, 24);
    const unsigned slot = n & 1;
    const Response r = b.command(Cmd::Xform, slot);
    ASSERT_FALSE(r.err);
    for (unsigned i = 0; i < 24; ++i) {
      ASSERT_EQ(hex32(b.dbg(slot ? Dbg::Slot1 : Dbg::Slot0, i)), hex32(fp32::bits(dop[i])))
          << "node " << hex32(addr) << " d'[" << i << "] seed=" << seed;
    }
    ++tot.transforms;
  }
  n = 0;
  constexpr unsigned kErrWord = layout::kTriErrExp / 4;  // record word 22
  std::array<uint32_t, 4> mat[regs::MATRIX_LINES];
  for (unsigned l = 0; l < regs::MATRIX_LINES; ++l) mat[l] = dev.matrix()[l];
  const auto& corr = dev.corr();
  for (const auto& t : dev.tri_tests) {
    if (n++ >= max_tri) break;
    uint32_t rec[2][kErrWord + 1];
    readWords(mem, t.rec_a, rec[0], kErrWord + 1);
    readWords(mem, t.rec_b, rec[1], kErrWord + 1);
    float reg[32] = {};
    ItVerdict side_verdict[2] = {ItVerdict::Miss, ItVerdict::Miss};
    unsigned sides = 0;
    for (unsigned dir = 0; dir < 2 && (dir == 0 || side_verdict[0] != ItVerdict::Hit); ++dir) {
      const uint32_t* own = rec[dir];
      const uint32_t* other = rec[1 - dir];
      const auto where = [&] {
        return "records " + hex32(t.rec_a) + " " + hex32(t.rec_b) + " side " + std::to_string(dir) + " seed=" +
               std::to_string(seed);
      };
      b.loadWords(Beat::Vert, own, 9);
      for (int k = 0; k < 9; ++k) reg[k] = fp32::fromBits(own[k]);
      ASSERT_FALSE(b.command(Cmd::Tri, dir).err);
      goldenTriPass(reg, mat, corr, dir);
      b.loadWords(Beat::Leaf, other, 21);
      for (int row = 0; row < 3; ++row)
        for (int c = 0; c < 4; ++c) mat[regs::kMatLeaf + row][c] = other[9 + 4 * row + c];
      ASSERT_FALSE(b.command(Cmd::Tri, 2).err);
      const int coord_exp = goldenTriPass(reg, mat, corr, 2);
      for (unsigned k = 0; k < 9; ++k)
        ASSERT_EQ(hex32(b.dbg(Dbg::DopReg, k)), hex32(fp32::chipBits(reg[k]))) << "d" << k << ", " << where();
      // The side's bound, from what the golden model uses (Chip::triangleTest).
      const uint32_t err = other[kErrWord];
      const ItBound bound{layout::errExpOf(dev.triErrExpWord()) + layout::errExpOf(err), layout::errExpOf(err >> 8), coord_exp};
      const ItTriExpect x = itTriExpect(operandsFromLines(corr, reg), bound);
      ASSERT_LT(dir, t.sides.size()) << "the golden model tested fewer sides, " << where();
      ASSERT_EQ(x.verdict, t.sides[dir].verdict) << "replay out of step with the golden model, " << where();
      ASSERT_EQ(x.computed, t.sides[dir].computed) << "replay out of step with the golden model, " << where();
      b.setItBound(bound);
      b.command(Cmd::It, uopClear());
      const Response r = b.command(Cmd::It, uopTri());
      ASSERT_EQ(r.hit, x.hit) << "HIT, " << boundStr(bound) << " golden " << verdictName(x.verdict) << ", " << where();
      ASSERT_EQ(r.unc, x.unc) << "UNC, " << boundStr(bound) << " golden " << verdictName(x.verdict) << ", " << where();
      ASSERT_EQ(r.cycles, itTriCycles(x.computed, 2, 2)) << "IT cycles, " << where();
      side_verdict[dir] = r.hit ? ItVerdict::Hit : r.unc ? ItVerdict::Uncertain : ItVerdict::Miss;
      ++sides;
    }
    ASSERT_EQ(sides, t.sides.size()) << "records " << hex32(t.rec_a) << " " << hex32(t.rec_b) << " seed=" << seed;
    const ItVerdict verdict = side_verdict[sides - 1] == ItVerdict::Hit ? ItVerdict::Hit
                              : (side_verdict[0] == ItVerdict::Uncertain || side_verdict[1] == ItVerdict::Uncertain)
                                  ? ItVerdict::Uncertain
                                  : ItVerdict::Miss;
    ASSERT_EQ(verdict, t.verdict) << "records " << hex32(t.rec_a) << " " << hex32(t.rec_b) << " seed=" << seed;
    ++tot.tri_pairs;
    tot.sides += sides;
    tot.tri_hits += verdict == ItVerdict::Hit;
    tot.tri_uncertain += verdict == ItVerdict::Uncertain;
  }
}

struct Scene {
  Mesh ma, mb;
  DopTree ta, tb;
};

Scene sceneFromFiles(const char* a, const char* b) {
  const std::string dir = CC_MESH_DIR;
  Scene s;
  s.ma = loadMesh(dir + "/" + a);
  s.mb = loadMesh(dir + "/" + b);
  normalizeMesh(s.ma);
  normalizeMesh(s.mb);
  s.ta = buildTree(s.ma, zachmannDirections(), SplitRule::MeanWidth);
  s.tb = buildTree(s.mb, zachmannDirections(), SplitRule::MeanWidth);
  return s;
}

void runReal(const Scene& s, unsigned poses, uint64_t max_xf, uint64_t max_tri, uint64_t min_tri, const char* name) {
  const uint64_t seed = testSeed(name);
  std::mt19937_64 rng(seed);
  fp32::FtzScope ftz;
  DatapathBench b;
  b.sim().setWatchdog(0);
  const ChipConfig cfg = namedConfig("paper");
  TeeDevice dev(b, cfg);
  Driver drv(dev);
  const BoardObject a = drv.upload(s.ta, s.ma), bo = drv.upload(s.tb, s.mb);
  Totals tot;
  std::normal_distribution<double> gauss;
  std::uniform_real_distribution<double> ang(-180, 180), off(-0.3, 0.3);
  for (unsigned p = 0; p < poses; ++p) {
    const Pose pose = poseFromAxisAngle({gauss(rng), gauss(rng), gauss(rng)}, ang(rng), {off(rng), off(rng), off(rng)});
    dev.transforms.clear();
    dev.records.clear();
    dev.tri_tests.clear();
    const QueryResult q = drv.query(a, bo, pose, QueryMode::All);
    ASSERT_EQ(q.error, regs::Error::None);
    replay(b, dev, max_xf, max_tri, tot, seed);
    if (::testing::Test::HasFatalFailure()) return;
  }
  std::printf("%s: %u poses, %llu golden transforms replayed, %llu triangle pairs (%llu intersecting, %llu uncertain; "
              "%llu sides), %llu cycles\n",
              name, poses, (unsigned long long)tot.transforms, (unsigned long long)tot.tri_pairs,
              (unsigned long long)tot.tri_hits, (unsigned long long)tot.tri_uncertain, (unsigned long long)tot.sides,
              (unsigned long long)b.sim().cycles());
  EXPECT_GT(tot.transforms, 0u);
  EXPECT_GE(tot.tri_pairs, min_tri);
  EXPECT_GT(tot.tri_hits, 0u);
}

bool haveMeshes() { return std::filesystem::exists(std::string(CC_MESH_DIR) + "/bunny00.off"); }

}  // namespace

#ifndef CC_RTL_SOAK
TEST(RtlDatapathReal, ProceduralSphereTorus) {
  Scene s;
  s.ma = makeSphere(0.6f, 24, 32);
  s.mb = makeTorus(0.6f, 0.2f, 36, 16);
  s.ta = buildTree(s.ma, zachmannDirections(), SplitRule::MeanWidth);
  s.tb = buildTree(s.mb, zachmannDirections(), SplitRule::MeanWidth);
  runReal(s, 6, 3000, 3000, 100, "RtlDatapathReal.ProceduralSphereTorus");
}
TEST(RtlDatapathReal, BunnyArmadillo) {
  if (!haveMeshes()) GTEST_SKIP() << "meshes not extracted (make meshes)";
  runReal(sceneFromFiles("bunny00.off", "armadillo.off"), 2, 3000, 5000, 100, "RtlDatapathReal.BunnyArmadillo");
}
#else
TEST(RtlDatapathRealSoak, BunnyArmadillo100kTrianglePairs) {
  if (!haveMeshes()) GTEST_SKIP() << "meshes not extracted (make meshes)";
  runReal(sceneFromFiles("bunny00.off", "armadillo.off"), 40, 20000, ~0ull, 100000,
          "RtlDatapathRealSoak.BunnyArmadillo100kTrianglePairs");
}
#endif
