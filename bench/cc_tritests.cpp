// cc_tritests: why the chip needs many triangle tests per query on some mesh pairs, and
// what a tighter DOP of the tumbled leaves (golden prototype, docs/triangle_tests.md)
// saves. Runs the study's protocol (docs/results.md: scaleToCube, R = Rx(th) Rz(th),
// t = (d, 0, 0)) on the golden model, without and with CTRL.LEAF_VERTEX (Driver::setLeafDop),
// in mode first and mode all, and reports per pair:
//  - triangle tests, overlap tests and tumbled transforms per query (avg / worst),
//  - the tests' verdicts, the tests before the first certain hit, poses without a hit,
//  - for the tests that miss: whether the exact DOP of the transformed tumbled triangle
//    overlaps the aligned leaf's DOP at all (if not, only the loose transformed DOP of the
//    tumbled leaf caused the test),
//  - the width of the transformed tumbled leaf DOPs against the exact ones,
//  - where the first hit would come if the mode-all candidates were tested in order of
//    DOP overlap depth,
//  - that the prototype returns the same answers (mode all: identical pair lists; mode
//    first: the same pair) and that each of its leaf DOPs encloses the exactly transformed
//    triangle,
//  - the driver-only policy "mode first with a small RESULT_CAPACITY, re-run larger while no
//    stored pair intersects" (--caps), and the roles swapped (B tumbled by the inverse pose).
#include <boost/program_options.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>

#include "cc/atomic_output.h"
#include "cc/driver.h"
#include "cc/golden_device.h"
#include "perf.h"

namespace po = boost::program_options;
using namespace cc;

namespace {

struct TestRec {
  uint32_t a, b;
  ItVerdict v;
  Dop dop_a;  // the transformed DOP the chip used for A's leaf
};

// Records every triangle test with the transformed DOP of its tumbled leaf, and the
// transformed DOPs of the tumbled leaves.
class Recorder : public golden::Observer {
 public:
  explicit Recorder(GoldenDevice& dev) : dev_(dev) {}
  void reset() { tests.clear(); leaf_dops.clear(); }
  void onTransform(uint32_t node, const Dop& dop) override {
    uint32_t flags = 0, tri = 0;
    dev_.readMemory(node + layout::kNodeFlags, &flags, 4);
    if (!(flags & layout::kFlagLeaf)) return;
    dev_.readMemory(node + layout::kNodeTriId, &tri, 4);
    cur_[tri] = dop;
    leaf_dops.emplace_back(tri, dop);
  }
  void onTriangleTest(uint32_t a, uint32_t b, ItVerdict v) override { tests.push_back({a, b, v, cur_.at(a)}); }
  std::vector<TestRec> tests;
  std::vector<std::pair<uint32_t, Dop>> leaf_dops;

 private:
  GoldenDevice& dev_;
  std::map<uint32_t, Dop> cur_;
};

using LDop = std::array<long double, layout::kDopK>;

// The exact DOP (long double) of triangle `tri` of A moved by the pose into B's frame.
LDop exactDop(const Mesh& m, uint32_t tri, const Pose& p, const Directions& dirs) {
  LDop d;
  for (int i = 0; i < layout::kDopDirs; ++i) d[i] = INFINITY, d[12 + i] = -INFINITY;
  for (int k = 0; k < 3; ++k) {
    const Vec3f& v = m.vertices[m.tris[tri][k]];
    long double x[3];
    for (int r = 0; r < 3; ++r) {
      x[r] = (long double)p.t[r];
      for (int c = 0; c < 3; ++c) x[r] += (long double)p.R(r, c) * (long double)v[c];
    }
    for (int i = 0; i < layout::kDopDirs; ++i) {
      const long double s = dirs[i][0] * x[0] + dirs[i][1] * x[1] + (long double)dirs[i][2] * x[2];
      d[i] = std::min(d[i], s);
      d[12 + i] = std::max(d[12 + i], s);
    }
  }
  return d;
}

template <class A, class B>
bool overlaps(const A& d, const B& e) {
  for (int i = 0; i < layout::kDopDirs; ++i) {
    if ((long double)d[i] > (long double)e[12 + i] || (long double)e[i] > (long double)d[12 + i]) return false;
  }
  return true;
}
template <class A>
long double widthSum(const A& d) {
  long double s = 0;
  for (int i = 0; i < layout::kDopDirs; ++i) s += (long double)d[12 + i] - (long double)d[i];
  return s;
}
// The overlap depth of two DOPs: the least overlap over the 12 slabs.
long double depth(const Dop& d, const Dop& e) {
  long double m = INFINITY;
  for (int i = 0; i < layout::kDopDirs; ++i) m = std::min(m, (long double)std::min(d[12 + i], e[12 + i]) - std::max(d[i], e[i]));
  return m;
}

struct Stat {  // average and worst over poses
  double sum = 0, worst = 0;
  size_t n = 0;
  void add(double v) { sum += v; worst = std::max(worst, v); ++n; }
  double avg() const { return n ? sum / n : 0; }
};

int firstCertain(const std::vector<TestRec>& t) {
  for (size_t i = 0; i < t.size(); ++i) if (t[i].v == ItVerdict::Hit) return int(i);
  return -1;
}

}  // namespace

