// 24-DOPs: twelve slab directions a_0..a_11; d[i] = min a_i.x, d[12+i] = max a_i.x over the
// geometry (docs/trees.md, "24-DOPs and their directions", which lists both sets). The
// direction set is a parameter: the default is Zachmann's (found by an optimizer, pairwise
// well spread); "axes_diagonals" (3 axes, 4 cube diagonals and 5 face diagonals) is the
// classic alternative.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "cc/chip_math.h"
#include "cc/mesh.h"

namespace cc {

using Directions = std::array<std::array<double, 3>, layout::kDopDirs>;

// Unit vectors (the default set is normalized on construction).
const Directions& zachmannDirections();
Directions axesDiagonalsDirections();
Directions directionsByName(const std::string& name);  // "zachmann" | "axes_diagonals"

// DOP of a set of points, computed in double and rounded outward to float, so it encloses
// the float points exactly. An empty DOP has +inf minima and -inf maxima.
Dop emptyDop();
void growDop(Dop& dop, const Directions& dirs, const Vec3f& p);
Dop unionDop(const Dop& a, const Dop& b);

// Rounds a double down / up to the nearest float at or below / above it (never subnormal).
float roundDown(double x);
float roundUp(double x);

}  // namespace cc
