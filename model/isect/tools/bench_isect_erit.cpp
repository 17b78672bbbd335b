// The ERIT table of bench_isect (Held, Table 1: time per 100 000 tests): every curved-
// primitive test on 4096 random cases in [-1, 1]^3 with primitives of size ~0.1-0.6
// (the same distributions as tests/isect/test_isect_erit.cpp), in double, plus the general
// cylinder tests done by transforming to upright first ("viaup", as Held timed them).
#include "bench_isect_erit.h"

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "cc/isect/erit.h"

namespace cc::isect::bench {

namespace {

using P3 = V3<double>;
constexpr size_t kN = 4096;

std::mt19937_64 gen(11);
double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(gen); }
P3 pt(double lo = -1, double hi = 1) { return {uni(lo, hi), uni(lo, hi), uni(lo, hi)}; }
Tri<double> tri() { return {pt(-1.2, 1.2), pt(-1.2, 1.2), pt(-1.2, 1.2)}; }

struct Case {
  Sphere<double> s, s2;
  Cylinder<double> cyl, up;
  Cone<double> cone;
  Toroid<double> cvx, cve;
  P3 a, b;
  Tri<double> t;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> v = [] {
    std::vector<Case> out;
    for (size_t i = 0; i < kN; ++i) {
      Case c;
      c.s = {pt(-0.5, 0.5), uni(0.1, 0.6)};
      c.s2 = {pt(-0.5, 0.5), uni(0.1, 0.6)};
      c.cyl = {pt(-0.6, 0.6), pt(-0.6, 0.6), uni(0.05, 0.4)};
      const P3 p = pt(-0.5, 0.5);
      c.up = {p, {p.x, p.y, p.z + uni(0.2, 1.0)}, uni(0.05, 0.5)};
      c.cone = {pt(-0.5, 0.0), uni(0.2, 1.0), uni(0.0, 0.6), uni(0.0, 0.6)};
      for (bool convex : {true, false}) {
        const double r2 = uni(0.1, 0.4), r1 = convex ? uni(0.0, 0.5) : r2 + uni(0.02, 0.4);
        double lo = uni(-r2, r2), hi = uni(-r2, r2);
        if (lo > hi) std::swap(lo, hi);
        (convex ? c.cvx : c.cve) = {pt(-0.3, 0.3), r1, r2, lo, hi, convex};
      }
      c.a = pt(), c.b = pt(), c.t = tri();
      out.push_back(c);
    }
    return out;
  }();
  return v;
}

template <class F> void reg(const std::string& name, F f) {
  benchmark::RegisterBenchmark(("erit/" + name).c_str(), [f](benchmark::State& st) {
    const std::vector<Case>& cs = cases();
    size_t i = 0;
    for (auto _ : st) {
      benchmark::DoNotOptimize(f(cs[i]));
      i = (i + 1) & (kN - 1);
    }
  });
}

}  // namespace

void registerEritBenchmarks() {
  reg("TriEdge3D", [](const Case& c) { return heldTriEdge(c.t, c.a, c.b); });
  reg("TriTri3D", [](const Case& c) { return heldTriTri(c.t, Tri<double>{c.a, c.b, c.s.c}); });
  reg("TriPnt2D", [](const Case& c) {
    return pointTri2D(V2<double>{c.t[0].x, c.t[0].y}, V2<double>{c.t[1].x, c.t[1].y}, V2<double>{c.t[2].x, c.t[2].y},
                      V2<double>{c.a.x, c.a.y});
  });
  reg("SphEdge3D", [](const Case& c) { return sphereSeg(c.s, c.a, c.b); });
  reg("SphTri3D", [](const Case& c) { return sphereTri(c.s, c.t); });
  reg("SphSph3D", [](const Case& c) { return sphereSphere(c.s, c.s2); });
  reg("UpCylEdge3D", [](const Case& c) { return upCylinderSeg(c.up, c.a, c.b); });
  reg("UpCylEdge3D_viaup", [](const Case& c) { return cylinderSegViaUpright(c.cyl, c.a, c.b); });
  reg("CylEdge3D", [](const Case& c) { return cylinderSeg(c.cyl, c.a, c.b); });
  reg("UpCylTri3D", [](const Case& c) { return upCylinderTri(c.up, c.t); });
  reg("UpCylTri3D_viaup", [](const Case& c) { return cylinderTriViaUpright(c.cyl, c.t); });
  reg("CylTri3D", [](const Case& c) { return cylinderTri(c.cyl, c.t); });
  reg("UpCylSph3D", [](const Case& c) { return upCylinderSphere(c.up, c.s); });
  reg("CylSph3D", [](const Case& c) { return cylinderSphere(c.cyl, c.s); });
  reg("UpConEdge3D", [](const Case& c) { return upConeSeg(c.cone, c.a, c.b); });
  reg("UpConTri3D", [](const Case& c) { return upConeTri(c.cone, c.t); });
  reg("UpCvxTorEdge3D", [](const Case& c) { return toroidSeg(c.cvx, c.a, c.b); });
  reg("UpCvxTorTri3D", [](const Case& c) { return toroidTri(c.cvx, c.t); });
  reg("UpCveTorEdge3D", [](const Case& c) { return toroidSeg(c.cve, c.a, c.b); });
  reg("UpCveTorTri3D", [](const Case& c) { return toroidTri(c.cve, c.t); });
}

}  // namespace cc::isect::bench
