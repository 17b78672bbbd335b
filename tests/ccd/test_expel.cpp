// The expel-zone promise (§3): objects moved to the reported contact and queried again
// never interpenetrate, over thousands of steps. A stack of boxes settles on the ground
// under a downward push with random jitter (translation and rotation); bodies move one at
// a time against all others, as in the paper (§2).
#include <gtest/gtest.h>

#include <random>

#include "helpers.h"

using namespace cc::ccd;
using namespace cc::ccd::test;

namespace {

struct Body {
  const CcdMesh* mesh;
  Pose pose;
};

void settle(int boxes, int steps, unsigned seed, double e) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const CcdMesh ground = makeBox({4, 4, 0.5});
  const CcdMesh box = makeBox({0.5, 0.4, 0.3});
  std::vector<Body> bodies{{&ground, {Eigen::Matrix3d::Identity(), Vec3(0, 0, -0.5)}}};
  for (int i = 0; i < boxes; ++i)
    bodies.push_back({&box, {Eigen::Matrix3d::Identity(), Vec3(0.2 * u(rng), 0.2 * u(rng), 0.5 + 0.9 * i)}});
  QueryOptions opt;
  opt.expel = e;
  size_t contacts = 0, refused = 0, moves = 0;
  // Moves body i by m as far as every other body allows, then checks all pairs.
  auto move = [&](size_t i, const Motion& m, int step) {
    double toi = 1;
    for (size_t j = 0; j < bodies.size(); ++j) {
      if (j == i) continue;
      toi = std::min(toi, query(*bodies[i].mesh, bodies[i].pose, *bodies[j].mesh, bodies[j].pose, m, opt).toi);
    }
    ++moves;
    contacts += toi < 1;
    refused += toi == 0;
    // A contact with j at toi_j means the motion up to toi_j is free of j: the smallest
    // toi is free of everyone.
    bodies[i].pose = poseAlong(*bodies[i].mesh, bodies[i].pose, m, toi);
    for (size_t j = 0; j < bodies.size(); ++j) {
      if (j == i) continue;
      ASSERT_FALSE(meshesIntersect(*bodies[i].mesh, bodies[i].pose, *bodies[j].mesh, bodies[j].pose))
          << "seed " << seed << " step " << step << " bodies " << i << "," << j;
      ASSERT_GE(minVertexFaceGap(*bodies[i].mesh, bodies[i].pose, *bodies[j].mesh, bodies[j].pose), 0)
          << "seed " << seed << " step " << step << " bodies " << i << "," << j;
    }
  };
  for (int s = 0; s < steps; ++s) {
    for (size_t i = 1; i < bodies.size(); ++i) {
      Motion push, jitter;  // gravity-like push, then a random shove and twist
      push.translation = Vec3(0, 0, -0.08 + 0.02 * u(rng));
      jitter.translation = Vec3(0.05 * u(rng), 0.05 * u(rng), 0.01 * u(rng));
      jitter.axis = Vec3(u(rng), u(rng), u(rng));
      jitter.angle = 0.08 * u(rng);
      move(i, push, s);
      if (::testing::Test::HasFatalFailure()) return;
      move(i, jitter, s);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  std::printf("[ccd expel] seed %u: %d boxes, %zu moves, %zu stopped by contacts, %zu refused at once; "
              "last box at z = %.4f\n",
              seed, boxes, moves, contacts, refused, bodies.back().pose.t.z());
  EXPECT_GT(contacts, moves / 4);           // they did press on each other
  EXPECT_LT(refused, moves * 3 / 4);         // and still moved a lot while in contact
}

}  // namespace

TEST(CcdExpel, StackOfBoxesSettles) { settle(3, 1500, 7u, 1e-4); }
TEST(CcdExpel, StackOfBoxesSettlesTinyZone) { settle(2, 1000, 8u, 1e-9); }
TEST(CcdExpelSoak, LongStacks) {
  for (unsigned seed = 50; seed < 54; ++seed) settle(5, 10000, seed, 1e-6);
}
