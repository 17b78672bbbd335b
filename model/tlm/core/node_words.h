// The node words the master controller and its list unit look at, and the chip's checks
// on them (rtl/cc_board_ptr.vh, the flag bits of rtl/cc_regmap.vh). No data move in the
// model: a node's flags and pointer are read from board memory where the RTL reads them
// from its buffers.
#pragma once
#include <cstdint>

#include "cc/board_memory.h"
#include "cc/layout.h"

namespace cc::tlm::core {

inline uint32_t nodeFlags(const BoardMemory& mem, uint32_t node) { return mem.read32(node + layout::kNodeFlags); }
inline uint32_t nodePtr(const BoardMemory& mem, uint32_t node) { return mem.read32(node + layout::kNodePtr); }
inline bool nodeInvalid(uint32_t node_flags) { return !(node_flags & layout::kFlagValid); }
inline bool nodeLeaf(uint32_t node_flags) { return node_flags & layout::kFlagLeaf; }
// A node pair or triangle record pointer is bad by the chip's rule (layout::badPointer).
inline bool badPairPointer(uint32_t p, uint64_t board_bytes) {
  return layout::badPointer(p, layout::kPairBytes, layout::kPairBytes, board_bytes);
}
inline bool badRecordPointer(uint32_t p, uint64_t board_bytes) {
  return layout::badPointer(p, layout::kTriBytes, layout::kTriBytes, board_bytes);
}
// An inner aligned node's child pair as a list entry of both slots.
inline uint32_t childPairEntry(uint32_t child_pair) { return layout::entryAddr(child_pair) | 3u; }

}  // namespace cc::tlm::core
