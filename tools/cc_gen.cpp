// cc_gen: writes the files derived from the C++ single sources (see gen.h).
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "cc/command_line.h"
#include "gen.h"

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string rtl, states, docs;
  po::options_description desc("cc_gen: generate rtl/cc_regmap.vh, rtl/cc_core_states.vh and docs/register_map.md");
  desc.add_options()("help,h", "this help")("rtl", po::value(&rtl), "write the register map's Verilog include here")(
      "states", po::value(&states), "write cc_core's state numbers as a Verilog include here")(
      "docs", po::value(&docs), "write the Markdown register map here");
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help") || (rtl.empty() && states.empty() && docs.empty())) {
      std::cout << desc << '\n';
      return vm.count("help") ? 0 : 2;
    }
    const auto write = [](const std::string& path, const std::string& text) {
      std::ofstream f(path);
      if (!(f << text)) throw std::runtime_error("cannot write " + path);
      std::cout << "cc_gen: wrote " << path << '\n';
    };
    if (!rtl.empty()) write(rtl, cc::gen::regmapVerilog());
    if (!states.empty()) write(states, cc::gen::coreStatesVerilog());
    if (!docs.empty()) write(docs, cc::gen::registerMapMarkdown());
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "cc_gen: " << e.what() << '\n';
    return 2;
  }
}
