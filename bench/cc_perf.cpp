// cc_perf: the performance study of docs/results.md. For each mesh pair, both objects are
// scaled into [-1,1]^3, A is tumbled about z and x at several distances (perf.h), and every
// pose is queried on the golden model (exact counters -> Eq. 5), optionally the TLM model
// and the RTL chip (cycles), the software traversal and FCL (wall time on this machine).
// --check adds the all-pairs comparison of the chip's answer with FCL's, with CGAL
// deciding where they differ. Writes CSV, JSON, a Table-1 style table and plot data.
// --jobs N and --slurm cut the study into shards (mesh pair x backend group x pose range)
// measured by other processes and merged into the same outputs (docs/cluster.md).
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cc/command_line.h"
#include "cc/interrupt.h"
#include "cc/bench_cpu.h"
#include "cc/driver.h"
#include "cc/host_policy.h"
#include "cc/sw_traversal.h"
#include "peers.h"
#include "perf.h"
#include "shards.h"
#include "study.h"

namespace po = boost::program_options;

namespace {

// A sharded study as the shard runner sees it: the plan's shards, measured and merged.
cc::shards::Work studyWork(const cc::perf::StudyOptions& o) {
  const auto plan = cc::perf::planShards(o);
  cc::shards::Work w{"cc_perf", cc::perf::optionsToJson(o), {}, {}, {}};
  for (const auto& s : plan) w.shards.push_back(s.name);
  w.measure = [o, plan](const std::string& name) {
    const auto it = std::find_if(plan.begin(), plan.end(), [&](const cc::perf::StudyShard& s) { return s.name == name; });
    if (it == plan.end()) throw std::invalid_argument("no shard " + name);
    return cc::perf::shardToJson(cc::perf::measureShard(o, *it));
  };
  w.merge = [o](const std::vector<nlohmann::json>& results) {
    std::vector<cc::perf::ShardRecords> shards;
    int mismatches = 0;
    for (const auto& j : results) {
      shards.push_back(cc::perf::shardFromJson(j, o));
      mismatches += shards.back().mismatches;
    }
    return cc::perf::writeStudy(o, cc::perf::combineShards(o, shards), mismatches);
  };
  return w;
}

// The options that define a study: a worker, a merge and --status take them from the plan.
const char* const kStudyOptions[] = {"meshes", "pairs", "steps", "distances", "mode", "backends", "tlm-configs", "rtl-configs",
                                     "rtl-every", "kdop-every", "repeat", "check", "deterministic", "exact-limit", "shard-poses", "first-steps", "leaf-dop", "host", "out"};

}  // namespace

