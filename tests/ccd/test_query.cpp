// Mesh-level analytic cases: expected answers are computed here from the geometry.
#include <gtest/gtest.h>

#include <cmath>

#include "helpers.h"

using namespace cc::ccd;
using namespace cc::ccd::test;

namespace {
constexpr double kPi = 3.14159265358979323846;

Pose at(const Vec3& t, const Eigen::Matrix3d& R = Eigen::Matrix3d::Identity()) { return {R, t}; }
Eigen::Matrix3d rot(const Vec3& axis, double deg) {
  return Eigen::AngleAxisd(deg * kPi / 180, axis.normalized()).toRotationMatrix();
}
QueryOptions withExpel(double e, double tol = 0) {
  QueryOptions o;
  o.expel = e;
  o.contact_tolerance = tol;
  return o;
}
}  // namespace

TEST(CcdQuery, CubeDroppedOntoPlane) {
  const CcdMesh cube = makeBox({0.5, 0.5, 0.5}), plane = makeSquare(3);
  const double e = 1e-4, h = 1.0;
  Motion m;
  m.translation = {0, 0, -3};
  const QueryResult r = query(cube, at({0, 0, 0.5 + h}), plane, {}, m, withExpel(e, 1e-9));
  ASSERT_TRUE(r.hit);
  EXPECT_EQ(r.phase, 0);
  EXPECT_NEAR(r.toi, (h - e) / 3, 1e-12);
  // The whole bottom face arrives at once: its four corners are among the contacts.
  int corners = 0;
  for (const Contact& c : r.contacts) {
    EXPECT_NEAR(c.point.z(), e, 1e-9);
    if (c.kind == ContactKind::VertexFace) ++corners;
  }
  EXPECT_GE(corners, 4);
  EXPECT_NEAR(r.pose.t.z(), 0.5 + e, 1e-9);
  EXPECT_NEAR(r.contacts[0].normal.z(), 1, 1e-12);
}

TEST(CcdQuery, TiltedCubeLandsOnItsLowestCorner) {
  const CcdMesh cube = makeBox({0.5, 0.5, 0.5}), plane = makeSquare(3);
  const double e = 1e-4;
  const Pose p0 = at({0.1, -0.2, 2}, rot({1, 2, 0.5}, 33));
  double lowest = 1e9;
  int lowest_v = -1;
  for (size_t i = 0; i < cube.verts.size(); ++i)
    if (p0(cube.verts[i]).z() < lowest) lowest = p0(cube.verts[i]).z(), lowest_v = static_cast<int>(i);
  Motion m;
  m.translation = {0, 0, -4};
  const QueryResult r = query(cube, p0, plane, {}, m, withExpel(e));
  ASSERT_TRUE(r.hit);
  EXPECT_NEAR(r.toi, (lowest - e) / 4, 1e-12);
  EXPECT_EQ(r.contacts[0].kind, ContactKind::VertexFace);
  EXPECT_EQ(r.contacts[0].a, lowest_v);
}

TEST(CcdQuery, RotatingBarHitsPost) {
  // Bar from x = 0.2 to 2 (thickness 0.1) turning about +z through the origin; a square
  // post (0.1 x 0.1, tall) at (1.5, 1). First contact: a vertical post edge against the
  // bar's leading face, reached at the post edge's expel line (edge + w).
  const CcdMesh bar = makeBox({0.9, 0.05, 0.05}), post = makeBox({0.05, 0.05, 1});
  const double e = 1e-4;
  Motion m;
  m.axis = {0, 0, 1};
  m.angle = kPi / 2;
  m.has_center = true;
  m.center = Vec3::Zero();
  const QueryResult r = query(bar, at({1.1, 0, 0}), post, at({1.5, 1, 0}), m, withExpel(e));
  ASSERT_TRUE(r.hit);
  EXPECT_EQ(r.phase, 1);
  double best = 1e9;
  for (int sx : {-1, 1})
    for (int sy : {-1, 1}) {
      const Vec3 w = e * Vec3(sx, sy, 0);  // e (n1 + n2) / (1 + n1.n2) for a right angle
      const Vec3 p = Vec3(1.5 + 0.05 * sx, 1 + 0.05 * sy, 0) + w;
      const double rho = p.head<2>().norm();
      best = std::min(best, std::atan2(p.y(), p.x()) - std::asin(0.05 / rho));
    }
  EXPECT_NEAR(r.toi, best / (kPi / 2), 1e-10);
  EXPECT_EQ(r.contacts[0].kind, ContactKind::EdgeEdge);
}

