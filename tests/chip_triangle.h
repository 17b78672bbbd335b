// The chip's certified triangle test evaluated directly from paper §3.3 and
// docs/exact_contacts.md, outside the register files: A's vertices through [R|t] (matrix
// lines 24..26 of the query's registers) then B's M, the certified edges; unless they hit,
// B's vertices through lines 27..29 then A's M. The golden model does the same through its
// correspondence lines; tests compare both with exact geometry (include as
// "../chip_triangle.h").
#pragma once
#include <array>

#include "cc/chip_math.h"
#include "cc/fp32.h"
#include "cc/mesh.h"
#include "cc/pose.h"
#include "cc/tri_matrix.h"

namespace cc::testutil {

// One triangle as an object: its vertices (float) and what its record holds.
struct ChipTriangle {
  std::array<std::array<float, 3>, 3> v{};
  TriMatrix m{};
  uint32_t err_exp = 0;
};

inline ChipTriangle chipTriangle(const std::array<std::array<float, 3>, 3>& v, double object_radius) {
  ChipTriangle t;
  t.v = v;
  const Vec3d d[3] = {{v[0][0], v[0][1], v[0][2]}, {v[1][0], v[1][1], v[1][2]}, {v[2][0], v[2][1], v[2][2]}};
  const auto m = unitTriangleMatrix(d[0], d[1], d[2]);
  if (!m) {
    t.err_exp = layout::makeErrExp(layout::kTriErrExpHopeless, 0);
    return t;
  }
  t.m = *m;
  t.err_exp = triErrExp(t.m, d[0], d[1], d[2], object_radius);
  return t;
}

inline ChipTriangle chipTriangle(const Mesh& mesh, uint32_t tri) {
  std::array<std::array<float, 3>, 3> v;
  for (int k = 0; k < 3; ++k) v[k] = mesh.vertices[mesh.tris[tri][k]];
  return chipTriangle(v, meshRadius(mesh));
}

// The verdict, with every threshold 2^tighten times smaller (0 in the chip; tests raise it
// to show that a smaller bound gives wrong certain answers). Call inside an
// fp32::FtzScope.
inline ItVerdict chipTriangleVerdict(const ChipTriangle& a, const ChipTriangle& b, const PoseRegisters& r, int tighten = 0) {
  const auto side = [&](const ChipTriangle& own, int frame_line, const ChipTriangle& other) {
    std::array<float, 9> u;
    for (int k = 0; k < 3; ++k) {
      const auto& p = own.v[k];
      float w[3];
      for (int row = 0; row < 3; ++row) {
        const auto& l = r.matrix[frame_line + row];
        w[row] = fp32::dotadd(p[0], p[1], p[2], l[0], l[1], l[2], l[3]);
      }
      const auto& m = other.m;
      for (int row = 0; row < 3; ++row) {
        u[3 * k + row] = fp32::dotadd(w[0], w[1], w[2], m[4 * row], m[4 * row + 1], m[4 * row + 2], m[4 * row + 3]);
      }
    }
    const int k_abs = layout::errExpOf(r.tri_err_exp) + layout::errExpOf(other.err_exp);
    return itTriangleSide(u, k_abs, layout::errExpOf(other.err_exp >> 8), tighten).verdict;
  };
  const ItVerdict sa = side(a, regs::kMatAtoB, b);
  if (sa == ItVerdict::Hit) return sa;
  const ItVerdict sb = side(b, regs::kMatBtoA, a);
  if (sb == ItVerdict::Hit) return sb;
  return (sa == ItVerdict::Uncertain || sb == ItVerdict::Uncertain) ? ItVerdict::Uncertain : ItVerdict::Miss;
}

}  // namespace cc::testutil
