#include "cc/mesh.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>

namespace cc {

namespace {

MeshError fail(const std::string& name, const std::string& what) {
  return MeshError(name + ": " + what);
}

// assimp's OFF loader clamps out-of-range face indices instead of failing, so the face
// indices are checked against the file itself: every face line of an OFF file is read
// back here before assimp builds the mesh (cheap next to the import).
void checkOffIndices(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "r");
  if (!f) return;
  auto nextToken = [&](std::string& tok) {
    tok.clear();
    int c;
    while ((c = std::fgetc(f)) != EOF) {
      if (c == '#') { while ((c = std::fgetc(f)) != EOF && c != '\n') {} continue; }
      if (!std::isspace(c)) break;
    }
    if (c == EOF) return false;
    do { tok.push_back(static_cast<char>(c)); } while ((c = std::fgetc(f)) != EOF && !std::isspace(c));
    if (c != EOF) std::ungetc(c, f);  // keep the newline for the end-of-face skip below
    return true;
  };
  std::string tok;
  bool ok = nextToken(tok);
  if (ok && tok.rfind("OFF", std::string::npos) != std::string::npos) ok = nextToken(tok);
  long nv = -1, nf = -1;
  std::string t2, t3;
  if (ok && nextToken(t2) && nextToken(t3)) {
    nv = std::strtol(tok.c_str(), nullptr, 10);
    nf = std::strtol(t2.c_str(), nullptr, 10);
  }
  if (nv < 0 || nf < 0) { std::fclose(f); return; }  // let assimp report the format error
  for (long i = 0; i < 3 * nv; ++i) {
    if (!nextToken(tok)) { std::fclose(f); throw fail(path, "OFF file ends inside the vertex list"); }
  }
  for (long fi = 0; fi < nf; ++fi) {
    if (!nextToken(tok)) { std::fclose(f); throw fail(path, "OFF file ends at face " + std::to_string(fi) + " of " + std::to_string(nf)); }
    const long n = std::strtol(tok.c_str(), nullptr, 10);
    for (long k = 0; k < n; ++k) {
      if (!nextToken(tok)) { std::fclose(f); throw fail(path, "OFF file ends inside face " + std::to_string(fi)); }
      const long idx = std::strtol(tok.c_str(), nullptr, 10);
      if (idx < 0 || idx >= nv) {
        std::fclose(f);
        throw fail(path, "face " + std::to_string(fi) + " references vertex " + std::to_string(idx) +
                             " but the file has " + std::to_string(nv) + " vertices");
      }
    }
    // The rest of the line may carry a colour: skip to the end of the line.
    int c;
    while ((c = std::fgetc(f)) != EOF && c != '\n') {}
  }
  std::fclose(f);
}

std::string lowerExt(const std::string& path) {
  std::string e = std::filesystem::path(path).extension().string();
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return std::tolower(c); });
  return e;
}

}  // namespace

void validateMesh(const Mesh& mesh) {
  if (mesh.tris.empty()) throw fail(mesh.name, "mesh has no triangles");
  for (size_t i = 0; i < mesh.vertices.size(); ++i) {
    for (float c : mesh.vertices[i]) {
      if (!std::isfinite(c)) throw fail(mesh.name, "vertex " + std::to_string(i) + " has a NaN or infinite coordinate");
    }
  }
  for (size_t t = 0; t < mesh.tris.size(); ++t) {
    for (uint32_t v : mesh.tris[t]) {
      if (v >= mesh.vertices.size()) {
        throw fail(mesh.name, "triangle " + std::to_string(t) + " references vertex " + std::to_string(v) +
                                  " of " + std::to_string(mesh.vertices.size()));
      }
    }
  }
}

Mesh loadMesh(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path, ec)) throw fail(path, "no such file");
  if (!fs::is_regular_file(path, ec)) throw fail(path, "not a regular file");
  const std::string ext = lowerExt(path);
  if (ext != ".off" && ext != ".obj" && ext != ".ply" && ext != ".stl") {
    throw fail(path, "unknown mesh format '" + ext + "' (known: .off .obj .ply .stl)");
  }
  if (ext == ".off") checkOffIndices(path);

  Assimp::Importer importer;
  // No post-processing: no triangulation (we fan polygons ourselves, in order), no vertex
  // joining, no degenerate removal, no sorting by primitive type.
  const aiScene* scene = importer.ReadFile(path, 0);
  if (!scene) throw fail(path, std::string("cannot read: ") + importer.GetErrorString());

  Mesh mesh;
  mesh.name = path;
  size_t skipped_primitives = 0;
  for (unsigned mi = 0; mi < scene->mNumMeshes; ++mi) {
    const aiMesh* am = scene->mMeshes[mi];
    const uint32_t base = static_cast<uint32_t>(mesh.vertices.size());
    for (unsigned v = 0; v < am->mNumVertices; ++v) {
      const aiVector3D& p = am->mVertices[v];
      mesh.vertices.push_back({p.x, p.y, p.z});
    }
    for (unsigned fi = 0; fi < am->mNumFaces; ++fi) {
      const aiFace& face = am->mFaces[fi];
      if (face.mNumIndices < 3) { ++skipped_primitives; continue; }  // points and lines
      for (unsigned k = 0; k < face.mNumIndices; ++k) {
        if (face.mIndices[k] >= am->mNumVertices) {
          throw fail(path, "face " + std::to_string(fi) + " references vertex " + std::to_string(face.mIndices[k]) +
                               " of " + std::to_string(am->mNumVertices));
        }
      }
      for (unsigned k = 1; k + 1 < face.mNumIndices; ++k) {
        mesh.tris.push_back({base + face.mIndices[0], base + face.mIndices[k], base + face.mIndices[k + 1]});
      }
    }
  }
  (void)skipped_primitives;
  validateMesh(mesh);
  return mesh;
}

