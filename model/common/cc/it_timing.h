// The IT-unit's timing (rtl/cc_it_unit.v, "Timing" in its header): the cycles from the
// edge that accepts a micro-op to the edge after which its response is high. The RTL
// benches (tests/rtl) check the Verilated unit against these functions at several stage
// counts, and the TLM model (model/tlm/core/tri_engine.h) charges them for state E_IT.
#pragma once
#include <cstdint>

namespace cc {

// Cycles between two crossing edges' P phases: 4 operand reads, or 5 where 4 would put
// two edges' ACC operations (AddStages + 1 apart) on the add/sub unit in the same cycle.
inline constexpr uint32_t itEdgeGap(uint32_t add_stages) {
  const uint32_t spacing = add_stages + 1;
  return (spacing == 2 || spacing == 4 || spacing == 8) ? 5 : 4;
}

// Micro-op TRI on a side whose edges 0..2 the golden model visits in order until the first
// hit: `computed` of them cross z = 0 (Chip::triangleTest's count). All three are read
// in the Z phase whatever happens; the response comes after the last of those `computed`
// edges is decided.
inline constexpr uint64_t itTriCycles(uint32_t computed, uint32_t mul_stages, uint32_t add_stages) {
  if (computed == 0) return 5;
  return 11ull + uint64_t{computed - 1} * itEdgeGap(add_stages) + mul_stages + 3ull * add_stages;
}

// Micro-op EDGE: one Z read, then that edge alone if it crosses.
inline constexpr uint64_t itEdgeCycles(bool crosses, uint32_t mul_stages, uint32_t add_stages) {
  return crosses ? 9ull + mul_stages + 3ull * add_stages : 3;
}

}  // namespace cc
