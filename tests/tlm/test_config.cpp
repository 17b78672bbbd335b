// Configuration files and run-time settings: configs/paper.cfg is the built-in default,
// every field can be set by name, and bad files or values give clear errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "../test_util.h"
#include "cc/config.h"

namespace {

// This test's own directory (tests/test_util.h), with a trailing slash.
std::string tmpDir() { return cc::testutil::testTempDir().string() + "/"; }
std::string tempFile(const std::string& name, const std::string& text) {
  const std::string path = tmpDir() + name;
  std::ofstream(path) << text;
  return path;
}
using cc::testutil::errorOf;
}  // namespace

TEST(Config, PaperFileEqualsTheBuiltInDefault) {
  EXPECT_EQ(cc::configFields(cc::loadConfigFile(std::string(CC_CONFIG_DIR) + "/paper.cfg")),
            cc::configFields(cc::ChipConfig{}));
  EXPECT_EQ(cc::configFields(cc::namedConfig("paper")), cc::configFields(cc::ChipConfig{}));
}

TEST(Config, ModernIsFoundByNameAndValid) {
  const cc::ChipConfig m = cc::namedConfig("modern");
  EXPECT_EQ(m.name, "modern");
  EXPECT_EQ(m.sdram_banks, 16u);
  EXPECT_EQ(m.t_cl, 11u);
  EXPECT_EQ(m.list_words, cc::ChipConfig{}.list_words) << "base = paper keeps the rest";
  EXPECT_NO_THROW(cc::validateConfig(m));
}

TEST(Config, EveryFieldIsSettableByName) {
  cc::ChipConfig c;
  for (const auto& [key, value] : cc::configFields(c)) {
    cc::ChipConfig d;
    const std::string other = key == "name" ? "x" : (key == "core_mhz" || key == "pci_mhz") ? "123.5" : "7";
    cc::setConfigValue(d, key, other);
    EXPECT_NE(cc::configFields(d), cc::configFields(c)) << key;
  }
}

TEST(Config, BadInputGivesClearErrors) {
  cc::ChipConfig c;
  EXPECT_NE(errorOf([&] { cc::setConfigValue(c, "t_cll", "2"); }).find("unknown config field 't_cll'"), std::string::npos);
  EXPECT_NE(errorOf([&] { cc::setConfigValue(c, "t_cl", "two"); }).find("'two'"), std::string::npos);
  EXPECT_NE(errorOf([&] { cc::setConfigValue(c, "t_cl", "-1"); }).find("t_cl"), std::string::npos);
  EXPECT_NE(errorOf([&] { cc::setConfigValue(c, "core_mhz", "nan"); }).find("core_mhz"), std::string::npos);
  const auto f1 = tempFile("bad1.cfg", "t_cl = 2\nnonsense\n");
  EXPECT_NE(errorOf([&] { cc::loadConfigFile(f1); }).find("bad1.cfg:2"), std::string::npos);
  const auto f2 = tempFile("bad2.cfg", "sdram_banks = 3\n");
  EXPECT_NE(errorOf([&] { cc::loadConfigFile(f2); }).find("sdram_banks"), std::string::npos);
  // The memory port's width and burst are the chip's, not a free choice of the model.
  const auto f2w = tempFile("wide.cfg", "sdram_bus_bits = 512\n");
  EXPECT_NE(errorOf([&] { cc::loadConfigFile(f2w); }).find("sdram_bus_bits"), std::string::npos);
  cc::ChipConfig burst4;
  burst4.sdram_burst = 4;
  EXPECT_NE(errorOf([&] { cc::validateConfig(burst4); }).find("sdram_burst"), std::string::npos);
  const auto f3 = tempFile("bad3.cfg", "t_cl = 3\nbase = paper\n");
  EXPECT_NE(errorOf([&] { cc::loadConfigFile(f3); }).find("before"), std::string::npos);
  const auto f4 = tempFile("loopa.cfg", "base = " + tmpDir() + "loopb.cfg\n");
  tempFile("loopb.cfg", "base = " + f4 + "\n");
  EXPECT_NE(errorOf([&] { cc::loadConfigFile(f4); }), "");
  EXPECT_NE(errorOf([&] { cc::loadConfigFile("/nonexistent/x.cfg"); }).find("cannot read"), std::string::npos);
  EXPECT_NE(errorOf([&] { cc::namedConfig("nosuchconfig"); }).find("known: paper, modern, modern_host, modern_parallel, modern_planes, modern_prefetch, modern_queued, modern_queued_ideal_memory, modern_records, paper_one_lane, queued, small,"),
            std::string::npos);
}

TEST(Config, FileValuesAndName) {
  const auto f = tempFile("mine.cfg", "# comment\nbase = modern\n  t_cl = 5   # trailing\n");
  const cc::ChipConfig c = cc::namedConfig(f);
  EXPECT_EQ(c.name, "mine");
  EXPECT_EQ(c.t_cl, 5u);
  EXPECT_EQ(c.sdram_banks, 16u);
}

// A relative `base` path is the including file's neighbour: a file of the same name in the
// current folder is not used (nor a host_* key of it).
TEST(Config, RelativeBaseIsBesideTheIncludingFile) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(tmpDir()) / "set", elsewhere = fs::path(tmpDir()) / "elsewhere";
  fs::create_directories(dir);
  fs::create_directories(elsewhere);
  std::ofstream(dir / "parent.cfg") << "t_cl = 7\nhost_first_steps = 8\n";
  std::ofstream(dir / "child.cfg") << "base = parent.cfg\nsdram_banks = 8\n";
  std::ofstream(elsewhere / "parent.cfg") << "t_cl = 9\nhost_first_steps = 16\n";
  const fs::path cwd = fs::current_path();
  fs::current_path(elsewhere);
  const cc::ChipConfig c = cc::namedConfig((dir / "child.cfg").string());
  const auto host = cc::hostPolicyValues((dir / "child.cfg").string());
  fs::current_path(cwd);
  EXPECT_EQ(c.t_cl, 7u);
  EXPECT_EQ(c.sdram_banks, 8u);
  ASSERT_EQ(host.size(), 1u);
  EXPECT_EQ(host[0].second, "8");
}
