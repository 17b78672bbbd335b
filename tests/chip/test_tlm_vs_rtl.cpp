// The TLM model against the RTL chip, query by query: results, every counter and the
// cycle count identical (docs/tlm.md: the timing model steps the controller as built).
// Error queries too (stack, list and result overflow, bad pointers deep in the trees).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "cc/driver.h"
#include "cc/host_policy.h"
#include "cc/tlm_chip.h"
#include "real_mesh_pairs.h"
#include "../test_util.h"

namespace {

struct Side {
  std::unique_ptr<cc::Device> dev;
  std::unique_ptr<cc::Driver> drv;
  cc::BoardObject a, b;
};

class TwoChips {
 public:
  TwoChips(const cc::Mesh& ma, const cc::Mesh& mb, const std::string& config = "paper", uint32_t result_capacity = 1u << 20) {
    const auto ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const auto tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    for (auto* s : {&rtl_, &tlm_}) {
      s->dev = cc::makeDevice(s == &rtl_ ? "rtl" : "tlm", cc::namedConfig(config));
      s->drv = std::make_unique<cc::Driver>(*s->dev, result_capacity);
      s->a = s->drv->upload(ta, ma);
      s->b = s->drv->upload(tb, mb);
    }
  }
  // Returns the RTL's error status (the TLM's must equal it).
  cc::regs::Error compare(const cc::Pose& pose, cc::QueryMode mode, const std::string& what) {
    const cc::QueryResult r = rtl_.drv->query(rtl_.a, rtl_.b, pose, mode);
    const cc::QueryResult t = tlm_.drv->query(tlm_.a, tlm_.b, pose, mode);
    EXPECT_EQ(t.error, r.error) << what;
    if (r.error != cc::regs::Error::None) ++errors[cc::regs::errorName(r.error)];
    EXPECT_EQ(t.pairs, r.pairs) << what;
    r.counters.forEach([&](const char* name, uint64_t rv) {
      t.counters.forEach([&](const char* n2, uint64_t tv) {
        if (std::string(name) == n2) {
          EXPECT_EQ(tv, rv) << what << ": counter " << name;
        }
      });
    });
    ++compared;
    return r.error;
  }
  // The query again with other triangle lines 24..50 (the driver always loads the
  // standard ones): straight through the registers; status, result count, every counter,
  // the cycles and the results written must agree.
  void compareWithTriangleLines(const cc::Pose& pose, cc::QueryMode mode, const std::array<uint32_t, cc::regs::CORR_LINES>& corr,
                                const std::string& what) {
    std::vector<uint32_t> out[2];
    for (int i = 0; i < 2; ++i) {
      Side& s = i == 0 ? rtl_ : tlm_;
      s.drv->query(s.a, s.b, pose, mode);  // loads the pose's registers
      cc::Device& dev = *s.dev;
      for (uint32_t l = cc::regs::kCorrTriPass; l < cc::regs::kCorrIt; ++l) dev.write32(cc::regs::CORR_BASE + 4 * l, corr[l]);
      dev.write32(cc::regs::IRQ, 1);
      dev.write32(cc::regs::CTRL, cc::regs::CTRL_IRQ_ENABLE | (mode == cc::QueryMode::First ? cc::regs::CTRL_MODE_FIRST : 0) |
                                      cc::regs::CTRL_START);
      EXPECT_TRUE(dev.waitInterrupt(50'000'000)) << what;
      out[i] = {dev.read32(cc::regs::STATUS), dev.read32(cc::regs::RESULT_COUNT)};
      for (uint32_t r = cc::regs::CNT_TUMBLED; r <= cc::regs::CNT_CYCLES_HI; r += 4) out[i].push_back(dev.read32(r));
      std::vector<uint32_t> mem(2 * size_t(out[i][1]));
      if (!mem.empty()) dev.readMemory(dev.read32(cc::regs::RESULT_BASE), mem.data(), mem.size() * 4);
      out[i].insert(out[i].end(), mem.begin(), mem.end());
      dev.write32(cc::regs::IRQ, 1);
    }
    EXPECT_EQ(out[1], out[0]) << what << ": status, result count, counters, cycles, results";
    ++compared;
  }
  // The query of `pose` once through the driver (loading its registers), then started
  // again by hand with the result area at `result_base` for `capacity` pairs: status,
  // result count, counters, cycles and the results written must agree. Returns the
  // result count.
  uint32_t compareWithResultArea(const cc::Pose& pose, uint32_t result_base, uint32_t capacity, const std::string& what) {
    std::vector<uint32_t> out[2];
    for (int i = 0; i < 2; ++i) {
      Side& s = i == 0 ? rtl_ : tlm_;
      s.drv->query(s.a, s.b, pose, cc::QueryMode::All);
      cc::Device& dev = *s.dev;
      dev.write32(cc::regs::RESULT_BASE, result_base);
      dev.write32(cc::regs::RESULT_CAPACITY, capacity);
      dev.write32(cc::regs::IRQ, 1);
      dev.write32(cc::regs::CTRL, cc::regs::CTRL_IRQ_ENABLE | cc::regs::CTRL_START);
      EXPECT_TRUE(dev.waitInterrupt(50'000'000)) << what;
      out[i] = {dev.read32(cc::regs::STATUS), dev.read32(cc::regs::RESULT_COUNT)};
      for (uint32_t r = cc::regs::CNT_TUMBLED; r <= cc::regs::CNT_CYCLES_HI; r += 4) out[i].push_back(dev.read32(r));
      std::vector<uint32_t> mem(2 * size_t(out[i][1]));
      if (!mem.empty()) dev.readMemory(result_base, mem.data(), mem.size() * 4);
      out[i].insert(out[i].end(), mem.begin(), mem.end());
      dev.write32(cc::regs::IRQ, 1);
    }
    EXPECT_EQ(out[1], out[0]) << what << ": status, result count, counters, cycles, results";
    ++compared;
    return out[0][1];
  }
  // The same word written into both boards' memories (a corrupted image).
  void write(uint32_t addr, uint32_t value) {
    for (Side* s : {&rtl_, &tlm_}) s->dev->writeMemory(addr, &value, 4);
  }
  uint32_t read(uint32_t addr) {
    uint32_t v = 0;
    tlm_.dev->readMemory(addr, &v, 4);
    return v;
  }
  // CTRL.LEAF_VERTEX on both chips (Driver::setLeafDop).
  void setLeafDop(cc::LeafDop mode) {
    for (Side* s : {&rtl_, &tlm_}) s->drv->setLeafDop(mode);
  }
  // A host policy on both chips' drivers (cc::applyHostPolicy).
  void setHostPolicy(const cc::HostPolicy& policy) {
    for (Side* s : {&rtl_, &tlm_}) cc::applyHostPolicy(*s->drv, policy);
  }
  const cc::BoardObject& objectA() const { return tlm_.a; }
  const cc::BoardObject& objectB() const { return tlm_.b; }
  int compared = 0;
  std::map<std::string, int> errors;  // error name -> queries

