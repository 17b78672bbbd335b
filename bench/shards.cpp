#include "shards.h"

#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "cc/atomic_output.h"
#include "cc/interrupt.h"

extern char** environ;

namespace cc::shards {

namespace po = boost::program_options;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

void addOptions(po::options_description& desc, RunOptions& r) {
  desc.add_options()
      ("jobs", po::value(&r.jobs)->notifier([&r](int) { r.jobs_given = true; }), "measure the shards with N worker processes on this machine (each pinned to its own CPU), then merge")
      ("slurm", po::bool_switch(&r.slurm), "submit the shards as a Slurm job array plus a dependent merge job; wait for the merge "
       "showing progress (OUT must be a folder every node sees; docs/cluster.md)")
      ("tasks", po::value(&r.tasks)->notifier([&r](int) { r.tasks_given = true; }), "--slurm: array tasks (default: one per pending shard, at most 1000); shards are dealt round-robin")
      ("partition", po::value(&r.partition), "--slurm: the partition (sbatch --partition)")
      ("time", po::value(&r.time_limit), "--slurm: time limit per task and for the merge (sbatch --time, e.g. 2:00:00)")
      ("sbatch-args", po::value(&r.sbatch_args), "--slurm: more sbatch options, space separated (e.g. \"--account=hw --mem=2G\")")
      ("no-wait", po::bool_switch(&r.no_wait), "--slurm: return after submitting (--status OUT shows progress)")
      ("poll", po::value(&r.poll_seconds)->default_value(r.poll_seconds), "--slurm, --jobs: seconds between progress checks")
      ("status", po::value(&r.status_dir), "print the shards of folder OUT: pending, running, done, failed (with their logs)")
      ("merge", po::value(&r.merge_dir), "merge the shards in folder OUT into the outputs (what the merge job runs)")
      ("worker", po::value(&r.worker_dir), "measure shards of folder OUT (what array tasks and local workers run); with --shards or --task-file")
      ("shards", po::value(&r.worker_shards), "--worker: shard names, comma separated (rerun one shard alone: --worker OUT --shards NAME)")
      ("task-file", po::value(&r.task_file), "--worker: a task list of a submission (line i: the shards of array task i)")
      ("task-index", po::value(&r.task_index), "--worker --task-file: the line (default: $SLURM_ARRAY_TASK_ID)");
}

Mode modeOf(const RunOptions& r) {
  const bool local = r.jobs_given;
  const int roles = local + r.slurm + !r.worker_dir.empty() + !r.merge_dir.empty() + !r.status_dir.empty();
  if (roles > 1) throw std::invalid_argument("--jobs, --slurm, --worker, --merge and --status exclude each other");
  if (local && r.jobs < 1) throw std::invalid_argument("--jobs must be at least 1");
  if (!r.slurm && (r.tasks_given || r.no_wait || !r.partition.empty() || !r.time_limit.empty() || !r.sbatch_args.empty()))
    throw std::invalid_argument("--tasks, --partition, --time, --sbatch-args and --no-wait go with --slurm");
  if (r.tasks_given && r.tasks < 1) throw std::invalid_argument("--tasks must be at least 1");
  if (r.worker_dir.empty() && (!r.worker_shards.empty() || !r.task_file.empty() || r.task_index >= 0))
    throw std::invalid_argument("--shards, --task-file and --task-index go with --worker");
  if (!r.worker_dir.empty() && r.worker_shards.empty() == r.task_file.empty())
    throw std::invalid_argument("--worker needs either --shards or --task-file");
  if (!(r.poll_seconds > 0)) throw std::invalid_argument("--poll must be positive");
  if (local) return Mode::Local;
  if (r.slurm) return Mode::Slurm;
  if (!r.worker_dir.empty()) return Mode::Worker;
  if (!r.merge_dir.empty()) return Mode::Merge;
  if (!r.status_dir.empty()) return Mode::Status;
  return Mode::Single;
}

std::string folderOf(const RunOptions& r) { return !r.worker_dir.empty() ? r.worker_dir : !r.merge_dir.empty() ? r.merge_dir : r.status_dir; }

bool readsPlan(Mode m) { return m == Mode::Worker || m == Mode::Merge || m == Mode::Status; }

std::vector<int> allowedCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

namespace {

// ---------------------------------------------------------------------------------------
// The folder
// ---------------------------------------------------------------------------------------

struct Folder {
  std::string dir;
  std::string shards() const { return dir + "/shards"; }
  std::string plan() const { return shards() + "/plan.json"; }
  std::string mergeStatus() const { return shards() + "/merge.json"; }
  std::string result(const std::string& n) const { return shards() + "/" + n + ".json"; }
  std::string running(const std::string& n) const { return shards() + "/" + n + ".running"; }
  std::string failed(const std::string& n) const { return shards() + "/" + n + ".failed"; }
  std::string log(const std::string& n) const { return dir + "/logs/" + n + ".log"; }
  std::string slurm() const { return dir + "/slurm"; }
};

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// Written to a temporary file and renamed: a reader never sees half a file (the tools'
// output rules, cc/atomic_output.h: a link or a device is never replaced).
void writeAtomically(const std::string& path, const std::string& text) { cc::writeFileAtomically(path, text, "shard folder"); }

std::string hostName() {
  char b[HOST_NAME_MAX + 1] = {};
  ::gethostname(b, sizeof b - 1);
  return b;
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

std::string selfExe() { return fs::read_symlink("/proc/self/exe").string(); }

// The plan: written on the first run, compared on every later one.
void writeOrCheckPlan(const Folder& f, const Work& w) {
  fs::create_directories(f.shards());
  fs::create_directories(f.dir + "/logs");
  const nlohmann::json plan{{"tool", w.tool}, {"options", w.options}, {"shards", w.shards}};
  if (fs::exists(f.plan())) {
    const nlohmann::json old = nlohmann::json::parse(slurp(f.plan()));
    if (old != plan)
      throw std::runtime_error(f.dir + " holds the shards of another study (" + f.plan() + " differs from these options); use another --out or remove " +
                               f.shards());
    return;
  }
  writeAtomically(f.plan(), plan.dump(1) + "\n");
}

enum class State { Pending, Running, Done, Failed };
State stateOf(const Folder& f, const std::string& n) {
  if (fs::exists(f.result(n))) return State::Done;
  if (fs::exists(f.failed(n))) return State::Failed;
  if (fs::exists(f.running(n))) return State::Running;
  return State::Pending;
}

struct Counts {
  size_t pending = 0, running = 0, done = 0, failed = 0;
  bool operator!=(const Counts& o) const { return pending != o.pending || running != o.running || done != o.done || failed != o.failed; }
};
Counts count(const Folder& f, const std::vector<std::string>& names) {
  Counts c;
  for (const auto& n : names) {
    switch (stateOf(f, n)) {
      case State::Pending: ++c.pending; break;
      case State::Running: ++c.running; break;
      case State::Done: ++c.done; break;
      case State::Failed: ++c.failed; break;
    }
  }
  return c;
}
std::string describe(const Counts& c) {
  return std::to_string(c.pending) + " pending, " + std::to_string(c.running) + " running, " + std::to_string(c.done) + " done, " +
         std::to_string(c.failed) + " failed";
}

std::vector<std::string> unfinished(const Folder& f, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const auto& n : names)
    if (stateOf(f, n) != State::Done) out.push_back(n);
  return out;
}

// ---------------------------------------------------------------------------------------
// Measuring shards (a worker)
// ---------------------------------------------------------------------------------------

// stdout and stderr into a shard's log while it is measured.
class LogRedirect {
 public:
  explicit LogRedirect(const std::string& path) {
    std::cout.flush();
    std::fflush(nullptr);
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    out_ = ::dup(1), err_ = ::dup(2);
    ::dup2(fd_, 1), ::dup2(fd_, 2);
  }
  ~LogRedirect() {
    std::cout.flush();
    std::fflush(nullptr);
    ::dup2(out_, 1), ::dup2(err_, 2);
    ::close(out_), ::close(err_), ::close(fd_);
  }
  LogRedirect(const LogRedirect&) = delete;
  LogRedirect& operator=(const LogRedirect&) = delete;

