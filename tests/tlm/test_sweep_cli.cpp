// cc_sweep end to end: a 2-point grid over two small meshes writes the per-query CSV, the
// summary CSV and an SVG chart; bad arguments are clear errors (exit code 2).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>
#include "../test_util.h"

namespace {

// This test's own directory (tests/test_util.h), with a trailing slash.
std::string tmpDir() { return cc::testutil::testTempDir().string() + "/"; }

struct Out {
  int code;
  std::string text;
};

Out run(const std::string& args) {
  // ctest runs tests in parallel: every file of a test carries the test's name.
  static int n = 0;
  const std::string log = tmpDir() + "cc_sweep_" +
                          ::testing::UnitTest::GetInstance()->current_test_info()->name() + std::to_string(n++) + ".log";
  const int rc = std::system((std::string(CC_SWEEP_BIN) + " " + args + " >" + log + " 2>&1").c_str());
  std::ifstream in(log);
  std::stringstream s;
  s << in.rdbuf();
  return {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, s.str()};
}

// An octahedron of radius r as an OFF file.
std::string octahedron(const std::string& name, double r) {
  const std::string path =
      tmpDir() + ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + name;
  std::ofstream f(path);
  f << "OFF\n6 8 0\n";
  f << r << " 0 0\n" << -r << " 0 0\n0 " << r << " 0\n0 " << -r << " 0\n0 0 " << r << "\n0 0 " << -r << "\n";
  f << "3 0 2 4\n3 2 1 4\n3 1 3 4\n3 3 0 4\n3 2 0 5\n3 1 2 5\n3 3 1 5\n3 0 3 5\n";
  return path;
}

size_t lines(const std::string& path) {
  std::ifstream in(path);
  size_t n = 0;
  for (std::string l; std::getline(in, l);) n += !l.empty();
  return n;
}


// A CSV file as rows of (column -> text).
std::vector<std::map<std::string, std::string>> readCsv(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> head;
  std::vector<std::map<std::string, std::string>> rows;
  for (std::string l; std::getline(in, l);) {
    std::vector<std::string> f;
    std::stringstream ls(l);
    for (std::string x; std::getline(ls, x, ',');) f.push_back(x);
    if (head.empty()) {
      head = f;
      continue;
    }
    std::map<std::string, std::string> r;
    for (size_t i = 0; i < head.size() && i < f.size(); ++i) r[head[i]] = f[i];
    rows.push_back(r);
  }
  return rows;
}

}  // namespace

