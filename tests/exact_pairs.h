// An oracle for a whole scene that shares nothing with the chip: every pair of triangles
// whose bounding boxes meet (sort and sweep along x, boxes of A's vertices moved by the pose
// in double, the exact reference's coordinates) decided by CGAL. Include as
// "../exact_pairs.h"; link cc_driver.
#pragma once
#include <algorithm>
#include <array>
#include <set>
#include <vector>

#include "cc/driver.h"
#include "cc/exact.h"

namespace cc::testutil {

// Calls f(i, j) for every triangle i of A (at the pose) and j of B whose boxes meet.
template <class F>
void forPairsWithMeetingBoxes(const Mesh& a, const Mesh& b, const Pose& pose, F&& f) {
  using Box = std::array<double, 6>;
  const auto boxes = [](const Mesh& m, const Pose* p) {
    std::vector<Box> out;
    for (const auto& t : m.tris) {
      Box x{1e300, 1e300, 1e300, -1e300, -1e300, -1e300};
      for (uint32_t k : t) {
        Eigen::Vector3d q(m.vertices[k][0], m.vertices[k][1], m.vertices[k][2]);
        if (p) q = p->R * q + p->t;
        for (int c = 0; c < 3; ++c) x[c] = std::min(x[c], q[c]), x[3 + c] = std::max(x[3 + c], q[c]);
      }
      out.push_back(x);
    }
    return out;
  };
  const std::vector<Box> ba = boxes(a, &pose), bb = boxes(b, nullptr);
  std::vector<uint32_t> ob(bb.size());
  for (uint32_t j = 0; j < ob.size(); ++j) ob[j] = j;
  std::sort(ob.begin(), ob.end(), [&](uint32_t x, uint32_t y) { return bb[x][0] < bb[y][0]; });
  for (uint32_t i = 0; i < ba.size(); ++i) {
    // B's boxes starting at or before A's box ends, in x order; keep those that meet.
    const auto end = std::upper_bound(ob.begin(), ob.end(), ba[i][3], [&](double v, uint32_t j) { return v < bb[j][0]; });
    for (auto it = ob.begin(); it != end; ++it) {
      const Box& y = bb[*it];
      if (y[3] < ba[i][0] || y[4] < ba[i][1] || ba[i][4] < y[1] || y[5] < ba[i][2] || ba[i][5] < y[2]) continue;
      f(i, *it);
    }
  }
}

inline std::set<TriPair> exactPairs(const Mesh& a, const Mesh& b, const Pose& pose) {
  std::set<TriPair> out;
  forPairsWithMeetingBoxes(a, b, pose, [&](uint32_t i, uint32_t j) {
    if (exactTrianglesIntersect(a, i, b, j, pose)) out.insert({i, j});
  });
  return out;
}

}  // namespace cc::testutil