 private:
  int fd_ = -1, out_ = -1, err_ = -1;
};

// CC_SHARD_FAIL=NAME[,NAME...]: these shards fail (tests of failure and resubmission).
bool injectedFailure(const std::string& name) {
  std::stringstream list(env("CC_SHARD_FAIL"));
  for (std::string n; std::getline(list, n, ',');)
    if (n == name) return true;
  return false;
}

bool measureOne(const Work& w, const Folder& f, const std::string& name) {
  const nlohmann::json where{{"host", hostName()}, {"pid", ::getpid()}, {"slurm_job", env("SLURM_ARRAY_JOB_ID")}, {"slurm_task", env("SLURM_ARRAY_TASK_ID")}};
  writeAtomically(f.running(name), where.dump() + "\n");
  fs::remove(f.failed(name));
  const std::time_t now = std::time(nullptr);
  LogRedirect log(f.log(name));
  std::printf("=== %s shard %s on %s, pid %d, %s", w.tool.c_str(), name.c_str(), hostName().c_str(), int(::getpid()), std::ctime(&now));
  const auto t0 = Clock::now();
  try {
    if (injectedFailure(name)) throw std::runtime_error("failure injected by CC_SHARD_FAIL");
    nlohmann::json result = w.measure(name);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    writeAtomically(f.result(name), nlohmann::json{{"tool", w.tool}, {"shard", name}, {"where", where}, {"seconds", s}, {"result", result}}.dump() + "\n");
    fs::remove(f.running(name));
    std::printf("=== shard %s done in %.1f s\n", name.c_str(), s);
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "=== shard %s failed: %s\n", name.c_str(), e.what());
    writeAtomically(f.failed(name), std::string(e.what()) + "\n");
    fs::remove(f.running(name));
    return false;
  }
}

std::vector<std::string> splitOn(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string t; std::getline(in, t, sep);)
    if (!t.empty()) out.push_back(t);
  return out;
}

