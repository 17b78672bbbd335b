// IT-unit vectors shared by the RTL benches: the micro-op encodings, triangles in the
// other triangle's unit frame aimed at the cases Eq. 4 decides on, and the golden view of
// their edges (which cross z = 0, which hit, how many the golden model computes: what
// cc_it_unit's timing counts).
#pragma once
#include <array>

#include "cc/chip_math.h"
#include "cc/fp32.h"
#include "cc/it_timing.h"
#include "rtl_test_util.h"

namespace cc::rtltest {

// IT-unit micro-ops (cc_it_unit.v): {op[2:0], arg[3:0]}.
inline constexpr uint8_t uopClear() { return 1u << 4; }
inline constexpr uint8_t uopEdge(unsigned e) { return static_cast<uint8_t>((2u << 4) | e); }
inline constexpr uint8_t uopTri() { return 3u << 4; }
inline constexpr uint8_t uopNop() { return 0; }

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
    case 5:  // a NaN z: both edges at that vertex compare unordered, so none is skipped
      // (the only way a side computes all three edges: the timing's k = 3)
      v[3 * g.below(3) + 2] = fp32::fromBits(g.below(2) ? 0x7FC00000u : 0xFFC00001u);
      break;
    default: break;
  }
  return v;
}

inline bool edgeSkipped(const std::array<float, 9>& v, int e) {
  const float pz = v[3 * e + 2], qz = v[3 * ((e + 1) % 3) + 2];
  return (pz >= 0.0f && qz >= 0.0f) || (pz <= 0.0f && qz <= 0.0f);
}
inline bool edgeHit(const std::array<float, 9>& v, int e) {
  const int p = 3 * e, q = 3 * ((e + 1) % 3);
  return itEdgeHit(v[p], v[p + 1], v[p + 2], v[q], v[q + 1], v[q + 2]);
}

// The golden model's `computed` count of a side (Chip::triangleTest): edges crossing z = 0
// among those looked at, in order, up to and including the first hit.
inline uint32_t itComputed(const std::array<float, 9>& v) {
  uint32_t computed = 0;
  for (int e = 0; e < 3; ++e) {
    computed += !edgeSkipped(v, e);
    if (edgeHit(v, e)) break;
  }
  return computed;
}

}  // namespace cc::rtltest
