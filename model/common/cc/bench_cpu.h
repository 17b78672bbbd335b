// Benchmarks compare wall times measured one after the other in one process (TLM against
// RTL, the chip's software peers pose by pose). On a shared machine one core can be slowed
// by other work while the other is not (this project's 2-core machine: one core a third
// slower than the other for minutes at a time, docs/tlm.md), and a migration from one core
// to the other between the two sides of a ratio skews it. pinBenchCpu() keeps the calling
// process on one CPU: CC_BENCH_CPU if set, else the lowest-numbered CPU it may run on.
#pragma once
#include <string>

namespace cc {

// Pins the process; returns a line for the benchmark's output ("cpu 0 (pinned)", or why
// it could not pin). Throws std::invalid_argument when CC_BENCH_CPU is not a CPU the
// process may run on.
std::string pinBenchCpu();
// The same for a tool's main(): prints "TOOL: cpu ..." on stdout, or the error on stderr
// and exits with 2.
void pinBenchCpuOrExit(const char* tool);

}  // namespace cc
