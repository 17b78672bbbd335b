// Timing sanity of the TLM model: single SDRAM reads cost what the rules say (the port
// model's schedule against the device model: tests/sim/test_sdram_timing_vs_rtl.cpp), more
// banks or faster memory never cost cycles, and DOTADD depth enters as modelled.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <algorithm>
#include <random>
#include <string>

#include "cc/driver.h"
#include "cc/sdram_timing.h"
#include "cc/timing_model.h"
#include "../test_util.h"

namespace {

using cc::ChipConfig;
using cc::tlm::SdramTiming;

}  // namespace

TEST(SdramTiming, SingleRandomPairReadCostsTheRules) {
  for (const char* name : {"paper", "modern"}) {
    const ChipConfig cfg = cc::namedConfig(name);
    SdramTiming t(cfg);
    // Accepted in chip cycle 0, decided at the next memory edge: ACTIVATE on the pins
    // from cycle 2, tRCD, READ, CL, the burst at one beat per chip cycle, each beat handed
    // over the cycle after it was on DQ. Paper §5: 16 chip cycles from the ACTIVATE to
    // the last beat for a random node-pair read.
    const cc::tlm::PortGrant g = t.request(cc::tlm::PortKind::ReadPair, 0x12300, 0);
    EXPECT_EQ(g.accept, 0u) << name;
    EXPECT_EQ(g.last_beat, 2 + 2 * (cfg.t_rcd + cfg.t_cl) + cfg.sdram_burst) << name;
    if (std::string(name) == "paper") {
      EXPECT_EQ(g.last_beat - 2, 16u);
    }
  }
}

TEST(SdramTiming, InterleavedPairsAreBusLimitedAndSameBankPaysTheRowCycle) {
  const ChipConfig cfg = cc::namedConfig("paper");
  // Consecutive node pairs fall into consecutive banks: after the first, one pair per
  // burst length (8 chip cycles) while the bus is the limit.
  SdramTiming t(cfg);
  for (uint32_t i = 0; i < 16; ++i) t.request(cc::tlm::PortKind::ReadPair, 0x10000 + 256 * i, 0);
  for (uint32_t i = 1; i < 16; ++i) {
    EXPECT_EQ(t.grant(i).last_beat - t.grant(i - 1).last_beat, cfg.sdram_burst) << "pair " << i;
  }
  // The same bank again and again: READ with auto-precharge, the row closes after the
  // burst (BL/2 memory cycles), tRP, ACTIVATE, tRCD, READ: a row cycle per pair.
  SdramTiming s(cfg);
  const uint32_t stride = 256 * cfg.sdram_banks * 64;  // same bank, next row
  for (uint32_t i = 0; i < 8; ++i) s.request(cc::tlm::PortKind::ReadPair, stride * i, 0);
  const uint64_t row_cycle = 2 * (cfg.sdram_burst / 2 + cfg.t_rp + cfg.t_rcd);
  for (uint32_t i = 1; i < 8; ++i) {
    EXPECT_EQ(s.grant(i).last_beat - s.grant(i - 1).last_beat, row_cycle) << "pair " << i;
  }
}

