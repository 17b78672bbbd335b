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
#include <map>
#include <sstream>

#include "cc/command_line.h"
#include "cc/driver.h"
#include "cc/tlm_device.h"

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
  std::string a, b, backend = "tlm", mode = "all", out = "sweep.csv", plot, x;
  std::vector<std::string> configs, grid, set;
  bool normalize = false, quiet = false;
  int poses = 12;
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
  std::ofstream d(data);
  if (!d) throw std::runtime_error("cannot write " + data);
  for (const auto& label : order) {
    d << dataString(label) << "\n";
    for (const auto& [x, y] : series[label]) d << dataString(x) << " " << y << "\n";
    d << "\n\n";
  }
  d.close();
  if (!d) throw std::runtime_error("error writing " + data);
  std::ofstream g(script);
  if (!g) throw std::runtime_error("cannot write " + script);
  g << (svg ? "set terminal svg size 900,560 dynamic\n" : "set terminal pngcairo size 900,560\n");
  g << "set output " << gnuplotString(plot) << "\n";
  g << "set title " << gnuplotString("CollisionChip TLM: mean chip cycles per query (" + summary + ")") << " noenhanced\n";
  g << "set xlabel " << gnuplotString(grid.empty() ? std::string("configuration") : grid[0].key) << " noenhanced\n";
  g << "set ylabel 'chip cycles per query'\nset grid\nset key outside right noenhanced\nset yrange [0:*]\n";
  g << "plot for [i=0:" << order.size() - 1 << "] " << gnuplotString(data)
    << " index i using 0:2:xtic(1) with linespoints lw 2 title columnheader(1)\n";
  g.close();
  if (!g) throw std::runtime_error("error writing " + script);
  runGnuplot(script);
}

