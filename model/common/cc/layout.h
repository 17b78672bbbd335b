// Board memory image: the byte layout every C++ part uses (docs/memory_image.md). The
// RTL's copy of these constants (rtl/cc_regmap.vh) is generated from this file and checked
// by a test.
//
//  Node (128 bytes, 128-byte aligned)               Node pair (256 bytes, 256-aligned)
//  +0x00  float d[0..11]   minima along a_0..a_11    +0x000  node, slot 0
//  +0x30  float d[12..23]  maxima along a_0..a_11    +0x080  node, slot 1
//  +0x60  u32   flags      bit0 VALID, bit1 LEAF     One SDRAM burst (8 beats x 32 B)
//  +0x64  u32   ptr        inner: child pair address reads a whole pair.
//                          leaf:  triangle record address
//  +0x68  u32   tri_id     leaf: the triangle's id (0-based, input order); inner: 0
//  +0x6C  u32   plane_sel  leaf: its triangle's plane test (CTRL_LEAF_PLANE; below),
//                          bit 31 = present, slots j0, j1, j2 in bits 4:0, 9:5, 14:10;
//                          inner: 0
//  +0x70  float plane_c[2] leaf: the signed coefficients c1, c2 of slots j1, j2
//  +0x78  float plane_lo, plane_hi   leaf: the triangle's extent along n'
//
//  Triangle record (128 bytes, 128-byte aligned)
//  +0x00  float v[3][3]    vertices V1, V2, V3 in the object's frame (x, y, z each)
//  +0x24  float m[3][4]    row-major 3x4 matrix M: M * (p, 1) maps V1 -> (0,0,0),
//                          V2 -> (1,0,0), V3 -> (0,1,0) and the unit normal side to +z
//  +0x54  u32   tri_id
//  +0x58  u32   err_exp    the error exponents of M (docs/exact_contacts.md): bits 7:0
//                          absolute, bits 15:8 relative, both signed; 7:0 =
//                          kTriErrExpHopeless: the chip never decides a test with this M
//  +0x5C  ...   reserved, zero
//
//  Results (written by the chip at RESULT_BASE): 8 bytes per reported pair, u32 tri_id of
//  the tumbled object's triangle, then u32 tri_id of the aligned one's with bit 31 set when
//  the chip could not decide the pair (UNCERTAIN: the host decides it exactly).
//
// A list entry (stack SRAM word, 32 bits) is a node-pair address with the two-bit mask of
// the nodes meant in its low bits: bit0 = slot 0, bit1 = slot 1 (pairs are 256-aligned).
#pragma once
#include <cstdint>

