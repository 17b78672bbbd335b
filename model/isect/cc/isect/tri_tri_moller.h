// Möller, "A fast triangle-triangle intersection test" (JGT 2(2), 1997), the interval
// overlap method, in its two published forms: with divisions (tri_tri_intersect) and the
// division-free NoDivTriTriIsect. Transcribed from the published code; the optional
// EPSILON snap of plane distances (USE_EPSILON_TEST) is the parameter eps (0 = off).
// The coplanar branch uses planar2d.h instead of Möller's own edge/edge macros.
#pragma once
#include <cmath>
#include <utility>

#include "cc/isect/planar2d.h"

namespace cc::isect {

namespace moller_detail {

template <class T> struct Planes {
  V3<T> n1, n2;       // normals of V's and U's planes
  T du[3], dv[3];     // distances of U to plane V, of V to plane U
  T du0du1, du0du2, dv0dv1, dv0dv2;
  T vp[3], up[3];     // projections onto the dominant axis of the intersection line
};

// Shared front end: plane rejections and projection. Returns false on early rejection.
template <class T> inline bool planes(const Tri<T>& v, const Tri<T>& u, T eps, Planes<T>& p) {
  p.n1 = cross(v[1] - v[0], v[2] - v[0]);
  const T d1 = -dot(p.n1, v[0]);
  for (int i = 0; i < 3; ++i) {
    p.du[i] = dot(p.n1, u[i]) + d1;
    if (std::fabs(p.du[i]) < eps) p.du[i] = 0;
  }
  p.du0du1 = p.du[0] * p.du[1];
  p.du0du2 = p.du[0] * p.du[2];
  if (p.du0du1 > 0 && p.du0du2 > 0) return false;
  p.n2 = cross(u[1] - u[0], u[2] - u[0]);
  const T d2 = -dot(p.n2, u[0]);
  for (int i = 0; i < 3; ++i) {
    p.dv[i] = dot(p.n2, v[i]) + d2;
    if (std::fabs(p.dv[i]) < eps) p.dv[i] = 0;
  }
  p.dv0dv1 = p.dv[0] * p.dv[1];
  p.dv0dv2 = p.dv[0] * p.dv[2];
  if (p.dv0dv1 > 0 && p.dv0dv2 > 0) return false;
  const V3<T> dd = cross(p.n1, p.n2);
  const int index = dominantAxis(dd);
  for (int i = 0; i < 3; ++i) {
    p.vp[i] = v[i][index];
    p.up[i] = u[i][index];
  }
  return true;
}

// Which vertex is alone on its side: returns its index, or -1 for the coplanar case.
template <class T> inline int lone(const T d[3], T d0d1, T d0d2) {
  if (d0d1 > 0) return 2;
  if (d0d2 > 0) return 1;
  if (d[1] * d[2] > 0 || d[0] != 0) return 0;
  if (d[1] != 0) return 1;
  if (d[2] != 0) return 2;
  return -1;
}

template <class T> inline void sort2(T& a, T& b) {
  if (a > b) std::swap(a, b);
}

}  // namespace moller_detail

// tri_tri_intersect: interval computation with divisions.
template <class T> inline bool mollerTriTri(const Tri<T>& v, const Tri<T>& u, T eps = 0) {
  using namespace moller_detail;
  Planes<T> p;
  if (!planes(v, u, eps, p)) return false;
  auto interval = [](const T vp[3], const T d[3], int k, T& i0, T& i1) {
    const int a = (k + 1) % 3, b = (k + 2) % 3;  // ISECT(VV_k, VV_a, VV_b, D_k, D_a, D_b)
    const int lo = k == 1 ? 0 : a, hi = k == 1 ? 2 : b;  // keep Möller's operand order
    i0 = vp[k] + (vp[lo] - vp[k]) * d[k] / (d[k] - d[lo]);
    i1 = vp[k] + (vp[hi] - vp[k]) * d[k] / (d[k] - d[hi]);
  };
  const int kv = lone(p.dv, p.dv0dv1, p.dv0dv2);
  if (kv < 0) return coplanarTriTri(p.n1, v, u, eps);
  const int ku = lone(p.du, p.du0du1, p.du0du2);
  if (ku < 0) return coplanarTriTri(p.n1, v, u, eps);
  T a0, a1, b0, b1;
  interval(p.vp, p.dv, kv, a0, a1);
  interval(p.up, p.du, ku, b0, b1);
  sort2(a0, a1);
  sort2(b0, b1);
  return !(a1 < b0 || b1 < a0);
}

// NoDivTriTriIsect: the same intervals scaled by the product of all denominators.
template <class T> inline bool mollerNoDivTriTri(const Tri<T>& v, const Tri<T>& u, T eps = 0) {
  using namespace moller_detail;
  Planes<T> p;
  if (!planes(v, u, eps, p)) return false;
  // NEWCOMPUTE_INTERVALS: A = VV_k, B = (VV_a - VV_k) D_k, C = (VV_b - VV_k) D_k,
  // X0 = D_k - D_a, X1 = D_k - D_b with (a, b) the other two vertices in index order.
  auto interval = [](const T vp[3], const T d[3], int k, T& A, T& B, T& C, T& X0, T& X1) {
    const int a = k == 0 ? 1 : 0, b = k == 2 ? 1 : 2;
    A = vp[k];
    B = (vp[a] - vp[k]) * d[k];
    C = (vp[b] - vp[k]) * d[k];
    X0 = d[k] - d[a];
    X1 = d[k] - d[b];
  };
  const int kv = lone(p.dv, p.dv0dv1, p.dv0dv2);
  if (kv < 0) return coplanarTriTri(p.n1, v, u, eps);
  const int ku = lone(p.du, p.du0du1, p.du0du2);
  if (ku < 0) return coplanarTriTri(p.n1, v, u, eps);
  T a, b, c, x0, x1, d, e, f, y0, y1;
  interval(p.vp, p.dv, kv, a, b, c, x0, x1);
  interval(p.up, p.du, ku, d, e, f, y0, y1);
  const T xx = x0 * x1, yy = y0 * y1, xxyy = xx * yy;
  T tmp = a * xxyy;
  T i10 = tmp + b * x1 * yy, i11 = tmp + c * x0 * yy;
  tmp = d * xxyy;
  T i20 = tmp + e * xx * y1, i21 = tmp + f * xx * y0;
  sort2(i10, i11);
  sort2(i20, i21);
  return !(i11 < i20 || i21 < i10);
}

}  // namespace cc::isect