namespace {

struct Rig {
  cc::Mesh ma, mb;
  cc::DopTree ta, tb;
  cc::BoardMemory mem;
  cc::PoseRegisters regs;
  uint32_t ra = 0, rb = 0;
};

// A golden chip on one image, its queries timed by a TimingModel for `cfg`.
// `mode_first`: the query runs in mode first (CTRL.MODE_FIRST); `engine_waits`: quiet
// cycles while a queued engine waits (TimingModel::setEngineWaits); `dotadds_alone`: quiet
// cycles in which only DOTADDs move run alone (TimingModel::setDotaddsAlone); `requests`:
// the SDRAM requests' log (TimingModel::setRequestLog).
uint64_t timeQuery(const ChipConfig& cfg, cc::BoardMemory& mem, const std::vector<std::pair<uint32_t, uint32_t>>& regs,
                   cc::Counters* counters = nullptr, std::FILE* trace = nullptr,
                   cc::tlm::CoreCycles* breakdown = nullptr, bool mode_first = false, bool engine_waits = true,
                   bool dotadds_alone = true, std::FILE* requests = nullptr) {
  cc::golden::Chip chip(mem, cfg);
  cc::tlm::TimingModel tm(cfg, mem);
  tm.setTrace(trace);
  tm.setRequestLog(requests);
  tm.setEngineWaits(engine_waits);
  tm.setDotaddsAlone(dotadds_alone);
  chip.setObserver(&tm);
  chip.setLogAhead(cc::tlm::CoreTiming::logAheadTests(cfg));  // a queued chip's controller runs ahead of its tests
  for (const auto& [off, v] : regs) chip.write32(off, v);
  tm.beginQuery(mode_first);
  chip.write32(cc::regs::CTRL, cc::regs::CTRL_START | (mode_first ? cc::regs::CTRL_MODE_FIRST : 0u));
  const uint64_t c = tm.endQuery();
  if (counters) *counters = chip.counters();
  if (breakdown) *breakdown = tm.breakdown();
  return c;
}

// Uploads a scene through the golden device and records every register write of one
// query, so that the same query can be replayed on chips with other timing parameters.
class RecordingDevice : public cc::Device {
 public:
  explicit RecordingDevice(cc::BoardMemory& m) : mem_(m), chip_(m, ChipConfig{}) {}
  std::string name() const override { return "recording"; }
  void write32(uint32_t off, uint32_t v) override {
    if (off == cc::regs::CTRL && (v & cc::regs::CTRL_START)) return;  // recorded, not run
    writes.emplace_back(off, v);
    chip_.write32(off, v);
  }
  uint32_t read32(uint32_t off) override { return chip_.read32(off); }
  void writeMemory(uint32_t a, const void* d, size_t n) override { mem_.write(a, d, n); }
  void readMemory(uint32_t a, void* d, size_t n) override { mem_.read(a, d, n); }
  bool waitInterrupt(uint64_t) override { return true; }
  std::vector<std::pair<uint32_t, uint32_t>> writes;

 private:
  cc::BoardMemory& mem_;
  cc::golden::Chip chip_;
};

struct Query {
  cc::BoardMemory mem;
  std::vector<std::pair<uint32_t, uint32_t>> regs;
};

std::vector<Query> makeQueries(int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const cc::Mesh ma = cc::makeSphere(0.6f, 12, 16), mb = cc::makeTorus(0.6f, 0.2f, 20, 10);
  const cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  const cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
  std::vector<Query> qs(n);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-0.4, 0.4), ang(-180, 180);
  for (auto& q : qs) {
    RecordingDevice dev(q.mem);
    cc::Driver d(dev);
    const auto a = d.upload(ta, ma), b = d.upload(tb, mb);
    try {
      d.query(a, b, cc::poseFromAxisAngle({g(rng), g(rng), g(rng)}, ang(rng), {u(rng), u(rng), u(rng)}), cc::QueryMode::All);
    } catch (const cc::DriverError&) {
      // The recording device never runs the query; the driver's result check may object.
    }
    q.regs = dev.writes;
    q.regs.emplace_back(cc::regs::CTRL, 0);
  }
  return qs;
}

}  // namespace

TEST(TimingModel, MoreBanksOrFasterMemoryNeverCostCycles) {
  const uint64_t seed = cc::testutil::testSeed("TimingModel.MoreBanksOrFasterMemoryNeverCostCycles");
  auto qs = makeQueries(6, seed);
  for (const char* name : {"paper", "modern"}) {
    const ChipConfig base = cc::namedConfig(name);
    for (size_t i = 0; i < qs.size(); ++i) {
      const uint64_t c0 = timeQuery(base, qs[i].mem, qs[i].regs);
      ChipConfig banks = base;
      banks.sdram_banks *= 2;
      ChipConfig fast = base;
      fast.t_cl = fast.t_rcd = fast.t_rp = 1;
      ChipConfig slow = base;
      slow.t_cl = slow.t_rcd = slow.t_rp = 2 * base.t_cl;
      EXPECT_LE(timeQuery(banks, qs[i].mem, qs[i].regs), c0) << name << " query " << i;
      EXPECT_LE(timeQuery(fast, qs[i].mem, qs[i].regs), c0) << name << " query " << i;
      EXPECT_GE(timeQuery(slow, qs[i].mem, qs[i].regs), c0) << name << " query " << i;
    }
  }
}

