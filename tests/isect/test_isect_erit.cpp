// ERIT's curved-primitive tests against an independent second method: exact Euclidean
// distance functions of the solids (written here, not shared with the library) evaluated
// on dense samples of the segment or triangle. A sample at distance 0 proves a hit; a
// minimum sampled distance above the sample spacing proves a miss (distance is
// 1-Lipschitz); anything in between is left undecided and counted. The quartic solver is
// tested alone against known roots and Eigen's companion-matrix solver.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <unsupported/Eigen/Polynomials>

#include "cc/isect/erit.h"
#include "cc/isect/registry.h"

namespace cc::isect {
namespace {

using P3 = V3<double>;
constexpr unsigned kSeed = 4242;

// ------------------------------------------------------------ exact distance functions
double dist2DSeg(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax, dy = by - ay, l = dx * dx + dy * dy;
  double t = l > 0 ? ((px - ax) * dx + (py - ay) * dy) / l : 0;
  t = std::clamp(t, 0.0, 1.0);
  return std::hypot(px - ax - t * dx, py - ay - t * dy);
}

// Distance in the meridian half-plane (r >= 0, z) to the region {z in [lo, hi],
// 0 <= r <= R(z)} whose outer boundary is given as a polyline or arc.
double distSphere(const Sphere<double>& s, P3 x) { return std::max(0.0, std::sqrt(norm2(x - s.c)) - s.r); }

double distCylinder(const Cylinder<double>& c, P3 x) {
  const P3 ax = c.q - c.p;
  const double h = std::sqrt(norm2(ax));
  const P3 u = (1 / h) * ax;
  const double z = dot(x - c.p, u), r = std::sqrt(std::max(0.0, norm2(x - c.p) - z * z));
  const double dr = std::max(0.0, r - c.r), dz = std::max({0.0, -z, z - h});
  return std::hypot(dr, dz);
}

double distCone(const Cone<double>& c, P3 x) {  // trapezoid (0,0) (rb,0) (rt,h) (0,h)
  const double r = std::hypot(x.x - c.p.x, x.y - c.p.y), z = x.z - c.p.z;
  const double rz = c.rb + (c.rt - c.rb) * std::clamp(z, 0.0, c.h) / c.h;
  if (z >= 0 && z <= c.h && r <= rz) return 0;
  return std::min({dist2DSeg(r, z, 0, 0, c.rb, 0), dist2DSeg(r, z, c.rb, 0, c.rt, c.h),
                   dist2DSeg(r, z, 0, c.h, c.rt, c.h)});
}

double distToroid(const Toroid<double>& s, P3 x) {
  const double r = std::hypot(x.x - s.c.x, x.y - s.c.y), z = x.z - s.c.z;
  auto R = [&](double zz) {
    const double w = std::sqrt(std::max(0.0, s.rho2 * s.rho2 - zz * zz));
    return s.convex ? s.rho1 + w : s.rho1 - w;
  };
  if (z >= s.zlo && z <= s.zhi && r <= R(z)) return 0;
  double d = std::min(dist2DSeg(r, z, 0, s.zlo, R(s.zlo), s.zlo), dist2DSeg(r, z, 0, s.zhi, R(s.zhi), s.zhi));
  // The arc of the circle centred (rho1, 0), radius rho2, between z = zlo and z = zhi, on
  // the right half (convex) or the left half (concave).
  const double a0 = std::asin(s.zlo / s.rho2), a1 = std::asin(s.zhi / s.rho2);
  double ang = std::atan2(z, s.convex ? r - s.rho1 : s.rho1 - r);  // angle measured from the arc's side
  ang = std::clamp(ang, a0, a1);
  const double ar = s.convex ? s.rho1 + s.rho2 * std::cos(ang) : s.rho1 - s.rho2 * std::cos(ang);
  d = std::min(d, std::hypot(r - ar, z - s.rho2 * std::sin(ang)));
  return d;
}

// ----------------------------------------------------------------- sampling oracle
enum class Truth { kHit, kMiss, kUnknown };

Truth sampleSegment(const std::function<double(P3)>& dist, P3 a, P3 b, int n) {
  const double len = std::sqrt(norm2(b - a));
  double best = 1e300;
  for (int i = 0; i <= n; ++i) {
    const double d = dist(a + (double(i) / n) * (b - a));
    if (d == 0) return Truth::kHit;
    best = std::min(best, d);
  }
  return best > 0.5 * len / n + 1e-12 ? Truth::kMiss : Truth::kUnknown;
}

Truth sampleTriangle(const std::function<double(P3)>& dist, const Tri<double>& t, int n) {
  double best = 1e300, longest = 0;
  for (int e = 0; e < 3; ++e) longest = std::max(longest, std::sqrt(norm2(t[(e + 1) % 3] - t[e])));
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      const P3 p = t[0] + (double(i) / n) * (t[1] - t[0]) + (double(j) / n) * (t[2] - t[0]);
      const double d = dist(p);
      if (d == 0) return Truth::kHit;
      best = std::min(best, d);
    }
  }
  // Every point of the triangle is within longest/n of a grid point.
  return best > longest / n + 1e-12 ? Truth::kMiss : Truth::kUnknown;
}

