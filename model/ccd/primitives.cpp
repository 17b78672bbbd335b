// Narrow-phase primitives (van Waveren 2005 §2-3). Formulas re-derived in docs/ccd.md.
#include "cc/ccd/primitives.h"

#include <algorithm>
#include <cmath>

namespace cc::ccd {
namespace {

// Real roots of a r^2 + 2 b r + c = 0 in ascending order; returns how many (0..2).
// Written so that neither root loses precision by cancellation.
int solveQuadratic(double a, double b, double c, double roots[2]) {
  if (a == 0) {
    if (b == 0) return 0;
    roots[0] = -c / (2 * b);
    return 1;
  }
  const double disc = b * b - a * c;
  if (disc < 0) return 0;
  const double t = -(b + std::copysign(std::sqrt(disc), b));
  if (t == 0) {  // b == 0 and a*c == 0: double root at 0
    roots[0] = roots[1] = 0;
    return 2;
  }
  double r0 = t / a, r1 = c / t;
  if (r0 > r1) std::swap(r0, r1);
  roots[0] = r0;
  roots[1] = r1;
  return 2;
}

// Smallest root of a r^2 + 2 b r + c in [lo, hi], if any.
std::optional<double> smallestRootIn(double a, double b, double c, double lo, double hi) {
  double roots[2];
  const int n = solveQuadratic(a, b, c, roots);
  for (int i = 0; i < n; ++i)
    if (roots[i] >= lo && roots[i] <= hi) return roots[i];
  return std::nullopt;
}

double sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }

}  // namespace

std::optional<double> translateVertexPlane(double alpha, double beta, double e) {
  if (alpha < -e) return std::nullopt;  // behind the plane: not this polygon's business
  if (!(beta < 0)) return std::nullopt;  // parallel or moving away (also NaN)
  // alpha + f beta = e; the paper prints (alpha - e)/beta with beta of the other sign.
  const double f = (e - alpha) / beta;
  if (f > 1) return std::nullopt;
  return std::max(f, 0.0);
}

std::optional<double> translateEdgeEdge(const Line& la, const Line& lb, const Line& lx, const Vec3& v) {
  // side(la moved by f v, l) = side(la, l) + f * l.d.(v x la.d): linear in f, and the same
  // slope for lb and lx because they are parallel.
  const double beta = lb.d.dot(v.cross(la.d));
  if (beta == 0) return std::nullopt;
  const double f1 = -side(la, lb) / beta;
  const double f2 = -side(la, lx) / beta;
  if (!(f1 >= 0)) return std::nullopt;             // moving apart (or already through)
  if (f2 >= 1 || f1 < f2) return std::nullopt;     // hull not reached, or coming from inside
  return std::max(f2, 0.0);
}

Vec3 expelOffset(const Vec3& n1, const Vec3& n2, double e, double max_scale) {
  const Vec3 sum = n1 + n2;
  const double sn = sum.norm();
  if (sn < 1e-12) return Vec3::Zero();  // knife edge: no wedge line, vertex zones cover it
  const double denom = 1 + n1.dot(n2);  // = |n1 + n2|^2 / 2 > 0 here
  const double len = e * sn / denom;
  return sum / sn * std::min(len, max_scale * e);
}

Vec3 expelOffsetDangling(const Vec3& edge_dir, const Vec3& n, const Vec3& towards_inside, double e) {
  Vec3 out = edge_dir.cross(n);
  const double len = out.norm();
  if (len == 0) return Vec3::Zero();
  out /= len;
  if (out.dot(towards_inside) > 0) out = -out;
  return e * out;
}

Vec3 rotatePoint(const Vec3& p, const Rotation& rot, double r) {
  const double c = cosOfR(r), s = sinOfR(r);
  const Vec3 q = p - rot.c;
  const Vec3& u = rot.u;
  return rot.c + q * c + u.cross(q) * s + u * (u.dot(q) * (1 - c));
}

Line rotateLine(const Line& la, const Rotation& rot, double r) {
  const double c = cosOfR(r), s = sinOfR(r);
  const Vec3& u = rot.u;
  auto turn = [&](const Vec3& w) -> Vec3 { return w * c + u.cross(w) * s + u * (u.dot(w) * (1 - c)); };
  const Vec3 mc = la.m - rot.c.cross(la.d);  // moment about the axis point
  const Vec3 d = turn(la.d);
  return {d, turn(mc) + rot.c.cross(d)};
}

