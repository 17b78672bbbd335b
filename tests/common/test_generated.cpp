// The files generated from the C++ single sources must be current: the RTL reads its
// register map and memory layout from rtl/cc_regmap.vh and the core's state numbers from
// rtl/cc_core_states.vh, users read docs/register_map.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "../test_util.h"
#include "gen.h"

using cc::testutil::slurp;

TEST(Generated, RtlRegmapIncludeIsCurrent) {
  EXPECT_EQ(slurp(CC_SOURCE_DIR "/rtl/cc_regmap.vh"), cc::gen::regmapVerilog()) << "run 'make gen'";
}

TEST(Generated, RtlCoreStatesIncludeIsCurrent) {
  EXPECT_EQ(slurp(CC_SOURCE_DIR "/rtl/cc_core_states.vh"), cc::gen::coreStatesVerilog()) << "run 'make gen'";
}

TEST(Generated, RegisterMapDocIsCurrent) {
  EXPECT_EQ(slurp(CC_SOURCE_DIR "/docs/register_map.md"), cc::gen::registerMapMarkdown()) << "run 'make gen'";
}

// Every constant generated into an RTL header is used by some unit of rtl/ (a module, or a
// function header the units include): the generator carries only what the RTL shares with
// the C++ side.
TEST(Generated, EveryRtlConstantIsUsed) {
  const std::vector<std::string> generated = {"cc_regmap.vh", "cc_core_states.vh"};
  const auto isGenerated = [&](const std::string& name) {
    return std::find(generated.begin(), generated.end(), name) != generated.end();
  };
  std::string units;
  for (const auto& e : std::filesystem::directory_iterator(CC_SOURCE_DIR "/rtl")) {
    const std::string ext = e.path().extension().string();
    if (ext == ".v" || (ext == ".vh" && !isGenerated(e.path().filename().string()))) units += slurp(e.path().string());
  }
  for (const std::string& header : generated) {
    const std::string text = slurp(CC_SOURCE_DIR "/rtl/" + header);
    const std::regex name(R"(\b([A-Z][A-Z0-9_]+) += )");
    int constants = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator(); ++it) {
      const std::string c = (*it)[1];
      ++constants;
      EXPECT_TRUE(std::regex_search(units, std::regex("\\b" + c + "\\b"))) << c << " (" << header << ") is used by no unit";
    }
    EXPECT_GT(constants, 10) << header;
  }
}
