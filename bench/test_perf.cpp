// cc_perf: parsing, protocol, CSV, the pair-set comparison, FCL against the chip (golden)
// on procedural meshes, and the command line end to end on small meshes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <tuple>
#include <utility>

#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "../tests/test_util.h"
#include "peers.h"
#include "perf.h"

namespace cc::perf {
namespace {

TEST(PerfParse, PairsIdenticalAndMixed) {
  const auto p = parsePairs("bunny00,bunny00:armadillo");
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].a, "bunny00");
  EXPECT_EQ(p[0].b, "bunny00");
  EXPECT_EQ(p[0].label(), "bunny00");
  EXPECT_EQ(p[1].b, "armadillo");
  EXPECT_EQ(p[1].label(), "bunny00:armadillo");
  for (const char* bad : {"", ",", "a:", ":b", "a:b:c", "a,,b"}) EXPECT_THROW(parsePairs(bad), std::invalid_argument) << bad;
}

TEST(PerfParse, NumbersAndNames) {
  EXPECT_EQ(parseNumberList("0.5,1,1.5", "d"), (std::vector<double>{0.5, 1, 1.5}));
  for (const char* bad : {"", "x", "1,", "1e999", "nan", "1.5x"}) EXPECT_THROW(parseNumberList(bad, "d"), std::invalid_argument) << bad;
  EXPECT_EQ(parseNameList("sw,golden,sw", {"golden", "sw"}, "b"), (std::vector<std::string>{"sw", "golden"}));
  EXPECT_THROW(parseNameList("gold", {"golden", "sw"}, "b"), std::invalid_argument);
}

TEST(PerfProtocol, TumblesAboutZAndXAtEachDistance) {
  const auto poses = protocolPoses(8, {0.5, 2});
  ASSERT_EQ(poses.size(), 16u);
  EXPECT_EQ(poses[0].angle_deg, 0);
  EXPECT_TRUE(poses[0].pose.R.isApprox(Eigen::Matrix3d::Identity()));
  EXPECT_DOUBLE_EQ(poses[3].angle_deg, 135);
  EXPECT_EQ(poses[9].distance, 2);
  EXPECT_EQ(poses[9].pose.t, Eigen::Vector3d(2, 0, 0));
  // Rx(90) * Rz(90) takes x to z.
  const auto q = protocolPoses(4, {1})[1].pose.R * Eigen::Vector3d::UnitX();
  EXPECT_NEAR((q - Eigen::Vector3d::UnitZ()).norm(), 0, 1e-12);
  EXPECT_THROW(protocolPoses(0, {1}), std::invalid_argument);
}

TEST(PerfProtocol, ScaleToCubeSpansMinusOneToOne) {
  Mesh m = makeSphere(3.0f, 6, 8);
  scaleToCube(m);
  float lo = 1e9f, hi = -1e9f;
  for (const auto& v : m.vertices) {
    for (float x : v) lo = std::min(lo, x), hi = std::max(hi, x);
  }
  EXPECT_NEAR(lo, -1.0f, 1e-6f);
  EXPECT_NEAR(hi, 1.0f, 1e-6f);
}

TEST(PerfCsv, QuotesAndEmptyFieldsForNotMeasured) {
  Csv c{{"a", "b", "c"}, {{"x,y", num(std::nan("")), "say \"hi\""}, {"1", num(0.25), "z"}}};
  std::ostringstream s;
  c.write(s);
  EXPECT_EQ(s.str(), "a,b,c\n\"x,y\",,\"say \"\"hi\"\"\"\n1,0.25,z\n");
  c.rows.push_back({"short"});
  std::ostringstream t;
  EXPECT_THROW(c.write(t), std::logic_error);
}

TEST(PerfCompare, SetDifferenceIgnoresOrderAndDuplicates) {
  const PairDiff d = comparePairSets({{1, 2}, {3, 4}, {1, 2}, {5, 6}}, {{5, 6}, {7, 8}, {3, 4}});
  EXPECT_EQ(d.common, 2u);
  EXPECT_EQ(d.only_chip, (std::vector<TriPair>{{1, 2}}));
  EXPECT_EQ(d.only_ref, (std::vector<TriPair>{{7, 8}}));
}

