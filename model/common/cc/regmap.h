// BAR0 register map of the CollisionChip: the single source. rtl/cc_regmap.vh and
// docs/register_map.md are generated from this file by tools/cc_gen (`make gen`), and a
// test fails when the checked-in copies differ from what the generator prints.
#pragma once
#include <array>
#include <cstdint>

namespace cc::regs {

enum class Access { RO, RW, WO, W1C };

struct Register {
  const char* name;
  uint32_t offset;
  Access access;
  uint32_t reset;
  const char* doc;
};

// Scalar registers (32 bits each).
inline constexpr uint32_t ID = 0x000;
inline constexpr uint32_t VERSION = 0x004;
inline constexpr uint32_t CTRL = 0x008;
inline constexpr uint32_t STATUS = 0x00C;
inline constexpr uint32_t IRQ = 0x010;
inline constexpr uint32_t ROOT_A = 0x014;
inline constexpr uint32_t ROOT_B = 0x018;
inline constexpr uint32_t RESULT_BASE = 0x01C;
inline constexpr uint32_t RESULT_CAPACITY = 0x020;
inline constexpr uint32_t RESULT_COUNT = 0x024;
inline constexpr uint32_t TRI_ERR_EXP = 0x028;
inline constexpr uint32_t PLANE_MARGIN = 0x02C;  // float: CTRL_LEAF_PLANE's rounding margin M
inline constexpr uint32_t CNT_TUMBLED = 0x040;
inline constexpr uint32_t CNT_ALIGNED_PAIRS = 0x044;
inline constexpr uint32_t CNT_OVERLAP_TESTS = 0x048;
inline constexpr uint32_t CNT_TRIANGLE_TESTS = 0x04C;
inline constexpr uint32_t CNT_LISTS = 0x050;
inline constexpr uint32_t CNT_MAX_STACK_DEPTH = 0x054;
inline constexpr uint32_t CNT_MAX_LIST_LENGTH = 0x058;
inline constexpr uint32_t CNT_CYCLES_LO = 0x05C;
inline constexpr uint32_t CNT_CYCLES_HI = 0x060;
inline constexpr uint32_t CNT_UNCERTAIN = 0x064;

// Register files.
inline constexpr uint32_t MATRIX_BASE = 0x100;  // 33 lines x 4 words, line*16 + col*4
inline constexpr uint32_t MATRIX_LINES = 33;
inline constexpr uint32_t CORR_BASE = 0x400;    // 66 words, line*4
inline constexpr uint32_t CORR_LINES = 66;
inline constexpr uint32_t LEAFV_BASE = 0x600;   // 24 lines x 4 words, line*16 + col*4
inline constexpr uint32_t LEAFV_LINES = 24;
inline constexpr uint32_t BAR0_BYTES = 0x1000;

inline constexpr uint32_t kIdValue = 0x43433234;  // "CC24"
inline constexpr uint32_t kVersionValue = 0x00020000;

// CTRL bits.
inline constexpr uint32_t CTRL_START = 1u << 0;       // write 1: start a query (self-clearing)
inline constexpr uint32_t CTRL_MODE_FIRST = 1u << 1;  // 1: stop at the first intersecting pair
inline constexpr uint32_t CTRL_IRQ_ENABLE = 1u << 2;  // 1: assert INTA# when DONE is pending
// 1: a tumbled LEAF's transformed DOP is bounded from its triangle's three vertices with
// the leaf-vertex lines (LEAFV) instead of the DOP transform of its stored DOP
// (docs/triangle_tests.md). The golden model, the TLM model and the RTL implement it; a
// chip without it reads the bit back as 0, which is how the driver tells
// (Driver::setLeafDop).
inline constexpr uint32_t CTRL_LEAF_VERTEX = 1u << 3;
// 1 (with CTRL_LEAF_VERTEX): also the DOP transform, and per slot the tighter bound.
// Golden model only: the TLM model and the RTL read it back as 0.
inline constexpr uint32_t CTRL_LEAF_VERTEX_AND_DOP = 1u << 4;
// 1: a tumbled node is compared with an aligned LEAF also along its triangle's plane
// (layout.h's leaf plane: U and L of the tumbled node's transformed DOP, each one DOTADD
// with PLANE_MARGIN as its constant, +M for U and -M for L), and overlaps only if
// U >= plane_lo and L <= plane_hi as well (docs/triangle_tests.md, "Leaf planes"). The
// golden model, and the TLM model and the RTL of a chip with leaf_plane = 1 implement it;
// any other chip reads it back as 0 (Driver::setLeafPlane refuses it there).
inline constexpr uint32_t CTRL_LEAF_PLANE = 1u << 5;

// STATUS bits.
inline constexpr uint32_t STATUS_BUSY = 1u << 0;
inline constexpr uint32_t STATUS_DONE = 1u << 1;
inline constexpr uint32_t STATUS_ERR_SHIFT = 8;
inline constexpr uint32_t STATUS_ERR_MASK = 0xFu << STATUS_ERR_SHIFT;

// Error codes in STATUS[11:8]. A query that ends in an error stops at once; the results
// and counters up to that point stay readable.
enum class Error : uint32_t {
  None = 0,
  ListOverflow = 1,    // a new list would not fit in the list area of the stack SRAM
  StackOverflow = 2,   // the traversal stack is deeper than the stack SRAM's frame area
  ResultOverflow = 3,  // more intersecting pairs than RESULT_CAPACITY
  BadPointer = 4,      // a node or triangle pointer is misaligned, outside memory, or
                       // names a node without its VALID flag
  NoRoots = 5,         // START with ROOT_A or ROOT_B zero (address 0 is the null pointer)
  BadConfig = 6,       // a correspondence index out of range
};
const char* errorName(Error e);

inline constexpr std::array<Register, 22> kRegisters{{
    {"ID", ID, Access::RO, kIdValue, "Chip identification, reads \"CC24\""},
    {"VERSION", VERSION, Access::RO, kVersionValue, "Register-map version (major.minor in 16.16)"},
    {"CTRL", CTRL, Access::RW, 0, "bit0 START (W, self-clearing), bit1 MODE_FIRST, bit2 IRQ_ENABLE, bit3 LEAF_VERTEX, bit4 LEAF_VERTEX_AND_DOP (golden model only), bit5 LEAF_PLANE (chips with leaf_plane = 1)"},
    {"STATUS", STATUS, Access::RO, 0, "bit0 BUSY, bit1 DONE, bits 11:8 error code (see Error)"},
    {"IRQ", IRQ, Access::W1C, 0, "bit0 DONE interrupt pending; write 1 to clear (deasserts INTA#)"},
    {"ROOT_A", ROOT_A, Access::RW, 0, "Node-pair address of the tumbled object's root (slot 0)"},
    {"ROOT_B", ROOT_B, Access::RW, 0, "Node-pair address of the aligned object's root (slot 0)"},
    {"RESULT_BASE", RESULT_BASE, Access::RW, 0, "Board-memory address where result pairs are written"},
    {"RESULT_CAPACITY", RESULT_CAPACITY, Access::RW, 0, "Room at RESULT_BASE, in pairs"},
    {"RESULT_COUNT", RESULT_COUNT, Access::RO, 0, "Pairs written by the last query (certain hits and uncertain pairs)"},
    {"TRI_ERR_EXP", TRI_ERR_EXP, Access::RW, 0, "Triangle test's error exponent of the query: bits 7:0 signed (docs/exact_contacts.md)"},
    {"PLANE_MARGIN", PLANE_MARGIN, Access::RW, 0, "float: the query's rounding margin M of CTRL.LEAF_PLANE's plane test (docs/memory_image.md, \"Leaf planes\")"},
    {"CNT_TUMBLED", CNT_TUMBLED, Access::RO, 0, "tumbled_nodes_transformed"},
    {"CNT_ALIGNED_PAIRS", CNT_ALIGNED_PAIRS, Access::RO, 0, "aligned_pairs_fetched"},
    {"CNT_OVERLAP_TESTS", CNT_OVERLAP_TESTS, Access::RO, 0, "overlap_tests"},
    {"CNT_TRIANGLE_TESTS", CNT_TRIANGLE_TESTS, Access::RO, 0, "triangle_tests"},
    {"CNT_LISTS", CNT_LISTS, Access::RO, 0, "lists"},
    {"CNT_MAX_STACK_DEPTH", CNT_MAX_STACK_DEPTH, Access::RO, 0, "max_stack_depth"},
    {"CNT_MAX_LIST_LENGTH", CNT_MAX_LIST_LENGTH, Access::RO, 0, "max_list_length"},
    {"CNT_CYCLES_LO", CNT_CYCLES_LO, Access::RO, 0, "cycles, low word (timed backends)"},
    {"CNT_CYCLES_HI", CNT_CYCLES_HI, Access::RO, 0, "cycles, high word"},
    {"CNT_UNCERTAIN", CNT_UNCERTAIN, Access::RO, 0, "uncertain_tests"},
}};

// ---------------------------------------------------------------------------------------
// Matrix register file (paper §4.1): line = 4 floats (C0, C1, C2, c) or a 3x4 row.
//   lines  0..23  DOP transform: C_i0, C_i1, C_i2, c_i for target slot i
//   lines 24..26  A -> B rigid transform [R | t], one row per line
//   lines 27..29  B -> A rigid transform [R^-1 | -R^-1 t] (the inverse in double, rounded)
//   lines 30..32  leaf matrix M of the other triangle, loaded by the chip (read-only)
// ---------------------------------------------------------------------------------------
inline constexpr uint32_t kMatDop = 0;
inline constexpr uint32_t kMatAtoB = 24;
inline constexpr uint32_t kMatBtoA = 27;
inline constexpr uint32_t kMatLeaf = 30;
inline constexpr uint32_t matrixAddr(uint32_t line, uint32_t col) { return MATRIX_BASE + line * 16 + col * 4; }

// ---------------------------------------------------------------------------------------
// Leaf-vertex register file (CTRL_LEAF_VERTEX; per query from the driver,
// cc::leafVertexDopLines): line i < 12 is (w_i, c_lo_i), line 12 + i (w_i, c_hi_i), with
// w_i = R^T a_i and c = a_i . t moved outward by the FP32 error bound. A tumbled leaf's
// slot i is the least over its triangle's vertices x of w_i . x + c_lo_i (one DOTADD),
// slot 12 + i the largest of w_i . x + c_hi_i.
// ---------------------------------------------------------------------------------------
inline constexpr uint32_t leafVertexAddr(uint32_t line, uint32_t col) { return LEAFV_BASE + line * 16 + col * 4; }

// ---------------------------------------------------------------------------------------
// Correspondence register file: 66 lines, each a 32-bit word of 5-bit register indices
//   [4:0] src0   [9:5] src1   [14:10] src2   [19:15] dst
//   lines  0..23  DOP transform: d'[i] = C_i0*d[src0] + C_i1*d[src1] + C_i2*d[src2] + c_i
//   lines 24..50  triangle transforms, three passes of 9 outputs (vertex o/3, coord o%3):
//                 pass 0 (lines 24..32) with matrix lines 24..26, pass 1 (33..41) with
//                 27..29, pass 2 (42..50) with 30..32; src = the vertex's x, y, z registers
//   lines 51..65  IT-unit operand pairs, 5 per edge (P = V_e, Q = V_(e+1)%3):
//                 (Px,Qz) (Qx,Pz) (Py,Qz) (Qy,Pz) (Qz,Pz) as src0, src1
// ---------------------------------------------------------------------------------------
inline constexpr uint32_t kCorrDop = 0;
inline constexpr uint32_t kCorrTriPass = 24;  // + pass*9 + output
inline constexpr uint32_t kCorrIt = 51;       // + edge*5 + pair
inline constexpr uint32_t kCorrFieldBits = 5;
inline constexpr uint32_t kDopRegs = 32;      // DOP register file entries (5-bit index)

inline constexpr uint32_t corrPack(uint32_t s0, uint32_t s1, uint32_t s2, uint32_t dst) {
  return s0 | (s1 << 5) | (s2 << 10) | (dst << 15);
}
inline constexpr uint32_t corrField(uint32_t word, int f) { return (word >> (5 * f)) & 0x1F; }

// Standard contents of lines 24..65 (fixed by the datapath; the driver loads them).
std::array<uint32_t, CORR_LINES> standardCorrespondence();

// Whether the triangle lines 24..65 let each side of a triangle test read only DOP
// registers that side wrote itself: its vertices (d0..d8), then what its frame pass and
// the leaf-matrix pass wrote. A side then depends on nothing a previous side left in the
// register file, which lets the chip run side B's passes beside side A's in a register
// file of its own (docs/rtl_core.md); START refuses other lines with BadConfig.
bool triangleLinesReadOwnRegisters(const std::array<uint32_t, CORR_LINES>& corr);

// For each DOTADD k of side `side`'s leaf-matrix pass (line 42 + k): the highest index of
// the side's frame-pass outputs (lines 24 + o for side A, 33 + o for side B) among those
// it reads, an operand register counting as read from the last output writing it; -1 when
// it reads none. The chip issues that DOTADD as soon as those results are in (operand
// forwarding, docs/rtl_core.md), and the TLM model times it from this.
std::array<int, 9> leafPassFrameNeeds(const std::array<uint32_t, CORR_LINES>& corr, int side);

}  // namespace cc::regs
