#include "cc/isect/families.h"

#include <cmath>
#include <utility>

#include "cc/isect/vec3.h"

namespace cc::isect {

namespace {

using P = V3<double>;

double uni(std::mt19937_64& rng, double lo = 0, double hi = 1) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}
P point(std::mt19937_64& rng) { return {uni(rng), uni(rng), uni(rng)}; }
P unit(P v) { return (1.0 / std::sqrt(norm2(v))) * v; }

// A point strictly inside triangle abc (random barycentrics).
P inside(P a, P b, P c, std::mt19937_64& rng) {
  double u = uni(rng), v = uni(rng);
  if (u + v > 1) u = 1 - u, v = 1 - v;
  return a + u * (b - a) + v * (c - a);
}
// A random point of the cube moved to the side `side` (+1/-1) of plane (a, n) by >= 0.05.
P onSide(P a, P n, int side, std::mt19937_64& rng) {
  P p = point(rng);
  const double d = dot(n, p - a);
  if (d * side < 0.05) p = p + (side * 0.05 + side * std::fabs(d) - d) * n;
  return p;
}
// A random direction inside the plane with normal n.
P inPlaneDir(P n, std::mt19937_64& rng) {
  const P r = unit(point(rng) - P{0.5, 0.5, 0.5});
  const P d = r - dot(r, n) * n;
  return unit(d);
}

template <size_t N> void put(std::array<double, N>& c, int at, P p) {
  c[at] = p.x, c[at + 1] = p.y, c[at + 2] = p.z;
}

}  // namespace

const std::vector<TriTriFamily>& allTriTriFamilies() {
  static const std::vector<TriTriFamily> f = {TriTriFamily::kRandom, TriTriFamily::kVertexOnPlane,
                                              TriTriFamily::kEdgeOnPlane, TriTriFamily::kTouching,
                                              TriTriFamily::kCoplanar};
  return f;
}
const std::vector<SegTriFamily>& allSegTriFamilies() {
  static const std::vector<SegTriFamily> f = {SegTriFamily::kRandom, SegTriFamily::kEndOnPlane,
                                              SegTriFamily::kNearEdge, SegTriFamily::kTouching,
                                              SegTriFamily::kCoplanar};
  return f;
}

std::string familyName(TriTriFamily f) {
  switch (f) {
    case TriTriFamily::kRandom: return "random";
    case TriTriFamily::kVertexOnPlane: return "vertex_on_plane";
    case TriTriFamily::kEdgeOnPlane: return "edge_on_plane";
    case TriTriFamily::kTouching: return "touching";
    case TriTriFamily::kCoplanar: return "coplanar";
  }
  return "?";
}
std::string familyName(SegTriFamily f) {
  switch (f) {
    case SegTriFamily::kRandom: return "random";
    case SegTriFamily::kEndOnPlane: return "end_on_plane";
    case SegTriFamily::kNearEdge: return "near_edge";
    case SegTriFamily::kTouching: return "touching";
    case SegTriFamily::kCoplanar: return "coplanar";
  }
  return "?";
}

