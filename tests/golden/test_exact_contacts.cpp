// The certified triangle test against exact geometry (docs/exact_contacts.md): on random
// and adversarial triangle pairs (a vertex on the other's face, edges meeting, coplanar
// overlap and touching, slivers, scales from 2^-60 to 2^60, far from the origin, rotations
// by multiples of 90 degrees) a certain answer of the chip is never contradicted by CGAL
// (exact predicates and constructions); a bound made smaller than derived is; CGAL's fast
// exact predicates (the host's decision) agree with the exact constructions everywhere.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "cc/dop.h"
#include "cc/isect/exact.h"
#include "cc/pose.h"
#include "../chip_triangle.h"
#include "../test_util.h"

namespace {

using Tri3 = std::array<std::array<float, 3>, 3>;

struct Case {
  Tri3 a, b;     // A in its own frame, B in the aligned frame
  cc::Pose pose;  // A's frame into B's
};

enum class Family { Random, VertexOnFace, EdgeOnEdge, Coplanar, AxisTouching, Sliver, Count };
const char* familyName(Family f) {
  static const char* names[] = {"random", "vertex on face", "edge on edge", "coplanar", "axis touching", "sliver"};
  return names[static_cast<int>(f)];
}

class Gen {
 public:
  explicit Gen(uint64_t seed) : rng_(seed) {}
  double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  Eigen::Vector3d vec(double r) { return {uni(-r, r), uni(-r, r), uni(-r, r)}; }
  cc::Pose randomPose(double t) {
    std::normal_distribution<double> g;
    return cc::poseFromAxisAngle({g(rng_), g(rng_), g(rng_)}, uni(-180, 180), vec(t));
  }
  // A rotation by multiples of 90 degrees (entries 0, +-1: exact) and a translation on a
  // coarse grid (exact in float and double).
  cc::Pose gridPose(double t) {
    static const Eigen::Vector3d axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    cc::Pose p = cc::poseFromAxisAngle(axes[below(3)], 90.0 * below(4), {0, 0, 0});
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) p.R(r, c) = std::round(p.R(r, c));
      p.t[r] = std::ldexp(std::round(uni(-t, t) * 64), -6);
    }
    return p;
  }
  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
};

Tri3 toFloat(const Eigen::Vector3d (&p)[3]) {
  Tri3 t;
  for (int k = 0; k < 3; ++k) for (int c = 0; c < 3; ++c) t[k][c] = static_cast<float>(p[k][c]);
  return t;
}

// A's triangle given in B's frame: expressed in A's own frame through the inverse pose
// (rounded to float there, so contacts become near-contacts of a few ulps either way).
Tri3 intoA(const Eigen::Vector3d (&in_b)[3], const cc::Pose& pose) {
  Eigen::Vector3d p[3];
  for (int k = 0; k < 3; ++k) p[k] = pose.R.transpose() * (in_b[k] - pose.t);
  return toFloat(p);
}