// The chip (golden, FP32) and FCL (double) on a sphere and a torus at random generic
// poses: the all-pairs answers must be the same sets up to the rare near-touching pairs
// that FP32 and double decide differently (a few in a thousand; docs/results.md), FCL's
// first-mode answer must agree on hit/no hit, and CGAL must confirm a sample of the
// common pairs.
TEST(PerfFcl, SameAnswerAsTheChipOnProceduralMeshes) {
  const uint64_t seed = cc::testutil::testSeed("PerfFcl.SameAnswerAsTheChipOnProceduralMeshes");
  std::mt19937 rng(static_cast<uint32_t>(seed ^ (seed >> 32)));
  Mesh a = makeTorus(0.6f, 0.25f, 24, 12), b = makeSphere(0.7f, 14, 20);
  const DopTree ta = buildTree(a, zachmannDirections(), SplitRule::MeanWidth);
  const DopTree tb = buildTree(b, zachmannDirections(), SplitRule::MeanWidth);
  auto dev = makeDevice("golden", namedConfig("paper"));
  Driver drv(*dev);
  const BoardObject oa = drv.upload(ta, a), ob = drv.upload(tb, b);
  const FclModel fa(a, FclBv::Obbrss), fb(b, FclBv::Obbrss), ka(a, FclBv::Kdop24), kb(b, FclBv::Kdop24);
  std::uniform_real_distribution<double> u(-1, 1), deg(0, 360);
  size_t common = 0, hits = 0, exact = 0, differing = 0;
  for (int i = 0; i < 24; ++i) {
    const Pose pose = poseFromAxisAngle({u(rng), u(rng), u(rng) + 1e-3}, deg(rng), {0.6 * u(rng), 0.6 * u(rng), 0.6 * u(rng)});
    const QueryResult g = drv.query(oa, ob, pose, QueryMode::All);
    const FclAnswer f = fclCollide(fa, fb, pose, 1u << 20), k = fclCollide(ka, kb, pose, 1u << 20);
    const PairDiff d = comparePairSets(g.pairs, f.pairs);
    if (!d.only_chip.empty() || !d.only_ref.empty()) {
      std::printf("pose %d: %zu only chip, %zu only FCL (near-touching, FP32 against double)\n", i, d.only_chip.size(), d.only_ref.size());
    }
    differing += d.only_chip.size() + d.only_ref.size();
    const PairDiff dk = comparePairSets(f.pairs, k.pairs);
    EXPECT_TRUE(dk.only_chip.empty() && dk.only_ref.empty()) << "pose " << i << ": FCL OBBRSS and KDOP24 differ";
    const FclAnswer first = fclCollide(fa, fb, pose, 1);
    EXPECT_EQ(first.hit, !f.pairs.empty()) << "pose " << i << ": FCL's first contact against its all-pairs answer";
    // FCL's statistics: every contact was a leaf test of its own, every leaf test came out
    // of a BV test; the first contact needs no more tests than all of them.
    EXPECT_GE(f.leaf_tests, f.pairs.size()) << "pose " << i;
    EXPECT_GE(f.bv_tests, 1u) << "pose " << i;
    EXPECT_LE(first.leaf_tests, f.leaf_tests) << "pose " << i;
    EXPECT_LE(first.bv_tests, f.bv_tests) << "pose " << i;
    EXPECT_EQ(k.bv_tests + k.leaf_tests, 0u) << "KDOP24 runs fcl::collide without statistics";
    common += d.common;
    hits += g.pairs.empty() ? 0 : 1;
    for (size_t j = 0; j < g.pairs.size() && j < 3; ++j, ++exact) {
      EXPECT_TRUE(exactTrianglesIntersect(a, g.pairs[j].first, b, g.pairs[j].second, pose)) << "pose " << i;
    }
  }
  std::printf("%zu common pairs, %zu poses with a hit, %zu CGAL confirmations\n", common, hits, exact);
  EXPECT_GT(hits, 5u);  // not vacuous
  EXPECT_GT(common, 100u);
  EXPECT_LE(differing, common / 200 + 2) << "more FP32/double disagreements than near-touching pairs explain";
}