// The axis's length does not matter, even where its square leaves double's range: (0, 0,
// 1e200) and (0, 0, 1e-200) turn the bar exactly as (0, 0, 1) does.
TEST(CcdQuery, RotationAxisOfAnyLength) {
  const CcdMesh bar = makeBox({0.9, 0.05, 0.05}), post = makeBox({0.05, 0.05, 1});
  Motion m;
  m.angle = kPi / 2;
  m.has_center = true;
  m.center = Vec3::Zero();
  m.axis = {0, 0, 1};
  const QueryResult unit = query(bar, at({1.1, 0, 0}), post, at({1.5, 1, 0}), m, withExpel(1e-4));
  ASSERT_TRUE(unit.hit);
  for (double len : {1e200, 1e-200, 3.0}) {
    m.axis = {0, 0, len};
    const QueryResult r = query(bar, at({1.1, 0, 0}), post, at({1.5, 1, 0}), m, withExpel(1e-4));
    EXPECT_TRUE(r.hit) << "axis length " << len;
    EXPECT_EQ(r.toi, unit.toi) << "axis length " << len;
  }
  m.axis = Vec3::Zero();
  EXPECT_THROW(query(bar, at({1.1, 0, 0}), post, at({1.5, 1, 0}), m, withExpel(1e-4)), std::invalid_argument);
}

TEST(CcdQuery, EdgeOnEdgeCrossing) {
  // B: cube turned 45 deg about y (top edge along y); A: cube turned 45 deg about x
  // (bottom edge along x) dropped onto it. The edges cross at right angles.
  const CcdMesh cube = makeBox({0.5, 0.5, 0.5});
  const double e = 1e-4, s2 = std::sqrt(2.0);
  const Pose pb = at({0, 0, 0}, rot({0, 1, 0}, 45));
  const Pose pa = at({0.05, -0.03, 3}, rot({1, 0, 0}, 45));
  Motion m;
  m.translation = {0, 0, -3};
  const QueryResult r = query(cube, pa, cube, pb, m, withExpel(e));
  ASSERT_TRUE(r.hit);
  EXPECT_EQ(r.contacts[0].kind, ContactKind::EdgeEdge);
  const double gap = 3 - 0.5 * s2 - 0.5 * s2;
  EXPECT_NEAR(r.toi, (gap - e * s2) / 3, 1e-12);  // B's edge line moved out by |w| = e sqrt 2
  EXPECT_NEAR(r.contacts[0].point.x(), 0, 1e-9);  // where the two edges cross
  EXPECT_NEAR(r.contacts[0].point.y(), -0.03, 1e-9);
}

TEST(CcdQuery, ParallelAndGrazingMotions) {
  const CcdMesh cube = makeBox({0.5, 0.5, 0.5});
  const double e = 1e-4;
  Motion slide;
  slide.translation = {2, 0.5, 0};
  // Resting on B's top inside the zone, sliding parallel: free.
  EXPECT_FALSE(query(cube, at({0, 0, 1 + e / 2}), cube, {}, slide, withExpel(e)).hit);
  // Falling past B with a lateral clearance larger than the expel reach: no contact.
  Motion fall;
  fall.translation = {0, 0, -4};
  EXPECT_FALSE(query(cube, at({1 + 1e-3, 0, 2}), cube, {}, fall, withExpel(e)).hit);
  // Passing just above B's top edge while moving sideways: no contact.
  Motion pass;
  pass.translation = {-3, 0, 0};
  EXPECT_FALSE(query(cube, at({1.5, 0, 1 + 2 * e}), cube, {}, pass, withExpel(e)).hit);
  // Same, but low enough to clip B by 1e-3: contact.
  EXPECT_TRUE(query(cube, at({1.5, 0, 1 - 1e-3}), cube, {}, pass, withExpel(e)).hit);
}

