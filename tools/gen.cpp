#include "gen.h"

#include <cstdio>
#include <sstream>
#include <vector>

#include "cc/core_states.h"
#include "cc/chip_math.h"
#include "cc/config.h"
#include "cc/layout.h"
#include "cc/regmap.h"

namespace cc::gen {

namespace {

std::string hex(uint32_t v, int digits) {
  char b[32];
  std::snprintf(b, sizeof b, "%0*X", digits, v);
  return b;
}

const char* accessName(regs::Access a) {
  switch (a) {
    case regs::Access::RO: return "RO";
    case regs::Access::RW: return "RW";
    case regs::Access::WO: return "WO";
    case regs::Access::W1C: return "W1C";
  }
  return "?";
}

struct Param {
  const char* name;
  uint32_t value;
  int width;
  const char* doc;
};

// Every constant the RTL shares with the C++ side, in one list.
std::vector<Param> params() {
  using namespace regs;
  using namespace layout;
  std::vector<Param> p;
  for (const auto& r : kRegisters) p.push_back({nullptr, r.offset, 12, r.name});
  std::vector<Param> named = {
      {"REG_MATRIX_BASE", MATRIX_BASE, 12, "matrix register file, line*16 + col*4"},
      {"REG_MATRIX_LINES", MATRIX_LINES, 32, "lines in the matrix register file"},
      {"REG_CORR_BASE", CORR_BASE, 12, "correspondence register file, line*4"},
      {"REG_CORR_LINES", CORR_LINES, 32, "lines in the correspondence register file"},
      {"REG_LEAFV_BASE", LEAFV_BASE, 12, "leaf-vertex register file, line*16 + col*4"},
      {"REG_LEAFV_LINES", LEAFV_LINES, 32, "lines in the leaf-vertex register file"},
      {"REG_BAR0_BYTES", BAR0_BYTES, 32, "size of BAR0"},
      {"ID_VALUE", kIdValue, 32, "ID register value"},
      {"VERSION_VALUE", kVersionValue, 32, "VERSION register value"},
      {"CTRL_START_BIT", 0, 32, "CTRL bit: start a query"},
      {"CTRL_MODE_FIRST_BIT", 1, 32, "CTRL bit: stop at the first pair"},
      {"CTRL_IRQ_ENABLE_BIT", 2, 32, "CTRL bit: interrupt enable"},
      {"CTRL_LEAF_VERTEX_BIT", 3, 32, "CTRL bit: a tumbled leaf's DOP from its vertices"},
      {"CTRL_LEAF_PLANE_BIT", 5, 32, "CTRL bit: aligned leaves compared along their planes too"},
      {"STATUS_BUSY_BIT", 0, 32, "STATUS bit: busy"},
      {"STATUS_DONE_BIT", 1, 32, "STATUS bit: done"},
      {"STATUS_ERR_LSB", STATUS_ERR_SHIFT, 32, "STATUS error code, lowest bit"},
      {"ERR_NONE", uint32_t(Error::None), 4, "error code"},
      {"ERR_LIST_OVERFLOW", uint32_t(Error::ListOverflow), 4, "error code"},
      {"ERR_STACK_OVERFLOW", uint32_t(Error::StackOverflow), 4, "error code"},
      {"ERR_RESULT_OVERFLOW", uint32_t(Error::ResultOverflow), 4, "error code"},
      {"ERR_BAD_POINTER", uint32_t(Error::BadPointer), 4, "error code"},
      {"ERR_NO_ROOTS", uint32_t(Error::NoRoots), 4, "error code"},
      {"ERR_BAD_CONFIG", uint32_t(Error::BadConfig), 4, "error code"},
      {"MAT_DOP", kMatDop, 32, "matrix line of the DOP transform"},
      {"MAT_A_TO_B", kMatAtoB, 32, "matrix lines of [R|t]"},
      {"MAT_B_TO_A", kMatBtoA, 32, "matrix lines of [R^-1|-R^-1 t]"},
      {"MAT_LEAF", kMatLeaf, 32, "matrix lines of the leaf matrix M"},
      {"CORR_DOP", kCorrDop, 32, "correspondence lines of the DOP transform"},
      {"CORR_TRI_PASS", kCorrTriPass, 32, "correspondence lines of the triangle passes"},
      {"CORR_IT", kCorrIt, 32, "correspondence lines of the IT-unit operands"},
      {"DOP_REGS", kDopRegs, 32, "DOP register file entries"},
      {"DOP_K", kDopK, 32, "k of the k-DOP"},
      {"NODE_BYTES", kNodeBytes, 32, "bytes per node"},
      {"PAIR_BYTES", kPairBytes, 32, "bytes per node pair (one burst)"},
      {"TRI_BYTES", kTriBytes, 32, "bytes per triangle record"},
      {"RESULT_BYTES", kResultBytes, 32, "bytes per result pair"},
      {"NODE_DOP", kNodeDop, 8, "node field: DOP"},
      {"NODE_FLAGS", kNodeFlags, 8, "node field: flags"},
      {"NODE_PTR", kNodePtr, 8, "node field: child pair / triangle record"},
      {"NODE_PLANE_SEL", kNodePlaneSel, 8, "leaf field: plane present (bit 31) and its slots j0, j1, j2"},
      {"NODE_PLANE_C1", kNodePlaneC1, 8, "leaf field: plane coefficient c1 (float)"},
      {"NODE_PLANE_C2", kNodePlaneC2, 8, "leaf field: plane coefficient c2 (float)"},
      {"NODE_PLANE_LO", kNodePlaneLo, 8, "leaf field: the triangle's extent along the plane's direction, low"},
      {"NODE_PLANE_HI", kNodePlaneHi, 8, "leaf field: the same, high"},
      {"FLAG_VALID_BIT", 0, 32, "flags bit: valid node"},
      {"FLAG_LEAF_BIT", 1, 32, "flags bit: leaf"},
      {"TRI_VERTS", kTriVerts, 8, "triangle record field: vertices"},
      {"TRI_MATRIX", kTriMatrix, 8, "triangle record field: M"},
      {"TRI_ID", kTriId, 8, "triangle record field: id"},
      {"TRI_ERR_EXP", kTriErrExp, 8, "triangle record field: error exponents (bits 7:0 absolute, 15:8 relative)"},
      {"RESULT_UNCERTAIN_BIT", kResultUncertainBit, 32, "result word 1 (B's id) bit: an uncertain pair"},
      {"IT_ERR_MAX", uint32_t(kItErrMax) & 0xFFFu, 12, "IT-unit: hopeless above this error exponent (signed)"},
      {"IT_COORD_MAX", uint32_t(kItCoordMax), 12, "IT-unit: hopeless above this coordinate exponent (signed)"},
      {"IT_REL_MIN", uint32_t(kItRelMin) & 0xFFFu, 12, "IT-unit: least relative error exponent (signed)"},
      {"FRAME_WORDS", kFrameWords, 32, "stack SRAM words per traversal frame"},
      {"FRAME_NEXT_PAIR", kFrameNextPair, 32, "frame word: slot-1 child pair"},
      {"FRAME_LIST_BASE", kFrameListBase, 32, "frame word: base of its list"},
      {"FRAME_LEN_BIT", kFrameLenBit, 32, "frame word: list length and the bit"},
      {"FRAME_BIT", kFrameBit, 32, "bit of the frame's bit in FRAME_LEN_BIT"},
      {"LIST_WQ_DEPTH", kListWriteQueueDepth, 32, "entries of the list write queue"},
      {"SDRAM_REFRESH_PULL_IN", kSdramRefreshPullIn, 32, "REFRESHes the SDRAM device counts ahead of time (JEDEC)"},
  };
  p.insert(p.end(), named.begin(), named.end());
  return p;
}

}  // namespace

std::string regmapVerilog() {
  std::ostringstream o;
  o << "// GENERATED by tools/cc_gen from model/common/cc/regmap.h, layout.h and config.h: do not edit.\n"
       "// Regenerate with `make gen`; tests/common/test_generated.cpp checks it is current.\n"
       "// Include inside a module body: localparams of the register map, the memory layout and the SDRAM standard.\n"
       "// Each including module uses only the constants it needs, hence the lint waiver.\n"
       "/* verilator lint_off UNUSEDPARAM */\n";
  for (const auto& p : params()) {
    const std::string name = p.name ? std::string(p.name) : std::string("REG_") + p.doc;
    const std::string value = p.width == 32 ? "32'd" + std::to_string(p.value) : std::to_string(p.width) + "'h" + hex(p.value, (p.width + 3) / 4);
    o << "localparam [" << p.width - 1 << ":0] " << name << std::string(name.size() < 24 ? 24 - name.size() : 1, ' ') << "= " << value
      << ";";
    if (p.name) o << "  // " << p.doc;
    o << "\n";
  }
  o << "/* verilator lint_on UNUSEDPARAM */\n";
  return o.str();
}

std::string coreStatesVerilog() {
  struct State {
    const char* name;
    int number;
  };
#define CC_GEN_STATE(name, number) State{#name, number},
  const std::vector<State> controller{CC_CORE_CONTROLLER_STATES(CC_GEN_STATE)}, engine{CC_CORE_ENGINE_STATES(CC_GEN_STATE)},
      load{CC_CORE_LOAD_STATES(CC_GEN_STATE)}, lookahead{CC_CORE_LOOKAHEAD_STATES(CC_GEN_STATE)};
#undef CC_GEN_STATE
  std::ostringstream o;
  o << "// GENERATED by tools/cc_gen from model/common/cc/core_states.h: do not edit.\n"
       "// Regenerate with `make gen`; tests/common/test_generated.cpp checks it is current.\n"
       "// Included by the core's units: the numbers of their states as the traces show them.\n";
  const auto group = [&o](const char* what, const std::vector<State>& states, int width) {
    o << "// " << what << "\nlocalparam [" << width - 1 << ":0]";
    for (size_t k = 0; k < states.size(); ++k)
      o << (k ? "," : "") << "\n  " << states[k].name << " = " << width << "'d" << states[k].number;
    o << ";\n";
  };
  group("master controller", controller, 6);
  group("triangle-test engine, decide stage (in the controller's space)", engine, 6);
  group("triangle-test engine, load stage (ld_trace)", load, 3);
  group("look-ahead engine", lookahead, 3);
  return o.str();
}

std::string registerMapMarkdown() {
  std::ostringstream o;
  o << "# BAR0 register map\n\n"
       "Generated by `tools/cc_gen` from `model/common/cc/regmap.h` (`make gen`); a test keeps it current.\n"
       "All registers are 32 bits. Unmapped addresses read as zero and ignore writes.\n\n"
       "| offset | name | access | reset | description |\n|---|---|---|---|---|\n";
  for (const auto& r : regs::kRegisters) {
    o << "| 0x" << hex(r.offset, 3) << " | " << r.name << " | " << accessName(r.access) << " | 0x" << hex(r.reset, 8) << " | " << r.doc
      << " |\n";
  }
  o << "| 0x" << hex(regs::MATRIX_BASE, 3) << "-0x" << hex(regs::MATRIX_BASE + regs::MATRIX_LINES * 16 - 1, 3)
    << " | MATRIX[33][4] | RW (lines 30-32 RO) | 0 | matrix register file: line*16 + col*4, float bits |\n";
  o << "| 0x" << hex(regs::CORR_BASE, 3) << "-0x" << hex(regs::CORR_BASE + regs::CORR_LINES * 4 - 1, 3)
    << " | CORR[66] | RW | 0 | correspondence register file: [4:0] src0 [9:5] src1 [14:10] src2 [19:15] dst |\n";
  o << "| 0x" << hex(regs::LEAFV_BASE, 3) << "-0x" << hex(regs::LEAFV_BASE + regs::LEAFV_LINES * 16 - 1, 3)
    << " | LEAFV[24][4] | RW | 0 | leaf-vertex register file (CTRL.LEAF_VERTEX): line*16 + col*4, float bits |\n\n";
  o << "## Error codes (STATUS[11:8])\n\n| code | name |\n|---|---|\n";
  for (uint32_t e = 0; e <= uint32_t(regs::Error::BadConfig); ++e) {
    o << "| " << e << " | " << regs::errorName(static_cast<regs::Error>(e)) << " |\n";
  }
  o << "\n## Matrix register file lines\n\n"
       "| lines | contents |\n|---|---|\n"
       "| 0-23 | DOP transform: C_i0, C_i1, C_i2, c_i of target slot i |\n"
       "| 24-26 | A -> B rigid transform [R \\| t], one row per line |\n"
       "| 27-29 | B -> A rigid transform [R^-1 \\| -R^-1 t] |\n"
       "| 30-32 | leaf matrix M of the other triangle (loaded by the chip) |\n\n"
       "## Leaf-vertex register file lines (CTRL.LEAF_VERTEX)\n\n"
       "Golden model, TLM model and RTL; CTRL bit 4 (LEAF_VERTEX_AND_DOP) in the golden model only: "
       "a chip without a bit reads it back as zero (docs/triangle_tests.md).\n\n"
       "| lines | contents |\n|---|---|\n"
       "| 0-11 | w_i = R^T a_i and c_lo_i: slot i of a tumbled leaf is the least w_i . x + c_lo_i over its vertices x |\n"
       "| 12-23 | w_i and c_hi_i: slot 12 + i is the largest w_i . x + c_hi_i |\n\n"
       "## Correspondence register file lines\n\n"
       "| lines | contents |\n|---|---|\n"
       "| 0-23 | DOP slots read for target slot i (src0..2) |\n"
       "| 24-32, 33-41, 42-50 | triangle passes 0 (with [R\\|t]), 1 (with [R^-1\\|..]), 2 (with M): 9 outputs each |\n"
       "| 51-65 | IT-unit operand pairs, 5 per edge: (Px,Qz) (Qx,Pz) (Py,Qz) (Qy,Pz) (Qz,Pz) |\n";
  return o.str();
}

}  // namespace cc::gen
