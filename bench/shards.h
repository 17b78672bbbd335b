// Sharded runs of a tool's work (cc_perf, cc_sweep): the work is cut into named shards
// that are measured in this process, by N local worker processes (--jobs N) or as a Slurm
// job array with a dependent merge job (--slurm), each shard writing its result to the
// output folder; the merge reads them back and writes what a run in one process writes.
// docs/cluster.md describes the folder and the commands.
//
//   OUT/shards/plan.json     the tool, its options and the shard names (every process
//                            reads the options from here; another study in OUT is refused)
//   OUT/shards/NAME.json     a finished shard's result (written by rename: present = done)
//   OUT/shards/NAME.running  a shard being measured (host, pid, Slurm job and task)
//   OUT/shards/NAME.failed   why it failed (the exception's message)
//   OUT/shards/merge.json    the merge's exit code and the shards it missed
//   OUT/logs/NAME.log        the shard's output, every attempt appended
//   OUT/slurm/               batch scripts, task lists and Slurm's logs of each submission
#pragma once
#include <boost/program_options.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cc::shards {

// The command-line options every sharded tool shares.
struct RunOptions {
  int jobs = 0, tasks = 0, task_index = -1;
  bool jobs_given = false, tasks_given = false;  // (any value given, 0 and negative ones too)
  double poll_seconds = 2;
  bool slurm = false, no_wait = false;
  std::string partition, time_limit, sbatch_args;
  std::string worker_dir, merge_dir, status_dir, task_file, worker_shards;
};
void addOptions(boost::program_options::options_description& desc, RunOptions& r);

// What the options ask for. Throws std::invalid_argument on options that conflict
// (--jobs with --slurm, --no-wait without --slurm, a worker that is also a merge, ...).
enum class Mode { Single, Local, Slurm, Worker, Merge, Status };
Mode modeOf(const RunOptions& r);
// The output folder of --worker, --merge and --status (empty in the other modes).
std::string folderOf(const RunOptions& r);
// Worker, merge and status read the options from the folder's plan.json.
bool readsPlan(Mode m);
// The options recorded in DIR/shards/plan.json for `tool`; throws when there is no plan.
nlohmann::json planOptions(const std::string& dir, const std::string& tool);

// A tool's work cut into shards.
struct Work {
  std::string tool;                  // "cc_perf": names processes, jobs and messages
  nlohmann::json options;            // what the results depend on (plan.json)
  std::vector<std::string> shards;   // plan order; names are file names
  std::function<nlohmann::json(const std::string& shard)> measure;
  // The results in plan order -> the tool's outputs; returns the exit code.
  std::function<int(const std::vector<nlohmann::json>& results)> merge;
};

// Runs `w` as `m` asks, with the output folder `dir`; returns the exit code (3: shards
// failed or are missing; they are named with their logs).
int run(Mode m, const RunOptions& r, const std::string& dir, const Work& w);

// The CPUs this process may run on, in order (local workers pin one each).
std::vector<int> allowedCpus();

}  // namespace cc::shards
