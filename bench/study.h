// The study itself: runs every pose of every mesh pair on the chosen backends and writes
// the outputs (see cc_perf.cpp, docs/results.md). It runs in three stages: measure (one
// shard: a mesh pair, a group of backends, a range of poses), combine (the shards' records
// into one record per pose) and write (poses.csv, summary.csv, perf.json, table1.md, plot
// data). A run in one process measures every shard in turn; --jobs and --slurm measure
// them in other processes and combine what they wrote (docs/cluster.md).
#pragma once
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
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
  int shard_poses = 0;  // poses per shard (0: all poses of a pair in one shard)
  // Every chip runs with its configuration's host policy (host_* keys, cc::hostPolicyOf;
  // golden's counters in the table with paper's: none). Given (…_given), these replace
  // that policy's part on every chip, golden's included.
  std::vector<uint32_t> first_steps;  // staged mode first (Driver::setFirstModeSteps)
  std::string leaf_dop = "off";       // tumbled-leaf DOP (Driver::setLeafDop, leafDopByName)
  bool first_steps_given = false, leaf_dop_given = false;
  // --host KEY=VALUE: host-policy keys (host_leaf_plane, host_roles_ratio, ...) set on every
  // chip, golden's included, after the configuration's own and before the two above.
  std::vector<std::pair<std::string, std::string>> host_set;
  bool check = false, quiet = false;
  // Leave out what depends on more than the options and the poses: the host's wall times
  // and the rtl backend's bus clocks (a PCI clock or two with the phase of the PCI clock
  // against the core's, which the process's history sets), so the end-to-end columns stay
  // empty; the outputs are then the same in every run unless sw or FCL run.
  bool deterministic = false;
};
// Everything the results depend on (not out_dir, not quiet), as JSON and back: the plan a
// sharded run's workers and merge read from the output folder.
nlohmann::json optionsToJson(const StudyOptions& o);
StudyOptions optionsFromJson(const nlohmann::json& j);
// Throws std::invalid_argument on options no study can run with.
void validateOptions(const StudyOptions& o);
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
  // The run's own counters (its host policy may differ from golden's in c): node-pair
  // overlap tests and triangle tests, summed over a staged query's runs.
  std::vector<double> run_overlap_tests, run_triangle_tests;
  // End to end (docs/results.md): the host's work on this machine (the driver's set-up and
  // exact decisions), the host-bus clocks of the query's transfers, and the whole wait: host
  // work + bus clocks at the board's bus clock + the chip's cycles at its clock.
  std::vector<double> run_host_us, run_bus_clocks, run_e2e_us;
  double sw_us = kNone, fcl_obbrss_us = kNone, fcl_kdop24_us = kNone;
  double sw_hit = kNone, fcl_hit = kNone;  // 0/1: did they find a collision (mode first)
  // FCL OBBRSS's own statistics on the pose: node pairs (bounding volumes) and triangle
  // pairs it tested (cf. the golden counters overlap_tests and triangle_tests).
  double fcl_bv_tests = kNone, fcl_leaf_tests = kNone;
  // --check: all-pairs answers, golden against FCL OBBRSS, CGAL on the differences.
  double all_chip = kNone, all_fcl = kNone, only_chip = kNone, only_fcl = kNone;
  double exact_checked = 0, exact_chip_right = 0, exact_fcl_right = 0, degenerate = 0;
  // Measured: CGAL's verdicts on the differing pairs in the order checked ('C' chip right,
  // 'F' FCL right), at most --exact-limit per shard; combining applies the limit per mesh
  // pair in pose order and fills in exact_checked, exact_chip_right and exact_fcl_right.
  std::string exact_verdicts;
  size_t index = 0;  // the pose's index in protocolPoses
  // --check, golden in mode all: every pair of the answer checked by CGAL (confirmed), the
  // triangle tests, those the chip left uncertain and the host's time deciding them.
  double all_confirmed = 0, all_tests = 0, all_uncertain = 0, all_host_us = 0;
};

// Column names and values of a pose record for poses.csv (columns per timed run).
std::vector<std::string> poseHeader(const std::vector<TimedRun>& runs);
std::vector<std::string> poseFields(const PoseRecord& r);

// One unit of work: a mesh pair, a group of backends (0: golden, sw, FCL and --check;
// k > 0: golden and timed run k-1), poses [begin, end) of protocolPoses.
struct StudyShard {
  size_t pair = 0, group = 0, begin = 0, end = 0;
  std::string name;  // e.g. bunny00_armadillo.rtl_paper.000-011
};
std::vector<StudyShard> planShards(const StudyOptions& o);

// What a shard measured: one record per pose, and the timed queries that differed from golden.
struct ShardRecords {
  std::vector<PoseRecord> records;
  int mismatches = 0;
};
ShardRecords measureShard(const StudyOptions& o, const StudyShard& s);
// Lossless (doubles round-trip, NaN as null); the pose itself is rebuilt from its index.
nlohmann::json shardToJson(const ShardRecords& r);
ShardRecords shardFromJson(const nlohmann::json& j, const StudyOptions& o);

// One record per pose (pairs in order, poses in order) from the shards of planShards(o),
// given in plan order. Throws when a shard lacks a pose or golden's counters disagree.
std::vector<PoseRecord> combineShards(const StudyOptions& o, const std::vector<ShardRecords>& shards);
// The outputs in o.out_dir, the table on stdout; 4 when timed queries differed from golden.
int writeStudy(const StudyOptions& o, const std::vector<PoseRecord>& records, int mismatches);

// The whole study in this process: every shard measured in turn (through shardToJson and
// back, as a sharded run's merge reads them), combined and written.
int runStudy(const StudyOptions& o);

}  // namespace cc::perf
