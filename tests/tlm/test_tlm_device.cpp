// What the TLM model adds to the golden model, tested on its own: its registers while a
// query runs (BUSY, IRQ and CNT_CYCLES against simulated time, START while busy), INTA# at
// start + cycles, and its plumbing (BAR0 decode, the BAR1 window and DMI, the host
// initiator) passing the golden model's answer through unchanged.
//
// The TLM runs the golden model inside for its function (model/tlm/cc/tlm_chip.h), so a
// comparison of its pairs and counters with the golden backend's checks the plumbing only,
// never the function: the tests below that do it are named TlmPlumbing, not equivalence.
// The TLM's cycle counts are checked against the RTL's in tests/chip/test_tlm_vs_rtl.cpp
// (TlmVsRtl); docs/testing.md lists which oracle each test family uses.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>

#include "cc/driver.h"
#include "cc/regmap.h"
#include "cc/tlm_chip.h"
#include "cc/tlm_device.h"
#include "../test_util.h"

namespace {

struct Scene {
  cc::Mesh ma, mb;
  cc::DopTree ta, tb;
};

Scene makeScene(cc::Mesh a, cc::Mesh b) {
  Scene s{std::move(a), std::move(b), {}, {}};
  s.ta = cc::buildTree(s.ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  s.tb = cc::buildTree(s.mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  return s;
}

cc::Pose randomPose(std::mt19937_64& rng) {
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.6, 0.6), ang(-180, 180);
  return cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
}

// Runs the same queries on the golden backend and through the TLM's plumbing; returns the
// number of queries that found pairs.
int compareBackends(const Scene& s, const cc::ChipConfig& cfg, const std::vector<cc::Pose>& poses, cc::QueryMode mode) {
  auto gold = cc::makeDevice("golden", cfg);
  auto tlm = cc::makeDevice("tlm", cfg);
  cc::Driver dg(*gold), dt(*tlm);
  const cc::BoardObject ga = dg.upload(s.ta, s.ma), gb = dg.upload(s.tb, s.mb);
  const cc::BoardObject ta = dt.upload(s.ta, s.ma), tb = dt.upload(s.tb, s.mb);
  int hits = 0;
  const auto* timed = dynamic_cast<const cc::tlm::TlmDevice*>(tlm.get());
  EXPECT_NE(timed, nullptr);
  for (size_t i = 0; i < poses.size(); ++i) {
    const cc::QueryResult g = dg.query(ga, gb, poses[i], mode);
    const double ns0 = timed->simulatedNs();
    const cc::QueryResult t = dt.query(ta, tb, poses[i], mode);
    // CNT_CYCLES is the timing model's count, and the kernel's time passed at least that.
    EXPECT_EQ(t.counters.cycles, timed->timing().cycles());
    EXPECT_GE(timed->simulatedNs() - ns0, 0.999 * t.counters.cycles * 1000.0 / cfg.core_mhz);
    SCOPED_TRACE("pose " + std::to_string(i));
    EXPECT_EQ(t.pairs, g.pairs);
    EXPECT_EQ(t.error, g.error);
    std::vector<std::pair<std::string, uint64_t>> cg, ct;
    g.counters.forEach([&](const char* n, uint64_t v) { cg.emplace_back(n, v); });
    t.counters.forEach([&](const char* n, uint64_t v) { ct.emplace_back(n, v); });
    for (size_t k = 0; k + 1 < cg.size(); ++k) EXPECT_EQ(ct[k], cg[k]) << "counter " << cg[k].first;
    EXPECT_EQ(g.counters.cycles, 0u);
    EXPECT_GT(t.counters.cycles, 0u) << "the tlm backend reports timed cycles";
    hits += !g.pairs.empty();
  }
  return hits;
}

}  // namespace

TEST(TlmPlumbing, GoldenAnswersPassThroughOnRandomPoses) {
  const uint64_t seed = cc::testutil::testSeed("TlmPlumbing.GoldenAnswersPassThroughOnRandomPoses");
  std::mt19937_64 rng(seed);
  const Scene scenes[] = {makeScene(cc::makeSphere(0.6f, 10, 14), cc::makeTorus(0.6f, 0.2f, 18, 8)),
                          makeScene(cc::makeHeightField(12, 12, 1.5f, 0.15f, 11), cc::makeHeightField(12, 12, 1.5f, 0.15f, 12))};
  int hits = 0;
  for (const auto& s : scenes) {
    std::vector<cc::Pose> poses;
    for (int k = 0; k < 25; ++k) poses.push_back(randomPose(rng));
    hits += compareBackends(s, cc::namedConfig("paper"), poses, cc::QueryMode::All);
    hits += compareBackends(s, cc::namedConfig("paper"), poses, cc::QueryMode::First);
  }
  EXPECT_GT(hits, 10) << "too few colliding poses to mean anything";
}

TEST(TlmPlumbing, ErrorStatusesPassThrough) {
  // The small configuration's list area and stack overflow on these meshes.
  const Scene s = makeScene(cc::makeSphere(0.6f, 16, 20), cc::makeSphere(0.6f, 16, 20));
  const std::vector<cc::Pose> poses{cc::poseFromAxisAngle({1, 1, 1}, 30, {0.05, 0, 0}),
                                    cc::poseFromAxisAngle({0, 1, 0}, 90, {0.3, 0.1, 0})};
  compareBackends(s, cc::namedConfig("small"), poses, cc::QueryMode::All);
  auto dev = cc::makeDevice("tlm", cc::namedConfig("small"));
  cc::Driver d(*dev);
  const auto a = d.upload(s.ta, s.ma), b = d.upload(s.tb, s.mb);
  EXPECT_NE(d.query(a, b, poses[0], cc::QueryMode::All).error, cc::regs::Error::None)
      << "the small configuration was meant to overflow here";
}

TEST(TlmPlumbing, RealMeshShortSweep) {
  const std::string dir = CC_MESH_DIR;
  const std::string fa = dir + "/knot2.off", fb = dir + "/blade.off";
  if (!std::filesystem::exists(fa) || !std::filesystem::exists(fb)) GTEST_SKIP() << "meshes not extracted (make meshes)";
  cc::Mesh ma = cc::loadMesh(fa), mb = cc::loadMesh(fb);
  cc::normalizeMesh(ma);
  cc::normalizeMesh(mb);
  const Scene s = makeScene(std::move(ma), std::move(mb));
  std::vector<cc::Pose> poses;
  for (int i = 0; i < 6; ++i) poses.push_back(cc::poseFromAxisAngle({1, 1, 1}, 60.0 * i, {0.2, 0, 0}));
  EXPECT_GT(compareBackends(s, cc::namedConfig("paper"), poses, cc::QueryMode::All), 0);
}

TEST(TlmDevice, RegistersAndInterrupt) {
  auto dev = cc::tlm::makeTlmDevice(cc::namedConfig("paper"));
  EXPECT_EQ(dev->read32(cc::regs::ID), cc::regs::kIdValue);
  // No roots: the query ends at once with NoRoots, DONE, and INTA# when enabled.
  dev->write32(cc::regs::CTRL, cc::regs::CTRL_IRQ_ENABLE | cc::regs::CTRL_START);
  EXPECT_TRUE(dev->waitInterrupt(1000));
  const uint32_t st = dev->read32(cc::regs::STATUS);
  EXPECT_TRUE(st & cc::regs::STATUS_DONE);
  EXPECT_EQ((st & cc::regs::STATUS_ERR_MASK) >> cc::regs::STATUS_ERR_SHIFT, uint32_t(cc::regs::Error::NoRoots));
  dev->write32(cc::regs::IRQ, 1);
  EXPECT_FALSE(dev->waitInterrupt(100)) << "W1C cleared the interrupt";
  // The memory window round-trips (DMI or not).
  std::vector<uint8_t> out(70000), in(70000);
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(i * 7 + 3);
  dev->writeMemory(0x12340, out.data(), out.size());
  dev->readMemory(0x12340, in.data(), in.size());
  EXPECT_EQ(in, out);
  EXPECT_THROW(dev->readMemory(0xFFFFFFF0u, in.data(), 64), std::out_of_range);
}

// The timing model times CTRL.LEAF_VERTEX as the RTL has it, not LEAF_VERTEX_AND_DOP:
// bit 3 and the leaf-vertex lines read back, bit 4 stays zero; the driver takes mode
// `vertices` and refuses `vertices+dop`.
TEST(TlmDevice, LeafVertexDopWithoutTheDopTransform) {
  auto dev = cc::tlm::makeTlmDevice(cc::namedConfig("paper"));
  dev->write32(cc::regs::CTRL, cc::regs::CTRL_LEAF_VERTEX | cc::regs::CTRL_LEAF_VERTEX_AND_DOP);
  EXPECT_EQ(dev->read32(cc::regs::CTRL), cc::regs::CTRL_LEAF_VERTEX);
  dev->write32(cc::regs::CTRL, 0);
  dev->write32(cc::regs::leafVertexAddr(3, 1), 0x3F800000);
  EXPECT_EQ(dev->read32(cc::regs::leafVertexAddr(3, 1)), 0x3F800000u);
  cc::Driver drv(*dev);
  EXPECT_THROW(drv.setLeafDop(cc::LeafDop::VerticesAndDop), cc::DriverError);
  EXPECT_NO_THROW(drv.setLeafDop(cc::LeafDop::Vertices));
}

// CTRL.LEAF_PLANE needs the plane unit (leaf_plane = 1, configs/modern_planes.cfg): on
// another chip the bit reads back 0, as on the RTL chip, and the driver refuses it;
// PLANE_MARGIN is a register of every chip.
TEST(TlmDevice, LeafPlaneOnlyWithThePlaneUnit) {
  for (const char* config : {"paper", "modern_planes"}) {
    const bool unit = cc::namedConfig(config).leaf_plane != 0;
    auto dev = cc::tlm::makeTlmDevice(cc::namedConfig(config));
    dev->write32(cc::regs::CTRL, cc::regs::CTRL_LEAF_PLANE);
    EXPECT_EQ(dev->read32(cc::regs::CTRL), unit ? cc::regs::CTRL_LEAF_PLANE : 0u) << config;
    dev->write32(cc::regs::CTRL, 0);
    dev->write32(cc::regs::PLANE_MARGIN, 0x35000000);
    EXPECT_EQ(dev->read32(cc::regs::PLANE_MARGIN), 0x35000000u) << config;
    cc::Driver drv(*dev);
    if (unit) EXPECT_NO_THROW(drv.setLeafPlane(true)) << config;
    else EXPECT_THROW(drv.setLeafPlane(true), cc::DriverError) << config;
  }
}

TEST(TlmDevice, BadConfigurationIsRejected) {
  cc::ChipConfig cfg;
  cfg.sdram_banks = 3;
  EXPECT_THROW(cc::makeDevice("tlm", cfg), std::invalid_argument);
  cfg = cc::ChipConfig{};
  cfg.dotadd_stages = 0;
  EXPECT_THROW(cc::makeDevice("tlm", cfg), std::invalid_argument);
}

// The TLM's own registers while a query runs (docs/tlm.md, "Registers while a query runs"),
// against simulated time: the oracle is the model's own CNT_CYCLES at the end (C, which
// TlmVsRtl checks against the RTL) and the register semantics of docs/register_map.md.
// A query started by hand, polled with STATUS, IRQ and CNT_CYCLES_LO: each poll costs
// three register reads of kPciReadClocks PCI clocks, so it advances simulated time by
// P = 3 * kPciReadClocks * core_mhz / pci_mhz chip cycles (94.5 at 130 and 33 MHz). Hence,
// derived:
//  - while STATUS reads BUSY, IRQ reads 0 and CNT_CYCLES grows by floor(P) or ceil(P) a
//    poll, < C, unless the query ends between the poll's STATUS and CNT_CYCLES reads
//    (2/3 P apart): then CNT_CYCLES reads C and the next poll reads DONE;
//  - the first poll that reads DONE reads CNT_CYCLES = C and IRQ = 1, and the poll
//    before it read a count > C - ceil(P) (the end comes C cycles after START, not
//    earlier or later);
//  - a START while BUSY is ignored: the count keeps growing and ends at the same C.
TEST(TlmDevice, RegistersFollowSimulatedTimeDuringAQuery) {
  const Scene s = makeScene(cc::makeSphere(0.6f, 10, 14), cc::makeTorus(0.6f, 0.2f, 18, 8));
  const cc::ChipConfig cfg = cc::namedConfig("paper");
  auto dev = cc::makeDevice("tlm", cfg);
  cc::Driver d(*dev);
  const auto a = d.upload(s.ta, s.ma), b = d.upload(s.tb, s.mb);
  const cc::Pose pose = cc::poseFromAxisAngle({1, 1, 0}, 40, {0.3, 0.1, 0});
  const cc::QueryResult q = d.query(a, b, pose, cc::QueryMode::All);
  const uint64_t c = q.counters.cycles;
  ASSERT_GT(c, 600u) << "the query must last several polls";
  ASSERT_EQ(cfg.core_mhz, 130u);
  ASSERT_EQ(cfg.pci_mhz, 33u);
  const double per_poll = 3.0 * cc::tlm::kPciReadClocks * cfg.core_mhz / cfg.pci_mhz;  // 94.5 chip cycles
  const uint64_t lo = uint64_t(std::floor(per_poll)), hi = uint64_t(std::ceil(per_poll));
  const uint64_t start_write = uint64_t(std::ceil(cc::tlm::kPciWriteClocks * cfg.core_mhz / cfg.pci_mhz));
  dev->write32(cc::regs::IRQ, 1);  // clear the driver's query's interrupt
  // The registers still hold the query: START runs it again.
  dev->write32(cc::regs::CTRL, cc::regs::CTRL_START);
  uint64_t last = 0, polls = 0;
  bool restarted = false;
  for (;;) {
    const uint32_t st = dev->read32(cc::regs::STATUS);
    const uint32_t irq = dev->read32(cc::regs::IRQ);
    const uint64_t cnt = dev->read32(cc::regs::CNT_CYCLES_LO);
    ++polls;
    ASSERT_LT(polls, c) << "the query never ended";
    if (st & cc::regs::STATUS_BUSY) {
      if (cnt == c && last + hi > c) {  // the query ended after this poll's STATUS read
        last = cnt;
        continue;
      }
      EXPECT_EQ(irq, 0u) << "IRQ pending while BUSY, poll " << polls;
      EXPECT_LT(cnt, c) << "poll " << polls;
      if (polls > 1) {
        EXPECT_GE(cnt, last + lo) << "poll " << polls;
        EXPECT_LE(cnt, last + hi + (restarted ? start_write : 0)) << "poll " << polls;  // + the START write
      }
      if (polls == 3) {  // START while BUSY: ignored
        dev->write32(cc::regs::CTRL, cc::regs::CTRL_START);
        restarted = true;
      }
      last = cnt;
      continue;
    }
    EXPECT_TRUE(st & cc::regs::STATUS_DONE);
    EXPECT_EQ(irq, 1u);
    EXPECT_EQ(cnt, c) << "CNT_CYCLES at DONE is the query's cycle count";
    EXPECT_GT(last + hi, c) << "DONE came later than C cycles after START";
    break;
  }
  ASSERT_TRUE(restarted);
  // The polls add up to the query's duration (one poll of slack either way).
  EXPECT_NEAR(static_cast<double>(polls) * per_poll, static_cast<double>(c), 2 * per_poll + 20);
  EXPECT_EQ(d.query(a, b, pose, cc::QueryMode::All).pairs, q.pairs) << "the chip still answers";
}

// INTA#: waitInterrupt returns when the kernel reaches start + C cycles, not before and
// not later than the host's quantum (1 us, docs/tlm.md "Temporal decoupling") plus the
// START write's kPciWriteClocks after it.
TEST(TlmDevice, InterruptRisesCCyclesAfterStart) {
  const Scene s = makeScene(cc::makeSphere(0.6f, 10, 14), cc::makeTorus(0.6f, 0.2f, 18, 8));
  const cc::ChipConfig cfg = cc::namedConfig("paper");
  auto tdev = cc::tlm::makeTlmDevice(cfg);
  cc::Driver d(*tdev);
  const auto a = d.upload(s.ta, s.ma), b = d.upload(s.tb, s.mb);
  const cc::QueryResult q = d.query(a, b, cc::poseFromAxisAngle({1, 1, 0}, 40, {0.3, 0.1, 0}), cc::QueryMode::All);
  const double c_ns = q.counters.cycles * 1000.0 / cfg.core_mhz;
  tdev->write32(cc::regs::IRQ, 1);
  EXPECT_FALSE(tdev->waitInterrupt(100)) << "W1C cleared the interrupt";
  const double ns0 = tdev->simulatedNs();
  tdev->write32(cc::regs::CTRL, cc::regs::CTRL_START | cc::regs::CTRL_IRQ_ENABLE);
  ASSERT_TRUE(tdev->waitInterrupt(1000000));
  const double waited = tdev->simulatedNs() - ns0;
  EXPECT_GE(waited, c_ns * 0.999);
  EXPECT_LE(waited, c_ns + 1000.0 + cc::tlm::kPciWriteClocks * 1000.0 / cfg.pci_mhz + 1.0);
  EXPECT_EQ(tdev->read32(cc::regs::CNT_CYCLES_LO), q.counters.cycles);
}
