// Triangles the chip's trees leave out (zero area, needles: DopTree::dropped) still touch:
// the driver decides their pairs on the host (cc/dropped_contacts.h), so a query's answer
// is exact geometry's whole set, degenerate triangles included.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "cc/backends.h"
#include "cc/driver.h"
#include "cc/exact.h"
#include "../test_util.h"

namespace {

// Adds to `m` `n` thin triangles near the origin, a third of each kind: segments (three
// collinear corners) and points (three equal corners, distinct vertices), which the tree
// leaves out, and needles as thin as float allows near 1 (smallest angle ~1e-7 rad), which
// it keeps (it drops those below 1e-10 rad).
void addDegenerate(cc::Mesh& m, int n, std::mt19937_64& rng) {
  std::uniform_real_distribution<float> u(-0.7f, 0.7f);
  for (int i = 0; i < n; ++i) {
    const cc::Vec3f p{u(rng), u(rng), u(rng)}, q{u(rng), u(rng), u(rng)};
    const uint32_t base = static_cast<uint32_t>(m.vertices.size());
    switch (i % 3) {
      case 0:  // a segment: p, its midpoint with q, q
        m.vertices.push_back(p);
        m.vertices.push_back({(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, (p[2] + q[2]) / 2});
        m.vertices.push_back(q);
        break;
      case 1:  // a point
        for (int k = 0; k < 3; ++k) m.vertices.push_back(p);
        break;
      default:  // a needle: p, q and q moved by a hair (a float step or so)
        m.vertices.push_back(p);
        m.vertices.push_back(q);
        m.vertices.push_back({q[0], q[1] + 1e-7f * std::fabs(q[1] - p[1]), q[2]});
        break;
    }
    m.tris.push_back({base, base + 1, base + 2});
  }
}

std::set<cc::TriPair> bruteForce(const cc::Mesh& a, const cc::Mesh& b, const cc::Pose& pose) {
  std::set<cc::TriPair> s;
  for (uint32_t i = 0; i < a.tris.size(); ++i) {
    for (uint32_t j = 0; j < b.tris.size(); ++j) {
      if (cc::exactTrianglesIntersect(a, i, b, j, pose)) s.insert({i, j});
    }
  }
  return s;
}

}  // namespace

// Random poses of a sphere and a torus, each with degenerate triangles of every kind: the
// golden chip's answer in mode all is brute-force exact geometry's set; in mode first it is
// one of its pairs, and none exactly when the set is empty.
TEST(DroppedTriangles, AnswerIsExactGeometrysWholeSet) {
  const uint64_t seed = cc::testutil::testSeed("DroppedTriangles.AnswerIsExactGeometrysWholeSet");
  std::mt19937_64 rng(seed);
  cc::Mesh ma = cc::makeSphere(0.5f, 6, 8), mb = cc::makeTorus(0.5f, 0.2f, 10, 6);
  addDegenerate(ma, 30, rng);
  addDegenerate(mb, 30, rng);
  const auto ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const auto tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  // At least the points (a rounded midpoint may leave a segment a thin triangle the tree keeps).
  ASSERT_GE(ta.dropped.size(), 10u);
  ASSERT_GE(tb.dropped.size(), 10u);
  auto dev = cc::makeDevice("golden", cc::namedConfig("paper"));
  cc::Driver drv(*dev);
  const auto a = drv.upload(ta, ma), b = drv.upload(tb, mb);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> off(-0.4, 0.4), ang(-180, 180);
  size_t with_dropped = 0;
  for (int i = 0; i < 12; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {off(rng), off(rng), off(rng)});
    const std::string what = "seed " + std::to_string(seed) + " pose " + std::to_string(i);
    const std::set<cc::TriPair> want = bruteForce(ma, mb, pose);
    const cc::QueryResult all = drv.query(a, b, pose, cc::QueryMode::All);
    EXPECT_EQ(std::set<cc::TriPair>(all.pairs.begin(), all.pairs.end()), want) << what;
    EXPECT_EQ(all.pairs.size(), want.size()) << what << ": a pair twice";
    with_dropped += all.dropped_pairs;
    const cc::QueryResult first = drv.query(a, b, pose, cc::QueryMode::First);
    ASSERT_EQ(first.pairs.size(), want.empty() ? 0u : 1u) << what;
    if (!want.empty()) {
      EXPECT_TRUE(want.count(first.pairs[0])) << what;
    }
  }
  EXPECT_GT(with_dropped, 0u) << "seed " << seed << ": no pose met a dropped triangle; the test tests nothing";
}

// The classes of degenerate triangle against a triangle, by construction: a segment that
// pierces it, a point on it, a segment in its plane crossing an edge; and the same moved
// off by a little: no contact.
TEST(DroppedTriangles, SegmentsAndPointsMeetExactly) {
  cc::Mesh b;
  b.name = "one triangle";
  b.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  b.tris = {{0, 1, 2}};
  struct Case {
    const char* what;
    cc::Vec3f p, q, r;
    bool meet;
  };
  const Case cases[] = {
      {"piercing segment", {0.2f, 0.2f, -1}, {0.2f, 0.2f, 0}, {0.2f, 0.2f, 1}, true},
      {"segment above", {0.2f, 0.2f, 0.25f}, {0.2f, 0.2f, 0.5f}, {0.2f, 0.2f, 1}, false},
      {"point on it", {0.25f, 0.25f, 0}, {0.25f, 0.25f, 0}, {0.25f, 0.25f, 0}, true},
      {"point beside it", {0.75f, 0.75f, 0}, {0.75f, 0.75f, 0}, {0.75f, 0.75f, 0}, false},
      {"segment in the plane over an edge", {-0.5f, 0.25f, 0}, {0, 0.25f, 0}, {0.5f, 0.25f, 0}, true},
      {"segment in the plane outside", {-0.5f, 0.25f, 0}, {-0.25f, 0.25f, 0}, {-0.125f, 0.25f, 0}, false},
  };
  for (const Case& c : cases) {
    cc::Mesh a;
    a.name = c.what;
    // a real triangle far away (a tree needs one) and the degenerate one
    a.vertices = {{10, 10, 10}, {11, 10, 10}, {10, 11, 10}, c.p, c.q, c.r};
    a.tris = {{0, 1, 2}, {3, 4, 5}};
    const auto ta = cc::buildTree(a, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const auto tb = cc::buildTree(b, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    ASSERT_EQ(ta.dropped, std::vector<uint32_t>{1}) << c.what;
    auto dev = cc::makeDevice("golden", cc::namedConfig("paper"));
    cc::Driver drv(*dev);
    const auto oa = drv.upload(ta, a), ob = drv.upload(tb, b);
    const cc::QueryResult r = drv.query(oa, ob, cc::Pose{}, cc::QueryMode::All);
    const std::vector<cc::TriPair> want_ab = c.meet ? std::vector<cc::TriPair>{{1, 0}} : std::vector<cc::TriPair>{};
    const std::vector<cc::TriPair> want_ba = c.meet ? std::vector<cc::TriPair>{{0, 1}} : std::vector<cc::TriPair>{};
    EXPECT_EQ(r.pairs, want_ab) << c.what;
    // the same with the roles of A and B exchanged
    const cc::QueryResult s = drv.query(ob, oa, cc::Pose{}, cc::QueryMode::All);
    EXPECT_EQ(s.pairs, want_ba) << c.what << " (as B)";
  }
}
