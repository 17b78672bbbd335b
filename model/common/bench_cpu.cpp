#include "cc/bench_cpu.h"

#include <sched.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace cc {

std::string pinBenchCpu() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return std::string("cpu not pinned: ") + std::strerror(errno);
  int cpu = -1;
  if (const char* env = std::getenv("CC_BENCH_CPU"); env && *env) {
    char* end = nullptr;
    const long v = std::strtol(env, &end, 10);
    if (*end != '\0' || v < 0 || v >= CPU_SETSIZE || !CPU_ISSET(static_cast<int>(v), &allowed))
      throw std::invalid_argument(std::string("CC_BENCH_CPU=") + env + " is not a CPU this process may run on");
    cpu = static_cast<int>(v);
  } else {
    for (int c = 0; c < CPU_SETSIZE && cpu < 0; ++c)
      if (CPU_ISSET(c, &allowed)) cpu = c;
  }
  if (cpu < 0) return "cpu not pinned: no CPU allowed";
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (sched_setaffinity(0, sizeof one, &one) != 0) return std::string("cpu not pinned: ") + std::strerror(errno);
  return "cpu " + std::to_string(cpu) + " (pinned; CC_BENCH_CPU chooses another)";
}

void pinBenchCpuOrExit(const char* tool) {
  try {
    std::printf("%s: %s\n", tool, pinBenchCpu().c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", tool, e.what());
    std::exit(2);
  }
}

}  // namespace cc
