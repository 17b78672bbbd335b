// The TLM model against the RTL chip, query by query: results, every counter and the
// cycle count identical (docs/tlm.md: the timing model steps the controller as built).
// Error queries too (stack and result overflow).
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>

#include "cc/driver.h"
#include "real_mesh_pairs.h"

namespace {

struct Side {
  std::unique_ptr<cc::Device> dev;
  std::unique_ptr<cc::Driver> drv;
  cc::BoardObject a, b;
};

class TwoChips {
 public:
  TwoChips(const cc::Mesh& ma, const cc::Mesh& mb, const std::string& config = "paper", uint32_t result_capacity = 1u << 20) {
    const auto ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const auto tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    for (auto* s : {&rtl_, &tlm_}) {
      s->dev = cc::makeDevice(s == &rtl_ ? "rtl" : "tlm", cc::namedConfig(config));
      s->drv = std::make_unique<cc::Driver>(*s->dev, result_capacity);
      s->a = s->drv->upload(ta, ma);
      s->b = s->drv->upload(tb, mb);
    }
  }
  void compare(const cc::Pose& pose, cc::QueryMode mode, const std::string& what) {
    const cc::QueryResult r = rtl_.drv->query(rtl_.a, rtl_.b, pose, mode);
    const cc::QueryResult t = tlm_.drv->query(tlm_.a, tlm_.b, pose, mode);
    EXPECT_EQ(t.error, r.error) << what;
    if (r.error != cc::regs::Error::None) ++errors[cc::regs::errorName(r.error)];
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
  std::map<std::string, int> errors;  // error name -> queries

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
  const auto pairs = loadRealMeshPairs(CC_MESH_DIR);
  if (pairs.empty()) GTEST_SKIP() << "run 'make meshes'";
  for (const auto& p : pairs) {
    TwoChips chips(p.a, p.b);
    for (double deg : {31.0, 200.0}) {
      for (cc::QueryMode mode : {cc::QueryMode::First, cc::QueryMode::All}) {
        chips.compare(cc::poseFromAxisAngle({1, 1, 1}, deg, {0.5, 0, 0}), mode,
                      p.name + " deg " + std::to_string(deg) + (mode == cc::QueryMode::First ? " first" : " all"));
      }
    }
  }
}

TEST(TlmVsRtl, ErrorQueries) {
  // Deep trees on the `small` chip (256 list words, 8 frames) run out of frames; shallow
  // ones with room for two result pairs overflow the result buffer. The TLM stops where
  // the golden model raised the error and drains as the RTL does: cycles included, the
  // two must agree.
  const uint64_t seed = std::random_device{}();
  std::printf("TlmVsRtl.ErrorQueries seed=%llu\n", (unsigned long long)seed);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.1, 0.1), ang(-180, 180);
  std::map<std::string, int> errors;
  for (const bool deep : {true, false}) {
    TwoChips chips(deep ? cc::makeTorus(0.5f, 0.2f, 28, 14) : cc::makeTorus(0.5f, 0.2f, 10, 6),
                   deep ? cc::makeSphere(0.5f, 14, 20) : cc::makeSphere(0.5f, 7, 9), "small", deep ? 1u << 20 : 2u);
    for (int i = 0; i < 8; ++i) {
      const cc::Pose pose = cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)});
      chips.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All,
                    std::string(deep ? "deep" : "shallow") + " trees, seed " + std::to_string(seed) + " pose " + std::to_string(i));
    }
    for (const auto& [name, n] : chips.errors) errors[name] += n;
  }
  for (const auto& [name, n] : errors) std::printf("%d of 16 queries: %s\n", n, name.c_str());
  EXPECT_FALSE(errors.empty());
}