std::mt19937_64 rng(kSeed);
double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
P3 pt(double lo = -1, double hi = 1) { return {uni(lo, hi), uni(lo, hi), uni(lo, hi)}; }
Tri<double> tri(double lo = -1, double hi = 1) { return {pt(lo, hi), pt(lo, hi), pt(lo, hi)}; }

struct Tally {
  long hit = 0, miss = 0, unknown = 0, wrong = 0;
};

// Runs `cases` random cases; `test` returns the library's answer and the oracle's.
void check(const char* name, int cases, const std::function<std::pair<bool, Truth>()>& one) {
  Tally t;
  for (int i = 0; i < cases; ++i) {
    const auto [got, truth] = one();
    if (truth == Truth::kUnknown) {
      ++t.unknown;
      continue;
    }
    (truth == Truth::kHit ? t.hit : t.miss)++;
    if (got != (truth == Truth::kHit)) {
      ++t.wrong;
      ADD_FAILURE() << name << ": case " << i << " library says " << got << ", sampling says "
                    << (truth == Truth::kHit ? "hit" : "miss") << " (seed " << kSeed << ")";
    }
  }
  std::printf("%-10s %5ld hits %5ld misses %4ld undecided %ld wrong (seed %u)\n", name, t.hit, t.miss, t.unknown,
              t.wrong, kSeed);
  EXPECT_GT(t.hit, cases / 20) << name;  // both answers well represented
  EXPECT_GT(t.miss, cases / 20) << name;
  EXPECT_LT(t.unknown, cases / 20) << name;
}

constexpr int kCases = 1500;
constexpr int kSegSamples = 4000, kTriSamples = 160;

Sphere<double> randSphere() { return {pt(-0.5, 0.5), uni(0.1, 0.6)}; }
Cylinder<double> randCylinder() { return {pt(-0.6, 0.6), pt(-0.6, 0.6), uni(0.05, 0.4)}; }
Cylinder<double> randUpCylinder() {
  const P3 p = pt(-0.5, 0.5);
  return {p, {p.x, p.y, p.z + uni(0.2, 1.0)}, uni(0.05, 0.5)};
}
Cone<double> randCone() { return {pt(-0.5, 0.0), uni(0.2, 1.0), uni(0.0, 0.6), uni(0.0, 0.6)}; }
Toroid<double> randToroid(bool convex) {
  const double r2 = uni(0.1, 0.4), r1 = convex ? uni(0.0, 0.5) : r2 + uni(0.02, 0.4);
  double lo = uni(-r2, r2), hi = uni(-r2, r2);
  if (lo > hi) std::swap(lo, hi);
  return {pt(-0.3, 0.3), r1, r2, lo, hi, convex};
}

TEST(IsectErit, SphereSegmentAndTriangle) {
  check("sphseg", kCases, [] {
    const auto s = randSphere();
    const P3 a = pt(), b = pt();
    return std::pair{sphereSeg(s, a, b), sampleSegment([&](P3 x) { return distSphere(s, x); }, a, b, kSegSamples)};
  });
  check("sphtri", kCases / 2, [] {
    const auto s = randSphere();
    const auto t = tri(-1.2, 1.2);
    return std::pair{sphereTri(s, t), sampleTriangle([&](P3 x) { return distSphere(s, x); }, t, kTriSamples)};
  });
}