 private:
  Side rtl_, tlm_;
};

// A torus through a sphere at `poses` random poses (seed printed), modes alternating;
// `leaf_vertex`: with CTRL.LEAF_VERTEX, and the tumbled object a coarse sphere against a
// fine torus (docs/triangle_tests.md).
void randomProceduralPoses(const std::string& config, int poses, const char* test, bool leaf_vertex = false) {
  const uint64_t seed = cc::testutil::testSeed(test);
  std::mt19937_64 rng(seed);
  TwoChips chips(leaf_vertex ? cc::makeSphere(0.6f, 5, 7) : cc::makeTorus(0.5f, 0.2f, 20, 10),
                 leaf_vertex ? cc::makeTorus(0.5f, 0.2f, 32, 12) : cc::makeSphere(0.5f, 10, 14), config);
  if (leaf_vertex) chips.setLeafDop(cc::LeafDop::Vertices);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.6, 0.6), ang(-180, 180);
  for (int i = 0; i < poses; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
    chips.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All,
                  "seed " + std::to_string(seed) + " pose " + std::to_string(i));
  }
}

// The real mesh pairs at rotations `degs` about (1,1,1), offset 0.5 along x, both modes.
void realMeshPoses(const std::string& config, std::initializer_list<double> degs) {
  const auto pairs = loadRealMeshPairs(CC_MESH_DIR);
  if (pairs.empty()) GTEST_SKIP() << "run 'make meshes'";
  for (const auto& p : pairs) {
    TwoChips chips(p.a, p.b, config);
    for (double deg : degs) {
      for (cc::QueryMode mode : {cc::QueryMode::First, cc::QueryMode::All}) {
        chips.compare(cc::poseFromAxisAngle({1, 1, 1}, deg, {0.5, 0, 0}), mode,
                      p.name + " deg " + std::to_string(deg) + (mode == cc::QueryMode::First ? " first" : " all"));
      }
    }
  }
}

}  // namespace

