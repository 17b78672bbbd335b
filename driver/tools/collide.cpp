// collide: runs collision queries between two meshes on a chosen backend and prints one
// row per pose plus a summary in the form of the paper's Table 1.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cc/atomic_output.h"
#include "cc/input_limits.h"
#include "cc/command_line.h"
#include "cc/config.h"
#include "cc/driver.h"
#include "cc/host_policy.h"
#include "cc/interrupt.h"
#include "cc/scene_rules.h"
#include "cc/sw_traversal.h"

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
  std::string a, b, backend = "golden", mode = "all", pairs_out, json, config = "paper", split = "meanwidth",
              dirs = "zachmann", cosim, poses_file, leaf_dop = "off";
  bool normalize = false, no_sw = false, quiet = false;
  int sweep = 1;
  std::vector<double> axis{1, 1, 1}, offset{0, 0, 0}, pose;
  std::vector<std::string> set;
  std::vector<uint32_t> first_steps;  // staged mode first (Driver::setFirstModeSteps)
  std::set<std::string> given;  // options on the command line (not defaulted)
};

// Options that contradict each other, and outputs that would destroy an input or each other:
// refused before any work (docs/driver.md, "Input rules").
void checkOptions(const Options& o) {
  const auto has = [&](const char* k) { return o.given.count(k) > 0; };
  for (const char* k : {"sweep", "axis", "offset"}) {
    if (has("pose") && has(k)) throw std::invalid_argument(std::string("--pose is one pose: it excludes --") + k);
    if (has("poses") && has(k)) throw std::invalid_argument(std::string("--poses reads the motion from a file: it excludes --") + k);
  }
  if (has("cosim") && has("backend") && o.cosim.substr(0, o.cosim.find(',')) != o.backend) {
    throw std::invalid_argument("--backend " + o.backend + " and --cosim " + o.cosim +
                                ": --cosim names the backends that run (the first one's answer is reported); leave --backend out");
  }
  cc::leafDopByName(o.leaf_dop);  // a known name
  if (has("leaf-dop") && o.backend == "sw") throw std::invalid_argument("--leaf-dop is a chip feature: it needs a chip backend");
  if (has("first-steps") && (o.mode != "first" || o.backend == "sw")) {
    throw std::invalid_argument("--first-steps stages a chip's mode-first query: it needs --mode first and a chip backend");
  }
  std::vector<cc::NamedPath> outputs;
  if (has("json")) outputs.emplace_back("--json", o.json);
  if (has("pairs-out")) outputs.emplace_back("--pairs-out", o.pairs_out);
  std::vector<cc::NamedPath> inputs{{"--a", o.a}, {"--b", o.b}, {"--poses", o.poses_file}};
  for (const auto& f : cc::configFiles(o.config)) inputs.emplace_back("--config", f);  // the file and its base chain
  cc::checkOutputPaths(inputs, outputs);
}

Eigen::Vector3d vec3(const std::vector<double>& v, const char* what) {
  if (v.size() != 3) throw std::invalid_argument(std::string("--") + what + " takes three numbers");
  return {v[0], v[1], v[2]};
}

using cc::eq5Cycles;
using cc::eq5Lists;  // "per list" below divides by Eq. 5's tau = tumbled/2

class Progress {
 public:
  explicit Progress(int total) : total_(total), start_(Clock::now()), tty_(isatty(2)) {}
  void update(int done) {
    const double s = std::chrono::duration<double>(Clock::now() - start_).count();
    if (s < 1.0 || total_ <= 1) return;
    const int pct = 100 * done / total_;
    if (tty_) {
      const int bar = pct * 30 / 100;
      std::fprintf(stderr, "\r[%-30s] %d/%d poses, %.1f s", std::string(bar, '#').c_str(), done, total_, s);
      if (done == total_) std::fprintf(stderr, "\n");
    } else if (pct / 10 != last_ / 10 || done == total_) {
      std::fprintf(stderr, "progress: %d/%d poses, %.1f s\n", done, total_, s);
    }
    last_ = pct;
  }

