// Error paths and the register interface of the golden chip: every documented error
// status, reported without hanging and without losing what was found before it.
#include <gtest/gtest.h>

#include "cc/driver.h"
#include "cc/golden_chip.h"

namespace {

using cc::regs::Error;

struct Rig {
  cc::Mesh ma = cc::makeTorus(0.6f, 0.2f, 48, 16), mb = cc::makeSphere(0.6f, 24, 32);
  cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  cc::Pose pose = cc::poseFromAxisAngle({1, 0, 0}, 90, {0.5, 0, 0});
  std::unique_ptr<cc::Device> dev;
  std::unique_ptr<cc::Driver> drv;
  cc::BoardObject a, b;
  explicit Rig(const cc::ChipConfig& cfg, uint32_t capacity = 1u << 20) {
    dev = cc::makeDevice("golden", cfg);
    drv = std::make_unique<cc::Driver>(*dev, capacity);
    a = drv->upload(ta, ma);
    b = drv->upload(tb, mb);
  }
  cc::QueryResult run(cc::QueryMode m = cc::QueryMode::All) { return drv->query(a, b, pose, m); }
  uint32_t statusError() { return (dev->read32(cc::regs::STATUS) & cc::regs::STATUS_ERR_MASK) >> cc::regs::STATUS_ERR_SHIFT; }
};

}  // namespace

TEST(GoldenErrors, ReferenceQueryHasContact) {
  Rig r(cc::namedConfig("paper"));
  const auto q = r.run();
  EXPECT_EQ(q.error, Error::None);
  EXPECT_GT(q.pairs.size(), 10u);
}

TEST(GoldenErrors, ListOverflowIsReportedAndKeepsEarlierPairs) {
  const auto full = Rig(cc::namedConfig("paper")).run();
  cc::ChipConfig cfg = cc::namedConfig("paper");
  cfg.list_words = static_cast<uint32_t>(full.counters.max_list_length);  // too small by construction
  Rig r(cfg);
  const auto q = r.run();
  EXPECT_EQ(q.error, Error::ListOverflow);
  // What was found before the overflow is a prefix of the full answer.
  ASSERT_LE(q.pairs.size(), full.pairs.size());
  EXPECT_TRUE(std::equal(q.pairs.begin(), q.pairs.end(), full.pairs.begin()));
}

TEST(GoldenErrors, StackOverflow) {
  const auto full = Rig(cc::namedConfig("paper")).run();
  ASSERT_GT(full.counters.max_stack_depth, 2u);
  cc::ChipConfig cfg = cc::namedConfig("paper");
  cfg.stack_frames = static_cast<uint32_t>(full.counters.max_stack_depth - 1);
  EXPECT_EQ(Rig(cfg).run().error, Error::StackOverflow);
  cfg.stack_frames = static_cast<uint32_t>(full.counters.max_stack_depth);
  EXPECT_EQ(Rig(cfg).run().error, Error::None);
}

TEST(GoldenErrors, ResultOverflowKeepsTheFirstPairs) {
  const auto full = Rig(cc::namedConfig("paper")).run();
  Rig r(cc::namedConfig("paper"), 3);
  const auto q = r.run();
  EXPECT_EQ(q.error, Error::ResultOverflow);
  ASSERT_EQ(q.pairs.size(), 3u);
  EXPECT_TRUE(std::equal(q.pairs.begin(), q.pairs.end(), full.pairs.begin()));
  // Mode first needs room for one pair only.
  EXPECT_EQ(Rig(cc::namedConfig("paper"), 1).run(cc::QueryMode::First).error, Error::None);
}