int run(const Options& o) {
  if (o.a.empty() || o.b.empty()) throw std::invalid_argument("--a and --b are required");
  if (o.poses < 1) throw std::invalid_argument("--poses must be at least 1");
  if (o.plot.find_first_of("\r\n") != std::string::npos) throw std::invalid_argument("--plot: the file name must not contain a line break");
  const cc::QueryMode mode = cc::queryModeByName(o.mode);
  const Eigen::Vector3d axis = vec3(o.axis, "axis"), offset = vec3(o.offset, "offset");
  if (axis.norm() == 0) throw std::invalid_argument("--axis must not be zero");
  std::vector<cc::ChipConfig> bases;
  for (const auto& name : o.configs.empty() ? std::vector<std::string>{"paper"} : o.configs) {
    cc::ChipConfig c = cc::namedConfig(name);
    for (const auto& kv : o.set) cc::setConfigAssignment(c, kv);
    bases.push_back(c);
  }
  std::vector<Axis> grid;
  for (const auto& g : o.grid) grid.push_back(parseAxis(g));
  const std::vector<Point> pts = expand(bases, grid);

  cc::Mesh ma = cc::loadMesh(o.a), mb = cc::loadMesh(o.b);
  if (o.normalize) {
    cc::normalizeMesh(ma);
    cc::normalizeMesh(mb);
  }
  const cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  std::vector<cc::Pose> poses;
  for (int i = 0; i < o.poses; ++i) poses.push_back(cc::poseFromAxisAngle(axis, 360.0 * i / o.poses, offset));

  std::ofstream csv(o.out);
  if (!csv) throw std::runtime_error("cannot write " + o.out);
  const std::string summary_path = o.out.size() > 4 && o.out.compare(o.out.size() - 4, 4, ".csv") == 0
                                       ? o.out.substr(0, o.out.size() - 4) + "_summary.csv"
                                       : o.out + ".summary.csv";
  std::ofstream sum(summary_path);
  if (!sum) throw std::runtime_error("cannot write " + summary_path);
  std::string head = "config";
  for (const auto& ax : grid) head += "," + ax.key;
  csv << head << ",pose,angle_deg,pairs,error";
  cc::Counters{}.forEach([&](const char* n, uint64_t) { csv << "," << n; });
  csv << ",hw_us,eq5_cycles,wall_s,pair_wait_cycles,transform_cycles,entry_cycles,entry_wait_cycles,triangle_cycles,stack_cycles,other_cycles\n";
  sum << head << ",queries,mean_cycles,max_cycles,mean_hw_us,mean_eq5_cycles,queries_per_s";
  for (const auto& [k, v] : cc::configFields(cc::ChipConfig{})) {
    if (k != "name") sum << "," << k;
  }
  sum << "\n";

  std::vector<double> means;
  size_t queries = 0;
  const auto t0 = Clock::now();
  for (const Point& p : pts) {
    auto dev = cc::makeDevice(o.backend, p.cfg);
    cc::Driver drv(*dev);
    const cc::BoardObject oa = drv.upload(ta, ma), ob = drv.upload(tb, mb);
    double total = 0, eq5 = 0;
    uint64_t worst = 0;
    const auto p0 = Clock::now();
    for (size_t i = 0; i < poses.size(); ++i) {
      const auto q0 = Clock::now();
      const cc::QueryResult r = drv.query(oa, ob, poses[i], mode);
      const double wall = std::chrono::duration<double>(Clock::now() - q0).count();
      csv << csvField(p.cfg.name);
      for (const auto& v : p.values) csv << "," << csvField(v);
      csv << "," << i << "," << 360.0 * i / o.poses << "," << r.pairs.size() << ","
          << (r.error == cc::regs::Error::None ? "" : cc::regs::errorName(r.error));
      r.counters.forEach([&](const char*, uint64_t v) { csv << "," << v; });
      csv << "," << r.counters.cycles / p.cfg.core_mhz << "," << eq5Cycles(r.counters) << "," << wall;
      // Where the TLM model's cycles went (empty for other backends).
      if (const auto* t = dynamic_cast<const cc::tlm::TlmDevice*>(dev.get())) {
        const auto& b = t->timing().breakdown();
        csv << "," << b.pair_wait << "," << b.transform << "," << b.entries << "," << b.entry_wait << "," << b.triangle
            << "," << b.stack << "," << b.other << "\n";
      } else {
        csv << ",,,,,,,\n";
      }
      total += static_cast<double>(r.counters.cycles);
      worst = std::max(worst, r.counters.cycles);
      eq5 += eq5Cycles(r.counters);
      ++queries;
    }
    const double secs = std::chrono::duration<double>(Clock::now() - p0).count();
    const double n = static_cast<double>(poses.size());
    means.push_back(total / n);
    sum << csvField(p.cfg.name);
    for (const auto& v : p.values) sum << "," << csvField(v);
    sum << "," << poses.size() << "," << total / n << "," << worst << "," << total / n / p.cfg.core_mhz << "," << eq5 / n << ","
        << n / secs;
    for (const auto& [k, v] : cc::configFields(p.cfg)) {
      if (k != "name") sum << "," << v;
    }
    sum << "\n";
    if (!o.quiet) {
      std::printf("%-10s", p.cfg.name.c_str());
      for (size_t g = 0; g < grid.size(); ++g) std::printf(" %s=%s", grid[g].key.c_str(), p.values[g].c_str());
      std::printf("  mean %.0f cycles (%.1f us), worst %llu, Eq.5 %.0f, %.1f queries/s\n", total / n,
                  total / n / p.cfg.core_mhz, (unsigned long long)worst, eq5 / n, n / secs);
    }
  }
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  csv.close();
  sum.close();
  if (!csv) throw std::runtime_error("error writing " + o.out);
  if (!sum) throw std::runtime_error("error writing " + summary_path);
  std::printf("%zu configurations x %zu poses = %zu queries in %.2f s (%.1f queries/s, uploads included); %s, %s\n",
              pts.size(), poses.size(), queries, secs, queries / secs, o.out.c_str(), summary_path.c_str());
  if (!o.plot.empty()) {
    writePlot(o.plot, std::to_string(o.poses) + " poses, backend " + o.backend, pts, grid, means);
    std::printf("plot: %s (gnuplot script %s.gp)\n", o.plot.c_str(), o.plot.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
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
      ("out", po::value(&o.out), "per-query CSV (default sweep.csv; the summary goes to *_summary.csv)")
      ("plot", po::value(&o.plot), "chart file, .png or .svg (needs gnuplot)")
      ("quiet,q", po::bool_switch(&o.quiet), "no per-configuration lines");
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help") || argc == 1) {
      std::cout << desc << '\n';
      return vm.count("help") ? 0 : 2;
    }
    return run(o);
  } catch (const po::error& e) {
    std::fprintf(stderr, "cc_sweep: %s (see --help)\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cc_sweep: error: %s\n", e.what());
    return 2;
  }
}
