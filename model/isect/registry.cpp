#include "cc/isect/registry.h"

#include "cc/isect/seg_tri.h"
#include "cc/isect/tri_tri_chip.h"
#include "cc/isect/tri_tri_guigue.h"
#include "cc/isect/tri_tri_held.h"
#include "cc/isect/tri_tri_moller.h"
#include "cc/isect/tri_tri_tropp.h"

namespace cc::isect {

namespace {

template <class T> Tri<T> tri(const double* p) { return {v3<T>(p), v3<T>(p + 3), v3<T>(p + 6)}; }
template <class T> EritEps<T> erit(const Params& p) { return {static_cast<T>(p.zero), static_cast<T>(p.eps)}; }
Outcome yes(bool h) { return {h, {}}; }

// ------------------------------------------------------------------ triangle/triangle
template <class T> Outcome moller(const double* in, const Params& p) {
  return yes(mollerTriTri(tri<T>(in), tri<T>(in + 9), static_cast<T>(p.eps)));
}
template <class T> Outcome mollerNoDiv(const double* in, const Params& p) {
  return yes(mollerNoDivTriTri(tri<T>(in), tri<T>(in + 9), static_cast<T>(p.eps)));
}
template <class T> Outcome guigue(const double* in, const Params& p) {
  return yes(guigueTriTri(tri<T>(in), tri<T>(in + 9), static_cast<T>(p.eps)));
}
template <class T> Outcome held(const double* in, const Params& p) {
  return yes(heldTriTri(tri<T>(in), tri<T>(in + 9), erit<T>(p)));
}
template <class T> Outcome tropp(const double* in, const Params& p) {
  TroppSegment<T> s;
  Outcome o = yes(troppTriTri(tri<T>(in), tri<T>(in + 9), &s, static_cast<T>(p.eps)));
  if (o.hit && s.valid) o.extra = {s.a.x, s.a.y, s.a.z, s.b.x, s.b.y, s.b.z};
  return o;
}
Outcome chip32(const double* in, const Params&) {
  return yes(chipTriTriF32(tri<float>(in), tri<float>(in + 9)));
}
Outcome chip64(const double* in, const Params&) { return yes(chipTriTriF64(tri<double>(in), tri<double>(in + 9))); }

// ------------------------------------------------------------------- segment/triangle
// Layout: Q1 (3), Q2 (3), then V1 V2 V3 (9). Hits print t b1 b2 b3.
template <class T, bool Cull, bool (*F)(const Tri<T>&, V3<T>, V3<T>, bool, T, SegHit<T>*)>
Outcome segTri(const double* in, const Params& p) {
  SegHit<T> h;
  Outcome o = yes(F(tri<T>(in + 6), v3<T>(in), v3<T>(in + 3), Cull, static_cast<T>(p.eps), &h));
  if (o.hit) o.extra = {h.t, h.b[0], h.b[1], h.b[2]};
  return o;
}
template <class T> Outcome heldSeg(const double* in, const Params& p) {
  T t = 0;
  Outcome o = yes(heldTriEdge(tri<T>(in + 6), v3<T>(in), v3<T>(in + 3), erit<T>(p), &t));
  if (o.hit) o.extra = {t};
  return o;
}

#define CC_SEGTRI(name, fn)                                                          \
  {"segtri", name "_f32", 15, true, segTri<float, false, fn<float>>},                \
  {"segtri", name "_f64", 15, false, segTri<double, false, fn<double>>},             \
  {"segtri", name "_cull_f32", 15, true, segTri<float, true, fn<float>>},            \
  {"segtri", name "_cull_f64", 15, false, segTri<double, true, fn<double>>}

}  // namespace

const std::vector<Algo>& algorithms() {
  static const std::vector<Algo> all = [] {
    std::vector<Algo> v = {
        {"tritri", "chip_f32", 18, true, chip32},
        {"tritri", "chip_f64", 18, false, chip64},
        {"tritri", "moller_f32", 18, true, moller<float>},
        {"tritri", "moller_f64", 18, false, moller<double>},
        {"tritri", "moller_nodiv_f32", 18, true, mollerNoDiv<float>},
        {"tritri", "moller_nodiv_f64", 18, false, mollerNoDiv<double>},
        {"tritri", "guigue_f32", 18, true, guigue<float>},
        {"tritri", "guigue_f64", 18, false, guigue<double>},
        {"tritri", "tropp_f32", 18, true, tropp<float>},
        {"tritri", "tropp_f64", 18, false, tropp<double>},
        {"tritri", "held_f32", 18, true, held<float>},
        {"tritri", "held_f64", 18, false, held<double>},
        CC_SEGTRI("jimenez", jimenezSegTri),
        CC_SEGTRI("moller_trumbore", mollerTrumboreSegTri),
        CC_SEGTRI("badouel", badouelSegTri),
        CC_SEGTRI("segura", seguraSegTri),
        {"segtri", "held_f32", 15, true, heldSeg<float>},
        {"segtri", "held_f64", 15, false, heldSeg<double>},
    };
    appendEritAlgorithms(v);
    return v;
  }();
  return all;
}

const Algo* findAlgo(const std::string& test, const std::string& name) {
  for (const Algo& a : algorithms()) {
    if (a.test == test && a.name == name) return &a;
  }
  return nullptr;
}

}  // namespace cc::isect
