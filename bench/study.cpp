#include "study.h"

#include "cc/atomic_output.h"
#include "cc/interrupt.h"

#include <algorithm>
#include <numeric>
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

#include "cc/host_policy.h"
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

// The host policy a chip in `config` runs with: the configuration's, with the parts the
// options give in their place.
HostPolicy runPolicy(const StudyOptions& o, const std::string& config) {
  auto values = hostPolicyValues(config);
  values.insert(values.end(), o.host_set.begin(), o.host_set.end());
  HostPolicy p = parseHostPolicy(values, "configuration '" + config + "' with --host");
  if (o.first_steps_given) p.first_steps = o.first_steps;
  if (o.leaf_dop_given) {
    p.leaf_dop = leafDopByName(o.leaf_dop);
    p.leaf_size_ratio = 0;
  }
  return p;
}

// A chip in configuration `config` driven by `policy`, with the pair's objects uploaded.
Chip makeChip(const std::string& backend, const std::string& config, const HostPolicy& policy, const DopTree& ta, const Mesh& ma,
              const DopTree& tb, const Mesh& mb) {
  Chip c{backend, namedConfig(config), nullptr, nullptr, {}, {}};
  c.dev = makeDevice(backend, c.cfg);
  c.drv = std::make_unique<Driver>(*c.dev);
  applyHostPolicy(*c.drv, policy);  // a chip without CTRL.LEAF_VERTEX refuses a policy using it (DriverError)
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

// The per-timed-run columns of a record: poses.csv's suffix, the shard file's key, the
// member, and the significant digits in poses.csv (counts whole, times to the ns or so).
struct RunField {
  const char* suffix;
  const char* key;
  std::vector<double> PoseRecord::*member;
  int digits;
};
const std::vector<RunField>& runFields() {
  static const std::vector<RunField> f{{"_cycles", "run_cycles", &PoseRecord::run_cycles, 12},
                                       {"_us", "run_us", &PoseRecord::run_us, 6},
                                       {"_triangle_cycles", "run_tri_cycles", &PoseRecord::run_tri_cycles, 12},
                                       {"_overlap_tests", "run_overlap_tests", &PoseRecord::run_overlap_tests, 12},
                                       {"_triangle_tests", "run_triangle_tests", &PoseRecord::run_triangle_tests, 12},
                                       {"_host_us", "run_host_us", &PoseRecord::run_host_us, 6},
                                       {"_bus_clocks", "run_bus_clocks", &PoseRecord::run_bus_clocks, 12},
                                       {"_e2e_us", "run_e2e_us", &PoseRecord::run_e2e_us, 6}};
  return f;
}

using Metric = std::pair<std::string, std::function<double(const PoseRecord&)>>;
// Golden's counters and Eq. 5, the times of the timed runs `which` (indices into runs),
// then the software peers' times.
std::vector<Metric> metrics(const std::vector<TimedRun>& runs, const std::vector<size_t>& which) {
  std::vector<Metric> m{
      {"aligned_visited", [](const PoseRecord& r) { return double(r.c.overlap_tests); }},
      {"tumbled_visited", [](const PoseRecord& r) { return double(r.c.tumbled_nodes_transformed); }},
      {"triangle_tests", [](const PoseRecord& r) { return double(r.c.triangle_tests); }},
      {"eq5_us", [](const PoseRecord& r) { return r.eq5_us; }},
  };
  for (size_t k : which) m.push_back({runs[k].label() + "_us", [k](const PoseRecord& r) { return r.run_us[k]; }});
  m.push_back({"sw_us", [](const PoseRecord& r) { return r.sw_us; }});
  m.push_back({"fcl_obbrss_us", [](const PoseRecord& r) { return r.fcl_obbrss_us; }});
  m.push_back({"fcl_kdop24_us", [](const PoseRecord& r) { return r.fcl_kdop24_us; }});
  return m;
}

// Tests per query beside FCL's: each timed run's node-pair overlap tests and triangle
// tests (its own host policy), then FCL OBBRSS's bounding-volume and leaf tests.
std::vector<Metric> testMetrics(const std::vector<TimedRun>& runs) {
  std::vector<Metric> m;
  for (size_t k = 0; k < runs.size(); ++k) {
    m.push_back({runs[k].label() + "_overlap_tests", [k](const PoseRecord& r) { return r.run_overlap_tests[k]; }});
    m.push_back({runs[k].label() + "_triangle_tests", [k](const PoseRecord& r) { return r.run_triangle_tests[k]; }});
  }
  m.push_back({"fcl_bv_tests", [](const PoseRecord& r) { return r.fcl_bv_tests; }});
  m.push_back({"fcl_leaf_tests", [](const PoseRecord& r) { return r.fcl_leaf_tests; }});
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
    for (const auto& rf : runFields()) h.push_back(run.label() + rf.suffix);
  }
  for (const auto* n : {"sw_us", "fcl_obbrss_us", "fcl_kdop24_us", "sw_hit", "fcl_hit", "fcl_bv_tests", "fcl_leaf_tests", "all_chip_pairs",
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
    for (const auto& rf : runFields()) f.push_back(num((r.*rf.member)[k], rf.digits));
  }
  for (double v : {r.sw_us, r.fcl_obbrss_us, r.fcl_kdop24_us, r.sw_hit, r.fcl_hit, r.fcl_bv_tests, r.fcl_leaf_tests, r.all_chip, r.all_fcl, r.only_chip, r.only_fcl,
                   r.exact_checked, r.exact_chip_right, r.exact_fcl_right, r.degenerate}) {
    f.push_back(num(v));
  }
  return f;
}

// ---------------------------------------------------------------------------------------
// Options and the shard plan
// ---------------------------------------------------------------------------------------

void validateOptions(const StudyOptions& o) {
  if (o.mode != "first" && o.mode != "all") throw std::invalid_argument("--mode must be first or all");
  if (o.repeat < 1) throw std::invalid_argument("--repeat must be at least 1");
  if (o.rtl_every < 1) throw std::invalid_argument("--rtl-every must be at least 1");
  if (o.kdop_every < 1) throw std::invalid_argument("--kdop-every must be at least 1");
  if (o.exact_limit < 0) throw std::invalid_argument("--exact-limit must not be negative");
  if (o.shard_poses < 0) throw std::invalid_argument("--shard-poses must not be negative");
  if (!o.first_steps.empty() && o.mode != "first") throw std::invalid_argument("--first-steps stages mode first: it needs --mode first");
  leafDopByName(o.leaf_dop);  // a known name
  if (o.pairs.empty()) throw std::invalid_argument("no mesh pair given");
  protocolPoses(o.steps, o.distances);  // throws on a bad step count
}

nlohmann::json optionsToJson(const StudyOptions& o) {
  nlohmann::json pairs = nlohmann::json::array();
  for (const auto& p : o.pairs) pairs.push_back({p.a, p.b});
  return {{"mesh_dir", o.mesh_dir}, {"mode", o.mode}, {"pairs", pairs}, {"distances", o.distances}, {"backends", o.backends},
          {"tlm_configs", o.tlm_configs}, {"rtl_configs", o.rtl_configs}, {"steps", o.steps}, {"rtl_every", o.rtl_every},
          {"kdop_every", o.kdop_every}, {"repeat", o.repeat}, {"exact_limit", o.exact_limit}, {"shard_poses", o.shard_poses},
          {"check", o.check}, {"deterministic", o.deterministic}, {"first_steps", o.first_steps}, {"leaf_dop", o.leaf_dop},
          {"first_steps_given", o.first_steps_given}, {"leaf_dop_given", o.leaf_dop_given}, {"host_set", o.host_set}};
}

StudyOptions optionsFromJson(const nlohmann::json& j) {
  StudyOptions o;
  j.at("mesh_dir").get_to(o.mesh_dir);
  j.at("mode").get_to(o.mode);
  for (const auto& p : j.at("pairs")) o.pairs.push_back({p.at(0).get<std::string>(), p.at(1).get<std::string>()});
  j.at("distances").get_to(o.distances);
  j.at("backends").get_to(o.backends);
  j.at("tlm_configs").get_to(o.tlm_configs);
  j.at("rtl_configs").get_to(o.rtl_configs);
  for (auto [key, v] : {std::pair{"steps", &o.steps}, {"rtl_every", &o.rtl_every}, {"kdop_every", &o.kdop_every}, {"repeat", &o.repeat},
                        {"exact_limit", &o.exact_limit}, {"shard_poses", &o.shard_poses}})
    j.at(key).get_to(*v);
  j.at("check").get_to(o.check);
  o.deterministic = j.value("deterministic", false);
  if (j.contains("first_steps")) j.at("first_steps").get_to(o.first_steps);  // plans written before it had none
  if (j.contains("leaf_dop")) j.at("leaf_dop").get_to(o.leaf_dop);
  // Plans written before host policies: the options applied to every chip.
  o.first_steps_given = j.value("first_steps_given", !o.first_steps.empty());
  o.leaf_dop_given = j.value("leaf_dop_given", o.leaf_dop != "off");
  if (j.contains("host_set")) j.at("host_set").get_to(o.host_set);
  validateOptions(o);
  return o;
}

namespace {

// "bunny00:armadillo" -> "bunny00_armadillo"; a path keeps its last component.
std::string fileSafe(std::string s) {
  for (char& ch : s) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '.') ch = '_';
  }
  return s;
}

