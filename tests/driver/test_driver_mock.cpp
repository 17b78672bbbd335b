// The driver against a strict, ordered mock device: every register access of a query is
// expected in order, and every API function's bad arguments are rejected.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "cc/driver.h"
#include "cc/exact.h"

using ::testing::_;
using ::testing::InSequence;
using ::testing::Return;
using ::testing::StrictMock;

namespace {

class MockDevice : public cc::Device {
 public:
  std::string name() const override { return "mock"; }
  MOCK_METHOD(void, write32, (uint32_t, uint32_t), (override));
  MOCK_METHOD(uint32_t, read32, (uint32_t), (override));
  MOCK_METHOD(void, writeMemory, (uint32_t, const void*, size_t), (override));
  MOCK_METHOD(void, readMemory, (uint32_t, void*, size_t), (override));
  MOCK_METHOD(bool, waitInterrupt, (uint64_t), (override));
};

struct Scene {
  cc::Mesh ma = cc::makeSphere(1, 6, 8), mb = cc::makeTorus(1, 0.3f, 8, 6);
  cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::Median);
  cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::Median);
};

}  // namespace

TEST(DriverMock, RejectsADeviceThatIsNotTheChip) {
  StrictMock<MockDevice> dev;
  EXPECT_CALL(dev, read32(cc::regs::ID)).WillOnce(Return(0xDEADBEEF));
  EXPECT_THROW(cc::Driver d(dev), cc::DriverError);
}

TEST(DriverMock, BadArguments) {
  StrictMock<MockDevice> dev;
  EXPECT_CALL(dev, read32(cc::regs::ID)).WillRepeatedly(Return(cc::regs::kIdValue));
  EXPECT_THROW(cc::Driver(dev, 0), std::invalid_argument);
  cc::Driver drv(dev);
  cc::BoardObject none;
  EXPECT_THROW(drv.query(none, none, cc::Pose{}, cc::QueryMode::All), std::invalid_argument);
  EXPECT_THROW(cc::queryModeByName("some"), std::invalid_argument);
  EXPECT_THROW(drv.setHostTimeRepeat(0), std::invalid_argument);
  Scene s;
  EXPECT_CALL(dev, writeMemory(0x1000, _, cc::objectImageBytes(s.ta)));
  const cc::BoardObject a = drv.upload(s.ta, s.ma);
  cc::Pose nan_pose;
  nan_pose.t[0] = std::nan("");
  // A bad pose is rejected before anything is written to the device (StrictMock).
  EXPECT_THROW(drv.query(a, a, nan_pose, cc::QueryMode::All), std::invalid_argument);
  cc::BoardObject other = a;
  other.dirs = cc::axesDiagonalsDirections();
  EXPECT_THROW(drv.query(a, other, cc::Pose{}, cc::QueryMode::All), std::invalid_argument);
}

