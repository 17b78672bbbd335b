// The real mesh pairs the chip tests co-simulate (libcgal-demo meshes, `make meshes`),
// each mesh normalized as `collide --normalize` does. One list for every such test.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "cc/mesh.h"

struct RealMeshPair {
  std::string name;  // "a.off vs b.off"
  cc::Mesh a, b;
};

// The pairs, or none when the meshes are not extracted (the caller skips).
inline std::vector<RealMeshPair> loadRealMeshPairs(const std::string& dir) {
  std::vector<RealMeshPair> pairs;
  for (const auto& [fa, fb] : {std::pair<std::string, std::string>{"bunny00.off", "armadillo.off"}, {"fandisk_large.off", "blade.off"}}) {
    if (!std::filesystem::exists(dir + "/" + fa) || !std::filesystem::exists(dir + "/" + fb)) return {};
    RealMeshPair p{fa + " vs " + fb, cc::loadMesh(dir + "/" + fa), cc::loadMesh(dir + "/" + fb)};
    cc::normalizeMesh(p.a);
    cc::normalizeMesh(p.b);
    pairs.push_back(std::move(p));
  }
  return pairs;
}