std::string groupName(const std::vector<TimedRun>& runs, size_t group) { return group == 0 ? "base" : runs[group - 1].label(); }

}  // namespace

std::vector<StudyShard> planShards(const StudyOptions& o) {
  const size_t poses = protocolPoses(o.steps, o.distances).size();
  const size_t per = o.shard_poses > 0 ? size_t(o.shard_poses) : poses;
  const auto runs = timedRuns(o);
  const int width = int(std::to_string(poses - 1).size());
  std::vector<StudyShard> out;
  for (size_t p = 0; p < o.pairs.size(); ++p) {
    for (size_t g = 0; g <= runs.size(); ++g) {
      for (size_t b = 0; b < poses; b += per) {
        StudyShard s{p, g, b, std::min(poses, b + per), ""};
        char range[64];
        std::snprintf(range, sizeof range, "%0*zu-%0*zu", width, s.begin, width, s.end - 1);
        s.name = std::to_string(p) + "_" + fileSafe(o.pairs[p].label()) + "." + groupName(runs, g) + "." + range;
        out.push_back(s);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Measure: one shard
// ---------------------------------------------------------------------------------------

namespace {

// A mesh pair set up for one shard's group: meshes, trees, golden, and the group's chip or
// software peers. Not movable (the software objects point into the trees).
struct PairSetup {
  Mesh ma, mb;
  DopTree ta, tb;
  std::vector<bool> used_a, used_b;
  Chip golden;                 // paper's host policy (the table's counters)
  std::unique_ptr<Chip> chip;  // group k > 0: timed run k-1
  // Group k > 0 whose host policy differs from golden's: golden with the run's policy, the
  // answer and counters the run must give.
  std::unique_ptr<Chip> golden_run;
  std::unique_ptr<SwObject> sa, sb;
  std::unique_ptr<FclModel> fo_a, fo_b, fk_a, fk_b;
};

std::unique_ptr<PairSetup> setUpPair(const StudyOptions& o, const StudyShard& s, const std::vector<TimedRun>& runs) {
  const MeshPair& mp = o.pairs[s.pair];
  const auto path = [&](const std::string& n) { return n.find('/') != std::string::npos ? n : o.mesh_dir + "/" + n + ".off"; };
  auto p = std::make_unique<PairSetup>();
  p->ma = loadMesh(path(mp.a));
  p->mb = loadMesh(path(mp.b));
  scaleToCube(p->ma);
  scaleToCube(p->mb);
  p->ta = buildTree(p->ma, zachmannDirections(), SplitRule::MeanWidth);
  p->tb = buildTree(p->mb, zachmannDirections(), SplitRule::MeanWidth);
  p->used_a = usedTriangles(p->ta, p->ma.tris.size());
  p->used_b = usedTriangles(p->tb, p->mb.tris.size());
  const HostPolicy base = runPolicy(o, "paper");
  p->golden = makeChip("golden", "paper", base, p->ta, p->ma, p->tb, p->mb);
  if (s.group > 0) {
    const TimedRun& run = runs[s.group - 1];
    const HostPolicy policy = runPolicy(o, run.config);
    p->chip = std::make_unique<Chip>(makeChip(run.backend, run.config, policy, p->ta, p->ma, p->tb, p->mb));
    p->chip->drv->setHostTimeRepeat(o.repeat);  // the host's times as the peers': best of --repeat
    if (!(policy == base)) p->golden_run = std::make_unique<Chip>(makeChip("golden", "paper", policy, p->ta, p->ma, p->tb, p->mb));
    return p;
  }
  if (has(o.backends, "sw")) {
    p->sa = std::make_unique<SwObject>(makeSwObject(p->ta, p->ma));
    p->sb = std::make_unique<SwObject>(makeSwObject(p->tb, p->mb));
  }
  if (has(o.backends, "fcl_obbrss") || o.check) {
    p->fo_a = std::make_unique<FclModel>(p->ma, FclBv::Obbrss);
    p->fo_b = std::make_unique<FclModel>(p->mb, FclBv::Obbrss);
  }
  if (has(o.backends, "fcl_kdop24")) {
    p->fk_a = std::make_unique<FclModel>(p->ma, FclBv::Kdop24);
    p->fk_b = std::make_unique<FclModel>(p->mb, FclBv::Kdop24);
  }
  return p;
}

// Timed run k on the shard's chip; co-simulation: it must give golden's answer and counters.
bool measureRun(const StudyOptions& o, PairSetup& p, size_t k, const std::string& label, const QueryResult& golden, PoseRecord& r) {
  Chip& chip = *p.chip;
  const QueryMode mode = queryModeByName(o.mode);
  const QueryResult q = chip.drv->query(chip.a, chip.b, r.sample.pose, mode);
  const QueryResult g = p.golden_run ? p.golden_run->drv->query(p.golden_run->a, p.golden_run->b, r.sample.pose, mode) : golden;
  const std::string diff = firstDifference(label, q, "golden", g, false);
  if (!diff.empty()) std::fprintf(stderr, "cc_perf: %s and golden differ on %s pose %zu: %s\n", label.c_str(), r.pair.c_str(), r.index, diff.c_str());
  r.run_cycles[k] = double(q.counters.cycles);
  r.run_us[k] = q.counters.cycles / chip.cfg.core_mhz;
  r.run_tri_cycles[k] = triangleCycles(*chip.dev);
  r.run_overlap_tests[k] = double(q.counters.overlap_tests);
  r.run_triangle_tests[k] = double(q.counters.triangle_tests);
  if (!o.deterministic) {
    r.run_bus_clocks[k] = double(q.bus_clocks);
    r.run_host_us[k] = 1e6 * (q.host_setup_seconds + q.host_exact_seconds);
    r.run_e2e_us[k] = r.run_host_us[k] + q.bus_clocks / chip.cfg.pci_mhz + r.run_us[k];
  }
  return diff.empty();
}

// Whether timed run `run` measures pose i (the rtl backend every --rtl-every-th pose).
bool runsPose(const StudyOptions& o, const TimedRun& run, size_t i) { return run.backend != "rtl" || i % size_t(o.rtl_every) == 0; }

// A shard starting at pose `begin` first runs, unmeasured, the last pose before it that
// `run` measures: the driver writes only the registers a pose changes (Driver::writeStored),
// so a query's bus clocks depend on the query before it, and a shard's must equal a whole
// run's.
void warmUp(const StudyOptions& o, PairSetup& p, const TimedRun& run, const std::vector<PoseSample>& poses, size_t begin) {
  for (size_t i = begin; i-- > 0;) {
    if (!runsPose(o, run, i)) continue;
    p.chip->drv->query(p.chip->a, p.chip->b, poses[i].pose, queryModeByName(o.mode));
    return;
  }
}

// Software traversal and FCL: wall time on this machine, best of --repeat.
void measurePeers(const StudyOptions& o, const PairSetup& p, PoseRecord& r) {
  const QueryMode mode = queryModeByName(o.mode);
  const size_t max_contacts = mode == QueryMode::First ? 1 : (1u << 24);
  const Pose& pose = r.sample.pose;
  if (p.sa) {
    SwResult res;
    r.sw_us = bestUs(o.repeat, [&] { res = swCollide(*p.sa, *p.sb, pose, mode); });
    r.sw_hit = res.pairs.empty() ? 0 : 1;
  }
  if (has(o.backends, "fcl_obbrss")) {
    FclAnswer ans;
    r.fcl_obbrss_us = bestUs(o.repeat, [&] { ans = fclCollide(*p.fo_a, *p.fo_b, pose, max_contacts); });
    r.fcl_hit = ans.hit ? 1 : 0;
    r.fcl_bv_tests = double(ans.bv_tests);
    r.fcl_leaf_tests = double(ans.leaf_tests);
  }
  if (p.fk_a && r.index % size_t(o.kdop_every) == 0) {
    FclAnswer ans;
    r.fcl_kdop24_us = bestUs(o.repeat, [&] { ans = fclCollide(*p.fk_a, *p.fk_b, pose, max_contacts); });
    if (std::isnan(r.fcl_hit)) r.fcl_hit = ans.hit ? 1 : 0;
  }
}

// --check: the all-pairs answers of golden and FCL; CGAL confirms golden's pairs and decides
// the differing ones (at most `exact_left` more in this shard).
void measureCheck(const StudyOptions& o, PairSetup& p, const QueryResult& g, int& exact_left, PoseRecord& r) {
  const Pose& pose = r.sample.pose;
  const QueryResult ga = o.mode == "all" ? g : p.golden.drv->query(p.golden.a, p.golden.b, pose, QueryMode::All);
  const FclAnswer fa = fclCollide(*p.fo_a, *p.fo_b, pose, 1u << 24);
  const PairDiff d = comparePairSets(ga.pairs, fa.pairs);
  r.all_chip = double(ga.pairs.size());
  r.all_fcl = double(fa.pairs.size());
  for (const auto& tp : ga.pairs) r.all_confirmed += exactTrianglesIntersect(p.ma, tp.first, p.mb, tp.second, pose);
  r.all_tests = double(ga.counters.triangle_tests);
  r.all_uncertain = double(ga.counters.uncertain_tests);
  r.all_host_us = 1e6 * ga.host_exact_seconds;
  r.only_chip = double(d.only_chip.size());
  r.only_fcl = double(d.only_ref.size());
  auto judge = [&](const std::vector<TriPair>& ps, bool chip_said_hit) {
    for (const auto& tp : ps) {
      if (!p.used_a[tp.first] || !p.used_b[tp.second]) {
        r.degenerate += 1;  // the chip's tree leaves degenerate triangles out
        continue;
      }
      if (exact_left <= 0) continue;
      --exact_left;
      const bool hit = exactTrianglesIntersect(p.ma, tp.first, p.mb, tp.second, pose);
      r.exact_verdicts += hit == chip_said_hit ? 'C' : 'F';
    }
  };
  judge(d.only_chip, true);
  judge(d.only_ref, false);
}

}  // namespace

ShardRecords measureShard(const StudyOptions& o, const StudyShard& s) {
  validateOptions(o);
  const QueryMode mode = queryModeByName(o.mode);
  const auto poses = protocolPoses(o.steps, o.distances);
  const auto runs = timedRuns(o);
  const auto p = setUpPair(o, s, runs);
  const std::string label = o.pairs[s.pair].label();
  ShardRecords out;
  int exact_left = o.exact_limit;
  const auto start = Clock::now();
  if (s.group > 0) warmUp(o, *p, runs[s.group - 1], poses, s.begin);
  for (size_t i = s.begin; i < s.end; ++i) {
    if (cc::interrupted()) {
      throw std::runtime_error("interrupted (signal " + std::to_string(cc::interruptSignal()) + "): nothing written to " + o.out_dir +
                               " (files there are an earlier run's)");
    }
    PoseRecord r;
    r.pair = label;
    r.index = i;
    r.polygons_a = p->ma.tris.size();
    r.polygons_b = p->mb.tris.size();
    r.sample = poses[i];
    const QueryResult g = p->golden.drv->query(p->golden.a, p->golden.b, r.sample.pose, mode);
    if (g.error != regs::Error::None) throw std::runtime_error(r.pair + ": golden query ended in " + regs::errorName(g.error));
    r.c = g.counters;
    r.chip_pairs = g.pairs.size();
    r.eq5_cycles = eq5Cycles(g.counters);
    r.eq5_us = r.eq5_cycles / p->golden.cfg.core_mhz;
    for (const auto& rf : runFields()) (r.*rf.member).assign(runs.size(), kNone);
    if (s.group > 0) {
      const size_t k = s.group - 1;
      if (runsPose(o, runs[k], i) && !measureRun(o, *p, k, runs[k].label(), g, r)) ++out.mismatches;
    } else {
      measurePeers(o, *p, r);
      if (o.check) measureCheck(o, *p, g, exact_left, r);
    }
    out.records.push_back(r);
    progress(o.quiet, r.pair + " (" + groupName(runs, s.group) + ")", i + 1 - s.begin, s.end - s.begin, start);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Shard records as JSON (what a worker writes, what the merge reads)
// ---------------------------------------------------------------------------------------

namespace {

// Counters by name; the list is checked against Counters::forEach when read.
constexpr std::pair<const char*, uint64_t Counters::*> kCounterFields[] = {
    {"tumbled_nodes_transformed", &Counters::tumbled_nodes_transformed},
    {"aligned_pairs_fetched", &Counters::aligned_pairs_fetched},
    {"overlap_tests", &Counters::overlap_tests},
    {"triangle_tests", &Counters::triangle_tests},
    {"lists", &Counters::lists},
    {"max_stack_depth", &Counters::max_stack_depth},
    {"max_list_length", &Counters::max_list_length},
    {"uncertain_tests", &Counters::uncertain_tests},
    {"cycles", &Counters::cycles},
};

nlohmann::json jnum(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); }
double dnum(const nlohmann::json& j) { return j.is_null() ? kNone : j.get<double>(); }
nlohmann::json jnums(const std::vector<double>& v) {
  nlohmann::json a = nlohmann::json::array();
  for (double x : v) a.push_back(jnum(x));
  return a;
}
std::vector<double> dnums(const nlohmann::json& j) {
  std::vector<double> v;
  for (const auto& x : j) v.push_back(dnum(x));
  return v;
}

// The scalar measurements of a record, by name (the same list writes and reads them).
std::vector<std::pair<const char*, double PoseRecord::*>> scalarFields() {
  return {{"eq5_cycles", &PoseRecord::eq5_cycles}, {"eq5_us", &PoseRecord::eq5_us}, {"sw_us", &PoseRecord::sw_us},
          {"fcl_obbrss_us", &PoseRecord::fcl_obbrss_us}, {"fcl_kdop24_us", &PoseRecord::fcl_kdop24_us}, {"sw_hit", &PoseRecord::sw_hit},
          {"fcl_hit", &PoseRecord::fcl_hit}, {"fcl_bv_tests", &PoseRecord::fcl_bv_tests},
          {"fcl_leaf_tests", &PoseRecord::fcl_leaf_tests}, {"all_chip", &PoseRecord::all_chip}, {"all_fcl", &PoseRecord::all_fcl},
          {"only_chip", &PoseRecord::only_chip}, {"only_fcl", &PoseRecord::only_fcl}, {"degenerate", &PoseRecord::degenerate},
          {"all_confirmed", &PoseRecord::all_confirmed}, {"all_tests", &PoseRecord::all_tests},
          {"all_uncertain", &PoseRecord::all_uncertain}, {"all_host_us", &PoseRecord::all_host_us}};
}

nlohmann::json recordToJson(const PoseRecord& r) {
  nlohmann::json j{{"pair", r.pair}, {"index", r.index}, {"polygons_a", r.polygons_a}, {"polygons_b", r.polygons_b},
                   {"chip_pairs", r.chip_pairs}, {"exact_verdicts", r.exact_verdicts}};
  for (const auto& rf : runFields()) j[rf.key] = jnums(r.*rf.member);
  for (const auto& [name, m] : kCounterFields) j["counters"][name] = r.c.*m;
  for (const auto& [name, m] : scalarFields()) j[name] = jnum(r.*m);
  return j;
}

PoseRecord recordFromJson(const nlohmann::json& j, const std::vector<PoseSample>& poses) {
  PoseRecord r;
  j.at("pair").get_to(r.pair);
  j.at("index").get_to(r.index);
  if (r.index >= poses.size()) throw std::runtime_error("shard record: pose index " + std::to_string(r.index) + " out of range");
  r.sample = poses[r.index];
  j.at("polygons_a").get_to(r.polygons_a);
  j.at("polygons_b").get_to(r.polygons_b);
  j.at("chip_pairs").get_to(r.chip_pairs);
  j.at("exact_verdicts").get_to(r.exact_verdicts);
  for (const auto& rf : runFields()) r.*rf.member = dnums(j.at(rf.key));
  for (const auto& [name, m] : kCounterFields) j.at("counters").at(name).get_to(r.c.*m);
  for (const auto& [name, m] : scalarFields()) r.*m = dnum(j.at(name));
  return r;
}

}  // namespace

nlohmann::json shardToJson(const ShardRecords& r) {
  nlohmann::json j{{"mismatches", r.mismatches}, {"records", nlohmann::json::array()}};
  for (const auto& rec : r.records) j["records"].push_back(recordToJson(rec));
  return j;
}

ShardRecords shardFromJson(const nlohmann::json& j, const StudyOptions& o) {
  size_t n = 0;
  Counters().forEach([&](const char* name, uint64_t) {
    if (n >= std::size(kCounterFields) || std::string(kCounterFields[n].first) != name) throw std::logic_error("kCounterFields out of date");
    ++n;
  });
  const auto poses = protocolPoses(o.steps, o.distances);
  ShardRecords r;
  j.at("mismatches").get_to(r.mismatches);
  for (const auto& rec : j.at("records")) r.records.push_back(recordFromJson(rec, poses));
  return r;
}

// ---------------------------------------------------------------------------------------
// Combine: one record per pose
// ---------------------------------------------------------------------------------------

namespace {

// The CGAL verdicts, at most --exact-limit per mesh pair in pose order.
void applyExactLimit(const StudyOptions& o, std::vector<PoseRecord>& records) {
  std::string pair;
  int left = 0;
  for (auto& r : records) {
    if (r.pair != pair) pair = r.pair, left = o.exact_limit;
    for (char v : r.exact_verdicts) {
      if (left <= 0) break;
      --left;
      r.exact_checked += 1;
      (v == 'C' ? r.exact_chip_right : r.exact_fcl_right) += 1;
    }
  }
}

}  // namespace

std::vector<PoseRecord> combineShards(const StudyOptions& o, const std::vector<ShardRecords>& shards) {
  const auto plan = planShards(o);
  if (shards.size() != plan.size()) throw std::logic_error("combineShards: " + std::to_string(shards.size()) + " shards, plan has " + std::to_string(plan.size()));
  const size_t poses = protocolPoses(o.steps, o.distances).size();
  const size_t runs = timedRuns(o).size();
  // base[pair * poses + i]: the group-0 record; then each timed run's columns from its group.
  std::vector<PoseRecord> out(o.pairs.size() * poses);
  std::vector<int> seen(out.size() * (runs + 1), 0);
  for (size_t s = 0; s < plan.size(); ++s) {
    const StudyShard& sh = plan[s];
    if (shards[s].records.size() != sh.end - sh.begin) throw std::runtime_error("shard " + sh.name + ": wrong number of records");
    for (const PoseRecord& r : shards[s].records) {
      if (r.index < sh.begin || r.index >= sh.end || r.pair != o.pairs[sh.pair].label()) throw std::runtime_error("shard " + sh.name + ": a record of another shard");
      PoseRecord& dst = out[sh.pair * poses + r.index];
      ++seen[(sh.pair * poses + r.index) * (runs + 1) + sh.group];
      if (sh.group == 0) {
        dst = r;
        continue;
      }
      const size_t k = sh.group - 1;
      for (const auto& rf : runFields()) {
        (dst.*rf.member).resize(runs, kNone);
        (dst.*rf.member)[k] = (r.*rf.member).at(k);
      }
    }
  }
  if (std::any_of(seen.begin(), seen.end(), [](int n) { return n != 1; })) throw std::runtime_error("the shards do not cover every pose exactly once");
  // Golden's counters, measured in every shard, must agree across groups: check the runs' shards.
  for (size_t s = 0; s < plan.size(); ++s) {
    for (const PoseRecord& r : shards[s].records) {
      const PoseRecord& base = out[plan[s].pair * poses + r.index];
      if (!sameCounters(r.c, base.c) || r.chip_pairs != base.chip_pairs)
        throw std::runtime_error("shard " + plan[s].name + ": golden's counters differ from the base shard's on pose " + std::to_string(r.index));
    }
  }
  applyExactLimit(o, out);
  return out;
}

// ---------------------------------------------------------------------------------------
// Aggregate: groups of poses (per pair and distance, per pair) and their ratios
// ---------------------------------------------------------------------------------------

namespace {

struct Group {
  std::string pair, distance;
  std::vector<const PoseRecord*> rs;
};

// Per pair: one group per distance, then "all".
std::vector<Group> poseGroups(const StudyOptions& o, const std::vector<PoseRecord>& records) {
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
  return groups;
}

// Sum over the poses that measured it; not measured on any pose -> kNone (printed as "–").
template <typename F>
double sumOf(const std::vector<const PoseRecord*>& rs, F f) {
  double s = 0;
  bool any = false;
  for (const auto* r : rs) {
    const double v = f(*r);
    if (!std::isnan(v)) s += v, any = true;
  }
  return any ? s : kNone;
}

// Speedups as ratios of sums over the poses a timed run measured (rtl: every K-th pose),
// so a run is compared with Eq. 5 and software on exactly its own poses; and the worst
// case: FCL's slowest of those poses against the run's slowest (not the same pose).
struct RunRatios {
  double over_eq5, sw_over, fo_over, fo_worst_over_worst;
  double fo_over_e2e, fo_worst_over_worst_e2e;  // the same two against the end-to-end time
};
RunRatios runRatios(const Group& gr, size_t k) {
  std::vector<const PoseRecord*> rs;
  for (const auto* r : gr.rs) {
    if (!std::isnan(r->run_us[k])) rs.push_back(r);
  }
  const auto fcl = [](const PoseRecord& r) { return r.fcl_obbrss_us; };
  const auto chip = [k](const PoseRecord& r) { return r.run_us[k]; };
  const auto e2e = [k](const PoseRecord& r) { return r.run_e2e_us[k]; };
  const double t = sumOf(rs, chip);
  return RunRatios{ratio(t, sumOf(rs, [](const PoseRecord& r) { return r.eq5_us; })),
                   ratio(sumOf(rs, [](const PoseRecord& r) { return r.sw_us; }), t),
                   ratio(sumOf(rs, fcl), t),
                   ratio(stat(rs, fcl).worst, stat(rs, chip).worst),
                   ratio(sumOf(rs, fcl), sumOf(rs, e2e)),
                   ratio(stat(rs, fcl).worst, stat(rs, e2e).worst)};
}
std::vector<RunRatios> allRunRatios(const Group& gr, size_t runs) {
  std::vector<RunRatios> v;
  for (size_t k = 0; k < runs; ++k) v.push_back(runRatios(gr, k));
  return v;
}

struct Ratios {
  double sw_over_eq5, fo_over_eq5, sw_over_fo;
};
Ratios ratios(const Group& gr) {
  const auto avg = [&](double PoseRecord::*m) { return stat(gr.rs, [m](const PoseRecord& r) { return r.*m; }).avg; };
  const double eq5 = avg(&PoseRecord::eq5_us), sw_avg = avg(&PoseRecord::sw_us), fo = avg(&PoseRecord::fcl_obbrss_us);
  return Ratios{ratio(sw_avg, eq5), ratio(fo, eq5), ratio(sw_avg, fo)};
}

// Where the paper configuration's cycles go (TLM paper = the RTL's cycles), as ratios of
// sums over the poses: the triangle tests' share, and all / the rest against Eq. 5.
struct Split {
  double triangle_share = kNone, over_eq5 = kNone, rest_over_eq5 = kNone;
};
// The index of the tlm_paper run, or runs.size().
size_t tlmPaperRun(const std::vector<TimedRun>& runs) {
  return size_t(std::find_if(runs.begin(), runs.end(), [](const TimedRun& r) { return r.label() == "tlm_paper"; }) - runs.begin());
}
Split split(const Group& gr, const std::vector<TimedRun>& runs) {
  Split sp;
  const size_t k = tlmPaperRun(runs);
  if (k == runs.size()) return sp;
  const double cycles = sumOf(gr.rs, [k](const PoseRecord& r) { return r.run_cycles[k]; });
  const double tri = sumOf(gr.rs, [k](const PoseRecord& r) { return r.run_tri_cycles[k]; });
  const double eq5 = sumOf(gr.rs, [](const PoseRecord& r) { return r.eq5_cycles; });
  sp.triangle_share = ratio(tri, cycles);
  sp.over_eq5 = ratio(cycles, eq5);
  sp.rest_over_eq5 = ratio(cycles - tri, eq5);
  return sp;
}

// A chip timed by both backends is shown once: the TLM model times the built chips exactly,
// so the twin's ratios would repeat. With the RTL on every pose (rtl_every 1) the RTL run
// is shown; with the RTL on every K-th pose only, the TLM run, which measured them all (the
// RTL's poses then cross-check its cycles, twinCycles).
std::vector<size_t> shownRuns(const std::vector<TimedRun>& runs, int rtl_every) {
  const char* hidden = rtl_every == 1 ? "tlm" : "rtl";
  std::vector<size_t> shown;
  for (size_t k = 0; k < runs.size(); ++k) {
    const bool twin = runs[k].backend == hidden && std::any_of(runs.begin(), runs.end(), [&](const TimedRun& r) {
                        return r.backend != hidden && r.config == runs[k].config;
                      });
    if (!twin) shown.push_back(k);
  }
  return shown;
}

// The poses on which a chip's TLM and RTL runs both measured cycles, and those where they differ.
struct TwinCycles {
  size_t compared = 0, differing = 0;
  double tlm_bus_clocks = 0, rtl_bus_clocks = 0;  // summed over those poses (not calibrated alike: docs/tlm.md)
};
TwinCycles twinCycles(const std::vector<TimedRun>& runs, const std::vector<PoseRecord>& records) {
  TwinCycles t;
  for (size_t a = 0; a < runs.size(); ++a) {
    for (size_t b = 0; b < runs.size(); ++b) {
      if (runs[a].backend != "tlm" || runs[b].backend != "rtl" || runs[a].config != runs[b].config) continue;
      for (const auto& r : records) {
        if (std::isnan(r.run_cycles[a]) || std::isnan(r.run_cycles[b])) continue;
        ++t.compared;
        t.differing += r.run_cycles[a] != r.run_cycles[b];
        if (!std::isnan(r.run_bus_clocks[b])) {
          t.tlm_bus_clocks += r.run_bus_clocks[a];
          t.rtl_bus_clocks += r.run_bus_clocks[b];
        }
      }
    }
  }
  return t;
}

// ---------------------------------------------------------------------------------------
// Write: poses.csv, summary.csv, perf.json, table1.md, plot data
// ---------------------------------------------------------------------------------------

// Whole or not at all (cc/atomic_output.h): an interrupted or failed run leaves no half file.
void writeFile(const std::string& path, const std::string& text) { cc::writeFileAtomically(path, text, "--out"); }

Csv posesCsv(const std::vector<TimedRun>& runs, const std::vector<PoseRecord>& records) {
  Csv pc{poseHeader(runs), {}};
  for (const auto& r : records) pc.rows.push_back(poseFields(r));
  return pc;
}

std::vector<std::string> summaryHeader(const std::vector<TimedRun>& runs, const std::vector<Metric>& ms) {
  std::vector<std::string> h{"pair", "distance", "poses", "polygons"};
  for (const auto& m : ms) {
    h.push_back("avg_" + m.first);
    h.push_back("worst_" + m.first);
  }
  for (const auto& run : runs) {
    for (const auto& n : {run.label() + "_over_eq5", "sw_over_" + run.label(), "fcl_obbrss_over_" + run.label(),
                          "worst_fcl_obbrss_over_worst_" + run.label(), "fcl_obbrss_over_" + run.label() + "_e2e",
                          "worst_fcl_obbrss_over_worst_" + run.label() + "_e2e"})
      h.push_back(n);
  }
  for (const auto* n : {"sw_over_eq5", "fcl_obbrss_over_eq5", "sw_over_fcl_obbrss", "tlm_paper_triangle_share", "tlm_paper_over_eq5",
                        "tlm_paper_rest_over_eq5", "hit_disagreements", "only_chip", "only_fcl", "exact_checked", "exact_chip_right",
                        "exact_fcl_right", "degenerate"}) {
    h.push_back(n);
  }
  return h;
}

// summary.csv's rows and perf.json's "summary": per pair and distance, and per pair ("all").
void summarize(const std::vector<TimedRun>& runs, const std::vector<Group>& groups, Csv& sc, nlohmann::json& summary) {
  std::vector<size_t> every(runs.size());
  std::iota(every.begin(), every.end(), size_t{0});
  auto ms = metrics(runs, every);
  for (auto& m : testMetrics(runs)) ms.push_back(std::move(m));
  sc.header = summaryHeader(runs, ms);
  summary = nlohmann::json::array();
  for (const auto& gr : groups) {
    std::vector<std::string> row{gr.pair, gr.distance, std::to_string(gr.rs.size()), gr.rs.empty() ? "" : std::to_string(gr.rs[0]->polygons_a)};
    nlohmann::json j{{"pair", gr.pair}, {"distance", gr.distance}, {"poses", gr.rs.size()}};
    for (const auto& m : ms) {
      const Stat st = stat(gr.rs, m.second);
      row.push_back(num(st.avg));
      row.push_back(num(st.worst));
      if (st.n) j[m.first] = {{"avg", st.avg}, {"worst", st.worst}, {"n", st.n}};
    }
    const auto add = [&](double v) {
      row.push_back(num(v));
      if (!std::isnan(v)) j[sc.header[row.size() - 1]] = v;
    };
    for (const RunRatios& rr : allRunRatios(gr, runs.size())) {
      for (double v : {rr.over_eq5, rr.sw_over, rr.fo_over, rr.fo_worst_over_worst, rr.fo_over_e2e, rr.fo_worst_over_worst_e2e}) add(v);
    }
    const Ratios q = ratios(gr);
    double hit_dis = 0;
    for (const auto* r : gr.rs) {
      const double chip_hit = r->chip_pairs ? 1 : 0;
      if ((!std::isnan(r->sw_hit) && r->sw_hit != chip_hit) || (!std::isnan(r->fcl_hit) && r->fcl_hit != chip_hit)) hit_dis += 1;
    }
    const Split sp = split(gr, runs);
    for (double v : {q.sw_over_eq5, q.fo_over_eq5, q.sw_over_fo, sp.triangle_share, sp.over_eq5, sp.rest_over_eq5, hit_dis}) add(v);
    for (double PoseRecord::*m : {&PoseRecord::only_chip, &PoseRecord::only_fcl, &PoseRecord::exact_checked, &PoseRecord::exact_chip_right,
                                  &PoseRecord::exact_fcl_right, &PoseRecord::degenerate})
      add(sumOf(gr.rs, [m](const PoseRecord& r) { return r.*m; }));
    sc.rows.push_back(row);
    summary.push_back(j);
  }
}

nlohmann::json perfJson(const StudyOptions& o, const Csv& pc, const nlohmann::json& summary) {
  nlohmann::json js;
  js["protocol"] = {{"steps", o.steps}, {"distances", o.distances}, {"mode", o.mode}, {"backends", o.backends}, {"tlm_configs", o.tlm_configs},
                    {"rtl_configs", o.rtl_configs}, {"rtl_every", o.rtl_every}, {"kdop_every", o.kdop_every}, {"repeat", o.repeat}, {"check", o.check}, {"deterministic", o.deterministic},
                    {"first_steps", o.first_steps}, {"leaf_dop", o.leaf_dop}, {"first_steps_given", o.first_steps_given},
                    {"leaf_dop_given", o.leaf_dop_given}, {"host_set", o.host_set}};
  for (const auto& run : timedRuns(o)) {
    const HostPolicy p = runPolicy(o, run.config);
    js["protocol"]["host_policy"][run.label()] = {{"first_steps", p.first_steps}, {"leaf_dop", leafDopRuleText(p)},
                                                  {"leaf_plane", p.leaf_plane}, {"leaf_plane_with_roles", p.leaf_plane_with_roles},
                                                  {"roles_ratio", p.roles_ratio}};
  }
  js["summary"] = summary;
  js["poses"] = nlohmann::json::array();
  for (const auto& f : pc.rows) {
    nlohmann::json p;
    for (size_t k = 0; k < f.size(); ++k) p[pc.header[k]] = f[k];
    js["poses"].push_back(p);
  }
  return js;
}

// A host policy in the table's words ("" for none).
std::string policyText(const HostPolicy& p) {
  std::ostringstream t;
  const auto sep = [&] { return t.tellp() > 0 ? "; " : ""; };
  if (!p.first_steps.empty()) {
    t << "staged mode first, result areas of";
    for (uint32_t n : p.first_steps) t << " " << n << ",";
    t << " then the whole (counters and cycles summed over the runs)";
  }
  if (p.leaf_dop != LeafDop::Off) {
    t << sep() << "CTRL.LEAF_VERTEX " << leafDopRuleText(p);
    if (p.leaf_size_ratio > 0) t << " (on when the tumbled mesh's mean leaf size is at least " << p.leaf_size_ratio << "x the aligned one's)";
  }
  if (p.leaf_plane) t << sep() << "CTRL.LEAF_PLANE" << (p.leaf_plane_with_roles ? " on the queries with the roles swapped" : "");
  if (p.roles_ratio > 0) t << sep() << "roles swapped when A's mean leaf size is at least " << p.roles_ratio << "x B's";
  return t.str();
}

// table1.md: the paper's Table 1 layout (avg / worst per cell), speedups, correctness.
void tableMain(const StudyOptions& o, const std::vector<TimedRun>& runs, const std::vector<Group>& groups, std::ostream& t) {
  const auto shown = shownRuns(runs, o.rtl_every);
  const auto ms = metrics(runs, shown);
  t << "Mode " << o.mode;
  const std::string base = policyText(runPolicy(o, "paper"));
  if (!base.empty()) t << " (every chip: " << base << ")";
  t << ", " << o.steps << " steps at d = ";
  for (size_t k = 0; k < o.distances.size(); ++k) t << (k ? ", " : "") << num(o.distances[k]);
  t << " (" << o.steps * o.distances.size() << " poses per pair); cells are average / worst; times in µs.";
  for (size_t k : shown) {
    const std::string own = policyText(runPolicy(o, runs[k].config));
    if (own != base) t << " " << runTitle(runs[k]) << " with its host policy: " << (own.empty() ? "none" : own) << ".";
  }
  t << "\n\n";
  // Eq. 5's cycles are converted with the paper configuration's clock (r.eq5_us).
  t << "| pair | polygons | aligned visited | tumbled visited | triangle tests | Eq. 5 (" << num(namedConfig("paper").core_mhz)
    << " MHz) |";
  for (size_t k : shown) t << ' ' << runTitle(runs[k]) << " |";
  t << " sw (double) | FCL OBBRSS | FCL KDOP24 |\n|---|---|---|---|---|---|";
  for (size_t k = 0; k < shown.size(); ++k) t << "---|";
  t << "---|---|---|\n";
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    t << "| " << gr.pair << " | " << (gr.rs.empty() ? 0 : gr.rs[0]->polygons_a);
    for (size_t m = 0; m < ms.size(); ++m) t << " | " << cell(stat(gr.rs, ms[m].second), m < 3 ? 0 : 1);
    t << " |\n";
  }
}

// A table of a row per pair (all distances) and a column per shown run: cellOf(group, the
// run's ratios, run index).
void tablePerRun(const std::vector<TimedRun>& runs, const std::vector<size_t>& shown, const std::vector<Group>& groups, std::ostream& t,
                 const std::function<std::string(const Group&, const RunRatios&, size_t)>& cellOf) {
  t << "| pair |";
  for (size_t k : shown) t << ' ' << runTitle(runs[k]) << " |";
  t << "\n|---|";
  for (size_t k = 0; k < shown.size(); ++k) t << "---|";
  t << '\n';
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    const auto rr = allRunRatios(gr, runs.size());
    t << "| " << gr.pair << " |";
    for (size_t k : shown) t << ' ' << cellOf(gr, rr[k], k) << " |";
    t << '\n';
  }
}

void tableSpeedups(const StudyOptions& o, const std::vector<TimedRun>& runs, const std::vector<Group>& groups, std::ostream& t) {
  const auto shown = shownRuns(runs, o.rtl_every);
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
    const auto rr = allRunRatios(gr, runs.size());
    t << "| " << gr.pair << " |";
    for (size_t k : shown) t << ' ' << fix(rr[k].over_eq5, 2) << " |";
    t << ' ' << fix(q.sw_over_eq5, 1) << " | " << fix(q.fo_over_eq5, 1) << " |";
    for (size_t k : shown) t << ' ' << fix(rr[k].fo_over, 1) << " |";
    t << ' ' << fix(q.sw_over_fo, 2) << " |\n";
  }
  t << "\nSpeed-up against FCL OBBRSS, average / worst case (average: FCL's summed time over the chip run's; worst: FCL's "
       "slowest pose over the chip run's slowest pose; each over the poses the run measured; the target for a modern "
       "configuration is 10 in the worst case), and whether worst >= average holds (the paper's claim):\n\n";
  tablePerRun(runs, shown, groups, t, [](const Group&, const RunRatios& rr, size_t) {
    const double avg = rr.fo_over, worst = rr.fo_worst_over_worst;
    std::string c = fix(avg, 1) + " / " + fix(worst, 1);
    if (!std::isnan(avg) && !std::isnan(worst)) c += worst >= avg ? " yes" : " no";
    return c;
  });
}

// End to end: what the host waits for a query's answer, against FCL's whole query on the
// CPU; then where that time goes, per run, over all poses it measured.
void tableEndToEnd(const StudyOptions& o, const std::vector<TimedRun>& runs, const std::vector<Group>& groups, std::ostream& t) {
  const auto shown = shownRuns(runs, o.rtl_every);
  t << "\nEnd to end, per query: the driver's set-up and its exact decisions on this machine, the query's transfers on the "
       "simulated host bus at the board's bus clock, and the chip's cycles at its clock (the chip-only columns above leave "
       "out all but the last). Cells: the end-to-end time in µs, average / worst; then FCL OBBRSS's time over it, average / "
       "worst (FCL's slowest pose over the run's slowest):\n\n";
  tablePerRun(runs, shown, groups, t, [](const Group& gr, const RunRatios& rr, size_t k) {
    return cell(stat(gr.rs, [k](const PoseRecord& r) { return r.run_e2e_us[k]; }), 1) + "; " + fix(rr.fo_over_e2e, 1) + "x / " +
           fix(rr.fo_worst_over_worst_e2e, 1) + "x";
  });
  std::vector<const PoseRecord*> every;
  for (const auto& gr : groups) {
    if (gr.distance == "all") every.insert(every.end(), gr.rs.begin(), gr.rs.end());
  }
  t << "\nWhere the end-to-end time goes, over every pose of every pair, average / worst: host µs (set-up and exact "
       "decisions), bus clocks, bus µs, chip µs:\n\n| run | bus clock | host µs | bus clocks | bus µs | chip µs |\n"
       "|---|---|---|---|---|---|\n";
  for (size_t k : shown) {
    const double mhz = namedConfig(runs[k].config).pci_mhz;
    t << "| " << runTitle(runs[k]) << " | " << num(mhz) << " MHz | "
      << cell(stat(every, [k](const PoseRecord& r) { return r.run_host_us[k]; }), 1) << " | "
      << cell(stat(every, [k](const PoseRecord& r) { return r.run_bus_clocks[k]; }), 0) << " | "
      << cell(stat(every, [k, mhz](const PoseRecord& r) { return r.run_bus_clocks[k] / mhz; }), 1) << " | "
      << cell(stat(every, [k](const PoseRecord& r) { return r.run_us[k]; }), 1) << " |\n";
  }
}

void tableSplit(const std::vector<TimedRun>& runs, const std::vector<Group>& groups, std::ostream& t) {
  if (tlmPaperRun(runs) == runs.size()) return;
  t << "\nWhere the paper configuration's cycles go (TLM paper, the RTL's cycle count; ratios of sums over the poses):\n\n"
       "| pair | triangle tests' share of the cycles | TLM paper / Eq. 5 | without the triangle tests / Eq. 5 |\n|---|---|---|---|\n";
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    const Split sp = split(gr, runs);
    t << "| " << gr.pair << " | " << fix(100.0 * sp.triangle_share, 0) << " % | " << fix(sp.over_eq5, 2) << " | "
      << fix(sp.rest_over_eq5, 2) << " |\n";
  }
}

// The tests behind the times: golden's node-pair overlap tests and triangle tests (the
// study's base policy), each chip run's (its own host policy, over the poses it measured),
// beside FCL OBBRSS's own statistics (bounding-volume tests, leaf tests) on every pose.
void tableTests(const StudyOptions& o, const std::vector<TimedRun>& runs, const std::vector<Group>& groups, std::ostream& t) {
  const auto shown = shownRuns(runs, o.rtl_every);
  const bool fcl = std::any_of(groups.begin(), groups.end(), [](const Group& gr) {
    return stat(gr.rs, [](const PoseRecord& r) { return r.fcl_bv_tests; }).n > 0;
  });
  if (!fcl) return;
  t << "\nTests per query, average / worst: node-pair overlap tests and triangle tests of golden (the base policy) and "
       "of each chip run (its host policy, over the poses it measured), beside FCL OBBRSS's own statistics "
       "(bounding-volume tests, leaf tests) on every pose:\n\n| pair | golden overlap | golden triangle |";
  for (size_t k : shown) t << ' ' << runTitle(runs[k]) << " overlap | " << runTitle(runs[k]) << " triangle |";
  t << " FCL BV | FCL leaf |\n|---|";
  for (size_t k = 0; k < 2 * shown.size() + 4; ++k) t << "---|";
  t << '\n';
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    t << "| " << gr.pair << " | " << cell(stat(gr.rs, [](const PoseRecord& r) { return double(r.c.overlap_tests); }), 0) << " | "
      << cell(stat(gr.rs, [](const PoseRecord& r) { return double(r.c.triangle_tests); }), 0) << " |";
    for (size_t k : shown) {
      t << ' ' << cell(stat(gr.rs, [k](const PoseRecord& r) { return r.run_overlap_tests[k]; }), 0) << " | "
        << cell(stat(gr.rs, [k](const PoseRecord& r) { return r.run_triangle_tests[k]; }), 0) << " |";
    }
    t << ' ' << cell(stat(gr.rs, [](const PoseRecord& r) { return r.fcl_bv_tests; }), 0) << " | "
      << cell(stat(gr.rs, [](const PoseRecord& r) { return r.fcl_leaf_tests; }), 0) << " |\n";
  }
}

void tableCheck(const StudyOptions& o, const std::vector<Group>& groups, std::ostream& t) {
  if (!o.check) return;
  t << "\nAll-pairs answers (mode all), chip (golden: certain hits, and the uncertain pairs decided by the host) against FCL "
       "(OBBRSS, double), summed over the poses; every chip pair checked by CGAL (confirmed); pairs only one side reports "
       "decided by CGAL (exact, at most "
    << o.exact_limit << " per pair); the triangle tests the chip left uncertain and the host's time per query deciding them:\n\n"
                        "| pair | chip pairs | FCL pairs | chip pairs CGAL confirms | only chip | only FCL | degenerate | CGAL checked | chip right | "
                        "FCL right | uncertain tests | host us/query |\n"
                        "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    auto s = [&](double PoseRecord::*m) { return fix(sumOf(gr.rs, [m](const PoseRecord& r) { return r.*m; }), 0); };
    t << "| " << gr.pair;
    for (double PoseRecord::*m : {&PoseRecord::all_chip, &PoseRecord::all_fcl, &PoseRecord::all_confirmed, &PoseRecord::only_chip,
                                  &PoseRecord::only_fcl, &PoseRecord::degenerate, &PoseRecord::exact_checked, &PoseRecord::exact_chip_right,
                                  &PoseRecord::exact_fcl_right})
      t << " | " << s(m);
    t << " | ";
    const double tests = sumOf(gr.rs, [](const PoseRecord& r) { return r.all_tests; });
    const double unc = sumOf(gr.rs, [](const PoseRecord& r) { return r.all_uncertain; });
    t << fix(unc, 0) << " of " << fix(tests, 0) << " (" << fix(tests > 0 ? 100 * unc / tests : 0.0, 2) << " %) | "
      << fix(sumOf(gr.rs, [](const PoseRecord& r) { return r.all_host_us; }) / double(gr.rs.size()), 1) << " |\n";
  }
}

