#include "cc/mesh.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string_view>
#include <type_traits>

namespace cc {

namespace {

MeshError fail(const std::string& name, const std::string& what) {
  return MeshError(name + ": " + what);
}

MeshError failAt(const std::string& name, long line, const std::string& what) {
  return MeshError(name + ":" + std::to_string(line) + ": " + what);
}

// The whole file (MeshError when it cannot be read).
std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw fail(path, "cannot open");
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw fail(path, "read error");
  return s.str();
}

constexpr const char* kSpace = " \t\r\f\v";

void splitWords(std::string_view l, std::vector<std::string_view>& words) {
  for (size_t b = l.find_first_not_of(kSpace); b != std::string_view::npos; b = l.find_first_not_of(kSpace, b)) {
    const size_t e = std::min(l.find_first_of(kSpace, b), l.size());
    words.push_back(l.substr(b, e - b));
    b = e;
  }
}

// The content lines of a text: '#' starts a comment up to the end of the line, blank lines
// are skipped; line() is the 1-based number of the last line returned, for messages.
class Lines {
 public:
  explicit Lines(const std::string& text) : text_(text) {}
  bool next(std::vector<std::string_view>& words) {
    words.clear();
    while (words.empty() && pos_ < text_.size()) {
      const size_t end = std::min(text_.find('\n', pos_), text_.size());
      std::string_view l(text_.data() + pos_, end - pos_);
      pos_ = end + 1;
      ++line_;
      splitWords(l.substr(0, l.find('#')), words);
    }
    return !words.empty();
  }
  long line() const { return line_; }

