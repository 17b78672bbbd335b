// bench_chip: the simulated chip on real queries, in two parts.
//
// 1. bunny00 vs armadillo (normalized, poses about (1,1,1), offset 0.5 0 0, mode all, the
//    paper configuration): the chip's cycles against the paper's Eq. 5 computed from the
//    same counters, and the RTL's wall time against the golden model's, side by side.
// 2. Simulation speed (docs/rtl_simulation.md): chip cycles per wall-clock second of the
//    Verilated chip on its board (`--backend rtl`: PCI host model and checker, SDRAM device
//    model with its timing checker, stack SRAM, every assertion on) and of the TLM model,
//    on two queries: bunny00 vs armadillo (offset 0.5 0 0) and fandisk_large vs blade
//    (offset 0 0 0), pose angle 0, mode all. In each of `rounds` rounds the RTL runs the
//    query once and the TLM `tlm_repeat` times (a query takes it milliseconds) right after
//    it; the speeds printed are the medians of the rounds. Both must give the same
//    results, counters and cycles on every run.
//
//   bench_chip [MESH_DIR] [POSES (part 1, 0 skips it)] [ROUNDS (part 2, default 3)]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cc/bench_cpu.h"
#include "cc/command_line.h"
#include "cc/driver.h"

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

cc::Mesh normalized(const std::string& path) {
  cc::Mesh m = cc::loadMesh(path);
  cc::normalizeMesh(m);
  return m;
}

