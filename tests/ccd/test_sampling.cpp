// The continuous answer against dense sampling with a static intersection test: for random
// motions the first contact (expel zone 0) must never come after a sampled intersection,
// and must be followed by an intersection at once (or lie inside the sampled bracket).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "helpers.h"

using namespace cc::ccd;
using namespace cc::ccd::test;

namespace {

constexpr double kPi = 3.14159265358979323846;

double radius(const CcdMesh& m) { return m.bvh.nodes[0].box.sizes().norm() / 2; }

Vec3 randomUnit(std::mt19937& rng) {
  std::normal_distribution<double> n;
  Vec3 v(n(rng), n(rng), n(rng));
  return v.normalized();
}

struct Stats {
  int motions = 0, hits = 0, sampled_hits = 0, early_verified = 0;
};

// One random motion of A towards B; returns false (with a message) on a violation.
void checkMotion(const CcdMesh& a, const CcdMesh& b, std::mt19937& rng, int samples, bool rotate, Stats& st,
                 unsigned seed) {
  std::uniform_real_distribution<double> u(0, 1);
  const Vec3 cb = b.bvh.nodes[0].box.center();
  const Vec3 dir = randomUnit(rng);
  const double dist = radius(a) + radius(b) + 0.05;
  Pose pa{Eigen::AngleAxisd(2 * kPi * u(rng), randomUnit(rng)).toRotationMatrix(), Vec3::Zero()};
  pa.t = cb + dir * dist - pa.R * a.bvh.nodes[0].box.center();
  if (meshesIntersect(a, pa, b, {})) return;
  Motion m;
  m.translation = -dir * dist * (0.6 + 0.9 * u(rng)) + randomUnit(rng) * 0.3 * radius(b) * u(rng);
  if (rotate) {
    m.axis = randomUnit(rng);
    m.angle = (u(rng) * 2 - 1) * 2.2;  // up to about 126 degrees: two substeps
  }
  QueryOptions opt;
  opt.expel = 0;
  const QueryResult r = query(a, pa, b, {}, m, opt);
  ++st.motions;
  st.hits += r.hit;
  int first = -1;
  for (int k = 1; k <= samples && first < 0; ++k)
    if (meshesIntersect(a, poseAlong(a, pa, m, double(k) / samples), b, {})) first = k;
  const std::string ctx = "seed " + std::to_string(seed) + " motion " + std::to_string(st.motions) +
                          " toi " + std::to_string(r.toi) + " first sampled hit " + std::to_string(first);
  if (first >= 0) {
    ++st.sampled_hits;
    ASSERT_TRUE(r.hit) << ctx;
    ASSERT_LE(r.toi, double(first) / samples + 1e-12) << ctx;  // never after a sampled hit
    if (r.toi >= double(first - 1) / samples) return;         // inside the bracket
  }
  if (!r.hit) return;
  // Reported earlier than the bracket (or with no sampled hit): a contact the coarse
  // sampling skipped. It must be real: the objects intersect right after toi.
  bool found = false;
  const double span = std::min(1.0, r.toi + 1.0 / samples) - r.toi;
  for (int k = 1; k <= 256 && !found; ++k)
    found = meshesIntersect(a, poseAlong(a, pa, m, r.toi + span * k / 256), b, {});
  ASSERT_TRUE(found) << ctx << ": no intersection follows the reported contact";
  ++st.early_verified;
}

void run(const CcdMesh& a, const CcdMesh& b, int motions, int samples, unsigned seed) {
  std::mt19937 rng(seed);
  Stats st;
  for (int i = 0; i < motions; ++i) {
    checkMotion(a, b, rng, samples, i % 2 == 1, st, seed);
    if (::testing::Test::HasFatalFailure()) return;
  }
  std::printf("[ccd sampling] %s vs %s seed %u: %d motions, %d contacts, %d sampled intersections, "
              "%d earlier contacts verified\n",
              a.name.c_str(), b.name.c_str(), seed, st.motions, st.hits, st.sampled_hits, st.early_verified);
  EXPECT_GT(st.sampled_hits, motions / 4);  // the motions do collide often enough to test
}

}  // namespace

TEST(CcdSampling, TorusAgainstSphere) { run(torus(0.6, 0.2, 24, 12), sphere(0.5, 12, 16), 80, 200, 11u); }
TEST(CcdSampling, SphereThroughTorus) { run(sphere(0.15, 8, 12), torus(0.6, 0.25, 24, 12), 80, 200, 12u); }
TEST(CcdSampling, TorusAgainstTorus) { run(torus(0.5, 0.15, 20, 10), torus(0.6, 0.2, 24, 12), 80, 200, 13u); }

TEST(CcdSampling, RealMeshes) {
  const auto knot = realMesh("knot2.off"), femur = realMesh("femur.off"), blade = realMesh("blade.off");
  if (!knot || !femur || !blade) GTEST_SKIP() << "build/meshes missing (make meshes)";
  run(*knot, *femur, 16, 200, 21u);
  run(*blade, *knot, 16, 200, 22u);
}

TEST(CcdSamplingSoak, ManyMotions) {
  for (unsigned seed = 100; seed < 110; ++seed) {
    run(torus(0.6, 0.2, 24, 12), sphere(0.5, 12, 16), 200, 400, seed);
    run(sphere(0.15, 8, 12), torus(0.6, 0.25, 24, 12), 200, 400, seed + 1000);
  }
  const auto knot = realMesh("knot2.off"), femur = realMesh("femur.off");
  if (knot && femur) run(*knot, *femur, 100, 400, 31u);
}