TEST(TlmVsRtl, ProceduralMeshesRandomPosesBothModes) {
  randomProceduralPoses("paper", 12, "TlmVsRtl.ProceduralMeshesRandomPosesBothModes");
}

TEST(TlmVsRtl, RealMeshes) { realMeshPoses("paper", {31.0, 200.0}); }

// CTRL.LEAF_VERTEX (docs/triangle_tests.md): a tumbled leaf's record read and its 72
// DOTADDs (S_LV_DOT), timed as the RTL on every kind of chip: two lanes, one lane, queued.
TEST(TlmVsRtl, LeafVertexDop) {
  for (const char* config : {"paper", "paper_one_lane", "queued", "modern_queued", "modern_parallel"})
    randomProceduralPoses(config, 4, "TlmVsRtl.LeafVertexDop", true);
}

// CTRL.LEAF_PLANE on the chip with the plane unit (configs/modern_planes.cfg): an aligned
// leaf waits in S_PLANE for its plane test. A coarse sphere against a fine torus with the
// chip's host policy (the roles swapped: the sphere's planes, aligned), the planes on every
// query without the roles (the torus's planes, many small leaves in the leaf-list passes) and with
// CTRL.LEAF_VERTEX too; then every leaf plane of the aligned object malformed (BadPointer
// at the first test that meets one).
TEST(TlmVsRtl, LeafPlanes) {
  const uint64_t seed = cc::testutil::testSeed("TlmVsRtl.LeafPlanes");
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.5, 0.5), ang(-180, 180);
  TwoChips chips(cc::makeSphere(0.6f, 5, 7), cc::makeTorus(0.5f, 0.2f, 32, 12), "modern_planes");
  cc::HostPolicy policy = cc::hostPolicyOf("modern_planes");
  ASSERT_TRUE(policy.leaf_plane);
  ASSERT_GT(policy.roles_ratio, 0);
  const auto poses = [&](const std::string& what, int n) {
    for (int i = 0; i < n; ++i) {
      const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
      chips.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All, what + ", seed " + std::to_string(seed) + " pose " + std::to_string(i));
    }
  };
  chips.setHostPolicy(policy);
  poses("roles by size", 6);
  policy.roles_ratio = 0;
  policy.leaf_plane_with_roles = false;  // the planes on every query
  chips.setHostPolicy(policy);
  poses("the torus aligned", 6);
  policy.leaf_dop = cc::LeafDop::Vertices;
  chips.setHostPolicy(policy);
  poses("with LEAF_VERTEX", 4);
  // Every leaf of the aligned torus with a plane naming slot 30.
  const cc::BoardObject& b = chips.objectB();
  int leaves = 0;
  for (uint32_t a = b.base; a < b.end; a += cc::layout::kNodeBytes) {
    const uint32_t flags = chips.read(a + cc::layout::kNodeFlags);
    if (!(flags & cc::layout::kFlagValid) || !(flags & cc::layout::kFlagLeaf)) continue;
    chips.write(a + cc::layout::kNodePlaneSel, cc::layout::makePlaneSel(2, 30, 7));
    ++leaves;
  }
  EXPECT_GT(leaves, 100);
  policy.leaf_dop = cc::LeafDop::Off;
  chips.setHostPolicy(policy);
  for (cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
    EXPECT_EQ(chips.compare(cc::poseFromAxisAngle({0, 0, 1}, 10, {0.5, 0, 0}), mode, "malformed planes"), cc::regs::Error::BadPointer);
  }
  EXPECT_EQ(chips.compared, 18);
}

// The modern configuration (configs/modern.cfg: 16 banks, DDR4 timings, 16 requests held,
// 16 pairs fetched ahead) has its own Verilated chip: the TLM model must time it exactly too.
TEST(TlmVsRtl, ModernConfiguration) {
  randomProceduralPoses("modern", 8, "TlmVsRtl.ModernConfiguration");
  realMeshPoses("modern", {31.0});
}

// Tumbled pairs transformed on one DOTADD unit (configs/paper_one_lane.cfg: TransformLanes = 1,
// ListFollow = ResumeAhead = 0) have a Verilated chip of their own: the TLM model times both transform lanes.
TEST(TlmVsRtl, OneTransformLane) {
  randomProceduralPoses("paper_one_lane", 8, "TlmVsRtl.OneTransformLane");
  realMeshPoses("paper_one_lane", {31.0});
}

