// Per-query set-up (paper Eqs. 1 and 3; docs/memory_image.md, "The DOP transform"): from
// the relative pose (R, t) taking the tumbled object A's frame into the aligned object B's
// frame, compute what the driver loads into the chip: C (24x3), c (24) and the
// correspondence indices j (24x3) for the DOP transform, and the rigid transforms for the
// triangle test (matrix lines 24..29).
#pragma once
#include <Eigen/Dense>
#include <array>
#include <string>
#include <vector>

#include "cc/dop.h"
#include "cc/regmap.h"

namespace cc {

struct Pose {
  Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
  Eigen::Vector3d t = Eigen::Vector3d::Zero();
};

// Rotation about `axis` by `degrees`, then translation. Throws std::invalid_argument on
// NaN/Inf values or a zero axis.
Pose poseFromAxisAngle(const Eigen::Vector3d& axis, double degrees, const Eigen::Vector3d& translation);
// Throws std::invalid_argument if R or t has a NaN/Inf entry or R is not a rotation
// (|R^T R - I| > 1e-6 or det R < 0).
void validatePose(const Pose& pose);

// A motion as a text file (`collide --poses`): one pose per line, '#' comments, either
// 7 numbers AX AY AZ DEG TX TY TZ (rotation about the axis, then translation) or 12
// numbers R00 R01 R02 TX R10 R11 R12 TY R20 R21 R22 TZ (the 3x4 matrix [R | t], row by
// row). `degrees` is DEG, or R's rotation angle. Every pose is validated; errors throw
// std::invalid_argument naming `what` and the line.
struct PoseLine {
  double degrees;
  Pose pose;
};
std::vector<PoseLine> readPoses(std::istream& in, const std::string& what);

// The prototype DOP (all 24 supports 1) of a direction set: its vertices and, for each,
// the plane indices meeting there. Plane j is s_j = -a_j for j < 12 and +a_(j-12) for
// j >= 12, so plane j's support is -d[j] (j < 12) or d[j] (j >= 12): index j is also the
// DOP slot the chip reads.
struct PrototypeVertex {
  Eigen::Vector3d p;
  std::vector<int> planes;  // three for simple vertices, more where more planes meet
};
std::vector<PrototypeVertex> prototypeVertices(const Directions& dirs);

// What an object needs for the enclosure bound: the largest |d| of any of its DOPs (the
// root's) and the largest |x| of any vertex.
struct ObjectBounds {
  double max_abs_dop = 0;
  double max_radius = 0;
};

// The DOP transform in double before any rounding: for target slot i, the three planes
// (= DOP slots read), signed coefficients, the constant c_i = a_(i mod 12) . t, and what
// the error bound needs (sum of |C_ij| and the decomposition residual).
struct DopTransform {
  std::array<std::array<int, 3>, layout::kDopK> planes{};
  std::array<std::array<double, 3>, layout::kDopK> coef{};
  std::array<double, layout::kDopK> c{};
  std::array<double, layout::kDopK> sum_abs{};
  std::array<double, layout::kDopK> residual{};
};
DopTransform computeDopTransform(const Pose& pose, const Directions& dirs);

struct PoseRegisters {
  std::array<std::array<float, 4>, 30> matrix{};  // matrix register file lines 0..29
  std::array<uint32_t, regs::CORR_LINES> corr{};  // whole correspondence register file
  uint32_t tri_err_exp = 0;                       // TRI_ERR_EXP
  float plane_margin = 0;                         // PLANE_MARGIN (planeMargin below)
};

// The query's triangle-test error exponent (TRI_ERR_EXP, docs/exact_contacts.md): the
// smallest k with 2^k >= 10.01 * 2^-24 * (max(R_A, R_B) + |t|), clamped to [-128, 127];
// 127 (every test uncertain) when that magnitude is outside [2^-90, 2^90].
int triangleQueryErrExp(const Pose& pose, const ObjectBounds& tumbled, const ObjectBounds& aligned);

// C, c, j, the triangle transforms and TRI_ERR_EXP. The constants c are widened by a bound
// from the FP32 error analysis (docs/memory_image.md, "Enclosure despite rounding") so
// that the DOP the chip computes encloses the exactly transformed one.
PoseRegisters setupPose(const Pose& pose, const Directions& dirs, const ObjectBounds& tumbled, const ObjectBounds& aligned);

// The leaf-vertex register file (CTRL.LEAF_VERTEX, regmap.h; docs/triangle_tests.md):
// the 24 lines with which the chip bounds a tumbled leaf's triangle in B's frame from its
// three vertices x: line i < 12 is (w_i, c_i) with w_i = R^T a_i rounded to float and
// c_i = a_i . t moved down by the FP32 error bound and rounded down, line 12 + i the same
// w_i with c_i moved up and rounded up. The least DOTADD over the vertices with line i is
// then at most min_x a_i . (R x + t), the largest with line 12 + i at least the maximum:
// err = 2 ((gamma_3 + u) (|w_i|_2 R_A + |c_i|) + 16 * 2^-126) + 1e-12 (|c_i| + R_A), the
// bound of "Enclosure despite rounding" (docs/memory_image.md) with the vertices (exact
// floats, |x| <= R_A, so sum_j |w_ij x_j| <= |w_i|_2 R_A) in place of the DOP and no
// decomposition residual.
using LeafVertexLines = std::array<std::array<float, 4>, regs::LEAFV_LINES>;
LeafVertexLines leafVertexDopLines(const Pose& pose, const Directions& dirs, const ObjectBounds& tumbled);

// The leaf plane of a triangle (layout.h; docs/memory_image.md, "Leaf planes"): its unit
// normal n decomposed as for the DOP transform, n = sum C_k s_jk with C_k >= 0 over three
// planes of the prototype vertex n points to, scaled so the largest C is 1 (that plane is
// j0) and rounded to float; n' = s_j0 + |c1| s_j1 + |c2| s_j2 with those floats, and
// [lo, hi] the triangle's extent along n' in long double, widened by 1e-12 of the
// magnitudes and rounded outward to float (never subnormal).
struct LeafPlaneWords {
  uint32_t sel = 0;
  float c1 = 0, c2 = 0, lo = 0, hi = 0;
};
LeafPlaneWords leafPlaneOf(const std::array<Eigen::Vector3d, 3>& v, const Directions& dirs);

// PLANE_MARGIN of a query (CTRL.LEAF_PLANE): at least the DOTADD's rounding error of U or L,
// gamma_3 (|d_j0| + |c1 d_j1| + |c2 d_j2| + M) + 16 * 2^-126 with |c| <= 1, where D_t =
// 2 (max_i sum_j |C_ij| D_A + R_A + |t|) bounds every slot of a tumbled DOP in B's frame
// (the DOP transform's and the leaf-vertex bound's): M = 2 (3 gamma_3 D_t + 16 * 2^-126) /
// (1 - gamma_3), rounded up. setupPose fills PoseRegisters::plane_margin with it; the
// second form takes the query's DOP transform already computed.
float planeMargin(const Pose& pose, const Directions& dirs, const ObjectBounds& tumbled);
float planeMarginOf(const DopTransform& x, const Pose& pose, const ObjectBounds& tumbled);

}  // namespace cc