 private:
  const std::string& text_;
  size_t pos_ = 0;
  long line_ = 0;
};

// The whole word as a number (strtod: decimal, exponent, nan, inf), or false. As float:
// the float nearest to the text (strtof), not the double rounded again.
template <typename T = double>
bool parseReal(std::string_view w, T& out) {
  const std::string s(w);
  char* end = nullptr;
  if constexpr (std::is_same_v<T, float>) out = std::strtof(s.c_str(), &end);
  else out = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size();
}

// The whole word as an integer (no sign for unsigned T), or false: "1.5", "abc", "" fail.
template <typename T>
bool parseInt(std::string_view w, T& out) {
  const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return !w.empty() && ec == std::errc() && p == w.data() + w.size();
}

std::string quoted(std::string_view w) { return "'" + std::string(w) + "'"; }

// OFF is read here, not by assimp: assimp 5.2 drops faces of more than 9 vertices, clamps
// bad indices, reads "abc" as 0, reads comment lines between faces as (dropped) faces,
// rounds coordinates less exactly than strtof and fails on a colour followed by a
// comment. The Geomview header
// [ST][C][N][4][n]OFF (the keyword may be left out) is followed by [Ndim] (nOFF; only 3)
// and the counts "NV NF [NE]"; then one vertex a line: x y z [w (4OFF)] [normal (N)]
// [colour of 1 to 4 numbers (C)] [texture s t (ST)]; then one face a line: n v0 .. vn-1
// [colour of up to 4 numbers]. '#' starts a comment. Anything else is a MeshError naming
// the line; so is data after the last face (it would be lost).
Mesh readOff(const std::string& path) {
  const std::string text = readAll(path);
  Lines lines(text);
  std::vector<std::string_view> w;
  if (!lines.next(w)) throw fail(path, "empty file (no OFF header)");
  bool st = false, colour = false, normal = false, homogeneous = false, ndim = false;
  size_t wi = 0;
  {
    std::string_view k = w[0];
    const auto take = [&](std::string_view p) {
      if (k.substr(0, p.size()) != p) return false;
      k.remove_prefix(p.size());
      return true;
    };
    st = take("ST");
    colour = take("C");
    normal = take("N");
    homogeneous = take("4");
    ndim = take("n");
    if (k == "OFF") {
      wi = 1;
      if (wi < w.size() && w[wi] == "BINARY") throw failAt(path, lines.line(), "binary OFF is not supported");
    } else if (!std::isdigit(static_cast<unsigned char>(w[0][0]))) {  // not the counts of a keyword-less file
      throw failAt(path, lines.line(), "not an OFF file: expected the keyword OFF (or COFF, NOFF, 4OFF ...), got " + quoted(w[0]));
    } else {
      st = colour = normal = homogeneous = ndim = false;
    }
  }
  const auto headerCount = [&](const std::string& what) {
    while (wi == w.size()) {
      if (!lines.next(w)) throw fail(path, "file ends in the header, before the " + what);
      wi = 0;
    }
    uint64_t v = 0;
    if (!parseInt(w[wi], v)) throw failAt(path, lines.line(), what + " " + quoted(w[wi]) + " is not a non-negative integer");
    ++wi;
    return v;
  };
  if (ndim) {
    const uint64_t dim = headerCount("dimension");
    if (dim != 3) throw failAt(path, lines.line(), "only 3-dimensional vertices are supported, the header says " + std::to_string(dim));
  }
  const uint64_t nv = headerCount("vertex count"), nf = headerCount("face count");
  if (wi < w.size()) headerCount("edge count");  // optional, not used
  if (wi < w.size()) throw failAt(path, lines.line(), "unexpected " + quoted(w[wi]) + " after the vertex, face and edge counts");
  if (nv > std::numeric_limits<uint32_t>::max()) throw failAt(path, lines.line(), "too many vertices: " + std::to_string(nv));

  // A vertex line: the position, then what the keyword announces (a colour has 1 to 4 numbers).
  const size_t pos_n = homogeneous ? 4 : 3, fixed = pos_n + (normal ? 3 : 0) + (st ? 2 : 0);
  const size_t most = fixed + (colour ? 4 : 0);
  Mesh mesh;
  mesh.name = path;
  for (uint64_t i = 0; i < nv; ++i) {
    if (!lines.next(w)) {
      throw fail(path, "file ends inside the vertex list: vertex " + std::to_string(i) + " of " + std::to_string(nv) + " is missing");
    }
    const std::string where = "vertex " + std::to_string(i);
    if (w.size() < fixed || w.size() > most) {
      throw failAt(path, lines.line(),
                   where + " has " + std::to_string(w.size()) + " numbers, expected " +
                       (colour ? std::to_string(fixed) + " to " + std::to_string(most) : std::to_string(fixed)) +
                       (!colour && w.size() > fixed ? " (a colour needs the COFF header)" : ""));
    }
    double x[4] = {0, 0, 0, 1};
    Vec3f p{};
    for (size_t k = 0; k < w.size(); ++k) {  // all numbers; the first 3 (or 4) the position
      double v;
      if (!parseReal(w[k], v)) throw failAt(path, lines.line(), where + ": " + quoted(w[k]) + " is not a number");
      if (k < pos_n) x[k] = v;
      // beyond float's range (1e300, 1e-300) the float is inf or 0: the doubles carry the
      // mesh until a scene scaled by a power of two brings it in (checkFloatShape)
      if (k < 3 && !homogeneous) parseReal(w[k], p[k]);
    }
    if (homogeneous) {
      if (x[3] == 0) throw failAt(path, lines.line(), where + " has the homogeneous coordinate 0");
      for (int a = 0; a < 3; ++a) { x[a] /= x[3]; p[a] = static_cast<float>(x[a]); }
    }
    for (int a = 0; a < 3; ++a) {
      if (!std::isfinite(x[a])) throw failAt(path, lines.line(), where + " has a NaN or infinite coordinate: " + quoted(w[a]));
    }
    mesh.vertices.push_back(p);
    mesh.vertices_d.push_back({x[0], x[1], x[2]});
  }
  std::vector<uint32_t> idx;
  for (uint64_t fi = 0; fi < nf; ++fi) {
    if (!lines.next(w)) {
      throw fail(path, "file ends at face " + std::to_string(fi) + ", the header says " + std::to_string(nf) + " faces");
    }
    const std::string where = "face " + std::to_string(fi);
    long long n = 0;
    if (!parseInt(w[0], n)) throw failAt(path, lines.line(), where + ": vertex count " + quoted(w[0]) + " is not an integer");
    if (n <= 0) throw failAt(path, lines.line(), where + ": vertex count must be positive, got " + std::to_string(n));
    const size_t have = w.size() - 1;
    const size_t nn = static_cast<size_t>(n);
    if (have < nn) {
      throw failAt(path, lines.line(), where + " has " + std::to_string(have) + " of its " + std::to_string(n) + " vertex indices");
    }
    if (have - nn > 4) {
      throw failAt(path, lines.line(), where + " has " + std::to_string(n) + " vertices and " + std::to_string(have - nn) +
                                           " more numbers (at most a colour of 4 may follow)");
    }
    idx.clear();
    for (size_t k = 1; k <= nn; ++k) {
      uint64_t v = 0;
      if (!parseInt(w[k], v)) throw failAt(path, lines.line(), where + ": vertex index " + quoted(w[k]) + " is not a non-negative integer");
      if (v >= nv) {
        throw failAt(path, lines.line(), where + " references vertex " + std::to_string(v) + " but the file has " + std::to_string(nv) + " vertices");
      }
      idx.push_back(static_cast<uint32_t>(v));
    }
    for (size_t k = nn + 1; k < w.size(); ++k) {
      double c;
      if (!parseReal(w[k], c)) throw failAt(path, lines.line(), where + ": colour " + quoted(w[k]) + " is not a number");
    }
    // Points and segments (n < 3) give no triangle; an n-gon gives n-2, fanned from v0.
    for (size_t k = 1; k + 1 < idx.size(); ++k) mesh.tris.push_back({idx[0], idx[k], idx[k + 1]});
  }
  if (lines.next(w)) {
    throw failAt(path, lines.line(), "data after the last of the " + std::to_string(nf) + " faces the header announces: " + quoted(w[0]));
  }
  return mesh;
}

// assimp's PLY reader loops forever on a header without end_header and trusts the header's
// counts over a short body (reading vertices and indices that are not there), so the header
// is parsed here and the body walked against it before assimp reads the file: a PLY file
// assimp gets has a sane header and exactly the elements it announces.
void checkPly(const std::string& path) {
  constexpr size_t kMaxHeader = 1 << 20;  // real headers are a few hundred bytes
  const std::string text = readAll(path);
  if (text.empty()) throw fail(path, "empty file");
  struct Property {
    std::string name;
    int size = 0, count_size = 0;  // count_size > 0: a list with a count of that many bytes
    bool is_float = false, count_signed = false;
  };
  struct Element {
    std::string name;
    uint64_t count = 0;
    std::vector<Property> props;
  };
  // Bytes of a PLY scalar type, 0 if unknown; `is_float`, `is_signed` describe it.
  const auto typeSize = [](std::string_view t, bool& is_float, bool& is_signed) {
    is_float = t == "float" || t == "float32" || t == "double" || t == "float64";
    is_signed = is_float || t == "char" || t == "int8" || t == "short" || t == "int16" || t == "int" || t == "int32";
    if (t == "char" || t == "uchar" || t == "int8" || t == "uint8") return 1;
    if (t == "short" || t == "ushort" || t == "int16" || t == "uint16") return 2;
    if (t == "int" || t == "uint" || t == "int32" || t == "uint32" || t == "float" || t == "float32") return 4;
    if (t == "double" || t == "float64") return 8;
    return 0;
  };
  std::vector<Element> elements;
  std::string format;
  size_t pos = 0, body = std::string::npos;
  std::vector<std::string_view> w;
  for (long line = 1; body == std::string::npos; ++line) {
    if (pos >= text.size() || pos > kMaxHeader) {
      throw fail(path, std::string("PLY header has no 'end_header' ") + (pos >= text.size() ? "before the end of the file" : "in its first 1 MiB"));
    }
    const size_t end = std::min(text.find('\n', pos), text.size());
    w.clear();
    splitWords(std::string_view(text).substr(pos, end - pos), w);
    pos = end + 1;
    const auto bad = [&](const std::string& what) { return failAt(path, line, what); };
    if (line == 1) {
      if (w.size() != 1 || w[0] != "ply") throw bad("not a PLY file: the first line must be 'ply'");
      continue;
    }
    if (w.empty() || w[0] == "comment" || w[0] == "obj_info") continue;
    if (w[0] == "end_header") {
      body = std::min(pos, text.size());
    } else if (w[0] == "format") {
      if (w.size() != 3 || (w[1] != "ascii" && w[1] != "binary_little_endian" && w[1] != "binary_big_endian")) {
        throw bad("bad format line: expected 'format ascii|binary_little_endian|binary_big_endian 1.0'");
      }
      format = w[1];
    } else if (w[0] == "element") {
      Element e;
      if (w.size() != 3) throw bad("bad element line: expected 'element NAME COUNT'");
      e.name = w[1];
      if (!parseInt(w[2], e.count)) throw bad("element '" + e.name + "' count " + quoted(w[2]) + " is not a non-negative integer");
      elements.push_back(e);
    } else if (w[0] == "property") {
      if (elements.empty()) throw bad("property before the first element");
      Property p;
      bool cf = false, cs = false, f = false, s = false;
      if (w.size() == 5 && w[1] == "list") {
        p.count_size = typeSize(w[2], cf, cs);
        p.count_signed = cs;
        p.size = typeSize(w[3], f, s);
        if (p.count_size == 0 || cf || p.size == 0) throw bad("bad list property: expected 'property list INTTYPE TYPE NAME'");
      } else if (w.size() == 3) {
        p.size = typeSize(w[1], f, s);
        if (p.size == 0) throw bad("unknown property type " + quoted(w[1]));
      } else {
        throw bad("bad property line: expected 'property TYPE NAME' or 'property list INTTYPE TYPE NAME'");
      }
      p.is_float = f;
      p.name = w.back();
      elements.back().props.push_back(p);
    } else {
      throw bad("unknown PLY header line " + quoted(w[0]));
    }
  }
  if (format.empty()) throw fail(path, "PLY header has no 'format' line");
  const auto where = [&](const Element& e, uint64_t i) {
    return "element '" + e.name + "' " + std::to_string(i) + " of " + std::to_string(e.count);
  };
  if (format == "ascii") {
    // Token by token: every value a number (an integer for integer types), a list's count a
    // non-negative integer, and no value missing or left over.
    const long header_lines = static_cast<long>(std::count(text.begin(), text.begin() + static_cast<long>(body), '\n'));
    const std::string rest = text.substr(body);
    Lines bl(rest);
    size_t wi = 0;
    w.clear();
    const auto value = [&](const Element& e, uint64_t i) {
      while (wi == w.size()) {
        if (!bl.next(w)) throw fail(path, "file ends inside " + where(e, i));
        wi = 0;
      }
      return w[wi++];
    };
    const auto check = [&](std::string_view v, bool is_float, const Element& e, uint64_t i) {
      double d;
      long long n;
      if (is_float ? !parseReal(v, d) : !parseInt(v, n)) {
        throw failAt(path, header_lines + bl.line(), where(e, i) + ": " + quoted(v) + (is_float ? " is not a number" : " is not an integer"));
      }
    };
    for (const Element& e : elements) {
      if (e.props.empty()) continue;
      for (uint64_t i = 0; i < e.count; ++i) {
        for (const Property& p : e.props) {
          if (p.count_size == 0) { check(value(e, i), p.is_float, e, i); continue; }
          const std::string_view c = value(e, i);
          long long n = 0;
          if (!parseInt(c, n) || n < 0) {
            throw failAt(path, header_lines + bl.line(), where(e, i) + ": list length " + quoted(c) + " is not a non-negative integer");
          }
          for (long long k = 0; k < n; ++k) check(value(e, i), p.is_float, e, i);
        }
      }
    }
    if (wi < w.size() || bl.next(w)) {
      throw failAt(path, header_lines + bl.line(), "data after the last element the header announces");
    }
  } else {
    // Byte by byte: the lists' counts decide where the next value starts.
    const bool little = format == "binary_little_endian";
    uint64_t at = body;
    const uint64_t size = text.size();
    for (const Element& e : elements) {
      bool fixed = true;
      uint64_t row = 0;
      for (const Property& p : e.props) { fixed = fixed && p.count_size == 0; row += p.size; }
      if (fixed) {
        if (row > 0 && (size - at) / row < e.count) throw fail(path, "file ends inside the " + std::to_string(e.count) + " elements '" + e.name + "'");
        at += row * e.count;
        continue;
      }
      for (uint64_t i = 0; i < e.count; ++i) {
        for (const Property& p : e.props) {
          int64_t n = 1;
          if (p.count_size > 0) {
            if (size - at < static_cast<uint64_t>(p.count_size)) throw fail(path, "file ends inside " + where(e, i));
            uint64_t u = 0;
            for (int b = 0; b < p.count_size; ++b) {
              const auto byte = static_cast<unsigned char>(text[at + (little ? p.count_size - 1 - b : b)]);
              u = (u << 8) | byte;
            }
            n = static_cast<int64_t>(u);
            if (p.count_signed && (u >> (8 * p.count_size - 1))) throw fail(path, where(e, i) + ": negative list length");
            at += p.count_size;
          }
          if ((size - at) / p.size < static_cast<uint64_t>(n)) throw fail(path, "file ends inside " + where(e, i));
          at += static_cast<uint64_t>(n) * p.size;
        }
      }
    }
    // A line end after the data is harmless; anything else would be data nobody reads.
    if (text.find_first_not_of(" \t\r\n", at) != std::string::npos) {
      throw fail(path, std::to_string(size - at) + " bytes after the last element the header announces");
    }
  }
}

std::string lowerExt(const std::string& path) {
  std::string e = std::filesystem::path(path).extension().string();
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return std::tolower(c); });
  return e;
}

}  // namespace

