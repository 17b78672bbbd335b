// Output files written whole or not at all, and the rule that no output names an input or
// another output. Every tool's result files go through here (collide --json/--pairs-out,
// cc_sweep --out/--plot data, cc_perf --out, ccd --json, isect --out, cc_vectors --record).
//
// AtomicOutput writes to a temporary file in the target's folder (".NAME.tmp.PID.N") and
// renames it over the target in commit(), after flushing and checking every write: a reader
// sees the old file or the complete new one, never half of one, and a failed or interrupted
// run leaves the old file as it was. An uncommitted output's temporary is removed by the
// destructor, and by the interrupt handler (cc/interrupt.h) when a second signal ends the
// process at once.
//
// Only a regular file is ever replaced by rename. A symbolic link is followed: the file it
// leads to is written (atomically, as above, when that is a regular file or does not exist
// yet) and the link stays; a loop of links is an error. A target that is not a regular file
// (a device such as /dev/null or /dev/full, a FIFO, a socket, a link into /proc such as
// /dev/stdout) is written in place through open(2), every write and the close checked
// (/dev/full: an error, exit 2; a socket cannot be opened: an error). Before, a rename
// replaced a link with a regular file (its target left stale), and /dev/stdout with one when
// standard output was a file.
#pragma once
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace cc {

class AtomicOutput {
 public:
  // `what` names the output in messages (e.g. "--json"). Throws std::runtime_error naming
  // the path when the temporary cannot be created (missing or read-only folder, a folder as
  // the target, an empty path).
  AtomicOutput(const std::string& path, const std::string& what);
  ~AtomicOutput();
  AtomicOutput(const AtomicOutput&) = delete;
  AtomicOutput& operator=(const AtomicOutput&) = delete;

  std::ostream& stream() { return out_; }
  template <typename T>
  AtomicOutput& operator<<(const T& v) {
    out_ << v;
    return *this;
  }
  // Flushes, checks every write (a full disk is an error naming the path) and renames the
  // temporary over the target. Throws std::runtime_error on any failure, the target untouched.
  void commit();
  const std::string& path() const { return path_; }

 private:
  std::string path_, what_, tmp_;  // tmp_ empty: written in place (not a regular file)
  std::string target_;             // path_ with its links followed: what commit() renames over
  std::ofstream out_;
  bool committed_ = false;
};

// Writes `text` to `path` through an AtomicOutput.
void writeFileAtomically(const std::string& path, const std::string& text, const std::string& what);

// A named path of a run: ("--a", "bunny.off"). Empty paths are ignored.
using NamedPath = std::pair<std::string, std::string>;

// Throws std::invalid_argument when an output is empty-named (`--json ''`: say what is
// meant), names a folder, names one of the inputs, or names the same file as another
// output. Paths are compared as files: through symbolic links, "./x" and "x", hard links
// (same device and inode) all count as the same file.
void checkOutputPaths(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

// Flushes the standard output (C and C++ streams) and throws std::runtime_error "cannot
// write the standard output" if any write to it failed (a full disk, /dev/full, a closed
// pipe): a tool's last step, so its exit status says so.
void checkStandardOutput();

}  // namespace cc