// The queued chips (configs/queued.cfg, modern_queued.cfg: tri_queue = 4). The controller
// hands each triangle test to the engine and goes on; the engine queues tests, reads their
// records ahead, keeps a third bank and runs side B on an IT-unit of its own; in mode first
// the controller runs past the test that hits until the engine has decided it (the golden
// model logs ahead for the TLM, golden::Chip::setLogAhead).
TEST(TlmVsRtl, QueuedConfiguration) {
  randomProceduralPoses("queued", 8, "TlmVsRtl.QueuedConfiguration");
  realMeshPoses("queued", {31.0});
}

TEST(TlmVsRtl, ModernQueuedConfiguration) {
  randomProceduralPoses("modern_queued", 8, "TlmVsRtl.ModernQueuedConfiguration");
  realMeshPoses("modern_queued", {31.0});
}

namespace {
// A test that ends the query with an error (ResultOverflow: room for two pairs) while the
// controller is ahead of it, and a traversal error (BadPointer deep in a tree) that waits
// in S_HOLD for the tests handed over before it: both drain as in the RTL. `cases`: the
// overflow poses and the corrupted pointers (each in both modes). The first overflow pose
// (the two objects concentric) and the first two pointers (the roots', which every query
// reads) are constructed, so each error occurs whatever the seed draws for the others.
void queuedErrorQueries(const std::string& config, const char* test, int cases) {
  const uint64_t seed = cc::testutil::testSeed(test);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.1, 0.1), ang(-180, 180);
  TwoChips overflow(cc::makeTorus(0.5f, 0.2f, 10, 6), cc::makeSphere(0.5f, 7, 9), config, 2u);
  for (int i = 0; i < cases; ++i) {
    const cc::Pose pose = i == 0 ? cc::poseFromAxisAngle({0, 0, 1}, 0, {0, 0, 0})
                                 : cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
    overflow.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All,
                     "room for two pairs, seed " + std::to_string(seed) + " pose " + std::to_string(i));
  }
  TwoChips chips(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14), config);
  const cc::Pose pose = cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.25, 0.05, 0});
  for (int i = 0; i < cases; ++i) {
    uint32_t node = (i % 2 == 0 ? chips.objectA() : chips.objectB()).root_pair;
    for (int d = i < 2 ? 0 : 2 + static_cast<int>(rng() % 6); d > 0; --d) {
      if (chips.read(node + cc::layout::kNodeFlags) & cc::layout::kFlagLeaf) break;
      node = chips.read(node + cc::layout::kNodePtr) + (rng() % 2) * cc::layout::kNodeBytes;
    }
    const uint32_t good = chips.read(node + cc::layout::kNodePtr);
    chips.write(node + cc::layout::kNodePtr, 0x1234);
    const std::string what = "node " + std::to_string(node) + " pointer bad, seed " + std::to_string(seed);
    chips.compare(pose, cc::QueryMode::All, what + ", mode all");
    chips.compare(pose, cc::QueryMode::First, what + ", mode first");
    chips.write(node + cc::layout::kNodePtr, good);
  }
  const auto count = [](const TwoChips& c, cc::regs::Error e) {
    const auto it = c.errors.find(cc::regs::errorName(e));
    return it == c.errors.end() ? 0 : it->second;
  };
  std::printf("%d of %d queries: result overflow; %d of %d: bad pointer\n", count(overflow, cc::regs::Error::ResultOverflow),
              cases, count(chips, cc::regs::Error::BadPointer), 2 * cases);
  EXPECT_GT(count(overflow, cc::regs::Error::ResultOverflow), 0);
  EXPECT_GT(count(chips, cc::regs::Error::BadPointer), 0);
}
}  // namespace

TEST(TlmVsRtl, QueuedErrorQueries) { queuedErrorQueries("queued", "TlmVsRtl.QueuedErrorQueries", 6); }

// Several triangle-test engines (configs/modern_parallel.cfg: four): the tests go to the
// engines in turn, their record reads share the port (the oldest test's engine first),
// answers wait for their turn (E_TURN) and a test that stops the query flushes the other
// engines' later tests. Results, counters and cycles as the RTL's.
TEST(TlmVsRtl, ParallelEngines) { randomProceduralPoses("modern_parallel", 2, "TlmVsRtl.ParallelEngines"); }

TEST(TlmVsRtl, ParallelEnginesRealMeshes) { realMeshPoses("modern_parallel", {31.0}); }

// configs/modern_records.cfg: the engines' records kept (cc_rec_store); a read of a kept
// record goes nowhere and the entry is full two cycles later. Results, counters and cycles
// as the RTL's.
TEST(TlmVsRtl, KeptRecords) { randomProceduralPoses("modern_records", 2, "TlmVsRtl.KeptRecords"); }

