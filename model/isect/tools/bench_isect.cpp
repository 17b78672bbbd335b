// bench_isect: the intersection tests timed side by side in one run (Google Benchmark).
//  * triangle/triangle on "close" pairs (small triangles with overlapping boxes, as the
//    leaves of a bounding-volume tree deliver them), split into hits and misses as in
//    Tropp et al. Tables 2-3;
//  * segment/triangle on Jiménez et al.'s tests 0-3 (test 0 at several hit ratios);
//  * the ERIT primitives (erit table);
//  * phase 2: triangle pairs from DOP-tree queries of the driver's trees (tritri_dop).
// After the runs it prints the ratios the papers claim (Tropp vs Guigue-Devillers,
// Jiménez vs Möller-Trumbore) as measured here. Every data set is seeded (seed printed).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "bench_isect_dop.h"
#include "bench_isect_erit.h"
#include "cc/bench_cpu.h"
#include "cc/isect/seg_tri.h"
#include "cc/isect/tri_tri_chip.h"
#include "cc/isect/tri_tri_guigue.h"
#include "cc/isect/tri_tri_held.h"
#include "cc/isect/tri_tri_moller.h"
#include "cc/isect/tri_tri_tropp.h"

namespace cc::isect::bench {

constexpr unsigned kSeed = 7;
constexpr size_t kSetSize = 4096;  // power of two: the loop index wraps with a mask

std::mt19937_64& rng() {
  static std::mt19937_64 r(kSeed);
  return r;
}
double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng()); }
V3<double> pointIn(double lo, double hi) { return {uni(lo, hi), uni(lo, hi), uni(lo, hi)}; }

// ------------------------------------------------------------------ triangle/triangle
template <class T> struct Pair {
  Tri<T> a, b;
};
struct TriTriSets {
  std::vector<Pair<double>> hits64, misses64;
  std::vector<Pair<float>> hits32, misses32;
};

Tri<double> smallTri(V3<double> c, double size) {
  return {c + V3<double>{uni(-size, size), uni(-size, size), uni(-size, size)},
          c + V3<double>{uni(-size, size), uni(-size, size), uni(-size, size)},
          c + V3<double>{uni(-size, size), uni(-size, size), uni(-size, size)}};
}
bool boxesOverlap(const Tri<double>& a, const Tri<double>& b) {
  for (int k = 0; k < 3; ++k) {
    double alo = 1e9, ahi = -1e9, blo = 1e9, bhi = -1e9;
    for (int i = 0; i < 3; ++i) {
      alo = std::min(alo, a[i][k]), ahi = std::max(ahi, a[i][k]);
      blo = std::min(blo, b[i][k]), bhi = std::max(bhi, b[i][k]);
    }
    if (ahi < blo || bhi < alo) return false;
  }
  return true;
}
template <class T> Pair<T> cast(const Tri<double>& a, const Tri<double>& b) {
  Pair<T> p;
  for (int i = 0; i < 3; ++i) {
    p.a[i] = {static_cast<T>(a[i].x), static_cast<T>(a[i].y), static_cast<T>(a[i].z)};
    p.b[i] = {static_cast<T>(b[i].x), static_cast<T>(b[i].y), static_cast<T>(b[i].z)};
  }
  return p;
}

const TriTriSets& triTriSets() {
  static const TriTriSets s = [] {
    TriTriSets r;
    while (r.hits64.size() < kSetSize || r.misses64.size() < kSetSize) {
      const V3<double> c = pointIn(0, 1);
      const Tri<double> a = smallTri(c, 0.05), b = smallTri(c + V3<double>{uni(-.04, .04), uni(-.04, .04), uni(-.04, .04)}, 0.05);
      if (!boxesOverlap(a, b)) continue;
      // Guigue-Devillers in double decides generic cases correctly (tests/isect); the f32
      // sets hold the same pairs rounded.
      const bool hit = guigueTriTri(a, b) && guigueTriTri(cast<float>(a, b).a, cast<float>(a, b).b);
      const bool miss = !guigueTriTri(a, b) && !guigueTriTri(cast<float>(a, b).a, cast<float>(a, b).b);
      if (hit && r.hits64.size() < kSetSize) {
        r.hits64.push_back({a, b});
        r.hits32.push_back(cast<float>(a, b));
      } else if (miss && r.misses64.size() < kSetSize) {
        r.misses64.push_back({a, b});
        r.misses32.push_back(cast<float>(a, b));
      }
    }
    return r;
  }();
  return s;
}