TEST(TimingModel, DotaddDepthEntersAsModelled) {
  const uint64_t seed = cc::testutil::testSeed("TimingModel.DotaddDepthEntersAsModelled");
  auto qs = makeQueries(4, seed);
  for (size_t i = 0; i < qs.size(); ++i) {
    ChipConfig cfg = cc::namedConfig("paper");
    cc::Counters cnt;
    uint64_t prev = timeQuery(cfg, qs[i].mem, qs[i].regs, &cnt);
    for (uint32_t d = cfg.dotadd_stages + 1; d <= cfg.dotadd_stages + 3; ++d) {
      ChipConfig deeper = cfg;
      deeper.dotadd_stages = d;
      const uint64_t c = timeQuery(deeper, qs[i].mem, qs[i].regs);
      // One more stage delays each DOTADD chain by one cycle: the controller's transforms
      // of both tumbled nodes of a list and the pass engine's four passes of a triangle
      // test (the look-ahead engine's transforms may hide it); it never costs nothing.
      EXPECT_GT(c, prev) << "query " << i << " depth " << d;
      EXPECT_LE(c - prev, 2 * cnt.lists + 4 * cnt.triangle_tests) << "query " << i << " depth " << d;
      prev = c;
    }
  }
}

namespace {

// `on` against `off`, the same chip without a feature, on the queries: the counters must
// not change; summed over the queries, the controller waits less in `bucket` (nullptr: not
// checked) and the queries take fewer cycles. A feature that never acted would give the same numbers.
void expectSavesCycles(std::vector<Query>& qs, const ChipConfig& on, const ChipConfig& off,
                       uint64_t cc::tlm::CoreCycles::*bucket, const char* bucket_name, const std::string& label) {
  uint64_t cycles[2] = {0, 0}, wait[2] = {0, 0};
  for (auto& q : qs) {
    cc::tlm::CoreCycles b[2];
    cc::Counters cnt[2];
    cycles[0] += timeQuery(off, q.mem, q.regs, &cnt[0], nullptr, &b[0]);
    cycles[1] += timeQuery(on, q.mem, q.regs, &cnt[1], nullptr, &b[1]);
    EXPECT_EQ(cnt[0].overlap_tests, cnt[1].overlap_tests) << label;
    EXPECT_EQ(cnt[0].aligned_pairs_fetched, cnt[1].aligned_pairs_fetched) << label;
    if (bucket) {
      wait[0] += b[0].*bucket;
      wait[1] += b[1].*bucket;
    }
  }
  EXPECT_LT(cycles[1], cycles[0]) << label;
  std::printf("%s: cycles %llu -> %llu\n", label.c_str(), (unsigned long long)cycles[0], (unsigned long long)cycles[1]);
  if (!bucket) return;
  EXPECT_LT(wait[1], wait[0]) << label;
  std::printf("%s: %s %llu -> %llu\n", label.c_str(), bucket_name, (unsigned long long)wait[0],
              (unsigned long long)wait[1]);
}

// A feature of the paper and modern chips (a 0/1 field of ChipConfig, on in both) saves
// cycles (expectSavesCycles).
void expectFeatureSavesCycles(const char* test, uint32_t ChipConfig::*feature, uint64_t cc::tlm::CoreCycles::*bucket,
                              const char* bucket_name) {
  const uint64_t seed = cc::testutil::testSeed((std::string("TimingModel.") + test).c_str());
  auto qs = makeQueries(6, seed);
  for (const char* name : {"paper", "modern"}) {
    ChipConfig on = cc::namedConfig(name), off = on;
    ASSERT_EQ(on.*feature, 1u) << name;
    off.*feature = 0;
    expectSavesCycles(qs, on, off, bucket, bucket_name, name);
  }
}

// A store of `store` entries (a ChipConfig field) saves cycles on each chip of `ons`
// against the same chip without it (expectSavesCycles).
void expectStoreSavesCycles(const char* test, uint32_t ChipConfig::*store, std::initializer_list<ChipConfig> ons,
                            uint64_t cc::tlm::CoreCycles::*bucket, const char* bucket_name) {
  const uint64_t seed = cc::testutil::testSeed((std::string("TimingModel.") + test).c_str());
  auto qs = makeQueries(6, seed);
  for (const auto& on : ons) {
    ChipConfig off = on;
    off.*store = 0;
    expectSavesCycles(qs, on, off, bucket, bucket_name, on.name + ", store of " + std::to_string(on.*store));
  }
}

}  // namespace

