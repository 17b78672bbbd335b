// cc::parseCommandLine (model/common/cc/command_line.h): negative numbers are values of
// multitoken options, short options still work, stray tokens are errors.
#include <gtest/gtest.h>

#include <vector>

#include "cc/command_line.h"

namespace po = boost::program_options;

namespace {

struct Parsed {
  std::vector<double> axis, pose;
  bool quiet = false;
};

Parsed parse(std::vector<const char*> args) {
  Parsed p;
  po::options_description desc("test");
  desc.add_options()("help,h", "help")("axis", po::value(&p.axis)->multitoken(), "axis")(
      "pose", po::value(&p.pose)->multitoken(), "pose")("quiet,q", po::bool_switch(&p.quiet), "quiet");
  args.insert(args.begin(), "tool");
  po::variables_map vm;
  po::store(cc::parseCommandLine(static_cast<int>(args.size()), args.data(), desc), vm);
  po::notify(vm);
  return p;
}

}  // namespace

TEST(CommandLine, NegativeNumbersAreValues) {
  const Parsed p = parse({"--axis", "1", "-1", "-0.5", "-q", "--pose", "-2", "0", "-1e-3"});
  EXPECT_EQ(p.axis, (std::vector<double>{1, -1, -0.5}));
  EXPECT_EQ(p.pose, (std::vector<double>{-2, 0, -1e-3}));
  EXPECT_TRUE(p.quiet);
}

TEST(CommandLine, LongFormsAndDefaults) {
  const Parsed p = parse({"--quiet", "--axis", "0", "0", "1"});
  EXPECT_TRUE(p.quiet);
  EXPECT_EQ(p.axis, (std::vector<double>{0, 0, 1}));
  EXPECT_FALSE(parse({"--axis", "1"}).quiet);
}

TEST(CommandLine, StrayTokensAreErrors) {
  EXPECT_THROW(parse({"--axis", "1", "--", "foo"}), po::error);
  EXPECT_THROW(parse({"-z"}), po::error);
  EXPECT_THROW(parse({"-qh"}), po::error);
  EXPECT_THROW(parse({"--bogus"}), po::error);
  EXPECT_THROW(parse({"quiet"}), po::error);
}
