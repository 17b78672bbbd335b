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
  std::vector<std::string> backends, tlm_configs, rtl_configs{"paper"};
  int steps = 36, rtl_every = 1, kdop_every = 1, repeat = 3, exact_limit = 200;
  bool check = false, quiet = false;
};
std::vector<std::string> knownBackends();

// A chip backend in one configuration that the study times (tlm and rtl runs): its
// columns are named after label(), e.g. tlm_paper_cycles, rtl_queued_us.
struct TimedRun {
  std::string backend, config;
  std::string label() const { return backend + "_" + config; }
};
// The timed runs the options ask for: the tlm configurations, then the rtl ones.
std::vector<TimedRun> timedRuns(const StudyOptions& o);

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();  // not measured

// One pose of one pair: what each backend measured (kNone where it did not run).
struct PoseRecord {
  std::string pair;
  size_t polygons_a = 0, polygons_b = 0;
  PoseSample sample;
  Counters c;  // golden
  size_t chip_pairs = 0;
  double eq5_cycles = 0, eq5_us = 0;
  // Per timed run (timedRuns order); kNone where it did not run (rtl: --rtl-every).
  std::vector<double> run_cycles, run_us;
  std::vector<double> run_tri_cycles;  // of the cycles, those in triangle tests (tlm only)
  double sw_us = kNone, fcl_obbrss_us = kNone, fcl_kdop24_us = kNone;
  double sw_hit = kNone, fcl_hit = kNone;  // 0/1: did they find a collision (mode first)
  // --check: all-pairs answers, golden against FCL OBBRSS, CGAL on the differences.
  double all_chip = kNone, all_fcl = kNone, only_chip = kNone, only_fcl = kNone;
  double exact_checked = 0, exact_chip_right = 0, exact_fcl_right = 0, degenerate = 0;
  // --check, golden in mode all: every pair of the answer checked by CGAL (confirmed), the
  // triangle tests, those the chip left uncertain and the host's time deciding them.
  double all_confirmed = 0, all_tests = 0, all_uncertain = 0, all_host_us = 0;
};

// Column names and values of a pose record for poses.csv (columns per timed run).
std::vector<std::string> poseHeader(const std::vector<TimedRun>& runs);
std::vector<std::string> poseFields(const PoseRecord& r);

int runStudy(const StudyOptions& o);

}  // namespace cc::perf
