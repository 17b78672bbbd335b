// The chip's two decisions, in the arithmetic of cc/fp32.h: the DOP overlap test of paper
// Eq. 2 (comparator bank) and the certified edge-against-unit-triangle test of paper Eq. 4
// (IT-unit). The golden model, the TLM model and the RTL benches all call these.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>

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

// CTRL_LEAF_PLANE's leaf plane of an aligned leaf, as its node stores it (layout.h).
struct LeafPlane {
  uint32_t sel = 0;  // bit 31 present; slots j0, j1, j2
  float c1 = 0, c2 = 0, lo = 0, hi = 0;
  bool present() const { return sel & layout::kPlanePresent; }
  // The chip takes a plane only with slots 0..23 and |c1|, |c2| <= 1 (the margin's bound
  // assumes it); anything else in a present plane is a malformed node.
  bool wellFormed() const {
    for (int k = 0; k < 3; ++k) {
      if (layout::planeSlot(sel, k) >= uint32_t(layout::kDopK)) return false;
    }
    return std::fabs(c1) <= 1.0f && std::fabs(c2) <= 1.0f;  // false for NaN
  }
};

// The tumbled DOP dt against an aligned leaf's plane: true when dt lies wholly above or
// below the triangle's extent [lo, hi] along n'. U (the bound above) and L (below) are one
// DOTADD each, with +margin and -margin as the constant: the rounding margin M
// (PLANE_MARGIN) covers the DOTADD's error, so U >= the exact bound and L <= it.
inline bool planeSeparates(const Dop& dt, const LeafPlane& p, float margin) {
  constexpr uint32_t h = layout::kDopDirs;
  uint32_t j[3], jo[3];
  for (int k = 0; k < 3; ++k) {
    j[k] = layout::planeSlot(p.sel, k);
    jo[k] = j[k] < h ? j[k] + h : j[k] - h;  // the opposite plane
  }
  const float sigma0 = j[0] < h ? -1.0f : 1.0f;
  const float upper = fp32::dotadd(dt[j[0]], dt[j[1]], dt[j[2]], sigma0, p.c1, p.c2, margin);
  const float lower = fp32::dotadd(dt[jo[0]], dt[jo[1]], dt[jo[2]], sigma0, p.c1, p.c2, -margin);
  return upper < p.lo || lower > p.hi;
}

// ---------------------------------------------------------------------------------------
// The certified triangle test (paper Eq. 4 with error bounds; docs/exact_contacts.md).
//
// Two closed triangles intersect when they share a point. The IT-unit checks each edge P->Q
// of one triangle, mapped into the other's unit frame (where the other triangle is the
// unit triangle (0,0,0), (1,0,0), (0,1,0)), against that unit triangle, and answers for
// each edge hit, miss or UNCERTAIN: uncertain wherever FP32 rounding could have changed
// the answer. The bound: a coordinate of magnitude below 2^k read by the IT-unit is within
// 2^k_abs + 2^k_rel * max(2^k, 1) of the exact one, with k_abs = the query's TRI_ERR_EXP +
// the err_exp (bits 7:0) and k_rel = max(err_exp bits 15:8, -23) of the triangle whose
// matrix M was used. Every threshold below is a power of two that follows from it.
// ---------------------------------------------------------------------------------------
enum class ItVerdict : uint8_t { Miss = 0, Hit = 1, Uncertain = 2 };

// A side whose coordinate error could reach 2^kItErrMax (or whose coordinates reach
// 2^kItCoordMax) is "hopeless": every edge uncertain. k_rel below kItRelMin is raised to
// it (2^-23 covers the rounding of the IT-unit's products).
inline constexpr int kItErrMax = -6;
inline constexpr int kItCoordMax = 40;
inline constexpr int kItRelMin = -23;