TEST(IsectErit, SphereSphereIsExactDistance) {
  for (int i = 0; i < 10000; ++i) {
    const auto a = randSphere(), b = randSphere();
    const double gap = std::sqrt(norm2(a.c - b.c)) - a.r - b.r;
    if (std::fabs(gap) < 1e-12) continue;
    EXPECT_EQ(sphereSphere(a, b), gap < 0) << "seed " << kSeed;
  }
}

TEST(IsectErit, CylinderSegmentGeneralAndUpright) {
  check("cylseg", kCases, [] {
    const auto c = randCylinder();
    const P3 a = pt(), b = pt();
    return std::pair{cylinderSeg(c, a, b), sampleSegment([&](P3 x) { return distCylinder(c, x); }, a, b, kSegSamples)};
  });
  check("cylseg_viaup", kCases, [] {
    const auto c = randCylinder();
    const P3 a = pt(), b = pt();
    return std::pair{cylinderSegViaUpright(c, a, b),
                     sampleSegment([&](P3 x) { return distCylinder(c, x); }, a, b, kSegSamples)};
  });
  check("upcylseg", kCases, [] {
    const auto c = randUpCylinder();
    const P3 a = pt(), b = pt();
    const Truth t = sampleSegment([&](P3 x) { return distCylinder(c, x); }, a, b, kSegSamples);
    EXPECT_EQ(upCylinderSeg(c, a, b), cylinderSeg(c, a, b)) << "general and upright disagree";
    return std::pair{upCylinderSeg(c, a, b), t};
  });
}

TEST(IsectErit, CylinderTriangleGeneralAndUpright) {
  check("cyltri", kCases / 2, [] {
    const auto c = randCylinder();
    const auto t = tri(-1.2, 1.2);
    return std::pair{cylinderTri(c, t), sampleTriangle([&](P3 x) { return distCylinder(c, x); }, t, kTriSamples)};
  });
  check("cyltri_viaup", kCases / 2, [] {
    const auto c = randCylinder();
    const auto t = tri(-1.2, 1.2);
    return std::pair{cylinderTriViaUpright(c, t),
                     sampleTriangle([&](P3 x) { return distCylinder(c, x); }, t, kTriSamples)};
  });
  check("upcyltri", kCases / 2, [] {
    const auto c = randUpCylinder();
    const auto t = tri(-1.2, 1.2);
    return std::pair{upCylinderTri(c, t), sampleTriangle([&](P3 x) { return distCylinder(c, x); }, t, kTriSamples)};
  });
}

TEST(IsectErit, CylinderSphere) {
  // Oracle: the sphere meets the cylinder iff the cylinder's distance at the centre <= r.
  for (int i = 0; i < 10000; ++i) {
    const auto c = randCylinder();
    const auto s = randSphere();
    const double gap = distCylinder(c, s.c) - s.r;
    if (std::fabs(gap) < 1e-9) continue;
    EXPECT_EQ(cylinderSphere(c, s), gap <= 0) << "case " << i << " seed " << kSeed;
    const auto u = randUpCylinder();
    const double gu = distCylinder(u, s.c) - s.r;
    if (std::fabs(gu) < 1e-9) continue;
    EXPECT_EQ(upCylinderSphere(u, s), gu <= 0) << "case " << i << " seed " << kSeed;
  }
}

TEST(IsectErit, ConeSegmentAndTriangle) {
  check("conseg", kCases, [] {
    const auto c = randCone();
    const P3 a = pt(), b = pt();
    return std::pair{upConeSeg(c, a, b), sampleSegment([&](P3 x) { return distCone(c, x); }, a, b, kSegSamples)};
  });
  check("contri", kCases / 2, [] {
    const auto c = randCone();
    const auto t = tri(-1.2, 1.2);
    return std::pair{upConeTri(c, t), sampleTriangle([&](P3 x) { return distCone(c, x); }, t, kTriSamples)};
  });
}

