// Seeded case generators: the random generic family (unit cube) and the degenerate families
// of Tropp et al. Table 4 (vertex / edge on the other triangle's plane with noise +-eps
// along its normal) plus touching and coplanar configurations, for triangle/triangle and
// segment/triangle. Cases are plain doubles in the CLI's input layout (tritri: 18, segtri:
// 15), so the same case feeds every algorithm, the exact oracle and the CLI.
#pragma once
#include <array>
#include <random>
#include <string>
#include <vector>

namespace cc::isect {

using TriTriCase = std::array<double, 18>;
using SegTriCase = std::array<double, 15>;

enum class TriTriFamily { kRandom, kVertexOnPlane, kEdgeOnPlane, kTouching, kCoplanar };
enum class SegTriFamily { kRandom, kEndOnPlane, kNearEdge, kTouching, kCoplanar };

const std::vector<TriTriFamily>& allTriTriFamilies();
const std::vector<SegTriFamily>& allSegTriFamilies();
std::string familyName(TriTriFamily f);
std::string familyName(SegTriFamily f);

// eps: noise amplitude of the degenerate families (Tropp: 1e-14 in double).
TriTriCase makeTriTri(TriTriFamily f, double eps, std::mt19937_64& rng);
SegTriCase makeSegTri(SegTriFamily f, double eps, std::mt19937_64& rng);

// Rounds every coordinate to float (the input an f32 algorithm actually sees). The volatile
// is a workaround: GCC 12.2 at -O3 vectorizes the plain loop for N = 18 and silently drops
// the last two elements (docs/intersection_library.md, "Compiler bug").
template <size_t N> std::array<double, N> roundToFloat(std::array<double, N> c) {
  for (size_t i = 0; i < N; ++i) {
    volatile float f = static_cast<float>(c[i]);
    c[i] = f;
  }
  return c;
}

}  // namespace cc::isect