int run(const std::string& meshes, const std::string& pairs_spec, const std::string& dists, const std::string& csv_path,
        int steps, int proto_mode, const std::string& caps_spec);

int main(int argc, char** argv) {
  std::string meshes = CC_MESH_DIR, pairs_spec, dists = "0.5,1,1.5", csv_path;
  int steps = 60, proto_mode = static_cast<int>(LeafDop::Vertices);
  std::string caps_spec = "8,64";
  po::options_description desc("cc_tritests: triangle tests per query, why, and the tumbled-leaf vertex DOP prototype (golden)");
  desc.add_options()("help,h", "this help")("meshes", po::value(&meshes), "folder of the meshes (NAME -> DIR/NAME.off)")(
      "pairs", po::value(&pairs_spec)->required(), "NAME or A:B, comma separated")("steps", po::value(&steps), "rotation steps per distance (60)")(
      "distances", po::value(&dists), "distances (0.5,1,1.5)")("csv", po::value(&csv_path), "per-pose CSV")(
      "proto", po::value(&proto_mode), "prototype mode: 1 vertices, 2 vertices and DOP transform intersected")(
      "caps", po::value(&caps_spec), "mode first with RESULT_CAPACITY = each of these in turn while the stored records hold no "
      "intersecting pair, then the full query (8,64)");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help")) { std::cout << desc; return 0; }
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "cc_tritests: " << e.what() << "\n" << desc;
    return 2;
  }
  try {
    return run(meshes, pairs_spec, dists, csv_path, steps, proto_mode, caps_spec);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cc_tritests: error: %s\n", e.what());
    return 2;
  }
}

