// Guigue & Devillers, "Fast and robust triangle-triangle overlap test using orientation
// predicates" (JGT 8(1), 2003): tri_tri_overlap_test_3d, transcribed from the published
// code (orientation signs, canonical vertex permutation, two final orientation checks).
// Every decision is the sign of a 3x3 determinant, so it is exact whenever those rounded
// determinants have the right sign. Coplanar branch: planar2d.h (closed 2D overlap).
#pragma once
#include "cc/isect/planar2d.h"

namespace cc::isect {

namespace guigue_detail {

// CHECK_MIN_MAX: the two intervals on the intersection line overlap iff both hold.
template <class T>
inline bool checkMinMax(V3<T> p1, V3<T> q1, V3<T> r1, V3<T> p2, V3<T> q2, V3<T> r2) {
  if (dot(q2 - q1, cross(p2 - q1, p1 - q1)) > 0) return false;
  if (dot(r2 - p1, cross(p2 - p1, r1 - p1)) > 0) return false;
  return true;
}

// TRI_TRI_3D: permute T2 so that p2 is alone on its side of T1's plane.
template <class T>
inline int triTri3d(V3<T> p1, V3<T> q1, V3<T> r1, V3<T> p2, V3<T> q2, V3<T> r2, T dp2, T dq2, T dr2) {
  if (dp2 > 0) {
    if (dq2 > 0) return checkMinMax(p1, r1, q1, r2, p2, q2);
    if (dr2 > 0) return checkMinMax(p1, r1, q1, q2, r2, p2);
    return checkMinMax(p1, q1, r1, p2, q2, r2);
  }
  if (dp2 < 0) {
    if (dq2 < 0) return checkMinMax(p1, q1, r1, r2, p2, q2);
    if (dr2 < 0) return checkMinMax(p1, q1, r1, q2, r2, p2);
    return checkMinMax(p1, r1, q1, p2, q2, r2);
  }
  if (dq2 < 0) {
    if (dr2 >= 0) return checkMinMax(p1, r1, q1, q2, r2, p2);
    return checkMinMax(p1, q1, r1, p2, q2, r2);
  }
  if (dq2 > 0) {
    if (dr2 > 0) return checkMinMax(p1, r1, q1, p2, q2, r2);
    return checkMinMax(p1, q1, r1, q2, r2, p2);
  }
  if (dr2 > 0) return checkMinMax(p1, q1, r1, r2, p2, q2);
  if (dr2 < 0) return checkMinMax(p1, r1, q1, r2, p2, q2);
  return -1;  // coplanar
}

}  // namespace guigue_detail

template <class T> inline bool guigueTriTri(const Tri<T>& a, const Tri<T>& b, T eps = 0) {
  using guigue_detail::triTri3d;
  const V3<T> p1 = a[0], q1 = a[1], r1 = a[2], p2 = b[0], q2 = b[1], r2 = b[2];
  const V3<T> n2 = cross(p2 - r2, q2 - r2);
  const T dp1 = dot(p1 - r2, n2), dq1 = dot(q1 - r2, n2), dr1 = dot(r1 - r2, n2);
  if (dp1 * dq1 > 0 && dp1 * dr1 > 0) return false;
  const V3<T> n1 = cross(q1 - p1, r1 - p1);
  const T dp2 = dot(p2 - r1, n1), dq2 = dot(q2 - r1, n1), dr2 = dot(r2 - r1, n1);
  if (dp2 * dq2 > 0 && dp2 * dr2 > 0) return false;
  int r;
  if (dp1 > 0) {
    if (dq1 > 0) r = triTri3d(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2);
    else if (dr1 > 0) r = triTri3d(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2);
    else r = triTri3d(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2);
  } else if (dp1 < 0) {
    if (dq1 < 0) r = triTri3d(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2);
    else if (dr1 < 0) r = triTri3d(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2);
    else r = triTri3d(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2);
  } else {
    if (dq1 < 0) {
      if (dr1 >= 0) r = triTri3d(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2);
      else r = triTri3d(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2);
    } else if (dq1 > 0) {
      if (dr1 > 0) r = triTri3d(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2);
      else r = triTri3d(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2);
    } else {
      if (dr1 > 0) r = triTri3d(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2);
      else if (dr1 < 0) r = triTri3d(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2);
      else r = -1;
    }
  }
  if (r < 0) return coplanarTriTri(n1, a, b, eps);
  return r != 0;
}

}  // namespace cc::isect
