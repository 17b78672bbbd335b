// Minimal AABB tree over triangles (object frame), used by the CCD broad phase: the swept
// box of each node of the moving object is tested against the stationary object's tree.
#pragma once
#include <array>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace cc::ccd {

using Box = Eigen::AlignedBox3d;

struct BvhNode {
  Box box;
  int left = -1, right = -1;  // children (inner node)
  int first = 0, count = 0;   // leaf: range in Bvh::items
  bool leaf() const { return left < 0; }
};

struct Bvh {
  std::vector<BvhNode> nodes;  // nodes[0] is the root (empty tree: no nodes)
  std::vector<int> items;      // triangle ids, leaves reference ranges
};

// Median split along the widest axis of the centroids, at most `leaf_size` per leaf.
Bvh buildBvh(const std::vector<Box>& boxes, int leaf_size = 4);

}  // namespace cc::ccd