void writeOff(const Mesh& m, const std::string& path) {
  std::ofstream f(path);
  f << "OFF\n" << m.vertices.size() << ' ' << m.tris.size() << " 0\n";
  for (const auto& v : m.vertices) f << v[0] << ' ' << v[1] << ' ' << v[2] << '\n';
  for (const auto& t : m.tris) f << "3 " << t[0] << ' ' << t[1] << ' ' << t[2] << '\n';
}

std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> f;
  std::stringstream ls(line);
  for (std::string x; std::getline(ls, x, ',');) f.push_back(x);
  return f;
}

std::vector<std::vector<std::string>> csvRows(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(cc::testutil::slurp(path));
  for (std::string line; std::getline(in, line);) rows.push_back(csvFields(line));
  return rows;
}

// Runs `args` on cc_perf; returns the exit code and what it printed (stdout and stderr).
std::pair<int, std::string> runPerf(const std::string& args, const std::string& log) {
  const int rc = std::system((std::string(CC_PERF_BIN) + " " + args + " > " + log + " 2>&1").c_str());
  return {WEXITSTATUS(rc), cc::testutil::slurp(log)};
}

// cc_perf end to end: a temporary folder for the meshes and outputs of one test, removed
// after it.
class PerfCli : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() / ("cc_perf_" + std::string(test->name()) + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void addMesh(const Mesh& m, const std::string& name) const { writeOff(m, (dir_ / (name + ".off")).string()); }
  std::string dir() const { return dir_.string(); }

 private:
  std::filesystem::path dir_;
};
using PerfShards = PerfCli;