// list_follow: the fetch unit reads the next list's words and pairs while that list is
// still being written, so its first entries wait less.
TEST(TimingModel, FollowingTheNextListShortensTheWaitForEntries) {
  expectFeatureSavesCycles("FollowingTheNextListShortensTheWaitForEntries", &ChipConfig::list_follow,
                           &cc::tlm::CoreCycles::entry_wait, "waiting for entries");
}

// resume_ahead: a pair of leaves has the look-ahead engine fetch and transform the pair
// the traversal resumes next, and the fetch unit starts on its list in S_ASCEND,
// so the controller waits less for tumbled pairs.
TEST(TimingModel, ResumingAheadShortensTheWaitForPairs) {
  expectFeatureSavesCycles("ResumingAheadShortensTheWaitForPairs", &ChipConfig::resume_ahead,
                           &cc::tlm::CoreCycles::pair_wait, "waiting for pairs");
}

// fetch_keep: the fetch unit keeps the pairs it used and takes a pair asked for again from
// there, so the controller waits less for entries; the counters stay the same. On the
// chip that has it (modern_parallel) and on the paper chip given a small store.
TEST(TimingModel, KeepingPairsShortensTheWaitForEntries) {
  ChipConfig parallel = cc::namedConfig("modern_parallel"), paper = cc::namedConfig("paper");
  ASSERT_GT(parallel.fetch_keep, 0u);
  paper.fetch_keep = 8;
  expectStoreSavesCycles("KeepingPairsShortensTheWaitForEntries", &ChipConfig::fetch_keep, {parallel, paper},
                         &cc::tlm::CoreCycles::entry_wait, "waiting for entries");
}

namespace {

// The engines' record reads (record-A, record-B, leaf-record) that reach the SDRAM in
// one query on `cfg`, counted in its request log.
uint64_t recordReadsToSdram(const ChipConfig& cfg, Query& q) {
  std::FILE* log = std::tmpfile();
  if (!log) {
    ADD_FAILURE() << "no temporary file for the request log";
    return 0;
  }
  timeQuery(cfg, q.mem, q.regs, nullptr, nullptr, nullptr, false, true, true, log);
  std::rewind(log);
  uint64_t n = 0;
  char line[128];
  while (std::fgets(line, sizeof line, log))
    if (std::strstr(line, "record")) ++n;
  std::fclose(log);
  return n;
}

}  // namespace

// rec_store: the engines' record bursts kept, and a read of one kept or on its way served
// from there, so fewer record reads reach the SDRAM and the queries take fewer cycles;
// the counters stay the same. On the chip that has it (modern_records) and with a store of
// 3 bursts. (The controller's own wait for the tests is not the measure: on these queued
// chips it hands a test to the engines and waits only when their queue is full.)
TEST(TimingModel, KeepingRecordsShortensTheTests) {
  const uint64_t seed = cc::testutil::testSeed("TimingModel.KeepingRecordsShortensTheTests");
  auto qs = makeQueries(6, seed);
  ChipConfig records = cc::namedConfig("modern_records"), small = records;
  ASSERT_GT(records.rec_store, 0u);
  small.rec_store = 3;
  for (const auto& on : {records, small}) {
    ChipConfig off = on;
    off.rec_store = 0;
    const std::string label = on.name + ", store of " + std::to_string(on.rec_store);
    expectSavesCycles(qs, on, off, nullptr, nullptr, label);
    uint64_t reads[2] = {0, 0};
    for (auto& q : qs) {
      reads[0] += recordReadsToSdram(off, q);
      reads[1] += recordReadsToSdram(on, q);
    }
    EXPECT_LT(reads[1], reads[0]) << label;
    std::printf("%s: record reads to the SDRAM %llu -> %llu\n", label.c_str(), (unsigned long long)reads[0],
                (unsigned long long)reads[1]);
  }
}