// Plot data (gnuplot, bench/plots.gp): NaN marks what was not measured.
std::string angleDat(const StudyOptions& o, const std::vector<TimedRun>& runs, const std::vector<PoseRecord>& records) {
  std::ostringstream f;
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
  return f.str();
}

std::string listsDat(const std::vector<TimedRun>& runs, const std::vector<PoseRecord>& records) {
  std::ostringstream f;
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
  return f.str();
}

std::string speedupDat(const StudyOptions& o, const std::vector<TimedRun>& runs, const std::vector<Group>& groups) {
  std::ostringstream f;
  const auto shown = shownRuns(runs, o.rtl_every);
  f << "pair sw/Eq.5 FCL-OBBRSS/Eq.5";
  for (size_t k : shown) f << " FCL-OBBRSS/" << plotName(runs[k]);
  f << '\n';
  for (const auto& gr : groups) {
    if (gr.distance != "all") continue;
    const Ratios q = ratios(gr);
    f << '"' << gr.pair << "\" " << datNum(q.sw_over_eq5) << ' ' << datNum(q.fo_over_eq5);
    const auto rr = allRunRatios(gr, runs.size());
    for (size_t k : shown) f << ' ' << datNum(rr[k].fo_over);
    f << '\n';
  }
  return f.str();
}

}  // namespace