Case makeCase(Gen& g, Family f) {
  Case c;
  Eigen::Vector3d b[3], a[3];
  for (auto& p : b) p = g.vec(1);
  const Eigen::Vector3d n = (b[1] - b[0]).cross(b[2] - b[0]).normalized();
  const auto onB = [&] {  // a point of B (barycentric), exactly on its plane before rounding
    double u = g.uni(0, 1), v = g.uni(0, 1);
    if (u + v > 1) u = 1 - u, v = 1 - v;
    return b[0] + u * (b[1] - b[0]) + v * (b[2] - b[0]);
  };
  switch (f) {
    case Family::Random:
      for (auto& p : a) p = g.vec(1);
      c.pose = g.randomPose(1);
      c.a = intoA(a, c.pose);
      break;
    case Family::VertexOnFace:
      a[0] = onB();
      a[1] = a[0] + g.vec(0.5) + (g.below(2) ? 1 : -1) * 0.3 * n;
      a[2] = a[0] + g.vec(0.5);
      c.pose = g.randomPose(1);
      c.a = intoA(a, c.pose);
      break;
    case Family::EdgeOnEdge: {  // A's edge crosses B's edge V1V2 at a point of it
      const Eigen::Vector3d x = b[0] + g.uni(0, 1) * (b[1] - b[0]), d = g.vec(0.5);
      a[0] = x + d;
      a[1] = x - g.uni(0.1, 2) * d;
      a[2] = x + g.vec(0.5);
      c.pose = g.randomPose(1);
      c.a = intoA(a, c.pose);
      break;
    }
    case Family::Coplanar: {  // both in z = 0 of B's frame, A moved by a grid pose about z
      for (auto& p : b) p = {std::round(g.uni(-1, 1) * 256) / 256, std::round(g.uni(-1, 1) * 256) / 256, 0};
      for (auto& p : a) p = {std::round(g.uni(-1, 1) * 256) / 256, std::round(g.uni(-1, 1) * 256) / 256, 0};
      c.pose = cc::poseFromAxisAngle({0, 0, 1}, 90.0 * g.below(4), {0, 0, 0});
      for (int r = 0; r < 3; ++r) for (int k = 0; k < 3; ++k) c.pose.R(r, k) = std::round(c.pose.R(r, k));
      c.pose.t = {std::round(g.uni(-0.5, 0.5) * 64) / 64, std::round(g.uni(-0.5, 0.5) * 64) / 64, 0};
      c.a = intoA(a, c.pose);
      break;
    }
    case Family::AxisTouching: {  // B in z = 0; A with a vertex or an edge in z = 0, the rest above or below
      for (auto& p : b) p = {std::round(g.uni(-1, 1) * 64) / 64, std::round(g.uni(-1, 1) * 64) / 64, 0};
      const double side = g.below(2) ? 1 : -1;
      a[0] = {std::round(g.uni(-1, 1) * 64) / 64, std::round(g.uni(-1, 1) * 64) / 64, 0};
      a[1] = {std::round(g.uni(-1, 1) * 64) / 64, std::round(g.uni(-1, 1) * 64) / 64, g.below(2) ? 0.0 : side * std::round(g.uni(0, 1) * 64) / 64};
      a[2] = {std::round(g.uni(-1, 1) * 64) / 64, std::round(g.uni(-1, 1) * 64) / 64, side * std::round(g.uni(0.1, 1) * 64) / 64};
      c.pose = g.gridPose(0.5);
      c.pose.t[2] = 0;
      for (auto& p : a) p = c.pose.R.transpose() * (p - c.pose.t);  // exact: grid values, 0/+-1 rotation
      c.a = toFloat(a);
      break;
    }
    case Family::Sliver: {  // B's third vertex within 1e-6 of its first edge
      b[2] = b[0] + g.uni(0, 1) * (b[1] - b[0]) + 1e-6 * g.vec(1);
      a[0] = onB();
      a[1] = a[0] + g.vec(0.3);
      a[2] = a[0] + g.vec(0.3);
      c.pose = g.randomPose(1);
      c.a = intoA(a, c.pose);
      break;
    }
    default: break;
  }
  c.b = toFloat(b);
  // A power-of-two scale (exact) from 2^-60 to 2^60, and at times far from the origin.
  const int e = g.below(4) == 0 ? g.below(121) - 60 : 0;
  const double shift = g.below(8) == 0 ? std::ldexp(1.0, 10 + g.below(12)) : 0;
  for (auto& p : c.a) for (auto& x : p) x = std::ldexp(x, e);
  for (auto& p : c.b) for (auto& x : p) x = static_cast<float>(std::ldexp(double(x), e) + shift);
  c.pose.t = std::ldexp(1.0, e) * c.pose.t + Eigen::Vector3d(shift, shift, shift);
  return c;
}

bool nonDegenerate(const Tri3& t) {
  const cc::Vec3d v[3] = {{t[0][0], t[0][1], t[0][2]}, {t[1][0], t[1][1], t[1][2]}, {t[2][0], t[2][1], t[2][2]}};
  return cc::unitTriangleMatrix(v[0], v[1], v[2]).has_value();
}

