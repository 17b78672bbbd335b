#include "cc/isect/exact.h"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/intersections.h>

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

bool exactSegTri(const SegTriCase& c) {
  return CGAL::do_intersect(K::Segment_3(pt(c.data()), pt(c.data() + 3)), triangle(c.data() + 6));
}

}  // namespace cc::isect
