// DOP trees and the board image: every node's DOP encloses its subtree, pairs are
// 256-byte aligned, and the image reads back as the tree it was written from.
#include <gtest/gtest.h>

#include <filesystem>

#include "cc/image.h"
#include "cc/tri_matrix.h"

namespace {

using cc::layout::kDopDirs;

// Checks in long double that every vertex of node n's subtree lies inside its DOP.
void checkEnclosure(const cc::DopTree& t, const cc::Mesh& m, int32_t n, std::vector<uint32_t>& verts_out) {
  const cc::TreeNode& node = t.nodes[n];
  std::vector<uint32_t> verts;
  if (node.leaf()) {
    for (uint32_t v : m.tris[node.tri]) verts.push_back(v);
  } else {
    for (int c = 0; c < 2; ++c) {
      const cc::TreeNode& ch = t.nodes[node.child[c]];
      for (int i = 0; i < cc::layout::kDopK; ++i) {
        // Parent = union of the children: each child bound lies inside the parent's.
        if (i < kDopDirs) ASSERT_LE(node.dop[i], ch.dop[i]); else ASSERT_GE(node.dop[i], ch.dop[i]);
      }
      checkEnclosure(t, m, node.child[c], verts);
    }
  }
  for (uint32_t v : verts) {
    const auto& p = m.vertices[v];
    for (int i = 0; i < kDopDirs; ++i) {
      const long double s = (long double)t.dirs[i][0] * p[0] + (long double)t.dirs[i][1] * p[1] + (long double)t.dirs[i][2] * p[2];
      ASSERT_LE((long double)node.dop[i], s) << "node " << n << " slab " << i;
      ASSERT_GE((long double)node.dop[kDopDirs + i], s) << "node " << n << " slab " << i;
    }
  }
  verts_out.insert(verts_out.end(), verts.begin(), verts.end());
}

// Walks the decoded image and the tree together.
void compare(const cc::DopTree& t, const cc::Mesh& m, int32_t n, const std::vector<cc::DecodedNode>& d, int32_t dn) {
  const cc::TreeNode& a = t.nodes[n];
  const cc::DecodedNode& b = d[dn];
  ASSERT_EQ(a.dop, b.dop);
  ASSERT_EQ(a.leaf(), b.leaf);
  if (a.leaf()) {
    ASSERT_EQ(static_cast<uint32_t>(a.tri), b.tri_id);
    ASSERT_EQ(b.tri.id, b.tri_id);
    cc::Vec3d v[3];
    for (int k = 0; k < 3; ++k) {
      const auto& p = m.vertices[m.tris[a.tri][k]];
      for (int c = 0; c < 3; ++c) ASSERT_EQ(b.tri.v[3 * k + c], p[c]);
      v[k] = {p[0], p[1], p[2]};
    }
    ASSERT_EQ(*cc::unitTriangleMatrix(v[0], v[1], v[2]), b.tri.m);
    return;
  }
  compare(t, m, a.child[0], d, b.child[0]);
  compare(t, m, a.child[1], d, b.child[1]);
}

std::vector<cc::Mesh> testMeshes() {
  std::vector<cc::Mesh> ms = {cc::makeSphere(1.0f, 16, 24), cc::makeTorus(1.0f, 0.3f, 32, 12), cc::makeHeightField(20, 20, 2.0f, 0.2f, 7)};
  const std::string p = std::string(CC_MESH_DIR) + "/blade.off";
  if (std::filesystem::exists(p)) ms.push_back(cc::loadMesh(p));
  return ms;
}

}  // namespace

class TreeTest : public ::testing::TestWithParam<cc::SplitRule> {};

TEST_P(TreeTest, EveryNodeEnclosesItsSubtree) {
  for (const auto& m : testMeshes()) {
    const cc::DopTree t = cc::buildTree(m, cc::zachmannDirections(), GetParam());
    EXPECT_EQ(t.nodes.size(), 2 * (m.tris.size() - t.dropped.size()) - 1) << m.name;
    std::vector<uint32_t> all;
    checkEnclosure(t, m, 0, all);
    EXPECT_EQ(all.size(), 3 * (m.tris.size() - t.dropped.size()));
  }
}

