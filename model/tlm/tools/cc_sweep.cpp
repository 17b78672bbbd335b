// cc_sweep: design-space sweeps on the TLM model. Runs a query set (two meshes, a sweep of
// poses) on every point of a grid of configurations and writes one CSV row per query, one
// summary CSV row per configuration, and a gnuplot chart of the mean cycles.
//
//   cc_sweep --a build/meshes/bunny00.off --b build/meshes/armadillo.off --normalize
//     --poses 12 --offset 0.5 0 0 --config paper --config modern
//     --grid t_cl=2,4,8 --grid sdram_banks=4,8,16 --out sweep.csv --plot sweep.png
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <filesystem>
#include <map>
#include <set>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cc/atomic_output.h"
#include "cc/command_line.h"
#include "cc/input_limits.h"
#include "cc/interrupt.h"
#include "cc/scene_rules.h"
#include "cc/driver.h"
#include "cc/tlm_device.h"
#include "shards.h"

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
  std::string a, b, backend = "tlm", mode = "all", out = "sweep.csv", plot, x;
  std::vector<std::string> configs, grid, set;
  bool normalize = false, quiet = false;
  int poses = 12, shard_poses = 0;
  std::vector<double> axis{1, 1, 1}, offset{0, 0, 0};
};

struct Axis {
  std::string key;
  std::vector<std::string> values;
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string t; std::getline(in, t, sep);) out.push_back(t);
  return out;
}

Axis parseAxis(const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
    throw std::invalid_argument("--grid takes KEY=V1,V2,..., got '" + spec + "'");
  Axis a{spec.substr(0, eq), split(spec.substr(eq + 1), ',')};
  for (const auto& v : a.values) {
    cc::ChipConfig probe;
    cc::setConfigValue(probe, a.key, v);  // unknown key or bad value: a clear error now
  }
  return a;
}

Eigen::Vector3d vec3(const std::vector<double>& v, const char* what) {
  if (v.size() != 3) throw std::invalid_argument(std::string("--") + what + " takes three numbers");
  for (double x : v)
    if (!std::isfinite(x)) throw std::invalid_argument(std::string("--") + what + " must be finite");
  return {v[0], v[1], v[2]};
}

using cc::eq5Cycles;

struct Point {
  cc::ChipConfig cfg;
  std::vector<std::string> values;  // grid values, in grid order
};

std::vector<Point> expand(const std::vector<cc::ChipConfig>& bases, const std::vector<Axis>& grid) {
  std::vector<Point> pts;
  for (const auto& base : bases) pts.push_back({base, {}});
  for (const auto& ax : grid) {
    std::vector<Point> next;
    for (const auto& p : pts) {
      for (const auto& v : ax.values) {
        Point q = p;
        cc::setConfigValue(q.cfg, ax.key, v);
        q.values.push_back(v);
        next.push_back(q);
      }
    }
    pts = std::move(next);
  }
  for (const auto& p : pts) cc::validateConfig(p.cfg);
  return pts;
}

// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled.
std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// A gnuplot single-quoted string: its quotes doubled, so a file name stays a file name.
std::string gnuplotString(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("''") : std::string(1, c);
  return q + "'";
}

// A file name for gnuplot, quoted. Quoting is not enough: gnuplot runs `set output '|CMD'`
// and a data file '<CMD' as commands, and reads '-', '+', '++' and '' as special files. Every
// name the script holds goes through here, absolute or as ./NAME, so it never starts so.
std::string gnuplotFile(const std::string& path) {
  return gnuplotString(!path.empty() && path[0] == '/' ? path : "./" + path);
}