// pair_store: the tumbled-pair reads go through a store that the child pairs of each pair
// in the tumbled-pair buffer are prefetched into, so the controller waits less for
// tumbled pairs and the queries take fewer cycles; the counters stay the same. On
// modern_planes (the chip the store is modelled for) with 16 lines and with 3.
TEST(TimingModel, PairStoreShortensThePairWaits) {
  const uint64_t seed = cc::testutil::testSeed("TimingModel.PairStoreShortensThePairWaits");
  auto qs = makeQueries(6, seed);
  for (uint32_t lines : {16u, 3u}) {
    ChipConfig on = cc::namedConfig("modern_planes"), off = on;
    on.pair_store = lines;
    expectSavesCycles(qs, on, off, &cc::tlm::CoreCycles::pair_wait, "pair waits",
                      "modern_planes, pair store of " + std::to_string(lines));
  }
}

// Cycles and their breakdown of two ways to time the same query must be equal.
void expectSameCycles(const cc::tlm::CoreCycles& a, const cc::tlm::CoreCycles& b, const std::string& what) {
  EXPECT_EQ(a.pair_wait, b.pair_wait) << what;
  EXPECT_EQ(a.transform, b.transform) << what;
  EXPECT_EQ(a.entries, b.entries) << what;
  EXPECT_EQ(a.entry_wait, b.entry_wait) << what;
  EXPECT_EQ(a.triangle, b.triangle) << what;
  EXPECT_EQ(a.stack, b.stack) << what;
  EXPECT_EQ(a.other, b.other) << what;
}

TEST(TimingModel, SkippingQuietCyclesChangesNothing) {
  // With a trace every cycle is stepped; without, quiet waits are jumped over and quiet
  // cycles run light (speed only). Cycles and their breakdown must not change, also at
  // the extremes of the parameters the jumps depend on (DOTADD depth, fetch ring size)
  // and on the queued chips, whose triangle-test engines run beside the light cycles.
  const uint64_t seed = cc::testutil::testSeed("TimingModel.SkippingQuietCyclesChangesNothing");
  auto qs = makeQueries(6, seed);
  std::vector<std::pair<std::string, ChipConfig>> cfgs = {{"paper", cc::namedConfig("paper")},
                                                          {"paper_one_lane", cc::namedConfig("paper_one_lane")},
                                                          {"modern", cc::namedConfig("modern")},
                                                          {"queued", cc::namedConfig("queued")},
                                                          {"modern_queued", cc::namedConfig("modern_queued")},
                                                          {"modern_parallel", cc::namedConfig("modern_parallel")},
                                                          {"modern_records", cc::namedConfig("modern_records")}};
  {
    ChipConfig c = cc::namedConfig("queued");
    c.rec_store = 3;  // a record store of no power of two on one engine
    cfgs.emplace_back("queued rec_store 3", c);
  }
  {
    ChipConfig c = cc::namedConfig("modern");
    c.pair_store = 3;  // the pair prefetcher asks beside the quiet waits
    cfgs.emplace_back("modern pair_store 3", c);
  }
  for (uint32_t stages : {3u, 32u})
    for (uint32_t ahead : {1u, 7u}) {
      ChipConfig c = cc::namedConfig("paper");
      c.dotadd_stages = stages;
      c.fetch_ahead = ahead;
      c.fetch_keep = ahead == 7 ? 3 : 0;  // a store smaller than the ring, of no power of two
      cfgs.emplace_back("paper stages " + std::to_string(stages) + " ahead " + std::to_string(ahead) + " keep " +
                            std::to_string(c.fetch_keep),
                        c);
    }
  for (const auto& [name, cfg] : cfgs) {
    for (size_t i = 0; i < qs.size(); ++i) {
      std::FILE* trace = std::tmpfile();
      ASSERT_NE(trace, nullptr);
      cc::tlm::CoreCycles stepped_b, skipped_b;
      const uint64_t stepped = timeQuery(cfg, qs[i].mem, qs[i].regs, nullptr, trace, &stepped_b);
      std::fclose(trace);
      EXPECT_EQ(timeQuery(cfg, qs[i].mem, qs[i].regs, nullptr, nullptr, &skipped_b), stepped) << name << " query " << i;
      expectSameCycles(skipped_b, stepped_b, name + " query " + std::to_string(i));
    }
  }
}