// The side's bound: k_abs, k_rel (err_exp bits 15:8, before the kItRelMin clamp) and the
// largest biased exponent of the side's nine unit-frame coordinates (0..255).
struct ItBound {
  int k_abs = 0, k_rel = 0, side_exp = 0;
  // Every threshold 2^tighten times smaller: 0 in the chip; tests raise it to show that a
  // bound smaller than derived gives certain answers exact geometry contradicts.
  int tighten = 0;
  int kRel() const { return k_rel < kItRelMin ? kItRelMin : k_rel; }
  // The exponent E' of a magnitude bound: |x| < 2^(exp - 126), at least 2^0.
  static int magExp(int biased_exp) { return biased_exp > 126 ? biased_exp - 126 : 0; }
  int errExp(int mag_exp) const { return k_abs > kRel() + mag_exp ? k_abs : kRel() + mag_exp; }
  bool hopeless() const { return side_exp - 126 > kItCoordMax || errExp(magExp(side_exp)) > kItErrMax; }
  // |z| > 2^zExp(): z's sign is certain (error below 2^k_abs + 2^(k_rel + side) <= 2^(max + 1)).
  int zExp() const { return errExp(magExp(side_exp)) + 1 - tighten; }
  // An edge whose six coordinates have their largest biased exponent `edge_exp`: u and v
  // are certain beyond 2^uvExp, s against rz beyond 2^wExp.
  int fExp(int edge_exp) const {  // F = max(k_abs + E, k_rel + 2E)
    const int e = magExp(edge_exp), a = k_abs + e, r = kRel() + 2 * e;
    return a > r ? a : r;
  }
  int uvExp(int edge_exp) const { return fExp(edge_exp) + 3 - tighten; }
  int wExp(int edge_exp) const { return fExp(edge_exp) + 5 - tighten; }
};

// The biased exponent of x as the IT-unit sees it (subnormals read as zero: 0).
inline int fp32BiasedExp(float x) { return static_cast<int>((fp32::bits(x) >> 23) & 0xFF); }

// 2^k as a float, k clamped to the normal range [-126, 127] (the thresholds of a side that
// is not hopeless are inside it with the standard correspondence lines).
inline float fp32Pow2(int k) {
  const int c = k < -126 ? -126 : (k > 127 ? 127 : k);
  return fp32::fromBits(static_cast<uint32_t>(c + 127) << 23);
}

// r moved toward zero by at least 2^k, by stepping its bit pattern down: a float r' of
// r's sign with |r'| <= |r| - 2^k. When |r| < 2^(k+2) no step is taken: the result is the
// infinity of the other sign, which no finite value passes.
inline float fp32ShrinkBy(float r, int k) {
  const uint32_t b = fp32::bits(r), sign = b & 0x80000000u, mag = b & 0x7FFFFFFFu;
  const int e = static_cast<int>(mag >> 23) - 127;  // |r| in [2^e, 2^(e+1))
  if (mag == 0 || e < k + 2) return fp32::fromBits((sign ^ 0x80000000u) | 0x7F800000u);
  const int sh = k - e + 24;                        // steps of at least 2^(e-24) each
  const uint32_t n = sh <= 0 ? 1u : (1u << sh);
  return fp32::fromBits(sign | (mag - n));
}

// r moved away from zero by at least 2^k (steps of at least 2^(e-23)); saturates at
// infinity, which no finite value passes.
inline float fp32GrowBy(float r, int k) {
  const uint32_t b = fp32::bits(r), sign = b & 0x80000000u, mag = b & 0x7FFFFFFFu;
  const int e = static_cast<int>(mag >> 23) - 127;
  const int sh = k - e + 23;
  if (sh > 30) return fp32::fromBits(sign | 0x7F800000u);
  const uint64_t grown = uint64_t(mag) + (sh <= 0 ? 1u : (1ull << sh));
  return fp32::fromBits(sign | static_cast<uint32_t>(grown > 0x7F800000u ? 0x7F800000u : grown));
}

// The Z phase: does the edge certainly cross z = 0 (Uncertain: an end point within the
// error bound of the plane; Miss: both certainly on one side)? Crossing edges go through
// the arithmetic (itEdgeDecide).
enum class ItEdgeClass : uint8_t { Miss, Cross, Uncertain };
inline ItEdgeClass itEdgeClass(float pz, float qz, const ItBound& b) {
  if (b.hopeless()) return ItEdgeClass::Uncertain;
  const float t = fp32Pow2(b.zExp());
  const bool p_pos = pz > t, p_neg = pz < -t, q_pos = qz > t, q_neg = qz < -t;
  if ((p_pos && q_pos) || (p_neg && q_neg)) return ItEdgeClass::Miss;
  if (!(p_pos || p_neg) || !(q_pos || q_neg)) return ItEdgeClass::Uncertain;
  return ItEdgeClass::Cross;
}