// The study itself; throws on bad input (a mesh, a number list, an output that cannot be
// written), which main reports.
int run(const std::string& meshes, const std::string& pairs_spec, const std::string& dists, const std::string& csv_path,
        int steps, int proto_mode, const std::string& caps_spec) {
  const auto pairs = perf::parsePairs(pairs_spec);
  const auto poses = perf::protocolPoses(steps, perf::parseNumberList(dists, "--distances"));
  const auto path = [&](const std::string& n) { return n.find('/') != std::string::npos ? n : meshes + "/" + n + ".off"; };
  std::vector<NamedPath> inputs;  // the CSV never replaces a mesh of the run
  for (const auto& mp : pairs) {
    inputs.emplace_back("--pairs", path(mp.a));
    inputs.emplace_back("--pairs", path(mp.b));
  }
  std::unique_ptr<AtomicOutput> csv;  // written whole when the run ends, or not at all
  if (!csv_path.empty()) {
    checkOutputPaths(inputs, {{"--csv", csv_path}});
    csv = std::make_unique<AtomicOutput>(csv_path, "--csv");
    csv->stream() << "pair,distance,step,angle,hit,tri_first,tri_first_proto,before_first,overlap_first,overlap_first_proto,tumbled_first,"
           "tumbled_first_proto,miss_first,unc_first,miss_loose_first,tri_all,tri_all_proto,pairs_all,unc_all,unc_all_proto,"
           "first_by_depth\n";
  }
  int bad = 0;
  for (const auto& mp : pairs) {
    Mesh ma = loadMesh(path(mp.a)), mb = loadMesh(path(mp.b));
    perf::scaleToCube(ma);
    perf::scaleToCube(mb);
    const Directions& dirs = zachmannDirections();
    const DopTree ta = buildTree(ma, dirs, SplitRule::MeanWidth), tb = buildTree(mb, dirs, SplitRule::MeanWidth);
    std::vector<Dop> leaf_b(mb.tris.size());
    for (const auto& n : tb.nodes) if (n.leaf()) leaf_b[n.tri] = n.dop;
    GoldenDevice dev(namedConfig("paper"));
    Driver drv(dev);
    const BoardObject oa = drv.upload(ta, ma), ob = drv.upload(tb, mb);
    Recorder rec(dev);
    dev.chip().setObserver(&rec);
    // The capped mode-first policy: the driver's staged mode first on a board of its own.
    GoldenDevice sdev(namedConfig("paper"));
    Driver sdrv(sdev);
    std::vector<uint32_t> caps;
    for (double c : perf::parseNumberList(caps_spec, "--caps")) caps.push_back(static_cast<uint32_t>(c));
    sdrv.setFirstModeSteps(caps);
    const BoardObject sa = sdrv.upload(ta, ma), sb = sdrv.upload(tb, mb);
    Stat capped, capped_p, before_hit_p, nohit_p, swap_f, swap_a, swap_ov;
    size_t swap_diffs = 0;
    size_t capped_reruns = 0, capped_diffs = 0;

    Stat tri_f, tri_fp, ov_f, ov_fp, tu_f, tu_fp, before, tri_a, tri_ap, unc_a, unc_ap, pairs_a, depth_first;
    Stat before_hit;  // tests before the first hit, over the poses with a hit
    double miss_f = 0, unc_f = 0, hit_f = 0, miss_loose_f = 0, miss_loose_a = 0, miss_a = 0, tests_nohit = 0, tests_f = 0;
    double plane_sep = 0;
    long double infl_sum = 0, infl_p_sum = 0;
    size_t infl_n = 0, infl_p_n = 0, enclosure_violations = 0, poses_hit = 0, answer_diffs = 0;
    std::vector<long double> infl_all, thick_all, thick_exact;
    Stat answer_at, unc_before_answer;  // mode first, poses whose answer came from an uncertain record
    for (size_t pi = 0; pi < poses.size(); ++pi) {
      const Pose& pose = poses[pi].pose;
      const LeafDop proto = static_cast<LeafDop>(proto_mode);
      const auto run = [&](bool on, QueryMode mode) {
        drv.setLeafDop(on ? proto : LeafDop::Off);
        rec.reset();
        QueryResult r = drv.query(oa, ob, pose, mode);
        if (r.error != regs::Error::None) throw std::runtime_error(mp.label() + ": query error " + regs::errorName(r.error));
        return r;
      };
      // Baseline, mode first.
      const QueryResult f = run(false, QueryMode::First);
      const auto tf = rec.tests;
      for (const auto& [tri, d] : rec.leaf_dops) {
        const long double w = widthSum(exactDop(ma, tri, pose, dirs));
        if (w > 0) { const long double r = widthSum(d) / w; infl_sum += r; infl_all.push_back(r); ++infl_n; }
        // The thinnest slab of the exact DOP: how much thicker the chip's is, in units of
        // the exact DOP's mean width (a flat triangle has an exact thickness near 0).
        const LDop x = exactDop(ma, tri, pose, dirs);
        int im = 0;
        for (int i = 1; i < 12; ++i) if (x[12 + i] - x[i] < x[12 + im] - x[im]) im = i;
        if (w > 0) thick_all.push_back(((long double)d[12 + im] - d[im]) / (w / 12));
        if (w > 0) thick_exact.push_back((x[12 + im] - x[im]) / (w / 12));
      }
      // Prototype, mode first.
      const QueryResult fp = run(true, QueryMode::First);
      const auto tfp = rec.tests;
      for (const auto& [tri, d] : rec.leaf_dops) {
        const LDop x = exactDop(ma, tri, pose, dirs);
        for (int i = 0; i < 12; ++i) enclosure_violations += (d[i] > x[i]) + (d[12 + i] < x[12 + i]);
        const long double w = widthSum(x);
        if (w > 0) { infl_p_sum += widthSum(d) / w; ++infl_p_n; }
      }
      // The capped policy, without and with the prototype.
      for (int on = 0; on < 2; ++on) {
        sdrv.setLeafDop(on ? proto : LeafDop::Off);
        const QueryResult r = sdrv.query(sa, sb, pose, QueryMode::First);
        if (!on) capped_reruns += r.runs - 1;
        if (r.pairs != f.pairs) ++capped_diffs;
        (on ? capped_p : capped).add(static_cast<double>(r.counters.triangle_tests));
      }
      {
        const int fcp = [&] { int k = 0; for (const auto& t : tfp) { if (t.v == ItVerdict::Hit) return k; ++k; } return -1; }();
        if (fcp >= 0) before_hit_p.add(fcp); else nohit_p.add(double(tfp.size()));
      }
      // The roles swapped: B tumbled by the inverse pose against A aligned (the chip as
      // specified). The same contacts (as a set) must come out.
      Pose inv;
      inv.R = pose.R.inverse();
      inv.t = -inv.R * pose.t;
      drv.setLeafDop(LeafDop::Off);
      const QueryResult sf = drv.query(ob, oa, inv, QueryMode::First);
      const QueryResult sa = drv.query(ob, oa, inv, QueryMode::All);
      swap_f.add(sf.counters.triangle_tests);
      swap_ov.add(sf.counters.overlap_tests);
      swap_a.add(sa.counters.triangle_tests);
      // Mode all, both.
      const QueryResult al = run(false, QueryMode::All);
      const auto tall = rec.tests;
      const QueryResult alp = run(true, QueryMode::All);
      {
        std::vector<TriPair> x = al.pairs, y;
        for (const auto& q : sa.pairs) y.emplace_back(q.second, q.first);
        std::sort(x.begin(), x.end());
        std::sort(y.begin(), y.end());
        if (x != y || f.pairs.empty() != sf.pairs.empty()) {
          if (swap_diffs < 3) {
            size_t common = 0;
            for (const auto& q : x) common += std::binary_search(y.begin(), y.end(), q);
            std::fprintf(stderr, "%s pose %zu: swapped contacts %zu vs %zu (common %zu), first %zu vs %zu\n", mp.label().c_str(), pi,
                         y.size(), x.size(), common, sf.pairs.size(), f.pairs.size());
          }
          ++swap_diffs;
        }
      }
      if (al.pairs != alp.pairs || f.pairs != fp.pairs) {
        ++answer_diffs;
        std::fprintf(stderr, "%s pose %zu: answers differ (all %zu vs %zu, first %zu vs %zu)\n", mp.label().c_str(), pi, al.pairs.size(),
                     alp.pairs.size(), f.pairs.size(), fp.pairs.size());
      }
      const int fc = firstCertain(tf);
      if (fc < 0 && !f.pairs.empty()) {
        // The driver's answer is an uncertain pair the host found intersecting: the tests up
        // to (and with) its test, and the uncertain records before it.
        size_t k = 0, u = 0;
        for (; k < tf.size(); ++k) {
          if (tf[k].a == f.pairs[0].first && tf[k].b == f.pairs[0].second) break;
          u += tf[k].v == ItVerdict::Uncertain;
        }
        answer_at.add(double(k + 1));
        unc_before_answer.add(double(u));
      }
      const bool hit = fc >= 0;
      poses_hit += hit;
      tri_f.add(f.counters.triangle_tests);
      tri_fp.add(fp.counters.triangle_tests);
      ov_f.add(f.counters.overlap_tests);
      ov_fp.add(fp.counters.overlap_tests);
      tu_f.add(f.counters.tumbled_nodes_transformed);
      tu_fp.add(fp.counters.tumbled_nodes_transformed);
      const double bf = hit ? fc : double(tf.size());
      before.add(bf);
      if (hit) before_hit.add(fc);
      tests_f += tf.size();
      if (!hit) tests_nohit += tf.size();
      double mf = 0, uf = 0, mlf = 0;
      for (const auto& t : tf) {
        if (t.v == ItVerdict::Hit) { ++hit_f; continue; }
        if (t.v == ItVerdict::Uncertain) { ++uf; continue; }
        ++mf;
        if (!overlaps(exactDop(ma, t.a, pose, dirs), leaf_b[t.b])) ++mlf;
      }
      miss_f += mf, unc_f += uf, miss_loose_f += mlf;
      for (const auto& t : tall) {
        if (t.v != ItVerdict::Miss) continue;
        ++miss_a;
        const LDop x = exactDop(ma, t.a, pose, dirs);
        if (!overlaps(x, leaf_b[t.b])) { ++miss_loose_a; continue; }
        // Separated by B's triangle's plane (exact enough in long double)?
        const auto& tb3 = mb.tris[t.b];
        const Vec3f &p0 = mb.vertices[tb3[0]], &p1 = mb.vertices[tb3[1]], &p2 = mb.vertices[tb3[2]];
        long double e1[3], e2[3], n[3];
        for (int c = 0; c < 3; ++c) e1[c] = (long double)p1[c] - p0[c], e2[c] = (long double)p2[c] - p0[c];
        n[0] = e1[1] * e2[2] - e1[2] * e2[1], n[1] = e1[2] * e2[0] - e1[0] * e2[2], n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        int pos = 0, neg = 0;
        for (int k = 0; k < 3; ++k) {
          const Vec3f& v = ma.vertices[ma.tris[t.a][k]];
          long double s = 0;
          for (int r = 0; r < 3; ++r) {
            long double xr = (long double)pose.t[r];
            for (int c = 0; c < 3; ++c) xr += (long double)pose.R(r, c) * (long double)v[c];
            s += n[r] * (xr - p0[r]);
          }
          pos += s > 0, neg += s < 0;
        }
        if (pos == 3 || neg == 3) ++plane_sep;
      }
      // Order of the mode-all candidates by overlap depth (deepest first): the position of
      // the first certain hit.
      double fbd = -1;
      if (hit) {
        std::vector<size_t> idx(tall.size());
        std::iota(idx.begin(), idx.end(), 0);
        std::vector<long double> dep(tall.size());
        for (size_t i = 0; i < tall.size(); ++i) dep[i] = depth(tall[i].dop_a, leaf_b[tall[i].b]);
        std::stable_sort(idx.begin(), idx.end(), [&](size_t x, size_t y) { return dep[x] > dep[y]; });
        for (size_t k = 0; k < idx.size(); ++k) if (tall[idx[k]].v == ItVerdict::Hit) { fbd = double(k); break; }
        depth_first.add(fbd);
      }
      tri_a.add(al.counters.triangle_tests);
      tri_ap.add(alp.counters.triangle_tests);
      unc_a.add(al.counters.uncertain_tests);
      unc_ap.add(alp.counters.uncertain_tests);
      pairs_a.add(al.pairs.size());
      if (csv) {
        csv->stream() << mp.label() << ',' << poses[pi].distance << ',' << poses[pi].step << ',' << poses[pi].angle_deg << ',' << hit << ','
            << f.counters.triangle_tests << ',' << fp.counters.triangle_tests << ',' << bf << ',' << f.counters.overlap_tests << ','
            << fp.counters.overlap_tests << ',' << f.counters.tumbled_nodes_transformed << ',' << fp.counters.tumbled_nodes_transformed
            << ',' << mf << ',' << uf << ',' << mlf << ',' << al.counters.triangle_tests << ',' << alp.counters.triangle_tests << ','
            << al.pairs.size() << ',' << al.counters.uncertain_tests << ',' << alp.counters.uncertain_tests << ',' << fbd << '\n';
      }
    }
    std::sort(infl_all.begin(), infl_all.end());
    const auto pct = [&](double q) { return infl_all.empty() ? 0.0 : double(infl_all[size_t(q * (infl_all.size() - 1))]); };
    std::printf("\n== %s (A %zu triangles, B %zu; %zu poses: %d steps x {%s}) ==\n", mp.label().c_str(), ma.tris.size(), mb.tris.size(),
                poses.size(), steps, dists.c_str());
    std::printf("mode first, triangle tests   avg/worst: base %.1f / %.0f   proto %.1f / %.0f   (-%.1f %% / -%.1f %%)\n", tri_f.avg(),
                tri_f.worst, tri_fp.avg(), tri_fp.worst, 100 * (1 - tri_fp.avg() / tri_f.avg()), 100 * (1 - tri_fp.worst / tri_f.worst));
    std::printf("mode first, overlap tests    avg/worst: base %.1f / %.0f   proto %.1f / %.0f   (-%.1f %% / -%.1f %%)\n", ov_f.avg(),
                ov_f.worst, ov_fp.avg(), ov_fp.worst, 100 * (1 - ov_fp.avg() / ov_f.avg()), 100 * (1 - ov_fp.worst / ov_f.worst));
    std::printf("mode first, tumbled transf.  avg/worst: base %.1f / %.0f   proto %.1f / %.0f\n", tu_f.avg(), tu_f.worst, tu_fp.avg(),
                tu_fp.worst);
    std::printf("poses with a certain hit: %zu of %zu; mode-first tests in poses without one: %.0f of %.0f (%.1f %%)\n", poses_hit,
                poses.size(), tests_nohit, tests_f, tests_f ? 100 * tests_nohit / tests_f : 0.0);
    std::printf("tests before the first certain hit (poses with a hit): avg %.1f worst %.0f; in overlap-depth order of the mode-all "
                "candidates: avg %.1f worst %.0f\n", before_hit.avg(), before_hit.worst, depth_first.avg(), depth_first.worst);
    std::printf("mode-first verdicts (base): %.0f hit, %.0f uncertain, %.0f miss; of the misses %.0f (%.1f %%) have disjoint exact DOPs "
                "(tumbled triangle transformed exactly vs aligned leaf DOP)\n", hit_f, unc_f, miss_f, miss_loose_f,
                miss_f ? 100 * miss_loose_f / miss_f : 0.0);
    std::printf("mode all: tests base %.1f / %.0f  proto %.1f / %.0f; pairs avg %.1f; uncertain base %.1f proto %.1f per query; misses "
                "%.0f, with disjoint exact DOPs %.0f (%.1f %%), of the rest separated by B's plane %.0f\n", tri_a.avg(), tri_a.worst,
                tri_ap.avg(), tri_ap.worst, pairs_a.avg(), unc_a.avg(), unc_ap.avg(), miss_a, miss_loose_a,
                miss_a ? 100 * miss_loose_a / miss_a : 0.0, plane_sep);
    std::printf("tumbled leaf DOPs, mean width / exact (mode first, base): avg %.2f, median %.2f, p90 %.2f, max %.2f (%zu leaves); "
                "proto avg %.4f\n", double(infl_n ? infl_sum / infl_n : 0), pct(0.5), pct(0.9), pct(1.0),
                infl_n, double(infl_p_n ? infl_p_sum / infl_p_n : 0));
    std::sort(thick_all.begin(), thick_all.end());
    std::sort(thick_exact.begin(), thick_exact.end());
    const auto med = [](const std::vector<long double>& v) { return v.empty() ? 0.0 : double(v[v.size() / 2]); };
    std::printf("tumbled leaf DOPs, thickness in the exact DOP's thinnest slab / exact mean slab width: chip median %.3f, exact median "
                "%.3f\n", med(thick_all), med(thick_exact));
    std::printf("poses without a certain hit whose answer is an uncertain pair found intersecting: %zu; test of that pair avg %.1f "
                "worst %.0f; uncertain records before it avg %.1f worst %.0f\n", answer_at.n, answer_at.avg(), answer_at.worst,
                unc_before_answer.avg(), unc_before_answer.worst);
    std::printf("prototype: tests before the first certain hit avg %.1f worst %.0f; tests in poses without one avg %.1f worst %.0f\n",
                before_hit_p.avg(), before_hit_p.worst, nohit_p.avg(), nohit_p.worst);
    std::printf("mode first with RESULT_CAPACITY %s in turn, then the full query, while no stored pair intersects: tests avg %.1f "
                "worst %.0f (%zu re-runs in all); with the prototype avg %.1f worst %.0f; answers differ %zu\n", caps_spec.c_str(),
                capped.avg(), capped.worst,
                capped_reruns, capped_p.avg(), capped_p.worst, capped_diffs);
    bad += capped_diffs;
    std::printf("roles swapped (B tumbled, A aligned, inverse pose; chip as specified): mode first triangle tests avg %.1f worst %.0f, "
                "overlap tests avg %.1f worst %.0f; mode all tests avg %.1f worst %.0f; contact sets differ on %zu poses (A's pose inverted in double: touching contacts may flip)\n",
                swap_f.avg(), swap_f.worst, swap_ov.avg(), swap_ov.worst, swap_a.avg(), swap_a.worst, swap_diffs);
    std::printf("prototype: answers differ on %zu poses; enclosure violations %zu\n", answer_diffs, enclosure_violations);
    bad += answer_diffs + enclosure_violations;
  }
  if (csv) csv->commit();
  checkStandardOutput();
  return bad ? 1 : 0;
}
