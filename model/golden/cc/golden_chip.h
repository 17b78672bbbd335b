// The golden reference: an untimed, bit-exact functional model of the CollisionChip. It
// sees only what the chip sees: the board memory, the BAR0 registers (cc/regmap.h) and
// the START command. Writing CTRL.START runs the whole query (docs/traversal.md) before
// write32 returns; STATUS, RESULT_COUNT, the counters and the results in board memory then
// hold what the RTL and the TLM model must reproduce exactly.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "cc/board_memory.h"
#include "cc/chip_math.h"
#include "cc/config.h"
#include "cc/counters.h"
#include "cc/regmap.h"

namespace cc::golden {

// Optional observer of the traversal, for co-simulation diagnostics and for checking the
// stack engine entry for entry. Every callback has an empty default.
class Observer {
 public:
  enum class Fetch { TumbledPair, AlignedPair, TriangleRecord };
  virtual ~Observer() = default;
  // A query starts (after its configuration checks) with these correspondence lines and
  // this result area (RESULT_BASE, RESULT_CAPACITY).
  virtual void onStart(const std::array<uint32_t, regs::CORR_LINES>& /*corr*/, uint32_t /*result_base*/,
                       uint32_t /*result_capacity*/) {}
  // A board-memory read the chip makes, in program order: a whole node pair (256 bytes)
  // or a triangle record (128 bytes). The TLM model charges SDRAM time from these.
  virtual void onFetch(Fetch /*kind*/, uint32_t /*addr*/) {}
  // A result pair was written to board memory at `addr`.
  virtual void onResultWrite(uint32_t /*addr*/) {}
  // One DOP overlap test (comparator decision) and its outcome.
  virtual void onOverlapTest(bool /*overlap*/) {}
  // A list is about to be processed: the tumbled pair, the list's place in the SRAM and
  // its `length` entries as they stand there now (valid during the call).
  virtual void onList(uint32_t /*tumbled_pair*/, uint32_t /*tumbled_mask*/, uint32_t /*base*/, uint32_t /*length*/,
                      const uint32_t* /*entries*/) {}
  // An entry was written into the list area of the stack SRAM.
  virtual void onListWrite(uint32_t /*word_addr*/, uint32_t /*entry*/) {}
  // A word of the frame area of the stack SRAM was written (layout.h: a push writes the
  // frame's three words, resuming a frame's slot-1 list sets its bit).
  virtual void onFrameWrite(uint32_t /*word_addr*/, uint32_t /*value*/) {}
  // A tumbled node was transformed (its node address and the transformed DOP).
  virtual void onTransform(uint32_t /*node_addr*/, const Dop& /*dop*/) {}
  // One side of a triangle test (A's edges against B's triangle, then, unless one hit
  // certainly, the reverse) went through the IT-unit: of the edges looked at, in order, up
  // to the first certain hit, `computed` certainly crossed the plane and went through the
  // arithmetic; `verdict` is the side's. The timed models charge the IT-unit from this
  // (cc::itTriCycles) and write a result after an uncertain or hit verdict.
  virtual void onTriangleSide(uint32_t /*computed*/, ItVerdict /*verdict*/) {}
  // A triangle pair was tested: hit (certain), miss, or uncertain (reported for the host).
  virtual void onTriangleTest(uint32_t /*tri_a*/, uint32_t /*tri_b*/, ItVerdict /*verdict*/) {}
};

class Chip {
 public:
  Chip(BoardMemory& memory, const ChipConfig& config);

  void write32(uint32_t offset, uint32_t value);
  uint32_t read32(uint32_t offset) const;
  bool interruptAsserted() const { return irq_pending_ && (ctrl_ & regs::CTRL_IRQ_ENABLE); }
  void setObserver(Observer* observer) { observer_ = observer; }

  const Counters& counters() const { return counters_; }

  // Tumbled leaves whose DOP came from their vertices (CTRL_LEAF_VERTEX, regmap.h) since
  // the last START; not a chip counter (they are counted in tumbled_nodes_transformed).
  uint64_t leafVertexDops() const { return leaf_vertex_dops_; }

