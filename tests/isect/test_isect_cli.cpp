// The isect command line: listing, a real run, and every error path (exit code + message).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "../test_util.h"

namespace {

using cc::testutil::slurp;

struct CliRun {
  int code;
  std::string out, err;
};

std::string tmp(const std::string& name) {
  // Unique per test: ctest runs the tests of this file in parallel processes.
  return ::testing::TempDir() + "isect_cli_" + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
         "_" + name;
}

CliRun isect(const std::string& args) {
  const std::string out = tmp("stdout"), err = tmp("stderr");
  const std::string cmd = std::string(CC_ISECT_BIN) + " " + args + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

std::string writeInput(const std::string& name, const std::string& text) {
  const std::string p = tmp(name);
  std::ofstream(p) << text;
  return p;
}

const char* kHit = "0 0 0 1 0 0 0 1 0  0.2 0.2 -1 0.2 0.2 1 0.3 0.3 1";      // pierces P
const char* kMiss = "0 0 0 1 0 0 0 1 0  5 5 -1 5 5 1 6 7 1";                  // far away (no vertex in the other's plane)

TEST(IsectCli, ListHasPrecisionTaggedNames) {
  const CliRun r = isect("--list");
  EXPECT_EQ(r.code, 0);
  for (const char* s : {"tritri moller_f32\n", "tritri moller_f64\n", "tritri guigue_f64\n", "tritri tropp_f64\n",
                        "tritri held_f32\n", "tritri chip_f32\n", "segtri jimenez_f64\n",
                        "segtri moller_trumbore_cull_f32\n"}) {
    EXPECT_NE(r.out.find(s), std::string::npos) << s;
  }
}

TEST(IsectCli, RunsAFile) {
  const std::string in = writeInput("ok.txt", std::string(kHit) + "\n" + kMiss + "\n");
  const std::string out = tmp("ok.out");
  for (const char* algo : {"moller_f64", "guigue_f32", "held_f64", "chip_f32", "moller_nodiv_f64"}) {
    const CliRun r = isect(std::string("--test tritri --algo ") + algo + " --in " + in + " --out " + out);
    EXPECT_EQ(r.code, 0) << algo << r.err;
    EXPECT_EQ(slurp(out), "1\n0\n") << algo;
  }
  // Tropp prints the intersection segment after the 1.
  const CliRun r = isect("--test tritri --algo tropp_f64 --in " + in);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.substr(0, 2), "1 ");
  EXPECT_NE(r.out.find("\n0\n"), std::string::npos);
}

TEST(IsectCli, SegTriPrintsParameterAndBarycentrics) {
  const std::string in = writeInput("seg.txt", "0.25 0.25 -1 0.25 0.25 1  0 0 0 1 0 0 0 1 0\n");
  const CliRun r = isect("--test segtri --algo jimenez_f64 --in " + in);
  ASSERT_EQ(r.code, 0) << r.err;
  double hit, t, b1, b2, b3;
  ASSERT_EQ(std::sscanf(r.out.c_str(), "%lf %lf %lf %lf %lf", &hit, &t, &b1, &b2, &b3), 5) << r.out;
  EXPECT_EQ(hit, 1);
  EXPECT_DOUBLE_EQ(t, 0.5);
  EXPECT_DOUBLE_EQ(b1, 0.5);
  EXPECT_DOUBLE_EQ(b2, 0.25);
  EXPECT_DOUBLE_EQ(b3, 0.25);
}

TEST(IsectCli, MalformedLineReportsLineNumber) {
  const std::string in = writeInput("bad.txt", std::string(kHit) + "\n0 0 0 1 0 0\n");
  const CliRun r = isect("--test tritri --algo moller_f64 --in " + in);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find(":2: expected 18 numbers, got 6"), std::string::npos) << r.err;
}

TEST(IsectCli, RejectsNaNAndGarbage) {
  const std::string nan = writeInput("nan.txt", "0 0 0 1 0 0 0 1 0 0 0 nan 0 0 1 1 1 1\n");
  CliRun r = isect("--test tritri --algo guigue_f64 --in " + nan);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find(":1: non-finite value: 'nan'"), std::string::npos) << r.err;
  const std::string junk = writeInput("junk.txt", "0 0 0 1 0 0 0 1 0 0 0 x 0 0 1 1 1 1\n");
  r = isect("--test tritri --algo guigue_f64 --in " + junk);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("not a number: 'x'"), std::string::npos) << r.err;
}

// A subnormal is a number (std::stod called its underflow an error); overflow to infinity
// is not.
TEST(IsectCli, AcceptsSubnormalsRejectsOverflow) {
  const std::string in = writeInput("sub.txt", "0 0 1e-310 1 0 0 0 1 0  5 5 -1 5 5 1 6 7 1\n");
  CliRun r = isect("--test tritri --algo moller_f64 --in " + in);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "0\n");
  const std::string big = writeInput("big.txt", "0 0 1e400 1 0 0 0 1 0  5 5 -1 5 5 1 6 7 1\n");
  r = isect("--test tritri --algo moller_f64 --in " + big);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find(":1: non-finite value: '1e400'"), std::string::npos) << r.err;
}

// --cases is bounded: two billion cases per family is a clear error, not std::bad_alloc.
TEST(IsectCli, ReportCasesAreBounded) {
  for (const char* n : {"2000000000", "200001", "0"}) {
    const CliRun r = isect(std::string("--report --cases ") + n);
    EXPECT_EQ(r.code, 1) << n << r.err;
    EXPECT_NE(r.err.find("--cases must be between 1 and 200000"), std::string::npos) << n << r.err;
    EXPECT_EQ(r.out, "") << n;
  }
}

TEST(IsectCli, EritTestsRunAndCheckTheirPrimitives) {
  // sphere at the origin, radius 1, against a segment through it and one beside it
  const std::string in = writeInput("sph.txt", "0 0 0 1  -2 0 0 2 0 0\n0 0 0 1  -2 3 0 2 3 0\n");
  CliRun r = isect("--test sphseg --algo held_f64 --in " + in);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "1\n0\n");
  const std::string bad = writeInput("upcyl.txt", "0 0 0 1 0 1 0.5  -2 0 0.5 2 0 0.5\n");  // axis not vertical
  r = isect("--test upcylseg --algo held_f64 --in " + bad);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find(":1: upright cylinder needs px = qx, py = qy, pz < qz"), std::string::npos) << r.err;
  const std::string neg = writeInput("neg.txt", "0 0 0 -1  -2 0 0 2 0 0\n");
  r = isect("--test sphseg --algo held_f32 --in " + neg);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("sphere radius must be >= 0"), std::string::npos) << r.err;
}

TEST(IsectCli, UnknownNamesAndMissingFiles) {
  const std::string in = writeInput("one.txt", std::string(kHit) + "\n");
  CliRun r = isect("--test nosuch --algo moller_f64 --in " + in);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("unknown test 'nosuch'"), std::string::npos);
  r = isect("--test tritri --algo moller_f16 --in " + in);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("unknown algorithm 'moller_f16'"), std::string::npos);
  r = isect("--test tritri --algo moller_f64 --in /nonexistent/file");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot open input file"), std::string::npos);
  r = isect("--test tritri --algo moller_f64");
  EXPECT_EQ(r.code, 1);
  r = isect("--bogus-option");
  EXPECT_EQ(r.code, 1);
}

}  // namespace