TEST(TimingModel, QuietCyclesWhileAnEngineWaitsChangeNothing) {
  // A queued engine that waits (for an IT-unit's response, a record, a DOTADD result) lets
  // the cycles run light, S_TRI without room too, and jumps to its next event (speed
  // only). With that switched off (only a frozen engine's cycles are quiet) and with every
  // cycle stepped (trace on), cycles and breakdown must be the same: the queued chips,
  // both modes (a first hit stops the engines wherever they are), a queue of one, two
  // engines, slow IT-units and a deep DOTADD pipe.
  const uint64_t seed = cc::testutil::testSeed("TimingModel.QuietCyclesWhileAnEngineWaitsChangeNothing");
  auto qs = makeQueries(6, seed);
  std::vector<std::pair<std::string, ChipConfig>> cfgs = {{"queued", cc::namedConfig("queued")},
                                                          {"modern_queued", cc::namedConfig("modern_queued")},
                                                          {"modern_parallel", cc::namedConfig("modern_parallel")},
                                                          {"modern_records", cc::namedConfig("modern_records")}};
  ChipConfig one = cc::namedConfig("queued");
  one.tri_queue = 1;
  cfgs.emplace_back("queued tri_queue 1", one);
  ChipConfig two = cc::namedConfig("modern_parallel");
  two.tri_engines = 2;
  two.it_mul_stages = two.it_add_stages = 6;
  two.dotadd_stages = 20;
  cfgs.emplace_back("modern_parallel tri_engines 2, slow IT-units, 20 DOTADD stages", two);
  for (const auto& [name, cfg] : cfgs)
    for (bool first : {false, true})
      for (size_t i = 0; i < qs.size(); ++i) {
        const std::string what = name + (first ? " mode first" : " mode all") + " query " + std::to_string(i);
        cc::tlm::CoreCycles on_b, off_b, stepped_b;
        const uint64_t on = timeQuery(cfg, qs[i].mem, qs[i].regs, nullptr, nullptr, &on_b, first, true);
        EXPECT_EQ(timeQuery(cfg, qs[i].mem, qs[i].regs, nullptr, nullptr, &off_b, first, false), on) << what;
        expectSameCycles(on_b, off_b, what + " (engine waits off)");
        std::FILE* trace = std::tmpfile();
        ASSERT_NE(trace, nullptr);
        EXPECT_EQ(timeQuery(cfg, qs[i].mem, qs[i].regs, nullptr, trace, &stepped_b, first), on) << what;
        std::fclose(trace);
        expectSameCycles(on_b, stepped_b, what + " (stepped)");
      }
}

