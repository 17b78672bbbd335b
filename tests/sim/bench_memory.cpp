// bench_memory: measured node-pair read performance of the RTL SDRAM interface
// (rtl/cc_sdram_ctrl.v, paper timing) on the checked device model. Prints
//   latency_cycles: N          request accepted -> last beat handed over, idle controller
//   cycles_per_pair_random: X  back-to-back reads of random node pairs, in order
//   cycles_per_pair_query: X   the node-pair fetches of real queries (golden model, in
//                              program order) streamed back to back
// and a few informative lines. Paper (§5): 16 cycles per random pair read, 10 per pair
// with bank interleaving; the data-bus limit is 8 (8 beats of 32 bytes). The controller
// refreshes (the RTL's defaults: DDR-266, tREFI 7.8 us at 65 MHz); the same lines with
// the suffix _norefresh come from a Verilation without refresh (what refresh costs).
#include <cstdio>
#include <filesystem>
#include <random>

#include "Vcc_sdram_ctrl.h"
#include "Vcc_sdram_ctrl_norefresh.h"
#include "cc/command_line.h"
#include "cc/driver.h"
#include "cc/golden_device.h"
#include "cc/mesh.h"
#include "cc_sdram_harness.h"

using cc::BoardMemory;
using cc::ChipConfig;
using cc::sim::MemRequest;
using cc::sim::SdramRtlHarness;

namespace {

constexpr uint32_t kSeed = 20030101;
constexpr uint32_t kRegion = 256u << 20;  // node pairs drawn from 256 MiB

// The configuration the Verilated controllers are built with (the RTL's defaults).
ChipConfig rtlConfig(bool refresh) {
  ChipConfig c;
  c.sdram_refresh = refresh ? 1 : 0;
  return c;
}

// Mean and maximum over `n` isolated random pair reads (random memory phase).
template <class Top>
std::pair<double, uint64_t> latency(std::mt19937& rng, int n, bool refresh) {
  BoardMemory mem;
  SdramRtlHarness<Top> h(rtlConfig(refresh), mem);
  uint64_t worst = 0;
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
    worst = std::max(worst, h.responses().back().cycle - accepted);
    h.responses().clear();
    for (uint32_t k = rng() % 1024; k > 0; --k) h.step();  // requests land anywhere in tREFI
  }
  return {static_cast<double>(sum) / n, worst};
}

// Cycles per pair for a stream of `n` pair reads at the given addresses, consumer always ready.
template <class Top>
double stream(const std::vector<uint32_t>& addrs, bool refresh) {
  BoardMemory mem;
  SdramRtlHarness<Top> h(rtlConfig(refresh), mem);
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

// The golden chip's node-pair fetches, in program order.
class FetchRecorder : public cc::golden::Observer {
 public:
  void onFetch(Fetch kind, uint32_t addr) override {
    if (kind != Fetch::TriangleRecord) pairs.push_back(addr);
  }
  std::vector<uint32_t> pairs;
};

// The node-pair address stream of a sweep of queries: A tumbling about (1,1,1) at 8
// angles, 0.5 apart along x (the demo's set-up). Real meshes when extracted (make
// meshes), else procedural tori. Returns at most `limit` fetches.
std::vector<uint32_t> queryStream(size_t limit, std::string& what) {
  const std::string dir = CC_MESH_DIR;
  cc::Mesh ma, mb;
  if (std::filesystem::exists(dir + "/bunny00.off") && std::filesystem::exists(dir + "/armadillo.off")) {
    ma = cc::loadMesh(dir + "/bunny00.off");
    mb = cc::loadMesh(dir + "/armadillo.off");
    what = "bunny00 vs armadillo";
  } else {
    ma = cc::makeTorus(1.0f, 0.3f, 128, 64);
    mb = cc::makeTorus(1.0f, 0.3f, 128, 64);
    what = "torus vs torus (procedural; run make meshes for bunny00 vs armadillo)";
  }
  cc::normalizeMesh(ma);
  cc::normalizeMesh(mb);
  const auto& dirs = cc::zachmannDirections();
  const cc::DopTree ta = cc::buildTree(ma, dirs, cc::SplitRule::Median);
  const cc::DopTree tb = cc::buildTree(mb, dirs, cc::SplitRule::Median);
  cc::GoldenDevice dev{ChipConfig{}};
  FetchRecorder fetches;
  dev.chip().setObserver(&fetches);
  cc::Driver drv(dev);
  const cc::BoardObject a = drv.upload(ta, ma), b = drv.upload(tb, mb);
  for (int i = 0; i < 8 && fetches.pairs.size() < limit; ++i) {
    drv.query(a, b, cc::poseFromAxisAngle({1, 1, 1}, 45.0 * i, {0.5, 0, 0}), cc::QueryMode::All);
  }
  if (fetches.pairs.size() > limit) fetches.pairs.resize(limit);
  return fetches.pairs;
}

// `bench_memory --timeline N ADDR...`: the pins and the response port, cycle by cycle,
// for reads of the given pair addresses (hex) issued back to back (docs/memory_system.md).
void timeline(int cycles, const std::vector<uint32_t>& addrs) {
  BoardMemory mem;
  SdramRtlHarness<Vcc_sdram_ctrl> h(rtlConfig(true), mem);
  for (uint32_t a : addrs) {
    MemRequest r;
    r.addr = a;
    h.push(r);
  }
  const char* names[] = {"-", "ACT", "RD", "WR", "PRE", "REF", "MODE"};
  std::printf("cycle  accepted  cmd  bank  DQ(read beat)  rsp(beat)\n");
  size_t rsp_seen = 0;
  int dq_beat = 0, rsp_beat = 0;
  for (int c = 0; c < cycles; ++c) {
    const auto& top = h.top();
    const unsigned cmd = top.sd_cmd_o, bank = top.sd_bank_o;
    const bool edge = c % 2 == 0;
    const bool acc = h.step();
    const bool dq = h.top().sd_rvalid_i;
    const bool rsp = h.responses().size() > rsp_seen;
    rsp_seen = h.responses().size();
    std::printf("%5d  %8s  %3s  %4s  %13s  %9s\n", c, acc ? "yes" : "", edge && cmd ? names[cmd] : "",
                edge && cmd ? std::to_string(bank).c_str() : "", dq ? std::to_string(dq_beat++ % 8).c_str() : "",
                rsp ? std::to_string(rsp_beat++ % 8).c_str() : "");
  }
}

}  // namespace

