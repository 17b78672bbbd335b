// Touching scenes (libcgal-demo meshes, normalized): a mesh resting on, beside and inside
// another, copies overlapping by a sliver (coplanar faces), identical copies, under pure
// translations and rotations by multiples of 90 degrees. The answer of every chip backend
// (golden, tlm, rtl: certain hits plus the uncertain pairs the host decides) equals exact
// geometry's all-pairs answer (tests/exact_pairs.h) in mode all, and in mode first reports a
// pair exact geometry has, or none when it has none; the three backends agree in results,
// every counter and (tlm, rtl) cycles.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "cc/config.h"
#include "cc/device.h"
#include "cc/driver.h"
#include "cc/tree.h"
#include "../exact_pairs.h"

namespace {

struct Scene {
  std::string name, a, b;
  Eigen::Vector3d axis;
  double degrees;
  Eigen::Vector3d t;
};

// CAD-like meshes with flat faces (cube-meshed, fandisk, joint) and organic ones.
const std::vector<Scene>& scenes() {
  static const std::vector<Scene> s = {
      {"box resting on box", "cube.off", "cube.off", {0, 0, 1}, 0, {0, 0, 1}},
      {"box beside box, turned 270", "cube.off", "cube.off", {1, 0, 0}, 270, {1, 0.5, 0}},
      {"joint on itself, turned 180", "joint.off", "joint.off", {0, 0, 1}, 180, {0, 0, 0}},
      {"cube resting on cube", "cube-meshed.off", "cube-meshed.off", {0, 0, 1}, 0, {0, 0, 1}},
      {"cube beside cube, turned 90", "cube-meshed.off", "cube-meshed.off", {0, 0, 1}, 90, {1, 0, 0}},
      {"cubes overlapping by 0.001", "cube-meshed.off", "cube-meshed.off", {0, 0, 1}, 0, {0, 0, 0.999}},
      {"cube shifted sideways", "cube-meshed.off", "cube-meshed.off", {1, 0, 0}, 180, {0.25, 0.5, 1}},
      {"cube on itself, turned 90", "cube-meshed.off", "cube-meshed.off", {0, 1, 0}, 90, {0, 0, 0}},
      {"sphere inside cube", "geosphere.off", "cube-meshed.off", {0, 0, 1}, 90, {0, 0, 0}},
      {"fandisk resting on cube", "fandisk.off", "cube-meshed.off", {0, 0, 1}, 0, {0, 0, 1}},
      {"elephant on itself", "elephant.off", "elephant.off", {0, 0, 1}, 0, {0, 0, 0}},
      {"elephant beside elephant", "elephant.off", "elephant.off", {0, 1, 0}, 270, {0.5, 0, 0}},
  };
  return s;
}

cc::Mesh load(const std::string& file) {
  cc::Mesh m = cc::loadMesh(std::string(CC_MESH_DIR) + "/" + file);
  cc::normalizeMesh(m);
  return m;
}

}  // namespace

TEST(ExactScenes, EveryBackendReturnsExactGeometry) {
  if (!std::filesystem::exists(std::string(CC_MESH_DIR) + "/cube-meshed.off")) GTEST_SKIP() << "meshes not extracted (make meshes)";
  const cc::ChipConfig cfg = cc::namedConfig("paper");
  for (const Scene& s : scenes()) {
    const cc::Mesh ma = load(s.a), mb = load(s.b);
    const cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const cc::Pose pose = cc::poseFromAxisAngle(s.axis, s.degrees, s.t);
    const std::set<cc::TriPair> exact = cc::testutil::exactPairs(ma, mb, pose);
    // Large scenes on golden and tlm only; the RTL on the small ones (simulation time).
    const bool small = ma.tris.size() + mb.tris.size() < 1000;
    std::vector<std::string> backends = {"golden", "tlm"};
    if (small) backends.push_back("rtl");
    for (const cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
      std::vector<cc::QueryResult> rs;
      for (const auto& name : backends) {
        auto dev = cc::makeDevice(name, cfg);
        cc::Driver drv(*dev);
        const cc::BoardObject a = drv.upload(ta, ma), b = drv.upload(tb, mb);
        rs.push_back(drv.query(a, b, pose, mode));
        ASSERT_EQ(rs.back().error, cc::regs::Error::None) << s.name << " on " << name;
      }
      const cc::QueryResult& g = rs[0];
      if (mode == cc::QueryMode::All) {
        const std::set<cc::TriPair> got(g.pairs.begin(), g.pairs.end());
        EXPECT_EQ(got.size(), g.pairs.size()) << s.name << ": a pair reported twice";
        EXPECT_EQ(got, exact) << s.name;
        std::printf("%-28s %6zu exact pairs, %6llu triangle tests, %6llu uncertain, host %.1f ms\n", s.name.c_str(), exact.size(),
                    (unsigned long long)g.counters.triangle_tests, (unsigned long long)g.counters.uncertain_tests,
                    1e3 * g.host_exact_seconds);
      } else {
        ASSERT_EQ(g.pairs.size(), exact.empty() ? 0u : 1u) << s.name;
        if (!exact.empty()) {
          EXPECT_TRUE(exact.count(g.pairs[0])) << s.name;
        }
      }
      for (size_t k = 1; k < rs.size(); ++k) {
        EXPECT_EQ(rs[k].pairs, g.pairs) << s.name << " on " << backends[k];
        EXPECT_TRUE(cc::sameCounters(rs[k].counters, g.counters, false)) << s.name << " on " << backends[k];
      }
      if (rs.size() == 3) {
        EXPECT_EQ(rs[1].counters.cycles, rs[2].counters.cycles) << s.name << ": tlm and rtl cycles";
      }
    }
  }
}