 private:
  int total_;
  Clock::time_point start_;
  bool tty_;
  int last_ = -1;
};

// The pose as the 7 numbers of --pose, exact enough to reproduce the query.
std::string poseArgs(const cc::Pose& pose) {
  const Eigen::AngleAxisd aa(pose.R);
  char b[320];
  std::snprintf(b, sizeof b, "%.17g %.17g %.17g %.17g %.17g %.17g %.17g", aa.axis()[0], aa.axis()[1], aa.axis()[2],
                aa.angle() * 180 / std::acos(-1.0), pose.t[0], pose.t[1], pose.t[2]);
  return b;
}

struct Row {
  int pose;
  double angle;
  cc::Counters c;
  size_t pairs;
  double wall, sw_wall, eq5;
  std::string error;
  size_t uncertain_hits = 0;      // of the chip's uncertain pairs, those that intersect
  double host_exact_seconds = 0;  // the host's exact decisions of them
  uint32_t runs = 0;              // chip runs of the query (0: software)
};

// ---------------------------------------------------------------- set-up: what runs
// --config with every --set applied; its name says what --set changed.
cc::ChipConfig chipConfig(const Options& o) {
  cc::ChipConfig c = cc::namedConfig(o.config);
  const std::string base = c.name;
  std::string changed;
  for (const auto& kv : o.set) {
    if (kv.rfind(cc::kHostPolicyPrefix, 0) == 0) continue;  // the host's (hostPolicy below)
    cc::setConfigAssignment(c, kv);
    changed += "+" + kv;
  }
  if (c.name == base) c.name += changed;
  cc::validateConfig(c);
  return c;
}

// --config's host policy (host_* keys) with --set's host_* keys after its own, and
// --first-steps and --leaf-dop in place of its own where given.
cc::HostPolicy hostPolicy(const Options& o) {
  auto values = cc::hostPolicyValues(o.config);
  for (const auto& kv : o.set) {
    if (kv.rfind(cc::kHostPolicyPrefix, 0) == 0) values.push_back(cc::hostAssignment(kv, "--set"));
  }
  cc::HostPolicy p = cc::parseHostPolicy(values, "--config " + o.config + " with --set");
  if (o.given.count("first-steps")) p.first_steps = o.first_steps;
  if (o.given.count("leaf-dop")) {
    p.leaf_dop = cc::leafDopByName(o.leaf_dop);
    p.leaf_size_ratio = 0;
  }
  return p;
}

// The poses (angle in degrees, pose) of --poses, --pose or --sweep, every one validated
// before any work: NaN/Inf or a zero axis is an error.
std::vector<std::pair<double, cc::Pose>> posesOf(const Options& o) {
  const Eigen::Vector3d axis = vec3(o.axis, "axis"), offset = vec3(o.offset, "offset");
  if (!o.pose.empty() && o.pose.size() != 7) throw std::invalid_argument("--pose takes 7 numbers: AX AY AZ DEG TX TY TZ");
  if (!o.poses_file.empty() && !o.pose.empty()) throw std::invalid_argument("--poses and --pose exclude each other");
  std::vector<std::pair<double, cc::Pose>> poses;
  if (!o.poses_file.empty()) {
    std::ifstream in(o.poses_file);
    if (!in) throw std::invalid_argument("--poses: cannot read " + o.poses_file);
    for (const auto& p : cc::readPoses(in, o.poses_file)) poses.emplace_back(p.degrees, p.pose);
  } else if (!o.pose.empty()) {
    poses.emplace_back(o.pose[3], cc::poseFromAxisAngle({o.pose[0], o.pose[1], o.pose[2]}, o.pose[3], {o.pose[4], o.pose[5], o.pose[6]}));
  } else {
    for (int i = 0; i < o.sweep; ++i) {
      const double deg = 360.0 * i / o.sweep;
      poses.emplace_back(deg, cc::poseFromAxisAngle(axis, deg, offset));
    }
  }
  return poses;
}

