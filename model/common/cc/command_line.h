// Command-line parsing for every tool of the project. Boost.Program_options' unix style
// reads "-1" in "--axis 1 -1 0" as the short option "1" and fails, and drops tokens that
// belong to no option. Here short options are rewritten to their long names first
// ("-q" -> "--quiet") and then parsed without short options, so a token that starts with a
// dash and a digit is a value. Grouped short options ("-qh") are not accepted. A token
// that belongs to no option (a stray "-z" or "foo") is an error, not silently dropped.
#pragma once
#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace cc {

inline boost::program_options::parsed_options parseCommandLine(
    int argc, const char* const* argv, const boost::program_options::options_description& desc) {
  namespace po = boost::program_options;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::string& arg : args)
    for (const auto& option : desc.options())
      if (arg == option->canonical_display_name(po::command_line_style::allow_dash_for_short) &&
          arg != option->long_name()) {  // the option has a short name and this is it
        arg = "--" + option->long_name();
        break;
      }
  po::parsed_options parsed = po::command_line_parser(args)
                                  .options(desc)
                                  .style(po::command_line_style::unix_style ^ po::command_line_style::allow_short)
                                  .run();
  for (const auto& option : parsed.options)
    if (option.position_key >= 0) throw po::error("unexpected argument '" + option.value.front() + "'");
  return parsed;
}

// The arguments of a program that takes only positional ones (the bench_* programs):
// -h/--help prints `usage` and exits 0; any other word that starts with a dash, or more
// than `max` words, is refused with `usage` on stderr and exit status 2, so an option is
// never read as a folder or a number.
inline std::vector<std::string> positionalArgs(int argc, const char* const* argv, const char* usage, size_t max) {
  std::vector<std::string> args(argv + 1, argv + argc);
  for (const std::string& a : args) {
    if (a == "-h" || a == "--help") {
      std::printf("%s\n", usage);
      std::exit(0);
    }
    if (a.size() > 1 && a[0] == '-' && !(a[1] >= '0' && a[1] <= '9')) {
      std::fprintf(stderr, "unknown option '%s'\n%s\n", a.c_str(), usage);
      std::exit(2);
    }
  }
  if (args.size() > max) {
    std::fprintf(stderr, "too many arguments\n%s\n", usage);
    std::exit(2);
  }
  return args;
}

}  // namespace cc
