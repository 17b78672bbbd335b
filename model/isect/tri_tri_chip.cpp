#include "cc/isect/tri_tri_chip.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "cc/chip_math.h"
#include "cc/fp32.h"
#include "cc/tri_matrix.h"

namespace cc::isect {

namespace {

Vec3d toVec(V3<double> p) { return {p.x, p.y, p.z}; }

// One direction on the chip: A's vertices through B's float matrix with DOTADD, then the
// IT-unit's certified Eq. 4 on A's three edges, with the bound of a query whose objects are
// the two triangles (radius: the largest |vertex|) at the identity pose.
ItVerdict chipDirection(const Tri<double>& a, const Tri<double>& b, double radius) {
  const Vec3d bv[3] = {toVec(b[0]), toVec(b[1]), toVec(b[2])};
  const std::optional<TriMatrix> m = unitTriangleMatrix(bv[0], bv[1], bv[2]);
  if (!m) return ItVerdict::Uncertain;  // degenerate triangle: no matrix, the chip cannot decide
  std::array<float, 9> v{};
  for (int i = 0; i < 3; ++i) {
    const float x = static_cast<float>(a[i].x), y = static_cast<float>(a[i].y), z = static_cast<float>(a[i].z);
    for (int r = 0; r < 3; ++r) {
      v[3 * i + r] = fp32::dotadd(x, y, z, (*m)[4 * r], (*m)[4 * r + 1], (*m)[4 * r + 2], (*m)[4 * r + 3]);
    }
  }
  const int k_query = ceilLog2(10.01 * std::ldexp(1.0, -24) * radius * (1 + 1e-9));
  const uint32_t err = triErrExp(*m, bv[0], bv[1], bv[2], radius);
  return itTriangleSide(v, k_query + layout::errExpOf(err), layout::errExpOf(err >> 8)).verdict;
}

// M of cc::unitTriangleMatrix kept in double: rows of inverse([e1 | e2 | n/|n|]), t = -M a.
std::optional<std::array<double, 12>> unitMatrixF64(const Tri<double>& b) {
  const V3<double> e1 = b[1] - b[0], e2 = b[2] - b[0], e3 = b[2] - b[1];
  const V3<double> cr = cross(e1, e2);
  const double longest2 = std::max({norm2(e1), norm2(e2), norm2(e3)});
  const double area2 = std::sqrt(norm2(cr));
  if (!(area2 > kDegenerateRatio * longest2) || !std::isfinite(area2)) return std::nullopt;
  const V3<double> n = (1.0 / area2) * cr;
  // Inverse of the matrix with columns e1, e2, n: rows are (e2 x n, n x e1, e1 x e2) / det.
  const double det = det3(e1, e2, n);
  const V3<double> r0 = (1.0 / det) * cross(e2, n), r1 = (1.0 / det) * cross(n, e1),
                   r2 = (1.0 / det) * cross(e1, e2);
  const V3<double> rows[3] = {r0, r1, r2};
  std::array<double, 12> m{};
  for (int r = 0; r < 3; ++r) {
    m[4 * r] = rows[r].x;
    m[4 * r + 1] = rows[r].y;
    m[4 * r + 2] = rows[r].z;
    m[4 * r + 3] = -dot(rows[r], b[0]);
  }
  return m;
}

bool f64Direction(const Tri<double>& a, const Tri<double>& b) {
  const auto m = unitMatrixF64(b);
  if (!m) return false;
  V3<double> v[3];
  for (int i = 0; i < 3; ++i) {
    double o[3];
    for (int r = 0; r < 3; ++r) {  // same association as the DOTADD unit
      const double* c = &(*m)[4 * r];
      o[r] = (a[i].x * c[0] + a[i].y * c[1]) + (a[i].z * c[2] + c[3]);
    }
    v[i] = {o[0], o[1], o[2]};
  }
  for (int e = 0; e < 3; ++e) {
    if (unitEdgeHit(v[e], v[(e + 1) % 3])) return true;
  }
  return false;
}

}  // namespace

ItVerdict chipTriTriVerdictF32(const Tri<double>& a, const Tri<double>& b) {
  const fp32::FtzScope ftz;
  double radius = 0;
  for (const Tri<double>* t : {&a, &b}) {
    for (const auto& p : *t) radius = std::max(radius, std::sqrt(norm2(p)));
  }
  if (!(radius > 0)) return ItVerdict::Uncertain;
  const ItVerdict ab = chipDirection(a, b, radius);
  if (ab == ItVerdict::Hit) return ab;
  const ItVerdict ba = chipDirection(b, a, radius);
  if (ba == ItVerdict::Hit) return ba;
  return (ab == ItVerdict::Uncertain || ba == ItVerdict::Uncertain) ? ItVerdict::Uncertain : ItVerdict::Miss;
}

bool chipTriTriF32(const Tri<double>& a, const Tri<double>& b) { return chipTriTriVerdictF32(a, b) != ItVerdict::Miss; }

bool chipTriTriF32(const Tri<float>& a, const Tri<float>& b) {
  Tri<double> ad, bd;
  for (int i = 0; i < 3; ++i) {
    ad[i] = {a[i].x, a[i].y, a[i].z};
    bd[i] = {b[i].x, b[i].y, b[i].z};
  }
  return chipTriTriF32(ad, bd);
}

bool chipTriTriF64(const Tri<double>& a, const Tri<double>& b) { return f64Direction(a, b) || f64Direction(b, a); }

}  // namespace cc::isect