TEST(TlmVsRtl, KeptRecordsRealMeshes) { realMeshPoses("modern_records", {31.0}); }

TEST(TlmVsRtl, ParallelEnginesErrorQueries) {
  queuedErrorQueries("modern_parallel", "TlmVsRtl.ParallelEnginesErrorQueries", 2);
}

// First-mode hits one query after the other (bunny00 against itself at rotations about
// (1,1,1)): a hit in one engine flushes the others' later tests, and the next query
// starts with the turns back at engine 0.
TEST(TlmVsRtl, ParallelEnginesFirstHits) {
  const std::string bunny = std::string(CC_MESH_DIR) + "/bunny00.off";
  if (!std::filesystem::exists(bunny)) GTEST_SKIP() << "run 'make meshes'";
  cc::Mesh a = cc::loadMesh(bunny);
  cc::normalizeMesh(a);
  TwoChips chips(a, a, "modern_parallel");
  for (int i = 0; i < 8; ++i)
    chips.compare(cc::poseFromAxisAngle({1, 1, 1}, 45.0 * i + 15, {0, 0, 0}), cc::QueryMode::First,
                  "bunny00 deg " + std::to_string(45 * i + 15));
}

// Chips alive together and destroyed in any order (a model's scopes once unregistered from
// the wrong Verilated context and the destructor hung): the outer chips still answer after
// the inner ones are gone.
TEST(TlmVsRtl, ChipsAliveTogether) {
  const cc::Mesh torus = cc::makeTorus(0.5f, 0.2f, 12, 8), ball = cc::makeSphere(0.5f, 8, 10);
  const cc::Pose pose = cc::poseFromAxisAngle({1, 2, 3}, 40.0, {0.3, 0.1, 0});
  TwoChips outer(torus, ball, "paper");
  for (const char* config : {"paper", "modern"}) {
    TwoChips inner(torus, ball, config);
    inner.compare(pose, cc::QueryMode::All, config);
    outer.compare(pose, cc::QueryMode::All, "outer");
  }
  outer.compare(pose, cc::QueryMode::First, "outer after the inner chips");
  EXPECT_EQ(outer.compared, 3);
}

// The SDRAM reads the TLM's port takes (CC_TLM_REQUESTS) are the ones the RTL board's
// SDRAM device sees while the chip is busy (CC_STATE_PROFILE): as many, of as many distinct
// bursts, on the chip with four engines and kept pairs.
TEST(TlmVsRtl, SdramReadsAlike) {
  const cc::Mesh torus = cc::makeTorus(0.5f, 0.2f, 12, 8), ball = cc::makeSphere(0.5f, 8, 10);
  const std::string stem = "/tmp/cc_sdram_reads_" + std::to_string(::getpid());
  const std::string rtl_profile = stem + "_rtl.txt", tlm_requests = stem + "_tlm.txt";
  {
    ::setenv("CC_STATE_PROFILE", rtl_profile.c_str(), 1);
    ::setenv("CC_TLM_REQUESTS", tlm_requests.c_str(), 1);
    TwoChips chips(torus, ball, "modern_parallel");
    ::unsetenv("CC_STATE_PROFILE");
    ::unsetenv("CC_TLM_REQUESTS");
    for (int i = 0; i < 3; ++i) {
      chips.compare(cc::poseFromAxisAngle({1, 2, 3}, 40.0 * i, {0.3, 0.1, 0}), i == 1 ? cc::QueryMode::First : cc::QueryMode::All,
                    "pose " + std::to_string(i));
    }
  }  // the board writes its profile, the TLM closes its log
  std::map<std::string, uint64_t> rtl;
  std::ifstream rf(rtl_profile);
  for (std::string kind, what; rf >> kind;) {
    if (kind == "sdram") rf >> what >> rtl[what];
    else rf.ignore(1 << 20, '\n');
  }
  uint64_t reads = 0, distinct = 0, queries = 0;
  std::set<uint32_t> bursts;
  std::ifstream tf(tlm_requests);
  for (std::string line; std::getline(tf, line);) {
    if (line == "query") {
      distinct += bursts.size(), bursts.clear(), ++queries;
      continue;
    }
    std::istringstream ls(line);
    uint64_t cycle = 0;
    std::string what;
    uint32_t addr = 0;
    ASSERT_TRUE(ls >> cycle >> what >> addr) << line;
    if (what == "result") continue;
    ++reads;
    bursts.insert(addr >> 8);
  }
  distinct += bursts.size();
  std::remove(rtl_profile.c_str());
  std::remove(tlm_requests.c_str());
  EXPECT_EQ(queries, 3u);
  EXPECT_GT(reads, 100u);
  EXPECT_EQ(reads, rtl["reads"]);
  EXPECT_EQ(distinct, rtl["distinct_reads"]);
}

