// Tropp, Tal & Shimshoni, "A Fast Triangle to Triangle Intersection Test for Collision
// Detection": related linear systems. Our reading of the paper (docs/intersection_library.md):
//   Stage 1: with N = p1 x p2 the minors shared by all |A(v)| = det(p1, p2, v) = N.v, the
//     numerators N.r_i and denominators N.q_i of beta_i = -N.r_i / N.q_i (the paper prints
//     the fraction upside down; Cramer's rule gives this one). Linearity (paper Eq. 5) gives
//     the third edge from the other two: N.q3 = N.q2 - N.q1, N.r3 = N.r1 + N.q1.
//   Stage 2: beta_i legal iff 0 <= -(N.r_i)(N.q_i) <= (N.q_i)^2 (division-free).
//   Stage 3: T and t from the two legal betas, scaled by the product of their
//     denominators instead of divided (paper, "Avoiding divisions").
//   Stage 4: 2x2 systems P_i + delta_i p_i = T + gamma_i t in the projection plane, with the
//     third edge again by linearity; legality checked on products (no division).
//   Stage 5 (optional): the intersection segment, T + gamma t for the surviving gammas
//     (the only divisions: by the scale and by the gamma denominators).
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

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
  // Stage 2: legal betas (beta = -nr/nq), checked without dividing.
  const T num[3] = {-nr1, -nr1, -nr3}, den[3] = {nq1, nq2, nq3};
  const V3<T> org[3] = {Q0, Q0, triA[1]}, dir[3] = {q1, q2, q2 - q1};
  int idx[3], n = 0;
  for (int i = 0; i < 3; ++i) {
    if (den[i] != 0 && legal(num[i], den[i])) idx[n++] = i;
  }
  if (n == 0) return false;
  // Stage 3 without division (the paper's scaling): with s = den_i den_j the scaled end
  // points are s T = s Q_i + (num_i den_j) q_i and s X = s Q_j + (num_j den_i) q_j.
  auto scaled = [&](int i, int j, V3<T>& sT, V3<T>& st, T& sc) {
    sc = den[i] * den[j];
    sT = sc * org[i] + (num[i] * den[j]) * dir[i];
    st = (sc * org[j] + (num[j] * den[i]) * dir[j]) - sT;
  };
  V3<T> sT, st;
  T sc;
  scaled(idx[0], idx[n > 1 ? 1 : 0], sT, st, sc);
  if (n == 3) {  // a vertex on the plane: keep the pair of points farthest apart
    for (const auto& pr : {std::pair<int, int>{idx[0], idx[2]}, std::pair<int, int>{idx[1], idx[2]}}) {
      V3<T> T2, t2;
      T s2;
      scaled(pr.first, pr.second, T2, t2, s2);
      if (norm2(t2) * (sc * sc) > norm2(st) * (s2 * s2)) sT = T2, st = t2, sc = s2;
    }
  }
  // Stage 4 in the projection plane of B, everything scaled by sc except B's edges:
  // delta_i = cr(w_i, t) / (sc cr(p_i, t)), gamma_i = cr(w_i, p_i) / cr(p_i, t).
  const int d = dominantAxis(N);
  const V2<T> P2 = project(P, d), a1 = project(p1, d), a2 = project(p2, d);
  const V2<T> T2 = project(sT, d), t2 = project(st, d);
  const V2<T> w{T2.x - sc * P2.x, T2.y - sc * P2.y};
  const T c1t = cr(a1, t2), c2t = cr(a2, t2), c3t = c2t - c1t;
  const T cwt = cr(w, t2);
  const T dn[3] = {c1t, c2t, c3t};
  const T dl[3] = {cwt, cwt, cwt - sc * c1t};
  const T cw1 = cr(w, a1), cw2 = cr(w, a2);
  const T gm[3] = {cw1, cw2, cw2 - cw1 - sc * cr(a1, a2)};
  if (c1t == 0 && c2t == 0) {  // t degenerate (a single touching point): point in triangle
    const V2<T> B1 = project(triB[1], d), B2 = project(triB[2], d);
    const bool in = pointInTri2(V2<T>{sc * P2.x, sc * P2.y}, V2<T>{sc * B1.x, sc * B1.y},
                                V2<T>{sc * B2.x, sc * B2.y}, T2, eps);
    if (in && seg) {
      const V3<T> Tp = (T(1) / sc) * sT;
      *seg = {true, Tp, Tp};
    }
    return in;
  }
  bool hit = false, neg = false, pos = false;
  T gmin = std::numeric_limits<T>::max(), gmax = -std::numeric_limits<T>::max();
  for (int i = 0; i < 3; ++i) {
    if (dn[i] == 0 || !legal(dl[i], sc * dn[i])) continue;  // the line misses edge i
    const T g = gm[i] * dn[i], g2 = dn[i] * dn[i];         // gamma = g / g2
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
  if (hit && seg) {                    // Stage 5, the paper's two divisions (by the scale)
    const T inv = T(1) / sc;
    const V3<T> Tp = inv * sT, t = inv * st;
    const T lo = std::max<T>(0, gmin), hi = std::min<T>(1, gmax);
    *seg = {true, Tp + lo * t, Tp + hi * t};
  }
  return hit;
}

}  // namespace cc::isect
