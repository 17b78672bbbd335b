// bench_tlm: the TLM model against the RTL chip on one query set, side by side. Runs the
// same queries (default: bunny00 vs armadillo, normalized, offset 0.5 0 0, mode all) on
// the golden, tlm and (unless --no-rtl) rtl backends and prints per query the TLM and RTL
// cycles and their ratio, Eq. 5, then the worst per-query cycle error, whether results
// and counters are identical, and the wall-clock speed of each backend on the same
// queries (docs/tlm.md, "Accuracy and speed"). Golden and TLM go over the query set
// --repeat times (a query takes them milliseconds, too short to time once on a shared
// machine); their time per query is the mean over the passes, and every pass must give
// the first pass's results and counters. The TLM's passes and the RTL's one pass are
// timed side by side in --rounds rounds, and the speed ratio is the median of the rounds'
// ratios: other work on this shared machine comes and goes within seconds and then slows
// both sides of a round alike.
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "cc/command_line.h"
#include "cc/bench_cpu.h"
#include "cc/driver.h"

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

namespace {

using cc::eq5Cycles;

// One backend with the query set's objects on its board. pass() runs the poses once and
// returns each query's seconds; every pass must give the first one's answers.
class Bench {
 public:
  Bench(const std::string& backend, const cc::ChipConfig& cfg, const cc::Mesh& ma, const cc::Mesh& mb,
        const cc::DopTree& ta, const cc::DopTree& tb)
      : name_(backend), dev_(cc::makeDevice(backend, cfg)), drv_(*dev_), a_(drv_.upload(ta, ma)), b_(drv_.upload(tb, mb)) {}
  std::vector<double> pass(const std::vector<cc::Pose>& poses) {
    std::vector<double> seconds;
    for (size_t i = 0; i < poses.size(); ++i) {
      const auto t0 = Clock::now();
      cc::QueryResult q = drv_.query(a_, b_, poses[i], cc::QueryMode::All);
      seconds.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
      if (results_.size() <= i) {
        results_.push_back(std::move(q));
      } else if (const std::string d = cc::firstDifference("later", q, "first", results_[i], true); !d.empty()) {
        throw std::runtime_error(name_ + ": a later pass of query " + std::to_string(i) + " differs from the first: " + d);
      }
    }
    return seconds;
  }
  // Each query's mean seconds over `repeat` passes.
  std::vector<double> meanPass(const std::vector<cc::Pose>& poses, int repeat) {
    std::vector<double> mean(poses.size(), 0.0);
    for (int k = 0; k < repeat; ++k) {
      const std::vector<double> t = pass(poses);
      for (size_t i = 0; i < t.size(); ++i) mean[i] += t[i] / repeat;
    }
    return mean;
  }
  const std::vector<cc::QueryResult>& results() const { return results_; }
  static double sum(const std::vector<double>& v) {
    double t = 0;
    for (double x : v) t += x;
    return t;
  }

 private:
  std::string name_;
  std::unique_ptr<cc::Device> dev_;
  cc::Driver drv_;
  cc::BoardObject a_, b_;
  std::vector<cc::QueryResult> results_;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  cc::pinBenchCpuOrExit("bench_tlm");
  std::string dir = "build/meshes", a = "bunny00.off", b = "armadillo.off", configs = "paper,queued,modern_parallel";
  int poses = 6, rtl_poses = 6, repeat = 10, rounds = 3;
  bool no_rtl = false;
  po::options_description desc("bench_tlm: TLM speed and TLM-vs-RTL cycles on one query set");
  desc.add_options()("help,h", "this help")("meshes", po::value(&dir), "mesh folder (default build/meshes)")(
      "a", po::value(&a), "tumbled mesh file in that folder")("b", po::value(&b), "aligned mesh file")(
      "poses", po::value(&poses), "poses for golden/tlm (default 6)")("rtl-poses", po::value(&rtl_poses),
                                                                       "first N poses also on rtl (default 6)")(
      "repeat", po::value(&repeat), "passes of golden and tlm over the poses (default 10)")(
      "rounds", po::value(&rounds), "rounds of tlm passes and one rtl pass timed side by side (default 3)")(
      "no-rtl", po::bool_switch(&no_rtl), "skip the RTL chip")(
      "config", po::value(&configs),
      "configurations, comma-separated, benched in turn (default paper,queued,modern_parallel: the chip as built, "
      "the one with queued triangle tests and the one with four triangle-test engines)");
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << desc << '\n';
      return 0;
    }
    if (poses < 1 || rtl_poses < 0 || repeat < 1 || rounds < 1)
      throw std::invalid_argument("--poses, --repeat and --rounds must be >= 1, --rtl-poses >= 0");
    cc::Mesh ma = cc::loadMesh(dir + "/" + a), mb = cc::loadMesh(dir + "/" + b);
    cc::normalizeMesh(ma);
    cc::normalizeMesh(mb);
    const auto ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const auto tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    std::vector<cc::Pose> ps;
    for (int i = 0; i < poses; ++i) ps.push_back(cc::poseFromAxisAngle({1, 1, 1}, 360.0 * i / poses, {0.5, 0, 0}));

