// The collide command line: machine-readable output that agrees with itself, the
// software path, co-simulation, and clear errors for bad arguments.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cc/mesh.h"
#include "../test_util.h"

namespace {

namespace fs = std::filesystem;

struct CliRun {
  int rc;
  std::string out;
};

CliRun shell(const std::string& cmd_line) {
  const std::string cmd = cmd_line + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  CliRun r{-1, ""};
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = pclose(p);
  r.rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

CliRun collide(const std::string& args) { return shell(std::string(COLLIDE_BIN) + " " + args); }

std::string writeOff(const cc::Mesh& m, const std::string& name) {
  const fs::path dir = cc::testutil::testTempDir();
  const std::string p = (dir / name).string();
  std::ofstream f(p);
  f << "OFF\n" << m.vertices.size() << ' ' << m.tris.size() << " 0\n";
  for (const auto& v : m.vertices) f << v[0] << ' ' << v[1] << ' ' << v[2] << '\n';
  for (const auto& t : m.tris) f << "3 " << t[0] << ' ' << t[1] << ' ' << t[2] << '\n';
  return p;
}

}  // namespace

TEST(CollideCli, JsonPairsAndSummaryAgree) {
  const std::string a = writeOff(cc::makeTorus(0.5f, 0.2f, 24, 10), "torus.off");
  const std::string b = writeOff(cc::makeSphere(0.5f, 12, 16), "sphere.off");
  const fs::path dir = cc::testutil::testTempDir();
  const std::string json = (dir / "out.json").string(), pairs = (dir / "pairs.txt").string();
  // Negative numbers in --axis and --offset are values, not options.
  const std::string sweep = " --sweep 8 --axis 0.3 -1 0.2 --offset 0.31 -0.07 0.05";
  const CliRun r = collide("--a " + a + " --b " + b + sweep + " --json " + json + " --pairs-out " + pairs);
  ASSERT_EQ(r.rc, 0) << r.out;
  EXPECT_NE(r.out.find("Table 1"), std::string::npos);
  std::ifstream jf(json);
  const nlohmann::json j = nlohmann::json::parse(jf);
  ASSERT_EQ(j.size(), 8u);
  size_t total = 0;
  for (const auto& pose : j) {
    for (const char* key : {"pose", "angle_deg", "pairs", "tumbled_nodes_transformed", "aligned_pairs_fetched", "overlap_tests",
                            "triangle_tests", "lists", "max_stack_depth", "max_list_length", "wall_seconds"}) {
      EXPECT_TRUE(pose.contains(key)) << key;
    }
    EXPECT_FALSE(pose.contains("cycles")) << "golden is untimed";
    total += pose["pairs"].get<size_t>();
  }
  EXPECT_DOUBLE_EQ(j[2]["angle_deg"].get<double>(), 90.0);
  std::ifstream pf(pairs);
  size_t lines = 0;
  std::string line;
  while (std::getline(pf, line)) {
    std::istringstream ls(line);
    int pose;
    uint32_t ta, tb;
    ASSERT_TRUE(ls >> pose >> ta >> tb) << line;
    ++lines;
  }
  EXPECT_EQ(lines, total);
  EXPECT_GT(total, 0u);

  // The software path finds the same number of pairs on these generic poses (on symmetric
  // ones, vertices exactly on the other mesh's planes make FP32 and double disagree).
  const std::string sw_json = (dir / "sw.json").string();
  ASSERT_EQ(collide("--a " + a + " --b " + b + sweep + " -q --backend sw --json " + sw_json).rc, 0);
  std::ifstream sf(sw_json);
  const nlohmann::json s = nlohmann::json::parse(sf);
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(s[i]["pairs"], j[i]["pairs"]) << "pose " << i;

  const CliRun c = collide("--a " + a + " --b " + b + " --sweep 3 -q --cosim golden,golden");
  EXPECT_EQ(c.rc, 0) << c.out;
  EXPECT_NE(c.out.find("results and counters identical on all 3 poses"), std::string::npos) << c.out;
  // Two timed backends: the cycle counts must agree too; three are compared in a chain.
  const CliRun t = collide("--a " + a + " --b " + b + " --sweep 2 -q --cosim golden,tlm,rtl");
  EXPECT_EQ(t.rc, 0) << t.out;
  EXPECT_NE(t.out.find("results and counters identical on all 2 poses; cycles identical: tlm = rtl"), std::string::npos) << t.out;
}

// A timed backend adds cycles and cycles per list beside Eq. 5's, per pose and in the
// summary; the JSON's per-list numbers are the cycles over the same tau = tumbled/2.
TEST(CollideCli, TimedBackendComparesCyclesPerListWithEq5) {
  const std::string a = writeOff(cc::makeTorus(0.5f, 0.2f, 24, 10), "torus.off");
  const std::string b = writeOff(cc::makeSphere(0.5f, 12, 16), "sphere.off");
  const fs::path dir = cc::testutil::testTempDir();
  const std::string json = (dir / "rtl.json").string(), timeline = (dir / "timeline.txt").string();
  const CliRun r = shell("CC_TIMELINE=" + timeline + " " + COLLIDE_BIN + " --a " + a + " --b " + b +
                         " --sweep 2 --axis 0.3 1 0.2 --offset 0.31 0.07 0.05 --no-sw --backend rtl --json " + json);
  ASSERT_EQ(r.rc, 0) << r.out;
  EXPECT_NE(r.out.find("cyc/list"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cycles per list (tau = tumbled/2 lists): chip avg"), std::string::npos) << r.out;
  std::ifstream jf(json);
  const nlohmann::json j = nlohmann::json::parse(jf);
  ASSERT_EQ(j.size(), 2u);
  for (const auto& pose : j) {
    const double tau = pose["tumbled_nodes_transformed"].get<double>() / 2;
    ASSERT_GT(tau, 0);
    EXPECT_GT(pose["cycles"].get<double>(), 0);
    EXPECT_DOUBLE_EQ(pose["cycles_per_list"].get<double>(), pose["cycles"].get<double>() / tau);
    EXPECT_DOUBLE_EQ(pose["eq5_cycles_per_list"].get<double>(), pose["eq5_cycles"].get<double>() / tau);
  }
  // The board's timeline draws a list: it starts with S_PAIR_BEGIN and compares entries.
  const CliRun t = shell(std::string(CC_SOURCE_DIR) + "/scripts/list_timeline.sh " + timeline + " 2");
  ASSERT_EQ(t.rc, 0) << t.out;
  EXPECT_NE(t.out.find("list 2 from core cycle"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("S_PAIR_BEGIN"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("S_ENTRY"), std::string::npos) << t.out;
  EXPECT_NE(shell(std::string(CC_SOURCE_DIR) + "/scripts/list_timeline.sh " + timeline + " 100000").rc, 0) << "no such list";
}

// --set changes one field of --config: slower SDRAM costs the TLM model cycles.
TEST(CollideCli, SetChangesAConfigurationField) {
  const std::string a = writeOff(cc::makeTorus(0.5f, 0.2f, 24, 10), "torus.off");
  const std::string b = writeOff(cc::makeSphere(0.5f, 12, 16), "sphere.off");
  const fs::path dir = cc::testutil::testTempDir();
  const auto cycles = [&](const std::string& set, const std::string& name) {
    const std::string json = (dir / name).string();
    const CliRun r = collide("--a " + a + " --b " + b + " --pose 0.3 1 0.2 40 0.31 0.07 0.05 --no-sw -q --backend tlm" +
                             set + " --json " + json);
    EXPECT_EQ(r.rc, 0) << r.out;
    std::ifstream jf(json);
    return nlohmann::json::parse(jf).at(0)["cycles"].get<double>();
  };
  const double paper = cycles("", "paper.json"), slow = cycles(" --set t_cl=6 --set 't_rcd = 6'", "slow.json");
  EXPECT_GT(paper, 0);
  EXPECT_GT(slow, paper);
  // The configuration's name says what changed.
  const CliRun r = collide("--a " + a + " --b " + b + " --pose 0.3 1 0.2 40 0.31 0.07 0.05 --no-sw --backend tlm --set t_cl=6");
  EXPECT_NE(r.out.find("config paper+t_cl=6"), std::string::npos) << r.out;
}

// --leaf-dop: the golden chip bounds tumbled leaves from their vertices; the answer is the
// same (docs/triangle_tests.md), the triangle tests fewer on a coarse A against a fine B.
TEST(CollideCli, LeafDopKeepsTheAnswerWithFewerTests) {
  const std::string a = writeOff(cc::makeSphere(0.7f, 5, 7), "coarse.off");
  const std::string b = writeOff(cc::makeTorus(0.6f, 0.2f, 96, 32), "fine.off");
  const fs::path dir = cc::testutil::testTempDir();
  const auto run = [&](const std::string& leaf, const std::string& name, std::string& pairs) {
    const std::string json = (dir / (name + ".json")).string(), pairs_out = (dir / (name + ".txt")).string();
    const CliRun r = collide("--a " + a + " --b " + b + " --sweep 6 --axis 1 2 3 --offset 0.2 0.1 0 --no-sw -q --leaf-dop " + leaf +
                             " --json " + json + " --pairs-out " + pairs_out);
    EXPECT_EQ(r.rc, 0) << r.out;
    std::ifstream jf(json), pf(pairs_out);
    std::stringstream text;
    text << pf.rdbuf();
    pairs = text.str();
    return nlohmann::json::parse(jf);
  };
  std::string pairs_off, pairs_on;
  const nlohmann::json off = run("off", "off", pairs_off), on = run("vertices", "on", pairs_on);
  EXPECT_EQ(pairs_on, pairs_off);  // the same pairs in the same order, pose by pose
  EXPECT_FALSE(pairs_off.empty());
  ASSERT_EQ(off.size(), on.size());
  double tests_off = 0, tests_on = 0;
  for (size_t i = 0; i < off.size(); ++i) {
    tests_off += off[i]["triangle_tests"].get<double>();
    tests_on += on[i]["triangle_tests"].get<double>();
  }
  EXPECT_LT(tests_on, tests_off);
}

// A motion file runs its poses in order, as --pose would one by one.
TEST(CollideCli, PosesFromAFile) {
  const std::string a = writeOff(cc::makeTorus(0.5f, 0.2f, 24, 10), "torus.off");
  const std::string b = writeOff(cc::makeSphere(0.5f, 12, 16), "sphere.off");
  const fs::path dir = cc::testutil::testTempDir();
  const std::string motion = (dir / "motion.txt").string(), json = (dir / "motion.json").string();
  {
    std::ofstream m(motion);
    m << "# two poses\n0.3 1 0.2 40 0.31 0.07 0.05\n1 0 0 90 0.4 0 0\n";
  }
  ASSERT_EQ(collide("--a " + a + " --b " + b + " --poses " + motion + " -q --no-sw --json " + json).rc, 0);
  std::ifstream jf(json);
  const nlohmann::json j = nlohmann::json::parse(jf);
  ASSERT_EQ(j.size(), 2u);
  const std::string one = (dir / "one.json").string();
  ASSERT_EQ(collide("--a " + a + " --b " + b + " --pose 1 0 0 90 0.4 0 0 -q --no-sw --json " + one).rc, 0);
  std::ifstream of(one);
  const nlohmann::json o = nlohmann::json::parse(of);
  EXPECT_EQ(j[1]["pairs"], o[0]["pairs"]);
  EXPECT_EQ(j[1]["overlap_tests"], o[0]["overlap_tests"]);
  EXPECT_EQ(j[1]["angle_deg"], 90.0);
  const CliRun bad = collide("--a " + a + " --b " + b + " --poses " + a);  // an OFF file is no motion
  EXPECT_EQ(bad.rc, 2) << bad.out;
  EXPECT_NE(bad.out.find(a + ":1:"), std::string::npos) << bad.out;
}

TEST(CollideCli, BadArgumentsGiveClearErrors) {
  const std::string a = writeOff(cc::makeSphere(0.5f, 6, 8), "s.off");
  const struct {
    std::string args, message;
  } cases[] = {
      {"--a /nope.off --b " + a, "no such file"},
      {"--a " + a + " --b " + a + " --backend warp", "unknown backend 'warp'"},
      {"--a " + a + " --b " + a + " --mode some", "unknown query mode"},
      {"--a " + a + " --b " + a + " --sweep 0", "--sweep must be at least 1"},
      {"--a " + a + " --b " + a + " --pose 1 0 0 nan 0 0 0", "NaN"},
      {"--a " + a + " --b " + a + " --pose 0 0 0 10 0 0 0", "zero vector"},
      {"--a " + a + " --b " + a + " --offset 1 2", "three numbers"},
      {"--a " + a + " --b " + a + " --cosim golden", "two or three backends"},
      {"--a " + a + " --b " + a + " --config huge", "unknown configuration"},
      {"--a " + a + " --b " + a + " --split random", "unknown split rule"},
      {"--a " + a + " --b " + a + " --set t_cl", "--set takes KEY=VALUE"},
      {"--a " + a + " --b " + a + " --poses /nope.txt", "--poses: cannot read /nope.txt"},
      {"--a " + a + " --b " + a + " --poses " + a + " --pose 1 0 0 1 0 0 0", "--poses and --pose exclude each other"},
      {"--a " + a + " --b " + a + " --set t_cll=2", "unknown config field 't_cll'"},
      {"--a " + a + " --b " + a + " --set sdram_banks=3", "sdram_banks"},
      {"--a " + a + " --b " + a + " --backend rtl --set t_cl=7", "the rtl backend is built for the configurations"},
      {"--a " + a + " --b " + a + " --leaf-dop both", "unknown leaf DOP 'both'"},
      {"--a " + a + " --b " + a + " --backend sw --leaf-dop vertices", "--leaf-dop is a chip feature"},
      {"--a " + a + " --b " + a + " --backend tlm --leaf-dop vertices+dop", "does not implement CTRL.LEAF_VERTEX_AND_DOP"},
      {"--a " + a + " --b " + a + " --bogus", "unrecognised option"},
      {"--a " + a + " --b " + a + " stray", "unexpected argument 'stray'"},
  };
  for (const auto& c : cases) {
    const CliRun r = collide(c.args);
    EXPECT_EQ(r.rc, 2) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find(c.message), std::string::npos) << c.args << "\n" << r.out;
  }
}

// An output that cannot be written (here: a full disk) is an error with exit code 2, not a
// silent exit 0 with the data lost.
TEST(CollideCli, UnwritableOutputIsAnError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const std::string a = writeOff(cc::makeSphere(0.5f, 6, 8), "s.off");
  const std::string args = "--a " + a + " --b " + a + " --pose 1 0 0 10 0.1 0 0 -q --no-sw";  // pairs to write
  for (const std::string opt : {"--json", "--pairs-out"}) {
    const CliRun r = collide(args + " " + opt + " /dev/full");
    EXPECT_EQ(r.rc, 2) << opt << "\n" << r.out;
    EXPECT_NE(r.out.find("cannot write /dev/full: write error"), std::string::npos) << opt << "\n" << r.out;
  }
  const CliRun r = shell("{ " + std::string(COLLIDE_BIN) + " " + args + " >/dev/full; }");
  EXPECT_EQ(r.rc, 2) << r.out;
  EXPECT_NE(r.out.find("cannot write the standard output"), std::string::npos) << r.out;
}