void validateMesh(const Mesh& mesh) {
  if (mesh.tris.empty()) throw fail(mesh.name, "mesh has no triangles");
  // The coordinates as read: in double where the mesh has them (a float may overflow
  // there until the scene is scaled, checkFloatShape), else the floats.
  const bool doubles = mesh.vertices_d.size() == mesh.vertices.size();
  for (size_t i = 0; i < mesh.vertices.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      if (!std::isfinite(doubles ? mesh.vertices_d[i][a] : mesh.vertices[i][a]))
        throw fail(mesh.name, "vertex " + std::to_string(i) + " has a NaN or infinite coordinate");
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
  if (ext == ".off") {
    Mesh mesh = readOff(path);
    validateMesh(mesh);
    return mesh;
  }
  if (ext == ".ply") checkPly(path);
  if (ext == ".stl") {  // ASCII STL: assimp accepts a file cut before 'endsolid' (facets lost silently)
    const std::string text = readAll(path);
    const bool ascii = text.compare(0, 5, "solid") == 0 && text.find('\0') == std::string::npos && text.find("facet") != std::string::npos;
    if (ascii) {
      const size_t last = text.find_last_not_of(" \t\r\n");
      const size_t line = text.rfind('\n', last);
      const std::string tail = text.substr(line == std::string::npos ? 0 : line + 1);
      if (tail.compare(0, 8, "endsolid") != 0) throw fail(path, "ASCII STL does not end with 'endsolid' (truncated?)");
    }
  }

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
      mesh.vertices_d.push_back({p.x, p.y, p.z});
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
  for (const auto& v : mesh.vertices_d)
    for (double x : v) mesh.float_read_far = std::max(mesh.float_read_far, std::fabs(x));
  mesh.float_read_size = meshSize(mesh);
  return mesh;
}

namespace {

// vertices_d when it still describes `vertices` (every one rounds to it, or to a neighbour:
// OFF's float is the one nearest the text, which double rounding can miss by one), else not.
bool hasDoubles(const Mesh& mesh) {
  if (mesh.vertices_d.size() != mesh.vertices.size() || mesh.vertices.empty()) return false;
  for (size_t i = 0; i < mesh.vertices.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      const float r = static_cast<float>(mesh.vertices_d[i][a]), v = mesh.vertices[i][a];
      if (r != v && std::nextafter(r, v) != v) return false;
    }
  }
  return true;
}

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g", v);
  return b;
}

}  // namespace

