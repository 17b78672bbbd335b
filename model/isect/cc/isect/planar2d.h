// 2D building blocks shared by the 3D tests after dimension reduction (ERIT §2.1): projection
// onto the coordinate plane that drops the largest normal component, closed point-in-
// triangle, closed segment/triangle (ERIT TRIEDGE2D) and closed triangle/triangle overlap.
// "Closed" means touching counts as intersecting. eps is ERIT's EPS: a determinant d is
// taken as zero when |d| <= eps (0 gives exact sign tests of the rounded determinants).
#pragma once
#include <algorithm>
#include <cmath>

#include "cc/isect/vec3.h"

namespace cc::isect {

// Index of the component of n with the largest magnitude (the axis dropped by projection).
template <class T> inline int dominantAxis(V3<T> n) {
  const T ax = std::fabs(n.x), ay = std::fabs(n.y), az = std::fabs(n.z);
  if (ax >= ay && ax >= az) return 0;
  return ay >= az ? 1 : 2;
}

template <class T> inline V2<T> project(V3<T> p, int drop) {
  if (drop == 0) return {p.y, p.z};
  if (drop == 1) return {p.z, p.x};
  return {p.x, p.y};
}

template <class T> inline int sgn(T d, T eps) { return d > eps ? 1 : (d < -eps ? -1 : 0); }

// ERIT TRIPNT2D: p in closed triangle abc (either orientation).
template <class T> inline bool pointInTri2(V2<T> a, V2<T> b, V2<T> c, V2<T> p, T eps) {
  const int s0 = sgn(orient2(a, b, p), eps), s1 = sgn(orient2(b, c, p), eps), s2 = sgn(orient2(c, a, p), eps);
  const bool hasNeg = s0 < 0 || s1 < 0 || s2 < 0, hasPos = s0 > 0 || s1 > 0 || s2 > 0;
  if (sgn(orient2(a, b, c), eps) == 0) {  // degenerate triangle: only collinear containment
    return false;
  }
  return !(hasNeg && hasPos);
}

// Closed 2D segment/segment test.
template <class T> inline bool onSeg2(V2<T> a, V2<T> b, V2<T> p) {
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
         p.y <= std::max(a.y, b.y);
}
template <class T> inline bool segSeg2(V2<T> a, V2<T> b, V2<T> c, V2<T> d, T eps) {
  const int o1 = sgn(orient2(a, b, c), eps), o2 = sgn(orient2(a, b, d), eps);
  const int o3 = sgn(orient2(c, d, a), eps), o4 = sgn(orient2(c, d, b), eps);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  if (o1 == 0 && onSeg2(a, b, c)) return true;
  if (o2 == 0 && onSeg2(a, b, d)) return true;
  if (o3 == 0 && onSeg2(c, d, a)) return true;
  if (o4 == 0 && onSeg2(c, d, b)) return true;
  return false;
}

// ERIT TRIEDGE2D: closed segment pq against closed triangle abc.
template <class T> inline bool segTri2(V2<T> a, V2<T> b, V2<T> c, V2<T> p, V2<T> q, T eps) {
  const T area = orient2(a, b, c);
  if (sgn(area, eps) == 0) return segSeg2(a, b, p, q, eps) || segSeg2(b, c, p, q, eps);
  const T s = area > 0 ? T(1) : T(-1);  // orient so that the interior side is positive
  const V2<T> v[3] = {a, b, c};
  bool pIn = true, qIn = true;
  for (int e = 0; e < 3; ++e) {
    const int sp = sgn(s * orient2(v[e], v[(e + 1) % 3], p), eps);
    const int sq = sgn(s * orient2(v[e], v[(e + 1) % 3], q), eps);
    if (sp < 0 && sq < 0) return false;  // both exterior to one edge
    pIn = pIn && sp >= 0;
    qIn = qIn && sq >= 0;
  }
  if (pIn || qIn) return true;
  // Neither end point inside: the segment crosses the triangle iff its line separates two
  // vertices AND it crosses an edge; checking the edges directly is the closed form of that.
  return segSeg2(a, b, p, q, eps) || segSeg2(b, c, p, q, eps) || segSeg2(c, a, p, q, eps);
}

// Closed 2D triangle/triangle overlap (coplanar branch of every 3D tri/tri test).
template <class T>
inline bool triTri2(V2<T> a0, V2<T> a1, V2<T> a2, V2<T> b0, V2<T> b1, V2<T> b2, T eps) {
  return segTri2(b0, b1, b2, a0, a1, eps) || segTri2(b0, b1, b2, a1, a2, eps) ||
         segTri2(b0, b1, b2, a2, a0, eps) || pointInTri2(a0, a1, a2, b0, eps);
}

// Coplanar 3D triangles: project along the dominant axis of normal n, then triTri2.
template <class T> inline bool coplanarTriTri(V3<T> n, const Tri<T>& a, const Tri<T>& b, T eps) {
  const int d = dominantAxis(n);
  return triTri2(project(a[0], d), project(a[1], d), project(a[2], d), project(b[0], d),
                 project(b[1], d), project(b[2], d), eps);
}

}  // namespace cc::isect
