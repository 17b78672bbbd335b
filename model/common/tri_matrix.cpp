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
  Eigen::Matrix3d m = cols.inverse();
  // The z row (n^T) is scaled so that its 1-norm equals the larger of the x and y rows':
  // the test only looks at z's sign and at ratios of z values, and one error bound then
  // serves all three coordinates without widening |M| (docs/exact_contacts.md).
  const double xy = std::max(m.row(0).lpNorm<1>(), m.row(1).lpNorm<1>());
  m.row(2) *= xy / m.row(2).lpNorm<1>();
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

int ceilLog2(double x) {
  int e;
  const double f = std::frexp(x, &e);  // x = f 2^e, f in [0.5, 1)
  return f == 0.5 ? e - 1 : e;
}

uint32_t triErrExp(const TriMatrix& m, const Vec3d& v1, const Vec3d& v2, const Vec3d& v3, double object_radius) {
  // |M|_inf (rows' linear parts) and the residual rho = max |M (V_k, 1) - e_k| of the
  // float matrix, in long double: every product of two floats is exact there, and the sum
  // of four adds at most 4 * 2^-64 of the magnitudes (added to rho).
  const Vec3d* v[3] = {&v1, &v2, &v3};
  long double norm = 0, rho = 0;
  for (int r = 0; r < 3; ++r) {
    long double row = 0;
    for (int c = 0; c < 3; ++c) row += std::fabs(static_cast<long double>(m[4 * r + c]));
    norm = std::max(norm, row);
    for (int k = 0; k < 3; ++k) {
      long double sum = m[4 * r + 3], mag = std::fabs(static_cast<long double>(m[4 * r + 3]));
      for (int c = 0; c < 3; ++c) {
        const long double p = static_cast<long double>(m[4 * r + c]) * static_cast<long double>((*v[k])[c]);
        sum += p;
        mag += std::fabs(p);
      }
      const long double target = (r == 0 && k == 1) || (r == 1 && k == 2) ? 1.0L : 0.0L;
      rho = std::max(rho, std::fabs(sum - target) + std::ldexp(mag, -61));
    }
  }
  // docs/exact_contacts.md: 2^abs >= 1.1 (|M| + rho / (10 u R)), 2^rel >= 1.1 (4.2 rho + 1.01 u).
  const double u = std::ldexp(1.0, -24), slack = 1.1 * (1 + 1e-9);
  const double need_abs = slack * static_cast<double>(norm + rho / (10 * u * object_radius));
  const double need_rel = slack * static_cast<double>(4.2L * rho + 1.01L * u);
  if (!(need_abs > 0) || !std::isfinite(need_abs) || !std::isfinite(need_rel)) return layout::makeErrExp(layout::kTriErrExpHopeless, 0);
  return layout::makeErrExp(std::clamp(ceilLog2(need_abs), -128, layout::kTriErrExpHopeless), std::clamp(ceilLog2(need_rel), -23, 127));
}

}  // namespace cc
