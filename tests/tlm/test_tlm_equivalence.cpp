// The tlm backend against the golden backend through the unchanged driver: the same result
// pairs in the same order, the same counters (cycles aside), the same error statuses, on
// procedural meshes at random poses and on a short real-mesh sweep.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <random>

#include "cc/driver.h"
#include "cc/tlm_device.h"

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

// Runs the same queries on both backends; returns the number of queries that found pairs.
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

TEST(TlmEquivalence, ProceduralMeshesRandomPoses) {
  const uint64_t seed = std::random_device{}();
  std::printf("TlmEquivalence.ProceduralMeshesRandomPoses seed=%llu\n", (unsigned long long)seed);
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

TEST(TlmEquivalence, ErrorStatusesMatch) {
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

TEST(TlmEquivalence, RealMeshShortSweep) {
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

TEST(TlmDevice, BadConfigurationIsRejected) {
  cc::ChipConfig cfg;
  cfg.sdram_banks = 3;
  EXPECT_THROW(cc::makeDevice("tlm", cfg), std::invalid_argument);
  cfg = cc::ChipConfig{};
  cfg.dotadd_stages = 0;
  EXPECT_THROW(cc::makeDevice("tlm", cfg), std::invalid_argument);
}