TEST(DriverMock, QueryIsTheDocumentedRegisterSequence) {
  StrictMock<MockDevice> dev;
  Scene s;
  InSequence order;
  EXPECT_CALL(dev, read32(cc::regs::ID)).WillOnce(Return(cc::regs::kIdValue));
  cc::Driver drv(dev, 16);
  EXPECT_CALL(dev, writeMemory(0x1000, _, cc::objectImageBytes(s.ta)));
  const cc::BoardObject a = drv.upload(s.ta, s.ma);
  const uint32_t b_base = (a.end + 0xFFF) & ~0xFFFu;
  EXPECT_CALL(dev, writeMemory(b_base, _, cc::objectImageBytes(s.tb)));
  const cc::BoardObject b = drv.upload(s.tb, s.mb);
  const uint32_t result_base = (b.end + 0xFFF) & ~0xFFFu;

  const cc::Pose pose = cc::poseFromAxisAngle({0, 0, 1}, 30, {0.5, 0, 0});
  const cc::PoseRegisters want = cc::setupPose(pose, a.dirs, a.bounds, b.bounds);
  for (uint32_t line = 0; line < 30; ++line) {
    for (uint32_t col = 0; col < 4; ++col) {
      uint32_t bits;
      std::memcpy(&bits, &want.matrix[line][col], 4);
      EXPECT_CALL(dev, write32(cc::regs::matrixAddr(line, col), bits));
    }
  }
  for (uint32_t line = 0; line < cc::regs::CORR_LINES; ++line) EXPECT_CALL(dev, write32(cc::regs::CORR_BASE + 4 * line, want.corr[line]));
  EXPECT_CALL(dev, write32(cc::regs::ROOT_A, a.root_pair));
  EXPECT_CALL(dev, write32(cc::regs::ROOT_B, b.root_pair));
  EXPECT_CALL(dev, write32(cc::regs::RESULT_BASE, result_base));
  EXPECT_CALL(dev, write32(cc::regs::RESULT_CAPACITY, 16u));
  EXPECT_CALL(dev, write32(cc::regs::TRI_ERR_EXP, want.tri_err_exp));
  EXPECT_CALL(dev, write32(cc::regs::IRQ, 1u));
  EXPECT_CALL(dev, write32(cc::regs::CTRL, cc::regs::CTRL_IRQ_ENABLE | cc::regs::CTRL_MODE_FIRST | cc::regs::CTRL_START));
  EXPECT_CALL(dev, waitInterrupt(_)).WillOnce(Return(true));
  EXPECT_CALL(dev, read32(cc::regs::STATUS)).WillOnce(Return(cc::regs::STATUS_DONE));
  EXPECT_CALL(dev, write32(cc::regs::IRQ, 1u));
  EXPECT_CALL(dev, read32(cc::regs::RESULT_COUNT)).WillOnce(Return(1u));
  EXPECT_CALL(dev, readMemory(result_base, _, 8u)).WillOnce([](uint32_t, void* p, size_t) {
    const uint32_t pair[2] = {7, 11};
    std::memcpy(p, pair, 8);
  });
  const uint32_t counter_regs[] = {cc::regs::CNT_TUMBLED, cc::regs::CNT_ALIGNED_PAIRS, cc::regs::CNT_OVERLAP_TESTS,
                                   cc::regs::CNT_TRIANGLE_TESTS, cc::regs::CNT_LISTS, cc::regs::CNT_MAX_STACK_DEPTH,
                                   cc::regs::CNT_MAX_LIST_LENGTH, cc::regs::CNT_UNCERTAIN, cc::regs::CNT_CYCLES_LO,
                                   cc::regs::CNT_CYCLES_HI};
  uint32_t v = 100;
  for (uint32_t r : counter_regs) EXPECT_CALL(dev, read32(r)).WillOnce(Return(v++));
  const cc::QueryResult res = drv.query(a, b, pose, cc::QueryMode::First);
  ASSERT_EQ(res.pairs.size(), 1u);
  EXPECT_EQ(res.pairs[0], (cc::TriPair{7, 11}));
  EXPECT_EQ(res.error, cc::regs::Error::None);
  EXPECT_EQ(res.counters.tumbled_nodes_transformed, 100u);
  EXPECT_EQ(res.counters.max_list_length, 106u);
  EXPECT_EQ(res.counters.uncertain_tests, 107u);
  EXPECT_EQ(res.counters.cycles, 108u | (109ull << 32));
}

TEST(DriverMock, NoInterruptIsAnError) {
  StrictMock<MockDevice> dev;
  Scene s;
  EXPECT_CALL(dev, read32(cc::regs::ID)).WillOnce(Return(cc::regs::kIdValue));
  cc::Driver drv(dev);
  EXPECT_CALL(dev, writeMemory(_, _, _)).Times(2);
  const cc::BoardObject a = drv.upload(s.ta, s.ma), b = drv.upload(s.tb, s.mb);
  EXPECT_CALL(dev, write32(_, _)).Times(::testing::AnyNumber());
  EXPECT_CALL(dev, waitInterrupt(1000)).WillOnce(Return(false));
  EXPECT_THROW(drv.query(a, b, cc::Pose{}, cc::QueryMode::All, 1000), cc::DriverError);
}