// The backends that run: one, or two or three under --cosim (the first one's answer is
// reported).
std::vector<std::string> backendsOf(const Options& o) {
  if (o.cosim.empty()) return {o.backend};
  std::vector<std::string> b;
  std::stringstream names(o.cosim);
  for (std::string name; std::getline(names, name, ',');) b.push_back(name);
  if (b.size() < 2 || b.size() > 3) throw std::invalid_argument("--cosim takes two or three backends: A,B[,C] (e.g. golden,tlm,rtl)");
  for (const auto& name : b) {
    if (name == "sw") throw std::invalid_argument("--cosim compares chip backends (golden, tlm, rtl), not sw");
  }
  return b;
}

bool timedBackend(const std::string& b) { return b == "tlm" || b == "rtl"; }

// The meshes and their trees. A scene outside the scale the chip's FP32 arithmetic serves
// is scaled by a power of two (exact: every answer stays the same, so the poses'
// translations with it), and the scale is reported.
struct Scene {
  cc::Mesh ma, mb;
  cc::DopTree ta, tb;
  double setup_seconds = 0;
};
Scene loadScene(const Options& o, std::vector<std::pair<double, cc::Pose>>& poses, bool sw_backend) {
  const auto t0 = Clock::now();
  Scene s;
  s.ma = cc::loadMesh(o.a);
  s.mb = cc::loadMesh(o.b);
  if (o.normalize) {
    cc::normalizeMesh(s.ma);
    cc::normalizeMesh(s.mb);
  }
  std::vector<cc::Pose> ps;
  for (const auto& p : poses) ps.push_back(p.second);
  if (const int k = cc::sceneScaleExponent({&s.ma, &s.mb}, ps); k != 0) {
    cc::scaleScene({&s.ma, &s.mb}, ps, k);
    for (size_t i = 0; i < poses.size(); ++i) poses[i].second = ps[i];
    std::fprintf(stderr, "collide: the scene (meshes and translations) is scaled by 2^%d so the chip's FP32 arithmetic serves it (exact: "
                 "the pairs are the unscaled scene's)\n", k);
  }
  if (!sw_backend) cc::checkSceneScale({&s.ma, &s.mb}, ps);
  const cc::SplitRule split = cc::splitRuleByName(o.split);
  const cc::Directions dirs = cc::directionsByName(o.dirs);
  s.ta = cc::buildTree(s.ma, dirs, split);
  s.tb = cc::buildTree(s.mb, dirs, split);
  s.setup_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return s;
}

// One chip backend with the scene's objects on its board.
struct Chip {
  std::string name;
  std::unique_ptr<cc::Device> dev;
  std::unique_ptr<cc::Driver> drv;
  cc::BoardObject a, b;
};
std::vector<Chip> makeChips(const std::vector<std::string>& backends, const cc::ChipConfig& cfg, const Scene& s,
                            const cc::HostPolicy& policy) {
  std::vector<Chip> chips;
  for (const auto& name : backends) {
    cc::checkBoardMemory({&s.ta, &s.tb}, cc::reachableBoardBytes(name, cfg), name);  // before building a slow chip
    Chip c{name, cc::makeDevice(name, cfg), nullptr, {}, {}};
    c.drv = std::make_unique<cc::Driver>(*c.dev);
    cc::applyHostPolicy(*c.drv, policy);  // refused (DriverError) by a chip without CTRL.LEAF_VERTEX if it uses it
    chips.push_back(std::move(c));
  }
  return chips;
}

// ---------------------------------------------------------------- measuring
struct Measured {
  Row row;
  std::vector<cc::TriPair> pairs;
  std::string mismatch;  // --cosim: the first difference between two backends
};

