// make coverage (docs/coverage.md): a Verilated context's line and toggle counts, written when
// the chip is destroyed, one file per context under CC_COVERAGE_DIR (a CC_COVERAGE=ON build
// defines it); scripts/coverage.sh merges them. Nothing in other builds.
#pragma once

#include <verilated.h>

#ifdef CC_COVERAGE_DIR
#include <unistd.h>
#include <verilated_cov.h>

#include <atomic>
#include <filesystem>
#include <string>
#endif

namespace cc::sim {

inline void writeRtlCoverage([[maybe_unused]] VerilatedContext* ctx) {
#ifdef CC_COVERAGE_DIR
  static std::atomic<unsigned> serial{0};
  std::filesystem::create_directories(CC_COVERAGE_DIR);
  const std::string file =
      std::string(CC_COVERAGE_DIR) + "/" + std::to_string(::getpid()) + "_" + std::to_string(serial++) + ".dat";
  ctx->coveragep()->write(file.c_str());
#endif
}

}  // namespace cc::sim
