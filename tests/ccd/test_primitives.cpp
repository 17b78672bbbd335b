// Primitive-level checks against closed-form answers (docs/ccd.md derives the formulas).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "cc/ccd/primitives.h"

using namespace cc::ccd;

namespace {

// The paper's six-tuple of the line a->b (§2.1), kept literally to check our (d, m) form.
std::array<double, 6> paperTuple(const Vec3& a, const Vec3& b) {
  return {a.x() * b.y() - b.x() * a.y(), a.x() * b.z() - b.x() * a.z(), a.x() - b.x(),
          a.y() * b.z() - b.y() * a.z(), a.z() - b.z(),               b.y() - a.y()};
}
double paperInner(const std::array<double, 6>& p, const std::array<double, 6>& q) {
  return p[0] * q[4] + p[1] * q[5] + p[2] * q[3] + p[4] * q[0] + p[5] * q[1] + p[3] * q[2];
}

}  // namespace

TEST(CcdPlucker, MatchesPaperTupleAndDeterminant) {
  const unsigned seed = 20050310;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-3, 3);
  auto rv = [&] { return Vec3(u(rng), u(rng), u(rng)); };
  for (int i = 0; i < 1000; ++i) {
    const Vec3 a = rv(), b = rv(), c = rv(), d = rv();
    const Line p = Line::through(a, b), q = Line::through(c, d);
    EXPECT_NEAR(pluckerRelation(p), 0, 1e-12);
    const double s = side(p, q);
    EXPECT_NEAR(paperInner(paperTuple(a, b), paperTuple(c, d)), -s, 1e-10) << "seed " << seed;
    Eigen::Matrix4d m;
    m << a.transpose(), 1, b.transpose(), 1, c.transpose(), 1, d.transpose(), 1;
    EXPECT_NEAR(s, -m.determinant(), 1e-9 * (1 + std::abs(s))) << "seed " << seed;  // paper: +det
    // A moving point (§2.1): line through a with direction v equals the line a -> a + v.
    const Vec3 v = rv();
    EXPECT_NEAR(side(Line::ray(a, v), q), side(Line::through(a, a + v), q), 1e-9);
  }
}