// Pose i on the software traversal (timed, or the answer with the sw backend) and on the
// chips (the first one's answer; each other one's compared with the one before it, cycles
// too where both count them).
Measured measurePose(const Options& o, int i, double deg, const cc::Pose& pose, cc::QueryMode mode, bool sw_backend,
                     const cc::SwObject& sa, const cc::SwObject& sb, std::vector<Chip>& chips,
                     std::vector<double>& cosim_cycles) {
  Measured m;
  Row& r = m.row;
  r = Row{i, deg, {}, 0, 0, 0, 0, {}};
  if (!o.no_sw || sw_backend) {
    const auto s0 = Clock::now();
    cc::SwResult sr = cc::swCollide(sa, sb, pose, mode);
    r.sw_wall = std::chrono::duration<double>(Clock::now() - s0).count();
    if (sw_backend) {
      m.pairs = std::move(sr.pairs);
      r.c.tumbled_nodes_transformed = sr.dop_transforms;
      r.c.overlap_tests = sr.overlap_tests;
      r.c.triangle_tests = sr.triangle_tests;
      r.wall = r.sw_wall;
    }
  }
  if (!sw_backend) {
    const auto q0 = Clock::now();
    cc::QueryResult qr = chips[0].drv->query(chips[0].a, chips[0].b, pose, mode);
    r.wall = std::chrono::duration<double>(Clock::now() - q0).count();
    cosim_cycles[0] += qr.counters.cycles;
    cc::QueryResult before = qr;
    for (size_t k = 1; k < chips.size() && m.mismatch.empty(); ++k) {
      cc::QueryResult other = chips[k].drv->query(chips[k].a, chips[k].b, pose, mode);
      cosim_cycles[k] += other.counters.cycles;
      const bool both_timed = timedBackend(chips[k - 1].name) && timedBackend(chips[k].name);
      m.mismatch = cc::firstDifference(chips[k - 1].name, before, chips[k].name, other, both_timed);
      before = std::move(other);
    }
    m.pairs = std::move(qr.pairs);
    r.c = qr.counters;
    r.uncertain_hits = qr.uncertain_hits;
    r.host_exact_seconds = qr.host_exact_seconds;
    r.runs = qr.runs;
    if (qr.error != cc::regs::Error::None) r.error = cc::regs::errorName(qr.error);
  }
  r.pairs = m.pairs.size();
  r.eq5 = sw_backend ? 0 : eq5Cycles(r.c);
  return m;
}

// The command line that runs the mismatching pose again.
void reportMismatch(const Options& o, int i, double deg, const cc::Pose& pose, const std::string& diff) {
  std::string config = " --config " + o.config;
  for (const auto& kv : o.set) config += " --set '" + kv + "'";
  if (o.given.count("leaf-dop")) config += " --leaf-dop " + o.leaf_dop;
  if (o.given.count("first-steps")) {
    config += " --first-steps";
    for (uint32_t n : o.first_steps) config += " " + std::to_string(n);
  }
  std::fprintf(stderr, "cosim MISMATCH at pose %d (%.6f deg): %s\nreproduce: collide --a %s --b %s%s --pose %s --mode %s%s --cosim %s\n",
               i, deg, diff.c_str(), o.a.c_str(), o.b.c_str(), o.normalize ? " --normalize" : "", poseArgs(pose).c_str(),
               o.mode.c_str(), config.c_str(), o.cosim.c_str());
}

// ---------------------------------------------------------------- printing and writing
// --cosim's verdict: what was identical on every pose (each backend against the one before
// it; cycles where both count them), and each backend's cycles.
void printCosim(const std::string& names, const std::vector<Chip>& chips, const std::vector<double>& cycles, size_t poses) {
  std::string same_cycles, summed;
  for (size_t k = 0; k < chips.size(); ++k) {
    if (k > 0 && timedBackend(chips[k - 1].name) && timedBackend(chips[k].name)) {
      same_cycles += (same_cycles.empty() ? "; cycles identical: " : ", ") + chips[k - 1].name + " = " + chips[k].name;
    }
    if (timedBackend(chips[k].name)) summed += (summed.empty() ? "" : ", ") + chips[k].name + " " + std::to_string(static_cast<long long>(cycles[k]));
  }
  std::printf("\ncosim %s: results and counters identical on all %zu poses%s\n", names.c_str(), poses, same_cycles.c_str());
  if (!summed.empty()) std::printf("cycles over the poses: %s\n", summed.c_str());
}

