// The TLM model against the RTL chip, query by query: results, every counter and the
// cycle count identical (docs/tlm.md: the timing model steps the controller as built).
// Error queries are left out: there the TLM stops its controller where the golden model
// stopped, which is only close to the RTL's cycles (docs/tlm.md, "Limits").
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <random>

#include "cc/driver.h"

namespace {

struct Side {
  std::unique_ptr<cc::Device> dev;
  std::unique_ptr<cc::Driver> drv;
  cc::BoardObject a, b;
};

class TwoChips {
 public:
  TwoChips(const cc::Mesh& ma, const cc::Mesh& mb) {
    const auto ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const auto tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    for (auto* s : {&rtl_, &tlm_}) {
      s->dev = cc::makeDevice(s == &rtl_ ? "rtl" : "tlm", cc::namedConfig("paper"));
      s->drv = std::make_unique<cc::Driver>(*s->dev);
      s->a = s->drv->upload(ta, ma);
      s->b = s->drv->upload(tb, mb);
    }
  }
  void compare(const cc::Pose& pose, cc::QueryMode mode, const std::string& what) {
    const cc::QueryResult r = rtl_.drv->query(rtl_.a, rtl_.b, pose, mode);
    const cc::QueryResult t = tlm_.drv->query(tlm_.a, tlm_.b, pose, mode);
    EXPECT_EQ(t.error, r.error) << what;
    EXPECT_EQ(t.pairs, r.pairs) << what;
    r.counters.forEach([&](const char* name, uint64_t rv) {
      t.counters.forEach([&](const char* n2, uint64_t tv) {
        if (std::string(name) == n2) {
          EXPECT_EQ(tv, rv) << what << ": counter " << name;
        }
      });
    });
    ++compared;
  }
  int compared = 0;

 private:
  Side rtl_, tlm_;
};

}  // namespace

TEST(TlmVsRtl, ProceduralMeshesRandomPosesBothModes) {
  const uint64_t seed = std::random_device{}();
  std::printf("TlmVsRtl.ProceduralMeshesRandomPosesBothModes seed=%llu\n", (unsigned long long)seed);
  std::mt19937_64 rng(seed);
  TwoChips chips(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14));
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.6, 0.6), ang(-180, 180);
  for (int i = 0; i < 12; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
    chips.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All,
                  "seed " + std::to_string(seed) + " pose " + std::to_string(i));
  }
}

TEST(TlmVsRtl, RealMeshes) {
  const std::string dir = CC_MESH_DIR;
  for (const auto& [fa, fb] : {std::pair<std::string, std::string>{"bunny00.off", "armadillo.off"}, {"fandisk_large.off", "blade.off"}}) {
    if (!std::filesystem::exists(dir + "/" + fa)) GTEST_SKIP() << "run 'make meshes'";
    cc::Mesh a = cc::loadMesh(dir + "/" + fa), b = cc::loadMesh(dir + "/" + fb);
    cc::normalizeMesh(a);
    cc::normalizeMesh(b);
    TwoChips chips(a, b);
    for (double deg : {31.0, 200.0}) {
      for (cc::QueryMode mode : {cc::QueryMode::First, cc::QueryMode::All}) {
        chips.compare(cc::poseFromAxisAngle({1, 1, 1}, deg, {0.5, 0, 0}), mode,
                      fa + " vs " + fb + " deg " + std::to_string(deg) + (mode == cc::QueryMode::First ? " first" : " all"));
      }
    }
  }
}