int writeStudy(const StudyOptions& o, const std::vector<PoseRecord>& records, int mismatches) {
  std::filesystem::create_directories(o.out_dir);
  const std::vector<TimedRun> runs = timedRuns(o);
  const auto groups = poseGroups(o, records);
  const std::string dir = o.out_dir + "/";
  const Csv pc = posesCsv(runs, records);
  std::ostringstream poses;
  pc.write(poses);
  writeFile(dir + "poses.csv", poses.str());
  Csv sc;
  nlohmann::json summary;
  summarize(runs, groups, sc, summary);
  std::ostringstream sum;
  sc.write(sum);
  writeFile(dir + "summary.csv", sum.str());
  writeFile(dir + "perf.json", perfJson(o, pc, summary).dump(1) + "\n");
  std::ostringstream t;
  tableMain(o, runs, groups, t);
  const TwinCycles twins = twinCycles(runs, records);
  if (twins.compared > 0) {
    t << "\nThe TLM model's cycles equal the RTL chip's on " << twins.compared - twins.differing << " of the " << twins.compared
      << " poses both timed";
    if (twins.rtl_bus_clocks > 0) {  // not measured with --deterministic
      t << "; its host-bus clocks are " << fix(100.0 * twins.tlm_bus_clocks / twins.rtl_bus_clocks, 0)
        << " % of the RTL board's there (board-memory reads cost more on the RTL's bus)";
    }
    t << ".\n";
  }
  tableSpeedups(o, runs, groups, t);
  tableEndToEnd(o, runs, groups, t);
  tableSplit(runs, groups, t);
  tableTests(o, runs, groups, t);
  tableCheck(o, groups, t);
  writeFile(dir + "table1.md", t.str());
  std::cout << t.str();
  writeFile(dir + "angle.dat", angleDat(o, runs, records));
  writeFile(dir + "lists.dat", listsDat(runs, records));
  writeFile(dir + "speedup.dat", speedupDat(o, runs, groups));
  std::cout << "\nwrote " << o.out_dir << "/{poses.csv,summary.csv,perf.json,table1.md,angle.dat,lists.dat,speedup.dat}\n";
  if (twins.differing > 0) {
    std::fprintf(stderr, "cc_perf: the TLM model's and the RTL chip's cycles differ on %zu poses\n", twins.differing);
    return 4;
  }
  if (mismatches) {
    std::fprintf(stderr, "cc_perf: %d timed queries differed from golden\n", mismatches);
    return 4;
  }
  return 0;
}

int runStudy(const StudyOptions& o) {
  validateOptions(o);
  std::vector<ShardRecords> shards;
  int mismatches = 0;
  for (const StudyShard& s : planShards(o)) {
    shards.push_back(shardFromJson(shardToJson(measureShard(o, s)), o));
    mismatches += shards.back().mismatches;
  }
  return writeStudy(o, combineShards(o, shards), mismatches);
}

}  // namespace cc::perf
