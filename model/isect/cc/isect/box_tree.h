// A static bounding-box hierarchy over triangles (CGAL's AABB tree): which of them meet a
// box. The driver finds with it the partners of the triangles its trees leave out, whose
// pairs it decides on the host (cc::droppedTriangleContacts).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace cc::isect {

using Corners = std::array<double, 9>;  // a triangle's three corners, x y z each

class TriangleBoxTree {
 public:
  // The triangles (non-degenerate: their corners not collinear) and their ids.
  TriangleBoxTree(const std::vector<Corners>& triangles, std::vector<uint32_t> ids);
  ~TriangleBoxTree();
  TriangleBoxTree(const TriangleBoxTree&) = delete;
  TriangleBoxTree& operator=(const TriangleBoxTree&) = delete;
  // The ids of the triangles that meet the closed box [lo, hi] (exactly, on the doubles
  // given), in ascending order.
  std::vector<uint32_t> meeting(const std::array<double, 3>& lo, const std::array<double, 3>& hi) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cc::isect