void printHeader(bool timed) {
  std::printf("%5s %8s %8s %9s %9s %10s %8s %6s %8s %7s %5s %6s %11s %10s %10s", "pose", "angle", "pairs", "tumbled", "aligned_pr",
              "overlaps", "tri", "unc", "host_ms", "lists", "stack", "maxlst", "eq5_cycles", "chip_ms", "sw_ms");
  if (timed) std::printf(" %11s %9s %9s %6s", "cycles", "cyc/list", "eq5/list", "ratio");
  std::printf("\n");
}

void printRow(const Row& r, bool timed) {
  std::printf("%5d %8.2f %8zu %9llu %9llu %10llu %8llu %6llu %8.3f %7llu %5llu %6llu %11.0f %10.3f %10.3f", r.pose, r.angle, r.pairs,
              (unsigned long long)r.c.tumbled_nodes_transformed, (unsigned long long)r.c.aligned_pairs_fetched,
              (unsigned long long)r.c.overlap_tests, (unsigned long long)r.c.triangle_tests,
              (unsigned long long)r.c.uncertain_tests, 1e3 * r.host_exact_seconds, (unsigned long long)r.c.lists,
              (unsigned long long)r.c.max_stack_depth, (unsigned long long)r.c.max_list_length, r.eq5, 1e3 * r.wall, 1e3 * r.sw_wall);
  if (timed && r.eq5 > 0) {
    const double lists = eq5Lists(r.c);
    std::printf(" %11llu %9.1f %9.1f %6.2f", (unsigned long long)r.c.cycles, r.c.cycles / lists, r.eq5 / lists, r.c.cycles / r.eq5);
  }
  std::printf("%s%s\n", r.error.empty() ? "" : "  ERROR: ", r.error.c_str());
}

