// IT-unit vectors shared by the RTL benches: the micro-op encodings, sides (triangles in
// the other triangle's unit frame, and their error bounds) aimed at the cases the
// certified Eq. 4 decides on, and the golden view of a side (cc::itSide and the per-edge
// functions of model/common/cc/chip_math.h): the flags HIT and UNC the unit must hold
// after a micro-op, and how many edges it computes (what cc_it_unit's timing counts).
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "cc/chip_math.h"
#include "cc/fp32.h"
#include "cc/it_timing.h"
#include "cc/regmap.h"
#include "rtl_test_util.h"

namespace cc::rtltest {

// IT-unit micro-ops (cc_it_unit.v): {op[2:0], arg[3:0]}.
inline constexpr uint8_t uopClear() { return 1u << 4; }
inline constexpr uint8_t uopEdge(unsigned e) { return static_cast<uint8_t>((2u << 4) | e); }
inline constexpr uint8_t uopTri() { return 3u << 4; }
inline constexpr uint8_t uopNop() { return 0; }

// ---------------------------------------------------------------------------------------
// Operands and bounds
// ---------------------------------------------------------------------------------------
// The five operand pairs of each edge, as the IT-unit reads them through lines 51..65.
struct ItOperands {
  float op[3][5][2];
};

inline ItOperands standardOperands(const std::array<float, 9>& v) {
  ItOperands o;
  itStandardOperands(v, o.op);
  return o;
}

// The operands lines 51..65 of `corr` read from the DOP register file `reg` (as the golden
// Chip::triangleTest reads them).
inline ItOperands operandsFromLines(const std::array<uint32_t, regs::CORR_LINES>& corr, const float* reg) {
  ItOperands o;
  for (int e = 0; e < 3; ++e) {
    for (int k = 0; k < 5; ++k) {
      const uint32_t w = corr[regs::kCorrIt + 5 * e + k];
      o.op[e][k][0] = reg[regs::corrField(w, 0)];
      o.op[e][k][1] = reg[regs::corrField(w, 1)];
    }
  }
  return o;
}

// Lines 51..65 of edge e reading P's coordinates at registers p..p+2 and Q's at q..q+2
// (x and y exchanged if swap_xy): the standard lines are itEdgeLines(e, 3e, 3((e+1)%3)).
inline void itEdgeLines(std::array<uint32_t, regs::CORR_LINES>& corr, int e, uint32_t p, uint32_t q, bool swap_xy) {
  const uint32_t x = swap_xy ? 1 : 0, y = swap_xy ? 0 : 1, z = 2, base = regs::kCorrIt + 5 * e;
  corr[base + 0] = regs::corrPack(p + x, q + z, 0, 0);
  corr[base + 1] = regs::corrPack(q + x, p + z, 0, 0);
  corr[base + 2] = regs::corrPack(p + y, q + z, 0, 0);
  corr[base + 3] = regs::corrPack(q + y, p + z, 0, 0);
  corr[base + 4] = regs::corrPack(q + z, p + z, 0, 0);
}

// Lines on which all three edges cross z = 0 when V1V2 does (so a side can compute three
// edges, impossible with the standard lines): V1->V2, V2->V1, and V1->V2 with x and y
// exchanged; they read d0..d5 only.
inline std::array<uint32_t, regs::CORR_LINES> itCrossingLines() {
  auto corr = regs::standardCorrespondence();
  itEdgeLines(corr, 0, 0, 3, false);
  itEdgeLines(corr, 1, 3, 0, false);
  itEdgeLines(corr, 2, 0, 3, true);
  return corr;
}

// Lines on which the three edges read 30 registers of their own: pair j of edge e is
// (d[10e+2j], d[10e+2j+1]) (any operands at all; the golden functions take any).
inline std::array<uint32_t, regs::CORR_LINES> itFreeLines() {
  auto corr = regs::standardCorrespondence();
  for (uint32_t e = 0; e < 3; ++e)
    for (uint32_t j = 0; j < 5; ++j) corr[regs::kCorrIt + 5 * e + j] = regs::corrPack(10 * e + 2 * j, 10 * e + 2 * j + 1, 0, 0);
  return corr;
}

// The largest biased exponent of every operand the side reads (its coord_exp: with the
// standard lines, that of its nine coordinates).
inline int operandsExp(const ItOperands& o) {
  int e = 0;
  for (const auto& edge : o.op)
    for (const auto& pair : edge)
      for (float f : pair) e = fp32BiasedExp(f) > e ? fp32BiasedExp(f) : e;
  return e;
}

// The bound as the RTL's ports carry it: k_abs [9:0] and k_rel [7:0] signed, side_exp [7:0].
struct ItBoundPorts {
  uint16_t abs;
  uint8_t rel, side_exp;
};
inline ItBoundPorts boundPorts(const ItBound& b) {
  if (b.k_abs < -512 || b.k_abs > 511 || b.k_rel < -128 || b.k_rel > 127 || b.side_exp < 0 || b.side_exp > 255)
    throw std::logic_error("bound outside the IT-unit's port ranges");
  return {static_cast<uint16_t>(b.k_abs & 0x3FF), static_cast<uint8_t>(b.k_rel & 0xFF),
          static_cast<uint8_t>(b.side_exp)};
}

inline std::string boundStr(const ItBound& b) {
  return "bound{k_abs=" + std::to_string(b.k_abs) + " k_rel=" + std::to_string(b.k_rel) +
         " side_exp=" + std::to_string(b.side_exp) + "}";
}
inline std::string opsStr(const ItOperands& o) {
  std::string s;
  for (int e = 0; e < 3; ++e) {
    s += " edge" + std::to_string(e) + ":";
    for (int k = 0; k < 5; ++k) s += " (" + hex32(bitsOf(o.op[e][k][0])) + "," + hex32(bitsOf(o.op[e][k][1])) + ")";
  }
  return s;
}
inline std::string vertsStr(const std::array<float, 9>& v) {
  std::string s = " v=";
  for (int i = 0; i < 9; ++i) s += (i ? (i % 3 ? "," : " ") : "") + hex32(bitsOf(v[i]));
  return s;
}

// ---------------------------------------------------------------------------------------
// The golden view
// ---------------------------------------------------------------------------------------
// After CLEAR and TRI: HIT = the side's certain hit; UNC = an edge classified uncertain (the
// Z phase reads all three) or a computed edge before the first certain hit decided
// uncertain (edges after it are abandoned); `computed` and the verdict from cc::itSide.
struct ItTriExpect {
  bool hit, unc;
  uint32_t computed;
  ItVerdict verdict;
};
inline ItTriExpect itTriExpect(const ItOperands& o, const ItBound& b) {
  const ItSideResult side = itSide(o.op, b);
  bool unc = false, hit = false;
  ItEdgeClass cls[3];
  for (int e = 0; e < 3; ++e) {
    cls[e] = itEdgeClass(o.op[e][4][1], o.op[e][4][0], b);
    unc |= cls[e] == ItEdgeClass::Uncertain;
  }
  for (int e = 0; e < 3 && !hit; ++e) {
    if (cls[e] != ItEdgeClass::Cross) continue;
    const ItVerdict v = itEdgeDecide(itEdgeValues(o.op[e]), o.op[e][4][0] > 0.0f, b);
    hit = v == ItVerdict::Hit;
    unc |= v == ItVerdict::Uncertain;
  }
  if (hit != (side.verdict == ItVerdict::Hit) || (!hit && unc != (side.verdict == ItVerdict::Uncertain)))
    throw std::logic_error("itTriExpect disagrees with cc::itSide");
  return {hit, unc, side.computed, side.verdict};
}

// Micro-op EDGE on edge e: its class (Z phase); a crossing edge goes through the arithmetic
// (cycles itEdgeCycles(cross)); a miss sets nothing, an uncertain edge UNC, a hit HIT.
struct ItEdgeExpect {
  bool cross, hit, unc;
};
inline ItEdgeExpect itEdgeExpect(const ItOperands& o, int e, const ItBound& b) {
  const ItEdgeClass cls = itEdgeClass(o.op[e][4][1], o.op[e][4][0], b);
  if (cls == ItEdgeClass::Miss) return {false, false, false};
  if (cls == ItEdgeClass::Uncertain) return {false, false, true};
  const ItVerdict v = itEdgeDecide(itEdgeValues(o.op[e]), o.op[e][4][0] > 0.0f, b);
  return {true, v == ItVerdict::Hit, v == ItVerdict::Uncertain};
}

// Coverage: does crossing edge e compare a value exactly equal to one of its thresholds
// (u or v at +-uv_thr, s at rz shrunk or grown; seen from Q's side)?
inline bool itEdgeAtThreshold(const ItOperands& o, int e, const ItBound& b) {
  if (itEdgeClass(o.op[e][4][1], o.op[e][4][0], b) != ItEdgeClass::Cross) return false;
  const ItEdgeValues x = itEdgeValues(o.op[e]);
  const bool qa = o.op[e][4][0] > 0.0f;
  const float t = fp32Pow2(b.uvExp(x.edge_exp));
  const int kw = b.wExp(x.edge_exp);
  const float u = qa ? x.u : -x.u, v = qa ? x.v : -x.v, s = qa ? x.s : -x.s, rz = qa ? x.rz : -x.rz;
  return u == t || u == -t || v == t || v == -t || s == fp32ShrinkBy(rz, kw) || s == fp32GrowBy(rz, kw);
}

// ---------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------
// Vertices in the other triangle's unit frame, aimed at the cases Eq. 4 decides on.
inline std::array<float, 9> itVertices(Fp32Gen& g) {
  std::array<float, 9> v{};
  for (int k = 0; k < 3; ++k) {
    v[3 * k] = uniform(g, -0.5f, 1.5f);
    v[3 * k + 1] = uniform(g, -0.5f, 1.5f);
    v[3 * k + 2] = uniform(g, -1.0f, 1.0f);
  }
  switch (g.below(8)) {
    case 0: v[3 * g.below(3) + 2] = g.below(2) ? 0.0f : -0.0f; break;           // on the plane
    case 1: v[3 * g.below(3) + 2] = fp32::fromBits(g.below(2) ? 0x00000001u : 0x80400000u); break;  // subnormal z
    case 2: {  // short significands: exact products, ACC == RZ ties become likely
      for (float& f : v) f = static_cast<float>(static_cast<int>(g.below(9)) - 4) * 0.25f;
      break;
    }
    case 3: v[g.below(9)] = fp32::fromBits(kSpecials[g.below(kNumSpecials)]); break;  // Inf, NaN, max...
    case 4: {  // an edge crossing exactly through the unit triangle's border x + y = 1
      const float s = uniform(g, 0.0f, 1.0f);
      v[0] = s; v[1] = 1.0f - s; v[2] = 0.5f;
      v[3] = s; v[4] = 1.0f - s; v[5] = -0.5f;
      break;
    }
    case 5:  // a NaN z: unordered against the thresholds, so both edges at it are uncertain
      v[3 * g.below(3) + 2] = fp32::fromBits(g.below(2) ? 0x7FC00000u : 0xFFC00001u);
      break;
    default: break;
  }
  return v;
}

// How a bound's side_exp is chosen: from the side's operands (as the chip does), or
// independently (the unit takes any value on its port).
enum class SideExpMode { FromOperands, Huge, Random };

// k_abs and k_rel of a side's bound (side_exp is filled in later, see SideExpMode).
inline ItBound itBoundDraw(Fp32Gen& g, SideExpMode& mode) {
  ItBound b;
  mode = SideExpMode::FromOperands;
  const auto typical = [&] {
    b.k_abs = -20 + static_cast<int>(g.below(16));  // [-20, -5]: -5 is hopeless
    b.k_rel = -23 + static_cast<int>(g.below(14));  // [-23, -10]
  };
  switch (g.below(20)) {
    case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7: case 8: case 9: typical(); break;
    case 10: case 11: case 12: case 13: case 14:  // the smallest margins: nearly every decision certain
      b.k_abs = -40;
      b.k_rel = g.below(4) ? -23 : -24 - static_cast<int>(g.below(105));  // below -23: clamped
      break;
    case 15:  // hopeless by k_abs (> -6)
      b.k_abs = -5 + static_cast<int>(g.below(30));
      b.k_rel = -23 + static_cast<int>(g.below(14));
      break;
    case 16:  // hopeless (or just not) by k_rel + the side's magnitude
      b.k_abs = -20 + static_cast<int>(g.below(10));
      b.k_rel = -9 + static_cast<int>(g.below(12));
      break;
    case 17:  // the side's coordinates reach 2^40 (side_exp > 166), or just do not; or
              // side_exp unrelated to the operands
      typical();
      mode = g.below(2) ? SideExpMode::Huge : SideExpMode::Random;
      break;
    case 18:  // the ports' extremes (sign extension, wide sums)
      b.k_abs = g.below(4) == 0 ? (g.below(2) ? -512 : 511) : static_cast<int>(g.below(1024)) - 512;
      b.k_rel = static_cast<int>(g.below(256)) - 128;
      if (g.below(2)) mode = SideExpMode::Random;
      break;
    default:  // around the hopeless boundary
      b.k_abs = -8 + static_cast<int>(g.below(3));
      b.k_rel = -10 + static_cast<int>(g.below(4));
      break;
  }
  return b;
}

inline void itBoundFinish(Fp32Gen& g, ItBound& b, SideExpMode mode, int operands_exp) {
  switch (mode) {
    case SideExpMode::FromOperands: b.side_exp = operands_exp; break;
    case SideExpMode::Huge: b.side_exp = 160 + static_cast<int>(g.below(96)); break;  // 166 is the edge
    case SideExpMode::Random: b.side_exp = static_cast<int>(g.below(256)); break;
  }
}

// A float a few ulps from x (or x itself).
inline float nearby(Fp32Gen& g, float x) {
  switch (g.below(5)) {
    case 0: return std::nextafter(x, INFINITY);
    case 1: return std::nextafter(x, -INFINITY);
    default: return x;
  }
}

// A short dyadic in [lo, hi): exact products and sums.
inline float shortIn(Fp32Gen& g, float lo, float hi) {
  return std::ldexp(std::floor(std::ldexp(uniform(g, lo, hi), 10)), -10);
}

// Edge e of v (P = V_e, Q = V_(e+1)%3) crossing z = 0 with |Pz| = 2^sz, |Qz| < 2^sz, x
// and y of the order of 2^sx, and u, v or s seen from Q's side at (or an ulp from) one of
// b's thresholds for the edge's exponent (found by iterating: the thresholds depend on the
// coordinates they place).
inline void itThresholdEdge(Fp32Gen& g, std::array<float, 9>& v, int e, const ItBound& b, int sx, int sz) {
  const int p = 3 * e, q = 3 * ((e + 1) % 3);
  const float zs = std::ldexp(1.0f, sz), xs = std::ldexp(1.0f, sx);
  const float pz = g.below(2) ? zs : -zs;
  const float qz = -pz * 0.25f * static_cast<float>(1 + g.below(3));  // 1/4, 1/2, 3/4 of |Pz|
  const float sg = qz > 0.0f ? 1.0f : -1.0f;                          // value = sg * (seen from Q)
  const float rz = std::fabs(qz - pz);                                  // 1.25 .. 1.75 * 2^sz
  const unsigned kind = g.below(4);
  const bool exact = kind == 3 || g.below(2);  // Px = Py = 0: u = -Qx*Pz and v = -Qy*Pz exactly
  const float px = exact ? 0.0f : shortIn(g, -0.5f, 1.0f) * xs;
  const float py = exact ? 0.0f : shortIn(g, -0.5f, 1.0f) * xs;
  // The draws, made once; the values follow from the thresholds.
  static constexpr float kMul[] = {1.0f, -1.0f, 0.5f, -0.5f, 2.0f, -2.0f, 0.0f};
  const unsigned mul[2] = {g.below(g.below(4) ? 2 : 7), g.below(g.below(4) ? 2 : 7)};
  const unsigned ulps[3] = {g.below(5), g.below(5), g.below(5)};
  const float free_uv = shortIn(g, -0.25f, 0.5f) * xs * zs;
  const bool shrink = g.below(2), s_free = g.below(4) != 0, s_swap = g.below(2);
  const float s_v = shortIn(g, 0.0625f, 0.5f) * zs;
  const auto step = [](unsigned k, float x) {
    return k == 0 ? std::nextafter(x, INFINITY) : k == 1 ? std::nextafter(x, -INFINITY) : x;
  };
  int eexp = 127 + (sx > sz ? sx : sz);
  for (int iter = 0; iter < 3; ++iter) {
    const float t = fp32Pow2(b.uvExp(eexp));
    const int kw = b.wExp(eexp);
    const auto at_t = [&](int i) { return step(ulps[i], t * kMul[mul[i]]); };
    float uq, vq;  // u and v seen from Q's side
    switch (kind) {
      case 0: uq = at_t(0); vq = free_uv; break;
      case 1: vq = at_t(1); uq = free_uv; break;
      case 2: uq = at_t(0); vq = at_t(1); break;
      default: {  // s = u + v at rz shrunk or grown by 2^kw
        float x = shrink ? fp32ShrinkBy(rz, kw) : fp32GrowBy(rz, kw);
        if (!std::isfinite(x)) x = rz;
        x = step(ulps[2], x);
        vq = s_free ? s_v : at_t(1);
        uq = x - vq;  // exact for these magnitudes (or near)
        if (s_swap) std::swap(uq, vq);
        break;
      }
    }
    const float uu = sg * uq, vv = sg * vq;
    v[p] = px; v[p + 1] = py; v[p + 2] = pz;
    v[q] = static_cast<float>((static_cast<double>(px) * qz - uu) / pz);
    v[q + 1] = static_cast<float>((static_cast<double>(py) * qz - vv) / pz);
    v[q + 2] = qz;
    int actual = 0;
    for (int k = 0; k < 3; ++k) {
      actual = std::max(actual, std::max(fp32BiasedExp(v[p + k]), fp32BiasedExp(v[q + k])));
    }
    if (actual == eexp) break;
    eexp = actual;
  }
}

// Vertices for a side whose bound has b's k_abs and k_rel: the families of itVertices; an
// edge at b's thresholds; vertices scaled (x, y by 2^sx, z by 2^sz: large edge exponents,
// z near the plane, rz far above or just above the thresholds), with or without such an
// edge; and a vertex's z at (or an ulp from) the plane's threshold.
inline std::array<float, 9> itVerticesFor(Fp32Gen& g, const ItBound& b) {
  std::array<float, 9> v;
  switch (g.below(6)) {
    case 0: case 1:
      for (float& f : v) f = uniform(g, -0.9f, 1.5f);
      itThresholdEdge(g, v, static_cast<int>(g.below(3)), b, 0, 0);
      break;
    case 2: {
      const int sx = -6 + static_cast<int>(g.below(25)), sz = -18 + static_cast<int>(g.below(27));
      for (int k = 0; k < 9; ++k) {
        v[k] = k % 3 == 2 ? std::ldexp(uniform(g, -1.0f, 1.0f), sz) : std::ldexp(uniform(g, -0.9f, 1.5f), sx);
      }
      if (g.below(2)) itThresholdEdge(g, v, static_cast<int>(g.below(3)), b, sx, sz);
      break;
    }
    default: v = itVertices(g); break;
  }
  if (g.below(6) == 0) {
    ItBound bz = b;
    bz.side_exp = itCoordExp(v.data());
    const float t = fp32Pow2(bz.zExp());
    static constexpr float kMul[] = {1.0f, -1.0f, 0.5f, -0.5f, 2.0f, -2.0f};
    v[3 * g.below(3) + 2] = nearby(g, t * kMul[g.below(6)]);
  }
  return v;
}

// One side for the IT-unit: the vertices (standard lines) and the bound.
struct ItCase {
  std::array<float, 9> v;
  ItOperands ops;
  ItBound bound;
};
inline ItCase itCase(Fp32Gen& g) {
  ItCase c;
  SideExpMode mode;
  c.bound = itBoundDraw(g, mode);
  c.v = itVerticesFor(g, c.bound);
  c.ops = standardOperands(c.v);
  itBoundFinish(g, c.bound, mode, itCoordExp(c.v.data()));
  return c;
}

// A side for itFreeLines: each edge from a side of its own (mostly a crossing one), under
// one bound; regs_out receives the 30 operands in itFreeLines' order.
inline ItCase itFreeCase(Fp32Gen& g, std::array<float, 30>& regs_out) {
  ItCase c;
  SideExpMode mode;
  c.bound = itBoundDraw(g, mode);
  for (int e = 0; e < 3; ++e) {
    const std::array<float, 9> w = itVerticesFor(g, c.bound);
    const ItOperands wo = standardOperands(w);
    int pick = static_cast<int>(g.below(3));
    if (g.below(4)) {
      for (int k = 0; k < 3; ++k) {
        if (wo.op[k][4][0] * wo.op[k][4][1] < 0.0f) { pick = k; break; }
      }
    }
    // Now and then (Qz, Pz) scaled apart from the other pairs: rz far above the edge's
    // thresholds (fp32_step's single-ulp steps).
    const float z_scale = g.below(8) == 0 ? std::ldexp(1.0f, static_cast<int>(g.below(24))) : 1.0f;
    for (int j = 0; j < 5; ++j) {
      for (int k = 0; k < 2; ++k) {
        c.ops.op[e][j][k] = j == 4 ? wo.op[pick][j][k] * z_scale : wo.op[pick][j][k];
        regs_out[10 * e + 2 * j + k] = c.ops.op[e][j][k];
      }
    }
    if (e == 0) c.v = w;
  }
  itBoundFinish(g, c.bound, mode, operandsExp(c.ops));
  return c;
}

}  // namespace cc::rtltest
