// Whether a point lies inside a closed triangle mesh (CGAL's Side_of_triangle_mesh on a
// Surface_mesh, exact predicates). ccd asks it when two meshes start without touching
// surfaces, to say that one starts inside the other (docs/ccd.md).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace cc::isect {

class ClosedMesh {
 public:
  // The mesh's vertices and triangles (indices into the vertices). Degenerate triangles are
  // skipped; closed() says whether the rest bounds a volume (every edge shared by two).
  ClosedMesh(const std::vector<std::array<double, 3>>& vertices, const std::vector<std::array<uint32_t, 3>>& tris);
  ~ClosedMesh();
  ClosedMesh(const ClosedMesh&) = delete;
  ClosedMesh& operator=(const ClosedMesh&) = delete;
  bool closed() const;
  // The point lies strictly inside (a point on the surface is not); false for a mesh that
  // is not closed.
  bool inside(const std::array<double, 3>& p) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cc::isect
