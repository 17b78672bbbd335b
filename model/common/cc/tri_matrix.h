// The per-triangle matrix M of paper §3.3, stored in every triangle record (layout.h):
// M * (p, 1) maps the triangle's vertices V1, V2, V3 onto the unit triangle (0,0,0),
// (1,0,0), (0,1,0), and the normal side of n = (V2-V1) x (V3-V1) to +z: the z of a mapped
// point is its signed distance from the triangle's plane times a scale that gives M's z
// row the 1-norm of its larger x/y row. Computed in double by the driver, rounded once to
// float.
#pragma once
#include <array>
#include <cstdint>
#include <optional>

#include "cc/layout.h"

namespace cc {

using Vec3d = std::array<double, 3>;
using TriMatrix = std::array<float, 12>;  // row-major 3x4

// Degenerate rule (docs/memory_image.md): a triangle is degenerate, and gets no matrix,
// when |(V2-V1) x (V3-V1)| <= kDegenerateRatio * (longest edge)^2 (its smallest angle is
// below ~1e-10 rad, or it has zero area), or when a matrix entry is not finite in float.
inline constexpr double kDegenerateRatio = 1e-10;
std::optional<TriMatrix> unitTriangleMatrix(const Vec3d& v1, const Vec3d& v2, const Vec3d& v3);
// The same matrix before rounding to float (the software reference's double path).
using TriMatrixD = std::array<double, 12>;
std::optional<TriMatrixD> unitTriangleMatrixD(const Vec3d& v1, const Vec3d& v2, const Vec3d& v3);

// The smallest k with 2^k >= x (x > 0 and finite).
int ceilLog2(double x);

// The triangle's error exponents (its record's err_exp word, layout::makeErrExp;
// docs/exact_contacts.md): the smallest `abs` with 2^abs >= 1.1 (|M|_inf + rho / (10 u R))
// and the smallest `rel` with 2^rel >= 1.1 (4.2 rho + 1.01 u), where |M|_inf is the largest
// row 1-norm of M's linear part, rho the largest coordinate of M (V_k, 1) - e_k (how far
// the float M misses the unit triangle), u = 2^-24 and R `object_radius` (the largest |x|
// of the object's vertices, which the query's TRI_ERR_EXP also uses). A matrix without a
// usable bound gets layout::kTriErrExpHopeless.
uint32_t triErrExp(const TriMatrix& m, const Vec3d& v1, const Vec3d& v2, const Vec3d& v3, double object_radius);

}  // namespace cc
