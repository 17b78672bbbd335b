// bench_tlm: speed of the TLM model and its calibration hook against the RTL chip. Runs
// the same queries (default: bunny00 vs armadillo, normalized, offset 0.5 0 0) on the
// golden, tlm and (unless --no-rtl) rtl backends and prints, per query and in total, the
// TLM cycles, the RTL cycles and their ratio, Eq. 5, and the wall-clock speed of each.
// Calibration (docs/tlm.md) means bringing tlm_over_rtl to 1 +- 0.02 on this set.
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cc/driver.h"

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

namespace {

using cc::eq5Cycles;

struct Run {
  std::vector<cc::QueryResult> results;
  double seconds = 0;
};

Run runBackend(const std::string& backend, const cc::ChipConfig& cfg, const cc::Mesh& ma, const cc::Mesh& mb,
               const cc::DopTree& ta, const cc::DopTree& tb, const std::vector<cc::Pose>& poses) {
  auto dev = cc::makeDevice(backend, cfg);
  cc::Driver d(*dev);
  const auto a = d.upload(ta, ma), b = d.upload(tb, mb);
  Run r;
  const auto t0 = Clock::now();
  for (const auto& p : poses) r.results.push_back(d.query(a, b, p, cc::QueryMode::All));
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "build/meshes", a = "bunny00.off", b = "armadillo.off", config = "paper";
  int poses = 6, rtl_poses = 2;
  bool no_rtl = false;
  po::options_description desc("bench_tlm: TLM speed and TLM-vs-RTL cycles on one query set");
  desc.add_options()("help,h", "this help")("meshes", po::value(&dir), "mesh folder (default build/meshes)")(
      "a", po::value(&a), "tumbled mesh file in that folder")("b", po::value(&b), "aligned mesh file")(
      "poses", po::value(&poses), "poses for golden/tlm (default 6)")("rtl-poses", po::value(&rtl_poses),
                                                                       "first N poses also on rtl (default 2)")(
      "no-rtl", po::bool_switch(&no_rtl), "skip the RTL chip")("config", po::value(&config), "configuration (default paper)");
  try {
    po::variables_map vm;
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << desc << '\n';
      return 0;
    }
    if (poses < 1 || rtl_poses < 0) throw std::invalid_argument("--poses must be >= 1, --rtl-poses >= 0");
    const cc::ChipConfig cfg = cc::namedConfig(config);
    cc::Mesh ma = cc::loadMesh(dir + "/" + a), mb = cc::loadMesh(dir + "/" + b);
    cc::normalizeMesh(ma);
    cc::normalizeMesh(mb);
    const auto ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const auto tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    std::vector<cc::Pose> ps;
    for (int i = 0; i < poses; ++i) ps.push_back(cc::poseFromAxisAngle({1, 1, 1}, 360.0 * i / poses, {0.5, 0, 0}));

    const Run gold = runBackend("golden", cfg, ma, mb, ta, tb, ps);
    const Run tlm = runBackend("tlm", cfg, ma, mb, ta, tb, ps);
    Run rtl;
    const int nr = no_rtl ? 0 : std::min(rtl_poses, poses);
    if (nr > 0) rtl = runBackend("rtl", cfg, ma, mb, ta, tb, std::vector<cc::Pose>(ps.begin(), ps.begin() + nr));

    std::printf("%5s %12s %12s %10s %12s %9s\n", "pose", "tlm_cycles", "rtl_cycles", "tlm/rtl", "eq5_cycles", "tri_tests");
    double sum_tlm = 0, sum_rtl_tlm = 0, sum_rtl = 0;
    int mismatches = 0;
    for (int i = 0; i < poses; ++i) {
      const auto& t = tlm.results[i];
      const auto& g = gold.results[i];
      mismatches += t.pairs != g.pairs || t.counters.overlap_tests != g.counters.overlap_tests;
      sum_tlm += static_cast<double>(t.counters.cycles);
      if (i < nr) {
        const double rc = static_cast<double>(rtl.results[i].counters.cycles);
        sum_rtl += rc;
        sum_rtl_tlm += static_cast<double>(t.counters.cycles);
        std::printf("%5d %12llu %12.0f %10.3f %12.0f %9llu\n", i, (unsigned long long)t.counters.cycles, rc,
                    t.counters.cycles / rc, eq5Cycles(t.counters), (unsigned long long)t.counters.triangle_tests);
      } else {
        std::printf("%5d %12llu %12s %10s %12.0f %9llu\n", i, (unsigned long long)t.counters.cycles, "-", "-",
                    eq5Cycles(t.counters), (unsigned long long)t.counters.triangle_tests);
      }
    }
    std::printf("config %s, %s vs %s, %d poses\n", cfg.name.c_str(), a.c_str(), b.c_str(), poses);
    std::printf("tlm_queries_per_second %.1f\n", poses / tlm.seconds);
    std::printf("golden_queries_per_second %.1f\n", poses / gold.seconds);
    std::printf("tlm_over_golden_wall %.2f\n", tlm.seconds / gold.seconds);
    std::printf("tlm_mean_cycles %.0f\n", sum_tlm / poses);
    if (nr > 0) {
      std::printf("rtl_queries_per_second %.2f\n", nr / rtl.seconds);
      std::printf("tlm_over_rtl_cycles %.3f  (over the first %d poses; calibrated means 0.98..1.02)\n", sum_rtl_tlm / sum_rtl, nr);
    }
    std::printf("tlm_golden_mismatches %d\n", mismatches);
    return mismatches == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_tlm: error: %s\n", e.what());
    return 2;
  }
}