// Staged mode first (Driver::setFirstModeSteps): the answer is the whole mode-first
// query's (the same pair, the first in the chip's order that intersects exactly) on golden
// and on the TLM, whose cycles sum the runs; on these touching scenes, where the chip
// reports contacts uncertain by the hundred, it takes far fewer triangle tests.
TEST(ExactScenes, StagedModeFirstAnswersAsTheWholeQuery) {
  if (!std::filesystem::exists(std::string(CC_MESH_DIR) + "/cube-meshed.off")) GTEST_SKIP() << "meshes not extracted (make meshes)";
  const cc::ChipConfig cfg = cc::namedConfig("paper");
  uint64_t whole_tests = 0, staged_tests = 0;
  for (const Scene& s : scenes()) {
    const cc::Mesh ma = load(s.a), mb = load(s.b);
    const cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const cc::Pose pose = cc::poseFromAxisAngle(s.axis, s.degrees, s.t);
    for (const std::string backend : {"golden", "tlm"}) {
      auto dev = cc::makeDevice(backend, cfg);
      cc::Driver drv(*dev);
      const cc::BoardObject a = drv.upload(ta, ma), b = drv.upload(tb, mb);
      const cc::QueryResult whole = drv.query(a, b, pose, cc::QueryMode::First);
      drv.setFirstModeSteps({8, 64});
      const cc::QueryResult staged = drv.query(a, b, pose, cc::QueryMode::First);
      ASSERT_EQ(staged.error, cc::regs::Error::None) << s.name << " on " << backend;
      EXPECT_EQ(staged.pairs, whole.pairs) << s.name << " on " << backend;
      EXPECT_EQ(whole.runs, 1u);
      EXPECT_GE(staged.runs, 1u);
      EXPECT_LE(staged.runs, 3u);
      if (backend == "tlm") {
        EXPECT_GT(staged.counters.cycles, 0u);
        continue;
      }
      whole_tests += whole.counters.triangle_tests;
      staged_tests += staged.counters.triangle_tests;
      std::printf("%-28s triangle tests: whole %6llu, staged %6llu in %u runs\n", s.name.c_str(),
                  (unsigned long long)whole.counters.triangle_tests, (unsigned long long)staged.counters.triangle_tests, staged.runs);
    }
  }
  EXPECT_LT(2 * staged_tests, whole_tests) << "staging should at least halve the touching scenes' triangle tests";
  // Steps that do not rise, or reach the capacity, are refused.
  auto dev = cc::makeDevice("golden", cfg);
  cc::Driver drv(*dev, 100);
  EXPECT_THROW(drv.setFirstModeSteps({8, 8}), std::invalid_argument);
  EXPECT_THROW(drv.setFirstModeSteps({0}), std::invalid_argument);
  EXPECT_THROW(drv.setFirstModeSteps({8, 100}), std::invalid_argument);
  EXPECT_NO_THROW(drv.setFirstModeSteps({8, 99}));
}

// Scales the FP32 chip cannot serve directly (no --normalize): the answer is still exact
// geometry's (the driver makes every test uncertain when the bound would be useless, and the
// DOP side stays conservative), or the query is refused with a clear error.
TEST(ExactScenes, ExtremeScalesAreExactOrRefused) {
  for (const double scale : {1e-37, 1e-30, 1e-20, 1e-8, 1e8, 1e20, 1e30, 1e36, 1e38}) {
    cc::Mesh ma = cc::makeTorus(0.5f, 0.2f, 12, 6), mb = cc::makeSphere(0.5f, 6, 9);
    for (cc::Mesh* m : {&ma, &mb}) {
      for (auto& v : m->vertices) for (auto& x : v) x = static_cast<float>(x * scale);
    }
    const cc::Pose pose = cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.25 * scale, 0.05 * scale, 0});
    try {
      const cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
      const cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
      auto dev = cc::makeDevice("golden", cc::namedConfig("paper"));
      cc::Driver drv(*dev);
      const cc::BoardObject a = drv.upload(ta, ma), b = drv.upload(tb, mb);
      for (const cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
        const cc::QueryResult r = drv.query(a, b, pose, mode);
        ASSERT_EQ(r.error, cc::regs::Error::None) << scale;
        const std::set<cc::TriPair> exact = cc::testutil::exactPairs(ma, mb, pose);
        if (mode == cc::QueryMode::All) {
          EXPECT_EQ(std::set<cc::TriPair>(r.pairs.begin(), r.pairs.end()), exact) << "scale " << scale;
          std::printf("scale %g: %zu exact pairs, %llu of %llu tests uncertain\n", scale, exact.size(),
                      (unsigned long long)r.counters.uncertain_tests, (unsigned long long)r.counters.triangle_tests);
        } else {
          EXPECT_EQ(r.pairs.size(), exact.empty() ? 0u : 1u) << "scale " << scale;
        }
      }
    } catch (const std::exception& e) {
      std::printf("scale %g refused: %s\n", scale, e.what());
      EXPECT_NE(std::string(e.what()).find("scale"), std::string::npos) << "an error that does not say why: " << e.what();
    }
  }
}