int main(int argc, char** argv) {
  cc::perf::StudyOptions o;
  cc::shards::RunOptions run;
  std::vector<std::string> host_set;
  std::string pairs = "bunny00", distances = "0.5,1,1.5", backends = "golden,sw,fcl_obbrss,fcl_kdop24", tlm_configs = "paper,modern", rtl_configs = "paper";
  po::options_description desc("cc_perf: the paper's Table 1 protocol on real meshes, the chip against software peers");
  desc.add_options()
      ("help,h", "this help")
      ("meshes", po::value(&o.mesh_dir)->default_value(CC_MESH_DIR), "folder of the meshes (NAME -> DIR/NAME.off)")
      ("pairs", po::value(&pairs)->default_value(pairs), "mesh pairs: NAME (identical pair) or A:B, comma separated")
      ("steps", po::value(&o.steps)->default_value(o.steps), "rotation steps per distance (one full turn about z and x)")
      ("distances", po::value(&distances)->default_value(distances), "distances d of A's centre from B's along x, comma separated")
      ("mode", po::value(&o.mode)->default_value(o.mode), "timed query mode: first (paper) | all")
      ("first-steps", po::value(&o.first_steps)->multitoken()->zero_tokens(),
       "N1 N2 ...: staged mode first on every chip (result areas of N1, N2, ... pairs before the whole one; docs/driver.md), "
       "in place of each configuration's host_first_steps; none: one run")
      ("leaf-dop", po::value(&o.leaf_dop)->default_value(o.leaf_dop),
       "off | vertices | vertices+dop: tumbled leaves' DOPs from their triangles' vertices on every chip (CTRL.LEAF_VERTEX; vertices+dop golden only, "
       "docs/triangle_tests.md), in place of each configuration's host_leaf_dop; not given: each configuration's own")
      ("host", po::value(&host_set)->multitoken()->composing(),
       "KEY=VALUE ...: host-policy keys on every chip, golden's included (e.g. host_leaf_plane=on host_roles_ratio=4; docs/driver.md "
       "\"Host policy\"), after each configuration's own")
      ("backends", po::value(&backends)->default_value(backends), "golden,tlm,rtl,sw,fcl_obbrss,fcl_kdop24 (golden always runs; tlm and rtl answers are checked against it)")
      ("tlm-configs", po::value(&tlm_configs)->default_value(tlm_configs), "named configurations the tlm backend runs (each chip with its host policy, host_* keys)")
      ("rtl-configs", po::value(&rtl_configs)->default_value(rtl_configs), "chip configurations the rtl backend runs (built: " CC_RTL_CHIP_LIST ")")
      ("rtl-every", po::value(&o.rtl_every)->default_value(o.rtl_every), "run the rtl chip on every K-th pose only (it simulates ~0.3 M cycles/s)")
      ("kdop-every", po::value(&o.kdop_every)->default_value(o.kdop_every),
       "run FCL with KDOP24 on every K-th pose only (FCL refits the whole tumbled KDOP tree per query)")
      ("repeat", po::value(&o.repeat)->default_value(o.repeat), "software and FCL times: best of R runs per pose")
      ("check", po::bool_switch(&o.check), "all-pairs answer of the chip (golden) against FCL (OBBRSS) on every pose")
      ("deterministic", po::bool_switch(&o.deterministic),
       "leave out the host's wall times and the bus clocks (so the end-to-end columns): the outputs are then the same "
       "in every run and every sharding, unless sw or FCL run")
      ("exact-limit", po::value(&o.exact_limit)->default_value(o.exact_limit), "CGAL exact checks of differing pairs, at most this many per mesh pair")
      ("shard-poses", po::value(&o.shard_poses)->default_value(o.shard_poses),
       "poses per shard (0: a pair's poses in one shard); shards are mesh pair x backend group (golden+sw+FCL, each tlm/rtl run) x pose range")
      ("out", po::value(&o.out_dir)->default_value(o.out_dir), "output folder: poses.csv, summary.csv, perf.json, table1.md, *.dat")
      ("quiet,q", po::bool_switch(&o.quiet), "no progress on stderr");
  po::options_description sharding("Sharded runs (docs/cluster.md)");
  cc::shards::addOptions(sharding, run);
  desc.add(sharding);
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << desc << '\n';
      return 0;
    }
    const cc::shards::Mode mode = cc::shards::modeOf(run);
    if (cc::shards::readsPlan(mode)) {
      for (const char* n : kStudyOptions)
        if (vm.count(n) && !vm[n].defaulted()) throw std::invalid_argument(std::string("--") + n + " comes from the folder's plan with --worker, --merge and --status");
      const bool quiet = o.quiet;
      o = cc::perf::optionsFromJson(cc::shards::planOptions(cc::shards::folderOf(run), "cc_perf"));
      o.out_dir = cc::shards::folderOf(run);
      o.quiet = quiet;
    } else {
      o.pairs = cc::perf::parsePairs(pairs);
      o.distances = cc::perf::parseNumberList(distances, "distances");
      o.backends = cc::perf::parseNameList(backends, cc::perf::knownBackends(), "backends");
      o.tlm_configs = cc::perf::parseNameList(tlm_configs, cc::configNames(), "tlm-configs");
      o.rtl_configs = cc::perf::parseNameList(rtl_configs, cc::configNames(), "rtl-configs");
      o.first_steps_given = vm.count("first-steps") > 0;
      o.leaf_dop_given = !vm["leaf-dop"].defaulted();
      for (const auto& kv : host_set) o.host_set.push_back(cc::hostAssignment(kv, "--host"));
      cc::parseHostPolicy(o.host_set, "--host");  // every key known, every value valid
      cc::perf::validateOptions(o);
      // Other processes (other nodes) read the plan: the mesh folder as an absolute path.
      if (mode != cc::shards::Mode::Single) o.mesh_dir = std::filesystem::absolute(o.mesh_dir).lexically_normal().string();
    }
    // Timed work pins itself to one CPU as before; a submitter or a merge times nothing.
    if (mode == cc::shards::Mode::Single || mode == cc::shards::Mode::Worker) cc::pinBenchCpuOrExit("cc_perf");
    cc::installInterruptHandlers();
    const int rc = cc::shards::run(mode, run, o.out_dir, studyWork(o));
    return cc::interrupted() ? cc::interruptExitCode() : rc;
  } catch (const po::error& e) {
    std::fprintf(stderr, "cc_perf: %s (see --help)\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cc_perf: error: %s\n", e.what());
    return cc::interrupted() ? cc::interruptExitCode() : 2;
  }
}