// The files' content, not only their shape: every row is the grid point and pose it
// says (3 poses: angles 0, 120, 240), the event counters and pairs of a pose do not
// depend on the memory's CAS latency while its cycles grow with it (every query reads
// node pairs, each paying t_cl), the cycle breakdown adds up to the cycles, hw_us is
// cycles / core_mhz, and the summary's mean and worst are those of the rows.
TEST(SweepCli, GridWritesCsvSummaryAndPlot) {
  const std::string a = octahedron("oa.off", 0.5), b = octahedron("ob.off", 0.4);
  const std::string out = tmpDir() + "sw.csv", plot = tmpDir() + "sw.svg";
  const Out r = run("--a " + a + " --b " + b + " --poses 3 --offset 0.2 0 0 --grid t_cl=2,4 --out " + out + " --plot " + plot);
  ASSERT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(lines(out), 1u + 2 * 3) << "header + one row per query";
  EXPECT_EQ(lines(tmpDir() + "sw_summary.csv"), 1u + 2) << "header + one row per configuration";
  EXPECT_TRUE(std::filesystem::exists(plot)) << r.text;
  const auto rows = readCsv(out), summary = readCsv(tmpDir() + "sw_summary.csv");
  ASSERT_EQ(rows.size(), 6u);
  ASSERT_EQ(summary.size(), 2u);
  const char* events[] = {"pairs", "error", "tumbled_nodes_transformed", "aligned_pairs_fetched", "overlap_tests",
                          "triangle_tests", "lists", "max_stack_depth", "max_list_length", "uncertain_tests"};
  const char* parts[] = {"pair_wait_cycles", "transform_cycles", "entry_cycles", "entry_wait_cycles",
                         "triangle_cycles", "stack_cycles", "other_cycles"};
  const auto num = [](const std::string& x) { return std::stod(x); };
  for (int g = 0; g < 2; ++g) {
    double sum = 0, worst = 0;
    for (int p = 0; p < 3; ++p) {
      const auto& row = rows[3 * g + p];
      SCOPED_TRACE("row " + std::to_string(3 * g + p));
      EXPECT_EQ(row.at("config"), "paper");
      EXPECT_EQ(row.at("t_cl"), g == 0 ? "2" : "4");
      EXPECT_EQ(row.at("pose"), std::to_string(p));
      EXPECT_EQ(num(row.at("angle_deg")), 120.0 * p);
      const double cycles = num(row.at("cycles"));
      double parts_sum = 0;
      for (const char* k : parts) parts_sum += num(row.at(k));
      EXPECT_EQ(parts_sum, cycles) << "the breakdown adds up to the cycles";
      EXPECT_NEAR(num(row.at("hw_us")), cycles / 130.0, 1e-3);
      EXPECT_GT(num(row.at("triangle_tests")), 0) << "the poses were meant to make contact";
      if (g == 1) {
        const auto& fast = rows[p];
        for (const char* k : events) EXPECT_EQ(row.at(k), fast.at(k)) << k << " depends on t_cl";
        EXPECT_GT(cycles, num(fast.at("cycles"))) << "a longer CAS latency costs cycles";
      }
      sum += cycles;
      worst = std::max(worst, cycles);
    }
    EXPECT_EQ(summary[g].at("t_cl"), g == 0 ? "2" : "4");
    EXPECT_EQ(summary[g].at("queries"), "3");
    EXPECT_NEAR(num(summary[g].at("mean_cycles")), sum / 3, 0.01);
    EXPECT_EQ(num(summary[g].at("max_cycles")), worst);
  }
}


// A quote in a name is doubled inside a quoted CSV field (RFC 4180), and the chart's file
// name is only ever a file name: gnuplot runs without a shell and gets it quoted.
TEST(SweepCli, QuotesInNamesAndFileNamesStayData) {
  const std::string a = octahedron("oa.off", 0.5), b = octahedron("ob.off", 0.4);
  const std::string dir = tmpDir() + "sweep_quotes/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  // Both the shell's and gnuplot's command syntax, in file names.
  const std::string shell_name = "x';touch INJECTED;'.svg", gnuplot_name = "y'; system 'touch INJECTED2'; '.svg";
  for (const std::string& plot : {shell_name, gnuplot_name}) {
    const Out r = run("--a " + a + " --b " + b + " --poses 2 --offset 0.2 0 0 --set 'name=my \"fast\", chip' --grid t_cl=2,4 --out " +
                      dir + "q.csv --plot \"" + dir + plot + "\"");
    ASSERT_EQ(r.code, 0) << r.text;
    EXPECT_TRUE(std::filesystem::exists(dir + plot)) << r.text;
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "INJECTED"));
  EXPECT_FALSE(std::filesystem::exists("INJECTED"));
  EXPECT_FALSE(std::filesystem::exists(dir + "INJECTED2"));
  EXPECT_FALSE(std::filesystem::exists("INJECTED2"));
  for (const std::string csv : {"q.csv", "q_summary.csv"}) {
    std::ifstream in(dir + csv);
    std::string head, row;
    ASSERT_TRUE(std::getline(in, head) && std::getline(in, row)) << csv;
    EXPECT_EQ(row.rfind("\"my \"\"fast\"\", chip\",2,", 0), 0u) << csv << ": " << row;
  }
}

