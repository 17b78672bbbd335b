// The files generated from the C++ single sources must be current: the RTL reads its
// register map and memory layout from rtl/cc_regmap.vh and cc_core's state numbers from
// rtl/cc_core_states.vh, users read docs/register_map.md.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

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
