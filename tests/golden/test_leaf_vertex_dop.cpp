// CTRL.LEAF_VERTEX (docs/triangle_tests.md): a tumbled leaf's DOP from its triangle's
// vertices (golden model, cc::leafVertexDopLines, Driver::setLeafDop). It must enclose the
// exactly transformed triangle, leave every answer unchanged (mode all: the same pairs in
// the same order; mode first: the same pair) and, intersected with the DOP transform,
// never test more triangle pairs than the chip as specified.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <random>

#include "cc/driver.h"
#include "cc/golden_device.h"

namespace {

using cc::LeafDop;

// Every transformed tumbled leaf DOP against the exactly (long double) transformed triangle.
class EnclosureCheck : public cc::golden::Observer {
 public:
  EnclosureCheck(cc::GoldenDevice& dev, const cc::Mesh& mesh, const cc::Directions& dirs) : dev_(dev), mesh_(mesh), dirs_(dirs) {}
  const cc::Pose* pose = nullptr;
  size_t leaves = 0, violations = 0;
  void onTransform(uint32_t node, const cc::Dop& d) override {
    uint32_t flags = 0, tri = 0;
    dev_.readMemory(node + cc::layout::kNodeFlags, &flags, 4);
    if (!(flags & cc::layout::kFlagLeaf)) return;
    dev_.readMemory(node + cc::layout::kNodeTriId, &tri, 4);
    ++leaves;
    for (int k = 0; k < 3; ++k) {
      const cc::Vec3f& v = mesh_.vertices[mesh_.tris[tri][k]];
      long double x[3];
      for (int r = 0; r < 3; ++r) {
        x[r] = pose->t[r];
        for (int c = 0; c < 3; ++c) x[r] += (long double)pose->R(r, c) * v[c];
      }
      for (int i = 0; i < cc::layout::kDopDirs; ++i) {
        const long double s = dirs_[i][0] * x[0] + dirs_[i][1] * x[1] + (long double)dirs_[i][2] * x[2];
        violations += (s < d[i]) + (s > d[cc::layout::kDopDirs + i]);
      }
    }
  }