TEST_F(PerfCli, WritesCsvJsonAndTable) {
  addMesh(makeSphere(1.0f, 10, 14), "ball");
  addMesh(makeTorus(1.0f, 0.3f, 16, 8), "ring");
  const std::string out = dir() + "/out";
  const std::string cmd = std::string(CC_PERF_BIN) + " -q --meshes " + dir() + " --pairs ball:ring,ring --steps 4 --distances 0.5,5" +
                          " --backends golden,sw,fcl_obbrss,fcl_kdop24,tlm,rtl --tlm-configs paper --rtl-configs paper,queued --check --out " + out + " > " + out + ".txt";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::istringstream poses(cc::testutil::slurp(out + "/poses.csv"));
  std::string header, line;
  std::getline(poses, header);
  EXPECT_NE(header.find("overlap_tests"), std::string::npos);
  EXPECT_NE(header.find("tlm_paper_cycles"), std::string::npos);
  EXPECT_NE(header.find("fcl_kdop24_us"), std::string::npos);
  EXPECT_NE(header.find("rtl_queued_triangle_tests"), std::string::npos);
  const auto names = csvFields(header);
  const auto col = [&](const std::string& n) { return size_t(std::find(names.begin(), names.end(), n) - names.begin()); };
  const size_t tests = col("triangle_tests"), cycles = col("tlm_paper_cycles"), tri = col("tlm_paper_triangle_cycles");
  const size_t rtl_paper = col("rtl_paper_cycles"), rtl_queued = col("rtl_queued_cycles");
  ASSERT_LT(tri, names.size());
  ASSERT_LT(rtl_paper, names.size());
  ASSERT_LT(rtl_queued, names.size());
  const size_t fcl_us = col("fcl_obbrss_us"), rtl_paper_us = col("rtl_paper_us");
  const size_t fcl_bv = col("fcl_bv_tests"), fcl_leaf = col("fcl_leaf_tests"), overlaps = col("overlap_tests");
  const size_t run_overlaps = col("rtl_paper_overlap_tests"), run_tests = col("rtl_paper_triangle_tests");
  ASSERT_LT(fcl_leaf, names.size());
  ASSERT_LT(run_tests, names.size());
  double ring_fcl_worst = 0, ring_rtl_worst = 0;
  int rows = 0, far_with_pairs = 0, with_tests = 0;
  while (std::getline(poses, line)) {
    ++rows;
    // distance 5 puts the objects apart: no pairs (column 7 = chip_pairs).
    const auto f = csvFields(line);
    ASSERT_EQ(f.size(), names.size());
    if (f[3] == "5" && f[6] != "0") ++far_with_pairs;
    // The triangle tests' cycles are part of the query's, and there are some iff tests ran.
    EXPECT_LT(std::stod(f[tri]), std::stod(f[cycles])) << line;
    EXPECT_EQ(std::stod(f[tri]) > 0, std::stod(f[tests]) > 0) << line;
    // The TLM model times the paper chip exactly (docs/tlm.md); the queued chip is another chip.
    EXPECT_EQ(f[rtl_paper], f[cycles]) << line;
    EXPECT_GT(std::stod(f[rtl_queued]), 0) << line;
    // The chip run's own counters are golden's (the same host policy); FCL tests a node
    // pair at least once, and leaf pairs only where node pairs overlap.
    EXPECT_EQ(std::stod(f[run_overlaps]), std::stod(f[overlaps])) << line;
    EXPECT_EQ(std::stod(f[run_tests]), std::stod(f[tests])) << line;
    EXPECT_GE(std::stod(f[fcl_bv]), 1) << line;
    if (f[3] == "5") {
      EXPECT_EQ(std::stod(f[fcl_leaf]), 0) << line;
    }
    with_tests += std::stod(f[tests]) > 0;
    if (f[0] == "ring") {
      ring_fcl_worst = std::max(ring_fcl_worst, std::stod(f[fcl_us]));
      ring_rtl_worst = std::max(ring_rtl_worst, std::stod(f[rtl_paper_us]));
    }
  }
  EXPECT_EQ(rows, 2 * 8);
  EXPECT_EQ(far_with_pairs, 0);
  EXPECT_GT(with_tests, 0);
  const std::string table = cc::testutil::slurp(out + "/table1.md");
  EXPECT_NE(table.find("| ball:ring |"), std::string::npos);
  EXPECT_NE(table.find("| ring |"), std::string::npos);
  EXPECT_NE(table.find("Where the paper configuration's cycles go"), std::string::npos);
  EXPECT_NE(table.find("| RTL queued / Eq. 5 |"), std::string::npos);
  EXPECT_NE(table.find("| pair | golden overlap | golden triangle | RTL paper overlap | RTL paper triangle |"), std::string::npos);
  // The speedups leave out the TLM paper run, the RTL paper run's twin.
  EXPECT_NE(table.find("| pair | RTL paper / Eq. 5 |"), std::string::npos);
  EXPECT_EQ(table.find("| pair | TLM paper / Eq. 5 |"), std::string::npos);
  EXPECT_NE(cc::testutil::slurp(out + "/perf.json").find("\"summary\""), std::string::npos);
  EXPECT_NE(cc::testutil::slurp(out + "/summary.csv").find("ball:ring,all,8,"), std::string::npos);
  // The worst case against FCL: FCL's slowest pose over the chip's slowest, from the poses.
  std::istringstream summary(cc::testutil::slurp(out + "/summary.csv"));
  std::getline(summary, header);
  const auto sum_names = csvFields(header);
  const size_t worst_col = size_t(std::find(sum_names.begin(), sum_names.end(), "worst_fcl_obbrss_over_worst_rtl_paper") - sum_names.begin());
  ASSERT_LT(worst_col, sum_names.size());
  bool ring_all = false;
  while (std::getline(summary, line)) {
    const auto f = csvFields(line);
    if (f[0] != "ring" || f[1] != "all") continue;
    ring_all = true;
    ASSERT_GT(ring_rtl_worst, 0);
    EXPECT_NEAR(std::stod(f[worst_col]), ring_fcl_worst / ring_rtl_worst, 1e-3 * ring_fcl_worst / ring_rtl_worst);
  }
  EXPECT_TRUE(ring_all);
  // Average / worst speed-up against FCL per run, and whether worst >= average.
  EXPECT_NE(table.find("| pair | RTL paper | RTL queued |"), std::string::npos) << table;
  EXPECT_TRUE(std::regex_search(table, std::regex("\\| ring \\| [0-9.]+ / [0-9.]+ (yes|no) \\| [0-9.]+ / [0-9.]+ (yes|no) \\|"))) << table;
  // Bad input: exit code 2, no crash.
  for (const char* bad : {" --steps 0", " --backends golden,gpu", " --pairs ring --backends golden,rtl --rtl-configs nosuch", " --distances 1,x", " --pairs ball:nothere", " --mode some"}) {
    const std::string c = std::string(CC_PERF_BIN) + " -q --meshes " + dir() + " --out " + out + bad + " > /dev/null 2>&1";
    EXPECT_EQ(WEXITSTATUS(std::system(c.c_str())), 2) << bad;
  }
}