// One crossing edge from the five operand pairs the IT-unit reads through correspondence
// lines 51..65:
//   op[0] = (Px, Qz)  op[1] = (Qx, Pz)  op[2] = (Py, Qz)  op[3] = (Qy, Pz)  op[4] = (Qz, Pz)
// The crossing point is (u, v) / rz with u = Px*Qz - Qx*Pz, v = Py*Qz - Qy*Pz, rz = Qz - Pz;
// it is in the closed unit triangle iff u, v and rz - (u + v) have rz's sign (or are 0).
// The IT-unit forms the four products a..d, u = a - b, v = c - d, s = u + v and rz, every
// operation one rounded FP32 op, and compares each with its threshold; the edge's
// magnitude is the largest exponent of the operands of pairs 0..3 (all six coordinates).
struct ItEdgeValues {
  float u, v, s, rz;
  int edge_exp;
};
inline ItEdgeValues itEdgeValues(const float op[5][2]) {
  const float a = fp32::mul(op[0][0], op[0][1]);
  const float b = fp32::mul(op[1][0], op[1][1]);
  const float c = fp32::mul(op[2][0], op[2][1]);
  const float d = fp32::mul(op[3][0], op[3][1]);
  const float u = fp32::sub(a, b), v = fp32::sub(c, d);
  int e = 0;
  for (int k = 0; k < 4; ++k) {
    for (int j = 0; j < 2; ++j) e = fp32BiasedExp(op[k][j]) > e ? fp32BiasedExp(op[k][j]) : e;
  }
  return {u, v, fp32::add(u, v), fp32::sub(op[4][0], op[4][1]), e};
}
inline ItVerdict itEdgeDecide(const ItEdgeValues& x, bool q_above, const ItBound& b) {
  const float t = fp32Pow2(b.uvExp(x.edge_exp));
  const int kw = b.wExp(x.edge_exp);
  // Signs as seen from Q's side: for Q above the plane u, v >= 0 and s <= rz inside.
  const float u = q_above ? x.u : -x.u, v = q_above ? x.v : -x.v;
  const float s = q_above ? x.s : -x.s, rz = q_above ? x.rz : -x.rz;  // rz > 0 now
  if (u < -t || v < -t || s > fp32GrowBy(rz, kw)) return ItVerdict::Miss;
  if (u >= t && v >= t && s <= fp32ShrinkBy(rz, kw)) return ItVerdict::Hit;
  return ItVerdict::Uncertain;
}

// One side of the test: the three edges V1V2, V2V3, V3V1 as the IT-unit's micro-op TRI
// decides them: every edge is classified (Z phase), crossing edges are computed in order
// until the first certain hit. `computed` counts the crossing edges computed (the
// IT-unit's timing depends on it). A certain hit is the side's verdict; else an uncertain
// edge makes it uncertain; else it is a miss.
struct ItSideResult {
  ItVerdict verdict = ItVerdict::Miss;
  uint32_t computed = 0;
};
inline ItSideResult itSide(const float op[3][5][2], const ItBound& b) {
  ItSideResult r;
  bool uncertain = false;
  ItEdgeClass cls[3];
  for (int e = 0; e < 3; ++e) {
    cls[e] = itEdgeClass(op[e][4][1], op[e][4][0], b);
    uncertain |= cls[e] == ItEdgeClass::Uncertain;
  }
  for (int e = 0; e < 3; ++e) {
    if (cls[e] != ItEdgeClass::Cross) continue;
    ++r.computed;
    const ItVerdict v = itEdgeDecide(itEdgeValues(op[e]), op[e][4][0] > 0.0f, b);
    if (v == ItVerdict::Hit) {
      r.verdict = ItVerdict::Hit;
      return r;
    }
    uncertain |= v == ItVerdict::Uncertain;
  }
  r.verdict = uncertain ? ItVerdict::Uncertain : ItVerdict::Miss;
  return r;
}

// The operand pairs of the standard correspondence lines for vertices v[0..8].
inline void itStandardOperands(const std::array<float, 9>& v, float op[3][5][2]) {
  for (int e = 0; e < 3; ++e) {
    const int p = 3 * e, q = 3 * ((e + 1) % 3);
    const float px = v[p], py = v[p + 1], pz = v[p + 2], qx = v[q], qy = v[q + 1], qz = v[q + 2];
    const float pairs[5][2] = {{px, qz}, {qx, pz}, {py, qz}, {qy, pz}, {qz, pz}};
    for (int k = 0; k < 5; ++k) op[e][k][0] = pairs[k][0], op[e][k][1] = pairs[k][1];
  }
}

// The largest biased exponent of nine unit-frame coordinates (the side's coord_exp).
inline int itCoordExp(const float* v9) {
  int e = 0;
  for (int i = 0; i < 9; ++i) e = fp32BiasedExp(v9[i]) > e ? fp32BiasedExp(v9[i]) : e;
  return e;
}

// A side with the standard lines: vertices v[0..8] in the other triangle's unit frame,
// k_abs, k_rel and tighten as in ItBound.
inline ItSideResult itTriangleSide(const std::array<float, 9>& v, int k_abs, int k_rel, int tighten = 0) {
  float op[3][5][2];
  itStandardOperands(v, op);
  return itSide(op, ItBound{k_abs, k_rel, itCoordExp(v.data()), tighten});
}

}  // namespace cc
