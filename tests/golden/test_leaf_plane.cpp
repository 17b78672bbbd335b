// CTRL.LEAF_PLANE (docs/triangle_tests.md, "Leaf planes"): an aligned leaf is compared with
// a tumbled DOP along its triangle's plane too (layout.h's leaf plane, cc::leafPlaneOf,
// cc::planeMargin, Driver::setLeafPlane), and the host may swap the roles so that the mesh
// with the larger triangles is the aligned one (Driver::setRolesBySize). The plane test may
// only drop pairs that cannot touch: the answers stay those of the chip as specified.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "cc/chip_math.h"
#include "cc/driver.h"
#include "cc/exact.h"
#include "cc/golden_device.h"

namespace {

using Vec = Eigen::Vector3d;

// The DOP (B's directions) of a point given in long double, rounded outward.
cc::Dop dopOfPoint(const long double p[3], const cc::Directions& dirs, long double pad) {
  cc::Dop d;
  for (int i = 0; i < cc::layout::kDopDirs; ++i) {
    const long double s = dirs[i][0] * p[0] + dirs[i][1] * p[1] + (long double)dirs[i][2] * p[2];
    d[i] = cc::roundDown(double(s - pad - 1e-15L * (std::fabs(s) + 1)));
    d[cc::layout::kDopDirs + i] = cc::roundUp(double(s + pad + 1e-15L * (std::fabs(s) + 1)));
  }
  return d;
}

cc::LeafPlane planeOf(const cc::LeafPlaneWords& w) { return cc::LeafPlane{w.sel, w.c1, w.c2, w.lo, w.hi}; }

// A DOP around a point of the triangle is never separated from it; one around a point well
// off its plane (and the margin of a query far from the origin) is.
TEST(LeafPlane, NeverSeparatesATouchingDopAndSeparatesADistantOne) {
  std::mt19937 rng(51);
  std::uniform_real_distribution<double> u(-1, 1), w(0, 1);
  const cc::Directions& dirs = cc::zachmannDirections();
  size_t separated_off = 0, trials = 0;
  for (int k = 0; k < 4000; ++k) {
    const double scale = std::ldexp(1.0, int(20 * u(rng))), offset = k % 4 == 0 ? 1e4 * u(rng) : 0.0;
    std::array<Vec, 3> v;
    for (auto& p : v) p = Vec(offset + scale * u(rng), scale * u(rng), scale * u(rng)).cast<float>().cast<double>();
    const Vec n = (v[1] - v[0]).cross(v[2] - v[0]);
    if (n.norm() < 1e-3 * scale * scale) continue;
    const cc::LeafPlaneWords pw = cc::leafPlaneOf(v, dirs);
    const cc::LeafPlane plane = planeOf(pw);
    ASSERT_TRUE(plane.present());
    ASSERT_TRUE(plane.wellFormed());
    // The margin of a query whose tumbled object reaches as far as this one.
    cc::ObjectBounds bounds;
    bounds.max_abs_dop = bounds.max_radius = 2 * (std::fabs(offset) + 2 * scale);
    const float margin = cc::planeMargin(cc::Pose{}, dirs, bounds);
    // A point of the triangle (barycentric, long double), its DOP padded by a little.
    double b0 = w(rng), b1 = w(rng);
    if (b0 + b1 > 1) b0 = 1 - b0, b1 = 1 - b1;
    long double q[3];
    for (int c = 0; c < 3; ++c) q[c] = (1 - b0 - b1) * (long double)v[0][c] + b0 * (long double)v[1][c] + b1 * (long double)v[2][c];
    const long double pad = 1e-3L * scale * w(rng);
    {
      cc::fp32::FtzScope ftz;
      EXPECT_FALSE(cc::planeSeparates(dopOfPoint(q, dirs, pad), plane, margin)) << "trial " << k;
    }
    // The same point moved off the plane by a tenth of the triangle's size.
    const Vec nu = n.normalized();
    long double off[3];
    for (int c = 0; c < 3; ++c) off[c] = q[c] + 0.1L * scale * nu[c];
    cc::fp32::FtzScope ftz;
    separated_off += cc::planeSeparates(dopOfPoint(off, dirs, 1e-4L * scale), plane, margin);
    ++trials;
  }
  EXPECT_GT(trials, 3000u);
  EXPECT_GT(separated_off, trials * 8 / 10) << "of " << trials;
}

// A leaf plane's extent holds the triangle: the triangle's vertices along n'.
TEST(LeafPlane, ExtentHoldsTheVertices) {
  std::mt19937 rng(52);
  std::uniform_real_distribution<double> u(-1, 1);
  const cc::Directions& dirs = cc::zachmannDirections();
  for (int k = 0; k < 2000; ++k) {
    std::array<Vec, 3> v;
    for (auto& p : v) p = Vec(3 * u(rng), u(rng), 1e3 * u(rng)).cast<float>().cast<double>();
    const cc::LeafPlaneWords pw = cc::leafPlaneOf(v, dirs);
    long double np[3] = {0, 0, 0};
    const float cf[3] = {1.0f, std::fabs(pw.c1), std::fabs(pw.c2)};
    for (int j = 0; j < 3; ++j) {
      const uint32_t slot = cc::layout::planeSlot(pw.sel, j);
      const long double sg = slot < 12 ? -1.0L : 1.0L;
      for (int c = 0; c < 3; ++c) np[c] += cf[j] * sg * (long double)dirs[slot % 12][c];
    }
    for (const auto& p : v) {
      const long double x = np[0] * p[0] + np[1] * p[1] + np[2] * p[2];
      EXPECT_LE(pw.lo, x) << k;
      EXPECT_GE(pw.hi, x) << k;
    }
  }
  EXPECT_THROW(cc::leafPlaneOf({Vec(0, 0, 0), Vec(1, 1, 1), Vec(2, 2, 2)}, dirs), std::invalid_argument);
}

struct Board {
  cc::GoldenDevice dev{cc::namedConfig("paper")};
  cc::Driver drv{dev};
  cc::BoardObject coarse, fine;
  cc::Mesh mc = cc::makeSphere(0.7f, 5, 7), mf = cc::makeTorus(0.6f, 0.2f, 96, 32);
  Board() {
    const cc::Directions& dirs = cc::zachmannDirections();
    coarse = drv.upload(cc::buildTree(mc, dirs, cc::SplitRule::MeanWidth), mc);
    fine = drv.upload(cc::buildTree(mf, dirs, cc::SplitRule::MeanWidth), mf);
  }
};

std::vector<cc::TriPair> sorted(std::vector<cc::TriPair> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A coarse sphere against a fine torus, each way round and with the roles swapped by the
// host: the same contacts in mode all, a contact in mode first exactly where mode all has
// one; the planes never add a test and cut most of them where the large triangles are aligned.
TEST(LeafPlane, SameAnswersFewerTests) {
  Board s;
  std::mt19937 rng(53);
  std::uniform_real_distribution<double> u(-1, 1);
  uint64_t tests_spec = 0, tests_plane = 0, tests_swapped = 0, overlaps_spec = 0, overlaps_swapped = 0;
  size_t contacts = 0;
  for (int p = 0; p < 16; ++p) {
    const cc::Pose pose = cc::poseFromAxisAngle({u(rng), u(rng), u(rng) + 1.5}, 180 * u(rng), {0.4 * u(rng), 0.4 * u(rng), 0.3 * u(rng)});
    for (cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
      s.drv.setLeafPlane(false);
      s.drv.setRolesBySize(0);
      const cc::QueryResult spec = s.drv.query(s.coarse, s.fine, pose, mode);
      s.drv.setLeafPlane(true);
      const cc::QueryResult plane = s.drv.query(s.coarse, s.fine, pose, mode);  // the small triangles' planes
      s.drv.setRolesBySize(2);
      ASSERT_TRUE(s.drv.swapsRoles(s.coarse, s.fine));
      const cc::QueryResult swapped = s.drv.query(s.coarse, s.fine, pose, mode);  // the sphere's planes
      for (const auto* r : {&spec, &plane, &swapped}) ASSERT_EQ(r->error, cc::regs::Error::None) << "pose " << p;
      if (mode == cc::QueryMode::All) {
        EXPECT_EQ(plane.pairs, spec.pairs) << "pose " << p << ": the same order, minus pairs that cannot touch";
        EXPECT_EQ(sorted(swapped.pairs), sorted(spec.pairs)) << "pose " << p;
        EXPECT_LE(plane.counters.triangle_tests, spec.counters.triangle_tests);
        EXPECT_LE(plane.counters.overlap_tests, spec.counters.overlap_tests);
        tests_spec += spec.counters.triangle_tests;
        tests_plane += plane.counters.triangle_tests;
        tests_swapped += swapped.counters.triangle_tests;
        overlaps_spec += spec.counters.overlap_tests;
        overlaps_swapped += swapped.counters.overlap_tests;
        contacts += spec.pairs.size();
      } else {
        EXPECT_EQ(plane.pairs, spec.pairs) << "pose " << p;
        EXPECT_EQ(swapped.pairs.empty(), spec.pairs.empty()) << "pose " << p;
        for (const auto& tp : swapped.pairs) EXPECT_TRUE(cc::exactTrianglesIntersect(s.mc, tp.first, s.mf, tp.second, pose));
      }
    }
  }
  EXPECT_GT(contacts, 0u);
  EXPECT_LT(tests_swapped, tests_spec / 4) << tests_spec << " -> " << tests_swapped;
  EXPECT_LT(overlaps_swapped, overlaps_spec) << overlaps_spec << " -> " << overlaps_swapped;
  std::printf("mode all, 16 poses: triangle tests %llu (spec) %llu (planes) %llu (planes, roles swapped); overlap tests %llu -> %llu\n",
              (unsigned long long)tests_spec, (unsigned long long)tests_plane, (unsigned long long)tests_swapped,
              (unsigned long long)overlaps_spec, (unsigned long long)overlaps_swapped);
}

TEST(LeafPlane, OffByDefaultAndReadBack) {
  Board s;
  const cc::QueryResult r = s.drv.query(s.coarse, s.fine, cc::poseFromAxisAngle({1, 1, 1}, 30, {0.2, 0, 0}), cc::QueryMode::All);
  EXPECT_EQ(r.error, cc::regs::Error::None);
  EXPECT_EQ(s.dev.read32(cc::regs::CTRL) & cc::regs::CTRL_LEAF_PLANE, 0u);
  s.drv.setLeafPlane(true);
  const cc::Pose pose = cc::poseFromAxisAngle({1, 2, 3}, 40, {0.3, 0.1, 0});
  s.drv.query(s.coarse, s.fine, pose, cc::QueryMode::First);
  EXPECT_EQ(s.dev.read32(cc::regs::CTRL) & cc::regs::CTRL_LEAF_PLANE, cc::regs::CTRL_LEAF_PLANE);
  EXPECT_EQ(s.dev.read32(cc::regs::PLANE_MARGIN), cc::fp32::bits(cc::planeMargin(pose, s.coarse.dirs, s.coarse.bounds)));
  EXPECT_THROW(s.drv.setRolesBySize(-1), std::invalid_argument);
}

// A present plane naming a slot above 23 is a malformed node: BadPointer, like a node
// without VALID. Every leaf of the aligned torus gets one.
TEST(LeafPlane, MalformedPlaneIsABadNode) {
  Board s;
  s.drv.setLeafPlane(true);
  const uint32_t bad = cc::layout::makePlaneSel(3, 30, 4);
  size_t leaves = 0;
  for (uint32_t a = s.fine.base; a < s.fine.end; a += cc::layout::kNodeBytes) {
    uint32_t flags = 0;
    s.dev.readMemory(a + cc::layout::kNodeFlags, &flags, 4);
    if (!(flags & cc::layout::kFlagValid) || !(flags & cc::layout::kFlagLeaf)) continue;
    s.dev.writeMemory(a + cc::layout::kNodePlaneSel, &bad, 4);
    ++leaves;
  }
  ASSERT_EQ(leaves, s.mf.tris.size());
  const cc::Pose touching = cc::poseFromAxisAngle({0, 0, 1}, 0, {0.6, 0, 0});
  EXPECT_EQ(s.drv.query(s.coarse, s.fine, touching, cc::QueryMode::All).error, cc::regs::Error::BadPointer);
  s.drv.setLeafPlane(false);
  EXPECT_EQ(s.drv.query(s.coarse, s.fine, touching, cc::QueryMode::All).error, cc::regs::Error::None) << "unused without the bit";
}

}  // namespace
