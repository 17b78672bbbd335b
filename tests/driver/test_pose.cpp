// Pose set-up: the prototype DOP, C/c/j, and the promise that matters: the DOP the chip
// computes in FP32 encloses the exactly transformed geometry (checked in long double).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>

#include "cc/driver.h"
#include "../test_util.h"

namespace {

using cc::layout::kDopDirs;
using cc::layout::kDopK;

// The chip's transform of one DOP (what the golden model and the DOTADD unit compute).
cc::Dop chipTransform(const cc::PoseRegisters& r, const cc::Dop& d) {
  cc::Dop out;
  for (int i = 0; i < kDopK; ++i) {
    const uint32_t w = r.corr[i];
    const auto& m = r.matrix[i];
    out[i] = cc::fp32::dotadd(d[cc::regs::corrField(w, 0)], d[cc::regs::corrField(w, 1)], d[cc::regs::corrField(w, 2)], m[0], m[1], m[2], m[3]);
  }
  return out;
}

cc::ObjectBounds boundsOf(const cc::DopTree& t, const cc::Mesh& m) {
  cc::ObjectBounds b;
  for (float d : t.nodes[0].dop) b.max_abs_dop = std::max(b.max_abs_dop, std::fabs(double(d)));
  for (const auto& v : m.vertices) b.max_radius = std::max(b.max_radius, std::sqrt(double(v[0]) * v[0] + double(v[1]) * v[1] + double(v[2]) * v[2]));
  return b;
}

void subtreeVertices(const cc::DopTree& t, const cc::Mesh& m, int32_t n, std::vector<uint32_t>& out) {
  const auto& node = t.nodes[n];
  if (node.leaf()) { for (uint32_t v : m.tris[node.tri]) out.push_back(v); return; }
  subtreeVertices(t, m, node.child[0], out);
  subtreeVertices(t, m, node.child[1], out);
}

cc::Pose randomPose(std::mt19937_64& rng, double reach) {
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-reach, reach), ang(-180, 180);
  return cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
}

}  // namespace

TEST(Prototype, ZachmannDirectionsGive44SimpleVertices) {
  const auto v = cc::prototypeVertices(cc::zachmannDirections());
  EXPECT_EQ(v.size(), 44u);
  for (const auto& p : v) EXPECT_EQ(p.planes.size(), 3u);
}

TEST(Prototype, AxesDiagonalsGiveAClosedPrototype) {
  const auto v = cc::prototypeVertices(cc::axesDiagonalsDirections());
  EXPECT_GT(v.size(), 8u);
  for (const auto& p : v) EXPECT_GE(p.planes.size(), 3u);
}

// Where more than three planes meet (a cube's corner with a diagonal plane through it), a
// vertex has several plane triples; the decomposition must still cover every direction.
TEST(Prototype, NonSimpleVerticesAreHandled) {
  // The cube |x_i| <= 1 and the unit plane n = (2/3, 2/3, -1/3), n.(1,1,1) = 1, which
  // passes through the corner (1,1,1); the other eight directions stay clear of it.
  const double r3 = 1 / std::sqrt(3.0), r2 = 1 / std::sqrt(2.0), r6 = 1 / std::sqrt(6.0);
  const cc::Directions d = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {2.0 / 3, 2.0 / 3, -1.0 / 3},
                             {r3, -r3, r3}, {r3, r3, -r3}, {r3, -r3, -r3}, {r2, -r2, 0},
                             {r2, 0, -r2}, {0, r2, -r2}, {r6, r6, -2 * r6}, {r6, -2 * r6, r6}}};
  const auto v = cc::prototypeVertices(d);
  size_t non_simple = 0;
  for (const auto& p : v) non_simple += p.planes.size() > 3;
  EXPECT_GT(non_simple, 0u);
  std::mt19937_64 rng(1);
  for (int k = 0; k < 50; ++k) {
    const auto x = cc::computeDopTransform(randomPose(rng, 1.0), d);
    for (int i = 0; i < kDopK; ++i) EXPECT_LT(x.residual[i], 1e-9);
  }
}

