// Held, ERIT (JGT 2(4), 1997) §2.3-2.7: tests of line segments and triangles against
// spheres, cylinders, cones and convex/concave toroidal solids, cylinder/sphere and
// sphere/sphere. All solids are closed (touching counts). ERIT's thresholds are EritEps:
// ZERO guards divisions and square roots, EPS widens "inside" comparisons (x <= EPS).
// Where we depart from the paper's description it is said at the function.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>

#include "cc/isect/quartic.h"
#include "cc/isect/tri_tri_held.h"

namespace cc::isect {

template <class T> struct Sphere {
  V3<T> c;
  T r;
};
// Right circular cylinder: axis from p to q, radius r (ERIT §2.4).
template <class T> struct Cylinder {
  V3<T> p, q;
  T r;
};
// Upright cone frustum (ERIT §2.6): base centre p, axis +z, height h, radii rb (z = p.z)
// and rt (z = p.z + h); either radius may be 0.
template <class T> struct Cone {
  V3<T> p;
  T h, rb, rt;
};
// Upright toroidal solid (ERIT §2.7): centre c on the z axis of the solid, generating disk
// radius rho2 at distance rho1, cut to z in [c.z + zlo, c.z + zhi] with |zlo|,|zhi| <= rho2.
// Convex: radius(z) = rho1 + sqrt(rho2^2 - z^2); concave: rho1 - sqrt(...) (needs rho1 >= rho2).
template <class T> struct Toroid {
  V3<T> c;
  T rho1, rho2, zlo, zhi;
  bool convex;
};

namespace erit_detail {

template <class T> inline bool le(T x, T eps) { return x <= eps; }  // ERIT's le(x, eps)

// Squared distance from point c to segment ab.
template <class T> inline T segPointDist2(V3<T> a, V3<T> b, V3<T> c) {
  const V3<T> ab = b - a, ac = c - a;
  const T t = dot(ab, ac), l = norm2(ab);
  if (t <= 0 || l == 0) return norm2(ac);
  if (t >= l) return norm2(c - b);
  return norm2(ac) - t * t / l;
}

// Clips the parameter range [t0, t1] of a + t (b - a) to lo <= z <= hi. False if empty.
template <class T> inline bool clipZ(V3<T> a, V3<T> b, T lo, T hi, T& t0, T& t1) {
  const T dz = b.z - a.z;
  if (dz == 0) return a.z >= lo && a.z <= hi;
  T s0 = (lo - a.z) / dz, s1 = (hi - a.z) / dz;
  if (s0 > s1) std::swap(s0, s1);
  t0 = std::max(t0, s0);
  t1 = std::min(t1, s1);
  return t0 <= t1;
}

// Clips a triangle to the slab lo <= z <= hi (ERIT Algorithm Tri-II): up to 5 vertices.
template <class T> inline int clipTriZ(const Tri<T>& t, T lo, T hi, V3<T>* out) {
  V3<T> a[8], b[8];
  int n = 3;
  for (int i = 0; i < 3; ++i) a[i] = t[i];
  for (int side = 0; side < 2; ++side) {
    int m = 0;
    for (int i = 0; i < n; ++i) {
      const V3<T> p = a[i], q = a[(i + 1) % n];
      const T dp = side == 0 ? p.z - lo : hi - p.z, dq = side == 0 ? q.z - lo : hi - q.z;
      if (dp >= 0) b[m++] = p;
      if ((dp < 0) != (dq < 0)) {
        b[m] = p + (dp / (dp - dq)) * (q - p);
        b[m++].z = side == 0 ? lo : hi;  // exactly on the plane: edges there must test as in the slab
      }
    }
    n = m;
    for (int i = 0; i < n; ++i) a[i] = b[i];
  }
  for (int i = 0; i < n; ++i) out[i] = a[i];
  return n;
}

// The probe of Tri-II for solids of revolution about the vertical line through (ax, ay):
// every connected piece of (triangle plane) ∩ (solid) meets the line l = plane ∩ V, V the
// vertical plane through the axis containing the plane normal's horizontal part (each
// horizontal slice is a disk centred on the axis, so the chord of a horizontal line of the
// plane through any point of the piece has its midpoint on l). When no edge of the clipped
// triangle touches the solid, each piece is inside or outside the triangle as a whole, so
// testing the part of l inside the triangle and the slab suffices. Returns false if that
// part is empty; otherwise the probe segment a-b (possibly a single point).
template <class T>
inline bool probeSegment(const Tri<T>& tri, T ax, T ay, T lo, T hi, V3<T>& pa, V3<T>& pb) {
  const V3<T> n = cross(tri[1] - tri[0], tri[2] - tri[0]);
  const T nh2 = n.x * n.x + n.y * n.y;
  V3<T> o, d;  // l = o + s d
  if (nh2 == 0) {  // horizontal plane: the slice is one disk, its centre on the axis
    o = {ax, ay, tri[0].z};
    d = {0, 0, 0};
  } else if (n.z == 0) {  // vertical plane: l is the vertical line at the foot of the axis
    const T k = (n.x * (tri[0].x - ax) + n.y * (tri[0].y - ay)) / nh2;
    o = {ax + k * n.x, ay + k * n.y, 0};
    d = {0, 0, 1};
  } else {  // l passes through the axis point of the plane, direction n x (n x e_z)
    const T z0 = tri[0].z + (n.x * (tri[0].x - ax) + n.y * (tri[0].y - ay)) / n.z;
    o = {ax, ay, z0};
    d = {n.x * n.z, n.y * n.z, -nh2};
  }
  // Clip s to the slab, then to the triangle (2D, in the triangle's projection plane).
  T s0 = -std::numeric_limits<T>::max(), s1 = std::numeric_limits<T>::max();
  if (d.z != 0) {
    T a = (lo - o.z) / d.z, b = (hi - o.z) / d.z;
    if (a > b) std::swap(a, b);
    s0 = a, s1 = b;
  } else if (o.z < lo || o.z > hi) {
    return false;
  }
  const int ax2 = dominantAxis(n);
  const V2<T> t2[3] = {project(tri[0], ax2), project(tri[1], ax2), project(tri[2], ax2)};
  const V2<T> o2 = project(o, ax2), d2 = project(d, ax2);
  const T orient = orient2(t2[0], t2[1], t2[2]);
  if (orient == 0) return false;
  if (d2.x == 0 && d2.y == 0) {  // single point
    if (!pointInTri2(t2[0], t2[1], t2[2], o2, T(0))) return false;
    pa = pb = o;
    return true;
  }
  for (int e = 0; e < 3; ++e) {  // half-plane of each edge: f(s) = f0 + s f1 >= 0
    const V2<T> a = t2[e], b = t2[(e + 1) % 3];
    const T f0 = orient * ((b.x - a.x) * (o2.y - a.y) - (b.y - a.y) * (o2.x - a.x));
    const T f1 = orient * ((b.x - a.x) * d2.y - (b.y - a.y) * d2.x);
    if (f1 == 0) {
      if (f0 < 0) return false;
    } else if (f1 > 0) {
      s0 = std::max(s0, -f0 / f1);
    } else {
      s1 = std::min(s1, -f0 / f1);
    }
  }
  if (s0 > s1) return false;
  pa = o + s0 * d;
  pb = o + s1 * d;
  return true;
}

}  // namespace erit_detail

// ------------------------------------------------------------------------------ spheres
// SPHEDGE3D, as in §2.3: endpoint inside, else the foot C of the centre on the line.
template <class T> inline bool sphereSeg(const Sphere<T>& s, V3<T> a, V3<T> b, EritEps<T> e = {}) {
  using erit_detail::le;
  const T r2 = s.r * s.r;
  const V3<T> ap = s.c - a, ab = b - a;
  const T d1 = norm2(ap);
  if (le(d1 - r2, e.eps)) return true;
  const T abap = dot(ab, ap);
  if (abap < 0) return false;  // points away from the sphere
  const T ab2 = norm2(ab);
  if (ab2 <= e.zero) return false;
  const T d2 = abap * abap / ab2;  // |AC|^2
  if (d2 < ab2) return le(d1 - d2 - r2, e.eps);
  return le(norm2(s.c - b) - r2, e.eps);
}

// SPHTRI3D: edges, then the projection of the centre onto the plane (TriPnt2D).
template <class T> inline bool sphereTri(const Sphere<T>& s, const Tri<T>& t, EritEps<T> e = {}) {
  for (int i = 0; i < 3; ++i) {
    if (sphereSeg(s, t[i], t[(i + 1) % 3], e)) return true;
  }
  const V3<T> n = cross(t[1] - t[0], t[2] - t[0]);
  const T n2 = norm2(n);
  if (n2 <= e.zero) return false;
  const T dn = dot(n, t[0] - s.c);
  if (!erit_detail::le(dn * dn / n2 - s.r * s.r, e.eps)) return false;
  const V3<T> q = s.c + (dn / n2) * n;
  const int ax = dominantAxis(n);
  return pointInTri2(project(t[0], ax), project(t[1], ax), project(t[2], ax), project(q, ax), e.eps);
}

template <class T> inline bool sphereSphere(const Sphere<T>& a, const Sphere<T>& b, EritEps<T> e = {}) {
  const T rr = a.r + b.r;
  return erit_detail::le(norm2(a.c - b.c) - rr * rr, e.eps);
}

// ---------------------------------------------------------------------------- cylinders
// CYLEDGE3D (§2.4): the parameter interval [s1, s2] of the line inside the infinite
// cylinder, intersected with the slab interval [s3, s4] and with [0, 1]. Half width
// ds = sqrt(r^2 - delta^2) |pq| / |n|, the paper's |n'| / |ab . n'| simplified.
template <class T> inline bool cylinderSeg(const Cylinder<T>& c, V3<T> a, V3<T> b, EritEps<T> e = {}) {
  const V3<T> pq = c.q - c.p, ab = b - a, ap = c.p - a;
  const T r2 = c.r * c.r, pq2 = norm2(pq);
  if (pq2 <= e.zero) return false;
  const V3<T> n = cross(ab, pq);
  const T n2 = norm2(n);
  T s1, s2;
  if (n2 > e.zero * pq2) {
    const T apn = dot(ap, n);
    const T delta2 = apn * apn / n2;
    if (!erit_detail::le(delta2 - r2, e.eps)) return false;
    const T nu = dot(cross(ap, pq), n) / n2;
    const T ds = std::sqrt(std::max(T(0), r2 - delta2) * pq2 / n2);
    s1 = nu - ds;
    s2 = nu + ds;
  } else {  // parallel: inside the infinite cylinder all along, or never
    const T x = dot(ap, pq);
    if (!erit_detail::le(norm2(ap) - x * x / pq2 - r2, e.eps)) return false;
    s1 = -std::numeric_limits<T>::max();
    s2 = std::numeric_limits<T>::max();
  }
  T s3, s4;
  const T pqab = dot(pq, ab);
  if (pqab == 0) {  // segment normal to the axis: between the planes or not
    const T h = -dot(pq, ap);
    if (h < -e.eps || h > pq2 + e.eps) return false;
    s3 = 0, s4 = 1;
  } else {
    s3 = dot(pq, ap) / pqab;
    s4 = dot(pq, c.q - a) / pqab;
    if (s3 > s4) std::swap(s3, s4);
  }
  const T lo = std::max({s1, s3, T(0)}), hi = std::min({s2, s4, T(1)});
  return lo <= hi;
}

// UPCYLEDGE3D: upright cylinder (p.x = q.x, p.y = q.y, p.z <= q.z): clip to the slab,
// then the 2D distance of the clipped segment from the axis.
template <class T> inline bool upCylinderSeg(const Cylinder<T>& c, V3<T> a, V3<T> b, EritEps<T> e = {}) {
  T t0 = 0, t1 = 1;
  if (!erit_detail::clipZ(a, b, c.p.z, c.q.z, t0, t1)) return false;
  const V3<T> ab = b - a;
  const V2<T> A{a.x + t0 * ab.x - c.p.x, a.y + t0 * ab.y - c.p.y}, B{a.x + t1 * ab.x - c.p.x, a.y + t1 * ab.y - c.p.y};
  const V2<T> d = B - A;
  const T dd = d.x * d.x + d.y * d.y;
  T t = 0;
  if (dd > e.zero) t = std::clamp(-(A.x * d.x + A.y * d.y) / dd, T(0), T(1));
  const T x = A.x + t * d.x, y = A.y + t * d.y;
  return erit_detail::le(x * x + y * y - c.r * c.r, e.eps);
}

// CYLTRI3D (generic Tri-I): edges, then the segment between the cylinder's two support
// points along -n and +n (the paper's P-/Q+ construction: inside the convex cylinder and
// spanning every plane parallel to the triangle that meets it).
template <class T> inline bool cylinderTri(const Cylinder<T>& c, const Tri<T>& t, EritEps<T> e = {}) {
  for (int i = 0; i < 3; ++i) {
    if (cylinderSeg(c, t[i], t[(i + 1) % 3], e)) return true;
  }
  const V3<T> n = cross(t[1] - t[0], t[2] - t[0]), pq = c.q - c.p;
  const T pq2 = norm2(pq);
  if (pq2 <= e.zero) return false;
  const V3<T> m = n - (dot(n, pq) / pq2) * pq;  // n's part across the axis
  const T m2 = norm2(m);
  const V3<T> off = m2 > e.zero ? (c.r / std::sqrt(m2)) * m : V3<T>{0, 0, 0};
  const bool qHigher = dot(n, pq) >= 0;
  const V3<T> lowC = qHigher ? c.p : c.q, highC = qHigher ? c.q : c.p;
  return heldTriEdge(t, lowC - off, highC + off, e);
}

// UPCYLTRI3D (Tri-II): clip the triangle to the slab, 2D circle/segment tests on the
// clipped polygon's edges, then TRIEDGE3D of the axis PQ.
template <class T> inline bool upCylinderTri(const Cylinder<T>& c, const Tri<T>& t, EritEps<T> e = {}) {
  V3<T> poly[8];
  const int n = erit_detail::clipTriZ(t, c.p.z, c.q.z, poly);
  if (n == 0) return false;
  for (int i = 0; i < n; ++i) {
    if (upCylinderSeg(c, poly[i], poly[(i + 1) % n], e)) return true;
  }
  return heldTriEdge(t, c.p, c.q, e);
}

// The rigid map of §2.4 that puts a general cylinder upright: P to the origin, Q onto the
// +z axis. The frame is built from pq / |pq| and a perpendicular taken from the coordinate
// axis least aligned with it (the paper picks coordinates > 1/2; any orthonormal completion
// gives the same test).
template <class T> struct UprightFrame {
  V3<T> o, ex, ey, ez;
  T h;
  V3<T> map(V3<T> x) const {
    const V3<T> d = x - o;
    return {dot(d, ex), dot(d, ey), dot(d, ez)};
  }
};
template <class T> inline UprightFrame<T> uprightFrame(V3<T> p, V3<T> q) {
  const V3<T> pq = q - p;
  const T h = std::sqrt(norm2(pq));
  const V3<T> ez = (T(1) / h) * pq;
  const int k = std::fabs(ez.x) <= std::fabs(ez.y) ? (std::fabs(ez.x) <= std::fabs(ez.z) ? 0 : 2)
                                                   : (std::fabs(ez.y) <= std::fabs(ez.z) ? 1 : 2);
  const V3<T> axis = k == 0 ? V3<T>{1, 0, 0} : (k == 1 ? V3<T>{0, 1, 0} : V3<T>{0, 0, 1});
  V3<T> ex = cross(axis, ez);
  ex = (T(1) / std::sqrt(norm2(ex))) * ex;
  return {p, ex, cross(ez, ex), ez, h};
}

// Transform, then the upright test (the "Up" rows of ERIT Table 1 include this cost).
template <class T> inline bool cylinderSegViaUpright(const Cylinder<T>& c, V3<T> a, V3<T> b, EritEps<T> e = {}) {
  const UprightFrame<T> f = uprightFrame(c.p, c.q);
  return upCylinderSeg(Cylinder<T>{{0, 0, 0}, {0, 0, f.h}, c.r}, f.map(a), f.map(b), e);
}
template <class T> inline bool cylinderTriViaUpright(const Cylinder<T>& c, const Tri<T>& t, EritEps<T> e = {}) {
  const UprightFrame<T> f = uprightFrame(c.p, c.q);
  return upCylinderTri(Cylinder<T>{{0, 0, 0}, {0, 0, f.h}, c.r}, Tri<T>{f.map(t[0]), f.map(t[1]), f.map(t[2])}, e);
}

// CYLSPH3D (§2.5): delta <= rho_c + rho_s', rho_s' the sphere's radius in the nearer cap plane.
template <class T> inline bool cylinderSphere(const Cylinder<T>& c, const Sphere<T>& s, EritEps<T> e = {}) {
  const V3<T> pq = c.q - c.p, pa = s.c - c.p;
  const T h2 = norm2(pq);
  if (h2 <= e.zero) return false;
  const T x = dot(pq, pa);  // = Delta * h
  const T delta2 = std::max(T(0), norm2(pa) - x * x / h2);
  T rs = s.r;
  if (x > h2 || x < 0) {
    const T d = (x > h2 ? x - h2 : -x);  // = dist * h
    const T rs2 = s.r * s.r - d * d / h2;
    if (rs2 < -e.eps) return false;
    rs = std::sqrt(std::max(T(0), rs2));
  }
  const T rr = c.r + rs;
  return erit_detail::le(delta2 - rr * rr, e.eps);
}

// UPCYLSPH3D: the same for an upright cylinder.
template <class T> inline bool upCylinderSphere(const Cylinder<T>& c, const Sphere<T>& s, EritEps<T> e = {}) {
  const T dx = s.c.x - c.p.x, dy = s.c.y - c.p.y;
  T rs = s.r;
  const T d = s.c.z > c.q.z ? s.c.z - c.q.z : (s.c.z < c.p.z ? c.p.z - s.c.z : T(0));
  if (d > 0) {
    const T rs2 = s.r * s.r - d * d;
    if (rs2 < -e.eps) return false;
    rs = std::sqrt(std::max(T(0), rs2));
  }
  const T rr = c.r + rs;
  return erit_detail::le(dx * dx + dy * dy - rr * rr, e.eps);
}

// -------------------------------------------------------------------------------- cones
// UPCONEDGE3D. Deviation: instead of Held's projective map onto a cylinder we minimise
// f(t) = |xy(t)|^2 - rho(z(t))^2 over the clipped segment; f is a quadratic in t (rho is
// linear in z), so the minimum is at an end point or at the vertex. Same decision, no
// special cases for rho_t << rho_b.
template <class T> inline bool upConeSeg(const Cone<T>& c, V3<T> a, V3<T> b, EritEps<T> e = {}) {
  T t0 = 0, t1 = 1;
  if (c.h <= 0 || !erit_detail::clipZ(a, b, c.p.z, c.p.z + c.h, t0, t1)) return false;
  const V3<T> ab = b - a;
  const T k = (c.rt - c.rb) / c.h;
  // xy(t) = u + t w, rho(t) = r0 + t dr
  const V2<T> u{a.x - c.p.x, a.y - c.p.y}, w{ab.x, ab.y};
  const T r0 = c.rb + k * (a.z - c.p.z), dr = k * ab.z;
  const T A = w.x * w.x + w.y * w.y - dr * dr, B = 2 * (u.x * w.x + u.y * w.y - r0 * dr),
          C = u.x * u.x + u.y * u.y - r0 * r0;
  auto f = [&](T t) { return (A * t + B) * t + C; };
  if (erit_detail::le(f(t0), e.eps) || erit_detail::le(f(t1), e.eps)) return true;
  if (A > e.zero) {
    const T tv = -B / (2 * A);
    if (tv > t0 && tv < t1) return erit_detail::le(f(tv), e.eps);
  }
  return false;
}

// UPCONTRI3D (Tri-II): clipped polygon's edges, then the axis segment (the plane section
// of a cone within the slab contains the axis point or reaches a slab plane).
template <class T> inline bool upConeTri(const Cone<T>& c, const Tri<T>& t, EritEps<T> e = {}) {
  V3<T> poly[8];
  const int n = erit_detail::clipTriZ(t, c.p.z, c.p.z + c.h, poly);
  if (n == 0) return false;
  for (int i = 0; i < n; ++i) {
    if (upConeSeg(c, poly[i], poly[(i + 1) % n], e)) return true;
  }
  return heldTriEdge(t, c.p, V3<T>{c.p.x, c.p.y, c.p.z + c.h}, e);
}

// ------------------------------------------------------------------------------ toroids
template <class T> inline T toroidRadius(const Toroid<T>& s, T z) {  // z relative to centre
  const T w = std::sqrt(std::max(T(0), s.rho2 * s.rho2 - z * z));
  return s.convex ? s.rho1 + w : s.rho1 - w;
}
template <class T> inline bool inToroid(const Toroid<T>& s, V3<T> p, T eps) {
  const T z = p.z - s.c.z;
  if (z < s.zlo - eps || z > s.zhi + eps) return false;
  const T x = p.x - s.c.x, y = p.y - s.c.y;
  const T r = toroidRadius(s, std::clamp(z, s.zlo, s.zhi));
  return r >= 0 && x * x + y * y <= r * r + eps;
}

// UPCVXTOREDGE3D / UPCVETOREDGE3D (§2.7): clip to the z range; an end point inside; the
// maximal slice radius as a quick rejection; else the real roots of the quartic
// (x^2 + y^2 + z^2 + rho1^2 - rho2^2)^2 - 4 rho1^2 (x^2 + y^2) = 0 along the clipped
// segment (the paper prints x^2 + z^2 in the last term, for a y axis), accepting a root
// whose point lies on the right branch (r >= rho1 convex, r <= rho1 concave). The quartic
// is solved in double for both precisions.
template <class T> inline bool toroidSeg(const Toroid<T>& s, V3<T> a0, V3<T> b0, EritEps<T> e = {}) {
  T t0 = 0, t1 = 1;
  const V3<T> a = a0 - s.c, b = b0 - s.c;
  if (!erit_detail::clipZ(a, b, s.zlo, s.zhi, t0, t1)) return false;
  const V3<T> ab = b - a;
  V3<T> A = a + t0 * ab, B = a + t1 * ab;
  A.z = std::clamp(A.z, s.zlo, s.zhi);  // clipped end points are in the slab by construction
  B.z = std::clamp(B.z, s.zlo, s.zhi);
  const Toroid<T> local{{0, 0, 0}, s.rho1, s.rho2, s.zlo, s.zhi, s.convex};
  if (inToroid(local, A, e.eps) || inToroid(local, B, e.eps)) return true;
  // Quick rejection: the xy projection against the largest slice radius.
  const T zmax = s.convex ? std::clamp(T(0), s.zlo, s.zhi)
                          : (std::fabs(s.zlo) > std::fabs(s.zhi) ? s.zlo : s.zhi);
  const T rmax = toroidRadius(s, zmax);
  {
    const V2<T> P{A.x, A.y}, d{B.x - A.x, B.y - A.y};
    const T dd = d.x * d.x + d.y * d.y;
    const T t = dd > 0 ? std::clamp(-(P.x * d.x + P.y * d.y) / dd, T(0), T(1)) : T(0);
    const T x = P.x + t * d.x, y = P.y + t * d.y;
    if (x * x + y * y > rmax * rmax + e.eps) return false;
  }
  // Quartic in t for X(t) = A + t (B - A), t in [0, 1].
  const double ax = A.x, ay = A.y, az = A.z, dx = B.x - A.x, dy = B.y - A.y, dz = B.z - A.z;
  const double r1 = s.rho1, r2 = s.rho2, k = r1 * r1 - r2 * r2;
  const double c2 = dx * dx + dy * dy + dz * dz, c1 = 2 * (ax * dx + ay * dy + az * dz),
               c0 = ax * ax + ay * ay + az * az + k;  // |X|^2 + k = c2 t^2 + c1 t + c0
  const double h2 = dx * dx + dy * dy, h1 = 2 * (ax * dx + ay * dy), h0 = ax * ax + ay * ay;
  const double f = 4 * r1 * r1;
  const double poly[5] = {c0 * c0 - f * h0, 2 * c0 * c1 - f * h1, c1 * c1 + 2 * c0 * c2 - f * h2, 2 * c1 * c2,
                          c2 * c2};
  double roots[4];
  const int nr = solveQuartic(poly, roots);
  for (int i = 0; i < nr; ++i) {
    if (roots[i] < -1e-12 || roots[i] > 1 + 1e-12) continue;
    const double t = std::clamp(roots[i], 0.0, 1.0);
    const double x = ax + t * dx, y = ay + t * dy, z = az + t * dz;
    const double r = std::sqrt(x * x + y * y);
    if (z < s.zlo - 1e-12 || z > s.zhi + 1e-12) continue;
    const double tol = 1e-9 * std::max(1.0, r1);
    if (s.convex ? r >= r1 - tol : r <= r1 + tol) return true;
  }
  return false;
}

// UPCVXTORTRI3D / UPCVETORTRI3D (Tri-II). Deviation: instead of ERIT's "one (convex) or up
// to three (concave) additional segment tests", one probe segment (erit_detail::
// probeSegment) handles both kinds: it meets every piece of the plane section.
template <class T> inline bool toroidTri(const Toroid<T>& s, const Tri<T>& t, EritEps<T> e = {}) {
  V3<T> poly[8];
  const int n = erit_detail::clipTriZ(t, s.c.z + s.zlo, s.c.z + s.zhi, poly);
  if (n == 0) return false;
  for (int i = 0; i < n; ++i) {
    if (toroidSeg(s, poly[i], poly[(i + 1) % n], e)) return true;
  }
  V3<T> pa, pb;
  if (!erit_detail::probeSegment(t, s.c.x, s.c.y, s.c.z + s.zlo, s.c.z + s.zhi, pa, pb)) return false;
  return toroidSeg(s, pa, pb, e);
}

// ---------------------------------------------------------------------------------- 2D
// TRIPNT2D and TRIEDGE2D: closed point/triangle and segment/triangle in the plane.
template <class T> inline bool pointTri2D(V2<T> a, V2<T> b, V2<T> c, V2<T> p, EritEps<T> e = {}) {
  return pointInTri2(a, b, c, p, e.eps);
}
template <class T> inline bool segTri2D(V2<T> a, V2<T> b, V2<T> c, V2<T> p, V2<T> q, EritEps<T> e = {}) {
  return segTri2(a, b, c, p, q, e.eps);
}

}  // namespace cc::isect