int main(int argc, char** argv) {
  constexpr const char* kUsage = "usage: bench_memory            the SDRAM interface's latency and bandwidth\n"
                                 "       bench_memory --timeline N ADDR...   N requests' timeline (hex addresses)";
  if (argc > 1 && std::string(argv[1]) == "--timeline" && argc < 3) {
    std::fprintf(stderr, "--timeline needs a request count\n%s\n", kUsage);
    return 2;
  }
  if (argc > 1 && std::string(argv[1]) != "--timeline") cc::positionalArgs(argc, argv, kUsage, 0);
  if (argc > 2 && std::string(argv[1]) == "--timeline") {
    std::vector<uint32_t> addrs;
    for (int i = 3; i < argc; ++i) addrs.push_back(static_cast<uint32_t>(std::stoul(argv[i], nullptr, 16)));
    timeline(std::stoi(argv[2]), addrs);
    return 0;
  }
  try {
    std::mt19937 rng(kSeed);
    const ChipConfig cfg = rtlConfig(true);
    std::printf("config: %s, tRP-tRCD-CL %u-%u-%u memory cycles, %u banks, %u-bit bus, bursts of %u, "
                "tREFI %u tRFC %u memory cycles, seed %u\n",
                cfg.name.c_str(), cfg.t_rp, cfg.t_rcd, cfg.t_cl, cfg.sdram_banks, cfg.sdram_bus_bits, cfg.sdram_burst,
                cfg.t_refi, cfg.t_rfc, kSeed);
    std::mt19937 rng_off(kSeed);
    const auto lat = latency<Vcc_sdram_ctrl>(rng, 2000, true);
    const auto lat_off = latency<Vcc_sdram_ctrl_norefresh>(rng_off, 2000, false);
    std::printf("latency_cycles: %.0f\n", lat.first);
    std::printf("latency_mean_cycles: %.2f (ACTIVATE to last beat on the SDRAM pins: %u)\n", lat.first,
                2 * (cfg.t_rcd + cfg.t_cl) + cfg.sdram_burst);
    std::printf("latency_max_cycles: %llu\n", static_cast<unsigned long long>(lat.second));
    std::printf("latency_mean_cycles_norefresh: %.2f\n", lat_off.first);
    std::printf("latency_max_cycles_norefresh: %llu\n", static_cast<unsigned long long>(lat_off.second));
    std::vector<uint32_t> rnd(20000), seq(20000);
    for (size_t i = 0; i < rnd.size(); ++i) {
      rnd[i] = rng() % kRegion;
      seq[i] = static_cast<uint32_t>(i) * 256u;
    }
    std::printf("cycles_per_pair_random: %.2f\n", stream<Vcc_sdram_ctrl>(rnd, true));
    std::printf("cycles_per_pair_random_norefresh: %.2f\n", stream<Vcc_sdram_ctrl_norefresh>(rnd, false));
    std::printf("cycles_per_pair_sequential: %.2f\n", stream<Vcc_sdram_ctrl>(seq, true));
    std::printf("cycles_per_pair_sequential_norefresh: %.2f\n", stream<Vcc_sdram_ctrl_norefresh>(seq, false));
    std::string what;
    const std::vector<uint32_t> q = queryStream(200000, what);
    std::printf("query stream: %s, %zu node-pair fetches\n", what.c_str(), q.size());
    std::printf("cycles_per_pair_query: %.2f\n", stream<Vcc_sdram_ctrl>(q, true));
    std::printf("cycles_per_pair_query_norefresh: %.2f\n", stream<Vcc_sdram_ctrl_norefresh>(q, false));
    std::printf("cycles_per_pair_bus_limit: %u\n", cfg.sdram_burst);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_memory: %s\n", e.what());
    return 1;
  }
  return 0;
}
