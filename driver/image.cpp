#include "cc/image.h"

#include <cstring>
#include <deque>
#include <stdexcept>

#include "cc/pose.h"
#include "cc/tri_matrix.h"

namespace cc {

using namespace layout;

uint64_t objectImageBytes(const DopTree& tree) {
  const uint64_t leaves = (tree.nodes.size() + 1) / 2;
  const uint64_t pairs = 1 + (tree.nodes.size() - 1) / 2;
  return pairs * kPairBytes + leaves * kTriBytes;
}

namespace {

void put32(std::vector<uint8_t>& b, uint64_t off, uint32_t v) { std::memcpy(&b[off], &v, 4); }
void putFloat(std::vector<uint8_t>& b, uint64_t off, float v) { std::memcpy(&b[off], &v, 4); }

}  // namespace

ObjectImage buildObjectImage(const DopTree& tree, const Mesh& mesh, uint32_t base) {
  if (base == 0 || base % kPairBytes != 0) throw std::invalid_argument("image base must be non-zero and 256-byte aligned");
  const uint64_t size = objectImageBytes(tree);
  if (base + size > kBoardMemoryBytes) throw std::invalid_argument("object image does not fit below 4 GiB");

  ObjectImage img;
  img.base = base;
  img.bytes.assign(size, 0);

  // Assign pair addresses breadth first: pair 0 holds the root, then every inner node's
  // children get the next pair in the order the inner nodes are reached.
  std::vector<uint32_t> addr(tree.nodes.size());  // node -> its node address
  std::vector<uint32_t> child_pair(tree.nodes.size(), 0);
  uint32_t next_pair = 0;
  addr[0] = base;
  ++next_pair;
  std::deque<int32_t> queue{0};
  std::vector<int32_t> leaves;
  while (!queue.empty()) {
    const int32_t n = queue.front();
    queue.pop_front();
    const TreeNode& node = tree.nodes[n];
    if (node.leaf()) { leaves.push_back(n); continue; }
    const uint32_t pair = base + next_pair++ * kPairBytes;
    child_pair[n] = pair;
    addr[node.child[0]] = pair;
    addr[node.child[1]] = pair + kNodeBytes;
    queue.push_back(node.child[0]);
    queue.push_back(node.child[1]);
  }
  const uint32_t tri_base = base + next_pair * kPairBytes;
  std::vector<uint32_t> tri_addr(tree.nodes.size(), 0);
  const double radius = meshRadius(mesh);  // the object's radius of the error bounds
  for (size_t i = 0; i < leaves.size(); ++i) tri_addr[leaves[i]] = tri_base + static_cast<uint32_t>(i) * kTriBytes;

  for (size_t n = 0; n < tree.nodes.size(); ++n) {
    const TreeNode& node = tree.nodes[n];
    const uint64_t off = addr[n] - base;
    for (int i = 0; i < kDopK; ++i) putFloat(img.bytes, off + kNodeDop + 4 * i, node.dop[i]);
    put32(img.bytes, off + kNodeFlags, kFlagValid | (node.leaf() ? kFlagLeaf : 0));
    put32(img.bytes, off + kNodePtr, node.leaf() ? tri_addr[n] : child_pair[n]);
    put32(img.bytes, off + kNodeTriId, node.leaf() ? static_cast<uint32_t>(node.tri) : 0);
    if (!node.leaf()) continue;
    const uint64_t toff = tri_addr[n] - base;
    const Tri& t = mesh.tris[node.tri];
    Vec3d v[3];
    for (int k = 0; k < 3; ++k) {
      const Vec3f& p = mesh.vertices[t[k]];
      for (int c = 0; c < 3; ++c) putFloat(img.bytes, toff + kTriVerts + 4 * (3 * k + c), p[c]);
      v[k] = {p[0], p[1], p[2]};
    }
    const auto m = unitTriangleMatrix(v[0], v[1], v[2]);
    if (!m) throw std::logic_error("tree leaf holds a degenerate triangle");
    for (int i = 0; i < 12; ++i) putFloat(img.bytes, toff + kTriMatrix + 4 * i, (*m)[i]);
    put32(img.bytes, toff + kTriId, static_cast<uint32_t>(node.tri));
    put32(img.bytes, toff + kTriErrExp, static_cast<uint32_t>(triErrExp(*m, v[0], v[1], v[2], radius)));
    const LeafPlaneWords plane = leafPlaneOf({Eigen::Vector3d(v[0][0], v[0][1], v[0][2]), Eigen::Vector3d(v[1][0], v[1][1], v[1][2]),
                                              Eigen::Vector3d(v[2][0], v[2][1], v[2][2])},
                                             tree.dirs);
    put32(img.bytes, off + kNodePlaneSel, plane.sel);
    putFloat(img.bytes, off + kNodePlaneC1, plane.c1);
    putFloat(img.bytes, off + kNodePlaneC2, plane.c2);
    putFloat(img.bytes, off + kNodePlaneLo, plane.lo);
    putFloat(img.bytes, off + kNodePlaneHi, plane.hi);
  }
  img.root_pair = base;
  img.pairs = next_pair;
  img.tris = static_cast<uint32_t>(leaves.size());
  return img;
}

std::vector<DecodedNode> readObjectImage(const BoardMemory& mem, uint32_t root_pair) {
  std::vector<DecodedNode> out;
  std::deque<std::pair<uint32_t, int32_t>> queue{{root_pair, -1}};  // node address, parent slot
  std::vector<std::pair<int32_t, int>> links;                          // (parent, which child)
  while (!queue.empty()) {
    const auto [a, parent] = queue.front();
    queue.pop_front();
    DecodedNode d{};
    for (int i = 0; i < kDopK; ++i) d.dop[i] = mem.readFloat(a + kNodeDop + 4 * i);
    const uint32_t flags = mem.read32(a + kNodeFlags);
    if (!(flags & kFlagValid)) throw std::runtime_error("image node without VALID flag");
    d.leaf = flags & kFlagLeaf;
    const uint32_t ptr = mem.read32(a + kNodePtr);
    const int32_t me = static_cast<int32_t>(out.size());
    if (parent >= 0) {
      DecodedNode& p = out[parent];
      p.child[p.child[0] < 0 ? 0 : 1] = me;
    }
    if (d.leaf) {
      d.tri_id = mem.read32(a + kNodeTriId);
      for (int i = 0; i < 9; ++i) d.tri.v[i] = mem.readFloat(ptr + kTriVerts + 4 * i);
      for (int i = 0; i < 12; ++i) d.tri.m[i] = mem.readFloat(ptr + kTriMatrix + 4 * i);
      d.tri.id = mem.read32(ptr + kTriId);
    } else {
      queue.push_back({ptr, me});
      queue.push_back({ptr + kNodeBytes, me});
    }
    out.push_back(d);
  }
  return out;
}

}  // namespace cc
