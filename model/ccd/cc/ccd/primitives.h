// Narrow-phase primitives of van Waveren's continuous collision detection (§2, §3):
// translational and rotational vertex-polygon and edge-edge contact with the expel zone.
// Everything is double precision and in one common (world) frame. The "moving" feature
// moves, the other one stands still; reversed cases (a stationary vertex against a moving
// polygon) are handled by the caller by reversing the motion.
#pragma once
#include <optional>

#include "cc/ccd/plucker.h"

namespace cc::ccd {

struct Plane {
  Vec3 n = Vec3::UnitZ();  // unit normal, points out of the solid (front side)
  double d = 0;            // n.x + d = 0 on the plane
  double dist(const Vec3& x) const { return n.dot(x) + d; }
};

// --- Boundary checks (sidedness, §2.2/§2.3) ---------------------------------------------
// `s[i]` is side(motion line of the vertex, i-th polygon edge) with the edges directed
// counter-clockwise seen from the front. With our sign convention (plucker.h) a line that
// goes into the front face between the edges gives s[i] <= 0 for all i. The test is
// inclusive, so a line through a shared edge is inside BOTH neighbours: a vertex aimed
// exactly at a shared edge can never slip through (the shared edge's side value is one
// number, used with opposite signs by the two polygons).
inline bool passesInside(const double s[3]) { return s[0] <= 0 && s[1] <= 0 && s[2] <= 0; }

// True when s0 and s1 do not have strictly the same sign (the segment's ends lie on both
// sides of the other line, or one end on it).
inline bool straddles(double s0, double s1) {
  return (s0 <= 0 && s1 >= 0) || (s0 >= 0 && s1 <= 0);
}

// --- Translation (§2.2, §2.3, §3.1, §3.2) -----------------------------------------------
// A vertex at signed plane distance alpha moves by v, beta = n.v. Returns the fraction at
// which it reaches the hull of the expel zone (distance e), 0 when it starts inside the zone
// and moves towards the plane, nothing when it moves parallel or away, would need more
// than the whole step, or starts deeper than e behind the plane (it is then not in front of
// this polygon at all).
std::optional<double> translateVertexPlane(double alpha, double beta, double e);

// An edge with line la translates by v against a stationary edge with line lb; lx is the
// expel line (lb moved outwards by w, see expelOffset). Returns the fraction of the
// paper's §3.2 pseudo code: f2 (crossing lx) when 0 <= f1 (crossing lb) and f2 <= f1 and
// f2 < 1, clamped to 0; nothing otherwise (parallel lines included).
std::optional<double> translateEdgeEdge(const Line& la, const Line& lb, const Line& lx, const Vec3& v);

// Offset w from a stationary edge to the intersection line of its two neighbouring
// polygon planes, both moved outwards by e (n1.w = n2.w = e):
//   w = e (n1 + n2) / (1 + n1.n2).
// For sharp edges (n1.n2 -> -1) |w| grows without bound; the paper (§3.5) allows moving
// the line back towards the edge, we clamp |w| <= max_scale * e. A dangling edge (one
// polygon, n2 unused) is pushed outwards within its polygon's plane: w = e * outward.
Vec3 expelOffset(const Vec3& n1, const Vec3& n2, double e, double max_scale);
Vec3 expelOffsetDangling(const Vec3& edge_dir, const Vec3& n, const Vec3& towards_inside, double e);

// --- Rotation (§2.4, §2.5, §3.3, §3.4) --------------------------------------------------
// Rotation of the moving feature by angle phi in [0, phi_max] about the axis through c with
// unit direction u (right-hand rule). phi_max <= pi/2 (longer rotations are split by the
// caller), so r = tan(phi/2) in [0, tan(phi_max/2)] orders contacts without any arctan.
struct Rotation {
  Vec3 c = Vec3::Zero();
  Vec3 u = Vec3::UnitZ();
  double r_max = 0;  // tan(phi_max / 2)
};

// cos and sin of phi from r = tan(phi/2).
inline double cosOfR(double r) { return (1 - r * r) / (1 + r * r); }
inline double sinOfR(double r) { return 2 * r / (1 + r * r); }

// Rotation of point p (world) by the angle given by r.
Vec3 rotatePoint(const Vec3& p, const Rotation& rot, double r);
// Velocity direction of point p under the rotation (u x (p - c)), per radian.
inline Vec3 rotationVelocity(const Vec3& p, const Rotation& rot) { return rot.u.cross(p - rot.c); }

// g(phi) = v2 cos(phi) + v1 sin(phi) + v0. g > 0 means "outside the expel zone".
struct Sinusoid {
  double v0 = 0, v1 = 0, v2 = 0;
};

// x . R(phi) w for the rotation R(phi) about unit axis u through the origin (Rodrigues):
//   v2 = x.w - (u.x)(u.w),  v1 = x.(u x w),  v0 = (u.x)(u.w).
Sinusoid dotRotated(const Vec3& x, const Vec3& w, const Vec3& u);

enum class Zone { Outside, Inside, Behind };

// The first r in [0, r_max] where the moving feature hits the expel hull, following the
// pseudo code of §3.3 written in r = tan(phi/2):
//  Outside: the smallest root of g in [0, r_max] (entering the zone);
//  Inside:  0 if it starts moving deeper (g'(0) < 0); otherwise, if it leaves the zone
//           within the step, the re-entry root if that is also within the step, else none;
//           if it never leaves, the top of its arc (g' = 0) if reached within the step;
//  Behind:  none.
// The quadratic in r is a r^2 + 2 b r + c = 0 with a = v0 - v2, b = v1, c = v0 + v2; the
// top of the arc solves v1 r^2 + 2 v2 r - v1 = 0.
std::optional<double> firstRotationalContact(const Sinusoid& g, Zone zone, double r_max);

// Vertex p rotating against a stationary plane: g = dist(p(phi)) - e. Zone from dist(p):
// >= e outside, [-e, e) inside, < -e behind.
std::optional<double> rotateVertexPlane(const Vec3& p, const Plane& plane, const Rotation& rot, double e);

// Edge line la rotating against the stationary edge line lb with expel line lx (lb + w).
// g = sigma * side(la(phi), lx) with sigma chosen so that g > 0 outside (docs/ccd.md);
// zone: between lb and lx = inside.
std::optional<double> rotateEdgeEdge(const Line& la, const Line& lb, const Line& lx, const Rotation& rot);

// Line la after rotation by r.
Line rotateLine(const Line& la, const Rotation& rot, double r);

// Point of (almost) intersecting lines p and q: the plane through q spanned by q.d and
// p.d x q.d is cut with p (§2.6). Requires non-parallel lines.
Vec3 linesPoint(const Line& p, const Line& q);

// Point on line l closest to the origin-independent parametrization: a point of the line.
inline Vec3 pointOn(const Line& l) { return l.d.cross(l.m) / l.d.squaredNorm(); }

}  // namespace cc::ccd
