#include "cc/ccd/mesh.h"

#include <cmath>
#include <map>
#include <stdexcept>

#include "cc/mesh.h"

namespace cc::ccd {
namespace {

void requireValid(const std::string& name, const std::vector<Vec3>& verts,
                  const std::vector<std::array<int, 3>>& tris) {
  for (size_t i = 0; i < verts.size(); ++i)
    if (!verts[i].allFinite())
      throw std::invalid_argument(name + ": vertex " + std::to_string(i) + " is not finite");
  for (size_t t = 0; t < tris.size(); ++t)
    for (int v : tris[t])
      if (v < 0 || static_cast<size_t>(v) >= verts.size())
        throw std::invalid_argument(name + ": triangle " + std::to_string(t) + " references missing vertex " +
                                    std::to_string(v));
}

// Edge flags and expel offsets need both neighbours' planes.
void classifyEdges(CcdMesh& m) {
  m.expel_dir.assign(m.edges.size(), Vec3::Zero());
  for (size_t i = 0; i < m.edges.size(); ++i) {
    Edge& e = m.edges[i];
    const Plane& p0 = m.planes[e.f[0]];
    if (e.f[1] < 0) {
      const auto& t = m.tris[e.f[0]];
      const Vec3 centre = (m.verts[t[0]] + m.verts[t[1]] + m.verts[t[2]]) / 3;
      m.expel_dir[i] = expelOffsetDangling(m.lines[i].d, p0.n, centre - m.verts[e.v[0]], 1.0);
      continue;
    }
    const Plane& p1 = m.planes[e.f[1]];
    m.expel_dir[i] = expelOffset(p0.n, p1.n, 1.0, kExpelMaxScale);
    if (e.nonmanifold) continue;
    // Opposite vertex of f[1] in front of f[0]'s plane: the polygons face each other.
    const auto& t1 = m.tris[e.f[1]];
    int opp = t1[0];
    for (int v : t1)
      if (v != e.v[0] && v != e.v[1]) opp = v;
    e.internal = p0.dist(m.verts[opp]) > 0;
    if (e.internal) ++m.internal_edges;
  }
  m.vert_active.assign(m.verts.size(), 0);
  for (const Edge& e : m.edges)
    if (!e.internal) m.vert_active[e.v[0]] = m.vert_active[e.v[1]] = 1;
}

}  // namespace

CcdMesh buildCcdMesh(std::string name, std::vector<Vec3> verts, const std::vector<std::array<int, 3>>& tris) {
  requireValid(name, verts, tris);
  CcdMesh m;
  m.name = std::move(name);
  m.verts = std::move(verts);
  for (size_t t = 0; t < tris.size(); ++t) {
    const auto& tr = tris[t];
    const Vec3 n = (m.verts[tr[1]] - m.verts[tr[0]]).cross(m.verts[tr[2]] - m.verts[tr[0]]);
    const double len = n.norm();
    if (!(len > 0) || tr[0] == tr[1] || tr[1] == tr[2] || tr[0] == tr[2]) {
      ++m.dropped_degenerate;
      continue;
    }
    m.tris.push_back(tr);
    m.source_tri.push_back(static_cast<int>(t));
    const Vec3 nn = n / len;
    m.planes.push_back({nn, -nn.dot(m.verts[tr[0]])});
  }
  if (m.tris.empty()) throw std::invalid_argument(m.name + ": no usable (non-degenerate) triangle");

  std::map<std::pair<int, int>, int> edge_of;
  m.tri_edge.resize(m.tris.size());
  m.tri_edge_sign.resize(m.tris.size());
  for (size_t t = 0; t < m.tris.size(); ++t) {
    for (int i = 0; i < 3; ++i) {
      const int a = m.tris[t][i], b = m.tris[t][(i + 1) % 3];
      const auto key = std::make_pair(std::min(a, b), std::max(a, b));
      auto [it, fresh] = edge_of.try_emplace(key, static_cast<int>(m.edges.size()));
      if (fresh) {
        Edge e;
        e.v = {key.first, key.second};
        e.f[0] = static_cast<int>(t);
        m.edges.push_back(e);
        m.lines.push_back(Line::through(m.verts[key.first], m.verts[key.second]));
      } else {
        Edge& e = m.edges[it->second];
        if (e.f[1] < 0) {
          e.f[1] = static_cast<int>(t);
        } else {
          e.nonmanifold = true;
        }
      }
      m.tri_edge[t][i] = it->second;
      m.tri_edge_sign[t][i] = a == key.first ? 1 : -1;
    }
  }
  classifyEdges(m);

  std::vector<Box> boxes(m.tris.size());
  for (size_t t = 0; t < m.tris.size(); ++t)
    for (int v : m.tris[t]) boxes[t].extend(m.verts[v]);
  m.bvh = buildBvh(boxes);
  return m;
}

CcdMesh fromDriverMesh(const cc::Mesh& mesh) {
  std::vector<Vec3> verts;
  verts.reserve(mesh.vertices.size());
  for (const auto& v : mesh.vertices) verts.emplace_back(v[0], v[1], v[2]);
  std::vector<std::array<int, 3>> tris;
  tris.reserve(mesh.tris.size());
  for (const auto& t : mesh.tris)
    tris.push_back({static_cast<int>(t[0]), static_cast<int>(t[1]), static_cast<int>(t[2])});
  return buildCcdMesh(mesh.name, std::move(verts), tris);
}

}  // namespace cc::ccd
