// The pairs the chip cannot see: a triangle without a unit-triangle matrix (zero area, a
// needle, docs/trees.md) is not in its object's tree, yet as a segment or a point it can
// still touch the other object. The driver decides every pair with such a triangle on the
// host, exactly, and adds the ones that meet to the chip's answer (Driver::query).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "cc/driver.h"
#include "cc/isect/box_tree.h"

namespace cc {

// An object's tree triangles (those not in `dropped`) in its own frame, for the search of
// the partners of the other object's dropped triangles.
std::unique_ptr<isect::TriangleBoxTree> treeTriangleBoxes(const Mesh& mesh, const std::vector<uint32_t>& dropped);

// Every pair (A's triangle, B's triangle) with at least one dropped triangle whose closed
// point sets meet at `pose` (the exact reference of docs/exact_contacts.md:
// cc::exactTrianglesIntersect), in ascending order; `first`: the smallest one only.
// boxes_a / boxes_b: treeTriangleBoxes of A and B.
std::vector<TriPair> droppedTriangleContacts(const BoardObject& a, const isect::TriangleBoxTree& boxes_a, const BoardObject& b,
                                             const isect::TriangleBoxTree& boxes_b, const Pose& pose, bool first);

}  // namespace cc
