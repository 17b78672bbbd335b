#include "cc/scene_rules.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "cc/image.h"
#include "cc/layout.h"

namespace cc {

namespace {

std::string num(double v) {
  char b[48];
  std::snprintf(b, sizeof b, "%.3g", v);
  return b;
}

std::string mib(uint64_t b) {
  char s[48];
  std::snprintf(s, sizeof s, "%.1f MiB", static_cast<double>(b) / (1 << 20));
  return s;
}

double largestT(const std::vector<Pose>& poses) {
  double t = 0;
  for (const auto& p : poses) t = std::max(t, std::hypot(p.t.x(), p.t.y(), p.t.z()));  // no overflow at 1e300
  return t;
}

}  // namespace

void checkSceneScale(const std::vector<const Mesh*>& meshes, const std::vector<Pose>& poses) {
  const double lo = std::ldexp(1.0, kMinSceneExp), hi = std::ldexp(1.0, kMaxSceneExp);
  const std::string range = "2^" + std::to_string(kMinSceneExp) + " .. 2^" + std::to_string(kMaxSceneExp) + " (" + num(lo) + " .. " + num(hi) + ")";
  for (const Mesh* m : meshes) {
    const double r = meshRadius(*m);
    if (!(r >= lo) || !(r <= hi)) {
      throw std::invalid_argument(m->name + ": mesh scale " + num(r) + " (its largest coordinate) is outside the range the chip's FP32 arithmetic serves, " +
                                  range + "; --normalize, or let the tool scale the scene by a power of two");
    }
  }
  const double t = largestT(poses);
  if (!(t <= hi)) {
    throw std::invalid_argument("pose translation " + num(t) + " is outside the scale the chip's FP32 arithmetic serves, " + range);
  }
}

int sceneScaleExponent(const std::vector<const Mesh*>& meshes, const std::vector<Pose>& poses) {
  double lo = HUGE_VAL, hi = largestT(poses);
  for (const Mesh* m : meshes) {
    const double r = meshRadius(*m);
    lo = std::min(lo, r);
    hi = std::max(hi, r);
  }
  if (!(lo > 0) || !std::isfinite(hi)) return 0;  // a flat-zero or broken scene: the checks say why
  if (lo >= std::ldexp(1.0, kMinSceneExp) && hi <= std::ldexp(1.0, kMaxSceneExp)) return 0;
  int e;
  std::frexp(hi, &e);  // hi = f 2^e, f in [0.5, 1)
  return 1 - e;        // hi 2^k in [1, 2)
}

void scaleScene(const std::vector<Mesh*>& meshes, std::vector<Pose>& poses, int k) {
  if (k == 0) return;
  for (Mesh* m : meshes) scaleMeshPow2(*m, k);
  for (auto& p : poses) p.t *= std::ldexp(1.0, k);
}

uint64_t reachableBoardBytes(const std::string& backend, const ChipConfig& cfg) {
  constexpr uint64_t kRtlWindow = uint64_t{1} << 28;  // sim/cc_board.cpp's BAR1 window
  return backend == "rtl" ? std::min(cfg.board_bytes, kRtlWindow) : cfg.board_bytes;
}

void checkBoardMemory(const std::vector<const DopTree*>& trees, uint64_t board_bytes, const std::string& backend,
                      uint32_t result_capacity) {
  uint64_t end = 0x1000;
  for (const DopTree* t : trees) end = ((end + objectImageBytes(*t)) + 0xFFF) & ~uint64_t{0xFFF};
  const uint64_t need = end + uint64_t{result_capacity} * layout::kResultBytes;
  if (need > board_bytes) {
    throw std::invalid_argument("the scene needs " + mib(need) + " of board memory (object images and the result area), the " + backend +
                                " backend's board has " + mib(board_bytes) +
                                (backend == "rtl" ? " (the simulated board's BAR1 window, or the configuration's board_bytes)" : " (the configuration's board_bytes)"));
  }
}

}  // namespace cc
