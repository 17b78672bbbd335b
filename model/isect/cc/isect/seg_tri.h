// Segment/triangle tests of Jiménez, Segura & Feito, "A robust segment/triangle
// intersection algorithm for interference tests. Efficiency study" (CGTA 43, 2010):
// their new algorithm (Algorithm 4) and the three baselines as the paper gives them
// (Algorithm 1 Badouel, Algorithm 2 Möller-Trumbore, Algorithm 3 Segura), each with and
// without back-face culling. Triangle V1 V2 V3, segment Q1 Q2; eps is the paper's epsilon.
// Comparisons are transcribed literally, including where the paper's listings use strict
// and non-strict bounds inconsistently (so touching contacts differ between algorithms).
// When `hit` is given, a hit also reports t (point = Q1 + t (Q2 - Q1)) and the
// barycentric coordinates b of that point w.r.t. V1, V2, V3.
#pragma once
#include <cmath>

#include "cc/isect/planar2d.h"

namespace cc::isect {

template <class T> struct SegHit {
  T t = 0;
  T b[3] = {0, 0, 0};
};

// ---------------------------------------------------------------- Jiménez (Algorithm 4)
// Signs of the barycentric coordinates of Q2 w.r.t. the tetrahedron Q1 V1 V2 V3 (paper
// Eqs. 21-28): w = A.(BxC), s = D.(BxC), t = (AxD).C, u = -(AxD).B, v = w - s - t - u.
template <class T>
inline bool jimenezSegTri(const Tri<T>& v, V3<T> q1, V3<T> q2, bool cull = false, T eps = 0,
                          SegHit<T>* hit = nullptr) {
  const V3<T> A = q1 - v[2], B = v[0] - v[2], C = v[1] - v[2];
  const V3<T> W1 = cross(B, C);
  const T w = dot(A, W1);
  const V3<T> D = q2 - v[2];
  T s, t, u;
  if (w > eps) {
    s = dot(D, W1);
    if (s >= eps) return false;  // rejection 2
    const V3<T> W2 = cross(A, D);
    t = dot(W2, C);
    if (t <= -eps) return false;  // rejection 3
    u = -dot(W2, B);
    if (cull ? u < -eps : u <= -eps) return false;  // rejection 4
    if (w <= s + t + u) return false;               // rejection 5
  } else if (w < -eps) {
    if (cull) return false;  // rejection 1 (back face)
    s = dot(D, W1);
    if (s <= -eps) return false;
    const V3<T> W2 = cross(A, D);
    t = dot(W2, C);
    if (t >= eps) return false;
    u = -dot(W2, B);
    if (u >= eps) return false;
    if (w > s + t + u) return false;
  } else {  // Q1 on the plane: swap the roles of Q1 and Q2 (W2 = D x A)
    s = dot(D, W1);
    if (s > eps) {
      if (cull) return false;  // rejection 1 (back face)
      const V3<T> W2 = cross(D, A);
      t = dot(W2, C);
      if (t <= -eps) return false;
      u = -dot(W2, B);
      if (u <= -eps) return false;
      if (-s < t + u) return false;
    } else if (s < -eps) {
      const V3<T> W2 = cross(D, A);
      t = dot(W2, C);
      if (t >= eps) return false;
      u = -dot(W2, B);
      if (u >= eps) return false;
      if (-s > t + u) return false;
    } else {
      return false;  // rejection 1 (coplanar segment)
    }
    t = -t;  // back to the W2 = A x D convention for the outputs
    u = -u;
  }
  if (hit) {
    const T inv = T(1) / (w - s);
    hit->t = w * inv;
    hit->b[0] = t * inv;
    hit->b[1] = u * inv;
    hit->b[2] = (w - s - t - u) * inv;
  }
  return true;
}

// ---------------------------------------------------------- Möller-Trumbore (Algorithm 2)
template <class T>
inline bool mollerTrumboreSegTri(const Tri<T>& v, V3<T> q1, V3<T> q2, bool cull = false, T eps = 0,
                                 SegHit<T>* hit = nullptr) {
  const V3<T> D = q2 - q1, E1 = v[1] - v[0], E2 = v[2] - v[0];
  const V3<T> A = cross(D, E2);
  const T det = dot(A, E1);
  T u, vv;
  V3<T> B;
  if (det > eps) {
    const V3<T> Tv = q1 - v[0];
    u = dot(A, Tv);
    if (u < 0 || u > det) return false;  // rejection 2
    B = cross(Tv, E1);
    vv = dot(B, D);
    if (vv < 0 || u + vv > det) return false;  // rejection 3
  } else if (!cull && det < -eps) {
    const V3<T> Tv = q1 - v[0];
    u = dot(A, Tv);
    if (u >= 0 || u <= det) return false;
    B = cross(Tv, E1);
    vv = dot(B, D);
    if (vv > 0 || u + vv < det) return false;
  } else {
    return false;  // rejection 1
  }
  const T invDet = T(1) / det;
  const T tp = dot(B, E2) * invDet;
  if (tp < 0 || tp > 1) return false;  // rejection 4
  if (hit) {
    const T al = u * invDet, be = vv * invDet;
    *hit = {tp, {1 - al - be, al, be}};
  }
  return true;
}

// ------------------------------------------------------------------ Badouel (Algorithm 1)
// The paper's listing chooses the projection with signed normal components; we use
// magnitudes (dropping the largest |N| component), which is what Badouel's method needs.
// Its "u2 in (-eps, eps)" guard is taken as |u2| <= eps so that eps = 0 cannot divide by 0.
template <class T>
inline bool badouelSegTri(const Tri<T>& v, V3<T> q1, V3<T> q2, bool cull = false, T eps = 0,
                          SegHit<T>* hit = nullptr) {
  const V3<T> E1 = v[1] - v[0], E2 = v[2] - v[0];
  const V3<T> N = cross(E1, E2);
  const V3<T> D = q2 - q1;
  const T det = dot(N, D);
  if (cull ? det > -eps : (det > -eps && det < eps)) return false;  // rejection 1
  const T tp = dot(N, v[0] - q1) / det;
  if (tp < 0 || tp > 1) return false;  // rejection 2
  const int drop = dominantAxis(N);
  const int j = drop == 0 ? 1 : 0, k = drop == 2 ? 1 : 2;
  const T pj = q1[j] + D[j] * tp, pk = q1[k] + D[k] * tp;
  const T u1 = pj - v[0][j], v1 = pk - v[0][k];
  const T u2 = v[1][j] - v[0][j], u3 = v[2][j] - v[0][j];
  const T v2 = v[1][k] - v[0][k], v3 = v[2][k] - v[0][k];
  T al, be;
  if (std::fabs(u2) <= eps) {
    be = u1 / u3;
    if (be < 0 || be > 1) return false;  // rejection 3
    al = (v1 - be * v3) / v2;
  } else {
    be = (v1 * u2 - u1 * v2) / (v3 * u2 - u3 * v2);
    if (be < 0 || be > 1) return false;
    al = (u1 - be * u3) / u2;
  }
  if (al < 0 || al + be > 1) return false;  // rejection 4
  if (hit) *hit = {tp, {1 - al - be, al, be}};
  return true;
}

// ------------------------------------------------------------------- Segura (Algorithm 3)
// Signs of the tetrahedra Q2 Vi Vj Q1; s, t, u weight V3, V1, V2 of the crossing point.
template <class T>
inline bool seguraSegTri(const Tri<T>& v, V3<T> q1, V3<T> q2, bool cull = false, T eps = 0,
                         SegHit<T>* hit = nullptr) {
  const V3<T> E1 = v[1] - v[0], E2 = v[2] - v[0];
  const V3<T> N = cross(E1, E2);
  const V3<T> D = q1 - q2;
  const T det = -dot(N, D);
  if (cull ? det <= eps : (det > -eps && det < eps)) return false;  // rejection 1
  const T tp = dot(N, v[0] - q1) / det;
  if (tp <= 0 || tp >= 1) return false;  // rejection 2
  const V3<T> A = v[1] - q2, B = v[0] - q2, C = v[2] - q2;
  const V3<T> W1 = cross(A, D);
  const T s = -dot(B, W1);
  T t, u;
  if (det > 0) {
    if (s <= 0) return false;
    t = dot(C, W1);
    if (t <= 0) return false;
    u = dot(B, cross(C, D));
    if (u <= 0) return false;
  } else {
    if (s >= 0) return false;
    t = dot(C, W1);
    if (t >= 0) return false;
    u = dot(B, cross(C, D));
    if (u >= 0) return false;
  }
  if (hit) {
    const T sum = s + t + u;
    *hit = {tp, {t / sum, u / sum, s / sum}};
  }
  return true;
}

}  // namespace cc::isect