template <class T, class F> void runTriTri(benchmark::State& st, const std::vector<Pair<T>>& set, F f) {
  size_t i = 0;
  const size_t n = set.size();
  for (auto _ : st) {
    const Pair<T>& p = set[i];
    benchmark::DoNotOptimize(f(p.a, p.b));
    i = i + 1 == n ? 0 : i + 1;
  }
}

template <class T> void registerTriTri(const std::string& prefix, const std::string& prec,
                                       const std::vector<Pair<T>>& hits, const std::vector<Pair<T>>& misses) {
  using Fn = std::function<bool(const Tri<T>&, const Tri<T>&)>;
  const std::vector<std::pair<std::string, Fn>> algos = {
      {"moller", [](const Tri<T>& a, const Tri<T>& b) { return mollerTriTri(a, b); }},
      {"moller_nodiv", [](const Tri<T>& a, const Tri<T>& b) { return mollerNoDivTriTri(a, b); }},
      {"guigue", [](const Tri<T>& a, const Tri<T>& b) { return guigueTriTri(a, b); }},
      {"tropp", [](const Tri<T>& a, const Tri<T>& b) { return troppTriTri(a, b); }},
      {"tropp_segment", [](const Tri<T>& a, const Tri<T>& b) {
         TroppSegment<T> s;
         return troppTriTri(a, b, &s);
       }},
      {"held", [](const Tri<T>& a, const Tri<T>& b) { return heldTriTri(a, b); }},
      {"chip", [](const Tri<T>& a, const Tri<T>& b) {
         if constexpr (std::is_same_v<T, float>) return chipTriTriF32(a, b);
         else return chipTriTriF64(a, b);
       }},
  };
  for (const auto& [name, f] : algos) {
    // Plain function objects would hide inlining; the lambdas above are inlined into the
    // std::function target, the same overhead for every algorithm.
    if (!hits.empty()) {
      benchmark::RegisterBenchmark((prefix + "/hits/" + name + "_" + prec).c_str(),
                                   [&hits, f = f](benchmark::State& st) { runTriTri(st, hits, f); });
    }
    if (!misses.empty()) {
      benchmark::RegisterBenchmark((prefix + "/misses/" + name + "_" + prec).c_str(),
                                   [&misses, f = f](benchmark::State& st) { runTriTri(st, misses, f); });
    }
  }
}

// ------------------------------------------------------------------- segment/triangle
struct SegCase {
  Tri<double> t;
  V3<double> q1, q2;
};
struct SegSet {
  std::string name;
  std::vector<SegCase> cases;
  double hitRatio = 0;
};

bool segHit(const SegCase& c) { return heldTriEdge(c.t, c.q1, c.q2); }

// Jiménez et al. §5: triangles of similar size (edge ~0.1) in the unit cube.
SegCase withTriangle(V3<double> q1, V3<double> q2, const Tri<double>& t) { return {t, q1, q2}; }

std::vector<SegSet> segSets() {
  std::vector<SegSet> out;
  auto finish = [](SegSet s) {
    long h = 0;
    for (const SegCase& c : s.cases) h += segHit(c);
    s.hitRatio = double(h) / s.cases.size();
    return s;
  };
  // Test 0: short segments around the triangle, mixed to a target hit ratio.
  for (int pct : {0, 25, 50, 75, 100}) {
    SegSet s{"test0_hit" + std::to_string(pct), {}, 0};
    size_t wantHits = kSetSize * pct / 100;
    size_t hits = 0, misses = 0;
    while (s.cases.size() < kSetSize) {
      const Tri<double> t = smallTri(pointIn(0.1, 0.9), 0.05);
      const V3<double> c = (1.0 / 3) * (t[0] + t[1] + t[2]);
      const V3<double> q1 = c + V3<double>{uni(-.08, .08), uni(-.08, .08), uni(-.08, .08)};
      const V3<double> q2 = c + V3<double>{uni(-.08, .08), uni(-.08, .08), uni(-.08, .08)};
      const SegCase sc{t, q1, q2};
      const bool h = segHit(sc);
      if (h && hits < wantHits) ++hits, s.cases.push_back(sc);
      else if (!h && misses < kSetSize - wantHits) ++misses, s.cases.push_back(sc);
    }
    out.push_back(finish(s));
  }
  SegSet t1{"test1_random", {}, 0}, t2{"test2_raycast", {}, 0}, t3{"test3_short", {}, 0};
  const V3<double> eye{0.5, 0.5, -2.0};
  for (size_t i = 0; i < kSetSize; ++i) {
    const Tri<double> t = smallTri(pointIn(0.1, 0.9), 0.05);
    t1.cases.push_back({t, pointIn(0, 1), pointIn(0, 1)});                     // long random segments
    t2.cases.push_back({t, eye, V3<double>{uni(0, 1), uni(0, 1), 3.0}});       // common origin
    const V3<double> p = pointIn(0, 1), d = pointIn(-1, 1);                    // length 0.1
    t3.cases.push_back({t, p, p + (0.1 / std::sqrt(norm2(d))) * d});
  }
  out.push_back(finish(t1));
  out.push_back(finish(t2));
  out.push_back(finish(t3));
  return out;
}