TEST(TlmVsRtl, ErrorQueries) {
  // Deep trees on the `small` chip (256 list words, 8 frames) run out of frames; shallow
  // ones with room for two result pairs overflow the result buffer. The TLM stops where
  // the golden model raised the error and drains as the RTL does: cycles included, the
  // two must agree.
  const uint64_t seed = cc::testutil::testSeed("TlmVsRtl.ErrorQueries");
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.1, 0.1), ang(-180, 180);
  std::map<std::string, int> errors;
  for (const bool deep : {true, false}) {
    TwoChips chips(deep ? cc::makeTorus(0.5f, 0.2f, 28, 14) : cc::makeTorus(0.5f, 0.2f, 10, 6),
                   deep ? cc::makeSphere(0.5f, 14, 20) : cc::makeSphere(0.5f, 7, 9), "small", deep ? 1u << 20 : 2u);
    // The objects concentric, mode all: the deep trees run out of frames and the shallow ones
    // find more than two pairs, whatever the seed draws below.
    const cc::regs::Error want = deep ? cc::regs::Error::StackOverflow : cc::regs::Error::ResultOverflow;
    EXPECT_EQ(chips.compare(cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0, 0, 0}), cc::QueryMode::All, deep ? "deep, concentric" : "shallow, concentric"),
              want);
    for (int i = 0; i < 8; ++i) {
      const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
      chips.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All,
                    std::string(deep ? "deep" : "shallow") + " trees, seed " + std::to_string(seed) + " pose " + std::to_string(i));
    }
    for (const auto& [name, n] : chips.errors) errors[name] += n;
  }
  for (const auto& [name, n] : errors) std::printf("%d of 18 queries: %s\n", n, name.c_str());
}

namespace {
// A node's pointer (its child pair, or a leaf's triangle record) or its flags corrupted a
// few levels down one tree: the chip meets it mid-traversal, with fetches, transforms and
// triangle tests in flight, raises BadPointer and drains; the TLM must stop and drain
// alike. `leaf_vertex`: with CTRL.LEAF_VERTEX, where a tumbled leaf's record pointer is
// checked before its transform (S_TNODE).
void badPointersDeep(const char* test, int cases, bool leaf_vertex) {
  const uint64_t seed = cc::testutil::testSeed(test);
  std::mt19937_64 rng(seed);
  const cc::Pose pose = cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.25, 0.05, 0});
  const uint32_t bad_values[] = {0x1234, 0x7FFFFF00, 0};  // misaligned, beyond the board, the null pointer
  TwoChips chips(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  if (leaf_vertex) chips.setLeafDop(cc::LeafDop::Vertices);
  for (int i = 0; i < cases; ++i) {
    const bool in_a = i % 2 == 0;
    // Down a random path of the tree to a random depth (or to a leaf); the first case stays
    // at A's root, whose child pointer every query at this pose follows.
    uint32_t node = (in_a ? chips.objectA() : chips.objectB()).root_pair;
    for (int d = i == 0 ? 0 : 2 + static_cast<int>(rng() % 6); d > 0; --d) {
      if (chips.read(node + cc::layout::kNodeFlags) & cc::layout::kFlagLeaf) break;
      node = chips.read(node + cc::layout::kNodePtr) + (rng() % 2) * cc::layout::kNodeBytes;
    }
    // The last cases clear the node's flags instead: a node without VALID.
    const bool flags = i >= cases * 3 / 4;
    const uint32_t field = flags ? cc::layout::kNodeFlags : cc::layout::kNodePtr, value = flags ? 0 : bad_values[i % 3];
    const uint32_t good = chips.read(node + field);
    chips.write(node + field, value);
    const std::string what = std::string(in_a ? "A" : "B") + " node " + std::to_string(node) +
                             (flags ? " flags " : " pointer ") + std::to_string(value) + ", seed " + std::to_string(seed);
    const cc::regs::Error all = chips.compare(pose, cc::QueryMode::All, what + ", mode all");
    const cc::regs::Error first = chips.compare(pose, cc::QueryMode::First, what + ", mode first");
    if (i == 0) {
      EXPECT_EQ(all, cc::regs::Error::BadPointer) << what;
      EXPECT_EQ(first, cc::regs::Error::BadPointer) << what;
    }
    chips.write(node + field, good);
  }
  std::printf("%d of %d queries: bad pointer\n", chips.errors[cc::regs::errorName(cc::regs::Error::BadPointer)], 2 * cases);
}
}  // namespace