Sinusoid dotRotated(const Vec3& x, const Vec3& w, const Vec3& u) {
  const double ux = u.dot(x), uw = u.dot(w);
  return {ux * uw, x.dot(u.cross(w)), x.dot(w) - ux * uw};
}

std::optional<double> firstRotationalContact(const Sinusoid& g, Zone zone, double r_max) {
  const double qa = g.v0 - g.v2, qb = g.v1, qc = g.v0 + g.v2;
  switch (zone) {
    case Zone::Behind:
      return std::nullopt;
    case Zone::Outside:
      return smallestRootIn(qa, qb, qc, 0, r_max);
    case Zone::Inside:
      break;
  }
  // Inside the zone: only motion away from the stationary feature is allowed.
  if (g.v1 < 0) return 0.0;                      // g'(0) < 0: moving deeper, stop at once
  if (g.v1 == 0) {
    if (g.v2 > 0) return 0.0;                    // g''(0) = -v2 < 0: deeper right away
    if (g.v2 == 0) return std::nullopt;          // g constant: no relative motion
  }
  double roots[2];
  const int n = solveQuadratic(qa, qb, qc, roots);
  // Exit root: where g turns positive. With g(0) <= 0 and g'(0) >= 0 it is the largest
  // root when the parabola opens upwards (qa > 0: the other root is <= 0), the smaller
  // one when it opens downwards (then the larger root is the re-entry), the only one when
  // linear. A re-entry beyond phi = pi would be r = infinity: outside any step.
  std::optional<double> exit_r, reentry_r;
  if (qa > 0 && n == 2) {
    exit_r = roots[1];
  } else if (qa < 0 && n == 2) {
    exit_r = roots[0];
    reentry_r = roots[1];
  } else if (qa == 0 && n == 1) {
    exit_r = roots[0];
  }
  if (exit_r && *exit_r >= 0) {
    if (*exit_r > r_max) return std::nullopt;    // still leaving when the step ends
    if (reentry_r && *reentry_r <= r_max) return std::max(*reentry_r, 0.0);
    return std::nullopt;
  }
  // Never leaves the zone: allowed to rise up to the top of its arc (g' = 0).
  return smallestRootIn(g.v1, g.v2, -g.v1, 1e-300, r_max);
}

std::optional<double> rotateVertexPlane(const Vec3& p, const Plane& plane, const Rotation& rot, double e) {
  const double dist = plane.dist(p);
  const Zone zone = dist >= e ? Zone::Outside : (dist >= -e ? Zone::Inside : Zone::Behind);
  if (zone == Zone::Behind) return std::nullopt;
  Sinusoid g = dotRotated(plane.n, p - rot.c, rot.u);
  g.v0 += plane.dist(rot.c) - e;
  return firstRotationalContact(g, zone, rot.r_max);
}

std::optional<double> rotateEdgeEdge(const Line& la, const Line& lb, const Line& lx, const Rotation& rot) {
  const double sb = side(la, lb), sx = side(la, lx);
  const double k = sx - sb;  // side(la, lx) - side(la, lb): sign tells where lx lies
  Zone zone;
  double sigma;
  if (straddles(sb, sx)) {
    if (k == 0) return std::nullopt;  // la meets lb and lx at once: left to vertex tests
    zone = Zone::Inside;
    sigma = -sign(k);
  } else if (sx * k < 0 || k == 0) {
    zone = Zone::Outside;
    sigma = sign(sx);
  } else {
    return std::nullopt;  // beyond lb: deep inside, not a contact of this edge pair
  }
  // side(la(phi), lx) about the axis point: R d_a . m_x + d_x . R m_a (moments about c).
  const Vec3 ma = la.m - rot.c.cross(la.d);
  const Vec3 mx = lx.m - rot.c.cross(lx.d);
  const Sinusoid g1 = dotRotated(mx, la.d, rot.u);
  const Sinusoid g2 = dotRotated(lx.d, ma, rot.u);
  const Sinusoid g{sigma * (g1.v0 + g2.v0), sigma * (g1.v1 + g2.v1), sigma * (g1.v2 + g2.v2)};
  return firstRotationalContact(g, zone, rot.r_max);
}

Vec3 linesPoint(const Line& p, const Line& q) {
  const Vec3 n = p.d.cross(q.d);
  const Vec3 normal = q.d.cross(n);  // plane through q containing n
  const Vec3 q0 = pointOn(q), p0 = pointOn(p);
  const double denom = p.d.dot(normal);
  if (denom == 0) return p0;
  return p0 + p.d * ((q0 - p0).dot(normal) / denom);
}

}  // namespace cc::ccd
