// bench_memory: measured node-pair read performance of the RTL SDRAM interface
// (rtl/cc_sdram_ctrl.v, paper timing) on the checked device model. Prints
//   latency_cycles: N          request accepted -> last beat handed over, idle controller
//   cycles_per_pair_random: X  back-to-back reads of random node pairs, in order
// and a few informative lines. Paper (§5): 16 cycles per random pair read, 10 per pair
// with bank interleaving; the data-bus limit is 8 (8 beats of 32 bytes).
#include <cstdio>
#include <random>

#include "Vcc_sdram_ctrl.h"
#include "cc_sdram_harness.h"

using cc::BoardMemory;
using cc::ChipConfig;
using cc::sim::MemRequest;
using cc::sim::SdramRtlHarness;

namespace {

constexpr uint32_t kSeed = 20030101;
constexpr uint32_t kRegion = 256u << 20;  // node pairs drawn from 256 MiB

// Mean over `n` isolated random pair reads (random memory phase).
double latency(std::mt19937& rng, int n) {
  BoardMemory mem;
  SdramRtlHarness<Vcc_sdram_ctrl> h(ChipConfig{}, mem);
  uint64_t sum = 0;
  for (int i = 0; i < n; ++i) {
    for (uint32_t k = rng() % 2; k > 0; --k) h.step();
    MemRequest r;
    r.addr = rng() % kRegion;
    h.push(r);
    uint64_t accepted = 0;
    while (h.pendingRequests() > 0) {
      if (h.step()) accepted = h.cycle() - 1;
    }
    h.drain();
    sum += h.responses().back().cycle - accepted;
    h.responses().clear();
  }
  return static_cast<double>(sum) / n;
}

// Cycles per pair for a stream of `n` pair reads at the given addresses, consumer always ready.
double stream(const std::vector<uint32_t>& addrs) {
  BoardMemory mem;
  SdramRtlHarness<Vcc_sdram_ctrl> h(ChipConfig{}, mem);
  for (uint32_t a : addrs) {
    MemRequest r;
    r.addr = a;
    h.push(r);
  }
  uint64_t first = 0;
  bool started = false;
  while (h.pendingRequests() > 0) {
    if (h.step() && !started) first = h.cycle() - 1, started = true;
  }
  h.drain();
  return static_cast<double>(h.responses().back().cycle + 1 - first) / static_cast<double>(addrs.size());
}

}  // namespace

int main() {
  try {
    std::mt19937 rng(kSeed);
    const ChipConfig cfg;
    std::printf("config: %s, tRP-tRCD-CL %u-%u-%u memory cycles, %u banks, %u-bit bus, bursts of %u, seed %u\n",
                cfg.name.c_str(), cfg.t_rp, cfg.t_rcd, cfg.t_cl, cfg.sdram_banks, cfg.sdram_bus_bits, cfg.sdram_burst,
                kSeed);
    const double lat = latency(rng, 200);
    std::printf("latency_cycles: %.0f\n", lat);
    std::printf("latency_mean_cycles: %.2f (ACTIVATE to last beat on the SDRAM pins: %u)\n", lat,
                2 * (cfg.t_rcd + cfg.t_cl) + cfg.sdram_burst);
    std::vector<uint32_t> rnd(20000), seq(20000);
    for (size_t i = 0; i < rnd.size(); ++i) {
      rnd[i] = rng() % kRegion;
      seq[i] = static_cast<uint32_t>(i) * 256u;
    }
    std::printf("cycles_per_pair_random: %.2f\n", stream(rnd));
    std::printf("cycles_per_pair_sequential: %.2f\n", stream(seq));
    std::printf("cycles_per_pair_bus_limit: %u\n", cfg.sdram_burst);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_memory: %s\n", e.what());
    return 1;
  }
  return 0;
}