// The shards a worker measures: --shards, or its line of --task-file.
std::vector<std::string> workerShards(const RunOptions& r, const Work& w) {
  std::vector<std::string> names;
  if (!r.worker_shards.empty()) {
    names = splitOn(r.worker_shards, ',');
  } else {
    int index = r.task_index;
    if (index < 0) {
      const std::string e = env("SLURM_ARRAY_TASK_ID");
      if (e.empty()) throw std::invalid_argument("--task-file needs --task-index or $SLURM_ARRAY_TASK_ID");
      index = std::stoi(e);
    }
    std::ifstream f(r.task_file);
    if (!f) throw std::runtime_error("cannot read " + r.task_file);
    std::string line;
    for (int i = 0; i <= index; ++i)
      if (!std::getline(f, line)) throw std::runtime_error(r.task_file + " has no line for task " + std::to_string(index));
    names = splitOn(line, ' ');
  }
  for (const auto& n : names)
    if (std::find(w.shards.begin(), w.shards.end(), n) == w.shards.end()) throw std::invalid_argument("no shard '" + n + "' in the plan");
  return names;
}

int runWorker(const RunOptions& r, const Folder& f, const Work& w) {
  int failed = 0;
  for (const auto& n : workerShards(r, w)) {
    if (cc::interrupted()) break;  // SIGTERM (scancel) or SIGINT: the shards not started stay pending
    failed += !measureOne(w, f, n);
  }
  if (cc::interrupted()) return cc::interruptExitCode();
  return failed ? 3 : 0;
}

// ---------------------------------------------------------------------------------------
// Merging
// ---------------------------------------------------------------------------------------

// The unfinished shards by name, with what is known and the log.
void reportMissing(const Folder& f, const Work& w, const std::vector<std::string>& missing) {
  std::fprintf(stderr, "%s: %zu of %zu shards have no result:\n", w.tool.c_str(), missing.size(), w.shards.size());
  for (const auto& n : missing) {
    std::string why = "never started";
    if (stateOf(f, n) == State::Failed) {
      why = "failed: " + slurp(f.failed(n));
      if (!why.empty() && why.back() == '\n') why.pop_back();
    } else if (stateOf(f, n) == State::Running) {
      why = "started but did not finish (killed, or still running): " + slurp(f.running(n));
      if (!why.empty() && why.back() == '\n') why.pop_back();
    }
    std::fprintf(stderr, "  %s: %s\n    log: %s\n", n.c_str(), why.c_str(), f.log(n).c_str());
  }
  std::fprintf(stderr, "%s: rerun one alone with `%s --worker %s --shards NAME`, or run the same command again (it measures only these)\n",
               w.tool.c_str(), w.tool.c_str(), f.dir.c_str());
}

