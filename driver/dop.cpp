#include "cc/dop.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace cc {

namespace {
Directions normalized(Directions d) {
  for (auto& v : d) {
    const double n = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (double& c : v) c /= n;
  }
  return d;
}
}  // namespace

const Directions& zachmannDirections() {
  static const Directions d = normalized({{{.467292, -.282501, .837754},
                                           {.345076, -.811964, -.470784},
                                           {.694424, .630548, -.346677},
                                           {-.985405, -.152079, -.076477},
                                           {.007929, .401692, .915741},
                                           {-.138434, .974196, -.178266},
                                           {-.498724, -.078807, .863171},
                                           {.747654, -.629943, .210203},
                                           {-.658340, -.367301, -.657023},
                                           {-.118599, -.654947, .746310},
                                           {-.848737, .328828, .414147},
                                           {-.411208, -.878038, -.244860}}});
  return d;
}

Directions axesDiagonalsDirections() {
  return normalized({{{1, 0, 0}, {0, 1, 0}, {0, 0, 1},
                      {1, 1, 1}, {1, -1, 1}, {1, 1, -1}, {1, -1, -1},
                      {1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1}}});
}

Directions directionsByName(const std::string& name) {
  if (name == "zachmann") return zachmannDirections();
  if (name == "axes_diagonals") return axesDiagonalsDirections();
  throw std::invalid_argument("unknown DOP direction set '" + name + "' (known: zachmann, axes_diagonals)");
}

// Outward rounding never returns a subnormal: the chip reads those as zero (DAZ), which
// would move a bound inward, so they go out to +-FLT_MIN (or to zero when that is outward).
float roundDown(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) > x) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
  if (std::fpclassify(f) == FP_SUBNORMAL) f = f < 0 ? -std::numeric_limits<float>::min() : 0.0f;
  return f;
}

float roundUp(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) < x) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  if (std::fpclassify(f) == FP_SUBNORMAL) f = f > 0 ? std::numeric_limits<float>::min() : 0.0f;
  return f;
}

Dop emptyDop() {
  Dop d;
  for (int i = 0; i < layout::kDopDirs; ++i) {
    d[i] = std::numeric_limits<float>::infinity();
    d[layout::kDopDirs + i] = -std::numeric_limits<float>::infinity();
  }
  return d;
}

void growDop(Dop& dop, const Directions& dirs, const Vec3f& p) {
  constexpr int h = layout::kDopDirs;
  for (int i = 0; i < h; ++i) {
    // Exact enough: the double dot product of float inputs has error far below one float
    // ulp, and the outward rounding covers it (see docs/memory_image.md).
    const double s = dirs[i][0] * p[0] + dirs[i][1] * p[1] + dirs[i][2] * p[2];
    const double slack = 4 * std::numeric_limits<double>::epsilon() *
                         (std::fabs(dirs[i][0] * p[0]) + std::fabs(dirs[i][1] * p[1]) + std::fabs(dirs[i][2] * p[2]));
    dop[i] = std::min(dop[i], roundDown(s - slack));
    dop[h + i] = std::max(dop[h + i], roundUp(s + slack));
  }
}

Dop unionDop(const Dop& a, const Dop& b) {
  Dop r;
  constexpr int h = layout::kDopDirs;
  for (int i = 0; i < h; ++i) {
    r[i] = std::min(a[i], b[i]);
    r[h + i] = std::max(a[h + i], b[h + i]);
  }
  return r;
}

}  // namespace cc
