// Generators for the files derived from the C++ single sources (cc/regmap.h, cc/layout.h):
// the RTL include rtl/cc_regmap.vh and docs/register_map.md. `make gen` writes them;
// tests/common/test_generated.cpp fails when the checked-in copies differ.
#pragma once
#include <string>

namespace cc::gen {
std::string regmapVerilog();
std::string registerMapMarkdown();
}  // namespace cc::gen
