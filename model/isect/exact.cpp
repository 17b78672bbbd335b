#include "cc/isect/exact.h"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/intersections.h>

#include <variant>

namespace cc::isect {

namespace {
using K = CGAL::Exact_predicates_exact_constructions_kernel;
K::Point_3 pt(const double* p) { return {p[0], p[1], p[2]}; }
K::Triangle_3 triangle(const double* p) { return {pt(p), pt(p + 3), pt(p + 6)}; }
using Kp = CGAL::Exact_predicates_inexact_constructions_kernel;
Kp::Point_3 ptp(const double* p) { return {p[0], p[1], p[2]}; }
Kp::Triangle_3 trianglep(const double* p) { return {ptp(p), ptp(p + 3), ptp(p + 6)}; }
}  // namespace

bool exactTriTri(const TriTriCase& c) {
  return CGAL::do_intersect(triangle(c.data()), triangle(c.data() + 9));
}

bool exactTriTriPredicates(const TriTriCase& c) {
  return CGAL::do_intersect(trianglep(c.data()), trianglep(c.data() + 9));
}

namespace {
// The point set of a closed triangle whose corners may coincide or be collinear: a
// triangle, the segment between its two extreme corners, or one point.
using Simplex = std::variant<Kp::Triangle_3, Kp::Segment_3, Kp::Point_3>;
Simplex simplex(const double* v) {
  const Kp::Point_3 p = ptp(v), q = ptp(v + 3), r = ptp(v + 6);
  if (!CGAL::collinear(p, q, r)) return Kp::Triangle_3(p, q, r);
  if (p == q && q == r) return p;
  if (CGAL::collinear_are_ordered_along_line(p, q, r)) return Kp::Segment_3(p, r);
  if (CGAL::collinear_are_ordered_along_line(q, p, r)) return Kp::Segment_3(q, r);
  return Kp::Segment_3(p, q);
}
}  // namespace

bool exactSimplicesIntersect(const TriTriCase& c) {
  const Simplex a = simplex(c.data()), b = simplex(c.data() + 9);
  return std::visit([](const auto& x, const auto& y) { return CGAL::do_intersect(x, y); }, a, b);
}

bool exactSegTri(const SegTriCase& c) {
  return CGAL::do_intersect(K::Segment_3(pt(c.data()), pt(c.data() + 3)), triangle(c.data() + 6));
}

}  // namespace cc::isect
