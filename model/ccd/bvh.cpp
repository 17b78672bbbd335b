#include "cc/ccd/bvh.h"

#include <algorithm>
#include <numeric>

namespace cc::ccd {
namespace {

int build(Bvh& t, const std::vector<Box>& boxes, std::vector<Eigen::Vector3d>& centre, int first, int count,
          int leaf_size) {
  const int id = static_cast<int>(t.nodes.size());
  t.nodes.emplace_back();
  Box box, cbox;
  for (int i = first; i < first + count; ++i) {
    box.extend(boxes[t.items[i]]);
    cbox.extend(centre[t.items[i]]);
  }
  t.nodes[id].box = box;
  if (count <= leaf_size) {
    t.nodes[id].first = first;
    t.nodes[id].count = count;
    return id;
  }
  int axis;
  cbox.sizes().maxCoeff(&axis);
  const int half = count / 2;
  auto* b = t.items.data() + first;
  std::nth_element(b, b + half, b + count,
                   [&](int x, int y) { return centre[x][axis] < centre[y][axis]; });
  const int l = build(t, boxes, centre, first, half, leaf_size);
  const int r = build(t, boxes, centre, first + half, count - half, leaf_size);
  t.nodes[id].left = l;
  t.nodes[id].right = r;
  return id;
}

}  // namespace

Bvh buildBvh(const std::vector<Box>& boxes, int leaf_size) {
  Bvh t;
  if (boxes.empty()) return t;
  t.items.resize(boxes.size());
  std::iota(t.items.begin(), t.items.end(), 0);
  std::vector<Eigen::Vector3d> centre(boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i) centre[i] = boxes[i].center();
  t.nodes.reserve(2 * boxes.size() / std::max(leaf_size, 1) + 1);
  build(t, boxes, centre, 0, static_cast<int>(boxes.size()), std::max(leaf_size, 1));
  return t;
}

}  // namespace cc::ccd
