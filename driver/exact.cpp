#include "cc/exact.h"

#include "cc/isect/exact.h"

namespace cc {

bool exactTrianglesIntersect(const Mesh& a, uint32_t ta, const Mesh& b, uint32_t tb, const Pose& pose) {
  isect::TriTriCase c{};
  for (int k = 0; k < 3; ++k) {
    const auto& v = a.vertices[a.tris[ta][k]];
    const Eigen::Vector3d p = pose.R * Eigen::Vector3d(v[0], v[1], v[2]) + pose.t;
    for (int j = 0; j < 3; ++j) c[3 * k + j] = p[j];
    const auto& w = b.vertices[b.tris[tb][k]];
    for (int j = 0; j < 3; ++j) c[9 + 3 * k + j] = w[j];
  }
  return isect::exactSimplicesIntersect(c);
}

}  // namespace cc
