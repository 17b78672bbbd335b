// The vector text format (cc/vectors.h): a recording written and read back replays the
// same on the golden model; bad text gets errors naming the line.
#include <gtest/gtest.h>

#include <sstream>

#include "cc/driver.h"
#include "cc/golden_device.h"
#include "cc/vectors.h"
#include "../test_util.h"

namespace {

// The error reading `text` gives.
std::string errorOf(const std::string& text) {
  return cc::testutil::errorOf([&] {
    std::istringstream in(text);
    cc::readVector(in, "t.vec");
  });
}

}  // namespace

TEST(VectorFormat, RecordingRoundTripsAndReplays) {
  cc::GoldenDevice golden(cc::namedConfig("paper"));
  cc::RecordingDevice rec(golden);
  cc::Driver d(rec);
  const cc::Mesh ma = cc::makeTorus(0.5f, 0.2f, 8, 4), mb = cc::makeSphere(0.5f, 4, 6);
  const auto a = d.upload(cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth), ma);
  const auto b = d.upload(cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth), mb);
  const auto q = d.query(a, b, cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.25, 0.05, 0}), cc::QueryMode::All);
  ASSERT_GT(q.pairs.size(), 0u);
  cc::Vector v;
  v.steps = rec.steps();
  std::stringstream text;
  cc::writeVector(text, v, "a test\nof two lines");
  EXPECT_EQ(text.str().rfind("# a test\n# of two lines\nconfig paper\nrd ID 43433234\n", 0), 0u) << text.str().substr(0, 200);
  EXPECT_NE(text.str().find("rd CNT_CYCLES_LO *"), std::string::npos);
  EXPECT_NE(text.str().find("wr MATRIX.0.0 "), std::string::npos);
  EXPECT_NE(text.str().find("wr CORR.65 "), std::string::npos);
  const cc::Vector back = cc::readVector(text, "t.vec");
  EXPECT_EQ(back.config, "paper");

  // On a fresh golden board the vector replays without a difference...
  cc::GoldenDevice fresh(cc::namedConfig("paper"));
  const cc::ReplayResult r = cc::replayVector(fresh, back.steps);
  EXPECT_TRUE(r.mismatches.empty()) << r.mismatches.front();
  EXPECT_EQ(r.timed.size(), 2u);  // CNT_CYCLES_LO, _HI
  // ...and a changed expectation is reported with its line.
  cc::Vector wrong = back;
  for (auto& s : wrong.steps) {
    if (s.kind == cc::VectorStep::Kind::Read && s.addr == cc::regs::RESULT_COUNT) s.words[0] += 1;
  }
  cc::GoldenDevice fresh2(cc::namedConfig("paper"));
  const cc::ReplayResult w = cc::replayVector(fresh2, wrong.steps);
  ASSERT_EQ(w.mismatches.size(), 1u);
  EXPECT_NE(w.mismatches[0].find("RESULT_COUNT reads"), std::string::npos) << w.mismatches[0];
  EXPECT_EQ(w.mismatches[0].rfind("line ", 0), 0u) << w.mismatches[0];
}

TEST(VectorFormat, BadTextGivesClearErrors) {
  const std::string c = "config paper\n";  // line 1
  EXPECT_NE(errorOf(c + "wr NOPE 1\n").find("t.vec:2: 'NOPE' is not a register"), std::string::npos);
  EXPECT_NE(errorOf(c + "\n# c\nrd CTRL xyz\n").find("t.vec:4: 'xyz' is not a 32-bit hex number"), std::string::npos);
  EXPECT_NE(errorOf(c + "mem 0x1002 1\n").find("not word-aligned"), std::string::npos);
  EXPECT_NE(errorOf(c + "mem 0x1000\n").find("expected 'mem ADDR W0 W1 ...'"), std::string::npos);
  EXPECT_NE(errorOf(c + "poke 1 2\n").find("unknown step 'poke'"), std::string::npos);
  EXPECT_NE(errorOf(c + "wait\nconfig paper\n").find("'config' must come once, before the steps"), std::string::npos);
  EXPECT_NE(errorOf(c + "wr MATRIX.33.0 0\n").find("is not a register"), std::string::npos);
  EXPECT_NE(errorOf(c + "wr 0x1000 0\n").find("is not a register"), std::string::npos);
  EXPECT_NE(errorOf(c + "rd STATUS 100000000\n").find("not a 32-bit hex number"), std::string::npos);
  EXPECT_EQ(errorOf("config small\nwr CORR.3 0 # ok\nrd CNT_CYCLES_HI *\nwait\nend 3\n"), "");
  // A file without its configuration, or cut short, or with a line lost, is refused.
  EXPECT_NE(errorOf("wait\nend 1\n").find("t.vec:1: the first step must be 'config NAME'"), std::string::npos);
  EXPECT_NE(errorOf("").find("no 'config NAME' line"), std::string::npos);
  EXPECT_NE(errorOf(c + "wr CTRL 0\nwait\n").find("no 'end' line after line 3 (the file is cut short?)"), std::string::npos);
  EXPECT_NE(errorOf(c + "wait\nend 2\n").find("'end 2' but the file holds 1 step lines"), std::string::npos);
  EXPECT_NE(errorOf(c + "end 0\nwait\n").find("a step after 'end'"), std::string::npos);
}