template <class T> struct SegCaseT {
  Tri<T> t;
  V3<T> q1, q2;
};

template <class T> std::vector<SegCaseT<T>> castSeg(const std::vector<SegCase>& in) {
  std::vector<SegCaseT<T>> out;
  auto c3 = [](V3<double> p) { return V3<T>{static_cast<T>(p.x), static_cast<T>(p.y), static_cast<T>(p.z)}; };
  for (const SegCase& c : in) out.push_back({{c3(c.t[0]), c3(c.t[1]), c3(c.t[2])}, c3(c.q1), c3(c.q2)});
  return out;
}

template <class T> void registerSegTri(const std::string& prec, const std::vector<SegSet>& sets) {
  using Fn = bool (*)(const Tri<T>&, V3<T>, V3<T>, bool, T, SegHit<T>*);
  const std::vector<std::pair<std::string, Fn>> algos = {
      {"jimenez", jimenezSegTri<T>},
      {"moller_trumbore", mollerTrumboreSegTri<T>},
      {"badouel", badouelSegTri<T>},
      {"segura", seguraSegTri<T>},
  };
  static std::vector<std::vector<SegCaseT<T>>> store;  // outlives the registrations
  store.reserve(sets.size());
  for (const SegSet& s : sets) {
    store.push_back(castSeg<T>(s.cases));
    const auto* cases = &store.back();
    for (const auto& [name, f] : algos) {
      for (bool cull : {false, true}) {
        for (bool point : {false, true}) {  // decision only / with t and barycentrics
          if (point && cull) continue;
          const std::string n = "segtri/" + s.name + "/" + name + (cull ? "_cull" : "") + (point ? "_point" : "") +
                                "_" + prec;
          benchmark::RegisterBenchmark(n.c_str(), [cases, f = f, cull, point](benchmark::State& st) {
            size_t i = 0;
            SegHit<T> h;
            for (auto _ : st) {
              const SegCaseT<T>& c = (*cases)[i];
              benchmark::DoNotOptimize(f(c.t, c.q1, c.q2, cull, T(0), point ? &h : nullptr));
              i = (i + 1) & (kSetSize - 1);
            }
          });
        }
      }
    }
    benchmark::RegisterBenchmark(("segtri/" + s.name + "/held_" + prec).c_str(), [cases](benchmark::State& st) {
      size_t i = 0;
      for (auto _ : st) {
        const SegCaseT<T>& c = (*cases)[i];
        benchmark::DoNotOptimize(heldTriEdge(c.t, c.q1, c.q2));
        i = (i + 1) & (kSetSize - 1);
      }
    });
  }
}

// ------------------------------------------------------------------------- reporting
class Collector : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> ns;
  // CPU time, and the median when repetitions are on: the machine is shared, and a
  // preempted run should not decide a ratio.
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      const std::string base = r.run_name.str();
      if (r.run_type == Run::RT_Aggregate) {
        if (r.aggregate_name == "median") ns[base] = r.GetAdjustedCPUTime();
      } else if (!r.repetitions || r.repetitions <= 1 || !ns.count(base)) {
        ns[base] = r.GetAdjustedCPUTime();
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

void ratio(const Collector& c, const std::string& what, const std::string& fast, const std::string& slow) {
  const auto a = c.ns.find(fast), b = c.ns.find(slow);
  if (a == c.ns.end() || b == c.ns.end()) return;  // filtered out
  std::printf("  %-48s %7.2f ns vs %7.2f ns CPU  -> %+6.1f%% faster\n", what.c_str(), a->second, b->second,
              100.0 * (b->second - a->second) / b->second);
}

}  // namespace cc::isect::bench