// A named configuration's host policy (configs/modern_host.cfg: staged mode first and the
// by-size leaf-DOP rule): its TLM run is checked against golden driven the same way (exit
// 0), the table and perf.json say which policy ran, and --leaf-dop replaces it everywhere.
TEST_F(PerfCli, NamedConfigurationRunsWithItsHostPolicy) {
  addMesh(makeSphere(1.0f, 4, 6), "coarse");
  addMesh(makeTorus(1.0f, 0.3f, 32, 16), "ring");
  const std::string out = dir() + "/out";
  const std::string cmd = std::string(CC_PERF_BIN) + " -q --meshes " + dir() + " --pairs coarse:ring --steps 4 --distances 0.3" +
                          " --backends golden,tlm --tlm-configs modern_queued,modern_host --out " + out;
  ASSERT_EQ(std::system((cmd + " > " + out + ".txt").c_str()), 0) << cmd;
  const std::string table = cc::testutil::slurp(out + "/table1.md");
  EXPECT_NE(table.find("TLM modern_host with its host policy: staged mode first, result areas of 8, 64,"), std::string::npos) << table;
  EXPECT_NE(table.find("CTRL.LEAF_VERTEX by-size 4"), std::string::npos) << table;
  const auto protocol = nlohmann::json::parse(cc::testutil::slurp(out + "/perf.json"))["protocol"];
  EXPECT_EQ(protocol["host_policy"]["tlm_modern_host"]["leaf_dop"], "by-size 4");
  EXPECT_EQ(protocol["host_policy"]["tlm_modern_queued"]["leaf_dop"], "off");
  // Given on the command line, --leaf-dop and --first-steps (none) replace the policy.
  ASSERT_EQ(std::system((cmd + " --leaf-dop off --first-steps > " + out + ".txt").c_str()), 0);
  const auto replaced = nlohmann::json::parse(cc::testutil::slurp(out + "/perf.json"))["protocol"];
  EXPECT_EQ(replaced["host_policy"]["tlm_modern_host"]["leaf_dop"], "off");
  EXPECT_TRUE(replaced["host_policy"]["tlm_modern_host"]["first_steps"].empty());
}