TEST(SweepCli, BadArgumentsGiveClearErrors) {
  const std::string a = octahedron("oa.off", 0.5);
  EXPECT_EQ(run("--a " + a).code, 2);
  Out r = run("--a " + a + " --b " + a + " --grid t_cll=1,2");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.text.find("unknown config field 't_cll'"), std::string::npos) << r.text;
  r = run("--a " + a + " --b " + a + " --grid sdram_banks=3");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.text.find("sdram_banks"), std::string::npos) << r.text;
  r = run("--a " + a + " --b " + a + " --config nosuch");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.text.find("unknown configuration"), std::string::npos) << r.text;
  r = run("--a /nonexistent.off --b " + a);
  EXPECT_EQ(r.code, 2);
  r = run("--a " + a + " --b " + a + " --poses 0");
  EXPECT_EQ(r.code, 2);
  r = run("--a " + a + " --b " + a + " --grid t_cl");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.text.find("KEY=V1,V2"), std::string::npos) << r.text;
}

// Every column of a CSV but the wall-clock ones (measured per process).
std::string chipColumns(const std::string& path) {
  std::ifstream in(path);
  std::string out, line;
  std::vector<bool> timing;
  for (bool header = true; std::getline(in, line); header = false) {
    std::stringstream ls(line);
    size_t c = 0;
    for (std::string f; std::getline(ls, f, ','); ++c) {
      if (header) timing.push_back(f == "wall_s" || f == "queries_per_s");
      if (c < timing.size() && !timing[c]) out += f + ",";
    }
    out += "\n";
  }
  return out;
}

// --jobs: the grid cut into shards (configuration point x pose range) by local worker
// processes merges into the single run's CSVs (chip columns equal); a rerun only merges.
TEST(SweepCli, LocalJobsMergeIntoTheSingleRunsCsv) {
  const std::string a = octahedron("oa.off", 0.5), b = octahedron("ob.off", 0.4);
  const std::string dir = tmpDir() + "sweep_jobs_" + std::to_string(::getpid()) + "/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string grid = "--a " + a + " --b " + b + " --poses 5 --offset 0.2 0 0 --config paper --config modern --grid t_cl=2,4";
  ASSERT_EQ(run(grid + " --out " + dir + "one.csv").code, 0);
  Out r = run(grid + " --shard-poses 2 --jobs 2 --out " + dir + "jobs.csv --plot " + dir + "jobs.svg");
  ASSERT_EQ(r.code, 0) << r.text;
  EXPECT_NE(r.text.find("12 of 12 shards to measure with 2 local workers"), std::string::npos) << r.text;  // 4 points x 3 ranges
  EXPECT_EQ(chipColumns(dir + "jobs.csv"), chipColumns(dir + "one.csv"));
  EXPECT_EQ(chipColumns(dir + "jobs_summary.csv"), chipColumns(dir + "one_summary.csv"));
  EXPECT_TRUE(std::filesystem::exists(dir + "jobs.svg"));
  EXPECT_TRUE(std::filesystem::exists(dir + "jobs.shards/shards/point3.4-4.json"));
  r = run(grid + " --shard-poses 2 --jobs 2 --out " + dir + "jobs.csv --plot " + dir + "jobs.svg");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_NE(r.text.find("0 of 12 shards to measure"), std::string::npos) << r.text;
  // A shard's result file that lost a row is refused by the merge, not divided through.
  const std::string shard = dir + "jobs.shards/shards/point3.4-4.json";
  nlohmann::json damaged = nlohmann::json::parse(std::ifstream(shard));
  ASSERT_EQ(damaged.at("result").at("rows").size(), 1u);
  damaged["result"]["rows"] = nlohmann::json::array();
  std::ofstream(shard) << damaged.dump();
  r = run("--merge " + dir + "jobs.shards");
  EXPECT_NE(r.code, 0) << r.text;
  EXPECT_NE(r.text.find("shard point3.4-4 holds 0 rows for its 1 poses"), std::string::npos) << r.text;
  r = run("--merge " + dir + "jobs.shards --poses 3");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.text.find("comes from the folder's plan"), std::string::npos) << r.text;
  std::filesystem::remove_all(dir);
}