TEST(GoldenErrors, CorruptNodePointer) {
  Rig r(cc::namedConfig("paper"));
  const uint32_t bad = 0x1234;  // not 256-aligned
  r.dev->writeMemory(r.b.root_pair + cc::layout::kNodePtr, &bad, 4);
  EXPECT_EQ(r.run().error, Error::BadPointer);
  Rig r2(cc::namedConfig("paper"));
  const uint32_t far = 0x7FFFFF00;  // beyond the 1 GiB board
  r2.dev->writeMemory(r2.a.root_pair + cc::layout::kNodePtr, &far, 4);
  EXPECT_EQ(r2.run().error, Error::BadPointer);
  Rig r3(cc::namedConfig("paper"));
  const uint32_t no_flags = 0;  // node without VALID
  r3.dev->writeMemory(r3.b.root_pair + cc::layout::kNodeFlags, &no_flags, 4);
  EXPECT_EQ(r3.run().error, Error::BadPointer);
}

TEST(GoldenErrors, StartWithoutRootsAndBadConfig) {
  cc::BoardMemory mem;
  cc::golden::Chip chip(mem, cc::namedConfig("paper"));
  chip.write32(cc::regs::CTRL, cc::regs::CTRL_START | cc::regs::CTRL_IRQ_ENABLE);
  const uint32_t st = chip.read32(cc::regs::STATUS);
  EXPECT_TRUE(st & cc::regs::STATUS_DONE);
  EXPECT_EQ((st & cc::regs::STATUS_ERR_MASK) >> cc::regs::STATUS_ERR_SHIFT, uint32_t(Error::NoRoots));
  EXPECT_TRUE(chip.interruptAsserted());
  chip.write32(cc::regs::IRQ, 1);
  EXPECT_FALSE(chip.interruptAsserted());

  Rig r(cc::namedConfig("paper"));
  ASSERT_EQ(r.run().error, Error::None);
  r.dev->write32(cc::regs::CORR_BASE, cc::regs::corrPack(30, 0, 0, 0));  // DOP slot 30 does not exist
  r.dev->write32(cc::regs::CTRL, cc::regs::CTRL_START);
  EXPECT_EQ(r.statusError(), uint32_t(Error::BadConfig));
}

// A triangle-test side may read only the DOP registers it wrote itself (its vertices
// d0..d8, then its passes' outputs): each line below breaks that, and START refuses it.
TEST(GoldenErrors, TriangleLinesThatReadAnotherSidesRegisters) {
  using cc::regs::corrPack;
  const auto std_corr = cc::regs::standardCorrespondence();
  EXPECT_TRUE(cc::regs::triangleLinesReadOwnRegisters(std_corr));
  struct Case {
    uint32_t line, word;
    const char* what;
  };
  const Case cases[] = {
      {cc::regs::kCorrTriPass + 4, corrPack(9, 1, 2, 13), "frame pass A reads d9 (no vertex)"},
      {cc::regs::kCorrTriPass + 9, corrPack(0, 1, 20, 9), "frame pass B reads d20"},
      {cc::regs::kCorrTriPass + 18, corrPack(20, 10, 11, 0), "leaf-matrix pass reads d20 (no frame pass wrote it)"},
      {cc::regs::kCorrIt + 7, corrPack(25, 2, 0, 0), "IT operand d25 (no pass wrote it)"},
  };
  for (const auto& c : cases) {
    auto corr = std_corr;
    corr[c.line] = c.word;
    EXPECT_FALSE(cc::regs::triangleLinesReadOwnRegisters(corr)) << c.what;
    Rig r(cc::namedConfig("paper"));
    ASSERT_EQ(r.run().error, Error::None);
    r.dev->write32(cc::regs::CORR_BASE + 4 * c.line, c.word);
    r.dev->write32(cc::regs::CTRL, cc::regs::CTRL_START);
    EXPECT_EQ(r.statusError(), uint32_t(Error::BadConfig)) << c.what;
  }
  // The IT-unit's third field is not an operand: anything there is fine.
  auto corr = std_corr;
  corr[cc::regs::kCorrIt] |= corrPack(0, 0, 31, 31);
  EXPECT_TRUE(cc::regs::triangleLinesReadOwnRegisters(corr));
}

