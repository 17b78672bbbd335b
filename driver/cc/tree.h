// Top-down DOP-tree builder: one triangle per leaf, every node (inner or leaf) carries the
// 24-DOP of its triangles (a deviation from the paper: leaves keep DOPs too; see
// docs/memory_image.md).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cc/dop.h"
#include "cc/mesh.h"

namespace cc {

// Split rules (docs/trees.md compares them):
//  median     split the triangles at the median centroid along the direction in which
//             the centroids spread widest;
//  meanwidth  try 16 bins along each of the 12 directions and take the split that
//             minimises n_L*w(L) + n_R*w(R), w = sum of the DOP's 12 slab widths (its mean
//             width up to a constant); each side keeps at least a quarter of the triangles
//             so the depth stays below log_{4/3} n (the traversal stack is finite).
enum class SplitRule { Median, MeanWidth };
SplitRule splitRuleByName(const std::string& name);  // "median" | "meanwidth"

struct TreeNode {
  Dop dop;
  int32_t child[2] = {-1, -1};  // inner node: indices into DopTree::nodes
  int32_t tri = -1;             // leaf: triangle id in the mesh
  bool leaf() const { return tri >= 0; }
};

struct DopTree {
  std::vector<TreeNode> nodes;  // nodes[0] is the root
  Directions dirs{};
  // Triangles without a unit-triangle matrix (zero area, needles, docs/trees.md): not in the
  // tree; the driver decides their pairs on the host (Driver::query).
  std::vector<uint32_t> dropped;
  int depth = 0;                  // levels below the root
};

// Throws MeshError if no triangle of the mesh is usable.
DopTree buildTree(const Mesh& mesh, const Directions& dirs, SplitRule rule);

// The DOP of one triangle (what its leaf holds).
Dop triangleDop(const Mesh& mesh, uint32_t tri, const Directions& dirs);

}  // namespace cc
