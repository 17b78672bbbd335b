// The simulator-independent test vectors (tests/vectors/*.vec, docs/vectors.md) replayed
// on the golden model, the TLM model and the RTL chip: every register read and memory
// dump as recorded, and the cycle counts the TLM and the RTL read identical. The
// committed vectors must also be what cc_vectors records now.
#include <gtest/gtest.h>

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
