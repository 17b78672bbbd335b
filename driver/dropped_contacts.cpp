#include "cc/dropped_contacts.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "cc/exact.h"

namespace cc {

namespace {

using Box = std::array<std::array<double, 3>, 2>;  // lo, hi

Eigen::Vector3d corner(const Mesh& m, uint32_t tri, int k) {
  const auto& v = m.vertices[m.tris[tri][k]];
  return {v[0], v[1], v[2]};
}

// The box of three points, grown by `margin` on every side.
Box boxOf(const std::array<Eigen::Vector3d, 3>& p, double margin) {
  Box b;
  for (int j = 0; j < 3; ++j) {
    b[0][j] = std::min({p[0][j], p[1][j], p[2][j]}) - margin;
    b[1][j] = std::max({p[0][j], p[1][j], p[2][j]}) + margin;
  }
  return b;
}

bool overlap(const Box& x, const Box& y) {
  for (int j = 0; j < 3; ++j) {
    if (x[1][j] < y[0][j] || y[1][j] < x[0][j]) return false;
  }
  return true;
}

// Far above the rounding of a rigid motion in double (a few units in the last place of the
// coordinates' and the translation's magnitude): the boxes only choose the candidates, the
// exact test decides.
double marginFor(const std::array<Eigen::Vector3d, 3>& p, const Pose& pose) {
  double m = pose.t.norm();
  for (const auto& q : p) m = std::max(m, q.cwiseAbs().maxCoeff());
  return 1e-9 * m + 1e-300;
}

}  // namespace

std::unique_ptr<isect::TriangleBoxTree> treeTriangleBoxes(const Mesh& mesh, const std::vector<uint32_t>& dropped) {
  std::vector<isect::Corners> corners;
  std::vector<uint32_t> ids;
  size_t d = 0;  // dropped is ascending
  for (uint32_t t = 0; t < mesh.tris.size(); ++t) {
    if (d < dropped.size() && dropped[d] == t) {
      ++d;
      continue;
    }
    isect::Corners c;
    for (int k = 0; k < 3; ++k) {
      const auto& v = mesh.vertices[mesh.tris[t][k]];
      for (int j = 0; j < 3; ++j) c[3 * k + j] = v[j];
    }
    corners.push_back(c);
    ids.push_back(t);
  }
  return std::make_unique<isect::TriangleBoxTree>(corners, std::move(ids));
}

std::vector<TriPair> droppedTriangleContacts(const BoardObject& a, const isect::TriangleBoxTree& boxes_a, const BoardObject& b,
                                             const isect::TriangleBoxTree& boxes_b, const Pose& pose, bool first) {
  const Mesh& ma = *a.mesh;
  const Mesh& mb = *b.mesh;
  std::vector<TriPair> out;
  const auto test = [&](uint32_t ta, uint32_t tb) {
    if (exactTrianglesIntersect(ma, ta, mb, tb, pose)) out.emplace_back(ta, tb);
  };
  // B's dropped triangles' boxes in B's frame, for A's dropped ones.
  std::vector<Box> dropped_b_boxes;
  for (uint32_t tb : b.dropped) {
    const std::array<Eigen::Vector3d, 3> p{corner(mb, tb, 0), corner(mb, tb, 1), corner(mb, tb, 2)};
    dropped_b_boxes.push_back(boxOf(p, 0));
  }
  // A's dropped triangles, moved by the pose into B's frame: B's tree triangles and B's
  // dropped ones in their box.
  for (uint32_t ta : a.dropped) {
    std::array<Eigen::Vector3d, 3> p;
    for (int k = 0; k < 3; ++k) p[k] = pose.R * corner(ma, ta, k) + pose.t;
    const Box box = boxOf(p, marginFor(p, pose));
    for (uint32_t tb : boxes_b.meeting(box[0], box[1])) test(ta, tb);
    for (size_t i = 0; i < b.dropped.size(); ++i) {
      if (overlap(box, dropped_b_boxes[i])) test(ta, b.dropped[i]);
    }
  }
  // B's dropped triangles, moved by the inverse pose into A's frame: A's tree triangles in
  // their box (A's dropped ones were met above).
  const Eigen::Matrix3d r_inv = pose.R.inverse();
  const Eigen::Vector3d t_inv = -(r_inv * pose.t);
  for (uint32_t tb : b.dropped) {
    std::array<Eigen::Vector3d, 3> p;
    for (int k = 0; k < 3; ++k) p[k] = r_inv * corner(mb, tb, k) + t_inv;
    const Box box = boxOf(p, marginFor(p, pose));
    for (uint32_t ta : boxes_a.meeting(box[0], box[1])) test(ta, tb);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (first && out.size() > 1) out.resize(1);
  return out;
}

}  // namespace cc