    const int nr = no_rtl ? 0 : std::min(rtl_poses, poses);
    const std::vector<cc::Pose> rtl_ps(ps.begin(), ps.begin() + nr);
    bool all_equal = true;
    for (std::string rest = configs; !rest.empty();) {
      const size_t comma = rest.find(',');
      const cc::ChipConfig cfg = cc::namedConfig(rest.substr(0, comma));
      rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
      Bench golden("golden", cfg, ma, mb, ta, tb), tlm("tlm", cfg, ma, mb, ta, tb);
      std::unique_ptr<Bench> rtl;
      if (nr > 0) rtl = std::make_unique<Bench>("rtl", cfg, ma, mb, ta, tb);
      const double golden_s = Bench::sum(golden.meanPass(ps, repeat));
      // Rounds: the TLM's passes over all poses (its time on the first nr of them kept for
      // the ratio), then the RTL's pass over those nr.
      std::vector<double> tlm_s, rtl_s, speedups;
      for (int r = 0; r < rounds; ++r) {
        const std::vector<double> per_query = tlm.meanPass(ps, repeat);
        tlm_s.push_back(Bench::sum(per_query));
        if (!rtl) continue;
        const double tlm_on_rtl_poses = Bench::sum(std::vector<double>(per_query.begin(), per_query.begin() + nr));
        rtl_s.push_back(Bench::sum(rtl->pass(rtl_ps)));
        speedups.push_back(rtl_s.back() / tlm_on_rtl_poses);
      }

      std::printf("%5s %12s %12s %10s %12s %9s\n", "pose", "tlm_cycles", "rtl_cycles", "tlm/rtl", "eq5_cycles", "tri_tests");
      double sum_tlm = 0, sum_rtl_tlm = 0, sum_rtl = 0, worst_err = 0;
      int mismatches = 0, rtl_mismatches = 0;
      for (int i = 0; i < poses; ++i) {
        const auto& t = tlm.results()[i];
        const auto& g = golden.results()[i];
        mismatches += !cc::firstDifference("tlm", t, "golden", g, false).empty();
        sum_tlm += static_cast<double>(t.counters.cycles);
        if (i < nr) {
          const auto& r = rtl->results()[i];
          rtl_mismatches += !cc::firstDifference("tlm", t, "rtl", r, false).empty();
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
      std::printf("config %s, %s vs %s, %d poses (mode all), golden and tlm times the mean of %d passes, "
                  "tlm and rtl timed side by side in %d rounds (medians)\n",
                  cfg.name.c_str(), a.c_str(), b.c_str(), poses, repeat, rounds);
      const double tlm_med = median(tlm_s);
      std::printf("tlm_queries_per_second %.1f\n", poses / tlm_med);
      std::printf("golden_queries_per_second %.1f\n", poses / golden_s);
      std::printf("tlm_over_golden_wall %.2f\n", tlm_med / golden_s);
      std::printf("tlm_mean_cycles %.0f\n", sum_tlm / poses);
      std::printf("tlm_golden_mismatches %d  (results, error, counters but cycles)\n", mismatches);
      if (nr > 0) {
        std::printf("rtl_queries_per_second %.2f  (first %d poses)\n", nr / median(rtl_s), nr);
        std::printf("tlm_over_rtl_cycles %.4f  (total over the first %d poses)\n", sum_rtl_tlm / sum_rtl, nr);
        std::printf("tlm_rtl_worst_query_error %.4f%%  (target: 2%%, never worse than 5%%)\n", 100.0 * worst_err);
        std::printf("tlm_rtl_mismatches %d  (results, error, counters but cycles)\n", rtl_mismatches);
        std::string each;
        for (double x : speedups) each += (each.empty() ? "" : " ") + std::to_string(static_cast<int>(std::lround(x)));
        std::printf("tlm_speedup_over_rtl %.1f  (wall time on the same %d queries, median of the rounds: %s; target 100)\n",
                    median(speedups), nr, each.c_str());
      }
      all_equal = all_equal && mismatches == 0 && rtl_mismatches == 0;
    }
    return all_equal ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_tlm: error: %s\n", e.what());
    return 2;
  }
}
