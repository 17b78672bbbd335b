// The study itself: runs every pose of every mesh pair on the chosen backends and writes
// the outputs (see cc_perf.cpp, docs/results.md).
#pragma once
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "perf.h"

namespace cc::perf {

struct StudyOptions {
  std::string mesh_dir, out_dir = "build/perf", mode = "first";
  std::vector<MeshPair> pairs;
  std::vector<double> distances;
  std::vector<std::string> backends, tlm_configs;
  int steps = 36, rtl_every = 1, kdop_every = 1, repeat = 3, exact_limit = 200;
  bool check = false, quiet = false;
};
std::vector<std::string> knownBackends();

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();  // not measured

// One pose of one pair: what each backend measured (kNone where it did not run).
struct PoseRecord {
  std::string pair;
  size_t polygons_a = 0, polygons_b = 0;
  PoseSample sample;
  Counters c;  // golden
  size_t chip_pairs = 0;
  double eq5_cycles = 0, eq5_us = 0;
  std::vector<double> tlm_cycles, tlm_us;  // per tlm config
  std::vector<double> tlm_tri_cycles;      // per tlm config: of its cycles, those in triangle tests
  double rtl_cycles = kNone, rtl_us = kNone;
  double sw_us = kNone, fcl_obbrss_us = kNone, fcl_kdop24_us = kNone;
  double sw_hit = kNone, fcl_hit = kNone;  // 0/1: did they find a collision (mode first)
  // --check: all-pairs answers, golden against FCL OBBRSS, CGAL on the differences.
  double all_chip = kNone, all_fcl = kNone, only_chip = kNone, only_fcl = kNone;
  double exact_checked = 0, exact_chip_right = 0, exact_fcl_right = 0, degenerate = 0;
};

// Column names and values of a pose record for poses.csv (tlm columns per config).
std::vector<std::string> poseHeader(const std::vector<std::string>& tlm_configs);
std::vector<std::string> poseFields(const PoseRecord& r);

int runStudy(const StudyOptions& o);

}  // namespace cc::perf
