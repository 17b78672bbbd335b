// Generators for the files derived from the C++ single sources (cc/regmap.h, cc/layout.h,
// cc/core_states.h): the RTL includes rtl/cc_regmap.vh and rtl/cc_core_states.vh and
// docs/register_map.md. `make gen` writes them;
// tests/common/test_generated.cpp fails when the checked-in copies differ.
#pragma once
#include <string>

namespace cc::gen {
std::string regmapVerilog();
std::string coreStatesVerilog();
std::string registerMapMarkdown();
}  // namespace cc::gen