// Uncertain records (bit 31 of B's id) are decided on the host: in mode all the pairs that
// intersect stay, in the chip's order; in mode first the answer is the first of them.
// Result ids the meshes do not have are a device error, not a pair.
TEST(DriverMock, UncertainPairsAreDecidedExactlyInOrder) {
  Scene s;
  const cc::Pose pose = cc::poseFromAxisAngle({0, 0, 1}, 30, {0.5, 0, 0});
  std::vector<cc::TriPair> meet, apart;
  for (uint32_t i = 0; i < s.ma.tris.size() && (meet.size() < 2 || apart.empty()); ++i) {
    for (uint32_t j = 0; j < s.mb.tris.size(); ++j) {
      (cc::exactTrianglesIntersect(s.ma, i, s.mb, j, pose) ? meet : apart).push_back({i, j});
    }
  }
  ASSERT_GE(meet.size(), 2u);
  ASSERT_FALSE(apart.empty());
  const std::vector<uint32_t> records = {apart[0].first, apart[0].second | cc::layout::kResultUncertain,
                                         meet[0].first,  meet[0].second | cc::layout::kResultUncertain,
                                         meet[1].first,  meet[1].second};
  // A device that finishes every query with `count` records copied from `words`.
  const auto finishWith = [](::testing::NiceMock<MockDevice>& dev, uint32_t count, const std::vector<uint32_t>& words) {
    ON_CALL(dev, read32(_)).WillByDefault(Return(0));
    ON_CALL(dev, read32(cc::regs::ID)).WillByDefault(Return(cc::regs::kIdValue));
    ON_CALL(dev, read32(cc::regs::STATUS)).WillByDefault(Return(cc::regs::STATUS_DONE));
    ON_CALL(dev, read32(cc::regs::RESULT_COUNT)).WillByDefault(Return(count));
    ON_CALL(dev, waitInterrupt(_)).WillByDefault(Return(true));
    ON_CALL(dev, readMemory(_, _, _)).WillByDefault([words](uint32_t, void* p, size_t n) {
      ASSERT_EQ(n, words.size() * 4);
      std::memcpy(p, words.data(), n);
    });
  };
  for (const cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
    ::testing::NiceMock<MockDevice> dev;
    finishWith(dev, 3, records);
    cc::Driver drv(dev);
    const cc::BoardObject a = drv.upload(s.ta, s.ma), b = drv.upload(s.tb, s.mb);
    const cc::QueryResult r = drv.query(a, b, pose, mode);
    EXPECT_EQ(r.uncertain, (std::vector<cc::TriPair>{apart[0], meet[0]}));
    EXPECT_EQ(r.uncertain_hits, 1u);
    if (mode == cc::QueryMode::All) {
      EXPECT_EQ(r.pairs, (std::vector<cc::TriPair>{meet[0], meet[1]}));
    } else {
      EXPECT_EQ(r.pairs, (std::vector<cc::TriPair>{meet[0]}));
    }
  }
  ::testing::NiceMock<MockDevice> dev;
  finishWith(dev, 1, {0, static_cast<uint32_t>(s.mb.tris.size())});
  cc::Driver drv(dev);
  const cc::BoardObject a = drv.upload(s.ta, s.ma), b = drv.upload(s.tb, s.mb);
  EXPECT_THROW(drv.query(a, b, pose, cc::QueryMode::All), cc::DriverError);
}

namespace {
// Answers every query at once with no result; records the offsets written.
class ShadowProbe : public cc::Device {
 public:
  std::string name() const override { return "probe"; }
  void write32(uint32_t off, uint32_t) override { written.push_back(off); }
  uint32_t read32(uint32_t off) override {
    return off == cc::regs::ID ? cc::regs::kIdValue : off == cc::regs::STATUS ? cc::regs::STATUS_DONE : 0;
  }
  void writeMemory(uint32_t, const void*, size_t) override {}
  void readMemory(uint32_t, void*, size_t) override {}
  bool waitInterrupt(uint64_t) override { return interrupt; }
  std::vector<uint32_t> written;
  bool interrupt = true;
};
bool isStored(uint32_t off) { return off != cc::regs::IRQ && off != cc::regs::CTRL; }
size_t storedWrites(const std::vector<uint32_t>& offs) { return size_t(std::count_if(offs.begin(), offs.end(), isStored)); }
}  // namespace

// The driver keeps a shadow of the registers that only store what it wrote: a query writes
// those whose value changed, so the same pose again writes none of them; a chip that did
// not answer may have refused writes, so after it every register is written again.
TEST(DriverMock, StoredRegistersAreWrittenWhenTheyChange) {
  Scene s;
  ShadowProbe dev;
  cc::Driver drv(dev);
  const cc::BoardObject a = drv.upload(s.ta, s.ma), b = drv.upload(s.tb, s.mb);
  const cc::Pose pose = cc::poseFromAxisAngle({0, 0, 1}, 30, {0.5, 0, 0});
  drv.query(a, b, pose, cc::QueryMode::All);
  const size_t all = storedWrites(dev.written);
  EXPECT_EQ(all, 30u * 4 + cc::regs::CORR_LINES + 5);  // matrix, correspondence, roots, result area, TRI_ERR_EXP
  dev.written.clear();
  drv.query(a, b, pose, cc::QueryMode::All);
  EXPECT_EQ(storedWrites(dev.written), 0u);
  EXPECT_EQ(dev.written, (std::vector<uint32_t>{cc::regs::IRQ, cc::regs::CTRL, cc::regs::IRQ}));
  dev.written.clear();
  drv.query(a, b, cc::poseFromAxisAngle({0, 0, 1}, 31, {0.5, 0, 0}), cc::QueryMode::All);
  const size_t changed = storedWrites(dev.written);
  EXPECT_GT(changed, 0u);
  EXPECT_LT(changed, all);
  dev.interrupt = false;
  EXPECT_THROW(drv.query(a, b, pose, cc::QueryMode::All, 10), cc::DriverError);
  dev.interrupt = true;
  dev.written.clear();
  drv.query(a, b, pose, cc::QueryMode::All);
  EXPECT_EQ(storedWrites(dev.written), all);
}
