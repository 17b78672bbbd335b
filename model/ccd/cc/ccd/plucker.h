// Plücker coordinates of directed lines (van Waveren 2005, §2.1).
//
// We store a line through a then b as the pair (d, m) = (b - a, a x b): direction and moment.
// The paper's six-tuple (p0..p5) holds the same numbers up to order and sign:
//   p0 = m_z, p1 = -m_y, p2 = -d_x, p3 = m_x, p4 = -d_z, p5 = d_y,
// and its permuted inner product p0 q4 + p1 q5 + p2 q3 + p4 q0 + p5 q1 + p3 q2 equals
// -(d_p . m_q + d_q . m_p). We use side(p, q) = d_p . m_q + d_q . m_p, which is zero iff the
// lines are coplanar and whose sign tells on which side one line passes the other
// (docs/ccd.md, "Plücker coordinates").
#pragma once
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace cc::ccd {

using Vec3 = Eigen::Vector3d;

struct Line {
  Vec3 d = Vec3::Zero();  // direction (b - a), not normalized
  Vec3 m = Vec3::Zero();  // moment a x b

  // Directed line through a then b.
  static Line through(const Vec3& a, const Vec3& b) { return {b - a, a.cross(b)}; }
  // Line through point a in direction v (a moving point, §2.1): moment a x (a + v) = a x v.
  static Line ray(const Vec3& a, const Vec3& v) { return {v, a.cross(v)}; }
  Line reversed() const { return {-d, -m}; }
};

// Permuted inner product: side(p, q) = d_p.m_q + d_q.m_p = -det[a 1; b 1; c 1; d 1] for
// p = a->b, q = c->d (the paper's product is +det); |side| = 6 x the tetrahedron's volume.
inline double side(const Line& p, const Line& q) { return p.d.dot(q.m) + q.d.dot(p.m); }

// The Plücker relation d.m = 0 that every real line satisfies.
inline double pluckerRelation(const Line& p) { return p.d.dot(p.m); }

}  // namespace cc::ccd
