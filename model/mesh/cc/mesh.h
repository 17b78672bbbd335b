// Triangle meshes as the host programs read them: vertex positions in float (what the chip will
// hold), the positions as read in double beside them, and triangles in input order. A triangle's id is its index in `tris` and never
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
using Vec3dArr = std::array<double, 3>;
using Tri = std::array<uint32_t, 3>;

struct Mesh {
  std::string name;  // file name or generator description, for messages
  std::vector<Vec3f> vertices;
  std::vector<Tri> tris;
  // The positions as read, in double (OFF keeps every digit; assimp's formats give float's);
  // vertices[i] is vertices_d[i] rounded to float. normalizeMesh works on these, so a mesh
  // far from the origin keeps its shape; empty for generated meshes. Code that changes
  // `vertices` without them is noticed (the two no longer agree) and they are then ignored.
  // Last, after what every mesh has.
  std::vector<Vec3dArr> vertices_d;
  // A file assimp reads (OBJ, PLY, STL) gives its coordinates in float: the largest |x|
  // and the bounding box's largest side as read (0 for OFF and generated meshes), so the
  // rounding that happened before any code of ours saw the mesh can be judged
  // (checkFloatShape), whatever scaling comes after.
  double float_read_far = 0, float_read_size = 0;
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

// The largest side of the mesh's bounding box, from the coordinates as read (vertices_d)
// when it has them: its size, the scale the input rules compare errors with.
double meshSize(const Mesh& mesh);

// Scales uniformly so the largest side of the bounding box is 1 and centres the box at
// the origin (collide --normalize), in double from vertices_d when the mesh has them, then
// rounds once to float.
void normalizeMesh(Mesh& mesh);

// The input rule for float (docs/driver.md, "Input rules"): rounding the coordinates to
// float (the chip's format) may move a vertex by at most 2^-12 of the mesh's size (the
// largest side of its bounding box); a mesh far from the origin for its size breaks it
// (a sphere of radius 1 at 1e7: float moves its vertices by up to 0.5). Throws MeshError
// naming the mesh, the distance, the size and the cure (--normalize centres it in double).
// Meshes without vertices_d pass. A mesh read in float (float_read_size > 0) is judged by
// the rounding its reading may have done, half a float step at its largest coordinate,
// which --normalize cannot undo (the cure is OFF, read in double). buildTree calls it.
void checkFloatShape(const Mesh& mesh);

// Multiplies every coordinate by 2^k (exact in float and double while in range): the same
// scene at another scale, every intersection answer unchanged.
void scaleMeshPow2(Mesh& mesh, int k);

// Procedural meshes for tests.
Mesh makeSphere(float radius, int stacks, int slices);
Mesh makeTorus(float major, float minor, int rings, int sides);
Mesh makeHeightField(int nx, int ny, float size, float amplitude, uint32_t seed);

}  // namespace cc
