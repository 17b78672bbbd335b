// bench_tlm: the TLM model against the RTL chip on one query set, side by side. Runs the
// same queries (default: bunny00 vs armadillo, normalized, offset 0.5 0 0, mode all) on
// the golden, tlm and (unless --no-rtl) rtl backends and prints per query the TLM and RTL
// cycles and their ratio, Eq. 5, then the worst per-query cycle error, whether results
// and counters are identical, and the wall-clock speed of each backend on the same
// queries (docs/tlm.md, "Accuracy and speed"). Golden and TLM go over the query set
// --repeat times (a query takes them milliseconds, too short to time once on a shared
// machine); their time per query is the mean over the passes, and every pass must give
// the first pass's results and counters.
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>

#include "cc/command_line.h"
#include "cc/driver.h"

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

namespace {

using cc::eq5Cycles;

struct Run {
  std::vector<cc::QueryResult> results;
  std::vector<double> seconds;  // per query
  double total(size_t n) const {
    double t = 0;
    for (size_t i = 0; i < n && i < seconds.size(); ++i) t += seconds[i];
    return t;
  }
};

using cc::sameCounters;

Run runBackend(const std::string& backend, const cc::ChipConfig& cfg, const cc::Mesh& ma, const cc::Mesh& mb,
               const cc::DopTree& ta, const cc::DopTree& tb, const std::vector<cc::Pose>& poses, int repeat = 1) {
  auto dev = cc::makeDevice(backend, cfg);
  cc::Driver d(*dev);
  const auto a = d.upload(ta, ma), b = d.upload(tb, mb);
  Run r;
  r.seconds.assign(poses.size(), 0.0);
  for (int pass = 0; pass < repeat; ++pass) {
    for (size_t i = 0; i < poses.size(); ++i) {
      const auto t0 = Clock::now();
      cc::QueryResult q = d.query(a, b, poses[i], cc::QueryMode::All);
      r.seconds[i] += std::chrono::duration<double>(Clock::now() - t0).count() / repeat;
      if (pass == 0) {
        r.results.push_back(std::move(q));
      } else if (q.pairs != r.results[i].pairs || q.error != r.results[i].error ||
                 !sameCounters(q.counters, r.results[i].counters, true)) {
        throw std::runtime_error(backend + ": pass " + std::to_string(pass) + " of query " + std::to_string(i) +
                                 " differs from the first pass");
      }
    }
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "build/meshes", a = "bunny00.off", b = "armadillo.off", config = "paper";
  int poses = 6, rtl_poses = 6, repeat = 10;
  bool no_rtl = false;
  po::options_description desc("bench_tlm: TLM speed and TLM-vs-RTL cycles on one query set");
  desc.add_options()("help,h", "this help")("meshes", po::value(&dir), "mesh folder (default build/meshes)")(
      "a", po::value(&a), "tumbled mesh file in that folder")("b", po::value(&b), "aligned mesh file")(
      "poses", po::value(&poses), "poses for golden/tlm (default 6)")("rtl-poses", po::value(&rtl_poses),
                                                                       "first N poses also on rtl (default 6)")(
      "repeat", po::value(&repeat), "passes of golden and tlm over the poses (default 10)")(
      "no-rtl", po::bool_switch(&no_rtl), "skip the RTL chip")("config", po::value(&config), "configuration (default paper)");
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << desc << '\n';
      return 0;
    }
    if (poses < 1 || rtl_poses < 0 || repeat < 1)
      throw std::invalid_argument("--poses and --repeat must be >= 1, --rtl-poses >= 0");
    const cc::ChipConfig cfg = cc::namedConfig(config);
    cc::Mesh ma = cc::loadMesh(dir + "/" + a), mb = cc::loadMesh(dir + "/" + b);
    cc::normalizeMesh(ma);
    cc::normalizeMesh(mb);
    const auto ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const auto tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    std::vector<cc::Pose> ps;
    for (int i = 0; i < poses; ++i) ps.push_back(cc::poseFromAxisAngle({1, 1, 1}, 360.0 * i / poses, {0.5, 0, 0}));

    const Run gold = runBackend("golden", cfg, ma, mb, ta, tb, ps, repeat);
    const Run tlm = runBackend("tlm", cfg, ma, mb, ta, tb, ps, repeat);
    Run rtl;
    const int nr = no_rtl ? 0 : std::min(rtl_poses, poses);
    if (nr > 0) rtl = runBackend("rtl", cfg, ma, mb, ta, tb, std::vector<cc::Pose>(ps.begin(), ps.begin() + nr));

    std::printf("%5s %12s %12s %10s %12s %9s\n", "pose", "tlm_cycles", "rtl_cycles", "tlm/rtl", "eq5_cycles", "tri_tests");
    double sum_tlm = 0, sum_rtl_tlm = 0, sum_rtl = 0, worst_err = 0;
    int mismatches = 0, rtl_mismatches = 0;
    for (int i = 0; i < poses; ++i) {
      const auto& t = tlm.results[i];
      const auto& g = gold.results[i];
      mismatches += t.pairs != g.pairs || t.error != g.error || !sameCounters(t.counters, g.counters, false);
      sum_tlm += static_cast<double>(t.counters.cycles);
      if (i < nr) {
        const auto& r = rtl.results[i];
        rtl_mismatches += t.pairs != r.pairs || t.error != r.error || !sameCounters(t.counters, r.counters, false);
        const double rc = static_cast<double>(r.counters.cycles);
        sum_rtl += rc;
        sum_rtl_tlm += static_cast<double>(t.counters.cycles);
        worst_err = std::max(worst_err, std::fabs(t.counters.cycles / rc - 1.0));
        std::printf("%5d %12llu %12.0f %10.4f %12.0f %9llu\n", i, (unsigned long long)t.counters.cycles, rc,
                    t.counters.cycles / rc, eq5Cycles(t.counters), (unsigned long long)t.counters.triangle_tests);
      } else {
        std::printf("%5d %12llu %12s %10s %12.0f %9llu\n", i, (unsigned long long)t.counters.cycles, "-", "-",
                    eq5Cycles(t.counters), (unsigned long long)t.counters.triangle_tests);
      }
    }
    std::printf("config %s, %s vs %s, %d poses (mode all), golden and tlm times the mean of %d passes\n",
                cfg.name.c_str(), a.c_str(), b.c_str(), poses, repeat);
    std::printf("tlm_queries_per_second %.1f\n", poses / tlm.total(poses));
    std::printf("golden_queries_per_second %.1f\n", poses / gold.total(poses));
    std::printf("tlm_over_golden_wall %.2f\n", tlm.total(poses) / gold.total(poses));
    std::printf("tlm_mean_cycles %.0f\n", sum_tlm / poses);
    std::printf("tlm_golden_mismatches %d  (results, error, counters but cycles)\n", mismatches);
    if (nr > 0) {
      std::printf("rtl_queries_per_second %.2f  (first %d poses)\n", nr / rtl.total(nr), nr);
      std::printf("tlm_over_rtl_cycles %.4f  (total over the first %d poses)\n", sum_rtl_tlm / sum_rtl, nr);
      std::printf("tlm_rtl_worst_query_error %.4f%%  (target: 2%%, never worse than 5%%)\n", 100.0 * worst_err);
      std::printf("tlm_rtl_mismatches %d  (results, error, counters but cycles)\n", rtl_mismatches);
      std::printf("tlm_speedup_over_rtl %.1f  (wall time on the same %d queries; target 100)\n",
                  rtl.total(nr) / tlm.total(nr), nr);
    }
    return mismatches == 0 && rtl_mismatches == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_tlm: error: %s\n", e.what());
    return 2;
  }
}