namespace cc::layout {

inline constexpr int kDopK = 24;           // k of the k-DOP
inline constexpr int kDopDirs = kDopK / 2;  // slab directions a_0..a_11

inline constexpr uint32_t kNodeBytes = 128;
inline constexpr uint32_t kPairBytes = 256;
inline constexpr uint32_t kTriBytes = 128;
inline constexpr uint32_t kResultBytes = 8;

// Node fields (byte offsets).
inline constexpr uint32_t kNodeDop = 0x00;
inline constexpr uint32_t kNodeFlags = 0x60;
inline constexpr uint32_t kNodePtr = 0x64;
inline constexpr uint32_t kNodeTriId = 0x68;

// The leaf plane (docs/memory_image.md, "Leaf planes"): n' = s_j0 + |c1| s_j1 + |c2| s_j2
// (s_j the DOP's plane normals), close to the triangle's normal, with c_k = sigma_jk |c_k|
// and |c_k| <= 1. A DOP d bounds geometry along n' by
//   U = sigma_j0 d[j0] + c1 d[j1] + c2 d[j2]  (above)   L = the same with slots jk +- 12 (below),
// so a DOP with U < plane_lo or L > plane_hi cannot meet the triangle.
inline constexpr uint32_t kNodePlaneSel = 0x6C;
inline constexpr uint32_t kNodePlaneC1 = 0x70;
inline constexpr uint32_t kNodePlaneC2 = 0x74;
inline constexpr uint32_t kNodePlaneLo = 0x78;
inline constexpr uint32_t kNodePlaneHi = 0x7C;
inline constexpr uint32_t kPlanePresent = 1u << 31;
inline constexpr uint32_t kPlaneSlotBits = 5;
inline constexpr uint32_t planeSlot(uint32_t sel, int k) { return (sel >> (kPlaneSlotBits * k)) & 0x1Fu; }
inline constexpr uint32_t makePlaneSel(uint32_t j0, uint32_t j1, uint32_t j2) {
  return kPlanePresent | j0 | (j1 << kPlaneSlotBits) | (j2 << (2 * kPlaneSlotBits));
}

inline constexpr uint32_t kFlagValid = 1u << 0;
inline constexpr uint32_t kFlagLeaf = 1u << 1;

// The pointer rule of every check (rtl/cc_board_ptr.vh's bad_ptr): a node pair or
// triangle record pointer is bad when it is null, not aligned to `align` or the `bytes`
// it names run past the board memory.
inline constexpr bool badPointer(uint32_t addr, uint32_t align, uint32_t bytes, uint64_t board_bytes) {
  return addr == 0 || addr % align != 0 || uint64_t(addr) + bytes > board_bytes;
}

// Triangle record fields (byte offsets).
inline constexpr uint32_t kTriVerts = 0x00;
inline constexpr uint32_t kTriMatrix = 0x24;
inline constexpr uint32_t kTriId = 0x54;
inline constexpr uint32_t kTriErrExp = 0x58;
// A signed exponent in bits 7:0 of a word: TRI_ERR_EXP, a record's absolute err_exp, or
// (shifted down by 8) its relative one. A record with kTriErrExpHopeless in bits 7:0 is
// never decided by the chip (every test with its M uncertain).
inline constexpr int errExpOf(uint32_t word) { return static_cast<int8_t>(word & 0xFF); }
inline constexpr int kTriErrExpHopeless = 127;
inline constexpr uint32_t makeErrExp(int absolute, int relative) {
  return (static_cast<uint32_t>(absolute) & 0xFFu) | ((static_cast<uint32_t>(relative) & 0xFFu) << 8);
}

// Results: the second word's top bit marks a pair the chip left to the host; triangle ids
// are therefore below 2^31.
inline constexpr uint32_t kResultUncertainBit = 31;
inline constexpr uint32_t kResultUncertain = 1u << kResultUncertainBit;
inline constexpr uint32_t kMaxTriangleId = kResultUncertain - 1;

// List entries.
inline constexpr uint32_t kEntryMaskBits = 0x3;
inline constexpr uint32_t kEntryAddrMask = ~(kPairBytes - 1);
inline constexpr uint32_t makeEntry(uint32_t pair_addr, uint32_t mask) { return pair_addr | mask; }
inline constexpr uint32_t entryAddr(uint32_t e) { return e & kEntryAddrMask; }
inline constexpr uint32_t entryMask(uint32_t e) { return e & kEntryMaskBits; }

// Stack SRAM (32-bit words): the list area, words 0 .. list_words-1, then the stack of
// traversal frames, kFrameWords words per frame, frame f at list_words + kFrameWords*f:
// the slot-1 child pair, the base of the list waiting for it, and its length with the
// paper's bit (1 = that branch is done or absent) in bit kFrameBit.
inline constexpr uint32_t kFrameWords = 3;
inline constexpr uint32_t kFrameNextPair = 0;
inline constexpr uint32_t kFrameListBase = 1;
inline constexpr uint32_t kFrameLenBit = 2;
inline constexpr uint32_t kFrameBit = 31;
inline constexpr uint64_t stackSramWords(uint32_t list_words, uint32_t frames) {
  return uint64_t(list_words) + uint64_t(frames) * kFrameWords;
}
inline constexpr uint32_t frameWordAddr(uint32_t list_words, uint32_t frame, uint32_t word) {
  return list_words + frame * kFrameWords + word;
}
inline constexpr uint32_t makeFrameLenBit(uint32_t len, bool bit) { return len | (uint32_t(bit) << kFrameBit); }
inline constexpr uint32_t frameLen(uint32_t w) { return w & ~(1u << kFrameBit); }
inline constexpr bool frameBit(uint32_t w) { return (w >> kFrameBit) & 1u; }
// Entries the list write queue holds on their way into the stack SRAM (rtl/cc_stack_engine.v;
// the timing model's write queue). A power of two, >= 4: the controller appends only
// while two more fit (room2: at most Depth - 4 held).
inline constexpr uint32_t kListWriteQueueDepth = 8;

// Board memory size the address decoders accept (byte addresses are 32-bit).
inline constexpr uint64_t kBoardMemoryBytes = 1ull << 32;

}  // namespace cc::layout
