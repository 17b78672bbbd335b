// Accuracy against exact arithmetic: seeded families of cases labelled by CGAL, scores of
// registry algorithms on them (error rate and its direction), and the markdown report of
// `isect --report` (Tropp et al. Table 4 layout, docs/intersection_library.md).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "cc/isect/families.h"

namespace cc::isect {

inline constexpr double kNoiseF64 = 1e-14;  // Tropp's epsilon
inline constexpr double kNoiseF32 = 1e-6;   // about the same relative difficulty in binary32

template <class Case> struct Labelled {
  std::vector<Case> cases;
  std::vector<bool> exact;  // CGAL's answer on exactly these (possibly float-rounded) inputs
};

// n cases of a family; for f32 the noise is kNoiseF32 and the cases are rounded to float
// before labelling, so the label is exact for the input the algorithm sees.
Labelled<TriTriCase> labelTriTri(TriTriFamily f, long n, unsigned seed, bool f32);
Labelled<SegTriCase> labelSegTri(SegTriFamily f, long n, unsigned seed, bool f32);

struct Score {
  long cases = 0, exactHits = 0;
  long falsePos = 0;  // algorithm says hit, exact says miss
  long falseNeg = 0;  // algorithm says miss, exact says hit
  double errorRate() const { return cases ? double(falsePos + falseNeg) / cases : 0; }
};

template <class Case> Score score(const std::string& test, const std::string& algo, const Labelled<Case>& l);

void writeAccuracyReport(std::ostream& os, long n, unsigned seed);

}  // namespace cc::isect
