// Writer (and reader, for tests and tools) of an object's board memory image, exactly as
// model/common/cc/layout.h defines it: node pairs first (the root's pair, then the child
// pairs in breadth-first order), then one triangle record per leaf.
#pragma once
#include <cstdint>
#include <vector>

#include "cc/board_memory.h"
#include "cc/tree.h"

namespace cc {

struct ObjectImage {
  uint32_t base = 0;       // first byte (256-aligned, never 0: address 0 is the null pointer)
  uint32_t root_pair = 0;  // what goes into ROOT_A / ROOT_B (the root is slot 0)
  uint32_t pairs = 0;      // node pairs written (the root's pair included)
  uint32_t tris = 0;       // triangle records written
  std::vector<uint8_t> bytes;  // the image of [base, base + bytes.size())
  uint32_t end() const { return base + static_cast<uint32_t>(bytes.size()); }
};

// Throws std::invalid_argument if base is 0, not 256-aligned, or the image would pass 4 GiB.
ObjectImage buildObjectImage(const DopTree& tree, const Mesh& mesh, uint32_t base);

// Bytes an image of this tree will take (for planning the board memory).
uint64_t objectImageBytes(const DopTree& tree);

// A tree read back from board memory starting at a root pair (for the round-trip test and
// for tools that inspect an image). Node 0 is the root; triangle records are checked too.
struct DecodedTri {
  std::array<float, 9> v;
  std::array<float, 12> m;
  uint32_t id;
};
struct DecodedNode {
  Dop dop;
  bool leaf;
  int32_t child[2] = {-1, -1};
  uint32_t tri_id = 0;
  DecodedTri tri{};
};
std::vector<DecodedNode> readObjectImage(const BoardMemory& mem, uint32_t root_pair);

}  // namespace cc