// Runs gnuplot on `script` (as its standard input) without a shell: no file name is ever
// parsed as a command.
void runGnuplot(const std::string& script) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, script.c_str(), O_RDONLY, 0);
  char arg0[] = "gnuplot";
  char* const argv[] = {arg0, nullptr};
  pid_t pid = 0;
  const int err = posix_spawnp(&pid, "gnuplot", &fa, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (err != 0) throw std::runtime_error(std::string("cannot run gnuplot: ") + std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error(std::string("waiting for gnuplot: ") + std::strerror(errno));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("gnuplot failed on " + script);
}

// The chart: mean cycles per query against the first grid key (or the configuration), one
// line per configuration and value of the second grid key.
void writePlot(const std::string& plot, const std::string& summary, const std::vector<Point>& pts,
               const std::vector<Axis>& grid, const std::vector<double>& mean_cycles) {
  const bool svg = plot.size() > 4 && plot.compare(plot.size() - 4, 4, ".svg") == 0;
  const std::string data = plot + ".dat", script = plot + ".gp";
  std::map<std::string, std::vector<std::pair<std::string, double>>> series;
  std::vector<std::string> order;
  for (size_t i = 0; i < pts.size(); ++i) {
    std::string label = pts[i].cfg.name;
    for (size_t g = 1; g < grid.size(); ++g) label += " " + grid[g].key + "=" + pts[i].values[g];
    if (!series.count(label)) order.push_back(label);
    series[label].emplace_back(grid.empty() ? pts[i].cfg.name : pts[i].values[0], mean_cycles[i]);
  }
  // gnuplot's data strings cannot hold a double quote: labels show it as a single one.
  const auto dataString = [](std::string s) {
    std::replace(s.begin(), s.end(), '"', '\'');
    return "\"" + s + "\"";
  };
  cc::AtomicOutput d(data, "--plot data");
  for (const auto& label : order) {
    d << dataString(label) << "\n";
    for (const auto& [x, y] : series[label]) d << dataString(x) << " " << y << "\n";
    d << "\n\n";
  }
  d.commit();
  cc::AtomicOutput g(script, "--plot script");
  g << (svg ? "set terminal svg size 900,560 dynamic\n" : "set terminal pngcairo size 900,560\n");
  g << "set output " << gnuplotFile(plot) << "\n";
  g << "set title " << gnuplotString("CollisionChip TLM: mean chip cycles per query (" + summary + ")") << " noenhanced\n";
  g << "set xlabel " << gnuplotString(grid.empty() ? std::string("configuration") : grid[0].key) << " noenhanced\n";
  g << "set ylabel 'chip cycles per query'\nset grid\nset key outside right noenhanced\nset yrange [0:*]\n";
  g << "plot for [i=0:" << order.size() - 1 << "] " << gnuplotFile(data)
    << " index i using 0:2:xtic(1) with linespoints lw 2 title columnheader(1)\n";
  g.commit();
  runGnuplot(script);
}

// A configuration name as given, or a .cfg path made absolute (other processes read it).
std::string absoluteConfig(const std::string& name) {
  const bool is_path = name.find('/') != std::string::npos || (name.size() > 4 && name.compare(name.size() - 4, 4, ".cfg") == 0);
  return is_path ? std::filesystem::absolute(name).lexically_normal().string() : name;
}

std::string summaryPath(const std::string& out) {
  return out.size() > 4 && out.compare(out.size() - 4, 4, ".csv") == 0 ? out.substr(0, out.size() - 4) + "_summary.csv" : out + ".summary.csv";
}

void checkOptions(const Options& o) {
  if (o.a.empty() || o.b.empty()) throw std::invalid_argument("--a and --b are required");
  if (o.poses < 1) throw std::invalid_argument("--poses must be at least 1");
  cc::checkPoseCount("--poses", static_cast<uint64_t>(o.poses));
  if (o.shard_poses < 0) throw std::invalid_argument("--shard-poses must not be negative");
  if (o.plot.find_first_of("\r\n") != std::string::npos) throw std::invalid_argument("--plot: the file name must not contain a line break");
  const auto ends = [](const std::string& s, const char* e) { const std::string x(e); return s.size() > x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0; };
  if (!o.plot.empty() && !ends(o.plot, ".png") && !ends(o.plot, ".svg")) {
    throw std::invalid_argument("--plot '" + o.plot + "': the chart is PNG or SVG, so the name must end in .png or .svg");
  }
  std::set<std::string> keys;
  for (const auto& g : o.grid) {
    const std::string key = g.substr(0, g.find('='));
    if (!keys.insert(key).second) throw std::invalid_argument("--grid " + key + " is given twice (give its values once: --grid " + key + "=V1,V2,...)");
  }
  std::vector<cc::NamedPath> outs{{"--out", o.out}, {"--out's summary", summaryPath(o.out)}};
  if (!o.plot.empty()) {
    outs.insert(outs.end(), {{"--plot", o.plot}, {"--plot data", o.plot + ".dat"}, {"--plot script", o.plot + ".gp"}});
  }
  std::vector<cc::NamedPath> ins{{"--a", o.a}, {"--b", o.b}};
  for (const auto& c : o.configs)
    for (const auto& f : cc::configFiles(c)) ins.emplace_back("--config", f);  // the file and its base chain
  cc::checkOutputPaths(ins, outs);
  cc::queryModeByName(o.mode);
  if (vec3(o.axis, "axis").norm() == 0) throw std::invalid_argument("--axis must not be zero");
  vec3(o.offset, "offset");
}

// What the results depend on: the plan a sharded sweep's workers and merge read.
nlohmann::json optionsToJson(const Options& o) {
  return {{"a", o.a}, {"b", o.b}, {"backend", o.backend}, {"mode", o.mode}, {"out", o.out}, {"plot", o.plot}, {"configs", o.configs},
          {"grid", o.grid}, {"set", o.set}, {"normalize", o.normalize}, {"poses", o.poses}, {"shard_poses", o.shard_poses},
          {"axis", o.axis}, {"offset", o.offset}};
}
Options optionsFromJson(const nlohmann::json& j) {
  Options o;
  for (auto [k, v] : {std::pair{"a", &o.a}, {"b", &o.b}, {"backend", &o.backend}, {"mode", &o.mode}, {"out", &o.out}, {"plot", &o.plot}})
    j.at(k).get_to(*v);
  for (auto [k, v] : {std::pair{"configs", &o.configs}, {"grid", &o.grid}, {"set", &o.set}}) j.at(k).get_to(*v);
  j.at("normalize").get_to(o.normalize);
  j.at("poses").get_to(o.poses);
  j.at("shard_poses").get_to(o.shard_poses);
  j.at("axis").get_to(o.axis);
  j.at("offset").get_to(o.offset);
  return o;
}

// The sweep set up: configuration points, meshes, trees, poses. Not movable (held by pointer).
struct Sweep {
  Options o;
  std::vector<Axis> grid;
  std::vector<Point> pts;
  cc::Mesh ma, mb;
  cc::DopTree ta, tb;
  std::vector<cc::Pose> poses;
  struct Shard {
    size_t point, begin, end;
    std::string name;
  };
  std::vector<Shard> shards;  // point x pose range
};

std::shared_ptr<Sweep> setUp(const Options& o) {
  checkOptions(o);
  auto sw = std::make_shared<Sweep>();
  sw->o = o;
  std::vector<cc::ChipConfig> bases;
  for (const auto& name : o.configs.empty() ? std::vector<std::string>{"paper"} : o.configs) {
    cc::ChipConfig c = cc::namedConfig(name);
    for (const auto& kv : o.set) cc::setConfigAssignment(c, kv);
    bases.push_back(c);
  }
  for (const auto& g : o.grid) sw->grid.push_back(parseAxis(g));
  sw->pts = expand(bases, sw->grid);
  sw->ma = cc::loadMesh(o.a);
  sw->mb = cc::loadMesh(o.b);
  if (o.normalize) {
    cc::normalizeMesh(sw->ma);
    cc::normalizeMesh(sw->mb);
  }
  const Eigen::Vector3d axis0 = vec3(o.axis, "axis"), offset0 = vec3(o.offset, "offset");
  for (int i = 0; i < o.poses; ++i) sw->poses.push_back(cc::poseFromAxisAngle(axis0, 360.0 * i / o.poses, offset0));
  // Outside the scale the chip's FP32 arithmetic serves: scaled by a power of two (exact).
  if (const int k = cc::sceneScaleExponent({&sw->ma, &sw->mb}, sw->poses); k != 0) {
    cc::scaleScene({&sw->ma, &sw->mb}, sw->poses, k);
    std::fprintf(stderr, "cc_sweep: the scene (meshes and translations) is scaled by 2^%d so the chip's FP32 arithmetic serves it (exact)\n", k);
  }
  cc::checkSceneScale({&sw->ma, &sw->mb}, sw->poses);
  sw->ta = cc::buildTree(sw->ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  sw->tb = cc::buildTree(sw->mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const size_t n = sw->poses.size(), per = o.shard_poses > 0 ? size_t(o.shard_poses) : n;
  const int pw = int(std::to_string(sw->pts.size() - 1).size()), w = int(std::to_string(n - 1).size());
  for (size_t p = 0; p < sw->pts.size(); ++p) {
    for (size_t b = 0; b < n; b += per) {
      char name[96];
      std::snprintf(name, sizeof name, "point%0*zu.%0*zu-%0*zu", pw, p, w, b, w, std::min(n, b + per) - 1);
      sw->shards.push_back({p, b, std::min(n, b + per), name});
    }
  }
  return sw;
}

// One shard: the point's queries on poses [begin, end): the CSV rows as written, and what the
// summary needs (cycles, Eq. 5, the queries' wall time).
nlohmann::json measure(const Sweep& sw, const Sweep::Shard& sh) {
  const Options& o = sw.o;
  const Point& p = sw.pts[sh.point];
  const cc::QueryMode mode = cc::queryModeByName(o.mode);
  cc::checkBoardMemory({&sw.ta, &sw.tb}, cc::reachableBoardBytes(o.backend, p.cfg), o.backend);
  auto dev = cc::makeDevice(o.backend, p.cfg);
  cc::Driver drv(*dev);
  const cc::BoardObject oa = drv.upload(sw.ta, sw.ma), ob = drv.upload(sw.tb, sw.mb);
  nlohmann::json rows = nlohmann::json::array();
  const auto p0 = Clock::now();
  for (size_t i = sh.begin; i < sh.end; ++i) {
    if (cc::interrupted()) throw std::runtime_error("interrupted (signal " + std::to_string(cc::interruptSignal()) + "): no output written");
    const auto q0 = Clock::now();
    const cc::QueryResult r = drv.query(oa, ob, sw.poses[i], mode);
    const double wall = std::chrono::duration<double>(Clock::now() - q0).count();
    std::ostringstream csv;
    csv << csvField(p.cfg.name);
    for (const auto& v : p.values) csv << "," << csvField(v);
    csv << "," << i << "," << 360.0 * i / o.poses << "," << r.pairs.size() << ","
        << (r.error == cc::regs::Error::None ? "" : cc::regs::errorName(r.error));
    r.counters.forEach([&](const char*, uint64_t v) { csv << "," << v; });
    csv << "," << r.counters.cycles / p.cfg.core_mhz << "," << eq5Cycles(r.counters) << "," << wall;
    // Where the TLM model's cycles went (empty for other backends).
    if (const auto* t = dynamic_cast<const cc::tlm::TlmDevice*>(dev.get())) {
      const auto& b = t->timing().breakdown();
      csv << "," << b.pair_wait << "," << b.transform << "," << b.entries << "," << b.entry_wait << "," << b.triangle << "," << b.stack << ","
          << b.other;
    } else {
      csv << ",,,,,,,";
    }
    rows.push_back({{"row", csv.str()}, {"cycles", r.counters.cycles}, {"eq5", eq5Cycles(r.counters)}});
  }
  return {{"rows", rows}, {"seconds", std::chrono::duration<double>(Clock::now() - p0).count()}};
}

// The shards' rows in order -> sweep.csv, *_summary.csv, the chart; the same as one process.
int merge(const Sweep& sw, const std::vector<nlohmann::json>& results) {
  const Options& o = sw.o;
  cc::AtomicOutput csv(o.out, "--out");
  const std::string summary_path = summaryPath(o.out);
  cc::AtomicOutput sum(summary_path, "--out's summary");
  std::string head = "config";
  for (const auto& ax : sw.grid) head += "," + ax.key;
  csv << head << ",pose,angle_deg,pairs,error";
  cc::Counters{}.forEach([&](const char* n, uint64_t) { csv << "," << n; });
  csv << ",hw_us,eq5_cycles,wall_s,pair_wait_cycles,transform_cycles,entry_cycles,entry_wait_cycles,triangle_cycles,stack_cycles,other_cycles\n";
  sum << head << ",queries,mean_cycles,max_cycles,mean_hw_us,mean_eq5_cycles,queries_per_s";
  for (const auto& [k, v] : cc::configFields(cc::ChipConfig{})) {
    if (k != "name") sum << "," << k;
  }
  sum << "\n";
  std::vector<double> means;
  std::vector<double> total(sw.pts.size(), 0), eq5(sw.pts.size(), 0), secs(sw.pts.size(), 0);
  std::vector<uint64_t> worst(sw.pts.size(), 0);
  for (size_t s = 0; s < sw.shards.size(); ++s) {
    const size_t p = sw.shards[s].point;
    const auto& rows = results[s].at("rows");
    if (rows.size() != sw.shards[s].end - sw.shards[s].begin) {  // a damaged or foreign result file
      throw std::runtime_error("shard " + sw.shards[s].name + " holds " + std::to_string(rows.size()) + " rows for its " +
                               std::to_string(sw.shards[s].end - sw.shards[s].begin) +
                               " poses: its result file is damaged; delete it and run again to measure it anew");
    }
    for (const auto& q : rows) {
      csv << q.at("row").get<std::string>() << "\n";
      const uint64_t cycles = q.at("cycles").get<uint64_t>();
      total[p] += static_cast<double>(cycles);
      worst[p] = std::max(worst[p], cycles);
      eq5[p] += q.at("eq5").get<double>();
    }
    secs[p] += results[s].at("seconds").get<double>();
  }
  double all_secs = 0;
  for (size_t i = 0; i < sw.pts.size(); ++i) {
    const Point& p = sw.pts[i];
    const double n = static_cast<double>(sw.poses.size());
    means.push_back(total[i] / n);
    all_secs += secs[i];
    sum << csvField(p.cfg.name);
    for (const auto& v : p.values) sum << "," << csvField(v);
    sum << "," << sw.poses.size() << "," << total[i] / n << "," << worst[i] << "," << total[i] / n / p.cfg.core_mhz << "," << eq5[i] / n << ","
        << n / secs[i];
    for (const auto& [k, v] : cc::configFields(p.cfg)) {
      if (k != "name") sum << "," << v;
    }
    sum << "\n";
    if (!o.quiet) {
      std::printf("%-10s", p.cfg.name.c_str());
      for (size_t g = 0; g < sw.grid.size(); ++g) std::printf(" %s=%s", sw.grid[g].key.c_str(), p.values[g].c_str());
      std::printf("  mean %.0f cycles (%.1f us), worst %llu, Eq.5 %.0f, %.1f queries/s\n", total[i] / n, total[i] / n / p.cfg.core_mhz,
                  (unsigned long long)worst[i], eq5[i] / n, n / secs[i]);
    }
  }
  csv.commit();
  sum.commit();
  const size_t queries = sw.pts.size() * sw.poses.size();
  std::printf("%zu configurations x %zu poses = %zu queries in %.2f s (%.1f queries/s, uploads not included); %s, %s\n", sw.pts.size(),
              sw.poses.size(), queries, all_secs, queries / all_secs, o.out.c_str(), summary_path.c_str());
  if (!o.plot.empty()) {
    writePlot(o.plot, std::to_string(o.poses) + " poses, backend " + o.backend, sw.pts, sw.grid, means);
    std::printf("plot: %s (gnuplot script %s.gp)\n", o.plot.c_str(), o.plot.c_str());
  }
  return 0;
}

cc::shards::Work sweepWork(const std::shared_ptr<Sweep>& sw) {
  cc::shards::Work w{"cc_sweep", optionsToJson(sw->o), {}, {}, {}};
  for (const auto& s : sw->shards) w.shards.push_back(s.name);
  w.measure = [sw](const std::string& name) {
    for (const auto& s : sw->shards)
      if (s.name == name) return measure(*sw, s);
    throw std::invalid_argument("no shard " + name);
  };
  w.merge = [sw](const std::vector<nlohmann::json>& results) { return merge(*sw, results); };
  return w;
}

// The shard folder of a sharded sweep: OUT's name without .csv, plus ".shards".
std::string shardFolder(const std::string& out) { return (out.size() > 4 && out.compare(out.size() - 4, 4, ".csv") == 0 ? out.substr(0, out.size() - 4) : out) + ".shards"; }

}  // namespace

int main(int argc, char** argv) {
  Options o;
  cc::shards::RunOptions run;
  po::options_description desc(
      "cc_sweep: a query set on a grid of chip configurations (TLM model by default); CSV + gnuplot chart");
  desc.add_options()
      ("help,h", "this help")
      ("a", po::value(&o.a), "mesh of the tumbled object A")
      ("b", po::value(&o.b), "mesh of the aligned object B")
      ("normalize", po::bool_switch(&o.normalize), "scale both meshes to a unit bounding box")
      ("poses", po::value(&o.poses), "N poses: A rotated about --axis by 360*i/N degrees, then moved by --offset")
      ("axis", po::value(&o.axis)->multitoken(), "rotation axis X Y Z (default 1 1 1)")
      ("offset", po::value(&o.offset)->multitoken(), "translation X Y Z (default 0 0 0)")
      ("mode", po::value(&o.mode), "all | first")
      ("config", po::value(&o.configs), ("base configuration: a name (" + cc::configNameList() + ") or a .cfg file; repeatable").c_str())
      ("set", po::value(&o.set), "KEY=VALUE applied to every base configuration; repeatable")
      ("grid", po::value(&o.grid), "KEY=V1,V2,... one axis of the grid; repeatable (cartesian product)")
      ("backend", po::value(&o.backend), "tlm (default) | golden | rtl")
      ("out", po::value(&o.out), "per-query CSV (default sweep.csv; the summary goes to *_summary.csv; sharded runs keep their shards in *.shards/)")
      ("plot", po::value(&o.plot), "chart file, .png or .svg (needs gnuplot)")
      ("shard-poses", po::value(&o.shard_poses), "poses per shard (default: all); shards are configuration point x pose range")
      ("quiet,q", po::bool_switch(&o.quiet), "no per-configuration lines");
  po::options_description sharding("Sharded runs (docs/cluster.md); --worker, --merge and --status take the folder OUT.shards");
  cc::shards::addOptions(sharding, run);
  desc.add(sharding);
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help") || argc == 1) {
      std::cout << desc << '\n';
      return vm.count("help") ? 0 : 2;
    }
    const cc::shards::Mode mode = cc::shards::modeOf(run);
    std::string folder;
    if (cc::shards::readsPlan(mode)) {
      for (const char* n : {"a", "b", "normalize", "poses", "axis", "offset", "mode", "config", "set", "grid", "backend", "out", "plot", "shard-poses"})
        if (vm.count(n) && !vm[n].defaulted()) throw std::invalid_argument(std::string("--") + n + " comes from the folder's plan with --worker, --merge and --status");
      const bool quiet = o.quiet;
      folder = cc::shards::folderOf(run);
      o = optionsFromJson(cc::shards::planOptions(folder, "cc_sweep"));
      o.quiet = quiet;
    } else if (mode != cc::shards::Mode::Single) {
      // Other processes (other nodes) read the plan: every path absolute.
      for (std::string* path : {&o.a, &o.b, &o.out, &o.plot})
        if (!path->empty()) *path = std::filesystem::absolute(*path).lexically_normal().string();
      for (auto& c : o.configs) c = absoluteConfig(c);
      folder = shardFolder(o.out);
    }
    cc::installInterruptHandlers();
    const int rc = cc::shards::run(mode, run, folder, sweepWork(setUp(o)));
    return cc::interrupted() ? cc::interruptExitCode() : rc;
  } catch (const po::error& e) {
    std::fprintf(stderr, "cc_sweep: %s (see --help)\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cc_sweep: error: %s\n", e.what());
    return cc::interrupted() ? cc::interruptExitCode() : 2;
  }
}
