// The per-triangle matrix M of paper §3.3, stored in every triangle record (layout.h):
// M * (p, 1) maps the triangle's vertices V1, V2, V3 onto the unit triangle (0,0,0),
// (1,0,0), (0,1,0), and the unit normal n = (V2-V1) x (V3-V1) / |..| onto +z, so the z of a
// mapped point is its signed distance from the triangle's plane. Computed in double by the
// driver, rounded once to float.
#pragma once
#include <array>
#include <optional>

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

}  // namespace cc