int merge(const Folder& f, const Work& w) {
  const auto missing = unfinished(f, w.shards);
  int rc = 3;
  if (missing.empty()) {
    std::vector<nlohmann::json> results;
    for (const auto& n : w.shards) results.push_back(nlohmann::json::parse(slurp(f.result(n))).at("result"));
    rc = w.merge(results);
  } else {
    reportMissing(f, w, missing);
  }
  writeAtomically(f.mergeStatus(), nlohmann::json{{"exit", rc}, {"missing", missing}}.dump() + "\n");
  return rc;
}

int status(const Folder& f, const Work& w) {
  const Counts c = count(f, w.shards);
  std::printf("%s: %s: %zu shards: %s\n", w.tool.c_str(), f.dir.c_str(), w.shards.size(), describe(c).c_str());
  for (const auto& n : w.shards) {
    const State s = stateOf(f, n);
    if (s == State::Failed || s == State::Running)
      std::printf("  %s %s (log %s)\n", s == State::Failed ? "failed:" : "running (or killed):", n.c_str(), f.log(n).c_str());
  }
  if (fs::exists(f.mergeStatus())) std::printf("last merge: %s", slurp(f.mergeStatus()).c_str());
  return 0;
}

// ---------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------

std::vector<char*> cStrings(std::vector<std::string>& v) {
  std::vector<char*> out;
  for (auto& s : v) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Starts argv[0] (found on PATH) with this environment plus `extra` (NAME=VALUE), its
// stdout and stderr into `out` (appended; the caller's when empty).
pid_t spawn(std::vector<std::string> argv, const std::vector<std::string>& extra, const std::string& out) {
  std::vector<std::string> envs;
  for (char** e = environ; *e; ++e) {
    const std::string kv = *e;
    const bool overridden = std::any_of(extra.begin(), extra.end(), [&](const std::string& x) { return kv.compare(0, x.find('=') + 1, x, 0, x.find('=') + 1) == 0; });
    if (!overridden) envs.push_back(kv);
  }
  envs.insert(envs.end(), extra.begin(), extra.end());
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (!out.empty()) {
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
  }
  auto av = cStrings(argv), ev = cStrings(envs);
  pid_t pid = 0;
  const int err = posix_spawnp(&pid, av[0], &fa, nullptr, av.data(), ev.data());
  posix_spawn_file_actions_destroy(&fa);
  if (err) throw std::runtime_error("cannot run " + argv[0] + ": " + std::strerror(err));
  return pid;
}

int waitFor(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Runs a command (no shell) and returns its exit code and its stdout and stderr together.
std::pair<int, std::string> capture(const std::vector<std::string>& argv, const Folder& f) {
  const std::string out = f.slurm() + "/.capture." + std::to_string(::getpid());
  fs::remove(out);
  const int rc = waitFor(spawn(argv, {}, out));
  std::string text = slurp(out);
  fs::remove(out);
  return {rc, text};
}

void sleepFor(double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); }

// ---------------------------------------------------------------------------------------
// Local workers
// ---------------------------------------------------------------------------------------

int runLocal(const RunOptions& r, const Folder& f, const Work& w) {
  const auto pending = unfinished(f, w.shards);
  for (const auto& n : pending) fs::remove(f.running(n)), fs::remove(f.failed(n));
  const auto cpus = allowedCpus();
  const size_t jobs = std::min<size_t>(size_t(r.jobs), pending.size());
  std::fprintf(stderr, "%s: %zu of %zu shards to measure with %zu local workers (%zu done before)\n", w.tool.c_str(), pending.size(), w.shards.size(),
               jobs, w.shards.size() - pending.size());
  std::vector<pid_t> pids;
  for (size_t j = 0; j < jobs; ++j) {
    std::string names;
    for (size_t i = j; i < pending.size(); i += jobs) names += (names.empty() ? "" : ",") + pending[i];
    std::vector<std::string> extra;
    if (!cpus.empty()) extra.push_back("CC_BENCH_CPU=" + std::to_string(cpus[j % cpus.size()]));
    pids.push_back(spawn({selfExe(), "--worker", f.dir, "--shards", names}, extra, f.dir + "/logs/worker-" + std::to_string(j) + ".log"));
  }
  Counts last{pending.size() + 1, 0, 0, 0};
  for (size_t left = pids.size(); left > 0;) {
    int st = 0;
    const pid_t done = ::waitpid(-1, &st, WNOHANG);
    if (done > 0 && std::find(pids.begin(), pids.end(), done) != pids.end()) --left;
    const Counts c = count(f, pending);
    if (c != last) std::fprintf(stderr, "%s: shards %s\n", w.tool.c_str(), describe(c).c_str());
    last = c;
    if (done <= 0) sleepFor(std::min(r.poll_seconds, 0.5));
  }
  return merge(f, w);
}

// ---------------------------------------------------------------------------------------
// Slurm
// ---------------------------------------------------------------------------------------

std::string shellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

void writeScript(const std::string& path, const std::string& comment, const std::vector<std::string>& argv) {
  std::string cmd = "exec";
  for (const auto& a : argv) cmd += " " + shellQuote(a);
  writeAtomically(path, "#!/bin/sh\n# " + comment + " (docs/cluster.md)\n" + cmd + "\n");
  fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add);
}

