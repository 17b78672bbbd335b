// The host's exact decision of a triangle pair (CGAL, exact predicates and constructions):
// what the driver uses to decide the pairs the chip reports uncertain, and what every
// exactness check compares with. The geometry it decides is the project's exact reference
// (docs/exact_contacts.md): B's triangle with its float vertices, A's with its float
// vertices moved by the pose in double (R v + t, evaluated once in double).
#pragma once
#include <cstdint>

#include "cc/mesh.h"
#include "cc/pose.h"

namespace cc {

// The closed triangles ta of A (at `pose`) and tb of B share a point. A degenerate triangle
// is the segment between its extreme corners, or a point (isect::exactSimplicesIntersect).
bool exactTrianglesIntersect(const Mesh& a, uint32_t ta, const Mesh& b, uint32_t tb, const Pose& pose);

}  // namespace cc
