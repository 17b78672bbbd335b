// Host policies (cc::HostPolicy, docs/driver.md "Host policy"): the host_* keys of a
// configuration file, their inheritance through 'base', their errors, and the driver's
// per-query leaf-DOP rule, which changes the query the chip runs but not its answer.
#include <gtest/gtest.h>

#include <fstream>

#include "../test_util.h"
#include "cc/config.h"
#include "cc/host_policy.h"
#include "cc/mesh.h"

namespace {

std::string tempCfg(const std::string& name, const std::string& text) {
  const std::string path = (cc::testutil::testTempDir() / (name + ".cfg")).string();
  std::ofstream(path) << text;
  return path;
}
using cc::testutil::errorOf;

}  // namespace

TEST(HostPolicy, ModernHostIsModernQueuedsChipWithItsPolicy) {
  const cc::HostPolicy p = cc::hostPolicyOf("modern_host");
  EXPECT_EQ(p.first_steps, (std::vector<uint32_t>{8, 64}));
  EXPECT_EQ(p.leaf_dop, cc::LeafDop::Vertices);
  EXPECT_EQ(p.leaf_size_ratio, 4.0);
  EXPECT_EQ(cc::leafDopRuleText(p), "by-size 4");
  // The host keys are not the chip's: the same fields as modern_queued but the name.
  auto host = cc::configFields(cc::namedConfig("modern_host")), queued = cc::configFields(cc::namedConfig("modern_queued"));
  EXPECT_EQ(host[0].second, "modern_host");
  host.erase(host.begin());
  queued.erase(queued.begin());
  EXPECT_EQ(host, queued);
  // Configurations without host keys: none.
  EXPECT_EQ(cc::hostPolicyOf("paper"), cc::HostPolicy{});
  EXPECT_EQ(cc::hostPolicyOf("modern_queued"), cc::HostPolicy{});
}

TEST(HostPolicy, AFileInheritsItsBasesKeysAndReplacesSome) {
  const cc::HostPolicy p = cc::hostPolicyOf(tempCfg("host_child", "base = modern_host\nhost_first_steps = 16, 128\n"));
  EXPECT_EQ(p.first_steps, (std::vector<uint32_t>{16, 128}));
  EXPECT_EQ(p.leaf_size_ratio, 4.0) << "the base's leaf rule stays";
  const cc::HostPolicy off = cc::hostPolicyOf(tempCfg("host_off", "base = modern_host\nhost_leaf_dop = off\nhost_first_steps =\n"));
  EXPECT_TRUE(off.first_steps.empty());
  EXPECT_EQ(off.leaf_dop, cc::LeafDop::Off);
  EXPECT_EQ(cc::hostPolicyOf(tempCfg("host_vertices", "base = modern_host\nhost_leaf_dop = vertices\n")).leaf_size_ratio, 0.0)
      << "a fixed mode replaces the base's by-size rule, its ratio unused";
  const cc::HostPolicy fixed = cc::hostPolicyOf(tempCfg("host_fixed", "base = modern_queued\nhost_leaf_dop = vertices\n"));
  EXPECT_EQ(fixed.leaf_dop, cc::LeafDop::Vertices);
  EXPECT_EQ(fixed.leaf_size_ratio, 0.0);
}

TEST(HostPolicy, BadKeysAndValuesGiveClearErrors) {
  const auto err = [](const std::string& name, const std::string& text) { return errorOf([&] { cc::hostPolicyOf(tempCfg(name, text)); }); };
  EXPECT_NE(err("h1", "host_first_step = 8\n").find("unknown host-policy key"), std::string::npos);
  EXPECT_NE(err("h2", "host_first_steps = 8 8\n").find("must rise"), std::string::npos);
  EXPECT_NE(err("h3", "host_first_steps = 0 8\n").find("must rise"), std::string::npos);
  EXPECT_NE(err("h4", "host_first_steps = 8 x\n").find("'x' is not a pair count"), std::string::npos);
  EXPECT_NE(err("h5", "host_first_steps = -8\n").find("not a pair count"), std::string::npos);
  EXPECT_NE(err("h6", "host_leaf_dop = by-size\n").find("needs host_leaf_size_ratio"), std::string::npos);
  EXPECT_NE(err("h7", "host_leaf_size_ratio = 4\n").find("by-size only"), std::string::npos);
  EXPECT_NE(err("h8", "host_leaf_dop = sometimes\n").find("unknown leaf DOP"), std::string::npos);
  EXPECT_NE(err("h9", "host_leaf_dop = by-size\nhost_leaf_size_ratio = -1\n").find("(0, 1e6]"), std::string::npos);
  EXPECT_NE(err("h10", "host_leaf_dop = by-size\nhost_leaf_size_ratio = 4x\n").find("(0, 1e6]"), std::string::npos);
  EXPECT_NE(err("h11", "host_first_steps = 8\nhost_first_steps = 16\n").find("set twice"), std::string::npos);
  EXPECT_NE(err("h14", "host_leaf_plane = yes\n").find("must be on, off or with-roles"), std::string::npos);
  EXPECT_NE(err("h15", "host_roles_ratio = -2\n").find("0 (never)"), std::string::npos);
  EXPECT_NE(err("h16", "host_roles_ratio = nan\n").find("0 (never)"), std::string::npos);
  const cc::HostPolicy planes = cc::hostPolicyOf(tempCfg("h17", "base = modern_queued\nhost_leaf_plane = on\nhost_roles_ratio = 4\n"));
  EXPECT_TRUE(planes.leaf_plane);
  EXPECT_FALSE(planes.leaf_plane_with_roles);
  EXPECT_TRUE(cc::hostPolicyOf("modern_planes").leaf_plane_with_roles);
  EXPECT_EQ(planes.roles_ratio, 4.0);
  EXPECT_FALSE(planes == cc::hostPolicyOf("modern_queued"));
  // The chip loader skips host keys but still checks the file's form.
  EXPECT_NO_THROW(cc::loadConfigFile(tempCfg("h12", "host_first_steps = 8\nhost_anything = 1\n")));
  EXPECT_NE(errorOf([&] { cc::loadConfigFile(tempCfg("h13", "host_first_steps = 8\nbase = modern\n")); }).find("before"),
            std::string::npos);
}