// sbatch --parsable prints "JOBID" or "JOBID;CLUSTER".
std::string sbatch(const RunOptions& r, const Folder& f, std::vector<std::string> args, const std::string& script) {
  std::vector<std::string> argv{"sbatch", "--parsable", "--chdir=" + f.dir};
  if (!r.partition.empty()) argv.push_back("--partition=" + r.partition);
  if (!r.time_limit.empty()) argv.push_back("--time=" + r.time_limit);
  for (const auto& a : splitOn(r.sbatch_args, ' ')) argv.push_back(a);
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(script);
  const auto [rc, out] = capture(argv, f);
  std::string id;
  for (const auto& line : splitOn(out, '\n')) {
    const std::string first = line.substr(0, line.find(';'));
    if (!first.empty() && std::all_of(first.begin(), first.end(), ::isdigit)) id = first;
  }
  if (rc != 0 || id.empty()) throw std::runtime_error("sbatch failed (exit " + std::to_string(rc) + "): " + out);
  return id;
}

// Whether job `id` has left the queue: squeue prints nothing for it, or no longer knows it.
bool jobGone(const Folder& f, const std::string& id) {
  const auto [rc, out] = capture({"squeue", "-h", "-j", id, "-o", "%T"}, f);
  if (rc == 0) return splitOn(out, '\n').empty();
  return out.find("Invalid job id") != std::string::npos;
}

std::string stamp() {
  char b[32];
  const std::time_t t = std::time(nullptr);
  std::strftime(b, sizeof b, "%Y%m%d-%H%M%S", std::localtime(&t));
  return std::string(b) + "-" + std::to_string(::getpid());
}

int waitForMerge(const RunOptions& r, const Folder& f, const Work& w, const std::vector<std::string>& pending, const std::string& merge_id,
                 const std::string& merge_log) {
  Counts last{pending.size() + 1, 0, 0, 0};
  for (;;) {
    const bool gone = jobGone(f, merge_id);
    const Counts c = count(f, pending);
    if (c != last) std::fprintf(stderr, "%s: shards %s\n", w.tool.c_str(), describe(c).c_str());
    last = c;
    if (gone) break;
    sleepFor(r.poll_seconds);
  }
  std::cout << slurp(merge_log);
  if (!fs::exists(f.mergeStatus())) {
    std::fprintf(stderr, "%s: merge job %s ended without a result (cancelled or out of time?); see %s\n", w.tool.c_str(), merge_id.c_str(), merge_log.c_str());
    return 3;
  }
  const int rc = nlohmann::json::parse(slurp(f.mergeStatus())).at("exit").get<int>();
  std::fprintf(stderr, "%s: merge job %s finished with exit code %d\n", w.tool.c_str(), merge_id.c_str(), rc);
  return rc;
}

