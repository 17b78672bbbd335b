// Registry entries of the ERIT curved-primitive tests: input layouts (docs) and checks.
#include <type_traits>

#include "cc/isect/erit.h"
#include "cc/isect/registry.h"

namespace cc::isect {

namespace {

template <class T> Tri<T> tri(const double* p) { return {v3<T>(p), v3<T>(p + 3), v3<T>(p + 6)}; }
template <class T> EritEps<T> erit(const Params& p) { return {static_cast<T>(p.zero), static_cast<T>(p.eps)}; }
template <class T> T s(double x) { return static_cast<T>(x); }
template <class T> Sphere<T> sphere(const double* p) { return {v3<T>(p), s<T>(p[3])}; }
template <class T> Cylinder<T> cylinder(const double* p) { return {v3<T>(p), v3<T>(p + 3), s<T>(p[6])}; }
template <class T> Cone<T> cone(const double* p) { return {v3<T>(p), s<T>(p[3]), s<T>(p[4]), s<T>(p[5])}; }
template <class T> Toroid<T> toroid(const double* p, bool convex) {
  return {v3<T>(p), s<T>(p[3]), s<T>(p[4]), s<T>(p[5]), s<T>(p[6]), convex};
}
template <class T> V2<T> v2(const double* p) { return {s<T>(p[0]), s<T>(p[1])}; }
Outcome yes(bool h) { return {h, {}}; }

// Layouts (docs/intersection_library.md): sphere c r; cylinder p q r; cone p h rb rt;
// toroid c rho1 rho2 zlo zhi; segment a b; triangle v1 v2 v3.
template <class T> Outcome sphSeg(const double* in, const Params& p) {
  return yes(sphereSeg(sphere<T>(in), v3<T>(in + 4), v3<T>(in + 7), erit<T>(p)));
}
template <class T> Outcome sphTri(const double* in, const Params& p) {
  return yes(sphereTri(sphere<T>(in), tri<T>(in + 4), erit<T>(p)));
}
template <class T> Outcome sphSph(const double* in, const Params& p) {
  return yes(sphereSphere(sphere<T>(in), sphere<T>(in + 4), erit<T>(p)));
}
template <class T> Outcome cylSeg(const double* in, const Params& p) {
  return yes(cylinderSeg(cylinder<T>(in), v3<T>(in + 7), v3<T>(in + 10), erit<T>(p)));
}
template <class T> Outcome upCylSeg(const double* in, const Params& p) {
  return yes(upCylinderSeg(cylinder<T>(in), v3<T>(in + 7), v3<T>(in + 10), erit<T>(p)));
}
template <class T> Outcome cylTri(const double* in, const Params& p) {
  return yes(cylinderTri(cylinder<T>(in), tri<T>(in + 7), erit<T>(p)));
}
template <class T> Outcome cylSegUp(const double* in, const Params& p) {
  return yes(cylinderSegViaUpright(cylinder<T>(in), v3<T>(in + 7), v3<T>(in + 10), erit<T>(p)));
}
template <class T> Outcome cylTriUp(const double* in, const Params& p) {
  return yes(cylinderTriViaUpright(cylinder<T>(in), tri<T>(in + 7), erit<T>(p)));
}
template <class T> Outcome upCylTri(const double* in, const Params& p) {
  return yes(upCylinderTri(cylinder<T>(in), tri<T>(in + 7), erit<T>(p)));
}
template <class T> Outcome cylSph(const double* in, const Params& p) {
  return yes(cylinderSphere(cylinder<T>(in), sphere<T>(in + 7), erit<T>(p)));
}
template <class T> Outcome upCylSph(const double* in, const Params& p) {
  return yes(upCylinderSphere(cylinder<T>(in), sphere<T>(in + 7), erit<T>(p)));
}
template <class T> Outcome conSeg(const double* in, const Params& p) {
  return yes(upConeSeg(cone<T>(in), v3<T>(in + 6), v3<T>(in + 9), erit<T>(p)));
}
template <class T> Outcome conTri(const double* in, const Params& p) {
  return yes(upConeTri(cone<T>(in), tri<T>(in + 6), erit<T>(p)));
}
template <class T, bool Convex> Outcome torSeg(const double* in, const Params& p) {
  return yes(toroidSeg(toroid<T>(in, Convex), v3<T>(in + 7), v3<T>(in + 10), erit<T>(p)));
}
template <class T, bool Convex> Outcome torTri(const double* in, const Params& p) {
  return yes(toroidTri(toroid<T>(in, Convex), tri<T>(in + 7), erit<T>(p)));
}
template <class T> Outcome pntTri2(const double* in, const Params& p) {
  return yes(pointTri2D(v2<T>(in), v2<T>(in + 2), v2<T>(in + 4), v2<T>(in + 6), erit<T>(p)));
}
template <class T> Outcome segTri2(const double* in, const Params& p) {
  return yes(segTri2D(v2<T>(in), v2<T>(in + 2), v2<T>(in + 4), v2<T>(in + 6), v2<T>(in + 8), erit<T>(p)));
}

// ----------------------------------------------------------------- parameter checks
const char* checkSphere(const double* in) { return in[3] < 0 ? "sphere radius must be >= 0" : nullptr; }
const char* checkSphSph(const double* in) {
  return in[3] < 0 || in[7] < 0 ? "sphere radius must be >= 0" : nullptr;
}
const char* checkCylinder(const double* in) {
  if (in[6] < 0) return "cylinder radius must be >= 0";
  if (in[0] == in[3] && in[1] == in[4] && in[2] == in[5]) return "cylinder axis end points coincide";
  return nullptr;
}
const char* checkUpCylinder(const double* in) {
  if (const char* e = checkCylinder(in)) return e;
  if (in[0] != in[3] || in[1] != in[4] || !(in[2] < in[5])) return "upright cylinder needs px = qx, py = qy, pz < qz";
  return nullptr;
}
const char* checkCylSph(const double* in) {
  if (const char* e = checkCylinder(in)) return e;
  return in[10] < 0 ? "sphere radius must be >= 0" : nullptr;
}
const char* checkUpCylSph(const double* in) {
  if (const char* e = checkUpCylinder(in)) return e;
  return in[10] < 0 ? "sphere radius must be >= 0" : nullptr;
}
const char* checkCone(const double* in) {
  if (!(in[3] > 0)) return "cone height must be > 0";
  if (in[4] < 0 || in[5] < 0) return "cone radii must be >= 0";
  return nullptr;
}
const char* checkToroid(const double* in) {
  const double r1 = in[3], r2 = in[4], lo = in[5], hi = in[6];
  if (r1 < 0 || !(r2 > 0)) return "toroid needs rho1 >= 0 and rho2 > 0";
  if (!(lo <= hi) || lo < -r2 || hi > r2) return "toroid needs -rho2 <= zlo <= zhi <= rho2";
  return nullptr;
}
const char* checkConcaveToroid(const double* in) {
  if (const char* e = checkToroid(in)) return e;
  return in[3] < in[4] ? "concave toroid needs rho1 >= rho2" : nullptr;
}

template <class T> constexpr bool isF32() { return std::is_same_v<T, float>; }

template <class T> void add(std::vector<Algo>& v) {
  const std::string n = isF32<T>() ? "held_f32" : "held_f64";
  const bool f = isF32<T>();
  const std::string nu = isF32<T>() ? "held_viaup_f32" : "held_viaup_f64";
  v.push_back({"cylseg", nu, 13, f, cylSegUp<T>, checkCylinder});
  v.push_back({"cyltri", nu, 16, f, cylTriUp<T>, checkCylinder});
  v.push_back({"sphseg", n, 10, f, sphSeg<T>, checkSphere});
  v.push_back({"sphtri", n, 13, f, sphTri<T>, checkSphere});
  v.push_back({"sphsph", n, 8, f, sphSph<T>, checkSphSph});
  v.push_back({"cylseg", n, 13, f, cylSeg<T>, checkCylinder});
  v.push_back({"upcylseg", n, 13, f, upCylSeg<T>, checkUpCylinder});
  v.push_back({"cyltri", n, 16, f, cylTri<T>, checkCylinder});
  v.push_back({"upcyltri", n, 16, f, upCylTri<T>, checkUpCylinder});
  v.push_back({"cylsph", n, 11, f, cylSph<T>, checkCylSph});
  v.push_back({"upcylsph", n, 11, f, upCylSph<T>, checkUpCylSph});
  v.push_back({"conseg", n, 12, f, conSeg<T>, checkCone});
  v.push_back({"contri", n, 15, f, conTri<T>, checkCone});
  v.push_back({"cvxtorseg", n, 13, f, torSeg<T, true>, checkToroid});
  v.push_back({"cvxtortri", n, 16, f, torTri<T, true>, checkToroid});
  v.push_back({"cvetorseg", n, 13, f, torSeg<T, false>, checkConcaveToroid});
  v.push_back({"cvetortri", n, 16, f, torTri<T, false>, checkConcaveToroid});
  v.push_back({"pnttri2d", n, 8, f, pntTri2<T>, nullptr});
  v.push_back({"segtri2d", n, 10, f, segTri2<T>, nullptr});
}

}  // namespace

void appendEritAlgorithms(std::vector<Algo>& v) {
  add<double>(v);
  add<float>(v);
}

}  // namespace cc::isect