  // For the timing model of a chip whose controller goes on past the triangle tests it
  // hands over (tri_queue > 0, docs/tlm.md): with `tests` > 0 the observer also hears
  // (1) side B of every test, even where side A hit (the chip's second IT-unit runs it
  // anyway; dopreg_ and the matrix file are put back after it), and (2) the traversal past
  // a test that ends the query (a first-mode hit, ResultOverflow, a bad result pointer) for
  // up to `tests` more triangle tests, as the chip's controller may run ahead before the
  // test's end reaches it. Nothing of that look-ahead is visible: no result is written,
  // and status, counters, result count and matrix file are those at the ending test.
  void setLogAhead(uint32_t tests) { log_ahead_ = tests; }

 private:
  struct Frame {
    uint32_t next_pair;  // child pair of the pair's slot-1 node (0 when none)
    uint32_t list_base;  // the list waiting for it in the SRAM
    uint32_t list_len;
    bool bit;            // paper's bit: 0 = slot-1 branch still to do
  };
  struct Stop {};  // thrown internally to end a query (error or first hit)

  void run();
  void traverse();
  // Processes the tumbled pair with the list at [base, base+len); returns the lists
  // built for the two slots (leaf slots' lists are processed here and come back empty).
  struct ChildLists { uint32_t base[2]; uint32_t len[2]; uint32_t child_pair[2]; };
  ChildLists processPair(uint32_t pair, uint32_t tmask, uint32_t base, uint32_t len);
  void processLeafList(uint32_t node_addr, const Dop& dop, uint32_t base, uint32_t len);
  void prefetchEntry(uint32_t base, uint32_t k, uint32_t len) const;
  void descend(uint32_t pair, uint32_t tmask, uint32_t base, uint32_t len);

  Dop transform(uint32_t node_addr);
  Dop leafVertexDop(uint32_t leaf_node_addr);  // CTRL_LEAF_VERTEX's transform of a tumbled leaf
  Dop readDop(uint32_t node_addr) const;
  bool overlapTest(const Dop& tumbled, uint32_t enode, bool eleaf, const Dop& edop);
  uint32_t readFlags(uint32_t node_addr);
  ItVerdict triangleTest(uint32_t tumbled_node, uint32_t aligned_node);
  int triPass(uint32_t pass);  // returns the largest biased exponent of its nine outputs
  void loadLeafMatrix(uint32_t tri_record);
  void record(uint32_t tri_a, uint32_t tri_b, bool uncertain);
  void testStops(regs::Error e);  // a test ends the query (e: None for a first-mode hit)
  void listWrite(uint32_t word_addr, uint32_t entry);
  void pushFrame(const Frame& f);
  Frame topFrame() const;
  void frameWrite(uint32_t frame, uint32_t word, uint32_t value);
  void checkPointer(uint32_t addr, uint32_t align, uint32_t bytes);
  [[noreturn]] void fail(regs::Error e);

  BoardMemory& mem_;
  ChipConfig cfg_;
  // Registers.
  uint32_t ctrl_ = 0, status_ = 0, root_a_ = 0, root_b_ = 0;
  uint32_t result_base_ = 0, result_capacity_ = 0, result_count_ = 0;
  uint32_t tri_err_exp_ = 0;  // TRI_ERR_EXP (bits 7:0 used)
  uint32_t plane_margin_ = 0;  // PLANE_MARGIN (float bits)
  bool irq_pending_ = false;
  std::array<std::array<float, 4>, regs::MATRIX_LINES> matrix_{};
  std::array<uint32_t, regs::CORR_LINES> corr_{};
  std::array<float, regs::kDopRegs> dopreg_{};  // DOP register file (triangle operands)
  Counters counters_;
  // Stack SRAM: list area and traversal frames (layout.h).
  std::vector<uint32_t> sram_;
  uint32_t depth_ = 0;  // frames on the stack
  uint32_t top_ = 0;  // first free word of the list area
  Observer* observer_ = nullptr;
  std::array<std::array<float, 4>, regs::LEAFV_LINES> leafv_{};  // leaf-vertex register file
  uint64_t leaf_vertex_dops_ = 0;
  // setLogAhead: the tests to log past an ending test; whether the query has ended and is
  // only logged on (ahead_left_ more tests), and what the host sees of it.
  uint32_t log_ahead_ = 0, ahead_left_ = 0;
  bool stopped_ = false;
  struct Outcome {
    Counters counters;
    uint32_t status = 0, result_count = 0;
    std::array<std::array<float, 4>, regs::MATRIX_LINES> matrix{};
    uint64_t leaf_vertex_dops = 0;
  } outcome_;
};

}  // namespace cc::golden