TEST(IsectErit, ToroidSegmentAndTriangle) {
  for (bool convex : {true, false}) {
    check(convex ? "cvxtorseg" : "cvetorseg", kCases, [convex] {
      const auto s = randToroid(convex);
      const P3 a = pt(), b = pt();
      return std::pair{toroidSeg(s, a, b), sampleSegment([&](P3 x) { return distToroid(s, x); }, a, b, kSegSamples)};
    });
    check(convex ? "cvxtortri" : "cvetortri", kCases / 2, [convex] {
      const auto s = randToroid(convex);
      const auto t = tri(-1.0, 1.0);
      return std::pair{toroidTri(s, t), sampleTriangle([&](P3 x) { return distToroid(s, x); }, t, kTriSamples)};
    });
  }
}

// A triangle that cuts a concave toroid only in its interior, in two pieces (above and
// below the waist), with no edge touching it: only the probe segment can find it.
TEST(IsectErit, ConcaveToroidInteriorCutFoundByProbe) {
  const Toroid<double> s{{0, 0, 0}, 1.0, 0.8, -0.6, 0.6, false};  // waist radius 0.2
  const Tri<double> t = {P3{0.1, -5, -5}, P3{0.1, 5, -5}, P3{0.1, 0, 8}};  // plane x = 0.1, huge
  EXPECT_FALSE(toroidSeg(s, t[0], t[1]));
  EXPECT_FALSE(toroidSeg(s, t[1], t[2]));
  EXPECT_FALSE(toroidSeg(s, t[2], t[0]));
  EXPECT_TRUE(toroidTri(s, t));
  const Tri<double> far = {P3{0.9, -5, -5}, P3{0.9, 5, -5}, P3{0.9, 0, 8}};  // beyond the rim
  EXPECT_FALSE(toroidTri(s, far));
}

TEST(IsectErit, TwoDimensionalTests) {
  const V2<double> a{0, 0}, b{1, 0}, c{0, 1};
  EXPECT_TRUE(pointTri2D(a, b, c, V2<double>{0.2, 0.2}));
  EXPECT_TRUE(pointTri2D(a, b, c, V2<double>{0.5, 0.5}));  // on the edge: closed
  EXPECT_FALSE(pointTri2D(a, b, c, V2<double>{0.6, 0.6}));
  EXPECT_TRUE(pointTri2D(c, b, a, V2<double>{0.2, 0.2}));  // clockwise input
  EXPECT_TRUE(segTri2D(a, b, c, V2<double>{-1, 0.3}, V2<double>{2, 0.3}));   // crosses
  EXPECT_FALSE(segTri2D(a, b, c, V2<double>{-1, 1.5}, V2<double>{2, 1.5}));  // misses
  EXPECT_TRUE(segTri2D(a, b, c, V2<double>{0.1, 0.1}, V2<double>{0.2, 0.1})); // inside
  EXPECT_TRUE(segTri2D(a, b, c, V2<double>{-1, 2}, V2<double>{2, -1}));      // along the hypotenuse
}

// ------------------------------------------------------------------- quartic solver
std::vector<double> eigenRealRoots(const double c[5]) {
  Eigen::Matrix<double, 5, 1> co;
  for (int i = 0; i < 5; ++i) co[i] = c[i];
  Eigen::PolynomialSolver<double, 4> solver(co);
  std::vector<double> r;
  solver.realRoots(r, 1e-7);
  std::sort(r.begin(), r.end());
  return r;
}

TEST(IsectQuartic, FourDistinctRealRoots) {
  for (int i = 0; i < 2000; ++i) {
    double r[4] = {uni(-3, 3), uni(-3, 3), uni(-3, 3), uni(-3, 3)};
    std::sort(r, r + 4);
    if (r[1] - r[0] < 1e-2 || r[2] - r[1] < 1e-2 || r[3] - r[2] < 1e-2) continue;
    const double k = uni(0.5, 2);
    // k (x - r0)(x - r1)(x - r2)(x - r3)
    const double e1 = r[0] + r[1] + r[2] + r[3];
    const double e2 = r[0] * r[1] + r[0] * r[2] + r[0] * r[3] + r[1] * r[2] + r[1] * r[3] + r[2] * r[3];
    const double e3 = r[0] * r[1] * r[2] + r[0] * r[1] * r[3] + r[0] * r[2] * r[3] + r[1] * r[2] * r[3];
    const double e4 = r[0] * r[1] * r[2] * r[3];
    const double c[5] = {k * e4, -k * e3, k * e2, -k * e1, k};
    double s[4];
    ASSERT_EQ(solveQuartic(c, s), 4) << "seed " << kSeed << " case " << i;
    for (int j = 0; j < 4; ++j) EXPECT_NEAR(s[j], r[j], 1e-7) << "case " << i;
  }
}