// Table-1 style summary: average and worst case over the poses; the host's exact decisions;
// with a timed backend its cycles against Eq. 5.
void printSummary(const std::vector<Row>& rows, const std::string& backend, const cc::ChipConfig& cfg, size_t polygons,
                  bool sw_backend, bool timed) {
  auto avg = [&](auto f) { double s = 0; for (const auto& r : rows) s += f(r); return s / rows.size(); };
  auto worst = [&](auto f) { double m = 0; for (const auto& r : rows) m = std::max(m, double(f(r))); return m; };
  const auto aligned = [](const Row& r) { return double(r.c.overlap_tests); };
  const auto tumbled = [](const Row& r) { return double(r.c.tumbled_nodes_transformed); };
  const auto tri = [](const Row& r) { return double(r.c.triangle_tests); };
  const auto eq5 = [](const Row& r) { return r.eq5; };
  const auto hw_us = [&](const Row& r) { return r.eq5 / cfg.core_mhz; };
  const auto sw_us = [](const Row& r) { return 1e6 * r.sw_wall; };
  std::printf("\nTable 1 (paper layout), %zu poses, backend %s:\n", rows.size(), backend.c_str());
  std::printf("%-10s %9s | %12s %12s %10s %12s %10s %10s | %12s %12s %12s %10s %10s\n", "", "polygons", "aligned_vis", "tumbled_vis",
              "tri_tests", "eq5_cycles", "hw_us", "sw_us", "aligned_vis", "tumbled_vis", "eq5_cycles", "hw_us", "sw_us");
  std::printf("%-10s %9zu | %12.0f %12.0f %10.1f %12.0f %10.1f %10.1f | %12.0f %12.0f %12.0f %10.1f %10.1f\n", "avg/worst",
              polygons, avg(aligned), avg(tumbled), avg(tri), avg(eq5), avg(hw_us), avg(sw_us), worst(aligned), worst(tumbled),
              worst(eq5), worst(hw_us), worst(sw_us));
  std::printf("(aligned_vis = overlap tests, tumbled_vis = tumbled nodes transformed; hw_us = Eq. 5 at %.0f MHz; sw_us = the "
              "double-precision recursive traversal on this machine)\n", cfg.core_mhz);
  if (!sw_backend) {
    double tests = 0, unc = 0, unc_hits = 0;
    for (const auto& r : rows) { tests += r.c.triangle_tests; unc += r.c.uncertain_tests; unc_hits += r.uncertain_hits; }
    std::printf("uncertain pairs (decided exactly on the host): %.0f of %.0f triangle tests (%.2f %%), %.0f intersect; host time "
                "avg %.1f us worst %.1f us per query\n", unc, tests, tests > 0 ? 100 * unc / tests : 0.0, unc_hits,
                avg([](const Row& r) { return 1e6 * r.host_exact_seconds; }), worst([](const Row& r) { return 1e6 * r.host_exact_seconds; }));
  }
  if (timed) {
    const auto cycles = [](const Row& r) { return double(r.c.cycles); };
    const auto chip_us = [&](const Row& r) { return r.c.cycles / cfg.core_mhz; };
    const auto per_list = [](double v, const Row& r) { return r.eq5 > 0 ? v / eq5Lists(r.c) : 0.0; };
    double total_cycles = 0, total_eq5 = 0;
    for (const auto& r : rows) { total_cycles += r.c.cycles; total_eq5 += r.eq5; }
    std::printf("%s chip: cycles avg %.0f worst %.0f, time avg %.1f us worst %.1f us at %.0f MHz\n", backend.c_str(), avg(cycles),
                worst(cycles), avg(chip_us), worst(chip_us), cfg.core_mhz);
    std::printf("cycles per list (tau = tumbled/2 lists): chip avg %.1f worst %.1f, Eq. 5 avg %.1f worst %.1f; chip / Eq. 5 = %.3f "
                "over all poses\n",
                avg([&](const Row& r) { return per_list(double(r.c.cycles), r); }),
                worst([&](const Row& r) { return per_list(double(r.c.cycles), r); }),
                avg([&](const Row& r) { return per_list(r.eq5, r); }), worst([&](const Row& r) { return per_list(r.eq5, r); }),
                total_eq5 > 0 ? total_cycles / total_eq5 : 0.0);
  }
}

// --json: one object per pose.
std::string rowsJson(const std::vector<Row>& rows, bool timed) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& r : rows) {
    nlohmann::json j;
    j["pose"] = r.pose;
    j["angle_deg"] = r.angle;
    j["pairs"] = r.pairs;
    r.c.forEach([&](const char* name, uint64_t v) {
      if (std::string(name) != "cycles" || v != 0) j[name] = v;
    });
    j["eq5_cycles"] = r.eq5;
    if (r.eq5 > 0) {
      j["eq5_cycles_per_list"] = r.eq5 / eq5Lists(r.c);
      if (timed) j["cycles_per_list"] = r.c.cycles / eq5Lists(r.c);
    }
    j["uncertain_hits"] = r.uncertain_hits;
    j["host_exact_seconds"] = r.host_exact_seconds;
    if (r.runs > 0) j["chip_runs"] = r.runs;
    j["wall_seconds"] = r.wall;
    j["sw_seconds"] = r.sw_wall;
    j["error"] = r.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.error);
    arr.push_back(j);
  }
  return arr.dump(1) + "\n";
}