TEST(CcdQuery, ContactAtTheStart) {
  const CcdMesh cube = makeBox({0.5, 0.5, 0.5});
  const double e = 1e-4;
  Motion down, up;
  down.translation = {0, 0, -1};
  up.translation = {0, 0, 1};
  const Pose resting = at({0.2, 0.1, 1 + e / 2});
  const QueryResult r = query(cube, resting, cube, {}, down, withExpel(e));
  ASSERT_TRUE(r.hit);
  EXPECT_EQ(r.toi, 0);
  EXPECT_FALSE(query(cube, resting, cube, {}, up, withExpel(e)).hit);
  // Exactly touching (e = 0) and pressing: contact at 0 too.
  EXPECT_EQ(query(cube, at({0.2, 0.1, 1}), cube, {}, down, withExpel(0)).toi, 0);
  // A rotation that digs a resting corner in is refused at once as well.
  Motion tilt;
  tilt.axis = {0, 1, 0};
  tilt.angle = 0.3;
  const QueryResult rt = query(cube, resting, cube, {}, tilt, withExpel(e));
  ASSERT_TRUE(rt.hit);
  EXPECT_EQ(rt.toi, 0);
}

TEST(CcdQuery, VertexAimedAtSharedEdgeNeverSlipsThrough) {
  // Tetrahedron tip aimed at the diagonal shared by the square's two triangles.
  const std::vector<Vec3> v{{0, 0, 0}, {0.3, 0, 0.5}, {-0.15, 0.26, 0.5}, {-0.15, -0.26, 0.5}};
  const CcdMesh tip = buildCcdMesh("tip", v, {{0, 2, 1}, {0, 3, 2}, {0, 1, 3}, {1, 2, 3}});
  const CcdMesh plane = makeSquare(1);
  for (double x : {0.0, 0.25, -0.5, 1e-17, 0.7}) {
    Motion m;
    m.translation = {0, 0, -2};
    const QueryResult r = query(tip, at({x, x, 1}), plane, {}, m, withExpel(0));
    ASSERT_TRUE(r.hit) << "x = " << x;
    EXPECT_NEAR(r.toi, 0.5, 1e-15);
    EXPECT_GT(r.stats.sides_cached, 0u);  // the diagonal's sidedness was shared
  }
}

TEST(CcdMesh, InternalEdgesAreFlaggedAndSkipped) {
  // A valley (V) and a ridge (Λ) made of two quads each.
  const std::vector<Vec3> valley{{-1, -1, 1}, {0, -1, 0}, {0, 1, 0}, {-1, 1, 1}, {1, -1, 1}, {1, 1, 1}};
  const std::vector<std::array<int, 3>> t{{0, 1, 2}, {0, 2, 3}, {1, 4, 5}, {1, 5, 2}};
  const CcdMesh v = buildCcdMesh("valley", valley, t);
  EXPECT_EQ(v.internal_edges, 1u);
  std::vector<Vec3> ridge = valley;
  for (auto& p : ridge) p.z() = -p.z();
  // Mirroring with the same winding turns the fronts outwards of the ridge (convex).
  EXPECT_EQ(buildCcdMesh("ridge", ridge, t).internal_edges, 0u);
  EXPECT_EQ(makeBox({1, 1, 1}).internal_edges, 0u);
  // A needle dropped into the valley still lands (vertex-face), never on the valley edge.
  const std::vector<Vec3> nv{{0, 0, 0}, {0.1, 0, 0.5}, {-0.05, 0.09, 0.5}, {-0.05, -0.09, 0.5}};
  const CcdMesh needle = buildCcdMesh("needle", nv, {{0, 2, 1}, {0, 3, 2}, {0, 1, 3}, {1, 2, 3}});
  Motion m;
  m.translation = {0, 0, -2};
  const QueryResult r = query(needle, at({0, 0, 1}), v, {}, m, withExpel(0));
  ASSERT_TRUE(r.hit);
  EXPECT_NEAR(r.toi, 0.5, 1e-12);
  for (const Contact& c : r.contacts) EXPECT_NE(c.kind, ContactKind::EdgeEdge);
}