TEST_P(TreeTest, ImageRoundTripsAndPairsAreAligned) {
  for (const auto& m : testMeshes()) {
    const cc::DopTree t = cc::buildTree(m, cc::zachmannDirections(), GetParam());
    const cc::ObjectImage img = cc::buildObjectImage(t, m, 0x10000);
    EXPECT_EQ(img.bytes.size(), cc::objectImageBytes(t));
    EXPECT_EQ(img.root_pair % 256, 0u);
    cc::BoardMemory mem;
    mem.write(img.base, img.bytes.data(), img.bytes.size());
    // Every inner node's pointer names a 256-aligned pair inside the image; every leaf's a
    // 128-aligned triangle record.
    for (uint32_t pair = img.base; pair < img.base + img.pairs * 256; pair += 256) {
      for (uint32_t s = 0; s < 2; ++s) {
        const uint32_t flags = mem.read32(pair + 128 * s + cc::layout::kNodeFlags);
        if (!(flags & cc::layout::kFlagValid)) { EXPECT_EQ(pair, img.base); continue; }  // root pair's empty slot
        const uint32_t ptr = mem.read32(pair + 128 * s + cc::layout::kNodePtr);
        EXPECT_EQ(ptr % ((flags & cc::layout::kFlagLeaf) ? 128 : 256), 0u);
        EXPECT_GE(ptr, img.base);
        EXPECT_LT(ptr, img.end());
      }
    }
    const auto decoded = cc::readObjectImage(mem, img.root_pair);
    ASSERT_EQ(decoded.size(), t.nodes.size());
    compare(t, m, 0, decoded, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(SplitRules, TreeTest, ::testing::Values(cc::SplitRule::Median, cc::SplitRule::MeanWidth));

TEST(Image, BadBaseIsRejected) {
  const cc::Mesh m = cc::makeSphere(1, 4, 6);
  const cc::DopTree t = cc::buildTree(m, cc::zachmannDirections(), cc::SplitRule::Median);
  EXPECT_THROW(cc::buildObjectImage(t, m, 0), std::invalid_argument);
  EXPECT_THROW(cc::buildObjectImage(t, m, 0x1080), std::invalid_argument);
  EXPECT_THROW(cc::buildObjectImage(t, m, 0xFFFFFF00u), std::invalid_argument);
}

TEST(TriMatrix, MapsTheTriangleOntoTheUnitTriangle) {
  const cc::Vec3d a{0.3, -1.2, 2.0}, b{1.7, 0.4, 2.5}, c{-0.6, 0.9, 1.1};
  const auto m = cc::unitTriangleMatrixD(a, b, c);
  ASSERT_TRUE(m);
  const auto map = [&](const cc::Vec3d& p, int r) { return (*m)[4 * r] * p[0] + (*m)[4 * r + 1] * p[1] + (*m)[4 * r + 2] * p[2] + (*m)[4 * r + 3]; };
  const double want[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const cc::Vec3d* v[3] = {&a, &b, &c};
  for (int k = 0; k < 3; ++k) for (int r = 0; r < 3; ++r) EXPECT_NEAR(map(*v[k], r), want[k][r], 1e-12);
  EXPECT_FALSE(cc::unitTriangleMatrix(a, b, a));
  // The float matrix is the double one rounded element by element, all 12 of them (a loop
  // converting double arrays to float has been seen miscompiled at -O3 elsewhere).
  const auto f = cc::unitTriangleMatrix(a, b, c);
  ASSERT_TRUE(f);
  for (int i = 0; i < 12; ++i) EXPECT_EQ((*f)[i], static_cast<float>((*m)[i])) << i;
  EXPECT_NE((*f)[11], 0.0f);
}
