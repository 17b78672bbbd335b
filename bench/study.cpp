#include "study.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cc/sw_traversal.h"
#include "peers.h"
#ifdef CC_HAVE_TLM
#include "cc/tlm_device.h"
#endif

namespace cc::perf {

namespace {

using Clock = std::chrono::steady_clock;

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// Best of `repeat` runs of f, in microseconds (the minimum filters scheduler noise).
template <typename F>
double bestUs(int repeat, F&& f) {
  double best = 1e300;
  for (int i = 0; i < std::max(1, repeat); ++i) {
    const auto t0 = Clock::now();
    f();
    best = std::min(best, 1e6 * std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

struct Chip {
  std::string name;
  ChipConfig cfg;
  std::unique_ptr<Device> dev;
  std::unique_ptr<Driver> drv;
  BoardObject a, b;
};

Chip makeChip(const std::string& backend, const std::string& config, const DopTree& ta, const Mesh& ma, const DopTree& tb, const Mesh& mb) {
  Chip c{backend, namedConfig(config), nullptr, nullptr, {}, {}};
  c.dev = makeDevice(backend, c.cfg);
  c.drv = std::make_unique<Driver>(*c.dev);
  c.a = c.drv->upload(ta, ma);
  c.b = c.drv->upload(tb, mb);
  return c;
}

// Of the last query's cycles, those the controller spent in triangle tests (the TLM model's
// breakdown, docs/tlm.md: records, DOTADD passes, IT-unit, result writes).
double triangleCycles(const Device& dev) {
#ifdef CC_HAVE_TLM
  if (const auto* t = dynamic_cast<const tlm::TlmDevice*>(&dev)) return double(t->timing().breakdown().triangle);
#endif
  (void)dev;
  return kNone;
}

// Average and worst of a metric over the records where it was measured.
struct Stat {
  double avg = kNone, worst = kNone;
  size_t n = 0;
};
Stat stat(const std::vector<const PoseRecord*>& rs, const std::function<double(const PoseRecord&)>& f) {
  Stat s;
  double sum = 0, worst = 0;
  for (const auto* r : rs) {
    const double v = f(*r);
    if (std::isnan(v)) continue;
    sum += v;
    worst = std::max(worst, v);
    ++s.n;
  }
  if (s.n) {
    s.avg = sum / s.n;
    s.worst = worst;
  }
  return s;
}

using Metric = std::pair<std::string, std::function<double(const PoseRecord&)>>;
std::vector<Metric> metrics(const std::vector<TimedRun>& runs) {
  std::vector<Metric> m{
      {"aligned_visited", [](const PoseRecord& r) { return double(r.c.overlap_tests); }},
      {"tumbled_visited", [](const PoseRecord& r) { return double(r.c.tumbled_nodes_transformed); }},
      {"triangle_tests", [](const PoseRecord& r) { return double(r.c.triangle_tests); }},
      {"eq5_us", [](const PoseRecord& r) { return r.eq5_us; }},
  };
  for (size_t k = 0; k < runs.size(); ++k) m.push_back({runs[k].label() + "_us", [k](const PoseRecord& r) { return r.run_us[k]; }});
  m.push_back({"sw_us", [](const PoseRecord& r) { return r.sw_us; }});
  m.push_back({"fcl_obbrss_us", [](const PoseRecord& r) { return r.fcl_obbrss_us; }});
  m.push_back({"fcl_kdop24_us", [](const PoseRecord& r) { return r.fcl_kdop24_us; }});
  return m;
}

double ratio(double a, double b) { return (std::isnan(a) || std::isnan(b) || b == 0) ? kNone : a / b; }

std::string cell(const Stat& s, int prec) {
  if (s.n == 0) return "–";
  char b[96];
  std::snprintf(b, sizeof b, "%.*f / %.*f", prec, s.avg, prec, s.worst);
  return b;
}
std::string fix(double v, int prec) {
  if (std::isnan(v)) return "–";
  char b[48];
  std::snprintf(b, sizeof b, "%.*f", prec, v);
  return b;
}

std::string datNum(double v) { return std::isnan(v) ? "NaN" : num(v, 8); }

// A timed run as the table names it ("RTL queued") and as the plots do ("RTL-queued").
std::string runTitle(const TimedRun& run) {
  std::string b = run.backend;
  for (char& ch : b) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return b + ' ' + run.config;
}
std::string plotName(const TimedRun& run) {
  std::string t = runTitle(run);
  t[t.find(' ')] = '-';
  return t;
}

void progress(bool quiet, const std::string& pair, size_t done, size_t total, Clock::time_point start) {
  if (quiet) return;
  const double s = std::chrono::duration<double>(Clock::now() - start).count();
  if (done == total || done % std::max<size_t>(1, total / 10) == 0) {
    std::fprintf(stderr, "cc_perf: %s %zu/%zu poses, %.1f s\n", pair.c_str(), done, total, s);
  }
}

}  // namespace

std::vector<std::string> knownBackends() { return {"golden", "tlm", "rtl", "sw", "fcl_obbrss", "fcl_kdop24"}; }

std::vector<TimedRun> timedRuns(const StudyOptions& o) {
  std::vector<TimedRun> runs;
  for (const char* backend : {"tlm", "rtl"}) {
    if (!has(o.backends, backend)) continue;
    for (const auto& c : std::string(backend) == "tlm" ? o.tlm_configs : o.rtl_configs) runs.push_back({backend, c});
  }
  return runs;
}

std::vector<std::string> poseHeader(const std::vector<TimedRun>& runs) {
  std::vector<std::string> h{"pair", "polygons_a", "polygons_b", "distance", "step", "angle_deg", "chip_pairs"};
  Counters().forEach([&](const char* n, uint64_t) {
    if (std::string(n) != "cycles") h.push_back(n);
  });
  for (const auto* n : {"eq5_cycles", "eq5_us"}) h.push_back(n);
  for (const auto& run : runs) {
    for (const auto* n : {"_cycles", "_us", "_triangle_cycles"}) h.push_back(run.label() + n);
  }
  for (const auto* n : {"sw_us", "fcl_obbrss_us", "fcl_kdop24_us", "sw_hit", "fcl_hit", "all_chip_pairs",
                        "all_fcl_pairs", "only_chip", "only_fcl", "exact_checked", "exact_chip_right", "exact_fcl_right", "degenerate"}) {
    h.push_back(n);
  }
  return h;
}

std::vector<std::string> poseFields(const PoseRecord& r) {
  std::vector<std::string> f{r.pair, std::to_string(r.polygons_a), std::to_string(r.polygons_b), num(r.sample.distance),
                             std::to_string(r.sample.step), num(r.sample.angle_deg), std::to_string(r.chip_pairs)};
  r.c.forEach([&](const char* n, uint64_t v) {
    if (std::string(n) != "cycles") f.push_back(std::to_string(v));
  });
  f.push_back(num(r.eq5_cycles, 10));
  f.push_back(num(r.eq5_us));
  for (size_t k = 0; k < r.run_cycles.size(); ++k) {
    f.push_back(num(r.run_cycles[k], 12));
    f.push_back(num(r.run_us[k]));
    f.push_back(num(r.run_tri_cycles[k], 12));
  }
  for (double v : {r.sw_us, r.fcl_obbrss_us, r.fcl_kdop24_us, r.sw_hit, r.fcl_hit, r.all_chip, r.all_fcl, r.only_chip, r.only_fcl,
                   r.exact_checked, r.exact_chip_right, r.exact_fcl_right, r.degenerate}) {
    f.push_back(num(v));
  }
  return f;
}

int runStudy(const StudyOptions& o) {
  if (o.mode != "first" && o.mode != "all") throw std::invalid_argument("--mode must be first or all");
  if (o.repeat < 1) throw std::invalid_argument("--repeat must be at least 1");
  if (o.rtl_every < 1) throw std::invalid_argument("--rtl-every must be at least 1");
  if (o.kdop_every < 1) throw std::invalid_argument("--kdop-every must be at least 1");
  if (o.exact_limit < 0) throw std::invalid_argument("--exact-limit must not be negative");
  const QueryMode mode = queryModeByName(o.mode);
  const size_t max_contacts = mode == QueryMode::First ? 1 : (1u << 24);
  const auto poses = protocolPoses(o.steps, o.distances);
  const bool sw = has(o.backends, "sw");
  const bool fcl_o = has(o.backends, "fcl_obbrss"), fcl_k = has(o.backends, "fcl_kdop24");
  std::filesystem::create_directories(o.out_dir);
  const std::vector<TimedRun> runs = timedRuns(o);

  std::vector<PoseRecord> records;
  int mismatches = 0;
  for (const auto& mp : o.pairs) {
    const auto path = [&](const std::string& n) { return n.find('/') != std::string::npos ? n : o.mesh_dir + "/" + n + ".off"; };
    Mesh ma = loadMesh(path(mp.a)), mb = loadMesh(path(mp.b));
    scaleToCube(ma);
    scaleToCube(mb);
    const DopTree ta = buildTree(ma, zachmannDirections(), SplitRule::MeanWidth);
    const DopTree tb = buildTree(mb, zachmannDirections(), SplitRule::MeanWidth);
    const auto used_a = usedTriangles(ta, ma.tris.size()), used_b = usedTriangles(tb, mb.tris.size());
    Chip golden = makeChip("golden", "paper", ta, ma, tb, mb);
    std::vector<Chip> chips;
    for (const auto& run : runs) chips.push_back(makeChip(run.backend, run.config, ta, ma, tb, mb));
    const SwObject sa = makeSwObject(ta, ma), sb = makeSwObject(tb, mb);
    std::unique_ptr<FclModel> fo_a, fo_b, fk_a, fk_b;
    if (fcl_o || o.check) {
      fo_a = std::make_unique<FclModel>(ma, FclBv::Obbrss);
      fo_b = std::make_unique<FclModel>(mb, FclBv::Obbrss);
    }
    if (fcl_k) {
      fk_a = std::make_unique<FclModel>(ma, FclBv::Kdop24);
      fk_b = std::make_unique<FclModel>(mb, FclBv::Kdop24);
    }
    int exact_left = o.exact_limit;
    const auto start = Clock::now();
    for (size_t i = 0; i < poses.size(); ++i) {
      const auto& s = poses[i];
      PoseRecord r;
      r.pair = mp.label();
      r.polygons_a = ma.tris.size();
      r.polygons_b = mb.tris.size();
      r.sample = s;
      const QueryResult g = golden.drv->query(golden.a, golden.b, s.pose, mode);
      if (g.error != regs::Error::None) throw std::runtime_error(r.pair + ": golden query ended in " + regs::errorName(g.error));
      r.c = g.counters;
      r.chip_pairs = g.pairs.size();
      r.eq5_cycles = eq5Cycles(g.counters);
      r.eq5_us = r.eq5_cycles / golden.cfg.core_mhz;
      r.run_cycles.assign(runs.size(), kNone);
      r.run_us.assign(runs.size(), kNone);
      r.run_tri_cycles.assign(runs.size(), kNone);
      for (size_t k = 0; k < runs.size(); ++k) {
        if (runs[k].backend == "rtl" && i % o.rtl_every != 0) continue;
        Chip& chip = chips[k];
        const QueryResult q = chip.drv->query(chip.a, chip.b, s.pose, mode);
        // Co-simulation: every timed query must give golden's answer and counters.
        const std::string diff = firstDifference(runs[k].label(), q, "golden", g, false);
        if (!diff.empty()) {
          std::fprintf(stderr, "cc_perf: %s and golden differ on %s pose %zu: %s\n", runs[k].label().c_str(), r.pair.c_str(), i, diff.c_str());
          ++mismatches;
        }
        r.run_cycles[k] = double(q.counters.cycles);
        r.run_us[k] = q.counters.cycles / chip.cfg.core_mhz;
        r.run_tri_cycles[k] = triangleCycles(*chip.dev);
      }
      if (sw) {
        SwResult res;
        r.sw_us = bestUs(o.repeat, [&] { res = swCollide(sa, sb, s.pose, mode); });
        r.sw_hit = res.pairs.empty() ? 0 : 1;
      }
      if (fcl_o) {
        FclAnswer ans;
        r.fcl_obbrss_us = bestUs(o.repeat, [&] { ans = fclCollide(*fo_a, *fo_b, s.pose, max_contacts); });
        r.fcl_hit = ans.hit ? 1 : 0;
      }
      if (fcl_k && i % o.kdop_every == 0) {
        FclAnswer ans;
        r.fcl_kdop24_us = bestUs(o.repeat, [&] { ans = fclCollide(*fk_a, *fk_b, s.pose, max_contacts); });
        if (std::isnan(r.fcl_hit)) r.fcl_hit = ans.hit ? 1 : 0;
      }
      if (o.check) {
        const QueryResult ga = mode == QueryMode::All ? g : golden.drv->query(golden.a, golden.b, s.pose, QueryMode::All);
        const FclAnswer fa = fclCollide(*fo_a, *fo_b, s.pose, 1u << 24);
        const PairDiff d = comparePairSets(ga.pairs, fa.pairs);
        r.all_chip = double(ga.pairs.size());
        r.all_fcl = double(fa.pairs.size());
        for (const auto& p : ga.pairs) r.all_confirmed += exactTrianglesIntersect(ma, p.first, mb, p.second, s.pose);
        r.all_tests = double(ga.counters.triangle_tests);
        r.all_uncertain = double(ga.counters.uncertain_tests);
        r.all_host_us = 1e6 * ga.host_exact_seconds;
        r.only_chip = double(d.only_chip.size());
        r.only_fcl = double(d.only_ref.size());
        auto judge = [&](const std::vector<TriPair>& ps, bool chip_said_hit) {
          for (const auto& p : ps) {
            if (!used_a[p.first] || !used_b[p.second]) {
              r.degenerate += 1;  // the chip's tree leaves degenerate triangles out
              continue;
            }
            if (exact_left <= 0) continue;
            --exact_left;
            r.exact_checked += 1;
            const bool hit = exactTrianglesIntersect(ma, p.first, mb, p.second, s.pose);
            (hit == chip_said_hit ? r.exact_chip_right : r.exact_fcl_right) += 1;
          }
        };
        judge(d.only_chip, true);
        judge(d.only_ref, false);
      }
      records.push_back(r);
      progress(o.quiet, r.pair, i + 1, poses.size(), start);
    }
  }

  // poses.csv and perf.json: every pose.
  Csv pc{poseHeader(runs), {}};
  for (const auto& r : records) pc.rows.push_back(poseFields(r));
  std::ofstream(o.out_dir + "/poses.csv") << [&] { std::ostringstream s; pc.write(s); return s.str(); }();

  // summary.csv: per pair and distance, and per pair over all distances ("all").
  const auto ms = metrics(runs);
  Csv sc{{"pair", "distance", "poses", "polygons"}, {}};
  for (const auto& m : ms) {
    sc.header.push_back("avg_" + m.first);
    sc.header.push_back("worst_" + m.first);
  }
  for (const auto& run : runs) {
    for (const auto& n : {run.label() + "_over_eq5", "sw_over_" + run.label(), "fcl_obbrss_over_" + run.label(),
                          "worst_fcl_obbrss_over_worst_" + run.label()})
      sc.header.push_back(n);
  }
  for (const auto* n : {"sw_over_eq5", "fcl_obbrss_over_eq5", "sw_over_fcl_obbrss", "tlm_paper_triangle_share", "tlm_paper_over_eq5",
                        "tlm_paper_rest_over_eq5", "hit_disagreements", "only_chip", "only_fcl", "exact_checked", "exact_chip_right",
                        "exact_fcl_right", "degenerate"}) {
    sc.header.push_back(n);
  }
  nlohmann::json summary = nlohmann::json::array();
  struct Group {
    std::string pair, distance;
    std::vector<const PoseRecord*> rs;
  };
  std::vector<Group> groups;
  for (const auto& mp : o.pairs) {
    for (double d : o.distances) {
      Group gr{mp.label(), num(d), {}};
      for (const auto& r : records) {
        if (r.pair == mp.label() && r.sample.distance == d) gr.rs.push_back(&r);
      }
      groups.push_back(gr);
    }
    Group all{mp.label(), "all", {}};
    for (const auto& r : records) {
      if (r.pair == mp.label()) all.rs.push_back(&r);
    }
    groups.push_back(all);
  }
  // Sum over the poses that measured it; not measured on any pose -> kNone (printed as "–").
  auto sumOf = [](const std::vector<const PoseRecord*>& rs, auto f) {
    double s = 0;
    bool any = false;
    for (const auto* r : rs) {
      const double v = f(*r);
      if (!std::isnan(v)) s += v, any = true;
    }
    return any ? s : kNone;
  };
  // Speedups as ratios of sums over the poses a timed run measured (rtl: every K-th pose),
  // so a run is compared with Eq. 5 and software on exactly its own poses; and the worst
  // case: FCL's slowest of those poses against the run's slowest (not the same pose).
  struct RunRatios {
    double over_eq5, sw_over, fo_over, fo_worst_over_worst;
  };
  auto runRatios = [&](const Group& gr, size_t k) {
    std::vector<const PoseRecord*> rs;
    for (const auto* r : gr.rs) {
      if (!std::isnan(r->run_us[k])) rs.push_back(r);
    }
    const double t = sumOf(rs, [k](const PoseRecord& r) { return r.run_us[k]; });
    return RunRatios{ratio(t, sumOf(rs, [](const PoseRecord& r) { return r.eq5_us; })),
                     ratio(sumOf(rs, [](const PoseRecord& r) { return r.sw_us; }), t),
                     ratio(sumOf(rs, [](const PoseRecord& r) { return r.fcl_obbrss_us; }), t),
                     ratio(stat(rs, [](const PoseRecord& r) { return r.fcl_obbrss_us; }).worst,
                           stat(rs, [k](const PoseRecord& r) { return r.run_us[k]; }).worst)};
  };
  auto allRunRatios = [&](const Group& gr) {
    std::vector<RunRatios> v;
    for (size_t k = 0; k < runs.size(); ++k) v.push_back(runRatios(gr, k));
    return v;
  };
  struct Ratios {
    double sw_over_eq5, fo_over_eq5, sw_over_fo;
  };
  auto ratios = [&](const Group& gr) {
    const auto avg = [&](double PoseRecord::*m) { return stat(gr.rs, [m](const PoseRecord& r) { return r.*m; }).avg; };
    const double eq5 = avg(&PoseRecord::eq5_us), sw_avg = avg(&PoseRecord::sw_us), fo = avg(&PoseRecord::fcl_obbrss_us);
    return Ratios{ratio(sw_avg, eq5), ratio(fo, eq5), ratio(sw_avg, fo)};
  };
  // Where the paper configuration's cycles go (TLM paper = the RTL's cycles), as ratios of
  // sums over the poses: the triangle tests' share, and all / the rest against Eq. 5.
  struct Split {
    double triangle_share = kNone, over_eq5 = kNone, rest_over_eq5 = kNone;
  };
  const auto paper_it = std::find_if(runs.begin(), runs.end(), [](const TimedRun& r) { return r.label() == "tlm_paper"; });
  auto split = [&](const Group& gr) {
    Split sp;
    if (paper_it == runs.end()) return sp;
    const size_t k = static_cast<size_t>(paper_it - runs.begin());
    const double cycles = sumOf(gr.rs, [k](const PoseRecord& r) { return r.run_cycles[k]; });
    const double tri = sumOf(gr.rs, [k](const PoseRecord& r) { return r.run_tri_cycles[k]; });
    const double eq5 = sumOf(gr.rs, [](const PoseRecord& r) { return r.eq5_cycles; });
    sp.triangle_share = ratio(tri, cycles);
    sp.over_eq5 = ratio(cycles, eq5);
    sp.rest_over_eq5 = ratio(cycles - tri, eq5);
    return sp;
  };
  for (const auto& gr : groups) {
    std::vector<std::string> row{gr.pair, gr.distance, std::to_string(gr.rs.size()), gr.rs.empty() ? "" : std::to_string(gr.rs[0]->polygons_a)};
    nlohmann::json j{{"pair", gr.pair}, {"distance", gr.distance}, {"poses", gr.rs.size()}};
    for (const auto& m : ms) {
      const Stat st = stat(gr.rs, m.second);
      row.push_back(num(st.avg));
      row.push_back(num(st.worst));
      if (st.n) j[m.first] = {{"avg", st.avg}, {"worst", st.worst}, {"n", st.n}};
    }
    for (const RunRatios& rr : allRunRatios(gr)) {
      for (double v : {rr.over_eq5, rr.sw_over, rr.fo_over, rr.fo_worst_over_worst}) {
        row.push_back(num(v));
        if (!std::isnan(v)) j[sc.header[row.size() - 1]] = v;
      }
    }
    const Ratios q = ratios(gr);
    double hit_dis = 0;
    for (const auto* r : gr.rs) {
      const double chip_hit = r->chip_pairs ? 1 : 0;
      if ((!std::isnan(r->sw_hit) && r->sw_hit != chip_hit) || (!std::isnan(r->fcl_hit) && r->fcl_hit != chip_hit)) hit_dis += 1;
    }
    const Split sp = split(gr);
    const double vals[] = {q.sw_over_eq5, q.fo_over_eq5, q.sw_over_fo, sp.triangle_share, sp.over_eq5, sp.rest_over_eq5, hit_dis,
                           sumOf(gr.rs, [](const PoseRecord& r) { return r.only_chip; }), sumOf(gr.rs, [](const PoseRecord& r) { return r.only_fcl; }),
                           sumOf(gr.rs, [](const PoseRecord& r) { return r.exact_checked; }),
                           sumOf(gr.rs, [](const PoseRecord& r) { return r.exact_chip_right; }),
                           sumOf(gr.rs, [](const PoseRecord& r) { return r.exact_fcl_right; }),
                           sumOf(gr.rs, [](const PoseRecord& r) { return r.degenerate; })};
    for (double v : vals) {
      row.push_back(num(v));
      if (!std::isnan(v)) j[sc.header[row.size() - 1]] = v;
    }
    sc.rows.push_back(row);
    summary.push_back(j);
  }
  { std::ofstream f(o.out_dir + "/summary.csv"); sc.write(f); }

  nlohmann::json js;
  js["protocol"] = {{"steps", o.steps}, {"distances", o.distances}, {"mode", o.mode}, {"backends", o.backends}, {"tlm_configs", o.tlm_configs},
                    {"rtl_configs", o.rtl_configs}, {"rtl_every", o.rtl_every}, {"kdop_every", o.kdop_every}, {"repeat", o.repeat}, {"check", o.check}};
  js["summary"] = summary;
  js["poses"] = nlohmann::json::array();
  for (const auto& r : records) {
    nlohmann::json p;
    const auto f = poseFields(r);
    for (size_t k = 0; k < f.size(); ++k) p[pc.header[k]] = f[k];
    js["poses"].push_back(p);
  }
  { std::ofstream f(o.out_dir + "/perf.json"); f << js.dump(1) << '\n'; }

  // table1.md: the paper's Table 1 layout (avg / worst per cell), speedups, correctness.
  std::ostringstream t;
  t << "Mode " << o.mode << ", " << o.steps << " steps at d = ";
  for (size_t k = 0; k < o.distances.size(); ++k) t << (k ? ", " : "") << num(o.distances[k]);
  t << " (" << poses.size() << " poses per pair); cells are average / worst; times in µs.\n\n";
  // Eq. 5's cycles are converted with the paper configuration's clock (r.eq5_us).
  t << "| pair | polygons | aligned visited | tumbled visited | triangle tests | Eq. 5 (" << num(namedConfig("paper").core_mhz)
    << " MHz) |";
  for (const auto& run : runs) t << ' ' << runTitle(run) << " |";
  t << " sw (double) | FCL OBBRSS | FCL KDOP24 |\n|---|---|---|---|---|---|";
  for (size_t k = 0; k < runs.size(); ++k) t << "---|";
  t << "---|---|---|\n";
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    t << "| " << gr.pair << " | " << (gr.rs.empty() ? 0 : gr.rs[0]->polygons_a);
    for (size_t m = 0; m < ms.size(); ++m) t << " | " << cell(stat(gr.rs, ms[m].second), m < 3 ? 0 : 1);
    t << " |\n";
  }
  // The speedups leave out a TLM run whose configuration an RTL run has too: the TLM model
  // times the built chips exactly, so its ratios would repeat the RTL's.
  std::vector<size_t> shown;
  for (size_t k = 0; k < runs.size(); ++k) {
    const bool rtl_twin = runs[k].backend == "tlm" && std::any_of(runs.begin(), runs.end(), [&](const TimedRun& r) {
                            return r.backend == "rtl" && r.config == runs[k].config;
                          });
    if (!rtl_twin) shown.push_back(k);
  }
  t << "\nSpeedups (ratios of summed times over the poses each chip run measured):\n\n| pair |";
  for (size_t k : shown) t << ' ' << runTitle(runs[k]) << " / Eq. 5 |";
  t << " sw / Eq. 5 | FCL OBBRSS / Eq. 5 |";
  for (size_t k : shown) t << " FCL OBBRSS / " << runTitle(runs[k]) << " |";
  t << " sw / FCL OBBRSS |\n|---|";
  for (size_t k = 0; k < 2 * shown.size() + 3; ++k) t << "---|";
  t << '\n';
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    const Ratios q = ratios(gr);
    const auto rr = allRunRatios(gr);
    t << "| " << gr.pair << " |";
    for (size_t k : shown) t << ' ' << fix(rr[k].over_eq5, 2) << " |";
    t << ' ' << fix(q.sw_over_eq5, 1) << " | " << fix(q.fo_over_eq5, 1) << " |";
    for (size_t k : shown) t << ' ' << fix(rr[k].fo_over, 1) << " |";
    t << ' ' << fix(q.sw_over_fo, 2) << " |\n";
  }
  t << "\nWorst case against FCL OBBRSS (FCL's slowest pose over the chip run's slowest pose, each over the poses the run "
       "measured; the issue's target for a modern configuration is 10):\n\n| pair |";
  for (size_t k : shown) t << " FCL OBBRSS worst / " << runTitle(runs[k]) << " worst |";
  t << "\n|---|";
  for (size_t k = 0; k < shown.size(); ++k) t << "---|";
  t << '\n';
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    const auto rr = allRunRatios(gr);
    t << "| " << gr.pair << " |";
    for (size_t k : shown) t << ' ' << fix(rr[k].fo_worst_over_worst, 1) << " |";
    t << '\n';
  }
  if (paper_it != runs.end()) {
    t << "\nWhere the paper configuration's cycles go (TLM paper, the RTL's cycle count; ratios of sums over the poses):\n\n"
         "| pair | triangle tests' share of the cycles | TLM paper / Eq. 5 | without the triangle tests / Eq. 5 |\n|---|---|---|---|\n";
    for (const auto& gr : groups) {
      if (gr.distance != "all") continue;
      const Split sp = split(gr);
      t << "| " << gr.pair << " | " << fix(100.0 * sp.triangle_share, 0) << " % | " << fix(sp.over_eq5, 2) << " | "
        << fix(sp.rest_over_eq5, 2) << " |\n";
    }
  }
  if (o.check) {
    t << "\nAll-pairs answers (mode all), chip (golden: certain hits, and the uncertain pairs decided by the host) against FCL "
         "(OBBRSS, double), summed over the poses; every chip pair checked by CGAL (confirmed); pairs only one side reports "
         "decided by CGAL (exact, at most "
      << o.exact_limit << " per pair); the triangle tests the chip left uncertain and the host's time per query deciding them:\n\n"
                          "| pair | chip pairs | FCL pairs | chip pairs CGAL confirms | only chip | only FCL | degenerate | CGAL checked | chip right | "
                          "FCL right | uncertain tests | host us/query |\n"
                          "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& gr : groups) {
      if (gr.distance != "all") continue;
      auto s = [&](auto f) { return fix(sumOf(gr.rs, f), 0); };
      t << "| " << gr.pair << " | " << s([](const PoseRecord& r) { return r.all_chip; }) << " | " << s([](const PoseRecord& r) { return r.all_fcl; })
        << " | " << s([](const PoseRecord& r) { return r.all_confirmed; })
        << " | " << s([](const PoseRecord& r) { return r.only_chip; }) << " | " << s([](const PoseRecord& r) { return r.only_fcl; }) << " | "
        << s([](const PoseRecord& r) { return r.degenerate; }) << " | " << s([](const PoseRecord& r) { return r.exact_checked; }) << " | "
        << s([](const PoseRecord& r) { return r.exact_chip_right; }) << " | " << s([](const PoseRecord& r) { return r.exact_fcl_right; }) << " | ";
      const double tests = sumOf(gr.rs, [](const PoseRecord& r) { return r.all_tests; });
      const double unc = sumOf(gr.rs, [](const PoseRecord& r) { return r.all_uncertain; });
      t << fix(unc, 0) << " of " << fix(tests, 0) << " (" << fix(tests > 0 ? 100 * unc / tests : 0.0, 2) << " %) | "
        << fix(sumOf(gr.rs, [](const PoseRecord& r) { return r.all_host_us; }) / double(gr.rs.size()), 1) << " |\n";
    }
  }
  { std::ofstream f(o.out_dir + "/table1.md"); f << t.str(); }
  std::cout << t.str();

