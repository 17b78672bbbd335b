// bench_chip: the simulated chip on a real query (bunny00 vs armadillo, normalized, poses
// about (1,1,1), offset 0.5 0 0): simulation speed, and the chip's cycles against the
// paper's Eq. 5 computed from the same counters, side by side in one run.
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "cc/bench_cpu.h"
#include "cc/driver.h"

int main(int argc, char** argv) {
  cc::pinBenchCpuOrExit("bench_chip");
  const std::string dir = argc > 1 ? argv[1] : CC_MESH_DIR;
  const int poses = argc > 2 ? std::atoi(argv[2]) : 6;
  if (!std::filesystem::exists(dir + "/bunny00.off")) {
    std::fprintf(stderr, "bench_chip: %s/bunny00.off not found (run 'make meshes')\n", dir.c_str());
    return 2;
  }
  cc::Mesh a = cc::loadMesh(dir + "/bunny00.off"), b = cc::loadMesh(dir + "/armadillo.off");
  cc::normalizeMesh(a);
  cc::normalizeMesh(b);
  const cc::DopTree ta = cc::buildTree(a, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const cc::DopTree tb = cc::buildTree(b, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  auto rdev = cc::makeDevice("rtl", cc::namedConfig("paper"));
  auto gdev = cc::makeDevice("golden", cc::namedConfig("paper"));
  cc::Driver rtl(*rdev), golden(*gdev);
  const cc::BoardObject ra = rtl.upload(ta, a), rb = rtl.upload(tb, b), ga = golden.upload(ta, a), gb = golden.upload(tb, b);
  double rtl_s = 0, golden_s = 0, cycles = 0, eq5 = 0, lists = 0;
  for (int i = 0; i < poses; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({1, 1, 1}, 360.0 * i / poses, {0.5, 0, 0});
    auto t0 = std::chrono::steady_clock::now();
    const cc::QueryResult r = rtl.query(ra, rb, pose, cc::QueryMode::All);
    auto t1 = std::chrono::steady_clock::now();
    const cc::QueryResult g = golden.query(ga, gb, pose, cc::QueryMode::All);
    auto t2 = std::chrono::steady_clock::now();
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
