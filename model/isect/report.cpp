#include "cc/isect/report.h"

#include <cstdio>
#include <map>

#include "cc/isect/exact.h"
#include "cc/isect/registry.h"

namespace cc::isect {

namespace {

// Different families and precisions draw from different streams of the same seed.
std::mt19937_64 stream(unsigned seed, int family, bool f32) {
  return std::mt19937_64(seed * 1000003ull + static_cast<unsigned>(family) * 2 + (f32 ? 1 : 0));
}

std::string pct(long k, long n) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f%%", n ? 100.0 * k / n : 0.0);
  return b;
}

}  // namespace

Labelled<TriTriCase> labelTriTri(TriTriFamily f, long n, unsigned seed, bool f32) {
  std::mt19937_64 rng = stream(seed, static_cast<int>(f), f32);
  Labelled<TriTriCase> l;
  for (long i = 0; i < n; ++i) {
    TriTriCase c = makeTriTri(f, f32 ? kNoiseF32 : kNoiseF64, rng);
    if (f32) c = roundToFloat(c);
    l.cases.push_back(c);
    l.exact.push_back(exactTriTri(c));
  }
  return l;
}

Labelled<SegTriCase> labelSegTri(SegTriFamily f, long n, unsigned seed, bool f32) {
  std::mt19937_64 rng = stream(seed, 100 + static_cast<int>(f), f32);
  Labelled<SegTriCase> l;
  for (long i = 0; i < n; ++i) {
    SegTriCase c = makeSegTri(f, f32 ? kNoiseF32 : kNoiseF64, rng);
    if (f32) c = roundToFloat(c);
    l.cases.push_back(c);
    l.exact.push_back(exactSegTri(c));
  }
  return l;
}

template <class Case> Score score(const std::string& test, const std::string& algo, const Labelled<Case>& l) {
  const Algo* a = findAlgo(test, algo);
  Score s;
  if (!a) return s;
  const Params p;
  for (size_t i = 0; i < l.cases.size(); ++i) {
    const bool hit = a->run(l.cases[i].data(), p).hit;
    ++s.cases;
    s.exactHits += l.exact[i];
    s.falsePos += hit && !l.exact[i];
    s.falseNeg += !hit && l.exact[i];
  }
  return s;
}
template Score score(const std::string&, const std::string&, const Labelled<TriTriCase>&);
template Score score(const std::string&, const std::string&, const Labelled<SegTriCase>&);

namespace {

template <class Fam, class Case>
void table(std::ostream& os, const std::string& test, const std::vector<Fam>& fams, long n, unsigned seed,
           Labelled<Case> (*label)(Fam, long, unsigned, bool)) {
  std::map<std::pair<int, bool>, Labelled<Case>> sets;
  for (Fam f : fams) {
    for (bool f32 : {false, true}) sets[{static_cast<int>(f), f32}] = label(f, n, seed, f32);
  }
  os << "| algorithm |";
  for (Fam f : fams) os << ' ' << familyName(f) << " |";
  os << "\n|---|";
  for (size_t i = 0; i < fams.size(); ++i) os << "---|";
  os << "\n| *exact hits* |";
  for (Fam f : fams) {
    const auto& a = sets[{static_cast<int>(f), false}];
    const auto& b = sets[{static_cast<int>(f), true}];
    long ha = 0, hb = 0;
    for (bool e : a.exact) ha += e;
    for (bool e : b.exact) hb += e;
    os << " f64 " << pct(ha, n) << ", f32 " << pct(hb, n) << " |";
  }
  os << '\n';
  for (const Algo& a : algorithms()) {
    if (a.test != test) continue;
    os << "| " << a.name << " |";
    for (Fam f : fams) {
      const Score s = score(test, a.name, sets[{static_cast<int>(f), a.isFloat}]);
      os << ' ' << pct(s.falsePos + s.falseNeg, s.cases) << " (" << s.falsePos << " FP / " << s.falseNeg
         << " FN) |";
    }
    os << '\n';
  }
}

}  // namespace

void writeAccuracyReport(std::ostream& os, long n, unsigned seed) {
  os << "Accuracy against CGAL exact predicates (Epeck do_intersect), " << n
     << " cases per family, seed " << seed << ".\n"
     << "Cell: disagreement rate (false positives = reported hit, exact miss / false negatives).\n"
     << "Noise of the degenerate families: " << kNoiseF64 << " for f64 algorithms, " << kNoiseF32
     << " for f32 algorithms (their cases are rounded to float before labelling).\n\n"
     << "### Triangle/triangle\n\n";
  table<TriTriFamily, TriTriCase>(os, "tritri", allTriTriFamilies(), n, seed, labelTriTri);
  os << "\n### Segment/triangle\n\n";
  table<SegTriFamily, SegTriCase>(os, "segtri", allSegTriFamilies(), n, seed, labelSegTri);
}

}  // namespace cc::isect