TEST(Pose, IdentityKeepsEachSlab) {
  cc::fp32::FtzScope ftz;
  const cc::Mesh m = cc::makeTorus(1.0f, 0.3f, 24, 12);
  const cc::DopTree t = cc::buildTree(m, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const auto r = cc::setupPose(cc::Pose{}, t.dirs, boundsOf(t, m), boundsOf(t, m));
  for (int i = 0; i < kDopK; ++i) {
    // Slot i reads slot i with coefficient 1 and no other slot contributes.
    double w = 0;
    for (int q = 0; q < 3; ++q) w += cc::regs::corrField(r.corr[i], q) == uint32_t(i) ? r.matrix[i][q] : 0.0;
    EXPECT_NEAR(w, 1.0, 1e-6) << i;
  }
  const cc::Dop d = chipTransform(r, t.nodes[0].dop);
  for (int i = 0; i < kDopK; ++i) EXPECT_NEAR(d[i], t.nodes[0].dop[i], 1e-5) << i;
}

TEST(Pose, BadPosesAreRejected) {
  const double nan = std::nan("");
  EXPECT_THROW(cc::poseFromAxisAngle({1, 0, 0}, nan, {0, 0, 0}), std::invalid_argument);
  EXPECT_THROW(cc::poseFromAxisAngle({1, 0, 0}, 10, {0, INFINITY, 0}), std::invalid_argument);
  EXPECT_THROW(cc::poseFromAxisAngle({0, 0, 0}, 10, {0, 0, 0}), std::invalid_argument);
  cc::Pose p;
  p.R(0, 0) = 2;
  EXPECT_THROW(cc::validatePose(p), std::invalid_argument);
  p = cc::Pose{};
  p.t[1] = nan;
  EXPECT_THROW(cc::setupPose(p, cc::zachmannDirections(), {}, {}), std::invalid_argument);
}

// An axis's length does not matter, even where its square leaves double's range.
TEST(Pose, AxisOfAnyLength) {
  const cc::Pose unit = cc::poseFromAxisAngle({0, 0, 1}, 30, {0, 0, 0});
  for (double len : {1e200, 1e-200, 3.0}) {
    EXPECT_EQ(cc::poseFromAxisAngle({0, 0, len}, 30, {0, 0, 0}).R, unit.R) << "axis length " << len;
  }
}

// 100,000+ random (pose, node) cases over procedural and real meshes at several scales:
// every exactly transformed vertex lies inside the DOP the chip computes.
TEST(Pose, TransformedDopEnclosesExactlyTransformedGeometry) {
  const uint64_t seed = cc::testutil::testSeed("Pose.TransformedDopEnclosesExactlyTransformedGeometry");
  std::mt19937_64 rng(seed);
  cc::fp32::FtzScope ftz;
  std::vector<cc::Mesh> meshes = {cc::makeTorus(1.0f, 0.3f, 32, 12), cc::makeHeightField(24, 24, 2.0f, 0.3f, 3)};
  cc::Mesh big = cc::makeSphere(1000.0f, 12, 16);
  for (auto& v : big.vertices) v[0] += 4000.0f;  // far from the origin: large c, large d
  meshes.push_back(big);
  const std::string real = std::string(CC_MESH_DIR) + "/knot2.off";
  if (std::filesystem::exists(real)) meshes.push_back(cc::loadMesh(real));
  for (const cc::Directions& dirs : {cc::zachmannDirections(), cc::axesDiagonalsDirections()}) {
    for (const auto& m : meshes) {
      const cc::DopTree t = cc::buildTree(m, dirs, cc::SplitRule::MeanWidth);
      const cc::ObjectBounds b = boundsOf(t, m);
      std::uniform_int_distribution<size_t> pick(0, t.nodes.size() - 1);
      for (int pose_i = 0; pose_i < 200; ++pose_i) {
        const cc::Pose pose = randomPose(rng, 2.0 * b.max_radius);
        const auto r = cc::setupPose(pose, dirs, b, b);
        for (int k = 0; k < 70; ++k) {
          const size_t n = k == 0 ? 0 : pick(rng);
          const cc::Dop d = chipTransform(r, t.nodes[n].dop);
          std::vector<uint32_t> verts;
          subtreeVertices(t, m, static_cast<int32_t>(n), verts);
          for (uint32_t v : verts) {
            long double x[3];
            for (int row = 0; row < 3; ++row) {
              x[row] = (long double)pose.t[row];
              for (int c = 0; c < 3; ++c) x[row] += (long double)pose.R(row, c) * m.vertices[v][c];
            }
            for (int i = 0; i < kDopDirs; ++i) {
              const long double s = dirs[i][0] * x[0] + dirs[i][1] * x[1] + dirs[i][2] * x[2];
              ASSERT_LE((long double)d[i], s) << "seed " << seed << " mesh " << m.name << " node " << n << " slab " << i;
              ASSERT_GE((long double)d[kDopDirs + i], s) << "seed " << seed << " mesh " << m.name << " node " << n << " slab " << i;
            }
          }
        }
      }
    }
  }
}

// A motion file: both line forms give the same pose; bad lines name file and line.
TEST(PoseFile, BothFormsAndClearErrors) {
  const cc::Pose p = cc::poseFromAxisAngle({0.3, 1, 0.2}, 40, {0.31, 0.07, 0.05});
  std::ostringstream text;
  text.precision(17);
  text << "# a motion\n0.3 1 0.2 40 0.31 0.07 0.05\n\n";
  for (int r = 0; r < 3; ++r) text << p.R(r, 0) << ' ' << p.R(r, 1) << ' ' << p.R(r, 2) << ' ' << p.t[r] << ' ';
  text << " # the same as a matrix\n";
  std::istringstream in(text.str());
  const auto poses = cc::readPoses(in, "m.txt");
  ASSERT_EQ(poses.size(), 2u);
  EXPECT_DOUBLE_EQ(poses[0].degrees, 40);
  EXPECT_NEAR(poses[1].degrees, 40, 1e-9);
  for (const auto& pl : poses) {
    EXPECT_LT((pl.pose.R - p.R).norm(), 1e-12);
    EXPECT_LT((pl.pose.t - p.t).norm(), 1e-12);
  }
  const auto errorOf = [](const std::string& t) {
    return cc::testutil::errorOf([&] {
      std::istringstream s(t);
      cc::readPoses(s, "m.txt");
    });
  };
  EXPECT_NE(errorOf("1 0 0 10 0 0\n").find("m.txt:1: expected 7 numbers"), std::string::npos);
  EXPECT_NE(errorOf("# only\n1 0 0 x 0 0 0\n").find("m.txt:2: 'x' is not a number"), std::string::npos);
  EXPECT_NE(errorOf("0 0 0 10 0 0 0\n").find("m.txt:1: rotation axis is the zero vector"), std::string::npos);
  EXPECT_NE(errorOf("1 0 0 nan 0 0 0\n").find("NaN"), std::string::npos);
  EXPECT_NE(errorOf("2 0 0 0  0 1 0 0  0 0 1 0\n").find("not a rotation"), std::string::npos);
  EXPECT_NE(errorOf("# nothing\n").find("m.txt: no poses"), std::string::npos);
}