// Part 1: the chip's cycles against Eq. 5, the RTL against golden.
int cyclesAgainstEq5(const std::string& dir, int poses) {
  const cc::Mesh a = normalized(dir + "/bunny00.off"), b = normalized(dir + "/armadillo.off");
  const cc::DopTree ta = cc::buildTree(a, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const cc::DopTree tb = cc::buildTree(b, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  auto rdev = cc::makeDevice("rtl", cc::namedConfig("paper"));
  auto gdev = cc::makeDevice("golden", cc::namedConfig("paper"));
  cc::Driver rtl(*rdev), golden(*gdev);
  const cc::BoardObject ra = rtl.upload(ta, a), rb = rtl.upload(tb, b), ga = golden.upload(ta, a), gb = golden.upload(tb, b);
  double rtl_s = 0, golden_s = 0, cycles = 0, eq5 = 0, lists = 0;
  for (int i = 0; i < poses; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({1, 1, 1}, 360.0 * i / poses, {0.5, 0, 0});
    auto t0 = Clock::now();
    const cc::QueryResult r = rtl.query(ra, rb, pose, cc::QueryMode::All);
    auto t1 = Clock::now();
    const cc::QueryResult g = golden.query(ga, gb, pose, cc::QueryMode::All);
    auto t2 = Clock::now();
    if (r.pairs != g.pairs) {
      std::fprintf(stderr, "bench_chip: rtl and golden disagree at pose %d\n", i);
      return 1;
    }
    rtl_s += std::chrono::duration<double>(t1 - t0).count();
    golden_s += std::chrono::duration<double>(t2 - t1).count();
    const auto& c = r.counters;
    cycles += c.cycles;
    lists += c.lists;
    eq5 += cc::eq5Cycles(c);
  }
  std::printf("poses: %d\n", poses);
  std::printf("rtl_cycles: %.0f\n", cycles);
  std::printf("eq5_cycles: %.0f\n", eq5);
  std::printf("rtl_over_eq5: %.2f\n", cycles / eq5);
  std::printf("rtl_cycles_per_list: %.1f\n", cycles / lists);
  std::printf("sim_cycles_per_second: %.0f\n", cycles / rtl_s);
  std::printf("golden_over_rtl_wall_speed: %.1f\n", rtl_s / golden_s);
  return 0;
}

struct SpeedQuery {
  const char* a;
  const char* b;
  double offset;  // along x
};

// Part 2: RTL and TLM simulation speed, side by side.
int simulationSpeed(const std::string& dir, int rounds) {
  constexpr int kTlmRepeat = 20;
  const SpeedQuery queries[] = {{"bunny00", "armadillo", 0.5}, {"fandisk_large", "blade", 0.0}};
  std::printf("simulation speed: config paper, mode all, pose angle 0; rtl one run and tlm the mean of %d per "
              "round, side by side, %d rounds (medians; each round's rtl speed listed)\n",
              kTlmRepeat, rounds);
  std::printf("%-24s %6s %9s %8s %16s %16s %13s  %s\n", "query", "offset", "cycles", "rtl_s", "rtl_cycles_per_s",
              "tlm_cycles_per_s", "tlm_over_rtl", "rtl_cycles_per_s each round");
  int status = 0;
  for (const SpeedQuery& q : queries) {
    const cc::Mesh a = normalized(dir + "/" + q.a + ".off"), b = normalized(dir + "/" + q.b + ".off");
    const cc::DopTree ta = cc::buildTree(a, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const cc::DopTree tb = cc::buildTree(b, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    auto rdev = cc::makeDevice("rtl", cc::namedConfig("paper"));
    // A build without SystemC has no TLM backend: golden takes its place, untimed (its
    // column then says so and cycles are not compared).
    std::unique_ptr<cc::Device> tdev;
    bool have_tlm = true;
    try {
      tdev = cc::makeDevice("tlm", cc::namedConfig("paper"));
    } catch (const std::exception&) {
      have_tlm = false;
      tdev = cc::makeDevice("golden", cc::namedConfig("paper"));
    }
    cc::Driver rtl(*rdev), tlm(*tdev);
    const cc::BoardObject ra = rtl.upload(ta, a), rb = rtl.upload(tb, b), tla = tlm.upload(ta, a), tlb = tlm.upload(tb, b);
    const cc::Pose pose = cc::poseFromAxisAngle({1, 1, 1}, 0.0, {q.offset, 0, 0});
    std::vector<double> rtl_s, tlm_s, ratio;
    uint64_t cycles = 0;
    for (int r = 0; r < rounds; ++r) {
      auto t0 = Clock::now();
      const cc::QueryResult rr = rtl.query(ra, rb, pose, cc::QueryMode::All);
      auto t1 = Clock::now();
      for (int k = 0; k < kTlmRepeat; ++k) {
        const cc::QueryResult tr = tlm.query(tla, tlb, pose, cc::QueryMode::All);
        if (const std::string d = cc::firstDifference("tlm", tr, "rtl", rr, have_tlm); !d.empty()) {
          std::fprintf(stderr, "bench_chip: %s vs %s: %s\n", q.a, q.b, d.c_str());
          status = 1;
        }
      }
      auto t2 = Clock::now();
      cycles = rr.counters.cycles;
      rtl_s.push_back(std::chrono::duration<double>(t1 - t0).count());
      tlm_s.push_back(std::chrono::duration<double>(t2 - t1).count() / kTlmRepeat);
      ratio.push_back(rtl_s.back() / tlm_s.back());
    }
    std::string each;
    for (double s : rtl_s) each += (each.empty() ? "" : " ") + std::to_string(static_cast<long>(cycles / s));
    const std::string name = std::string(q.a) + " vs " + q.b;
    const double c = static_cast<double>(cycles);
    std::printf("%-24s %6.2f %9llu %8.3f %16.0f %16.0f %13.1f  %s%s\n", name.c_str(), q.offset, (unsigned long long)cycles,
                median(rtl_s), c / median(rtl_s), c / median(tlm_s), median(ratio), each.c_str(),
                have_tlm ? "" : "  (no tlm backend in this build: golden in its columns)");
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  const auto args = cc::positionalArgs(argc, argv, "usage: bench_chip [MESH_DIR] [POSES >= 0] [ROUNDS >= 1]", 3);
  cc::pinBenchCpuOrExit("bench_chip");
  const std::string dir = args.size() > 0 ? args[0] : CC_MESH_DIR;
  const int poses = args.size() > 1 ? std::atoi(args[1].c_str()) : 6;
  const int rounds = args.size() > 2 ? std::atoi(args[2].c_str()) : 3;
  for (const char* m : {"bunny00", "armadillo", "fandisk_large", "blade"}) {
    if (!std::filesystem::exists(dir + "/" + m + ".off")) {
      std::fprintf(stderr, "bench_chip: %s/%s.off not found (run 'make meshes')\n", dir.c_str(), m);
      return 2;
    }
  }
  if (poses < 0 || rounds < 1) {
    std::fprintf(stderr, "usage: bench_chip [MESH_DIR] [POSES >= 0] [ROUNDS >= 1]\n");
    return 2;
  }
  try {
    if (poses > 0 && cyclesAgainstEq5(dir, poses) != 0) return 1;
    return simulationSpeed(dir, rounds);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_chip: error: %s\n", e.what());
    return 2;
  }
}
