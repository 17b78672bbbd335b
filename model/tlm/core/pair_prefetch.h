// The pair prefetcher of the pair store (pair_store > 0; TLM only, docs/tlm.md "The pair
// store"). In the cycle a tumbled pair's burst is in the tumbled-pair buffer (the
// controller's own read, or the look-ahead engine's), the child pairs of its valid inner
// nodes, node 0's first, enter a queue of kDepth entries; a full queue drops its oldest.
// Each cycle the core looks at the queue's head: a pair the store holds is dropped, any
// other is read into the store when the memory port takes a request that nobody else asks
// for and the store's line replaced next is free for it (core.cpp), so a prefetch always
// lands in a line and at most one a line is in flight. The queue is emptied when the
// traversal ends (S_DRAIN, S_ERROR, S_HOLD): no read starts after it.
#pragma once
#include <cstdint>
#include <deque>

#include "cc/board_memory.h"
#include "cc/layout.h"
#include "core/node_words.h"

namespace cc::tlm::core {

struct PairPrefetch {
  static constexpr size_t kDepth = 4;
  std::deque<uint32_t> queue;

  bool empty() const { return queue.empty(); }
  // The burst of `pair` is in the tumbled-pair buffer.
  void pairIn(const BoardMemory& mem, uint32_t pair, uint64_t board_bytes) {
    for (uint32_t n = 0; n < 2; ++n) {
      const uint32_t node = pair + n * layout::kNodeBytes;
      const uint32_t flags = nodeFlags(mem, node);
      if (nodeInvalid(flags) || nodeLeaf(flags)) continue;
      const uint32_t child = nodePtr(mem, node);
      if (badPairPointer(child, board_bytes)) continue;  // the controller reports it when it gets there
      if (queue.size() == kDepth) queue.pop_front();
      queue.push_back(child);
    }
  }
};

}  // namespace cc::tlm::core