int submitSlurm(const RunOptions& r, const Folder& f, const Work& w) {
  const auto pending = unfinished(f, w.shards);
  if (pending.empty()) {
    std::fprintf(stderr, "%s: all %zu shards are done; merging here\n", w.tool.c_str(), w.shards.size());
    return merge(f, w);
  }
  for (const auto& n : pending) fs::remove(f.running(n)), fs::remove(f.failed(n));
  fs::create_directories(f.slurm());
  const size_t tasks = std::min(pending.size(), r.tasks > 0 ? size_t(r.tasks) : size_t(1000));
  const std::string base = f.slurm() + "/" + stamp();
  std::string lines;
  for (size_t t = 0; t < tasks; ++t) {
    for (size_t i = t; i < pending.size(); i += tasks) lines += (i == t ? "" : " ") + pending[i];
    lines += "\n";
  }
  writeAtomically(base + ".tasks", lines);
  writeScript(base + ".array.sh", w.tool + ": one array task measures its line of the task list", {selfExe(), "--worker", f.dir, "--task-file", base + ".tasks"});
  writeScript(base + ".merge.sh", w.tool + ": the merge, after the array", {selfExe(), "--merge", f.dir});
  fs::remove(f.mergeStatus());
  const std::string array_id =
      sbatch(r, f, {"--job-name=" + w.tool, "--array=0-" + std::to_string(tasks - 1), "--output=" + base + ".task-%a.log"}, base + ".array.sh");
  const std::string merge_log = base + ".merge.log";
  const std::string merge_id =
      sbatch(r, f, {"--job-name=" + w.tool + "-merge", "--dependency=afterany:" + array_id, "--output=" + merge_log}, base + ".merge.sh");
  std::fprintf(stderr, "%s: submitted array job %s (%zu tasks, %zu of %zu shards) and merge job %s; logs in %s and %s/logs\n", w.tool.c_str(),
               array_id.c_str(), tasks, pending.size(), w.shards.size(), merge_id.c_str(), f.slurm().c_str(), f.dir.c_str());
  if (r.no_wait) {
    std::fprintf(stderr, "%s: not waiting; `%s --status %s` shows progress\n", w.tool.c_str(), w.tool.c_str(), f.dir.c_str());
    return 0;
  }
  return waitForMerge(r, f, w, pending, merge_id, merge_log);
}

// In this process: every shard measured and merged, no files but the outputs.
int runSingle(const Work& w) {
  std::vector<nlohmann::json> results;
  for (const auto& n : w.shards) results.push_back(w.measure(n));
  return w.merge(results);
}

}  // namespace

nlohmann::json planOptions(const std::string& dir, const std::string& tool) {
  const Folder f{dir};
  if (!fs::exists(f.plan())) throw std::invalid_argument(dir + " holds no sharded run (no " + f.plan() + ")");
  const nlohmann::json plan = nlohmann::json::parse(slurp(f.plan()));
  if (plan.at("tool") != tool) throw std::invalid_argument(f.plan() + " is a plan of " + plan.at("tool").get<std::string>() + ", not " + tool);
  return plan.at("options");
}

int run(Mode m, const RunOptions& r, const std::string& dir, const Work& w) {
  if (m == Mode::Single) return runSingle(w);
  const Folder f{fs::absolute(dir).lexically_normal().string()};
  if (readsPlan(m)) {
    // The plan is the one these options came from; its shard list must be this tool's.
    const nlohmann::json plan = nlohmann::json::parse(slurp(f.plan()));
    if (plan.at("shards") != nlohmann::json(w.shards)) throw std::runtime_error(f.plan() + ": the shard list differs from this build's plan");
  } else {
    writeOrCheckPlan(f, w);
  }
  switch (m) {
    case Mode::Local: return runLocal(r, f, w);
    case Mode::Slurm: return submitSlurm(r, f, w);
    case Mode::Worker: return runWorker(r, f, w);
    case Mode::Merge: return merge(f, w);
    case Mode::Status: return status(f, w);
    case Mode::Single: break;
  }
  return runSingle(w);
}

}  // namespace cc::shards
