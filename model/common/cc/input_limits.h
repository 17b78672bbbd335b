// The limits of the project's inputs, each refused with an error before it costs much:
// - text inputs (configurations, pose files, vector files, isect's cases) are read line by
//   line, and a line longer than kMaxLineBytes is an error naming the input and the line,
//   so a binary or endless input (/dev/zero, a mesh named by mistake) fails at once instead
//   of after reading gigabytes into one line;
// - a run holds at most kMaxPoses poses (collide --sweep and --poses, cc_sweep --poses,
//   cc_perf's and cc_tritests' steps x distances): each keeps a row of results in memory
//   until the run's outputs are written, so a larger run is refused before any work, not
//   ended by running out of memory. Split it (cc_sweep and cc_perf shard it).
#pragma once
#include <cstddef>
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>

namespace cc {

constexpr size_t kMaxLineBytes = size_t{1} << 16;
constexpr uint64_t kMaxPoses = 10'000'000;

inline void checkPoseCount(const std::string& what, uint64_t n) {
  if (n > kMaxPoses)
    throw std::invalid_argument(what + ": " + std::to_string(n) + " poses, at most " + std::to_string(kMaxPoses) +
                                " a run (each keeps its results in memory); split the run");
}

// Reads line `line_no` of `what` into `line` (without its newline); false at the end.
inline bool readTextLine(std::istream& in, std::string& line, const std::string& what, long line_no) {
  line.clear();
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    if (c == '\n') return true;
    if (line.size() == kMaxLineBytes) {
      throw std::invalid_argument(what + ":" + std::to_string(line_no) + ": a line longer than " +
                                  std::to_string(kMaxLineBytes) + " bytes (not a text file of this kind?)");
    }
    line.push_back(static_cast<char>(c));
  }
  return !line.empty();
}

}  // namespace cc