  // Plot data (gnuplot, bench/plots.gp): NaN marks what was not measured.
  {
    std::ofstream f(o.out_dir + "/angle.dat");
    // First line: column names (gnuplot's columnhead); pair and distance are in the title.
    f << "angle Eq.5";
    for (const auto& run : runs) f << ' ' << plotName(run);
    f << " sw FCL-OBBRSS FCL-KDOP24\n";
    for (const auto& r : records) {
      if (r.pair != o.pairs[0].label() || r.sample.distance != o.distances[0]) continue;
      f << num(r.sample.angle_deg) << ' ' << datNum(r.eq5_us);
      for (double v : r.run_us) f << ' ' << datNum(v);
      f << ' ' << datNum(r.sw_us) << ' ' << datNum(r.fcl_obbrss_us) << ' ' << datNum(r.fcl_kdop24_us) << '\n';
    }
  }
  {
    std::ofstream f(o.out_dir + "/lists.dat");
    // alpha (node pairs per list) and cycles per list (tau = tumbled/2), per pose.
    f << "alpha Eq.5";
    for (const auto& run : runs) f << ' ' << plotName(run);
    f << '\n';
    for (const auto& r : records) {
      if (r.c.tumbled_nodes_transformed == 0) continue;
      const double tau = r.c.tumbled_nodes_transformed / 2.0, alpha = r.c.overlap_tests / (2.0 * r.c.tumbled_nodes_transformed);
      f << num(alpha) << ' ' << num(r.eq5_cycles / tau);
      for (double v : r.run_cycles) f << ' ' << datNum(v / tau);
      f << '\n';
    }
  }
  {
    std::ofstream f(o.out_dir + "/speedup.dat");
    f << "pair sw/Eq.5 FCL-OBBRSS/Eq.5";
    for (size_t k : shown) f << " FCL-OBBRSS/" << plotName(runs[k]);
    f << '\n';
    for (const auto& gr : groups) {
      if (gr.distance != "all") continue;
      const Ratios q = ratios(gr);
      f << '"' << gr.pair << "\" " << datNum(q.sw_over_eq5) << ' ' << datNum(q.fo_over_eq5);
      const auto rr = allRunRatios(gr);
      for (size_t k : shown) f << ' ' << datNum(rr[k].fo_over);
      f << '\n';
    }
  }
  std::cout << "\nwrote " << o.out_dir << "/{poses.csv,summary.csv,perf.json,table1.md,angle.dat,lists.dat,speedup.dat}\n";
  if (mismatches) {
    std::fprintf(stderr, "cc_perf: %d timed queries differed from golden\n", mismatches);
    return 4;
  }
  return 0;
}

}  // namespace cc::perf
