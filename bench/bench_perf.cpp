// bench_perf: the small workload of the performance study for `make bench` (a few
// seconds): bunny00 against armadillo, 24 poses at d = 0.5 and 1 in mode first, golden
// counters (Eq. 5) beside the software traversal and FCL OBBRSS, all-pairs checked against
// FCL. The full study is `make results` (docs/results.md).
#include <cstdio>
#include <filesystem>

#include "cc/bench_cpu.h"
#include "cc/command_line.h"
#include "study.h"

int main(int argc, char** argv) {
  const auto args = cc::positionalArgs(argc, argv, "usage: bench_perf [MESH_DIR] [OUT_DIR]", 2);
  cc::pinBenchCpuOrExit("bench_perf");
  cc::perf::StudyOptions o;
  o.mesh_dir = args.size() > 0 ? args[0] : CC_MESH_DIR;
  o.out_dir = args.size() > 1 ? args[1] : CC_BENCH_OUT;
  if (!std::filesystem::exists(o.mesh_dir + "/bunny00.off")) {
    std::fprintf(stderr, "bench_perf: %s/bunny00.off not found (run 'make meshes')\n", o.mesh_dir.c_str());
    return 2;
  }
  o.pairs = cc::perf::parsePairs("bunny00:armadillo");
  o.distances = {0.5, 1.0};
  o.steps = 12;
  o.backends = {"golden", "sw", "fcl_obbrss"};
  o.check = true;
  o.quiet = true;
  try {
    return cc::perf::runStudy(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_perf: error: %s\n", e.what());
    return 2;
  }
}
