// The simulator-independent test vectors (tests/vectors/*.vec, docs/vectors.md) replayed
// on the golden model, the TLM model and the RTL chip: every register read and memory
// dump as recorded, and the cycle counts the TLM and the RTL read identical. The
// committed vectors must also be what cc_vectors records now.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cc/driver.h"
#include "cc/vectors.h"
#include "../test_util.h"

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> vectorFiles() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(CC_VECTOR_DIR))
    if (e.path().extension() == ".vec") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(Vectors, ReplayOnEveryBackend) {
  const auto files = vectorFiles();
  ASSERT_GE(files.size(), 4u) << "no vectors in " << CC_VECTOR_DIR;
  for (const auto& f : files) {
    std::ifstream in(f);
    const cc::Vector v = cc::readVector(in, f.string());
    std::map<std::string, std::vector<uint32_t>> timed;
    const cc::ChipConfig cfg = cc::namedConfig(v.config);
    for (const std::string backend : {"golden", "tlm", "rtl"}) {
      auto dev = cc::makeDevice(backend, cfg);
      const cc::ReplayResult r = cc::replayVector(*dev, v.steps);
      EXPECT_TRUE(r.mismatches.empty()) << f.filename() << " on " << backend << ": " << r.mismatches.size()
                                        << " mismatches, the first: " << r.mismatches.front();
      timed[backend] = r.timed;
    }
    EXPECT_EQ(timed["tlm"], timed["rtl"]) << f.filename() << ": cycle counts of the TLM and the RTL";
    EXPECT_FALSE(timed["rtl"].empty()) << f.filename();
  }
}

// Replaying every committed vector on the TLM model: a vector whose chip the TLM does not
// model (or a configuration nobody knows) is named with its configuration on stderr, the
// other files are still replayed, and the exit status is 2. A vector of an unknown
// configuration goes first, so a file is always left out whatever the TLM models.
TEST(Vectors, TlmReplayNamesTheConfigurationsItCannotRunAndGoesOn) {
  const fs::path dir = cc::testutil::testTempDir();
  fs::create_directories(dir);
  const fs::path unknown = dir / "unknown_chip.vec";
  std::string text = cc::testutil::slurp((fs::path(CC_VECTOR_DIR) / "queries.vec").string());
  const size_t at = text.find("config paper\n");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 12, "config no_such_chip");
  std::ofstream(unknown) << text;
  std::string cmd = std::string(CC_VECTORS_BIN) + " --backend tlm --replay " + unknown.string();
  for (const auto& f : vectorFiles()) cmd += " " + f.string();
  cmd += " > " + (dir / "out.txt").string() + " 2> " + (dir / "err.txt").string();
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << cmd;
  EXPECT_EQ(WEXITSTATUS(status), 2) << cmd;
  const std::string out = cc::testutil::slurp((dir / "out.txt").string()), err = cc::testutil::slurp((dir / "err.txt").string());
  EXPECT_NE(err.find(unknown.string() + " (configuration no_such_chip): not replayed on tlm: "), std::string::npos) << err;
  for (const auto& f : vectorFiles()) {
    std::ifstream in(f);
    const std::string config = cc::readVector(in, f.string()).config;
    const bool modelled = cc::testutil::errorOf([&] { cc::makeDevice("tlm", cc::namedConfig(config)); }).empty();
    if (modelled) {
      const size_t line = out.find(f.string() + " on tlm (" + config + "): ");
      ASSERT_NE(line, std::string::npos) << f.filename() << " not replayed:\n" << err;
      EXPECT_NE(out.substr(line, out.find('\n', line) - line).find(" steps, 0 mismatches"), std::string::npos) << out;
    } else {
      EXPECT_NE(err.find(f.string() + " (configuration " + config + "): not replayed on tlm: "), std::string::npos) << err;
    }
  }
}

TEST(Vectors, CommittedVectorsAreCurrent) {
  // Re-recorded on the golden model, the vectors must come out byte for byte as committed:
  // a change of the driver's accesses or of the golden model's answers shows up here, and
  // `cc_vectors --record tests/vectors` brings them up to date (then read the diff).
  const fs::path dir = cc::testutil::testTempDir();
  fs::create_directories(dir);
  const std::string cmd = std::string(CC_VECTORS_BIN) + " --record " + dir.string() + " > /dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  for (const auto& f : vectorFiles()) {
    EXPECT_TRUE(cc::testutil::slurp(f.string()) == cc::testutil::slurp((dir / f.filename()).string())) << f.filename() << " differs from a new recording: run "
                                                       << "build/bin/cc_vectors --record tests/vectors and read the diff";
  }
}
