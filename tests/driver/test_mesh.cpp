// Mesh input: real formats through assimp, face order and fanning, and every bad input
// named in the issue gets its own clear error.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "cc/mesh.h"
#include "cc/tree.h"
#include "../test_util.h"

namespace {

std::string writeTemp(const std::string& name, const std::string& text) {
  const auto dir = cc::testutil::testTempDir();
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

// OBJ, PLY and STL are read in float (assimp), so a mesh far from the origin for its size
// lost its shape before --normalize could centre it: refused, in the file's own units and
// after normalizing alike, naming OFF; near the origin (or scaled down by a power of two,
// which rounding does not notice) it passes. A subnormal scale is refused too.
TEST(Mesh, MeshReadInFloatIsJudgedByItsReading) {
  const std::string tet = "f 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n";
  const auto far = writeTemp("far.obj", "v 1e7 0 0\nv 10000001 0 0\nv 1e7 1 0\nv 1e7 0 1\n" + tet);
  cc::Mesh m = cc::loadMesh(far);
  try {
    cc::checkFloatShape(m);
    ADD_FAILURE() << "a mesh of size 1 at 1e7 read in float passed";
  } catch (const cc::MeshError& e) {
    EXPECT_NE(std::string(e.what()).find("convert it to OFF"), std::string::npos) << e.what();
  }
  cc::normalizeMesh(m);
  EXPECT_THROW(cc::checkFloatShape(m), cc::MeshError);
  const auto tiny = writeTemp("tiny.obj", "v 0 0 0\nv 1e-42 0 0\nv 0 1e-42 0\nv 0 0 1e-42\n" + tet);
  EXPECT_THROW(cc::checkFloatShape(cc::loadMesh(tiny)), cc::MeshError);
  const auto near = writeTemp("near.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n" + tet);
  cc::Mesh n = cc::loadMesh(near);
  EXPECT_NO_THROW(cc::checkFloatShape(n));
  cc::scaleMeshPow2(n, -100);
  EXPECT_NO_THROW(cc::checkFloatShape(n));
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
  EXPECT_EQ(t.dropped.size(), 2u);
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

// assimp loops forever on a PLY header without end_header: the loader checks the header
// (and the body against it) first, so these are errors naming the file, not hangs.
TEST(Mesh, MalformedPlyIsAnErrorNotAHang) {
  expectError(writeTemp("noend.ply", "ply\nformat ascii 1.0\n"), "no 'end_header'");
  const std::string vertex = "element vertex 3\nproperty float x\nproperty float y\nproperty float z\n";
  const std::string face = "element face 1\nproperty list uchar int vertex_indices\n";
  expectError(writeTemp("noformat.ply", "ply\n" + vertex + "end_header\n0 0 0\n1 0 0\n0 1 0\n"), "no 'format' line");
  expectError(writeTemp("count.ply", "ply\nformat ascii 1.0\nelement vertex abc\nend_header\n"), ":3: element 'vertex' count 'abc'");
  const std::string head = "ply\nformat ascii 1.0\n" + vertex + face + "end_header\n";
  expectError(writeTemp("short.ply", head + "0 0 0\n1 0 0\n"), "file ends inside element 'vertex' 2 of 3");
  expectError(writeTemp("shortface.ply", head + "0 0 0\n1 0 0\n0 1 0\n3 0 1\n"), "file ends inside element 'face' 0 of 1");
  expectError(writeTemp("floatidx.ply", head + "0 0 0\n1 0 0\n0 1 0\n3 0 1.5 2\n"), ":13: element 'face' 0 of 1: '1.5' is not an integer");
  expectError(writeTemp("extra.ply", head + "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n3 0 1 2\n"), ":14: data after the last element");
  EXPECT_EQ(cc::loadMesh(writeTemp("good.ply", head + "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n")).tris.size(), 1u);
}

// An n-gon gives n-2 triangles (v0, vi, vi+1) at its place in the file, whatever n is
// (assimp's OFF reader dropped faces of 10 or more vertices).
TEST(Mesh, OffPolygonsOfAnySizeAreFanned) {
  std::string off = "OFF\n115 3 0\n";
  for (int i = 0; i < 112; ++i) {  // a 12-gon on vertices 0..11, a 100-gon on 12..111
    const double a = 2 * std::acos(-1.0) * (i < 12 ? i / 12.0 : (i - 12) / 100.0);
    off += std::to_string(std::cos(a)) + " " + std::to_string(std::sin(a)) + " " + (i < 12 ? "0" : "1") + "\n";
  }
  off += "0 0 2\n1 0 2\n0 1 2\n";  // the triangle's vertices 112..114
  std::string g12 = "12", g100 = "100";
  for (int i = 0; i < 12; ++i) g12 += " " + std::to_string(i);
  for (int i = 12; i < 112; ++i) g100 += " " + std::to_string(i);
  const cc::Mesh m = cc::loadMesh(writeTemp("ngons.off", off + g12 + "\n" + g100 + "\n3 112 113 114\n"));
  ASSERT_EQ(m.tris.size(), 10u + 98u + 1u);
  EXPECT_EQ(m.tris[0], (cc::Tri{0, 1, 2}));
  EXPECT_EQ(m.tris[9], (cc::Tri{0, 10, 11}));
  EXPECT_EQ(m.tris[10], (cc::Tri{12, 13, 14}));
  EXPECT_EQ(m.tris[107], (cc::Tri{12, 110, 111}));
  EXPECT_EQ(m.tris[108], (cc::Tri{112, 113, 114}));
  // A file holding only a 100-gon is 98 triangles, not "no triangles".
  std::string only = "OFF\n100 1 0\n", face = "100";
  for (int i = 0; i < 100; ++i) {
    const double a = 2 * std::acos(-1.0) * i / 100.0;
    only += std::to_string(std::cos(a)) + " " + std::to_string(std::sin(a)) + " 0\n";
    face += " " + std::to_string(i);
  }
  const cc::Mesh g = cc::loadMesh(writeTemp("g100.off", only + face + "\n"));
  ASSERT_EQ(g.tris.size(), 98u);
  EXPECT_EQ(g.tris[97], (cc::Tri{0, 98, 99}));
}

// COFF carries a colour per vertex (and maybe per face), NOFF a normal: the position is
// the first three numbers either way.
TEST(Mesh, CoffAndNoffAreRead) {
  const cc::Mesh c = cc::loadMesh(writeTemp("c.off",
                                            "# colours\nCOFF\n4 2 0\n0 0 0 255 0 0 255 #red\n1 0 0 0.9 0 0\n1 1 0 0 1 0 1\n"
                                            "0 1 0 7\n3 0 1 2 0.5 0.5 0.5\n3 0 2 3\n"));
  ASSERT_EQ(c.tris.size(), 2u);
  EXPECT_EQ(c.vertices[2], (cc::Vec3f{1, 1, 0}));
  EXPECT_EQ(c.tris[1], (cc::Tri{0, 2, 3}));
  const cc::Mesh n = cc::loadMesh(writeTemp("n.off", "NOFF\n3 1 0\n0 0 0 0 0 1\n1 0 0 0 0 1\n0 1 0 0 0 1\n3 0 1 2\n"));
  ASSERT_EQ(n.tris.size(), 1u);
  EXPECT_EQ(n.vertices[1], (cc::Vec3f{1, 0, 0}));
  // Without the C a colour is an error, not a shifted vertex.
  expectError(writeTemp("undeclared.off", "OFF\n3 1 0\n0 0 0 1 0 0\n1 0 0\n0 1 0\n3 0 1 2\n"),
              ":3: vertex 0 has 6 numbers, expected 3 (a colour needs the COFF header)");
}

// Garbage the old loader read as something: every case an error naming file and line.
TEST(Mesh, OffGarbageIsRejectedWithTheLine) {
  const std::string v = "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n";
  expectError(writeTemp("abc.off", v + "3 0 abc 2\n"), ":6: face 0: vertex index 'abc' is not a non-negative integer");
  expectError(writeTemp("float.off", v + "3 0 1.5 2\n"), ":6: face 0: vertex index '1.5'");
  expectError(writeTemp("negidx.off", v + "3 0 -1 2\n"), ":6: face 0: vertex index '-1'");
  expectError(writeTemp("negcount.off", v + "-3 0 1 2\n"), ":6: face 0: vertex count must be positive, got -3");
  expectError(writeTemp("zerocount.off", v + "0\n"), ":6: face 0: vertex count must be positive, got 0");
  expectError(writeTemp("fcount.off", v + "3.0 0 1 2\n"), ":6: face 0: vertex count '3.0' is not an integer");
  expectError(writeTemp("short.off", v + "4 0 1 2\n"), ":6: face 0 has 3 of its 4 vertex indices");
  expectError(writeTemp("fewer.off", "OFF\n3 3 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n# the rest is missing\n"),
              "ends at face 1, the header says 3 faces");
  expectError(writeTemp("more.off", v + "3 0 1 2\n3 2 1 0\n"), ":7: data after the last of the 1 faces");
  expectError(writeTemp("vx.off", "OFF\n3 1 0\n0 0 0\n1 x 0\n0 1 0\n3 0 1 2\n"), ":4: vertex 1: 'x' is not a number");
  expectError(writeTemp("hdr.off", "OFF\nthree 1 0\n"), ":2: vertex count 'three' is not a non-negative integer");
  expectError(writeTemp("nohdr.off", "MESH\n3 1 0\n"), ":1: not an OFF file");
  // Comments and blank lines between faces are not faces.
  EXPECT_EQ(cc::loadMesh(writeTemp("comments.off", v + "\n# faces\n3 0 1 2 # one\n\n")).tris.size(), 1u);
}