// The by-size rule on golden: a coarse sphere tumbled against a fine torus runs with
// CTRL.LEAF_VERTEX (the counters of setLeafDop(Vertices)), the fine torus tumbled against
// the coarse sphere without it (those of Off); the pairs are the same either way.
TEST(HostPolicy, LeafDopBySizeChoosesPerQuery) {
  const cc::Mesh coarse = cc::makeSphere(0.5f, 5, 7), fine = cc::makeTorus(0.5f, 0.2f, 48, 24);
  const cc::DopTree tc = cc::buildTree(coarse, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const cc::DopTree tf = cc::buildTree(fine, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const cc::ChipConfig cfg = cc::namedConfig("paper");
  auto dev = cc::makeDevice("golden", cfg);
  cc::Driver drv(*dev);
  const cc::BoardObject c = drv.upload(tc, coarse), f = drv.upload(tf, fine);
  ASSERT_GT(c.mean_leaf_size, 4 * f.mean_leaf_size) << "the test needs leaves of clearly different size";
  drv.setLeafDopBySize(4);
  EXPECT_EQ(drv.leafDopFor(c, f), cc::LeafDop::Vertices);
  EXPECT_EQ(drv.leafDopFor(f, c), cc::LeafDop::Off);
  EXPECT_EQ(drv.leafDopFor(c, c), cc::LeafDop::Off);
  const cc::Pose pose = cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.3, 0.05, 0});
  for (const auto mode : {cc::QueryMode::All, cc::QueryMode::First}) {
    for (const bool coarse_tumbled : {true, false}) {
      const cc::BoardObject& a = coarse_tumbled ? c : f;
      const cc::BoardObject& b = coarse_tumbled ? f : c;
      drv.setLeafDopBySize(4);
      const cc::QueryResult by_size = drv.query(a, b, pose, mode);
      drv.setLeafDop(coarse_tumbled ? cc::LeafDop::Vertices : cc::LeafDop::Off);
      const cc::QueryResult fixed = drv.query(a, b, pose, mode);
      EXPECT_EQ(cc::firstDifference("by-size", by_size, "fixed", fixed, false), "") << "coarse tumbled: " << coarse_tumbled;
      drv.setLeafDop(coarse_tumbled ? cc::LeafDop::Off : cc::LeafDop::Vertices);
      const cc::QueryResult other = drv.query(a, b, pose, mode);
      EXPECT_EQ(other.pairs, by_size.pairs) << "the answer does not depend on the rule";
      if (coarse_tumbled) {
        EXPECT_LT(by_size.counters.triangle_tests, other.counters.triangle_tests);
      }
    }
  }
  EXPECT_THROW(drv.setLeafDopBySize(0), std::invalid_argument);
}

// applyHostPolicy sets the steps and the rule; a later setLeafDop replaces the rule.
TEST(HostPolicy, AppliedToADriver) {
  auto dev = cc::makeDevice("golden", cc::namedConfig("paper"));
  cc::Driver drv(*dev);
  const cc::Mesh m = cc::makeSphere(0.5f, 5, 7);
  const cc::BoardObject a = drv.upload(cc::buildTree(m, cc::zachmannDirections(), cc::SplitRule::MeanWidth), m);
  cc::applyHostPolicy(drv, cc::hostPolicyOf("modern_host"));
  EXPECT_EQ(drv.leafDopFor(a, a), cc::LeafDop::Off) << "equal leaves: ratio 1 < 4";
  drv.setLeafDop(cc::LeafDop::Vertices);
  EXPECT_EQ(drv.leafDopFor(a, a), cc::LeafDop::Vertices);
  EXPECT_EQ(cc::parseFirstSteps(" 8, 64 "), (std::vector<uint32_t>{8, 64}));
  EXPECT_TRUE(cc::parseFirstSteps("").empty());
}
