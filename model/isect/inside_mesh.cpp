#include "cc/isect/inside_mesh.h"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_mesh_processing/orientation.h>
#include <CGAL/Side_of_triangle_mesh.h>
#include <CGAL/Surface_mesh.h>

#include <optional>

namespace cc::isect {

namespace {
using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using SurfaceMesh = CGAL::Surface_mesh<K::Point_3>;
using Side = CGAL::Side_of_triangle_mesh<SurfaceMesh, K>;
}  // namespace

struct ClosedMesh::Impl {
  SurfaceMesh mesh;
  bool closed = false;
  std::optional<Side> side;
};

ClosedMesh::ClosedMesh(const std::vector<std::array<double, 3>>& vertices, const std::vector<std::array<uint32_t, 3>>& tris)
    : impl_(std::make_unique<Impl>()) {
  std::vector<SurfaceMesh::Vertex_index> v;
  v.reserve(vertices.size());
  for (const auto& p : vertices) v.push_back(impl_->mesh.add_vertex(K::Point_3(p[0], p[1], p[2])));
  bool manifold = true;
  for (const auto& t : tris) {
    const K::Point_3 &a = impl_->mesh.point(v[t[0]]), &b = impl_->mesh.point(v[t[1]]), &c = impl_->mesh.point(v[t[2]]);
    if (CGAL::collinear(a, b, c)) continue;  // a segment or a point bounds nothing
    if (impl_->mesh.add_face(v[t[0]], v[t[1]], v[t[2]]) == SurfaceMesh::null_face()) manifold = false;
  }
  impl_->closed = manifold && impl_->mesh.number_of_faces() > 0 && CGAL::is_closed(impl_->mesh);
  if (impl_->closed) impl_->side.emplace(impl_->mesh);
}

ClosedMesh::~ClosedMesh() = default;

bool ClosedMesh::closed() const { return impl_->closed; }

bool ClosedMesh::inside(const std::array<double, 3>& p) const {
  return impl_->side && (*impl_->side)(K::Point_3(p[0], p[1], p[2])) == CGAL::ON_BOUNDED_SIDE;
}

}  // namespace cc::isect