void normalizeMesh(Mesh& mesh) {
  if (mesh.vertices.empty()) return;
  double lo[3], hi[3];
  for (int a = 0; a < 3; ++a) lo[a] = hi[a] = mesh.vertices[0][a];
  for (const auto& v : mesh.vertices) {
    for (int a = 0; a < 3; ++a) { lo[a] = std::min<double>(lo[a], v[a]); hi[a] = std::max<double>(hi[a], v[a]); }
  }
  const double side = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
  if (!(side > 0)) throw fail(mesh.name, "cannot normalize: the mesh has zero extent");
  for (auto& v : mesh.vertices) {
    for (int a = 0; a < 3; ++a) v[a] = static_cast<float>((v[a] - 0.5 * (lo[a] + hi[a])) / side);
  }
}

Mesh makeSphere(float radius, int stacks, int slices) {
  Mesh m;
  m.name = "sphere(r=" + std::to_string(radius) + ")";
  const double pi = std::acos(-1.0);
  m.vertices.push_back({0, 0, radius});
  for (int i = 1; i < stacks; ++i) {
    const double th = pi * i / stacks;
    for (int j = 0; j < slices; ++j) {
      const double ph = 2 * pi * j / slices;
      m.vertices.push_back({static_cast<float>(radius * std::sin(th) * std::cos(ph)),
                            static_cast<float>(radius * std::sin(th) * std::sin(ph)),
                            static_cast<float>(radius * std::cos(th))});
    }
  }
  m.vertices.push_back({0, 0, -radius});
  const uint32_t south = static_cast<uint32_t>(m.vertices.size() - 1);
  auto ring = [&](int i, int j) { return static_cast<uint32_t>(1 + (i - 1) * slices + (j % slices)); };
  for (int j = 0; j < slices; ++j) m.tris.push_back({0, ring(1, j), ring(1, j + 1)});
  for (int i = 1; i + 1 < stacks; ++i) {
    for (int j = 0; j < slices; ++j) {
      m.tris.push_back({ring(i, j), ring(i + 1, j), ring(i + 1, j + 1)});
      m.tris.push_back({ring(i, j), ring(i + 1, j + 1), ring(i, j + 1)});
    }
  }
  for (int j = 0; j < slices; ++j) m.tris.push_back({ring(stacks - 1, j), south, ring(stacks - 1, j + 1)});
  return m;
}

Mesh makeTorus(float major, float minor, int rings, int sides) {
  Mesh m;
  m.name = "torus(" + std::to_string(major) + "," + std::to_string(minor) + ")";
  const double pi = std::acos(-1.0);
  for (int i = 0; i < rings; ++i) {
    const double u = 2 * pi * i / rings;
    for (int j = 0; j < sides; ++j) {
      const double v = 2 * pi * j / sides;
      const double r = major + minor * std::cos(v);
      m.vertices.push_back({static_cast<float>(r * std::cos(u)), static_cast<float>(r * std::sin(u)),
                            static_cast<float>(minor * std::sin(v))});
    }
  }
  auto idx = [&](int i, int j) { return static_cast<uint32_t>((i % rings) * sides + (j % sides)); };
  for (int i = 0; i < rings; ++i) {
    for (int j = 0; j < sides; ++j) {
      m.tris.push_back({idx(i, j), idx(i + 1, j), idx(i + 1, j + 1)});
      m.tris.push_back({idx(i, j), idx(i + 1, j + 1), idx(i, j + 1)});
    }
  }
  return m;
}

Mesh makeHeightField(int nx, int ny, float size, float amplitude, uint32_t seed) {
  Mesh m;
  m.name = "heightfield(seed=" + std::to_string(seed) + ")";
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> noise(-amplitude, amplitude);
  for (int j = 0; j <= ny; ++j) {
    for (int i = 0; i <= nx; ++i) {
      m.vertices.push_back({size * (static_cast<float>(i) / nx - 0.5f), size * (static_cast<float>(j) / ny - 0.5f), noise(rng)});
    }
  }
  auto idx = [&](int i, int j) { return static_cast<uint32_t>(j * (nx + 1) + i); };
  for (int j = 0; j < ny; ++j) {
    for (int i = 0; i < nx; ++i) {
      m.tris.push_back({idx(i, j), idx(i + 1, j), idx(i + 1, j + 1)});
      m.tris.push_back({idx(i, j), idx(i + 1, j + 1), idx(i, j + 1)});
    }
  }
  return m;
}

double meshRadius(const Mesh& mesh) {
  double r = 0;
  for (const auto& v : mesh.vertices) r = std::max(r, std::sqrt(double(v[0]) * v[0] + double(v[1]) * v[1] + double(v[2]) * v[2]));
  return r;
}

}  // namespace cc