TEST(CcdQuery, LongRotationsAreSplitAndOrdered) {
  // A bar turning 270 degrees about z meets a post behind it (at angle 200 degrees).
  const CcdMesh bar = makeBox({0.5, 0.02, 0.02}), post = makeBox({0.02, 0.02, 1});
  Motion m;
  m.axis = {0, 0, 1};
  m.angle = 1.5 * kPi;
  m.has_center = true;
  const double ang = 200 * kPi / 180;
  const QueryResult r = query(bar, at({0.7, 0, 0}), post, at({0.8 * std::cos(ang), 0.8 * std::sin(ang), 0}), m,
                              withExpel(1e-5));
  ASSERT_TRUE(r.hit);
  // The bar's leading face (half width 0.02) meets the post's near side before 200 deg.
  EXPECT_GT(r.toi * 270, 190);
  EXPECT_LT(r.toi * 270, 200);
  EXPECT_FALSE(meshesIntersect(bar, r.pose, post, at({0.8 * std::cos(ang), 0.8 * std::sin(ang), 0})));
}

// Beyond one turn the poses repeat, so the first contact of a long rotation is the one of
// its first turn: 90 + 720 and 90 + 3.6e11 degrees meet the post at the angle 90 degrees
// do, in a time scaled by the angles' ratio and at the same pose (and in no longer than
// one turn's work).
TEST(CcdQuery, RotationsOfManyTurnsMeetInTheFirst) {
  const CcdMesh bar = makeBox({0.9, 0.05, 0.05}), post = makeBox({0.05, 0.05, 1});
  Motion m;
  m.axis = {0, 0, 1};
  m.angle = kPi / 2;
  m.has_center = true;
  m.center = Vec3::Zero();
  const QueryResult quarter = query(bar, at({1.1, 0, 0}), post, at({1.5, 1, 0}), m, withExpel(1e-4));
  ASSERT_TRUE(quarter.hit);
  for (double turns : {2.0, 1e9}) {
    m.angle = kPi / 2 + turns * 2 * kPi;
    const QueryResult r = query(bar, at({1.1, 0, 0}), post, at({1.5, 1, 0}), m, withExpel(1e-4));
    ASSERT_TRUE(r.hit) << turns;
    EXPECT_NEAR(r.toi * m.angle, quarter.toi * (kPi / 2), 1e-9) << turns;
    EXPECT_TRUE(r.pose.t.isApprox(quarter.pose.t, 1e-9)) << turns;
  }
}

TEST(CcdQuery, BadInputIsRejected) {
  const CcdMesh cube = makeBox({0.5, 0.5, 0.5});
  Motion m;
  m.translation = {NAN, 0, 0};
  EXPECT_THROW(query(cube, {}, cube, {}, m), std::invalid_argument);
  m.translation = {1, 0, 0};
  EXPECT_THROW(query(cube, {}, cube, {}, m, withExpel(-1)), std::invalid_argument);
  m.axis = Vec3::Zero();
  m.angle = 1;
  EXPECT_THROW(query(cube, {}, cube, {}, m), std::invalid_argument);
  EXPECT_THROW(buildCcdMesh("bad", {{0, 0, 0}}, {{0, 1, 2}}), std::invalid_argument);
  EXPECT_THROW(buildCcdMesh("flat", {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, {{0, 1, 2}}), std::invalid_argument);
  EXPECT_THROW(buildCcdMesh("nan", {{0, 0, 0}, {1, 0, NAN}, {0, 1, 0}}, {{0, 1, 2}}), std::invalid_argument);
}
