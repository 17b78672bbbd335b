// Exact decisions (CGAL Exact_predicates_exact_constructions_kernel, do_intersect) for the
// closed triangle/triangle and segment/triangle problems on double inputs. CGAL stays in
// cc_isect_exact (this file's and box_tree.h's sources): the driver, the report and the
// tests link it.
#pragma once
#include "cc/isect/families.h"

namespace cc::isect {

bool exactTriTri(const TriTriCase& c);  // layout as the CLI: A (9) then B (9)
// The same decision with CGAL's exact predicates on double points (Epick): the triangle
// pair test uses orientation predicates only, so it is exact too, and an order of
// magnitude faster (tests/isect checks the two agree). Non-degenerate triangles only.
bool exactTriTriPredicates(const TriTriCase& c);
// Any two closed triangles, degenerate ones too: a triangle with collinear corners is the
// segment between its extreme corners, one with three equal corners a point (exact
// predicates, Epick).
bool exactSimplicesIntersect(const TriTriCase& c);
bool exactSegTri(const SegTriCase& c);  // Q1 Q2 (6) then V1 V2 V3 (9)

}  // namespace cc::isect