TEST(IsectQuartic, AgreesWithEigenOnRandomCoefficients) {
  long compared = 0;
  for (int i = 0; i < 3000; ++i) {
    const double c[5] = {uni(-1, 1), uni(-1, 1), uni(-1, 1), uni(-1, 1), uni(0.1, 1) * (i % 2 ? 1 : -1)};
    double s[4];
    const int n = solveQuartic(c, s);
    const std::vector<double> e = eigenRealRoots(c);
    // Near-double roots are ill-conditioned for both solvers; skip when Eigen's roots are
    // within 1e-3 of each other.
    bool close = false;
    for (size_t k = 1; k < e.size(); ++k) close = close || e[k] - e[k - 1] < 1e-3;
    if (close) continue;
    ++compared;
    ASSERT_EQ(n, static_cast<int>(e.size())) << "case " << i;
    for (int k = 0; k < n; ++k) EXPECT_NEAR(s[k], e[k], 1e-6) << "case " << i;
  }
  EXPECT_GT(compared, 2500);
}

TEST(IsectQuartic, NoRealRootsAndLowerDegrees) {
  double s[4];
  const double none[5] = {1, 0, 0, 0, 1};  // x^4 + 1
  EXPECT_EQ(solveQuartic(none, s), 0);
  const double twoComplex[5] = {-1, 0, 0, 0, 1};  // x^4 - 1: +-1 and +-i
  ASSERT_EQ(solveQuartic(twoComplex, s), 2);
  EXPECT_NEAR(s[0], -1, 1e-12);
  EXPECT_NEAR(s[1], 1, 1e-12);
  const double cubic[5] = {-6, 11, -6, 1, 0};  // (x-1)(x-2)(x-3)
  ASSERT_EQ(solveQuartic(cubic, s), 3);
  EXPECT_NEAR(s[0], 1, 1e-12);
  EXPECT_NEAR(s[2], 3, 1e-12);
  const double quad[5] = {-4, 0, 1, 0, 0};
  ASSERT_EQ(solveQuartic(quad, s), 2);
  EXPECT_NEAR(s[1], 2, 1e-12);
  const double lin[5] = {3, -1.5, 0, 0, 0};
  ASSERT_EQ(solveQuartic(lin, s), 1);
  EXPECT_NEAR(s[0], 2, 1e-15);
  const double zero[5] = {0, 0, 0, 0, 0};
  EXPECT_EQ(solveQuartic(zero, s), 0);
  const double biquad[5] = {4, 0, -5, 0, 1};  // (x^2-1)(x^2-4): q = 0 branch
  ASSERT_EQ(solveQuartic(biquad, s), 4);
  EXPECT_NEAR(s[0], -2, 1e-12);
  EXPECT_NEAR(s[3], 2, 1e-12);
}

// The f32 ERIT entries agree with f64 away from the boundary (float inputs, same tests).
TEST(IsectErit, RegistryF32MatchesF64OnClearCases) {
  std::mt19937_64 r(kSeed);
  long compared = 0;
  for (const Algo& a : algorithms()) {
    if (!a.isFloat || a.test == "tritri" || a.test == "segtri") continue;
    const Algo* d = findAlgo(a.test, a.name.substr(0, a.name.size() - 3) + "f64");
    ASSERT_NE(d, nullptr) << a.test;
    long disagree = 0, n = 0;
    for (int i = 0; i < 3000; ++i) {
      std::vector<double> in(a.inputs);
      for (double& x : in) x = std::uniform_real_distribution<double>(-1, 1)(r);
      for (double& x : in) x = static_cast<float>(x);
      if (a.validate && a.validate(in.data())) continue;  // invalid primitive drawn
      ++n;
      disagree += a.run(in.data(), {}).hit != d->run(in.data(), {}).hit;
    }
    compared += n;
    EXPECT_LE(disagree, n / 200 + 1) << a.test << " f32 vs f64";
  }
  EXPECT_GT(compared, 10000);
}

}  // namespace
}  // namespace cc::isect
