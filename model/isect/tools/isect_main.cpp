// isect: run one intersection algorithm over a file of cases, one case per line.
//   isect --list
//   isect --test tritri --algo moller_f64 --in cases.txt --out results.txt
//   isect --report [--cases N] [--seed S]   accuracy vs exact arithmetic (docs table)
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <iostream>
#include <sstream>
#include <string>

#include "cc/atomic_output.h"
#include "cc/input_limits.h"
#include "cc/command_line.h"
#include "cc/interrupt.h"
#include "cc/isect/registry.h"
#include "cc/isect/report.h"

namespace po = boost::program_options;
using cc::isect::Algo;

namespace {

// The report keeps every case of every family in memory (about 1.5 KB per case): more
// than this many cases per family is refused rather than run out of memory.
constexpr int kMaxReportCases = 200000;

// Parses one line into exactly n finite numbers; returns an error text or "". strtod, not
// stod: a subnormal such as 1e-310 is a valid number (stod calls its underflow an error);
// only garbage, NaN and infinities (1e400 included) are refused.
std::string parseLine(const std::string& line, int n, std::vector<double>& out) {
  out.clear();
  std::istringstream ss(line);
  std::string tok;
  while (ss >> tok) {
    char* end = nullptr;
    const double v = std::strtod(tok.c_str(), &end);
    if (end != tok.c_str() + tok.size()) return "not a number: '" + tok + "'";
    if (!std::isfinite(v)) return "non-finite value: '" + tok + "'";
    out.push_back(v);
  }
  if (static_cast<int>(out.size()) != n) {
    return "expected " + std::to_string(n) + " numbers, got " + std::to_string(out.size());
  }
  return "";
}

// A triangle pair's 18 coordinates scaled by a power of two so the largest magnitude lies in
// [1, 2): exact, so an exact answer does not change, and the f64 and f32 tests' products stay
// in their format's normal range (at 1e-160 or 1e160 they underflow or overflow and give
// false hits). Only tritri cases: every number of them is a coordinate.
void scaleToUnit(std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, std::fabs(x));
  if (m == 0) return;
  int e;
  std::frexp(m, &e);
  for (double& x : v) x = std::ldexp(x, 1 - e);
}

