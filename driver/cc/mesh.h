// Triangle meshes as the driver sees them: vertex positions in float (what the chip will
// hold) and triangles in input order. A triangle's id is its index in `tris` and never
// changes: faces in file order, a polygon of n vertices fanned (v0, vi, vi+1) into n-2
// triangles in order. Degenerate triangles stay in the mesh (keeping ids stable); the tree
// builder leaves them out and counts them (docs/memory_image.md).
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cc {

using Vec3f = std::array<float, 3>;
using Tri = std::array<uint32_t, 3>;

struct Mesh {
  std::string name;  // file name or generator description, for messages
  std::vector<Vec3f> vertices;
  std::vector<Tri> tris;
};

// Any problem with input geometry: message names the file and the problem.
class MeshError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads OFF (its own reader: OFF, COFF, NOFF, STOFF, 4OFF and nOFF with dimension 3, one
// vertex and one face a line, '#' comments, polygons of any size; faces of 1 or 2
// vertices give no triangle), OBJ, PLY or STL (through assimp, no post-processing that
// could reorder or drop faces; a PLY header and body are checked against each other
// first). Throws MeshError for a missing file, an unknown format, an empty mesh, NaN/Inf
// coordinates, faces referencing missing vertices, and for malformed or truncated OFF and
// PLY files (naming the file and, where there is one, the line: "file:line: problem").
Mesh loadMesh(const std::string& path);

// Throws MeshError (naming mesh.name) if the mesh is empty, has a non-finite coordinate or
// a face index out of range.
void validateMesh(const Mesh& mesh);

// The largest |x| of any vertex (in double): the object's radius the error bounds use.
double meshRadius(const Mesh& mesh);

// Scales uniformly so the largest side of the bounding box is 1 and centres the box at
// the origin (collide --normalize).
void normalizeMesh(Mesh& mesh);

// Procedural meshes for tests.
Mesh makeSphere(float radius, int stacks, int slices);
Mesh makeTorus(float major, float minor, int rings, int sides);
Mesh makeHeightField(int nx, int ny, float size, float amplitude, uint32_t seed);

}  // namespace cc