 private:
  cc::GoldenDevice& dev_;
  const cc::Mesh& mesh_;
  const cc::Directions& dirs_;
};

TEST(LeafVertexDop, CoarseAgainstFineSameAnswersFewerTests) {
  // A coarse sphere (few large triangles) tumbled against a fine torus.
  const cc::Mesh ma = cc::makeSphere(0.7f, 5, 7), mb = cc::makeTorus(0.6f, 0.2f, 96, 32);
  const cc::Directions& dirs = cc::zachmannDirections();
  const cc::DopTree ta = cc::buildTree(ma, dirs, cc::SplitRule::MeanWidth), tb = cc::buildTree(mb, dirs, cc::SplitRule::MeanWidth);
  cc::GoldenDevice dev(cc::namedConfig("paper"));
  cc::Driver drv(dev);
  const cc::BoardObject a = drv.upload(ta, ma), b = drv.upload(tb, mb);
  EnclosureCheck check(dev, ma, dirs);
  dev.chip().setObserver(&check);
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> u(-1, 1);
  uint64_t tests[3] = {0, 0, 0}, overlaps[3] = {0, 0, 0};
  size_t pairs = 0;
  for (int p = 0; p < 24; ++p) {
    const cc::Pose pose = cc::poseFromAxisAngle({u(rng), u(rng), u(rng) + 1.5}, 180 * u(rng), {0.4 * u(rng), 0.4 * u(rng), 0.3 * u(rng)});
    check.pose = &pose;
    for (cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
      cc::QueryResult r[3];
      for (int m = 0; m < 3; ++m) {
        drv.setLeafDop(static_cast<LeafDop>(m));
        r[m] = drv.query(a, b, pose, mode);
        ASSERT_EQ(r[m].error, cc::regs::Error::None);
        if (mode == cc::QueryMode::All) tests[m] += r[m].counters.triangle_tests, overlaps[m] += r[m].counters.overlap_tests;
      }
      for (int m = 1; m < 3; ++m) {
        EXPECT_EQ(r[m].pairs, r[0].pairs) << "pose " << p << " mode " << m;
        EXPECT_EQ(r[m].counters.tumbled_nodes_transformed, r[0].counters.tumbled_nodes_transformed);
      }
      if (mode == cc::QueryMode::All) {
        EXPECT_LE(r[2].counters.triangle_tests, r[0].counters.triangle_tests) << "pose " << p;
        EXPECT_LE(r[2].counters.overlap_tests, r[0].counters.overlap_tests) << "pose " << p;
        pairs += r[0].pairs.size();
      }
    }
  }
  EXPECT_GT(pairs, 0u);
  EXPECT_GT(check.leaves, 0u);
  EXPECT_EQ(check.violations, 0u);
  // The loose DOP transform of large flat leaves is what the prototype removes.
  EXPECT_LT(tests[1], tests[0] * 3 / 4) << tests[0] << " " << tests[1];
  EXPECT_LT(overlaps[1], overlaps[0]);
  std::printf("mode all, 24 poses: triangle tests %llu (spec) %llu (vertices) %llu (intersected); overlap tests %llu %llu %llu\n",
              (unsigned long long)tests[0], (unsigned long long)tests[1], (unsigned long long)tests[2], (unsigned long long)overlaps[0],
              (unsigned long long)overlaps[1], (unsigned long long)overlaps[2]);
}

// A sphere against itself on a golden board.
struct SphereBoard {
  cc::GoldenDevice dev{cc::namedConfig("paper")};
  cc::Driver drv{dev};
  cc::BoardObject a, b;
  SphereBoard(int rings, int segments) {
    const cc::Mesh m = cc::makeSphere(0.6f, rings, segments);
    const cc::DopTree t = cc::buildTree(m, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    a = drv.upload(t, m);
    b = drv.upload(t, m);
  }
};

TEST(LeafVertexDop, OffByDefault) {
  SphereBoard s(8, 12);
  cc::GoldenDevice& dev = s.dev;
  const cc::QueryResult r = s.drv.query(s.a, s.b, cc::poseFromAxisAngle({1, 1, 1}, 30, {0.5, 0, 0}), cc::QueryMode::All);
  EXPECT_EQ(dev.chip().leafVertexDops(), 0u);
  EXPECT_FALSE(r.pairs.empty());
  EXPECT_EQ(dev.read32(cc::regs::CTRL) & (cc::regs::CTRL_LEAF_VERTEX | cc::regs::CTRL_LEAF_VERTEX_AND_DOP), 0u);
}

// The driver loads the query's lines into the leaf-vertex register file and sets the CTRL
// bits; the golden model takes them from there (and reads them back).
TEST(LeafVertexDop, DriverLoadsTheRegisterFile) {
  SphereBoard s(5, 7);
  cc::GoldenDevice& dev = s.dev;
  const cc::Pose pose = cc::poseFromAxisAngle({1, 2, 3}, 40, {0.3, 0.1, 0});
  s.drv.setLeafDop(LeafDop::VerticesAndDop);
  const cc::QueryResult r = s.drv.query(s.a, s.b, pose, cc::QueryMode::First);
  EXPECT_EQ(r.error, cc::regs::Error::None);
  EXPECT_EQ(dev.read32(cc::regs::CTRL) & (cc::regs::CTRL_LEAF_VERTEX | cc::regs::CTRL_LEAF_VERTEX_AND_DOP),
            cc::regs::CTRL_LEAF_VERTEX | cc::regs::CTRL_LEAF_VERTEX_AND_DOP);
  EXPECT_GT(dev.chip().leafVertexDops(), 0u);
  const cc::LeafVertexLines lines = cc::leafVertexDopLines(pose, s.a.dirs, s.a.bounds);
  for (uint32_t line = 0; line < cc::regs::LEAFV_LINES; ++line) {
    for (uint32_t col = 0; col < 4; ++col) {
      uint32_t want;
      std::memcpy(&want, &lines[line][col], 4);
      EXPECT_EQ(dev.read32(cc::regs::leafVertexAddr(line, col)), want) << line << "." << col;
    }
  }
  EXPECT_THROW(cc::leafDopByName("both"), std::invalid_argument);
  EXPECT_EQ(cc::leafDopByName("vertices+dop"), LeafDop::VerticesAndDop);
}

}  // namespace
