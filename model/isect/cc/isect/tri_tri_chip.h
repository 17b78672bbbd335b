// The CollisionChip's triangle test (paper §3.3, Eq. 4): map triangle A into B's unit frame
// with B's matrix M (cc/tri_matrix.h), test A's edges against the unit triangle, then the
// reverse. The float variant IS the chip: M rounded to float, the DOTADD transform and the
// certified IT-unit (cc::itTriangleSide) in chip FP32 arithmetic (FTZ/DAZ), with the error
// bound of a query holding just these two triangles; it answers hit, miss or uncertain
// (docs/exact_contacts.md), and as a yes/no algorithm it says "intersect" for uncertain
// pairs (no false negatives; the chip's host decides those exactly). The double variant is
// the paper's literal Eq. 4 in double (M in double): an edge that only touches z = 0, or
// lies in it, never hits, so touching and coplanar contacts are misses, and a degenerate
// triangle has no matrix (its direction of the test is skipped).
#pragma once
#include <array>

#include "cc/chip_math.h"

#include "cc/isect/vec3.h"

namespace cc::isect {

// Float, chip arithmetic (sets FTZ/DAZ for the duration of the call): the chip's verdict,
// and that verdict as a yes/no answer (uncertain counts as yes).
ItVerdict chipTriTriVerdictF32(const Tri<double>& a, const Tri<double>& b);
bool chipTriTriF32(const Tri<double>& a, const Tri<double>& b);
// Same, with A and B given in float (as the benchmarks and the CLI f32 path hold them).
bool chipTriTriF32(const Tri<float>& a, const Tri<float>& b);
// Double precision Eq. 4 (no FTZ, M in double).
bool chipTriTriF64(const Tri<double>& a, const Tri<double>& b);

// The paper's literal Eq. 4 for one edge P->Q in the unit frame, in precision T.
template <class T> inline bool unitEdgeHit(V3<T> P, V3<T> Q) {
  if ((P.z >= 0 && Q.z >= 0) || (P.z <= 0 && Q.z <= 0)) return false;
  const T a = P.x * Q.z, b = Q.x * P.z, c = P.y * Q.z, d = Q.y * P.z;
  const T acc = ((a - b) + c) - d;
  const T rz = Q.z - P.z;
  if (Q.z > 0) return a >= b && c >= d && acc <= rz;
  return a <= b && c <= d && acc >= rz;
}

}  // namespace cc::isect
