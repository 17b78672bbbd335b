// Mesh input: real formats through assimp, face order and fanning, and every bad input
// named in the issue gets its own clear error.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "cc/mesh.h"
#include "cc/tree.h"

namespace {

std::string writeTemp(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / "cc_test_mesh";
  std::filesystem::create_directories(dir);
  const auto p = (dir / name).string();
  std::ofstream(p) << text;
  return p;
}

// `fragment` may list alternatives separated by '|' (assimp words some errors itself).
void expectError(const std::string& path, const std::string& fragment) {
  try {
    cc::loadMesh(path);
    FAIL() << "no error for " << path;
  } catch (const cc::MeshError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(path), std::string::npos) << msg;
    bool found = false;
    size_t start = 0;
    for (;;) {
      const size_t bar = fragment.find('|', start);
      found |= msg.find(fragment.substr(start, bar - start)) != std::string::npos;
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
    EXPECT_TRUE(found) << msg;
  }
}

}  // namespace

TEST(Mesh, OffPolygonsAreFannedInFileOrder) {
  const auto p = writeTemp("quad.off", "OFF\n5 2 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n0 0 1\n4 0 1 2 3\n3 0 1 4\n");
  const cc::Mesh m = cc::loadMesh(p);
  ASSERT_EQ(m.tris.size(), 3u);
  EXPECT_EQ(m.tris[0], (cc::Tri{0, 1, 2}));
  EXPECT_EQ(m.tris[1], (cc::Tri{0, 2, 3}));
  EXPECT_EQ(m.tris[2], (cc::Tri{0, 1, 4}));
}

TEST(Mesh, ObjPlyStlAreRead) {
  const auto obj = writeTemp("t.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n");
  EXPECT_EQ(cc::loadMesh(obj).tris.size(), 2u);
  const auto ply = writeTemp("t.ply",
                             "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\nproperty float z\n"
                             "element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n");
  const cc::Mesh mp = cc::loadMesh(ply);
  ASSERT_EQ(mp.tris.size(), 2u);
  EXPECT_EQ(mp.vertices[mp.tris[1][2]], (cc::Vec3f{0, 1, 0}));
  const auto stl = writeTemp("t.stl",
                             "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\n"
                             "facet normal 0 0 1\nouter loop\nvertex 1 0 0\nvertex 1 1 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n");
  const cc::Mesh ms = cc::loadMesh(stl);
  ASSERT_EQ(ms.tris.size(), 2u);
  EXPECT_EQ(ms.vertices[ms.tris[1][0]], (cc::Vec3f{1, 0, 0}));
}

TEST(Mesh, BadInputsAreNamed) {
  expectError("/nonexistent/bunny.off", "no such file");
  expectError(writeTemp("x.xyz", "1 2 3\n"), "unknown mesh format");
  expectError(writeTemp("empty.off", "OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n"), "no triangles|no valid faces");
  expectError(writeTemp("nan.off", "OFF\n3 1 0\n0 0 0\nnan 0 0\n0 1 0\n3 0 1 2\n"), "NaN or infinite");
  expectError(writeTemp("inf.off", "OFF\n3 1 0\n0 0 0\ninf 0 0\n0 1 0\n3 0 1 2\n"), "NaN or infinite");
  expectError(writeTemp("range.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 7\n"), "references vertex 7");
  expectError(writeTemp("trunc.off", "OFF\n3 2 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n"), "ends at face 1");
  expectError(writeTemp("garbage.obj", "this is not a mesh\n"), "");
}

TEST(Mesh, DegenerateTrianglesAreLeftOutAndCounted) {
  cc::Mesh m;
  m.name = "degenerate";
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}, {0, 0, 1}};
  m.tris = {{0, 1, 2}, {0, 1, 3}, {0, 0, 4}, {0, 2, 4}};  // ids 1 and 2 have zero area
  const cc::DopTree t = cc::buildTree(m, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  EXPECT_EQ(t.degenerate_dropped, 2u);
  std::vector<int> leaves;
  for (const auto& n : t.nodes) if (n.leaf()) leaves.push_back(n.tri);
  std::sort(leaves.begin(), leaves.end());
  EXPECT_EQ(leaves, (std::vector<int>{0, 3}));  // ids are kept, not renumbered
  m.tris = {{0, 1, 3}};
  EXPECT_THROW(cc::buildTree(m, cc::zachmannDirections(), cc::SplitRule::Median), cc::MeshError);
}

TEST(Mesh, NormalizeFitsTheUnitBox) {
  cc::Mesh m = cc::makeTorus(3.0f, 1.0f, 24, 12);
  for (auto& v : m.vertices) v[0] += 10;
  cc::normalizeMesh(m);
  float lo[3] = {1e9, 1e9, 1e9}, hi[3] = {-1e9, -1e9, -1e9};
  for (const auto& v : m.vertices) for (int a = 0; a < 3; ++a) { lo[a] = std::min(lo[a], v[a]); hi[a] = std::max(hi[a], v[a]); }
  EXPECT_NEAR(hi[0] - lo[0], 1.0, 1e-6);
  EXPECT_NEAR(hi[0] + lo[0], 0.0, 1e-6);
  EXPECT_NEAR(hi[2] - lo[2], 0.25, 1e-6);
}

TEST(Mesh, RealMeshesLoad) {
  const std::string p = std::string(CC_MESH_DIR) + "/bunny00.off";
  if (!std::filesystem::exists(p)) GTEST_SKIP() << "run 'make meshes' first";
  const cc::Mesh m = cc::loadMesh(p);
  EXPECT_GT(m.tris.size(), 70000u);
}