cc::isect::TriTriCase exactCase(const Case& c) {
  cc::isect::TriTriCase x{};
  for (int k = 0; k < 3; ++k) {
    const Eigen::Vector3d p = c.pose.R * Eigen::Vector3d(c.a[k][0], c.a[k][1], c.a[k][2]) + c.pose.t;
    for (int j = 0; j < 3; ++j) x[3 * k + j] = p[j], x[9 + 3 * k + j] = c.b[k][j];
  }
  return x;
}

double radius(const Tri3& t) {
  double r = 0;
  for (const auto& p : t) r = std::max(r, std::sqrt(double(p[0]) * p[0] + double(p[1]) * p[1] + double(p[2]) * p[2]));
  return r;
}

struct Tally {
  size_t cases = 0, intersecting = 0, uncertain = 0, wrong = 0, fast_differs = 0;
};

// Runs `n` cases of family f, the thresholds 2^tighten times smaller (0: as derived).
Tally run(Gen& g, Family f, size_t n, int tighten, bool check_fast) {
  Tally t;
  cc::fp32::FtzScope ftz;
  while (t.cases < n) {
    const Case c = makeCase(g, f);
    if (!nonDegenerate(c.a) || !nonDegenerate(c.b)) continue;
    const double ra = radius(c.a), rb = radius(c.b);
    const cc::PoseRegisters r = cc::setupPose(c.pose, cc::zachmannDirections(), {ra, ra}, {rb, rb});
    const cc::ItVerdict v = cc::testutil::chipTriangleVerdict(cc::testutil::chipTriangle(c.a, ra), cc::testutil::chipTriangle(c.b, rb), r, tighten);
    const cc::isect::TriTriCase x = exactCase(c);
    const bool exact = cc::isect::exactTriTri(x);
    ++t.cases;
    t.intersecting += exact;
    t.uncertain += v == cc::ItVerdict::Uncertain;
    t.wrong += v == (exact ? cc::ItVerdict::Miss : cc::ItVerdict::Hit);
    if (check_fast) t.fast_differs += cc::isect::exactTriTriPredicates(x) != exact;
  }
  return t;
}

uint64_t seedOf(const char* test) {
  return cc::testutil::testSeed(test);
}

}  // namespace

TEST(ExactContacts, CertainAnswersAgreeWithExactGeometry) {
  Gen g(seedOf("ExactContacts.CertainAnswersAgreeWithExactGeometry"));
  for (int f = 0; f < static_cast<int>(Family::Count); ++f) {
    const size_t n = f == 0 ? 400000 : 100000;
    const Tally t = run(g, static_cast<Family>(f), n, 0, true);
    std::printf("%-15s %7zu cases, %6zu intersect, %6zu uncertain (%.2f %%)\n", familyName(static_cast<Family>(f)), t.cases,
                t.intersecting, t.uncertain, 100.0 * t.uncertain / t.cases);
    EXPECT_EQ(t.wrong, 0u) << familyName(static_cast<Family>(f)) << ": certain answers contradicted by CGAL";
    EXPECT_EQ(t.fast_differs, 0u) << familyName(static_cast<Family>(f)) << ": Epick and Epeck disagree";
    EXPECT_GT(t.intersecting, 0u) << "a family without a single contact proves little";
  }
}

// The thresholds are needed: made smaller, they give certain answers exact geometry
// contradicts on the contact families (so the test above can fail). The factor at which
// the first contradictions appear says how much room the worst-case bound leaves.
TEST(ExactContacts, ASmallerBoundGivesWrongAnswers) {
  Gen g(seedOf("ExactContacts.ASmallerBoundGivesWrongAnswers"));
  int first_wrong = -1;
  for (int tighten = 1; tighten <= 16 && first_wrong < 0; ++tighten) {
    size_t wrong = 0;
    for (Family f : {Family::VertexOnFace, Family::EdgeOnEdge, Family::AxisTouching}) wrong += run(g, f, 20000, tighten, false).wrong;
    if (wrong > 0) first_wrong = tighten;
  }
  std::printf("first contradicted certain answers with thresholds 2^-%d of the derived ones\n", first_wrong);
  EXPECT_GT(first_wrong, 0) << "no threshold down to 2^-16 of the derived one gives a wrong answer: the test above proves little";
}