void normalizeMesh(Mesh& mesh) {
  if (mesh.vertices.empty()) return;
  if (!hasDoubles(mesh)) {
    mesh.vertices_d.clear();
    for (const auto& v : mesh.vertices) mesh.vertices_d.push_back({v[0], v[1], v[2]});
  }
  double lo[3], hi[3];
  for (int a = 0; a < 3; ++a) lo[a] = hi[a] = mesh.vertices_d[0][a];
  for (const auto& v : mesh.vertices_d) {
    for (int a = 0; a < 3; ++a) { lo[a] = std::min(lo[a], v[a]); hi[a] = std::max(hi[a], v[a]); }
  }
  const double side = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
  if (!(side > 0) || !std::isfinite(side)) throw fail(mesh.name, "cannot normalize: the mesh has zero (or no finite) extent");
  for (size_t i = 0; i < mesh.vertices_d.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      mesh.vertices_d[i][a] = (mesh.vertices_d[i][a] - 0.5 * (lo[a] + hi[a])) / side;
      mesh.vertices[i][a] = static_cast<float>(mesh.vertices_d[i][a]);
    }
  }
}

void checkFloatShape(const Mesh& mesh) {
  if (mesh.float_read_far > 0) {
    // Read in float: a coordinate x became the float nearest it, up to half a float step
    // at the largest |x| away (subnormal steps included).
    const float far = static_cast<float>(mesh.float_read_far);
    const double half_step = 0.5 * (static_cast<double>(std::nextafter(far, std::numeric_limits<float>::infinity())) - far);
    if (!(half_step <= std::ldexp(mesh.float_read_size, -12))) {
      throw fail(mesh.name, "read in float (OBJ, PLY and STL go through assimp in single precision): at coordinates up to " +
                                num(mesh.float_read_far) + " for a mesh of size " + num(mesh.float_read_size) +
                                " reading may move its vertices by up to " + num(half_step) +
                                ", more than 2^-12 of its size, and its shape is lost (--normalize cannot undo it); convert it to OFF, which is read in double");
    }
  }
  for (const auto& v : mesh.vertices) {
    for (float x : v) {
      if (!std::isfinite(x)) {
        throw fail(mesh.name, "coordinates beyond float's range (the chip's format): scale the scene by a power of two first "
                              "(collide and cc_sweep do it; docs/driver.md, \"Input rules\")");
      }
    }
  }
  if (!hasDoubles(mesh)) return;
  double lo[3], hi[3], moved = 0, far = 0;
  for (int a = 0; a < 3; ++a) lo[a] = hi[a] = mesh.vertices_d[0][a];
  for (size_t i = 0; i < mesh.vertices_d.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      const double x = mesh.vertices_d[i][a];
      lo[a] = std::min(lo[a], x);
      hi[a] = std::max(hi[a], x);
      far = std::max(far, std::fabs(x));
      moved = std::max(moved, std::fabs(x - static_cast<double>(mesh.vertices[i][a])));
    }
  }
  const double size = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
  if (moved > std::ldexp(size, -12)) {
    throw fail(mesh.name, "coordinates up to " + num(far) + " for a mesh of size " + num(size) +
                              ": rounded to float (the chip's format) its vertices move by up to " + num(moved) +
                              ", more than 2^-12 of its size, and its shape is lost; --normalize centres and scales it first (in double)");
  }
}

