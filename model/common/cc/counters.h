// The event counters every backend reports (docs/traversal.md, "Counters and the paper's
// Table 1"), with the names used everywhere: JSON keys, CSV columns, register docs and
// co-simulation messages.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace cc {

struct Counters {
  uint64_t tumbled_nodes_transformed = 0;  // DOPs of the tumbled object transformed
  uint64_t aligned_pairs_fetched = 0;      // list entries read (one node-pair fetch each)
  uint64_t overlap_tests = 0;              // DOP overlap tests (aligned node x tumbled node)
  uint64_t triangle_tests = 0;             // triangle pairs tested by the IT-unit
  uint64_t lists = 0;                      // lists processed (pair visits + leaf-list passes)
  uint64_t max_stack_depth = 0;            // deepest traversal stack, in frames
  uint64_t max_list_length = 0;            // longest list processed, in entries
  uint64_t uncertain_tests = 0;            // triangle pairs reported uncertain (host decides)
  uint64_t cycles = 0;                     // chip cycles (timed backends only; else 0)

  // Another run of the same query (the driver's staged mode first): events add up, the
  // two maxima are the larger. A new counter must be added here too.
  void addRun(const Counters& run) {
    tumbled_nodes_transformed += run.tumbled_nodes_transformed;
    aligned_pairs_fetched += run.aligned_pairs_fetched;
    overlap_tests += run.overlap_tests;
    triangle_tests += run.triangle_tests;
    lists += run.lists;
    max_stack_depth = std::max(max_stack_depth, run.max_stack_depth);
    max_list_length = std::max(max_list_length, run.max_list_length);
    uncertain_tests += run.uncertain_tests;
    cycles += run.cycles;
  }

  // Calls f(name, value) for each counter in a fixed order. `cycles` comes last so that
  // untimed comparisons can stop before it.
  template <typename F>
  void forEach(F&& f) const {
    f("tumbled_nodes_transformed", tumbled_nodes_transformed);
    f("aligned_pairs_fetched", aligned_pairs_fetched);
    f("overlap_tests", overlap_tests);
    f("triangle_tests", triangle_tests);
    f("lists", lists);
    f("max_stack_depth", max_stack_depth);
    f("max_list_length", max_list_length);
    f("uncertain_tests", uncertain_tests);
    f("cycles", cycles);
  }
};

// Every counter equal; without `with_cycles`, all but `cycles` (the event counters an
// untimed and a timed backend must share).
inline bool sameCounters(const Counters& a, const Counters& b, bool with_cycles = true) {
  Counters x = a, y = b;
  if (!with_cycles) x.cycles = y.cycles = 0;
  std::vector<uint64_t> vx, vy;
  x.forEach([&](const char*, uint64_t v) { vx.push_back(v); });
  y.forEach([&](const char*, uint64_t v) { vy.push_back(v); });
  return vx == vy;
}

// The paper's Eq. 5 from our counters (docs/traversal.md, "Counters and the paper's
// Table 1"): tau = tumbled/2 lists, alpha = overlap tests / (2 * tumbled) node pairs per
// list, T = (100 + (alpha - 2) * 10) * tau cycles; 0 when nothing was transformed.
inline double eq5Lists(const Counters& c) { return c.tumbled_nodes_transformed / 2.0; }
inline double eq5Cycles(const Counters& c) {
  if (c.tumbled_nodes_transformed == 0) return 0;
  const double alpha = c.overlap_tests / (2.0 * c.tumbled_nodes_transformed);
  return (100 + (alpha - 2) * 10) * eq5Lists(c);
}

}  // namespace cc
