// Phase 2: cc_datapath on real work. A golden query runs through the host driver (trees,
// board image, pose set-up exactly as for the chip); every register write the driver
// makes is mirrored into the datapath, and the golden observer records every DOP
// transform and every triangle test. The datapath then repeats them from the board image:
// the tumbled node's DOP through beats, DOTADD and the results bank (compared bit for bit
// with the golden transform), and each triangle pair through the triangle passes and the
// IT-unit in both directions (compared with the golden hit).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <random>

#include "cc/driver.h"
#include "cc/golden_chip.h"
#include "datapath_bench.h"
#include "rtl_test_util.h"

using namespace cc;
using namespace cc::rtltest;

namespace {

// The golden chip behind the Device interface, with the matrix and correspondence writes
// copied into the datapath and an observer that records what the chip computed.
class TeeDevice : public Device, public golden::Observer {
 public:
  struct TriTest {
    uint32_t rec_a, rec_b;
    bool hit;
  };

  TeeDevice(DatapathBench& dp, const ChipConfig& cfg) : dp_(dp), chip_(mem_, cfg) { chip_.setObserver(this); }

  std::string name() const override { return "golden+datapath"; }
  void write32(uint32_t off, uint32_t v) override {
    const bool in_files = (off >= regs::MATRIX_BASE && off < regs::MATRIX_BASE + regs::MATRIX_LINES * 16) ||
                          (off >= regs::CORR_BASE && off < regs::CORR_BASE + regs::CORR_LINES * 4);
    if (in_files) dp_.cfgWrite(off, v);
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
  void onTriangleTest(uint32_t, uint32_t, bool hit) override {
    // The two records fetched just before belong to this test (tumbled, then aligned).
    tri_tests.push_back({records[records.size() - 2], records[records.size() - 1], hit});
  }

  BoardMemory& memory() { return mem_; }
  std::vector<std::pair<uint32_t, Dop>> transforms;
  std::vector<uint32_t> records;
  std::vector<TriTest> tri_tests;

 private:
  DatapathBench& dp_;
  BoardMemory mem_;
  golden::Chip chip_;
};

void readWords(const BoardMemory& m, uint32_t addr, uint32_t* w, unsigned n) { m.read(addr, w, 4 * n); }

struct Totals {
  uint64_t transforms = 0, tri_pairs = 0, tri_hits = 0;
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
  for (const auto& t : dev.tri_tests) {
    if (n++ >= max_tri) break;
    uint32_t rec[2][21];
    readWords(mem, t.rec_a, rec[0], 21);
    readWords(mem, t.rec_b, rec[1], 21);
    bool hit = false;
    for (unsigned dir = 0; dir < 2 && !hit; ++dir) {
      b.loadWords(Beat::Vert, rec[dir], 9);
      ASSERT_FALSE(b.command(Cmd::Tri, dir).err);
      b.loadWords(Beat::Leaf, rec[1 - dir], 21);
      ASSERT_FALSE(b.command(Cmd::Tri, 2).err);
      b.command(Cmd::It, uopClear());
      hit = b.command(Cmd::It, uopTri()).hit;
    }
    ASSERT_EQ(hit, t.hit) << "records " << hex32(t.rec_a) << " " << hex32(t.rec_b) << " seed=" << seed;
    ++tot.tri_pairs;
    tot.tri_hits += hit;
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
  std::printf("%s: %u poses, %llu golden transforms replayed, %llu triangle pairs (%llu intersecting), %llu cycles\n",
              name, poses, (unsigned long long)tot.transforms, (unsigned long long)tot.tri_pairs,
              (unsigned long long)tot.tri_hits, (unsigned long long)b.sim().cycles());
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
