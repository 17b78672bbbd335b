// Small helpers the test files share (include as "../test_util.h").
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

namespace cc::testutil {

// The seed of one randomized test: CC_SEED if set (to replay a failure: `CC_SEED=N make
// test` or `CC_SEED=N ctest -R NAME`), otherwise random; printed first, so that ctest's
// --output-on-failure shows it with the failure. The one seed helper of the suite (the
// RTL benches and the PCI bench use it too); a test decides what it checks from the seed
// and the case it draws, never from how many of its random cases happened to do something.
inline uint64_t testSeed(const char* test) {
  uint64_t seed;
  if (const char* s = std::getenv("CC_SEED")) {
    seed = std::strtoull(s, nullptr, 10);
  } else {
    seed = (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  }
  std::printf("%s seed=%llu (replay with CC_SEED=%llu)\n", test, static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(seed));
  std::fflush(stdout);
  return seed;
}

// A directory of the running test's own, created empty on first use and the same for the
// rest of the test: <tmp>/cc_<Suite>.<Test>_<pid>. ctest runs every test in its own
// process, several at once (-j2), and other worktrees run the suite too: no two running
// tests share a file.
inline std::filesystem::path testTempDir() {
  const auto* t = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string name = t ? std::string(t->test_suite_name()) + "." + t->name() : std::string("none");
  const auto dir = std::filesystem::temp_directory_path() / ("cc_" + name + "_" + std::to_string(::getpid()));
  static std::filesystem::path made;
  if (made != dir) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    made = dir;
  }
  return dir;
}

// A whole file as text ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The message of the std::invalid_argument `f` throws ("" when it throws none).
inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace cc::testutil
