// Test helpers: procedural meshes and a static (discrete) intersection oracle.
#pragma once
#include <optional>
#include <string>

#include "cc/ccd/query.h"

namespace cc::ccd::test {

// Axis-aligned box, 12 triangles, counter-clockwise seen from outside.
CcdMesh makeBox(const Vec3& half);
// A single square (two triangles) in z = 0 facing +z, side 2*half: the "plane".
CcdMesh makeSquare(double half);
CcdMesh sphere(double radius, int stacks, int slices);
CcdMesh torus(double major, double minor, int rings, int sides);
// Real mesh from build/meshes, normalized to unit size; nothing when the file is missing.
std::optional<CcdMesh> realMesh(const std::string& file);

// Do any two triangles of A (placed by pa) and B (placed by pb) intersect? Segment-triangle
// crossings with exact-sign-free double orientation tests (coplanar overlaps ignored).
bool meshesIntersect(const CcdMesh& a, const Pose& pa, const CcdMesh& b, const Pose& pb);

// Smallest distance between vertices of A and triangles of B and vice versa, a lower
// bound check for "never closer than": returns the minimum signed distance of A's vertices
// in front of B's faces they project into (used by the expel tests).
double minVertexFaceGap(const CcdMesh& a, const Pose& pa, const CcdMesh& b, const Pose& pb);

}  // namespace cc::ccd::test