void scaleMeshPow2(Mesh& mesh, int k) {
  if (hasDoubles(mesh)) {  // from the doubles: a coordinate float kept only as a subnormal regains its bits
    for (size_t i = 0; i < mesh.vertices.size(); ++i) {
      for (int a = 0; a < 3; ++a) {
        mesh.vertices_d[i][a] = std::ldexp(mesh.vertices_d[i][a], k);
        mesh.vertices[i][a] = static_cast<float>(mesh.vertices_d[i][a]);
      }
    }
  } else {
    mesh.vertices_d.clear();
    for (auto& v : mesh.vertices) for (auto& x : v) x = std::ldexp(x, k);
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

double meshSize(const Mesh& mesh) {
  if (mesh.vertices.empty()) return 0;
  const bool doubles = hasDoubles(mesh);
  const auto coord = [&](size_t i, int a) { return doubles ? mesh.vertices_d[i][a] : double(mesh.vertices[i][a]); };
  double lo[3], hi[3];
  for (int a = 0; a < 3; ++a) lo[a] = hi[a] = coord(0, a);
  for (size_t i = 0; i < mesh.vertices.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min(lo[a], coord(i, a));
      hi[a] = std::max(hi[a], coord(i, a));
    }
  }
  return std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
}

double meshRadius(const Mesh& mesh) {
  double r = 0;
  if (hasDoubles(mesh)) {  // as read: a float may have overflowed (1e300) or flushed (1e-300)
    for (const auto& v : mesh.vertices_d) r = std::max(r, std::hypot(v[0], v[1], v[2]));
    return r;
  }
  for (const auto& v : mesh.vertices) r = std::max(r, std::sqrt(double(v[0]) * v[0] + double(v[1]) * v[1] + double(v[2]) * v[2]));
  return r;
}

}  // namespace cc