// Which frame-pass output each leaf-matrix DOTADD waits for (operand forwarding in the
// chip): vertex v's three DOTADDs read frame outputs 3v..3v+2 with the standard lines; an
// operand register written twice counts from its last writer; a vertex register the frame
// pass leaves alone needs nothing.
TEST(GoldenRegisters, LeafPassFrameNeeds) {
  using cc::regs::corrPack;
  const auto std_corr = cc::regs::standardCorrespondence();
  const std::array<int, 9> standard{2, 2, 2, 5, 5, 5, 8, 8, 8};
  EXPECT_EQ(cc::regs::leafPassFrameNeeds(std_corr, 0), standard);
  EXPECT_EQ(cc::regs::leafPassFrameNeeds(std_corr, 1), standard);
  auto corr = std_corr;
  corr[cc::regs::kCorrTriPass + 9 + 4] = corrPack(3, 4, 5, 9);      // B's output 4 also writes d9
  corr[cc::regs::kCorrTriPass + 18] = corrPack(9, 1, 2, 0);        // reads d9 and two vertices
  corr[cc::regs::kCorrTriPass + 19] = corrPack(0, 1, 2, 1);        // vertices only
  const auto a = cc::regs::leafPassFrameNeeds(corr, 0), b = cc::regs::leafPassFrameNeeds(corr, 1);
  EXPECT_EQ(a[0], 0);
  EXPECT_EQ(b[0], 4);
  EXPECT_EQ(a[1], -1);
  EXPECT_EQ(b[1], -1);
  EXPECT_EQ(a[3], 5);
}

TEST(GoldenRegisters, ReadBackAsDocumented) {
  cc::BoardMemory mem;
  cc::golden::Chip chip(mem, cc::namedConfig("paper"));
  EXPECT_EQ(chip.read32(cc::regs::ID), cc::regs::kIdValue);
  EXPECT_EQ(chip.read32(cc::regs::VERSION), cc::regs::kVersionValue);
  for (const auto& reg : cc::regs::kRegisters) {
    if (reg.offset == cc::regs::ID || reg.offset == cc::regs::VERSION) continue;
    EXPECT_EQ(chip.read32(reg.offset), reg.reset) << reg.name;
    const uint32_t pattern = 0xA5A5A5A4;  // START bit clear: no query
    chip.write32(reg.offset, pattern);
    const uint32_t back = chip.read32(reg.offset);
    if (reg.access == cc::regs::Access::RW && reg.offset != cc::regs::CTRL) { EXPECT_EQ(back, pattern) << reg.name; }
    if (reg.access == cc::regs::Access::RO) { EXPECT_EQ(back, reg.reset) << reg.name; }
  }
  EXPECT_EQ(chip.read32(cc::regs::CTRL), (0xA5A5A5A4u & (cc::regs::CTRL_MODE_FIRST | cc::regs::CTRL_IRQ_ENABLE | cc::regs::CTRL_LEAF_VERTEX |
                                                      cc::regs::CTRL_LEAF_VERTEX_AND_DOP | cc::regs::CTRL_LEAF_PLANE)));
  chip.write32(cc::regs::PLANE_MARGIN, 0x35000000);  // golden only, outside the map: a float register
  EXPECT_EQ(chip.read32(cc::regs::PLANE_MARGIN), 0x35000000u);
  // Matrix lines 0..29 are host-writable, 30..32 belong to the chip.
  chip.write32(cc::regs::matrixAddr(29, 3), 0x3F800000);
  chip.write32(cc::regs::matrixAddr(30, 0), 0x3F800000);
  EXPECT_EQ(chip.read32(cc::regs::matrixAddr(29, 3)), 0x3F800000u);
  EXPECT_EQ(chip.read32(cc::regs::matrixAddr(30, 0)), 0u);
  chip.write32(cc::regs::CORR_BASE + 4 * 65, 0x12345);
  EXPECT_EQ(chip.read32(cc::regs::CORR_BASE + 4 * 65), 0x12345u);
  // Unmapped addresses read as zero and ignore writes.
  for (uint32_t off : {0x030u, 0x0FCu, 0x310u, 0x3FCu, 0x508u, 0xFFCu}) {
    chip.write32(off, 0xFFFFFFFF);
    EXPECT_EQ(chip.read32(off), 0u) << std::hex << off;
  }
}
