// Real roots of polynomials up to degree 4 (ERIT's toroid tests need the quartic; Held
// reworked Schwarze's Graphics Gems solver because the original "does not seem to work
// correctly"). Closed forms after Schwarze (depressed quartic, resolvent cubic, two
// quadratics), with the two fixes that make it dependable here:
//   * the resolvent root used is the LARGEST real one (any real root is valid in exact
//     arithmetic, but only the largest keeps u = z^2 - r and v = 2z - p non-negative
//     under rounding; Schwarze took the first one returned);
//   * every root is polished by Newton steps on the ORIGINAL polynomial, and leading
//     coefficients that vanish relative to the others drop the degree.
// Roots are returned sorted, each real root once (double roots may appear twice).
#pragma once
#include <algorithm>
#include <cmath>

namespace cc::isect {

namespace quartic_detail {

inline bool isZero(double x, double scale) { return std::fabs(x) <= 1e-12 * scale; }

inline int solveQuadratic(double c0, double c1, double c2, double* s) {  // c2 x^2 + c1 x + c0
  if (c2 == 0) {
    if (c1 == 0) return 0;
    s[0] = -c0 / c1;
    return 1;
  }
  const double p = c1 / (2 * c2), q = c0 / c2;
  const double d = p * p - q;
  if (isZero(d, std::max(p * p, std::fabs(q)))) {
    s[0] = -p;
    return 1;
  }
  if (d < 0) return 0;
  // Numerically stable pair: the larger-magnitude root first, the other by Vieta.
  const double r = -p - std::copysign(std::sqrt(d), p);
  s[0] = r;
  s[1] = r != 0 ? q / r : 0;
  return 2;
}

inline int solveCubicNormed(double A, double B, double C, double* s) {  // x^3 + A x^2 + B x + C
  const double sqA = A * A;
  const double p = (1.0 / 3) * (-(1.0 / 3) * sqA + B);
  const double q = 0.5 * ((2.0 / 27) * A * sqA - (1.0 / 3) * A * B + C);
  const double cbp = p * p * p, D = q * q + cbp;
  int n;
  if (isZero(D, std::max(q * q, std::fabs(cbp)))) {
    if (isZero(q, std::max({std::fabs(p) * std::sqrt(std::fabs(p)), 1e-300}))) {
      s[0] = 0;
      n = 1;
    } else {
      const double u = std::cbrt(-q);
      s[0] = 2 * u;
      s[1] = -u;
      n = 2;
    }
  } else if (D < 0) {  // three real roots
    const double phi = (1.0 / 3) * std::acos(std::clamp(-q / std::sqrt(-cbp), -1.0, 1.0));
    const double t = 2 * std::sqrt(-p);
    s[0] = t * std::cos(phi);
    s[1] = -t * std::cos(phi + M_PI / 3);
    s[2] = -t * std::cos(phi - M_PI / 3);
    n = 3;
  } else {
    const double sd = std::sqrt(D);
    s[0] = std::cbrt(sd - q) - std::cbrt(sd + q);
    n = 1;
  }
  for (int i = 0; i < n; ++i) s[i] -= A / 3;
  return n;
}

inline double eval(const double* c, int deg, double x) {
  double v = c[deg];
  for (int i = deg - 1; i >= 0; --i) v = v * x + c[i];
  return v;
}

inline void polish(const double* c, int deg, double* s, int n) {
  for (int i = 0; i < n; ++i) {
    for (int it = 0; it < 4; ++it) {
      double f = c[deg], df = 0;
      for (int k = deg - 1; k >= 0; --k) {
        df = df * s[i] + f;
        f = f * s[i] + c[k];
      }
      if (df == 0 || !std::isfinite(f / df)) break;
      const double next = s[i] - f / df;
      if (std::fabs(eval(c, deg, next)) >= std::fabs(f)) break;  // no progress: keep
      s[i] = next;
    }
  }
}

}  // namespace quartic_detail

// c[0] + c[1] x + c[2] x^2 + c[3] x^3 + c[4] x^4 = 0. Returns the number of real roots in s.
inline int solveQuartic(const double c[5], double s[4]) {
  using namespace quartic_detail;
  double scale = 0;
  for (int i = 0; i < 5; ++i) scale = std::max(scale, std::fabs(c[i]));
  if (scale == 0) return 0;  // the zero polynomial: no isolated roots
  int deg = 4;
  while (deg > 0 && std::fabs(c[deg]) <= 1e-14 * scale) --deg;
  int n = 0;
  if (deg == 0) return 0;
  if (deg == 1) {
    s[0] = -c[0] / c[1];
    return 1;
  }
  if (deg == 2) {
    n = solveQuadratic(c[0], c[1], c[2], s);
  } else if (deg == 3) {
    n = solveCubicNormed(c[2] / c[3], c[1] / c[3], c[0] / c[3], s);
  } else {
    const double A = c[3] / c[4], B = c[2] / c[4], C = c[1] / c[4], D = c[0] / c[4];
    const double sqA = A * A;
    const double p = -(3.0 / 8) * sqA + B;
    const double q = (1.0 / 8) * sqA * A - 0.5 * A * B + C;
    const double r = -(3.0 / 256) * sqA * sqA + (1.0 / 16) * sqA * B - 0.25 * A * C + D;
    const double sc = std::max({1.0, std::fabs(p), std::fabs(q), std::fabs(r)});
    if (isZero(r, sc * sc)) {  // y (y^3 + p y + q) = 0
      n = solveCubicNormed(0, p, q, s);
      s[n++] = 0;
    } else {
      double z3[3];
      const int nz = solveCubicNormed(-0.5 * p, -r, 0.5 * r * p - 0.125 * q * q, z3);
      const double z = *std::max_element(z3, z3 + nz);
      double u = z * z - r, v = 2 * z - p;
      u = isZero(u, sc * sc) || u < 0 ? 0 : std::sqrt(u);
      v = isZero(v, sc) || v < 0 ? 0 : std::sqrt(v);
      n = solveQuadratic(z - u, q < 0 ? -v : v, 1, s);
      n += solveQuadratic(z + u, q < 0 ? v : -v, 1, s + n);
    }
    for (int i = 0; i < n; ++i) s[i] -= 0.25 * A;
  }
  polish(c, deg, s, n);
  std::sort(s, s + n);
  return n;
}

}  // namespace cc::isect
