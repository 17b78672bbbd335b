// Polyhedra as the CCD sees them: triangles (convex polygons, §2) with shared edges, the
// per-edge data of §3-4 (Plücker line, expel offset, internal flag) and an AABB tree.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cc/ccd/bvh.h"
#include "cc/ccd/primitives.h"

namespace cc {
struct Mesh;  // model/mesh/cc/mesh.h
}

namespace cc::ccd {

struct Edge {
  std::array<int, 2> v{};         // v[0] < v[1]; the stored line runs v[0] -> v[1]
  std::array<int, 2> f{-1, -1};   // neighbouring triangles (f[1] = -1: dangling edge)
  bool internal = false;          // the two triangles face each other (§4): never hit
  bool nonmanifold = false;       // more than two triangles: f holds the first two
};

struct CcdMesh {
  std::string name;
  std::vector<Vec3> verts;                         // object frame
  std::vector<std::array<int, 3>> tris;            // counter-clockwise seen from outside
  std::vector<int> source_tri;                     // index of the triangle in the input
  std::vector<std::array<int, 3>> tri_edge;        // edge of side i: tris[t][i] -> tris[t][i+1]
  std::vector<std::array<int8_t, 3>> tri_edge_sign;  // +1: side runs like the stored line
  std::vector<Edge> edges;
  std::vector<Plane> planes;                       // per triangle, object frame
  std::vector<Line> lines;                         // per edge, object frame
  std::vector<Vec3> expel_dir;                     // per edge: expel offset w for e = 1
  std::vector<char> vert_active;                   // false: all its edges are internal
  size_t dropped_degenerate = 0;
  size_t internal_edges = 0;
  Bvh bvh;                                         // over tris, object frame
};

// Clamp of the expel line offset at sharp edges, in units of e (§3.5).
constexpr double kExpelMaxScale = 4.0;

// Builds edges, planes, lines, flags and the tree. Degenerate (zero-area) triangles are
// dropped and counted. Throws std::invalid_argument for non-finite coordinates, an index
// out of range, or a mesh without any usable triangle.
CcdMesh buildCcdMesh(std::string name, std::vector<Vec3> verts, const std::vector<std::array<int, 3>>& tris);

// From the driver's float mesh (loadMesh, makeSphere, ...).
CcdMesh fromDriverMesh(const cc::Mesh& mesh);

}  // namespace cc::ccd