// ---------------------------------------------------------------- the run
int run(const Options& o) {
  if (o.a.empty() || o.b.empty()) throw std::invalid_argument("--a and --b are required");
  checkOptions(o);
  if (o.sweep < 1) throw std::invalid_argument("--sweep must be at least 1");
  cc::checkPoseCount("--sweep", static_cast<uint64_t>(o.sweep));
  const cc::QueryMode mode = cc::queryModeByName(o.mode);
  const cc::ChipConfig cfg = chipConfig(o);
  std::vector<std::pair<double, cc::Pose>> poses = posesOf(o);
  const std::vector<std::string> backends = backendsOf(o);
  const bool sw_backend = backends[0] == "sw";
  const bool timed = timedBackend(backends[0]);  // the first backend counts cycles
  const Scene scene = loadScene(o, poses, sw_backend);
  std::vector<Chip> chips = sw_backend ? std::vector<Chip>{} : makeChips(backends, cfg, scene, hostPolicy(o));

  if (!o.quiet) {
    // The mean leaf size is what a host policy's by-size rule compares (docs/driver.md).
    std::printf("A: %s  %zu triangles (%zu degenerate: not in the tree, decided on the host), tree depth %d, mean leaf size %.4g\n", o.a.c_str(),
                scene.ma.tris.size(), scene.ta.dropped.size(), scene.ta.depth, cc::meanLeafSize(scene.ma));
    std::printf("B: %s  %zu triangles (%zu degenerate: not in the tree, decided on the host), tree depth %d, mean leaf size %.4g\n", o.b.c_str(),
                scene.mb.tris.size(), scene.tb.dropped.size(), scene.tb.depth, cc::meanLeafSize(scene.mb));
    std::printf("backend %s, config %s, mode %s, split %s, set-up %.2f s\n", backends[0].c_str(), cfg.name.c_str(), o.mode.c_str(),
                o.split.c_str(), scene.setup_seconds);
  }
  for (auto& c : chips) {
    c.a = c.drv->upload(scene.ta, scene.ma);
    c.b = c.drv->upload(scene.tb, scene.mb);
  }
  const cc::SwObject sa = cc::makeSwObject(scene.ta, scene.ma), sb = cc::makeSwObject(scene.tb, scene.mb);

  std::unique_ptr<cc::AtomicOutput> pairs_out, json_out;  // complete files or none (cc/atomic_output.h)
  if (!o.pairs_out.empty()) pairs_out = std::make_unique<cc::AtomicOutput>(o.pairs_out, "--pairs-out");
  if (!o.json.empty()) json_out = std::make_unique<cc::AtomicOutput>(o.json, "--json");
  if (!o.quiet) printHeader(timed);
  std::vector<Row> rows;
  std::vector<double> cosim_cycles(chips.size(), 0.0);
  Progress progress(static_cast<int>(poses.size()));
  for (size_t i = 0; i < poses.size(); ++i) {
    if (cc::interrupted()) break;  // SIGINT/SIGTERM: keep the finished poses, write them, stop
    const auto& [deg, pose] = poses[i];
    const Measured m = measurePose(o, static_cast<int>(i), deg, pose, mode, sw_backend, sa, sb, chips, cosim_cycles);
    if (!m.mismatch.empty()) {
      reportMismatch(o, static_cast<int>(i), deg, pose, m.mismatch);
      return 4;
    }
    if (pairs_out) {
      for (const auto& p : m.pairs) pairs_out->stream() << i << ' ' << p.first << ' ' << p.second << '\n';
    }
    if (o.quiet && !m.row.error.empty()) std::fprintf(stderr, "collide: pose %d ended in error %s\n", m.row.pose, m.row.error.c_str());
    if (!o.quiet) printRow(m.row, timed);
    rows.push_back(m.row);
    progress.update(static_cast<int>(i + 1));
  }
  if (cc::interrupted()) {
    std::fprintf(stderr, "\ncollide: interrupted (signal %d) after %zu of %zu poses; the outputs hold those\n", cc::interruptSignal(), rows.size(),
                 poses.size());
  }
  if (rows.empty()) return cc::interruptExitCode();

  if (chips.size() > 1) printCosim(o.cosim, chips, cosim_cycles, rows.size());
  printSummary(rows, backends[0], cfg, scene.ma.tris.size(), sw_backend, timed);

  if (json_out) {
    json_out->stream() << rowsJson(rows, timed);
    json_out->commit();
  }
  // A full disk shows only when the buffer goes out: commit flushes and checks every write.
  if (pairs_out) pairs_out->commit();
  cc::checkStandardOutput();
  if (cc::interrupted()) return cc::interruptExitCode();
  for (const auto& r : rows) {
    if (!r.error.empty()) return 3;  // a query ended in an error status
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  po::options_description desc("collide: collision queries on the CollisionChip (golden, tlm, rtl) or in software (sw)");
  desc.add_options()
      ("help,h", "this help")
      ("a", po::value(&o.a), "mesh file of the tumbled object A (OFF, OBJ, PLY, STL)")
      ("b", po::value(&o.b), "mesh file of the aligned object B")
      ("normalize", po::bool_switch(&o.normalize), "scale each mesh so its bounding box's largest side is 1, centred at 0")
      ("sweep", po::value(&o.sweep), "N poses: A rotated about --axis by 360*i/N degrees, then moved by --offset")
      ("axis", po::value(&o.axis)->multitoken(), "rotation axis X Y Z (default 1 1 1)")
      ("offset", po::value(&o.offset)->multitoken(), "translation X Y Z (default 0 0 0)")
      ("pose", po::value(&o.pose)->multitoken(), "a single pose instead: AX AY AZ DEG TX TY TZ")
      ("poses", po::value(&o.poses_file), "a motion instead: a file of poses, one a line (7 numbers as --pose, or a 3x4 matrix [R | t] row by row; '#' comments)")
      ("mode", po::value(&o.mode), "all | first (stop at the first intersecting pair)")
      ("first-steps", po::value(&o.first_steps)->multitoken()->zero_tokens(),
       "N1 N2 ...: mode first in stages: result areas of N1, then N2, ... pairs before the whole one; a stage whose uncertain pairs hold an intersecting one answers (docs/triangle_tests.md). Replaces --config's host_first_steps; none: one run")
      ("leaf-dop", po::value(&o.leaf_dop),
       "off | vertices | vertices+dop: a tumbled leaf's DOP from its triangle's vertices (CTRL.LEAF_VERTEX; vertices+dop on the golden backend only, docs/triangle_tests.md). Replaces --config's host_leaf_dop (default: off)")
      ("backend", po::value(&o.backend), "golden | tlm | rtl | sw")
      ("cosim", po::value(&o.cosim), "A,B[,C]: run two or three chip backends on every pose (each compared with the one before it: results, counters, and cycles where both count them), stop at the first difference")
      ("config", po::value(&o.config), ("named configuration (" + cc::configNameList() + ") or a .cfg file: the chip and its host policy (host_* keys, docs/driver.md)").c_str())
      ("set", po::value(&o.set), "KEY=VALUE changing one field of --config (configs/*.cfg keys, host_* keys included: --set host_leaf_plane=on); repeatable. The rtl backend runs only the configurations it was built for")
      ("split", po::value(&o.split), "tree split rule: meanwidth (default) | median")
      ("dirs", po::value(&o.dirs), "DOP direction set: zachmann (default) | axes_diagonals")
      ("pairs-out", po::value(&o.pairs_out), "write 'pose triA triB' per intersecting pair")
      ("json", po::value(&o.json), "write one JSON object per pose (written whole when the run ends, or not at all)")
      ("no-sw", po::bool_switch(&o.no_sw), "do not time the software traversal")
      ("quiet,q", po::bool_switch(&o.quiet), "only the summary");
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help") || argc == 1) {
      std::cout << desc << '\n';
      return vm.count("help") ? 0 : 2;
    }
    for (const auto& [k, v] : vm) if (!v.defaulted()) o.given.insert(k);
    cc::installInterruptHandlers();
    return run(o);
  } catch (const po::error& e) {
    std::fprintf(stderr, "collide: %s (see --help)\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "collide: error: %s\n", e.what());
    return 2;
  }
}