int main(int argc, char** argv) {
  cc::pinBenchCpuOrExit("bench_isect");
  using namespace cc::isect::bench;
  std::printf("bench_isect: data seed %u, %zu cases per set\n", kSeed, kSetSize);
  const TriTriSets& tt = triTriSets();
  registerTriTri<double>("tritri", "f64", tt.hits64, tt.misses64);
  registerTriTri<float>("tritri", "f32", tt.hits32, tt.misses32);
  // Phase 2: pairs from DOP-tree queries (kept alive for the whole run).
  static std::vector<DopScene> scenes = dopScenes(CC_MESH_DIR_DEFAULT);
  static std::vector<std::pair<std::vector<Pair<double>>, std::vector<Pair<double>>>> d64;
  static std::vector<std::pair<std::vector<Pair<float>>, std::vector<Pair<float>>>> d32;
  d64.reserve(scenes.size());
  d32.reserve(scenes.size());
  for (const DopScene& sc : scenes) {
    std::printf("tritri_dop %-16s %zu pairs from DOP-tree queries: %zu hits, %zu misses (timed: %zu + %zu)\n",
                sc.name.c_str(), sc.allHits + sc.allMisses, sc.allHits, sc.allMisses, sc.hits.size(), sc.misses.size());
    d64.emplace_back(), d32.emplace_back();
    for (const TriPairD& p : sc.hits) d64.back().first.push_back({p.a, p.b}), d32.back().first.push_back(cast<float>(p.a, p.b));
    for (const TriPairD& p : sc.misses) d64.back().second.push_back({p.a, p.b}), d32.back().second.push_back(cast<float>(p.a, p.b));
    registerTriTri<double>("tritri_dop/" + sc.name, "f64", d64.back().first, d64.back().second);
    registerTriTri<float>("tritri_dop/" + sc.name, "f32", d32.back().first, d32.back().second);
  }
  const std::vector<SegSet> ss = segSets();
  for (const SegSet& s : ss) std::printf("segtri %-14s hit ratio %.3f\n", s.name.c_str(), s.hitRatio);
  registerSegTri<double>("f64", ss);
  registerSegTri<float>("f32", ss);
  registerEritBenchmarks();
  // ~300 benchmarks: default to 3 repetitions of 0.05 s each (ratios use the median) unless
  // the caller chooses; make bench stays around two minutes.
  std::vector<char*> args(argv, argv + argc);
  static char minTime[] = "--benchmark_min_time=0.05";
  static char reps[] = "--benchmark_repetitions=3";
  static char aggOnly[] = "--benchmark_report_aggregates_only=true";
  bool hasMin = false, hasReps = false;
  for (int i = 1; i < argc; ++i) {
    hasMin = hasMin || std::string(argv[i]).rfind("--benchmark_min_time", 0) == 0;
    hasReps = hasReps || std::string(argv[i]).rfind("--benchmark_repetitions", 0) == 0;
  }
  if (!hasMin) args.push_back(minTime);
  if (!hasReps) args.push_back(reps), args.push_back(aggOnly);
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  argc = n;
  argv = args.data();
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  Collector rep;
  benchmark::RunSpecifiedBenchmarks(&rep);
  std::printf("\nRatios measured in this run (positive = first one faster):\n");
  for (const char* p : {"f64", "f32"}) {
    const std::string s = std::string("_") + p;
    for (const char* set : {"hits", "misses"}) {
      ratio(rep, std::string("tropp vs guigue, tritri ") + set + s, std::string("tritri/") + set + "/tropp" + s,
            std::string("tritri/") + set + "/guigue" + s);
      for (const DopScene& sc : scenes) {
        const std::string pre = "tritri_dop/" + sc.name + "/" + set;
        ratio(rep, "tropp vs guigue, " + sc.name + " " + set + s, pre + "/tropp" + s, pre + "/guigue" + s);
      }
    }
    for (const SegSet& set : ss) {
      ratio(rep, "jimenez vs moller_trumbore, " + set.name + s, "segtri/" + set.name + "/jimenez" + s,
            "segtri/" + set.name + "/moller_trumbore" + s);
      ratio(rep, "  (with point) " + set.name + s, "segtri/" + set.name + "/jimenez_point" + s,
            "segtri/" + set.name + "/moller_trumbore_point" + s);
    }
  }
  benchmark::Shutdown();
  return 0;
}
