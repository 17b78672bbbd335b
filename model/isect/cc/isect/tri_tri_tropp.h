// Tropp, Tal & Shimshoni, "A Fast Triangle to Triangle Intersection Test for Collision
// Detection": related linear systems. Our reading of the paper (docs/intersection_library.md):
//   Stage 1: with N = p1 x p2 the minors shared by all |A(v)| = det(p1, p2, v) = N.v, the
//     numerators N.r_i and denominators N.q_i of beta_i = -N.r_i / N.q_i (the paper prints
//     the fraction upside down; Cramer's rule gives this one). Linearity (paper Eq. 5) gives
//     the third edge from the other two: N.q3 = N.q2 - N.q1, N.r3 = N.r1 + N.q1.
//   Stage 2: beta_i legal iff 0 <= -(N.r_i)(N.q_i) <= (N.q_i)^2 (division-free).
//   Stage 3: T and t from the two legal betas (two divisions here: the paper scales instead).
//   Stage 4: 2x2 systems P_i + delta_i p_i = T + gamma_i t in the projection plane, with the
//     third edge again by linearity; legality checked on products (no division).
//   Stage 5 (optional): the intersection segment, T + gamma t for the surviving gammas.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>

#include "cc/isect/planar2d.h"

namespace cc::isect {

template <class T> struct TroppSegment {
  bool valid = false;  // false for coplanar hits (no unique segment) and for misses
  V3<T> a{}, b{};
};

namespace tropp_detail {

// 0 <= num/den <= 1 without dividing (den != 0).
template <class T> inline bool legal(T num, T den) {
  return den > 0 ? (num >= 0 && num <= den) : (num <= 0 && num >= den);
}
template <class T> inline T cr(V2<T> a, V2<T> b) { return a.x * b.y - a.y * b.x; }

}  // namespace tropp_detail

// B = (P, P + p1, P + p2) is the triangle whose plane is cut; A = (Q0, Q1, Q2).
template <class T>
inline bool troppTriTri(const Tri<T>& triA, const Tri<T>& triB, TroppSegment<T>* seg = nullptr, T eps = 0) {
  using tropp_detail::cr;
  using tropp_detail::legal;
  const V3<T> P = triB[0], p1 = triB[1] - triB[0], p2 = triB[2] - triB[0];
  const V3<T> Q0 = triA[0], q1 = triA[1] - triA[0], q2 = triA[2] - triA[0];
  // Stage 1. Edges of A: e0 = Q0->Q1 (q1), e1 = Q0->Q2 (q2), e2 = Q1->Q2 (q2 - q1).
  const V3<T> N = cross(p1, p2);
  const T nq1 = dot(N, q1), nq2 = dot(N, q2), nq3 = nq2 - nq1;
  const T nr1 = dot(N, Q0 - P), nr3 = nr1 + nq1;  // r for Q0 and for Q1
  if (nq1 == 0 && nq2 == 0) {  // A parallel to B's plane: coplanar or disjoint
    if (nr1 != 0) return false;
    if (seg) seg->valid = false;
    return coplanarTriTri(N, triA, triB, eps);
  }
  // Stage 2: legal betas (beta = -nr/nq), at most two distinct crossing points.
  const T num[3] = {-nr1, -nr1, -nr3}, den[3] = {nq1, nq2, nq3};
  const V3<T> org[3] = {Q0, Q0, triA[1]}, dir[3] = {q1, q2, q2 - q1};
  int idx[3], n = 0;
  for (int i = 0; i < 3; ++i) {
    if (den[i] != 0 && legal(num[i] * den[i], den[i] * den[i])) idx[n++] = i;
  }
  if (n == 0) return false;
  // Stage 3: the segment T, T + t of A inside B's plane.
  const T b0 = num[idx[0]] / den[idx[0]];
  const V3<T> Tp = org[idx[0]] + b0 * dir[idx[0]];
  V3<T> t{0, 0, 0};
  for (int k = 1; k < n; ++k) {  // a vertex on the plane gives two legal betas, same point
    const V3<T> X = org[idx[k]] + (num[idx[k]] / den[idx[k]]) * dir[idx[k]];
    if (norm2(X - Tp) > norm2(t)) t = X - Tp;
  }
  // Stage 4 in the projection plane of B.
  const int d = dominantAxis(N);
  const V2<T> P2 = project(P, d), a1 = project(p1, d), a2 = project(p2, d);
  const V2<T> T2 = project(Tp, d), t2 = project(t, d);
  const V2<T> w = T2 - P2;
  // For edge i: delta_i = cr(w_i, t) / cr(p_i, t), gamma_i = cr(w_i, p_i) / cr(p_i, t).
  const T c1t = cr(a1, t2), c2t = cr(a2, t2), c3t = c2t - c1t;
  const T cwt = cr(w, t2);
  const T dn[3] = {c1t, c2t, c3t};
  const T dl[3] = {cwt, cwt, cwt - c1t};
  const T cw1 = cr(w, a1), cw2 = cr(w, a2);
  const T gm[3] = {cw1, cw2, cw2 - cw1 - cr(a1, a2)};
  if (c1t == 0 && c2t == 0) {  // t degenerate (a single touching point): point in triangle
    const bool in = pointInTri2(P2, project(triB[1], d), project(triB[2], d), T2, eps);
    if (in && seg) *seg = {true, Tp, Tp};
    return in;
  }
  bool hit = false, neg = false, pos = false;
  T gmin = std::numeric_limits<T>::max(), gmax = -std::numeric_limits<T>::max();
  for (int i = 0; i < 3; ++i) {
    if (dn[i] == 0 || !legal(dl[i] * dn[i], dn[i] * dn[i])) continue;  // line misses edge i
    const T g = gm[i] * dn[i], g2 = dn[i] * dn[i];                     // gamma = g / g2
    neg = neg || g <= 0;
    pos = pos || g >= 0;
    if (g >= 0 && g <= g2) hit = true;
    if (seg) {
      const T gv = gm[i] / dn[i];
      gmin = std::min(gmin, gv);
      gmax = std::max(gmax, gv);
    }
  }
  if (!hit && neg && pos) hit = true;  // segment inside B: edges cut on both sides of T
  if (hit && seg) {                    // Stage 5: clip [0, 1] by the line's span in B
    const T lo = std::max<T>(0, gmin), hi = std::min<T>(1, gmax);
    *seg = {true, Tp + lo * t, Tp + hi * t};
  }
  return hit;
}

}  // namespace cc::isect