TEST(TlmVsRtl, BadPointersDeepInTheTrees) { badPointersDeep("TlmVsRtl.BadPointersDeepInTheTrees", 12, false); }
TEST(TlmVsRtl, BadPointersDeepInTheTreesLeafVertex) {
  badPointersDeep("TlmVsRtl.BadPointersDeepInTheTreesLeafVertex", 12, true);
}

TEST(TlmVsRtl, ListOverflow) {
  // A coarse height field over a fine one, nearly on top of each other: each big tumbled
  // triangle meets a large part of the fine field, whose nodes fill its lists, and the
  // `small` chip's 256 list words run out (in leaf-list passes and in pairs' lists) before
  // its 8 frames do.
  std::map<std::string, int> errors;
  for (const auto& [coarse, fine] : {std::pair{2, 32}, std::pair{4, 24}}) {
    TwoChips chips(cc::makeHeightField(coarse, coarse, 1.0f, 0.01f, 7), cc::makeHeightField(fine, fine, 1.0f, 0.01f, 8),
                   "small");
    for (int i = 0; i < 4; ++i) {
      const cc::Pose pose = cc::poseFromAxisAngle({0.1, 0.2, 1}, 2.0 * i, {0.01 * i, 0, 0.001});
      chips.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All,
                    std::to_string(coarse) + " over " + std::to_string(fine) + ", pose " + std::to_string(i));
    }
    for (const auto& [name, n] : chips.errors) errors[name] += n;
  }
  for (const auto& [name, n] : errors) std::printf("%d of 8 queries: %s\n", n, name.c_str());
  EXPECT_GE(errors[cc::regs::errorName(cc::regs::Error::ListOverflow)], 4);
}

TEST(TlmVsRtl, ResultsWrittenOverTriangleRecords) {
  // The result area over the triangle records of A's first leaves (as in
  // ChipCosim.ResultsWrittenOverTriangleRecords): results change records while the query
  // runs, a record in the result area is never reused, and its test waits for the tests
  // before it. The two boards hold the same image, so one walk finds the records.
  // On the queued chip such a record is not read ahead, and its test loads only when the
  // decide stage is idle; with several engines also only on its engine's turn.
  for (const char* config : {"paper", "queued", "modern_parallel", "modern_records"}) {
    TwoChips chips(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14), config);
    const cc::Pose pose = cc::poseFromAxisAngle({1, 0, 0}, 90, {0.4, 0, 0});
    uint32_t node = chips.objectA().root_pair;
    while (!(chips.read(node + cc::layout::kNodeFlags) & cc::layout::kFlagLeaf)) node = chips.read(node + cc::layout::kNodePtr);
    const uint32_t rec = chips.read(node + cc::layout::kNodePtr);
    for (uint32_t offset : {uint32_t{0}, cc::layout::kTriId - 4, 5 * cc::layout::kTriBytes}) {
      EXPECT_GT(chips.compareWithResultArea(pose, rec + offset, 1u << 16,
                                            std::string(config) + ": result area at record + " + std::to_string(offset)),
                16u);
    }
  }
}

