// Triangle/triangle and segment/triangle algorithms against CGAL's exact answer
// (cc_isect_exact). Random generic cases: every correct algorithm must agree. Degenerate
// families (Tropp et al. Table 4 and friends): the rates are recorded, not asserted.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "cc/isect/registry.h"
#include "cc/isect/report.h"
#include "cc/isect/seg_tri.h"
#include "cc/isect/tri_tri_chip.h"
#include "cc/isect/tri_tri_tropp.h"

namespace cc::isect {
namespace {

constexpr unsigned kSeed = 20261122;
constexpr long kRandomCases = 20000;
constexpr long kDegenerateCases = 4000;

bool isCull(const std::string& name) { return name.find("_cull_") != std::string::npos; }

TEST(IsectExact, TriTriRandomFamilyAgreesWithExact) {
  std::printf("seed %u\n", kSeed);
  const auto f64 = labelTriTri(TriTriFamily::kRandom, kRandomCases, kSeed, false);
  const auto f32 = labelTriTri(TriTriFamily::kRandom, kRandomCases, kSeed, true);
  long hits = 0;
  for (bool e : f64.exact) hits += e;
  ASSERT_GT(hits, kRandomCases / 10);  // the family must exercise both answers
  ASSERT_LT(hits, kRandomCases * 9 / 10);
  for (const Algo& a : algorithms()) {
    if (a.test != "tritri") continue;
    const Score s = score("tritri", a.name, a.isFloat ? f32 : f64);
    if (a.name == "chip_f32") {  // certified: says "intersect" for the pairs it leaves uncertain
      EXPECT_EQ(s.falseNeg, 0) << a.name;
      EXPECT_LE(s.falsePos, kRandomCases / 100) << a.name << ": too many uncertain pairs on generic cases";
      continue;
    }
    EXPECT_EQ(s.falsePos + s.falseNeg, 0) << a.name << ": " << s.falsePos << " FP, " << s.falseNeg << " FN";
  }
}

// The chip's certified test (docs/exact_contacts.md) on every family, degenerate ones
// included: a certain hit or miss is never contradicted by CGAL.
TEST(IsectExact, ChipCertainAnswersAgreeOnEveryFamily) {
  for (const TriTriFamily f : allTriTriFamilies()) {
    const auto l = labelTriTri(f, kDegenerateCases, kSeed, true);
    long uncertain = 0;
    for (size_t i = 0; i < l.cases.size(); ++i) {
      const TriTriCase& c = l.cases[i];
      Tri<double> a, b;
      for (int k = 0; k < 3; ++k) {
        a[k] = {c[3 * k], c[3 * k + 1], c[3 * k + 2]};
        b[k] = {c[9 + 3 * k], c[9 + 3 * k + 1], c[9 + 3 * k + 2]};
      }
      const ItVerdict v = chipTriTriVerdictF32(a, b);
      uncertain += v == ItVerdict::Uncertain;
      ASSERT_NE(v, l.exact[i] ? ItVerdict::Miss : ItVerdict::Hit) << familyName(f) << " case " << i;
    }
    std::printf("%-16s %5zu cases, %5ld uncertain\n", familyName(f).c_str(), l.cases.size(), uncertain);
  }
}

// Which way a culling variant keeps a segment: +1 keeps n.(Q2-Q1) < 0 (enters the front
// face), -1 the opposite. Segura's listing culls the other orientation than the others.
int keptOrientation(const std::string& name) { return name.rfind("segura", 0) == 0 ? -1 : 1; }

TEST(IsectExact, SegTriRandomFamilyAgreesWithExact) {
  std::printf("seed %u\n", kSeed);
  for (bool f32 : {false, true}) {
    const auto l = labelSegTri(SegTriFamily::kRandom, kRandomCases, kSeed, f32);
    long hits = 0;
    for (bool e : l.exact) hits += e;
    ASSERT_GT(hits, kRandomCases / 20);
    for (const Algo& a : algorithms()) {
      if (a.test != "segtri" || a.isFloat != f32) continue;
      long wrong = 0;
      for (size_t i = 0; i < l.cases.size(); ++i) {
        const double* c = l.cases[i].data();
        bool expect = l.exact[i];
        if (isCull(a.name)) {  // exact answer restricted to the kept orientation
          const V3<double> v1 = v3<double>(c + 6), v2 = v3<double>(c + 9), v3_ = v3<double>(c + 12);
          const double nd = dot(cross(v2 - v1, v3_ - v1), v3<double>(c + 3) - v3<double>(c));
          expect = expect && nd * keptOrientation(a.name) < 0;
        }
        wrong += a.run(c, {}).hit != expect;
      }
      EXPECT_EQ(wrong, 0) << a.name;
    }
  }
}

TEST(IsectExact, DegenerateFamiliesRecorded) {
  std::printf("seed %u, %ld cases per family\n", kSeed, kDegenerateCases);
  for (TriTriFamily f : allTriTriFamilies()) {
    if (f == TriTriFamily::kRandom) continue;
    const auto f64 = labelTriTri(f, kDegenerateCases, kSeed, false);
    const auto f32 = labelTriTri(f, kDegenerateCases, kSeed, true);
    for (const Algo& a : algorithms()) {
      if (a.test != "tritri") continue;
      const Score s = score("tritri", a.name, a.isFloat ? f32 : f64);
      std::printf("tritri %-16s %-18s %6.2f%% (%ld FP / %ld FN)\n", familyName(f).c_str(), a.name.c_str(),
                  100 * s.errorRate(), s.falsePos, s.falseNeg);
      EXPECT_EQ(s.cases, kDegenerateCases);
    }
  }
  for (SegTriFamily f : allSegTriFamilies()) {
    if (f == SegTriFamily::kRandom) continue;
    const auto f64 = labelSegTri(f, kDegenerateCases, kSeed, false);
    const auto f32 = labelSegTri(f, kDegenerateCases, kSeed, true);
    for (const Algo& a : algorithms()) {
      if (a.test != "segtri") continue;
      const Score s = score("segtri", a.name, a.isFloat ? f32 : f64);
      std::printf("segtri %-16s %-26s %6.2f%% (%ld FP / %ld FN)\n", familyName(f).c_str(), a.name.c_str(),
                  100 * s.errorRate(), s.falsePos, s.falseNeg);
    }
  }
}

// The families are built so that their exact answers are mixed (hit iff the noise falls on
// one side), touching cases all hit and coplanar ones are mixed: a generator bug would show.
TEST(IsectExact, FamiliesHaveTheIntendedExactAnswers) {
  for (bool f32 : {false, true}) {
    for (TriTriFamily f : {TriTriFamily::kVertexOnPlane, TriTriFamily::kEdgeOnPlane, TriTriFamily::kCoplanar}) {
      const auto l = labelTriTri(f, 2000, kSeed, f32);
      long hits = 0;
      for (bool e : l.exact) hits += e;
      EXPECT_GT(hits, 600) << familyName(f) << " f32=" << f32;
      EXPECT_LT(hits, 1400) << familyName(f) << " f32=" << f32;
    }
    const auto t = labelTriTri(TriTriFamily::kTouching, 2000, kSeed, f32);
    for (bool e : t.exact) EXPECT_TRUE(e);
    const auto s = labelSegTri(SegTriFamily::kTouching, 2000, kSeed, f32);
    for (bool e : s.exact) EXPECT_TRUE(e);
  }
}

// Tropp's optional stage 5: the segment lies in both triangles (closed, small tolerance).
bool nearTriangle(const Tri<double>& t, V3<double> p, double tol) {
  const V3<double> n = cross(t[1] - t[0], t[2] - t[0]);
  const double nn = norm2(n);
  if (std::fabs(dot(n, p - t[0])) > tol * std::sqrt(nn)) return false;
  for (int e = 0; e < 3; ++e) {  // inside every edge's half-plane (within tol)
    const V3<double> c = cross(t[(e + 1) % 3] - t[e], p - t[e]);
    if (dot(c, n) < -tol * std::sqrt(nn) * std::sqrt(norm2(t[(e + 1) % 3] - t[e]))) return false;
  }
  return true;
}

TEST(IsectExact, TroppSegmentLiesInBothTriangles) {
  std::mt19937_64 rng(kSeed);
  long checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const TriTriCase c = makeTriTri(TriTriFamily::kRandom, 0, rng);
    const Tri<double> a = {v3<double>(&c[0]), v3<double>(&c[3]), v3<double>(&c[6])};
    const Tri<double> b = {v3<double>(&c[9]), v3<double>(&c[12]), v3<double>(&c[15])};
    TroppSegment<double> s;
    if (!troppTriTri(a, b, &s) || !s.valid) continue;
    ++checked;
    for (V3<double> p : {s.a, s.b}) {
      ASSERT_TRUE(nearTriangle(a, p, 1e-9) && nearTriangle(b, p, 1e-9)) << "case " << i << " seed " << kSeed;
    }
  }
  EXPECT_GT(checked, 2000);
}

// Segment/triangle outputs: Q1 + t (Q2 - Q1) equals b1 V1 + b2 V2 + b3 V3, sum b = 1.
TEST(IsectExact, SegTriParameterAndBarycentricsAgree) {
  std::mt19937_64 rng(kSeed);
  for (const Algo& a : algorithms()) {
    if (a.test != "segtri" || a.isFloat || a.name.rfind("held", 0) == 0) continue;
    long checked = 0;
    for (int i = 0; i < 20000; ++i) {
      const SegTriCase c = makeSegTri(SegTriFamily::kRandom, 0, rng);
      const Outcome o = a.run(c.data(), {});
      if (!o.hit) continue;
      ASSERT_EQ(o.extra.size(), 4u) << a.name;
      ++checked;
      const double t = o.extra[0];
      EXPECT_GE(t, -1e-12) << a.name;
      EXPECT_LE(t, 1 + 1e-12) << a.name;
      EXPECT_NEAR(o.extra[1] + o.extra[2] + o.extra[3], 1.0, 1e-9) << a.name;
      for (int k = 0; k < 3; ++k) {
        const double onSeg = c[k] + t * (c[3 + k] - c[k]);
        const double onTri = o.extra[1] * c[6 + k] + o.extra[2] * c[9 + k] + o.extra[3] * c[12 + k];
        EXPECT_NEAR(onSeg, onTri, 1e-9) << a.name << " case " << i;
      }
    }
    EXPECT_GT(checked, 500) << a.name;
  }
}

}  // namespace
}  // namespace cc::isect
