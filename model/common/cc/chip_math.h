// The chip's two decisions, in the arithmetic of cc/fp32.h: the DOP overlap test of paper
// Eq. 2 (comparator bank) and the edge-against-unit-triangle test of paper Eq. 4
// (IT-unit). The golden model, the TLM model and the RTL benches all call these.
#pragma once
#include <array>

#include "cc/fp32.h"
#include "cc/layout.h"

namespace cc {

using Dop = std::array<float, layout::kDopK>;  // d[0..11] minima, d[12..23] maxima

// Eq. 2: transformed tumbled DOP dt against aligned DOP e. Disjoint iff for some slab i,
// dt[i] > e[12+i] or e[i] > dt[12+i]. Plain comparisons, so exact; like every chip
// operation they see subnormal operands as zero (DAZ; FtzScope makes native compares do
// the same), so a comparator must flush its inputs too. The driver never stores
// subnormal DOP values (it rounds them outward to +-FLT_MIN or 0).
inline bool dopOverlap(const Dop& dt, const Dop& e) {
  constexpr int h = layout::kDopDirs;
  for (int i = 0; i < h; ++i) {
    if (dt[i] > e[h + i] || e[i] > dt[h + i]) return false;
  }
  return true;
}

// Eq. 4 for one edge P->Q already mapped into the other triangle's unit frame, from the
// five operand pairs the IT-unit reads through correspondence lines 51..65:
//   op[0] = (Px, Qz)  op[1] = (Qx, Pz)  op[2] = (Py, Qz)  op[3] = (Qy, Pz)  op[4] = (Qz, Pz)
// An edge with both endpoints on one side of z = 0, including ON the plane (Pz or Qz
// equal to +-0), is skipped: this is the paper's test taken literally, so an edge that
// only touches the plane never reports a hit (docs/traversal.md, "touching contacts").
inline bool itEdgeSkipped(const float op[5][2]) {
  const float qz = op[4][0], pz = op[4][1];
  return (pz >= 0.0f && qz >= 0.0f) || (pz <= 0.0f && qz <= 0.0f);
}

// The IT-unit forms the four products a..d, accumulates ((a - b) + c) - d in that order
// and compares with Qz - Pz; every operation is one rounded FP32 op.
inline bool itEdgeOperands(const float op[5][2]) {
  const float qz = op[4][0], pz = op[4][1];
  if (itEdgeSkipped(op)) return false;
  const float a = fp32::mul(op[0][0], op[0][1]);
  const float b = fp32::mul(op[1][0], op[1][1]);
  const float c = fp32::mul(op[2][0], op[2][1]);
  const float d = fp32::mul(op[3][0], op[3][1]);
  const float acc = fp32::sub(fp32::add(fp32::sub(a, b), c), d);
  const float rz = fp32::sub(qz, pz);
  if (qz > 0.0f) return a >= b && c >= d && acc <= rz;  // r_z > 0
  return a <= b && c <= d && acc >= rz;                 // r_z < 0
}

inline bool itEdgeHit(float px, float py, float pz, float qx, float qy, float qz) {
  const float op[5][2] = {{px, qz}, {qx, pz}, {py, qz}, {qy, pz}, {qz, pz}};
  return itEdgeOperands(op);
}

// All three edges of a triangle (vertices v[0..8] = V1 xyz, V2 xyz, V3 xyz in the other
// triangle's unit frame), edges V1V2, V2V3, V3V1.
inline bool itTriangleEdgesHit(const std::array<float, 9>& v) {
  for (int e = 0; e < 3; ++e) {
    const int p = 3 * e, q = 3 * ((e + 1) % 3);
    if (itEdgeHit(v[p], v[p + 1], v[p + 2], v[q], v[q + 1], v[q + 2])) return true;
  }
  return false;
}

}  // namespace cc
