// Co-simulation of the Verilated chip on the simulated board against the golden model:
// every query's result pairs (in order), error status and counters must be identical.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <unistd.h>

#include "cc/core_states.h"
#include "cc/driver.h"
#include "cc_board.h"
#include "real_mesh_pairs.h"
#include "../test_util.h"

namespace {

#ifdef CC_CHIP_SOAK
constexpr int kRealPoses = 12;
#else
constexpr int kRealPoses = 2;
#endif

struct Pair {
  cc::Mesh a, b;
  cc::DopTree ta, tb;
};

Pair makePair(cc::Mesh a, cc::Mesh b) {
  Pair p{std::move(a), std::move(b), {}, {}};
  p.ta = cc::buildTree(p.a, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  p.tb = cc::buildTree(p.b, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  return p;
}

void expectSame(const cc::QueryResult& g, const cc::QueryResult& r, const std::string& where) {
  ASSERT_EQ(g.error, r.error) << where;
  ASSERT_EQ(g.pairs, r.pairs) << where;
  std::vector<uint64_t> gc, rc;
  g.counters.forEach([&](const char*, uint64_t v) { gc.push_back(v); });
  r.counters.forEach([&](const char*, uint64_t v) { rc.push_back(v); });
  gc.pop_back();  // cycles: golden is untimed
  rc.pop_back();
  ASSERT_EQ(gc, rc) << where << " (counters in cc::Counters order)";
  EXPECT_GT(r.counters.cycles, 0u) << where;
}

struct Rig {
  std::unique_ptr<cc::Device> gdev, rdev;
  cc::Driver g, r;
  cc::BoardObject ga, gb, ra, rb;
  explicit Rig(const Pair& p, uint32_t capacity = 1u << 20, const std::string& config = "paper")
      : gdev(cc::makeDevice("golden", cc::namedConfig(config))), rdev(cc::makeDevice("rtl", cc::namedConfig(config))),
        g(*gdev, capacity), r(*rdev, capacity) {
    ga = g.upload(p.ta, p.a);
    gb = g.upload(p.tb, p.b);
    ra = r.upload(p.ta, p.a);
    rb = r.upload(p.tb, p.b);
  }
  void compare(const cc::Pose& pose, cc::QueryMode mode, const std::string& where) {
    expectSame(g.query(ga, gb, pose, mode), r.query(ra, rb, pose, mode), where);
  }
};

}  // namespace

TEST(ChipCosim, ProceduralMeshesRandomPosesBothModes) {
  const uint64_t seed = cc::testutil::testSeed("ChipCosim.ProceduralMeshesRandomPosesBothModes");
  std::mt19937_64 rng(seed);
  const Pair p = makePair(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  Rig rig(p);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.6, 0.6), ang(-180, 180);
  for (int i = 0; i < 16; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
    rig.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All, "seed " + std::to_string(seed) + " pose " + std::to_string(i));
  }
}

namespace {
// Every real mesh pair on the chip of `config`: kRealPoses rotations about (1,1,1), starting
// at `first_deg`, at two offsets, both modes.
void sweepRealMeshes(const std::string& config, double first_deg) {
  auto pairs = loadRealMeshPairs(CC_MESH_DIR);
  if (pairs.empty()) GTEST_SKIP() << "run 'make meshes'";
  for (auto& real : pairs) {
    const Pair p = makePair(std::move(real.a), std::move(real.b));
    Rig rig(p, 1u << 20, config);
    for (const Eigen::Vector3d& offset : {Eigen::Vector3d(0.5, 0, 0), Eigen::Vector3d(0, 0, 0)}) {
      for (int i = 0; i < kRealPoses; ++i) {
        const double deg = 360.0 * i / kRealPoses + first_deg;
        const cc::Pose pose = cc::poseFromAxisAngle({1, 1, 1}, deg, offset);
        for (cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
          rig.compare(pose, mode, real.name + " " + config + " deg " + std::to_string(deg) + " offset " +
                                      std::to_string(offset[0]) + (mode == cc::QueryMode::First ? " first" : " all"));
        }
      }
    }
  }
}
}  // namespace

TEST(ChipCosim, RealMeshSweeps) { sweepRealMeshes("paper", 7.0); }

// The "queued" chip (configs/queued.cfg): the controller goes on with the traversal while
// up to four triangle tests wait for the engine. Results, their order, the status and every
// counter must still be the golden model's: in mode first the test that hits stops the
// controller wherever it got to and puts the counters back as they were at that test.
TEST(ChipCosim, QueuedTrianglesRealMeshes) { sweepRealMeshes("queued", 11.0); }

// The modern board with queued triangle tests (configs/modern_queued.cfg): the queue meets
// DDR4 latency, 16 banks and 16 pairs fetched ahead; the TLM model does not time it, so the
// golden model is its only check.
TEST(ChipCosim, ModernQueuedRealMeshes) { sweepRealMeshes("modern_queued", 13.0); }

// First-mode queries one after the other on the queued chip, where a queued test's hit can
// end a query between the controller's start of the resumed list (S_ASCEND, ResumeAhead)
// and that pair's request: the next query must start its own root list (it hung once).
// bunny00 against itself at 12 rotations about (1,1,1), as `cc_sweep --poses 12`; the
// watchdog turns a hang into an error.
namespace {
void firstHitsOneAfterTheOther(const std::string& config) {
  const std::string bunny = std::string(CC_MESH_DIR) + "/bunny00.off";
  if (!std::filesystem::exists(bunny)) GTEST_SKIP() << "run 'make meshes'";
  cc::Mesh a = cc::loadMesh(bunny);
  cc::normalizeMesh(a);
  const Pair p = makePair(a, a);
  ::setenv("CC_WATCHDOG", "20000000", 1);
  Rig rig(p, 1u << 20, config);
  ::unsetenv("CC_WATCHDOG");
  // Not the identity: two coincident copies make every pair coplanar, so uncertain, and a
  // first-mode query then runs to its end (tests/chip/test_exact_scenes.cpp has such scenes).
  for (int i = 0; i < 12; ++i)
    rig.compare(cc::poseFromAxisAngle({1, 1, 1}, 30.0 * i + 15, {0, 0, 0}), cc::QueryMode::First,
                "bunny00 " + config + " deg " + std::to_string(30 * i + 15));
}
}  // namespace

TEST(ChipCosim, QueuedFirstHitsOneAfterTheOther) { firstHitsOneAfterTheOther("queued"); }

namespace {
// Errors on a queued chip: one raised by a test (result overflow: the counters go back
// to that test's), one raised by the traversal while tests wait (it must come after them:
// in mode first one of them may hit and stop the query without the error). `capacities`:
// the result areas too small for the pose's pairs; `pointers`: the corrupted pointers.
void queuedErrorPaths(const std::string& config, uint64_t seed, std::initializer_list<uint32_t> capacities = {1u, 2u, 3u, 7u},
                      int pointers = 12) {
  std::mt19937_64 rng(seed);
  const Pair p = makePair(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  const cc::Pose pose = cc::poseFromAxisAngle({1, 0, 0}, 90, {0.4, 0, 0});
  for (uint32_t capacity : capacities) {
    Rig rig(p, capacity, config);
    rig.compare(pose, cc::QueryMode::All, config + ", result capacity " + std::to_string(capacity));
  }
  // Corrupt pointers deep in A's or B's tree: the traversal meets them with tests waiting.
  // A few random node pairs per run, one at a time (the word is put back after); the first
  // is A's root's child pointer, which every query at this pose follows.
  Rig rig(p, 1u << 20, config);
  const cc::QueryResult clean = rig.g.query(rig.ga, rig.gb, pose, cc::QueryMode::All);
  ASSERT_GT(clean.counters.triangle_tests, 8u);
  std::uniform_int_distribution<uint32_t> pick(1, 20);
  for (int k = 0; k < pointers; ++k) {
    const bool side_a = k % 2 == 0;
    // A pair past the root, its slot 0 or 1: its pointer (child pair or record) becomes bad.
    const uint32_t off = k == 0 ? cc::layout::kNodePtr : 256 * pick(rng) + (rng() % 2) * cc::layout::kNodeBytes + cc::layout::kNodePtr;
    const uint32_t at_g = (side_a ? rig.ga : rig.gb).root_pair + off, at_r = (side_a ? rig.ra : rig.rb).root_pair + off;
    uint32_t good = 0;
    rig.gdev->readMemory(at_g, &good, 4);
    const uint32_t bad = 0x40;  // misaligned for a pair and for a record
    rig.gdev->writeMemory(at_g, &bad, 4);
    rig.rdev->writeMemory(at_r, &bad, 4);
    for (cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
      const std::string where = "seed " + std::to_string(seed) + " " + config + ", bad pointer at " + std::to_string(at_g) +
                                (mode == cc::QueryMode::First ? " first" : " all");
      const cc::QueryResult g = rig.g.query(rig.ga, rig.gb, pose, mode);
      if (k == 0) {
        EXPECT_EQ(g.error, cc::regs::Error::BadPointer) << where;
      }
      expectSame(g, rig.r.query(rig.ra, rig.rb, pose, mode), where);
    }
    rig.gdev->writeMemory(at_g, &good, 4);
    rig.rdev->writeMemory(at_r, &good, 4);
  }
}
}  // namespace

TEST(ChipCosim, QueuedTrianglesErrorPaths) {
  queuedErrorPaths("queued", cc::testutil::testSeed("ChipCosim.QueuedTrianglesErrorPaths"));
}

namespace {
// Every leaf's triangle record pointer under node pair `pair` set to `bad`.
void corruptLeafRecords(cc::Device& dev, uint32_t pair, uint32_t bad) {
  for (uint32_t node = pair; node < pair + cc::layout::kPairBytes; node += cc::layout::kNodeBytes) {
    uint32_t flags = 0, ptr = 0;
    dev.readMemory(node + cc::layout::kNodeFlags, &flags, 4);
    if (!(flags & cc::layout::kFlagValid)) continue;
    if (flags & cc::layout::kFlagLeaf) {
      dev.writeMemory(node + cc::layout::kNodePtr, &bad, 4);
      continue;
    }
    dev.readMemory(node + cc::layout::kNodePtr, &ptr, 4);
    corruptLeafRecords(dev, ptr, bad);
  }
}

// CTRL.LEAF_VERTEX (docs/triangle_tests.md) on the chip of `config`: a coarse sphere
// tumbled against a fine torus at random poses, both modes, and the golden model's
// results, status and counters; the feature must save triangle tests against the same
// queries without it.
void leafVertexCosim(const std::string& config, int poses, const char* test) {
  const uint64_t seed = cc::testutil::testSeed(test);
  std::mt19937_64 rng(seed);
  const Pair p = makePair(cc::makeSphere(0.6f, 5, 7), cc::makeTorus(0.5f, 0.2f, 48, 16));
  Rig rig(p, 1u << 20, config);
  rig.r.setLeafDop(cc::LeafDop::Vertices);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.4, 0.4), ang(-180, 180);
  uint64_t tests_on = 0, tests_off = 0;
  for (int i = 0; i < poses; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
    const cc::QueryMode mode = i % 2 ? cc::QueryMode::First : cc::QueryMode::All;
    rig.g.setLeafDop(cc::LeafDop::Off);
    tests_off += rig.g.query(rig.ga, rig.gb, pose, mode).counters.triangle_tests;
    rig.g.setLeafDop(cc::LeafDop::Vertices);
    const cc::QueryResult r = rig.r.query(rig.ra, rig.rb, pose, mode);
    tests_on += r.counters.triangle_tests;
    expectSame(rig.g.query(rig.ga, rig.gb, pose, mode), r, config + " seed " + std::to_string(seed) + " pose " + std::to_string(i));
  }
  EXPECT_LT(tests_on, tests_off) << config << " seed " << seed;
  // Tumbled leaves' bad record pointers: BadPointer where the golden model stops (S_TNODE).
  corruptLeafRecords(*rig.gdev, rig.ga.root_pair, 0x1234);
  corruptLeafRecords(*rig.rdev, rig.ra.root_pair, 0x1234);
  const cc::Pose touch = cc::poseFromAxisAngle({1, 0, 0}, 30, {0, 0, 0});
  EXPECT_EQ(rig.g.query(rig.ga, rig.gb, touch, cc::QueryMode::All).error, cc::regs::Error::BadPointer);
  rig.compare(touch, cc::QueryMode::All, config + " bad leaf record pointer");
}
}  // namespace

TEST(ChipCosim, LeafVertexDop) { leafVertexCosim("paper", 12, "ChipCosim.LeafVertexDop"); }
TEST(ChipCosim, LeafVertexDopQueued) { leafVertexCosim("queued", 12, "ChipCosim.LeafVertexDopQueued"); }

TEST(ChipCosim, ErrorPathsMatchGolden) {
  const Pair p = makePair(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  const cc::Pose pose = cc::poseFromAxisAngle({1, 0, 0}, 90, {0.4, 0, 0});
  {
    Rig rig(p, 3);  // result overflow
    rig.compare(pose, cc::QueryMode::All, "result overflow");
  }
  {
    Rig rig(p);  // a corrupt child pointer in B's root
    const uint32_t bad = 0x1234;
    rig.gdev->writeMemory(rig.gb.root_pair + cc::layout::kNodePtr, &bad, 4);
    rig.rdev->writeMemory(rig.rb.root_pair + cc::layout::kNodePtr, &bad, 4);
    rig.compare(pose, cc::QueryMode::All, "bad pointer");
  }
  {
    Rig rig(p);  // a node without VALID in A's tree
    const uint32_t none = 0;
    rig.gdev->writeMemory(rig.ga.root_pair + 256 + cc::layout::kNodeFlags, &none, 4);
    rig.rdev->writeMemory(rig.ra.root_pair + 256 + cc::layout::kNodeFlags, &none, 4);
    rig.compare(pose, cc::QueryMode::All, "invalid node");
  }
  {
    // The "small" chip variant (256 list words, 8 frames): a coarse tumbled height field
    // (32 triangles, a shallow tree) lying on a fine one makes long lists.
    const Pair wide = makePair(cc::makeHeightField(4, 4, 1.5f, 0.01f, 1), cc::makeHeightField(40, 40, 1.5f, 0.01f, 2));
    Rig rig(wide, 1u << 20, "small");
    const cc::Pose pose = cc::poseFromAxisAngle({0, 0, 1}, 5, {0.01, 0.02, 0});
    const cc::QueryResult g = rig.g.query(rig.ga, rig.gb, pose, cc::QueryMode::All);
    EXPECT_EQ(g.error, cc::regs::Error::ListOverflow) << "the small configuration should overflow here";
    rig.compare(pose, cc::QueryMode::All, "small stack SRAM");
  }
  {
    // Stack overflow alone: deep trees, a list area big enough.
    const Pair deep = makePair(cc::makeSphere(0.5f, 40, 60), cc::makeSphere(0.5f, 40, 60));
    Rig rig(deep, 1u << 20, "small");
    const cc::Pose touch = cc::poseFromAxisAngle({0, 0, 1}, 10, {0.95, 0, 0});
    EXPECT_EQ(rig.g.query(rig.ga, rig.gb, touch, cc::QueryMode::All).error, cc::regs::Error::StackOverflow);
    rig.compare(touch, cc::QueryMode::All, "small stack, deep trees");
  }
  // START without roots and with a bad correspondence line: straight through the registers.
  for (auto* dev : {cc::makeDevice("rtl", cc::namedConfig("paper")).release()}) {
    std::unique_ptr<cc::Device> d(dev);
    d->write32(cc::regs::CTRL, cc::regs::CTRL_START | cc::regs::CTRL_IRQ_ENABLE);
    ASSERT_TRUE(d->waitInterrupt(10000));
    EXPECT_EQ(d->read32(cc::regs::STATUS), cc::regs::STATUS_DONE | (uint32_t(cc::regs::Error::NoRoots) << cc::regs::STATUS_ERR_SHIFT));
    d->write32(cc::regs::IRQ, 1);
    d->write32(cc::regs::ROOT_A, 0x1000);
    d->write32(cc::regs::ROOT_B, 0x2000);
    d->write32(cc::regs::CORR_BASE, cc::regs::corrPack(30, 0, 0, 0));
    const auto start = [&] {
      d->write32(cc::regs::IRQ, 1);
      d->write32(cc::regs::CTRL, cc::regs::CTRL_START | cc::regs::CTRL_IRQ_ENABLE);
      EXPECT_TRUE(d->waitInterrupt(10000));
      return (d->read32(cc::regs::STATUS) & cc::regs::STATUS_ERR_MASK) >> cc::regs::STATUS_ERR_SHIFT;
    };
    EXPECT_EQ(start(), uint32_t(cc::regs::Error::BadConfig));
    // The DOP lines mended, the triangle lines standard but for one that reads a register
    // its side never wrote (cc::regs::triangleLinesReadOwnRegisters): BadConfig as well.
    d->write32(cc::regs::CORR_BASE, 0);
    const auto std_corr = cc::regs::standardCorrespondence();
    for (uint32_t l = cc::regs::kCorrTriPass; l < cc::regs::CORR_LINES; ++l) d->write32(cc::regs::CORR_BASE + 4 * l, std_corr[l]);
    d->write32(cc::regs::CORR_BASE + 4 * (cc::regs::kCorrTriPass + 20), cc::regs::corrPack(9, 10, 20, 2));
    EXPECT_EQ(start(), uint32_t(cc::regs::Error::BadConfig));
    d->write32(cc::regs::CORR_BASE + 4 * (cc::regs::kCorrTriPass + 20), std_corr[cc::regs::kCorrTriPass + 20]);
    d->write32(cc::regs::CORR_BASE + 4 * (cc::regs::kCorrIt + 14), cc::regs::corrPack(5, 20, 0, 0));
    EXPECT_EQ(start(), uint32_t(cc::regs::Error::BadConfig));
    // All lines fine: the start gets past the checks (the empty memory has no valid node).
    d->write32(cc::regs::CORR_BASE + 4 * (cc::regs::kCorrIt + 14), std_corr[cc::regs::kCorrIt + 14]);
    EXPECT_EQ(start(), uint32_t(cc::regs::Error::BadPointer));
  }
}

namespace {

// Results written over triangle records in the middle of a query: the chip must read the
// changed records as the golden model does. A record in the result area is never reused
// nor read ahead of the tests before it (docs/rtl_core.md, the triangle-test engine). The result area
// starts where result 0's second word (the aligned triangle's id) lands on the tri_id of
// the first hit's tumbled triangle, so every later hit with that triangle reports the new
// id; `capacity` results fit.
constexpr uint32_t kResultOverTriId = cc::layout::kTriId - 4;  // result 0's second word at tri_id
void resultsOverTriangleRecords(const std::string& config, const Pair& p, const cc::Pose& pose, uint32_t capacity) {
  Rig rig(p, 1u << 20, config);
  const cc::QueryResult first = rig.g.query(rig.ga, rig.gb, pose, cc::QueryMode::All);
  rig.r.query(rig.ra, rig.rb, pose, cc::QueryMode::All);  // loads the same registers
  ASSERT_GT(first.pairs.size(), 2u);
  ASSERT_EQ(first.pairs[1].first, first.pairs[0].first) << "the scene should hit the first triangle twice";
  // The record of A's triangle in the first result pair: walk A's tree to its leaf.
  const auto recordOf = [](cc::Device& dev, uint32_t root, uint32_t tri) {
    std::vector<uint32_t> pairs{root};
    while (!pairs.empty()) {
      const uint32_t pair = pairs.back();
      pairs.pop_back();
      for (uint32_t node = pair; node < pair + cc::layout::kPairBytes; node += cc::layout::kNodeBytes) {
        uint32_t f[3];
        dev.readMemory(node + cc::layout::kNodeFlags, f, sizeof f);  // flags, ptr, tri_id
        if (!(f[0] & cc::layout::kFlagValid)) continue;
        if (!(f[0] & cc::layout::kFlagLeaf)) pairs.push_back(f[1]);
        else if (f[2] == tri) return f[1];
      }
    }
    return uint32_t{0};
  };
  const uint32_t rec = recordOf(*rig.gdev, rig.ga.root_pair, first.pairs[0].first);
  ASSERT_NE(rec, 0u);
  ASSERT_EQ(recordOf(*rig.rdev, rig.ra.root_pair, first.pairs[0].first), rec) << "same image on both boards";
  const uint32_t base = rec + kResultOverTriId;
  const auto run = [&](cc::Device& dev) {
    dev.write32(cc::regs::RESULT_BASE, base);
    dev.write32(cc::regs::RESULT_CAPACITY, capacity);
    dev.write32(cc::regs::IRQ, 1);
    dev.write32(cc::regs::CTRL, cc::regs::CTRL_IRQ_ENABLE | cc::regs::CTRL_START);
    EXPECT_TRUE(dev.waitInterrupt(50'000'000));
    std::vector<uint32_t> out{dev.read32(cc::regs::STATUS), dev.read32(cc::regs::RESULT_COUNT)};
    for (uint32_t r = cc::regs::CNT_TUMBLED; r <= cc::regs::CNT_MAX_LIST_LENGTH; r += 4) out.push_back(dev.read32(r));
    std::vector<uint32_t> mem(2 * out[1]);
    if (!mem.empty()) dev.readMemory(base, mem.data(), mem.size() * 4);
    out.insert(out.end(), mem.begin(), mem.end());
    dev.write32(cc::regs::IRQ, 1);
    return out;
  };
  const std::vector<uint32_t> g = run(*rig.gdev), r = run(*rig.rdev);
  constexpr size_t kHead = 9;  // STATUS, RESULT_COUNT, seven counters
  ASSERT_GE(g.size(), kHead + 4);
  EXPECT_EQ(g[kHead + 2], first.pairs[0].second) << "golden: the second hit reports the id the first result wrote";
  EXPECT_EQ(g, r) << "status, result count, counters and the results written over the records";
}

}  // namespace

// A torus through a sphere: results run on over the records after A's (capacity large).
TEST(ChipCosim, ResultsWrittenOverTriangleRecords) {
  const Pair p = makePair(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  const cc::Pose pose = cc::poseFromAxisAngle({1, 0, 0}, 90, {0.4, 0, 0});
  for (const char* config : {"paper", "queued"}) {
    SCOPED_TRACE(config);
    resultsOverTriangleRecords(config, p, pose, 1u << 20);
  }
}

namespace {
// One triangle of A through a row of 16 of B's that all cross it (16 tests, 16 hits at the
// identity pose).
Pair oneTriangleThroughARow() {
  cc::Mesh plane{"one triangle", {{-1, -1, 0}, {2, -1, 0}, {-1, 2, 0}}, {{0, 1, 2}}, {}};
  cc::Mesh row{"crossing triangles", {}, {}, {}};
  for (uint32_t i = 0; i < 16; ++i) {
    const float x = -0.5f + 0.05f * static_cast<float>(i);
    row.vertices.insert(row.vertices.end(), {{x, -0.2f, -0.5f}, {x + 0.01f, 0.0f, 0.5f}, {x, 0.2f, -0.5f}});
    row.tris.push_back({3 * i, 3 * i + 1, 3 * i + 2});
  }
  return makePair(std::move(plane), std::move(row));
}
}  // namespace

// One triangle of A through a row of B's triangles that all cross it: every test is a hit
// and reads the record result 0 writes into, so a test loaded ahead of the hit before it
// (the queued chip's load stage) would report the old id. Six results fit in the record's
// last 48 bytes; the query then overflows.
TEST(ChipCosim, ResultsWrittenOverTheRecordEveryTestReads) {
  const Pair p = oneTriangleThroughARow();
  const cc::Pose pose = cc::poseFromAxisAngle({0, 0, 1}, 0, {0, 0, 0});
  for (const char* config : {"paper", "queued"}) {
    SCOPED_TRACE(config);
    resultsOverTriangleRecords(config, p, pose, (cc::layout::kTriBytes - kResultOverTriId) / cc::layout::kResultBytes);
  }
}

namespace {
// The state numbers the profile counts (model/common/cc/core_states.h, rtl/cc_core_states.vh).
#define CC_TEST_STATE(name, number) name = number,
enum TracedState { CC_CORE_ENGINE_STATES(CC_TEST_STATE) CC_CORE_LOAD_STATES(CC_TEST_STATE) };
#undef CC_TEST_STATE
}  // namespace

// CC_STATE_PROFILE: the controller's states over all cycles, and over the busy cycles the
// triangle-test engine's decide stage and its queue and the SDRAM's commands and beats
// (sim/cc_board.cpp). One triangle of A through a row of 16 of B's: the queued chip's
// controller runs ahead and tests wait.
TEST(ChipProfile, EngineAndQueueCounted) {
  const Pair p = oneTriangleThroughARow();
  const std::string path = "/tmp/cc_profile_test_" + std::to_string(::getpid()) + ".txt";
  for (const char* config : {"paper", "queued"}) {
    SCOPED_TRACE(config);
    uint64_t cycles = 0, tests = 0;
    {
      ::setenv("CC_STATE_PROFILE", path.c_str(), 1);
      auto dev = cc::makeDevice("rtl", cc::namedConfig(config));
      ::unsetenv("CC_STATE_PROFILE");
      cc::Driver drv(*dev);
      const auto a = drv.upload(p.ta, p.a), b = drv.upload(p.tb, p.b);
      const cc::QueryResult q = drv.query(a, b, cc::poseFromAxisAngle({0, 0, 1}, 0, {0, 0, 0}), cc::QueryMode::All);
      ASSERT_EQ(q.pairs.size(), 16u);
      cycles = q.counters.cycles;
      tests = q.counters.triangle_tests;
    }  // the board writes the profile when it goes
    std::ifstream f(path);
    std::map<std::string, std::map<int, uint64_t>> kinds;  // "" (controller), engine, load, queue
    std::map<std::string, uint64_t> sdram;                  // activates, reads, ..., read_beats
    for (std::string line; std::getline(f, line);) {
      std::istringstream ls(line);
      std::string first;
      ls >> first;
      int state = 0;
      uint64_t n = 0;
      if (first == "sdram") {
        std::string what;
        ls >> what >> n;
        sdram[what] = n;
        continue;
      }
      const bool kind = first == "engine" || first == "load" || first == "queue";
      if (kind) ls >> state >> n;
      else state = std::stoi(first), ls >> n;
      kinds[kind ? first : ""][state] += n;
    }
    std::remove(path.c_str());
    auto total = [&](const std::string& k) {
      uint64_t t = 0;
      for (const auto& [s, n] : kinds[k]) t += n;
      return t;
    };
    EXPECT_EQ(total("engine"), total("queue"));  // all over the busy cycles
    EXPECT_EQ(total("engine"), total("load"));
    EXPECT_GE(kinds["load"][L_ISSUE], 18 * tests);   // side A's 18 DOTADDs a test, one a cycle
    if (std::string(config) == "paper") {
      EXPECT_EQ(kinds["load"][L_BANK], 0u);          // the paper chip takes one test at a time
    }
    EXPECT_GE(total("engine"), cycles);
    EXPECT_GT(total(""), total("engine"));  // the controller's over all cycles
    EXPECT_GT(kinds["engine"][E_IT], 0u);
    uint64_t waiting = 0;
    for (const auto& [k, n] : kinds["queue"]) waiting += k > 0 ? n : 0;
    if (std::string(config) == "paper") EXPECT_EQ(waiting, 0u);
    else EXPECT_GT(waiting, 0u);
    // Closed page: every READ and WRITE has its own ACTIVATE, and moves one burst of 8
    // beats. The query reads both roots, the leaves' pairs and records, and writes 16 pairs.
    EXPECT_GE(sdram["reads"], 2u + tests);
    EXPECT_GE(sdram["writes"], 1u);
    EXPECT_EQ(sdram["activates"], sdram["reads"] + sdram["writes"]);
    EXPECT_EQ(sdram["read_beats"], 8 * sdram["reads"]);
    EXPECT_EQ(sdram["write_beats"], 8 * sdram["writes"]);
    EXPECT_LE(sdram["read_beats"] + sdram["write_beats"], total("engine"));  // one beat a cycle
    // A store bigger than every burst the query read would hold every repeated read.
    ASSERT_LT(sdram["distinct_reads"], 256u);
    EXPECT_EQ(sdram["kept_by_256"], sdram["reads"] - sdram["distinct_reads"]);
    EXPECT_LE(sdram["kept_by_16"], sdram["kept_by_64"]);
    EXPECT_LE(sdram["kept_by_64"], sdram["kept_by_256"]);
  }
}

TEST(ChipRegisters, ReadBackAsDocumented) {
  auto d = cc::makeDevice("rtl", cc::namedConfig("paper"));
  EXPECT_EQ(d->read32(cc::regs::ID), cc::regs::kIdValue);
  EXPECT_EQ(d->read32(cc::regs::VERSION), cc::regs::kVersionValue);
  for (const auto& reg : cc::regs::kRegisters) {
    if (reg.access != cc::regs::Access::RW || reg.offset == cc::regs::CTRL) continue;
    d->write32(reg.offset, 0xA5A5A500);
    EXPECT_EQ(d->read32(reg.offset), 0xA5A5A500u) << reg.name;
  }
  d->write32(cc::regs::matrixAddr(29, 3), 0x3F800000);
  d->write32(cc::regs::matrixAddr(30, 0), 0x3F800000);
  EXPECT_EQ(d->read32(cc::regs::matrixAddr(29, 3)), 0x3F800000u);
  EXPECT_EQ(d->read32(cc::regs::matrixAddr(30, 0)), 0u);  // the chip's line
  d->write32(cc::regs::CORR_BASE + 4 * 65, 0x12345);
  EXPECT_EQ(d->read32(cc::regs::CORR_BASE + 4 * 65), 0x12345u);
  for (uint32_t off : {0x030u, 0x0FCu, 0x310u, 0x3FCu, 0x508u, 0xFFCu, cc::regs::LEAFV_BASE + cc::regs::LEAFV_LINES * 16}) {
    d->write32(off, 0xFFFFFFFF);
    EXPECT_EQ(d->read32(off), 0u) << std::hex << off;
  }
  d->write32(cc::regs::leafVertexAddr(0, 0), 0x3F800000);
  d->write32(cc::regs::leafVertexAddr(23, 3), 0xBF800000);
  EXPECT_EQ(d->read32(cc::regs::leafVertexAddr(0, 0)), 0x3F800000u);
  EXPECT_EQ(d->read32(cc::regs::leafVertexAddr(23, 3)), 0xBF800000u);
  // CTRL.LEAF_VERTEX reads back; LEAF_VERTEX_AND_DOP (golden model only) does not: the
  // driver takes mode `vertices` and refuses `vertices+dop`.
  d->write32(cc::regs::CTRL, 0xFFFFFFFE);
  EXPECT_EQ(d->read32(cc::regs::CTRL), cc::regs::CTRL_MODE_FIRST | cc::regs::CTRL_IRQ_ENABLE | cc::regs::CTRL_LEAF_VERTEX);
  d->write32(cc::regs::CTRL, 0);
  cc::Driver drv(*d);
  EXPECT_THROW(drv.setLeafDop(cc::LeafDop::VerticesAndDop), cc::DriverError);
  EXPECT_THROW(drv.setLeafPlane(true), cc::DriverError);  // the paper chip has no plane unit
  EXPECT_NO_THROW(drv.setLeafPlane(false));
  EXPECT_NO_THROW(drv.setLeafDop(cc::LeafDop::Vertices));
  EXPECT_NO_THROW(drv.setLeafDop(cc::LeafDop::Off));
}

// The rtl backend takes any configuration whose chip parameters a Verilated chip has (the
// clocks are the board's), and refuses others naming every chip built (sim/CMakeLists.txt).
TEST(ChipVariants, ChosenByParameters) {
  cc::ChipConfig same = cc::namedConfig("modern");
  same.name = "renamed";
  same.core_mhz = 1000;
  EXPECT_NO_THROW(cc::makeDevice("rtl", same));
  cc::ChipConfig odd = cc::namedConfig("paper");
  odd.name = "odd";
  odd.dotadd_stages = 7;  // no chip is Verilated with it
  try {
    cc::makeDevice("rtl", odd);
    ADD_FAILURE() << "an unbuilt chip was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    for (const char* chip : {"'paper'", "'small'", "'queued'", "'modern'", "'modern_queued'", "'odd'"})
      EXPECT_NE(what.find(chip), std::string::npos) << chip << " in: " << what;
  }
}

TEST(ChipPci, MemoryWindowRoundTripsAndMatchesTheBoard) {
  cc::sim::RtlDevice dev(cc::namedConfig("paper"));
  std::mt19937 rng(5);
  std::vector<uint32_t> words(777);
  for (auto& w : words) w = rng();
  dev.writeMemory(0x12340, words.data(), words.size() * 4);  // BAR1 bursts
  std::vector<uint32_t> back(words.size());
  dev.readMemory(0x12340, back.data(), back.size() * 4);
  EXPECT_EQ(back, words);
  std::vector<uint32_t> direct(words.size());
  dev.board().memory().read(0x12340, direct.data(), direct.size() * 4);  // what the DRAM holds
  EXPECT_EQ(direct, words);
  // Outside the window and outside BAR0: clear errors, nothing on the bus.
  EXPECT_THROW(dev.readMemory(0x0FFFFFFE, back.data(), 4), std::out_of_range);
  EXPECT_THROW(dev.write32(0x1000, 0), std::out_of_range);
  EXPECT_THROW(dev.read32(0x13), std::out_of_range);
  // An image larger than pci_upload_limit goes through the back door, still checked.
  std::vector<uint32_t> big(dev.pci_upload_limit / 4 + 1, 0xA5A5A5A5u);
  EXPECT_THROW(dev.writeMemory(cc::sim::RtlBoard::kBar1Bytes - 8, big.data(), big.size() * 4), std::out_of_range);
}

// ---- several triangle-test engines (configs/modern_parallel.cfg: four engines) ----
// The tests go to the engines in turn and end in the same turn (rtl/cc_tri_engines.v), so
// results, their order, the status and every counter must still be the golden model's; a
// test that stops the query must leave the later tests in the other engines unwritten and
// uncounted.
// The Verilated four-engine chip runs at about a quarter of the others' speed, and
// TlmVsRtl.ParallelEngines* check the same kinds of query (the TLM's answers are the golden
// model's) in make test; the long golden-against-RTL runs are make soak's.
namespace {
constexpr const char* kParallel = "modern_parallel";
}  // namespace

#ifdef CC_CHIP_SOAK
TEST(ChipCosim, ParallelEnginesProceduralRandomPosesBothModes) {
  const uint64_t seed = cc::testutil::testSeed("ChipCosim.ParallelEnginesProceduralRandomPosesBothModes");
  std::mt19937_64 rng(seed);
  const Pair p = makePair(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  Rig rig(p, 1u << 20, kParallel);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.6, 0.6), ang(-180, 180);
  uint64_t tests = 0;
  for (int i = 0; i < 16; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
    for (cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
      tests += rig.g.query(rig.ga, rig.gb, pose, mode).counters.triangle_tests;
      rig.compare(pose, mode, "seed " + std::to_string(seed) + " pose " + std::to_string(i));
    }
  }
  EXPECT_GT(tests, 64u) << "the poses should keep the four engines busy";
}

TEST(ChipCosim, ParallelEnginesRealMeshes) {
  sweepRealMeshes(kParallel, 17.0);
}

// Each error path once or twice (the queued chip's test runs them all): a result overflow
// with one pair of room and with three, A's root's child pointer bad and one more
// pointer deep in B's tree.
TEST(ChipCosim, ParallelEnginesErrorPaths) {
  queuedErrorPaths(kParallel, cc::testutil::testSeed("ChipCosim.ParallelEnginesErrorPaths"), {1u, 3u}, 2);
}

// Results written over the records the tests read: a result-area record's test waits for
// every test before it, in every engine.
TEST(ChipCosim, ParallelEnginesResultsOverTriangleRecords) {
  const Pair torus = makePair(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  resultsOverTriangleRecords(kParallel, torus, cc::poseFromAxisAngle({1, 0, 0}, 90, {0.4, 0, 0}), 1u << 20);
  const Pair row = oneTriangleThroughARow();
  resultsOverTriangleRecords(kParallel, row, cc::poseFromAxisAngle({0, 0, 1}, 0, {0, 0, 0}),
                             (cc::layout::kTriBytes - kResultOverTriId) / cc::layout::kResultBytes);
}

#endif  // CC_CHIP_SOAK

// First-mode hits one query after the other: a hit in one engine flushes the later tests
// of the others, and the next query must start clean.
TEST(ChipCosim, ParallelEnginesFirstHitsOneAfterTheOther) {
  firstHitsOneAfterTheOther(kParallel);
}

