#include "helpers.h"

#include <filesystem>

#include "cc/mesh.h"

namespace cc::ccd::test {

CcdMesh makeBox(const Vec3& h) {
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i) v.emplace_back(i & 1 ? h.x() : -h.x(), i & 2 ? h.y() : -h.y(), i & 4 ? h.z() : -h.z());
  // Faces as quads (counter-clockwise from outside), each split into two triangles.
  const int q[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  std::vector<std::array<int, 3>> t;
  for (const auto& f : q) {
    t.push_back({f[0], f[1], f[2]});
    t.push_back({f[0], f[2], f[3]});
  }
  return buildCcdMesh("box", v, t);
}

CcdMesh makeSquare(double half) {
  std::vector<Vec3> v{{-half, -half, 0}, {half, -half, 0}, {half, half, 0}, {-half, half, 0}};
  return buildCcdMesh("square", v, {{0, 1, 2}, {0, 2, 3}});
}

CcdMesh sphere(double radius, int stacks, int slices) {
  return fromDriverMesh(cc::makeSphere(static_cast<float>(radius), stacks, slices));
}

CcdMesh torus(double major, double minor, int rings, int sides) {
  return fromDriverMesh(cc::makeTorus(static_cast<float>(major), static_cast<float>(minor), rings, sides));
}

std::optional<CcdMesh> realMesh(const std::string& file) {
  const std::string path = std::string(CC_MESH_DIR) + "/" + file;
  if (!std::filesystem::exists(path)) return std::nullopt;
  cc::Mesh m = cc::loadMesh(path);
  cc::normalizeMesh(m);
  return fromDriverMesh(m);
}

namespace {

double orient(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) { return (b - a).cross(c - a).dot(d - a); }

bool segmentHitsTriangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c) {
  const double sp = orient(a, b, c, p), sq = orient(a, b, c, q);
  if ((sp > 0 && sq > 0) || (sp < 0 && sq < 0) || (sp == 0 && sq == 0)) return false;
  const double s0 = orient(p, q, a, b), s1 = orient(p, q, b, c), s2 = orient(p, q, c, a);
  return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

bool trianglesIntersect(const Vec3 t[3], const Vec3 u[3]) {
  for (int i = 0; i < 3; ++i) {
    if (segmentHitsTriangle(t[i], t[(i + 1) % 3], u[0], u[1], u[2])) return true;
    if (segmentHitsTriangle(u[i], u[(i + 1) % 3], t[0], t[1], t[2])) return true;
  }
  return false;
}

Box placedBox(const Box& b, const Pose& p) {
  const Vec3 c = p(b.center());
  const Vec3 h = p.R.cwiseAbs() * (b.sizes() / 2);
  return Box(c - h, c + h);
}

}  // namespace

bool meshesIntersect(const CcdMesh& a, const Pose& pa, const CcdMesh& b, const Pose& pb) {
  std::vector<std::pair<int, int>> stack{{0, 0}};
  while (!stack.empty()) {
    auto [ia, ib] = stack.back();
    stack.pop_back();
    const BvhNode& na = a.bvh.nodes[ia];
    const BvhNode& nb = b.bvh.nodes[ib];
    if (!placedBox(na.box, pa).intersects(placedBox(nb.box, pb))) continue;
    if (na.leaf() && nb.leaf()) {
      for (int i = 0; i < na.count; ++i)
        for (int j = 0; j < nb.count; ++j) {
          const auto& ta = a.tris[a.bvh.items[na.first + i]];
          const auto& tb = b.tris[b.bvh.items[nb.first + j]];
          const Vec3 t[3] = {pa(a.verts[ta[0]]), pa(a.verts[ta[1]]), pa(a.verts[ta[2]])};
          const Vec3 u[3] = {pb(b.verts[tb[0]]), pb(b.verts[tb[1]]), pb(b.verts[tb[2]])};
          if (trianglesIntersect(t, u)) return true;
        }
      continue;
    }
    if (!na.leaf() && (nb.leaf() || na.box.sizes().sum() >= nb.box.sizes().sum())) {
      stack.push_back({na.left, ib});
      stack.push_back({na.right, ib});
    } else {
      stack.push_back({ia, nb.left});
      stack.push_back({ia, nb.right});
    }
  }
  return false;
}

double minVertexFaceGap(const CcdMesh& a, const Pose& pa, const CcdMesh& b, const Pose& pb) {
  double gap = std::numeric_limits<double>::infinity();
  auto scan = [&](const CcdMesh& m, const Pose& pm, const CcdMesh& o, const Pose& po) {
    for (const Vec3& x : m.verts) {
      const Vec3 p = pm(x);
      for (size_t t = 0; t < o.tris.size(); ++t) {
        const Vec3 v0 = po(o.verts[o.tris[t][0]]), v1 = po(o.verts[o.tris[t][1]]), v2 = po(o.verts[o.tris[t][2]]);
        const Vec3 n = (v1 - v0).cross(v2 - v0).normalized();
        const double d = n.dot(p - v0);
        const Vec3 f = p - d * n;  // foot: inside the triangle?
        const double s0 = n.dot((v1 - v0).cross(f - v0)), s1 = n.dot((v2 - v1).cross(f - v1)),
                     s2 = n.dot((v0 - v2).cross(f - v2));
        if (s0 >= 0 && s1 >= 0 && s2 >= 0 && d > -0.5) gap = std::min(gap, d);
      }
    }
  };
  scan(a, pa, b, pb);
  scan(b, pb, a, pa);
  return gap;
}

}  // namespace cc::ccd::test
