#include "cc/tri_matrix.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace cc {

std::optional<TriMatrixD> unitTriangleMatrixD(const Vec3d& v1, const Vec3d& v2, const Vec3d& v3) {
  const Eigen::Vector3d a(v1[0], v1[1], v1[2]), b(v2[0], v2[1], v2[2]), c(v3[0], v3[1], v3[2]);
  const Eigen::Vector3d e1 = b - a, e2 = c - a, e3 = c - b;
  const Eigen::Vector3d cr = e1.cross(e2);
  const double longest2 = std::max({e1.squaredNorm(), e2.squaredNorm(), e3.squaredNorm()});
  const double area2 = cr.norm();
  if (!(area2 > kDegenerateRatio * longest2) || !std::isfinite(area2)) return std::nullopt;
  Eigen::Matrix3d cols;
  cols.col(0) = e1;
  cols.col(1) = e2;
  cols.col(2) = cr / area2;
  const Eigen::Matrix3d m = cols.inverse();
  const Eigen::Vector3d t = -m * a;
  TriMatrixD out{};
  for (int r = 0; r < 3; ++r) {
    for (int k = 0; k < 3; ++k) out[4 * r + k] = m(r, k);
    out[4 * r + 3] = t(r);
  }
  return out;
}

std::optional<TriMatrix> unitTriangleMatrix(const Vec3d& v1, const Vec3d& v2, const Vec3d& v3) {
  const auto d = unitTriangleMatrixD(v1, v2, v3);
  if (!d) return std::nullopt;
  TriMatrix out{};
  for (int i = 0; i < 12; ++i) {
    out[i] = static_cast<float>((*d)[i]);
    if (!std::isfinite(out[i])) return std::nullopt;
  }
  return out;
}

}  // namespace cc
