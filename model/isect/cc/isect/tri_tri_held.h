// Held, ERIT (JGT 2(4), 1997) §2.2: TRIEDGE3D (triangle/segment) and TRITRI3D
// (triangle/triangle) by plane side tests and dimension reduction to TRIEDGE2D.
// ERIT's two thresholds: zero (ZERO, guards divisions) and eps (EPS, grazing contacts:
// a plane distance |d| <= eps counts as "on the plane").
#pragma once
#include <cmath>

#include "cc/isect/planar2d.h"

namespace cc::isect {

template <class T> struct EritEps {
  T zero = T(0);  // ZERO: a denominator with |x| <= zero is not divided by
  T eps = T(0);   // EPS: comparisons against 0 are made with this tolerance
};

// TRIEDGE3D: closed segment pq against closed triangle abc. Optionally the parameter t of
// the crossing point p + t (q - p) (for a segment lying in the plane: not computed, t = -1).
template <class T>
inline bool heldTriEdge(const Tri<T>& tri, V3<T> p, V3<T> q, EritEps<T> e = {}, T* tOut = nullptr) {
  const V3<T> a = tri[0], b = tri[1], c = tri[2];
  const V3<T> n = cross(b - a, c - a);
  const T dp = dot(n, p - a), dq = dot(n, q - a);
  const int sp = sgn(dp, e.eps), sq = sgn(dq, e.eps);
  if (sp * sq > 0) return false;  // same side
  const int ax = dominantAxis(n);
  const V2<T> a2 = project(a, ax), b2 = project(b, ax), c2 = project(c, ax);
  if (sp == 0 && sq == 0) {  // segment in the plane: 2D segment/triangle
    if (tOut) *tOut = -1;
    return segTri2(a2, b2, c2, project(p, ax), project(q, ax), e.eps);
  }
  T t;
  if (sp == 0) t = 0;
  else if (sq == 0) t = 1;
  else {
    const T den = dp - dq;
    if (std::fabs(den) <= e.zero) return false;
    t = dp / den;
  }
  const V3<T> r = p + t * (q - p);
  if (tOut) *tOut = t;
  return pointInTri2(a2, b2, c2, project(r, ax), e.eps);
}

// TRITRI3D: cut triangle b with the plane of a, then TRIEDGE2D in a's projection plane.
template <class T> inline bool heldTriTri(const Tri<T>& a, const Tri<T>& b, EritEps<T> e = {}) {
  const V3<T> n = cross(a[1] - a[0], a[2] - a[0]);
  T d[3];
  int s[3];
  for (int i = 0; i < 3; ++i) {
    d[i] = dot(n, b[i] - a[0]);
    s[i] = sgn(d[i], e.eps);
  }
  if ((s[0] > 0 && s[1] > 0 && s[2] > 0) || (s[0] < 0 && s[1] < 0 && s[2] < 0)) return false;
  if (s[0] == 0 && s[1] == 0 && s[2] == 0) return coplanarTriTri(n, a, b, e.eps);
  // The segment of b inside a's plane: vertices on the plane and edge crossings.
  V3<T> pts[3];
  int np = 0;
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    if (s[i] == 0) pts[np++] = b[i];
    if (s[i] * s[j] < 0) {
      const T den = d[i] - d[j];
      if (std::fabs(den) <= e.zero) continue;
      pts[np++] = b[i] + (d[i] / den) * (b[j] - b[i]);
    }
  }
  if (np == 0) return false;
  const V3<T> p = pts[0], q = pts[np - 1];
  const int ax = dominantAxis(n);
  return segTri2(project(a[0], ax), project(a[1], ax), project(a[2], ax), project(p, ax), project(q, ax), e.eps);
}

}  // namespace cc::isect