// --jobs: the study cut into shards (pair x backend group x pose range) measured by local
// worker processes merges into the single run's outputs: every chip column equal, only the
// software and FCL times, the host's and the RTL's bus clocks (measured per process) differ; the
// TLM's bus clocks agree (a shard warms the driver's register shadow). A rerun measures nothing again.
TEST_F(PerfShards, LocalJobsMergeIntoTheSingleRunsChipColumns) {
  addMesh(makeSphere(1.0f, 10, 14), "ball");
  addMesh(makeTorus(1.0f, 0.3f, 16, 8), "ring");
  const std::string d = dir(), log = d + "/log.txt";
  const std::string study = "-q --meshes " + d + " --pairs ball:ring,ring --steps 4 --distances 0.5,5 --backends golden,sw,fcl_obbrss,tlm,rtl" +
                            " --tlm-configs paper --rtl-configs paper --check --exact-limit 3";
  ASSERT_EQ(runPerf(study + " --out " + d + "/single", log).first, 0) << cc::testutil::slurp(log);
  auto [rc, text] = runPerf(study + " --shard-poses 3 --jobs 2 --out " + d + "/jobs", log);
  ASSERT_EQ(rc, 0) << text;
  EXPECT_NE(text.find("18 of 18 shards to measure with 2 local workers"), std::string::npos) << text;  // 2 pairs x 3 groups x 3 ranges
  const auto single = csvRows(d + "/single/poses.csv"), jobs = csvRows(d + "/jobs/poses.csv");
  ASSERT_EQ(single.size(), 17u);
  ASSERT_EQ(jobs.size(), single.size());
  const auto& names = single[0];
  for (size_t r = 0; r < single.size(); ++r) {
    ASSERT_EQ(jobs[r].size(), names.size());
    for (size_t c = 0; c < names.size(); ++c) {
      const auto endsWith = [&](const std::string& tail) {
        return names[c].size() >= tail.size() && names[c].compare(names[c].size() - tail.size(), tail.size(), tail) == 0;
      };
      if (names[c] == "sw_us" || names[c] == "fcl_obbrss_us" || names[c] == "fcl_kdop24_us" || endsWith("_host_us") ||
          endsWith("_e2e_us") || (names[c].rfind("rtl_", 0) == 0 && endsWith("_bus_clocks")))
        continue;  // timed per process; the RTL's bus clocks with the PCI clock's phase (StudyOptions::deterministic)
      EXPECT_EQ(jobs[r][c], single[r][c]) << "row " << r << " column " << names[c];
    }
  }
  EXPECT_EQ(cc::testutil::slurp(d + "/jobs/lists.dat"), cc::testutil::slurp(d + "/single/lists.dat"));
  // A rerun finds every shard done and only merges.
  std::tie(rc, text) = runPerf(study + " --shard-poses 3 --jobs 2 --out " + d + "/jobs", log);
  EXPECT_EQ(rc, 0) << text;
  EXPECT_NE(text.find("0 of 18 shards to measure"), std::string::npos) << text;
  // Another study into the same folder, conflicting or misplaced options: exit 2 with a reason.
  const std::vector<std::pair<std::string, std::string>> bad{
      {study + " --shard-poses 2 --jobs 2 --out " + d + "/jobs", "holds the shards of another study"},
      {study + " --jobs 2 --slurm --out " + d + "/x", "exclude each other"},
      {study + " --no-wait --out " + d + "/x", "go with --slurm"},
      {study + " --jobs 0 --out " + d + "/x", "--jobs must be at least 1"},
      {study + " --jobs -1 --out " + d + "/x", "--jobs must be at least 1"},
      {study + " --slurm --tasks 0 --out " + d + "/x", "--tasks must be at least 1"},
      {"--merge " + d + "/nothere", "holds no sharded run"},
      {"--worker " + d + "/jobs", "either --shards or --task-file"},
      {"--worker " + d + "/jobs --shards nosuch", "no shard 'nosuch'"},
      {"--merge " + d + "/jobs --pairs ring", "comes from the folder's plan"},
      {study + " --shard-poses -1 --out " + d + "/x", "--shard-poses"},
  };
  for (const auto& [args, why] : bad) {
    std::tie(rc, text) = runPerf(args, log);
    EXPECT_EQ(rc, 2) << args << ": " << text;
    EXPECT_NE(text.find(why), std::string::npos) << args << ": " << text;
  }
  // One shard alone, as a failed one is rerun; then --merge writes the outputs again.
  std::filesystem::remove(d + "/jobs/shards/1_ring.rtl_paper.6-7.json");
  std::tie(rc, text) = runPerf("--merge " + d + "/jobs", log);
  EXPECT_EQ(rc, 3) << text;
  EXPECT_NE(text.find("1_ring.rtl_paper.6-7: never started"), std::string::npos) << text;
  EXPECT_EQ(runPerf("--worker " + d + "/jobs --shards 1_ring.rtl_paper.6-7", log).first, 0) << cc::testutil::slurp(log);
  std::tie(rc, text) = runPerf("--merge " + d + "/jobs", log);
  EXPECT_EQ(rc, 0) << text;
  EXPECT_EQ(cc::testutil::slurp(d + "/jobs/lists.dat"), cc::testutil::slurp(d + "/single/lists.dat"));
}

}  // namespace
}  // namespace cc::perf
