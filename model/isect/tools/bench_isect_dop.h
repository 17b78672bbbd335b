// Phase 2 of bench_isect: triangle pairs from DOP-tree queries (bench_isect_dop.cpp).
#pragma once
#include <string>
#include <vector>

#include "cc/isect/vec3.h"

namespace cc::isect::bench {

struct TriPairD {
  Tri<double> a, b;
};
inline constexpr size_t kDopSetCap = 4096;  // timed pairs per scene and answer
struct DopScene {
  std::string name;
  std::vector<TriPairD> hits, misses;  // the timed (subsampled) pairs
  size_t allHits, allMisses;           // what the queries produced
};

// meshDir: where `make meshes` extracted the demo meshes (scenes needing them are skipped
// with a message when absent).
std::vector<DopScene> dopScenes(const std::string& meshDir);

}  // namespace cc::isect::bench