TEST(TimingModel, DotaddCyclesAloneChangeNothing) {
  // Quiet cycles in which only DOTADDs move (the controller's S_DOT batch, node 1 on the
  // pass unit, the look-ahead engine's transform between the triangle-test engine's issues,
  // while the controller waits) run as DOTADD cycles alone (speed only). With that switched
  // off (light cycles) and with every cycle stepped (trace on), cycles and breakdown must be
  // the same: the unqueued chips with one and two transform lanes and DOTADD depths 3 and
  // 32, the queued chips, both modes.
  const uint64_t seed = cc::testutil::testSeed("TimingModel.DotaddCyclesAloneChangeNothing");
  auto qs = makeQueries(6, seed);
  std::vector<std::pair<std::string, ChipConfig>> cfgs = {{"paper", cc::namedConfig("paper")},
                                                          {"paper_one_lane", cc::namedConfig("paper_one_lane")},
                                                          {"queued", cc::namedConfig("queued")},
                                                          {"modern_queued", cc::namedConfig("modern_queued")},
                                                          {"modern_parallel", cc::namedConfig("modern_parallel")},
                                                          {"modern_records", cc::namedConfig("modern_records")}};
  for (uint32_t stages : {3u, 32u}) {
    ChipConfig c = cc::namedConfig("paper");
    c.dotadd_stages = stages;
    cfgs.emplace_back("paper stages " + std::to_string(stages), c);
  }
  for (const auto& [name, cfg] : cfgs)
    for (bool first : {false, true})
      for (size_t i = 0; i < qs.size(); ++i) {
        const std::string what = name + (first ? " mode first" : " mode all") + " query " + std::to_string(i);
        cc::tlm::CoreCycles on_b, off_b, stepped_b;
        const uint64_t on = timeQuery(cfg, qs[i].mem, qs[i].regs, nullptr, nullptr, &on_b, first, true, true);
        EXPECT_EQ(timeQuery(cfg, qs[i].mem, qs[i].regs, nullptr, nullptr, &off_b, first, true, false), on) << what;
        expectSameCycles(on_b, off_b, what + " (DOTADD cycles alone off)");
        std::FILE* trace = std::tmpfile();
        ASSERT_NE(trace, nullptr);
        EXPECT_EQ(timeQuery(cfg, qs[i].mem, qs[i].regs, nullptr, trace, &stepped_b, first), on) << what;
        std::fclose(trace);
        expectSameCycles(on_b, stepped_b, what + " (stepped)");
      }
}

TEST(TimingModel, OneListClosedForm) {
  // The smallest query, state by state (docs/rtl_core.md): a tumbled leaf (one node of the
  // root pair) against one aligned leaf, no overlap.
  for (uint32_t depth : {3u, 6u, 9u}) {
    ChipConfig cfg = cc::namedConfig("paper");
    cfg.dotadd_stages = depth;
    cc::BoardMemory mem;
    const uint32_t leaf = cc::layout::kFlagValid | cc::layout::kFlagLeaf;
    mem.write32(0x1000 + cc::layout::kNodeFlags, leaf);
    mem.write32(0x2000 + cc::layout::kNodeFlags, leaf);
    cc::tlm::TimingModel tm(cfg, mem);
    tm.beginQuery(false);
    const uint32_t entry = 0x2001;  // the aligned leaf's pair, slot 0
    tm.onList(0x1000, 1, 0, 1, &entry);
    tm.onOverlapTest(false);
    // S_INIT, S_PAIR_BEGIN; the pair's read is offered from cycle 2 and taken at once;
    // S_PAIR_WAIT until its last beat is in; S_TNODE, the 24 DOTADDs through the pipe,
    // S_TNODE_DONE, S_TNODE (node 1 absent), S_TNODE (done); S_LIST_INIT, S_ENTRY, S_SLOT x3,
    // S_LEAFENT, S_ENTRY (list done), S_LIST_END, S_LL_CHECK x3, S_DESCEND, S_ASCEND, S_DRAIN.
    cc::tlm::SdramTiming sd(cfg);
    const uint64_t last_beat = sd.request(cc::tlm::PortKind::ReadPair, 0x1000, 2).last_beat;
    // ACTIVATE on the pins from chip cycle 4 (the memory edge after the acceptance), READ
    // tRCD later, data CL after it, eight beats, each handed to the core a cycle after DQ.
    EXPECT_EQ(last_beat, 4 + 2 * (cfg.t_rcd + cfg.t_cl) + cfg.sdram_burst - 1 + 1);
    EXPECT_EQ(tm.endQuery(), last_beat + 2 + (1 + 24 + depth + 1 + 1 + 1) + 14) << "depth " << depth;
  }
}