int runFile(const Algo& algo, const std::string& inPath, const std::string& outPath, const cc::isect::Params& p) {
  std::error_code ec;
  if (std::filesystem::is_directory(inPath, ec)) {
    std::cerr << "isect: --in '" << inPath << "' is a folder, not a file of cases\n";
    return 2;
  }
  std::ifstream in(inPath);
  if (!in) {
    std::cerr << "isect: cannot open input file '" << inPath << "'\n";
    return 2;
  }
  std::unique_ptr<cc::AtomicOutput> outFile;
  std::ostream* out = &std::cout;
  if (outPath != "-") {
    try {
      cc::checkOutputPaths({{"--in", inPath}}, {{"--out", outPath}});
      outFile = std::make_unique<cc::AtomicOutput>(outPath, "--out");
    } catch (const std::exception& e) {
      std::cerr << "isect: " << e.what() << "\n";
      return 2;
    }
    out = &outFile->stream();
  }
  out->precision(17);
  std::string line;
  std::vector<double> nums;
  for (long lineNo = 1; cc::readTextLine(in, line, "--in", lineNo); ++lineNo) {
    if (cc::interrupted()) {
      std::cerr << "isect: interrupted at line " << lineNo << "; no output written\n";
      return cc::interruptExitCode();
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) {
      std::cerr << "isect: " << inPath << ":" << lineNo << ": empty line\n";
      return 3;
    }
    const std::string err = parseLine(line, algo.inputs, nums);
    if (!err.empty()) {
      std::cerr << "isect: " << inPath << ":" << lineNo << ": " << err << "\n";
      return 3;
    }
    if (algo.validate) {
      if (const char* bad = algo.validate(nums.data())) {
        std::cerr << "isect: " << inPath << ":" << lineNo << ": " << bad << "\n";
        return 3;
      }
    }
    if (algo.test == "tritri") scaleToUnit(nums);
    const cc::isect::Outcome o = algo.run(nums.data(), p);
    *out << (o.hit ? 1 : 0);
    for (double x : o.extra) *out << ' ' << x;
    *out << '\n';
  }
  if (in.bad()) {
    std::cerr << "isect: read error on '" << inPath << "'\n";
    return 2;
  }
  try {
    if (outFile) outFile->commit();
    else cc::checkStandardOutput();
  } catch (const std::exception& e) {
    std::cerr << "isect: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace

// Everything written to the standard output reached it (a full disk, /dev/full, is an error).
bool stdoutWritten() {
  try {
    cc::checkStandardOutput();
    return true;
  } catch (const std::exception& e) {
    std::cerr << "isect: " << e.what() << "\n";
    return false;
  }
}

int main(int argc, char** argv) {
  po::options_description desc("isect options");
  desc.add_options()("help,h", "this help")("list", "print 'TEST ALGO' for every algorithm")(
      "test", po::value<std::string>(), "test name (tritri, segtri, ...)")(
      "algo", po::value<std::string>(), "algorithm name (see --list)")(
      "in", po::value<std::string>(), "input file, one case per line")(
      "out", po::value<std::string>()->default_value("-"), "output file ('-' = stdout)")(
      "eps", po::value<double>()->default_value(0.0), "epsilon / ERIT EPS threshold")(
      "zero", po::value<double>()->default_value(0.0), "ERIT ZERO threshold (divisions)")(
      "report", "accuracy report against exact arithmetic (markdown)")(
      "cases", po::value<int>()->default_value(20000), ("cases per family for --report (1 to " + std::to_string(kMaxReportCases) + ")").c_str())(
      "seed", po::value<std::string>()->default_value("1"), "seed for --report (0 to 4294967295)");
  cc::installInterruptHandlers();
  po::variables_map vm;
  try {
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "isect: " << e.what() << "\n" << desc;
    return 1;
  }
  if (vm.count("help")) {
    std::cout << desc;
    return 0;
  }
  if (vm.count("list")) {
    for (const Algo& a : cc::isect::algorithms()) std::cout << a.test << ' ' << a.name << '\n';
    return stdoutWritten() ? 0 : 1;
  }
  if (vm.count("report")) {
    const int n = vm["cases"].as<int>();
    if (n <= 0 || n > kMaxReportCases) {
      std::cerr << "isect: --cases must be between 1 and " << kMaxReportCases << " (the report holds every case in memory)\n";
      return 1;
    }
    try {
      const std::string seed = vm["seed"].as<std::string>();
      const bool digits = !seed.empty() && seed.size() <= 10 && seed.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || std::stoull(seed) > 0xFFFFFFFFull) {
        std::cerr << "isect: --seed '" << seed << "' is not an integer in 0 .. 4294967295\n";
        return 1;
      }
      cc::isect::writeAccuracyReport(std::cout, n, static_cast<unsigned>(std::stoull(seed)));
    } catch (const std::exception& e) {  // e.g. out of memory: an error, not an abort
      std::cerr << "isect: --report failed: " << e.what() << "\n";
      return 1;
    }
    return stdoutWritten() ? 0 : 1;
  }
  if (!vm.count("test") || !vm.count("algo") || !vm.count("in")) {
    std::cerr << "isect: need --test, --algo and --in (or --list / --report)\n" << desc;
    return 1;
  }
  const std::string test = vm["test"].as<std::string>(), name = vm["algo"].as<std::string>();
  const Algo* algo = cc::isect::findAlgo(test, name);
  if (!algo) {
    bool knownTest = false;
    for (const Algo& a : cc::isect::algorithms()) knownTest = knownTest || a.test == test;
    if (!knownTest) std::cerr << "isect: unknown test '" << test << "' (see --list)\n";
    else std::cerr << "isect: unknown algorithm '" << name << "' for test '" << test << "' (see --list)\n";
    return 1;
  }
  cc::isect::Params p;
  p.eps = vm["eps"].as<double>();
  p.zero = vm["zero"].as<double>();
  if (!(p.eps >= 0) || !(p.zero >= 0) || !std::isfinite(p.eps) || !std::isfinite(p.zero)) {
    std::cerr << "isect: --eps and --zero must be finite and >= 0\n";
    return 1;
  }
  try {
    return runFile(*algo, vm["in"].as<std::string>(), vm["out"].as<std::string>(), p);
  } catch (const std::exception& e) {  // an input that is not a case file, out of memory: an error, not an abort
    std::cerr << "isect: " << e.what() << "\n";
    return 1;
  }
}