TriTriCase makeTriTri(TriTriFamily f, double eps, std::mt19937_64& rng) {
  TriTriCase c{};
  const P b0 = point(rng), b1 = point(rng), b2 = point(rng);
  const P n = unit(cross(b1 - b0, b2 - b0));
  const int side = rng() & 1 ? 1 : -1;
  P a0{}, a1{}, a2{};
  switch (f) {
    case TriTriFamily::kRandom:
      a0 = point(rng), a1 = point(rng), a2 = point(rng);
      break;
    case TriTriFamily::kVertexOnPlane: {  // a0 in B (up to noise), a1 a2 on one side
      a0 = inside(b0, b1, b2, rng) + uni(rng, -eps, eps) * n;
      a1 = onSide(b0, n, side, rng), a2 = onSide(b0, n, side, rng);
      break;
    }
    case TriTriFamily::kEdgeOnPlane: {  // edge a0 a1 in B's plane crossing B, same noise
      const double noise = uni(rng, -eps, eps);
      const P m = inside(b0, b1, b2, rng), d = inPlaneDir(n, rng);
      a0 = m + uni(rng, 0.05, 0.7) * d + noise * n;
      a1 = m - uni(rng, 0.05, 0.7) * d + noise * n;
      a2 = onSide(b0, n, side, rng);
      break;
    }
    case TriTriFamily::kTouching: {  // one of A's vertices is exactly one of B's vertices
      a0 = (rng() % 3 == 0) ? b0 : ((rng() & 1) ? b1 : b2);
      a1 = onSide(b0, n, side, rng), a2 = point(rng);
      // The shared vertex goes to a random position in A: algorithms that measure plane
      // distances from A's first vertex would otherwise get an exact 0 for free.
      for (int r = static_cast<int>(rng() % 3); r > 0; --r) std::swap(a0, a1), std::swap(a1, a2);
      break;
    }
    case TriTriFamily::kCoplanar: {  // both in z = const (exactly representable plane)
      const double z = uni(rng);
      P pts[6];
      for (P& p : pts) p = {uni(rng), uni(rng), z};
      put(c, 0, pts[0]), put(c, 3, pts[1]), put(c, 6, pts[2]);
      put(c, 9, pts[3]), put(c, 12, pts[4]), put(c, 15, pts[5]);
      return c;
    }
  }
  put(c, 0, a0), put(c, 3, a1), put(c, 6, a2);
  put(c, 9, b0), put(c, 12, b1), put(c, 15, b2);
  return c;
}

SegTriCase makeSegTri(SegTriFamily f, double eps, std::mt19937_64& rng) {
  SegTriCase c{};
  const P v0 = point(rng), v1 = point(rng), v2 = point(rng);
  const P n = unit(cross(v1 - v0, v2 - v0));
  const int side = rng() & 1 ? 1 : -1;
  P q1{}, q2{};
  switch (f) {
    case SegTriFamily::kRandom:
      q1 = point(rng), q2 = point(rng);
      break;
    case SegTriFamily::kEndOnPlane:  // q1 in the triangle up to noise along n
      q1 = inside(v0, v1, v2, rng) + uni(rng, -eps, eps) * n;
      q2 = onSide(v0, n, side, rng);
      break;
    case SegTriFamily::kNearEdge: {  // crosses the plane on an edge line, in-plane noise
      const int e = static_cast<int>(rng() % 3);
      const P a = e == 0 ? v0 : (e == 1 ? v1 : v2), b = e == 0 ? v1 : (e == 1 ? v2 : v0);
      const P dir = unit(cross(n, b - a));  // in plane, across the edge
      const P x = a + uni(rng, 0.1, 0.9) * (b - a) + uni(rng, -eps, eps) * dir;
      const P off = onSide(v0, n, side, rng) - x;
      q1 = x + uni(rng, 0.2, 1.0) * off;
      q2 = x - uni(rng, 0.2, 1.0) * off;
      break;
    }
    case SegTriFamily::kTouching:  // q1 is exactly a vertex of the triangle
      q1 = (rng() % 3 == 0) ? v0 : ((rng() & 1) ? v1 : v2);
      q2 = point(rng);
      break;
    case SegTriFamily::kCoplanar: {
      const double z = uni(rng);
      put(c, 0, P{uni(rng), uni(rng), z}), put(c, 3, P{uni(rng), uni(rng), z});
      put(c, 6, P{uni(rng), uni(rng), z}), put(c, 9, P{uni(rng), uni(rng), z});
      put(c, 12, P{uni(rng), uni(rng), z});
      return c;
    }
  }
  put(c, 0, q1), put(c, 3, q2);
  put(c, 6, v0), put(c, 9, v1), put(c, 12, v2);
  return c;
}

}  // namespace cc::isect