TEST(CcdPlucker, InsideConventionForCounterClockwiseTriangle) {
  // Triangle in z = 0, counter-clockwise seen from +z (its front).
  const Vec3 t[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  auto sides = [&](const Vec3& p, const Vec3& v, double s[3]) {
    for (int i = 0; i < 3; ++i) s[i] = side(Line::ray(p, v), Line::through(t[i], t[(i + 1) % 3]));
  };
  double s[3];
  sides({0.2, 0.2, 1}, {0, 0, -1}, s);
  EXPECT_TRUE(passesInside(s));
  sides({0.8, 0.8, 1}, {0, 0, -1}, s);  // outside the hypotenuse
  EXPECT_FALSE(passesInside(s));
  sides({0.5, 0.5, 1}, {0, 0, -1}, s);  // exactly through an edge: inclusive
  EXPECT_TRUE(passesInside(s));
}

TEST(CcdTranslate, VertexPlaneExpelZone) {
  const double e = 0.01;
  // Distance 1 above, moving down 2: reaches the hull at (1 - e) / 2.
  EXPECT_DOUBLE_EQ(*translateVertexPlane(1, -2, e), (1 - e) / 2);
  EXPECT_FALSE(translateVertexPlane(1, 2, e));        // moving away
  EXPECT_FALSE(translateVertexPlane(1, 0, e));        // parallel
  EXPECT_FALSE(translateVertexPlane(3, -2, e));       // not reached within the step
  EXPECT_EQ(*translateVertexPlane(e / 2, -1, e), 0);  // inside the zone, moving in: stop
  EXPECT_FALSE(translateVertexPlane(e / 2, 1, e));    // inside the zone, moving out: free
  EXPECT_FALSE(translateVertexPlane(-2 * e, -1, e));  // behind the polygon
}

TEST(CcdTranslate, EdgeEdgeCrossing) {
  const double e = 0.01;
  const Line la = Line::through({-1, 0, 1}, {1, 0, 1});  // along x at z = 1
  const Line lb = Line::through({0, -1, 0}, {0, 1, 0});  // along y at z = 0
  const Line lx = {lb.d, lb.m + Vec3(0, 0, e).cross(lb.d)};
  EXPECT_NEAR(*translateEdgeEdge(la, lb, lx, {0, 0, -2}), (1 - e) / 2, 1e-15);
  const Line l0 = {lb.d, lb.m};  // e = 0: the edge itself
  EXPECT_NEAR(*translateEdgeEdge(la, lb, l0, {0, 0, -2}), 0.5, 1e-15);
  EXPECT_FALSE(translateEdgeEdge(la, lb, lx, {0, 0, 2}));  // moving apart
  // From below (inside B) upwards: reaches the edge before the hull: not a collision.
  const Line below = Line::through({-1, 0, -1}, {1, 0, -1});
  EXPECT_FALSE(translateEdgeEdge(below, lb, lx, {0, 0, 2}));
  EXPECT_FALSE(translateEdgeEdge(la, lb, lx, {0, 2, 0}));  // parallel to the plane of both
}

TEST(CcdExpel, OffsetLineLiesOnBothMovedPlanes) {
  const Vec3 n1 = Vec3(0, 0, 1), n2 = Vec3(1, 0, 1).normalized();
  const Vec3 w = expelOffset(n1, n2, 0.1, 4);
  EXPECT_NEAR(n1.dot(w), 0.1, 1e-15);
  EXPECT_NEAR(n2.dot(w), 0.1, 1e-15);
  // Nearly back-to-back planes: clamped to max_scale * e.
  const Vec3 n3 = Vec3(0.01, 0, -1).normalized();
  EXPECT_NEAR(expelOffset(n1, n3, 0.1, 4).norm(), 0.4, 1e-12);
}

TEST(CcdRotate, VertexPlaneClosedForm) {
  // Vertex at (rho, 0, 0) turning about +z hits the plane y = h (front y < h).
  const double rho = 2, h = 1, e = 0.01;
  const Plane pl{{0, -1, 0}, h};
  const Rotation rot{Vec3::Zero(), Vec3::UnitZ(), 1.0};  // up to 90 degrees
  const auto r = rotateVertexPlane({rho, 0, 0}, pl, rot, e);
  ASSERT_TRUE(r);
  EXPECT_NEAR(*r, std::tan(std::asin((h - e) / rho) / 2), 1e-14);
  const Vec3 p = rotatePoint({rho, 0, 0}, rot, *r);
  EXPECT_NEAR(pl.dist(p), e, 1e-14);
  // Turning the other way it moves away.
  EXPECT_FALSE(rotateVertexPlane({rho, 0, 0}, pl, {Vec3::Zero(), -Vec3::UnitZ(), 1.0}, e));
  // Axis off the origin: same geometry shifted by (5, 7, 3).
  const Vec3 s(5, 7, 3);
  const Plane ps{pl.n, pl.d - pl.n.dot(s)};
  EXPECT_NEAR(*rotateVertexPlane(Vec3(rho, 0, 0) + s, ps, {s, Vec3::UnitZ(), 1.0}, e), *r, 1e-13);
}

TEST(CcdRotate, VertexInZoneStopsRisesOrLeaves) {
  const double e = 0.01;
  const Plane pl{{1, 0, 0}, 0};  // plane x = 0, front x > 0
  const Rotation rot{Vec3::Zero(), Vec3::UnitZ(), 1.0};
  // In the zone, the turn first moves it deeper: no motion allowed.
  EXPECT_EQ(*rotateVertexPlane({e / 2, 1, 0}, pl, rot, e), 0);
  // In the zone, moving out, leaves the zone and does not come back within 90 degrees.
  EXPECT_FALSE(rotateVertexPlane({e / 2, -1, 0}, pl, rot, e));
  // In the zone and never leaving it (radius < e): allowed up to the top of its arc.
  const Vec3 p(e / 2, -e / 4, 0);
  const auto r = rotateVertexPlane(p, pl, rot, e);
  ASSERT_TRUE(r);
  EXPECT_NEAR(2 * std::atan(*r), std::atan2(e / 4, e / 2), 1e-12);
}

TEST(CcdRotate, BarHitsPostClosedForm) {
  // A bar along +x from 0.5 to 2 turns about +z; a vertical post stands at (1, 1).
  const double e = 0.01;
  const Line bar = Line::through({0.5, 0, 0}, {2, 0, 0});
  const Line post = Line::through({1, 1, -1}, {1, 1, 1});
  const Vec3 w = e * Vec3(1, -1, 0).normalized();  // outwards: towards the bar
  const Line lx = {post.d, post.m + w.cross(post.d)};
  const auto r = rotateEdgeEdge(bar, post, lx, {Vec3::Zero(), Vec3::UnitZ(), 1.0});
  ASSERT_TRUE(r);
  const Vec3 hit = Vec3(1, 1, 0) + w;
  EXPECT_NEAR(2 * std::atan(*r), std::atan2(hit.y(), hit.x()), 1e-13);
  // Turning away from the post: nothing within 90 degrees.
  EXPECT_FALSE(rotateEdgeEdge(bar, post, lx, {Vec3::Zero(), -Vec3::UnitZ(), 1.0}));
}