TEST(TlmVsRtl, PermutedTriangleLines) {
  // The same transforms with each frame pass's nine lines in reverse order: a leaf-matrix
  // DOTADD of vertex 0 now waits for the frame pass's last results (operand forwarding,
  // cc::regs::leafPassFrameNeeds), and a frame output written twice counts from its last
  // writer. The golden model's results are those of the standard lines.
  TwoChips chips(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  const auto std_corr = cc::regs::standardCorrespondence();
  auto reversed = std_corr, twice = std_corr;
  for (uint32_t pass = 0; pass < 2; ++pass) {
    for (uint32_t o = 0; o < 9; ++o) reversed[cc::regs::kCorrTriPass + 9 * pass + o] = std_corr[cc::regs::kCorrTriPass + 9 * pass + 8 - o];
  }
  // Side A's outputs 0 and 1 both write d9 (so d9 holds vertex 0's y), and vertex 0's
  // leaf-matrix DOTADDs read (d9, d1, d9): from side A's output 1 (its last writer of d9,
  // not output 0) and a vertex register the frame pass leaves alone.
  twice[cc::regs::kCorrTriPass + 1] = cc::regs::corrPack(0, 1, 2, 9);
  for (uint32_t k = 0; k < 3; ++k) twice[cc::regs::kCorrTriPass + 18 + k] = cc::regs::corrPack(9, 1, 9, k);
  ASSERT_EQ(cc::regs::leafPassFrameNeeds(twice, 0)[0], 1);
  ASSERT_EQ(cc::regs::leafPassFrameNeeds(twice, 1)[0], 0);
  ASSERT_TRUE(cc::regs::triangleLinesReadOwnRegisters(twice));
  ASSERT_EQ(cc::regs::leafPassFrameNeeds(reversed, 0)[0], 8);
  ASSERT_TRUE(cc::regs::triangleLinesReadOwnRegisters(reversed));
  for (int i = 0; i < 4; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({1, 0.3, 0.2}, 40.0 * i, {0.3, 0.1, 0});
    chips.compareWithTriangleLines(pose, cc::QueryMode::All, reversed, "reversed frame lines, pose " + std::to_string(i));
    chips.compareWithTriangleLines(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All, twice,
                                   "d9 written twice, pose " + std::to_string(i));
  }
}

// The TLM model charges a register access the PCI clocks the RTL board's bus takes for it
// (Device::busClocks: host turnaround included), at the paper clocks and the modern ones:
// writes and write bursts exactly, reads but for the crossing's phase.
// Register write bursts too; board-memory bursts are not calibrated: the RTL's depend on
// the SDRAM (docs/tlm.md).
TEST(TlmVsRtl, RegisterAccessesCostTheRtlsBusClocks) {
  for (const char* config : {"paper", "modern_planes"}) {
    uint64_t writes[2], reads[2], burst[2];
    std::vector<uint32_t> words(cc::regs::CORR_LINES);
    for (uint32_t k = 0; k < words.size(); ++k) words[k] = (k * 0x9E37u + 5) & 0xFFFFFu;  // 20 bits a line
    for (int i = 0; i < 2; ++i) {
      auto dev = cc::makeDevice(i == 0 ? "rtl" : "tlm", cc::namedConfig(config));
      ASSERT_EQ(dev->read32(cc::regs::ID), cc::regs::kIdValue);
      const uint64_t c0 = dev->busClocks();
      for (uint32_t k = 0; k < 50; ++k) dev->write32(cc::regs::ROOT_A, k);
      const uint64_t c1 = dev->busClocks();
      for (uint32_t k = 0; k < 50; ++k) dev->read32(cc::regs::CNT_TUMBLED);
      const uint64_t c2 = dev->busClocks();
      dev->writeRegisters(cc::regs::CORR_BASE, words.data(), words.size());
      writes[i] = c1 - c0;
      reads[i] = c2 - c1;
      burst[i] = dev->busClocks() - c2;
      // Board-memory reads: the TLM's are a fit of these (docs/tlm.md), printed, not checked.
      std::printf("%s %s: board-memory read, PCI clocks:", config, i == 0 ? "rtl" : "tlm");
      std::vector<uint32_t> mem(64);
      for (size_t words : {2, 16, 64}) {
        const uint64_t m0 = dev->busClocks();
        for (uint32_t r = 0; r < 10; ++r) dev->readMemory(0x10000 + 4096 * r, mem.data(), 4 * words);
        std::printf(" %zu words %.1f", words, (dev->busClocks() - m0) / 10.0);
      }
      std::printf("\n");
      for (uint32_t k = 0; k < words.size(); k += 13) EXPECT_EQ(dev->read32(cc::regs::CORR_BASE + 4 * k), words[k]) << config << " word " << k;
    }
    EXPECT_EQ(writes[0], 50u * cc::tlm::kPciWriteClocks) << config << ": 50 register writes";
    EXPECT_EQ(writes[1], writes[0]) << config;
    // 66 words: a burst of 64 and one of 2 (the host bridge's longest is 64 words).
    EXPECT_EQ(burst[0], 2 * (cc::tlm::kPciWriteClocks - 1) + words.size()) << config << ": " << words.size() << " words";
    EXPECT_EQ(burst[1], burst[0]) << config;
    // A read's round trip through the clock-domain crossing sometimes takes a PCI clock
    // or two more, with the phase of the two clocks (paper: 1 read in 50 at 130 and 33 MHz).
    EXPECT_GE(reads[0], 50u * cc::tlm::kPciReadClocks) << config << ": 50 register reads";
    EXPECT_LE(reads[0], 50u * cc::tlm::kPciReadClocks + 10) << config;
    EXPECT_EQ(reads[1], 50u * cc::tlm::kPciReadClocks) << config;
  }
}
