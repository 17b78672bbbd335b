// The software reference of the paper's "time in SW" column: the classical simultaneous
// recursive traversal of both DOP trees in double precision. Every visited pair
// transforms A's DOP again (the penalty the chip's list traversal avoids); leaf pairs run
// the unit-triangle test of Eq. 4 in double.
#pragma once
#include <cstdint>
#include <vector>

#include "cc/driver.h"
#include "cc/pose.h"
#include "cc/tree.h"
#include "cc/tri_matrix.h"

namespace cc {

struct SwResult {
  std::vector<TriPair> pairs;
  uint64_t dop_transforms = 0;
  uint64_t overlap_tests = 0;
  uint64_t triangle_tests = 0;
};

// Precomputed per object: the double unit-triangle matrices.
struct SwObject {
  const DopTree* tree;
  const Mesh* mesh;
  std::vector<TriMatrixD> m;  // by triangle id (zero for degenerate ones, never used)
};
SwObject makeSwObject(const DopTree& tree, const Mesh& mesh);

SwResult swCollide(const SwObject& a, const SwObject& b, const Pose& pose, QueryMode mode);

// Eq. 4 in double for triangle ta of A (moved by pose) against tb of B, both directions,
// with the same tie rules as the chip's test.
bool swTriangleTest(const SwObject& a, uint32_t ta, const SwObject& b, uint32_t tb, const Pose& pose);

}  // namespace cc
