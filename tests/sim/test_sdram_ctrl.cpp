// The Verilated SDRAM controller (rtl/cc_sdram_ctrl.v) against the C++ device model: every
// response beat is checked word for word against a shadow copy of the memory, the device
// checks every SDRAM timing rule on every cycle, and the RTL assertions run (--assert).
// Built twice: test_sdram_ctrl (short, make test) and soak_sdram_ctrl (CC_SDRAM_SOAK,
// millions of cycles, ctest label soak).
#include <gtest/gtest.h>

#include <random>

#include "Vcc_sdram_ctrl.h"
#include "Vcc_sdram_ctrl_modern.h"
#include "Vcc_sdram_ctrl_slow.h"
#include "cc_sdram_harness.h"
#include "sdram_slow_config.h"

namespace cc::sim {
namespace {


// cc_sdram_rtl_modern: configs/modern.cfg's timing, refresh included (tests/sim/CMakeLists.txt).
[[maybe_unused]] ChipConfig modernSdramConfig() {  // unused in the soak build
  return namedConfig("modern");
}

std::array<uint8_t, 32> randomBeat(std::mt19937& rng) {
  std::array<uint8_t, 32> b;
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

// Drives random traffic through a harness and checks responses in order.
template <class Top>
class Traffic {
 public:
  struct Mix {
    int read_pair = 70, read_record = 10, write = 20;  // percent
    uint32_t region_bytes = 1u << 26;  // a quarter of the addresses from [0, region)
    uint32_t hot_bytes = 1u << 20;     // the rest from [0, hot) (initialised, dense reuse)
    int gap_percent = 10;              // cycles with no request offered
    int stall_percent = 10;            // cycles the consumer is not ready
  };

  Traffic(const ChipConfig& cfg, uint32_t seed) : rng_(seed), h_(cfg, mem_) {
    // Random initial image so reads of unwritten memory are not all zero.
    for (uint32_t a = 0; a < (1u << 20); a += 4) shadowAndMem(a, rng_());
  }

  // Issues `n` random requests, checking responses as they come; returns cycles used.
  uint64_t run(uint64_t n, const Mix& mix) {
    const uint64_t start = h_.cycle();
    uint64_t issued = 0;
    while (issued < n || !h_.idle() || !h_.device().quiet()) {
      if (issued < n && h_.pendingRequests() == 0) {
        h_.push(make(mix));
        ++issued;
      }
      h_.setRequestValid(static_cast<int>(rng_() % 100) >= mix.gap_percent);
      h_.setResponseReady(static_cast<int>(rng_() % 100) >= mix.stall_percent);
      h_.step();
      checkResponses();
      if (::testing::Test::HasFatalFailure()) return h_.cycle() - start;  // first mismatch ends the run
      if (h_.cycle() - start > 200 * (n + 10)) throw std::runtime_error("traffic: no progress");
    }
    EXPECT_TRUE(expected_.empty()) << expected_.size() << " response beats never came";
    return h_.cycle() - start;
  }

  SdramRtlHarness<Top>& harness() { return h_; }
  uint64_t beatsChecked() const { return checked_; }

 private:
  struct Expect {
    std::array<uint8_t, 32> data;
    bool last;
  };

  void shadowAndMem(uint32_t a, uint32_t v) {
    mem_.write32(a, v);
    shadow_.write32(a, v);
  }

  uint32_t addrIn(const Mix& mix) {
    return (rng_() % 4 == 0) ? rng_() % mix.region_bytes : rng_() % mix.hot_bytes;
  }

  MemRequest make(const Mix& mix) {
    MemRequest r;
    const int k = static_cast<int>(rng_() % 100);
    r.addr = addrIn(mix);
    if (k < mix.read_pair) {
      r.kind = MemRequest::kReadPair;
      expectRead(r.addr & ~255u, 8);
    } else if (k < mix.read_pair + mix.read_record) {
      r.kind = MemRequest::kReadRecord;
      expectRead(r.addr & ~127u, 4);
    } else {
      r.kind = MemRequest::kWriteBeat;
      r.wdata = randomBeat(rng_);
      r.wstrb = rng_() % 3 == 0 ? 0xFFFFFFFFu : static_cast<uint32_t>(rng_());
      const uint32_t base = r.addr & ~31u;
      for (uint32_t i = 0; i < 32; ++i)
        if ((r.wstrb >> i) & 1u) shadow_.write(base + i, &r.wdata[i], 1);
    }
    return r;
  }

  // Requests are served in order, so the shadow at issue time is what must come back.
  void expectRead(uint32_t base, int beats) {
    for (int i = 0; i < beats; ++i) {
      Expect e;
      shadow_.read(base + 32u * static_cast<uint32_t>(i), e.data.data(), 32);
      e.last = i == beats - 1;
      expected_.push_back(e);
    }
  }

  void checkResponses() {
    auto& rs = h_.responses();
    while (!rs.empty()) {
      ASSERT_FALSE(expected_.empty()) << "unexpected response beat at cycle " << rs.front().cycle;
      const Expect& e = expected_.front();
      for (int w = 0; w < 8; ++w) {
        uint32_t got, want;
        std::memcpy(&got, rs.front().data.data() + 4 * w, 4);
        std::memcpy(&want, e.data.data() + 4 * w, 4);
        ASSERT_EQ(got, want) << "response beat " << checked_ << " word " << w << " at cycle " << rs.front().cycle;
      }
      ASSERT_EQ(rs.front().last, e.last) << "rsp_last_o of beat " << checked_;
      expected_.pop_front();
      rs.pop_front();
      ++checked_;
    }
  }

  std::mt19937 rng_;
  BoardMemory mem_;
  BoardMemory shadow_;
  SdramRtlHarness<Top> h_;
  std::deque<Expect> expected_;
  uint64_t checked_ = 0;
};

template <class Top>
void randomTraffic(const ChipConfig& cfg, uint32_t seed, uint64_t requests, typename Traffic<Top>::Mix mix) {
  std::cout << "seed " << seed << ", " << requests << " requests\n";
  SCOPED_TRACE("seed " + std::to_string(seed));
  Traffic<Top> t(cfg, seed);
  const uint64_t cycles = t.run(requests, mix);
  const auto& st = t.harness().device().stats();
  std::cout << cycles << " cycles, " << t.beatsChecked() << " beats checked, " << st.reads << " READ, " << st.writes
            << " WRITE, " << st.activates << " ACTIVATE\n";
  EXPECT_GT(t.beatsChecked(), requests * 4);
  EXPECT_EQ(st.activates, st.reads + st.writes);  // closed page: one ACTIVATE per burst
  // The device checked the refresh schedule; it also really happened (two REFRESHes of the
  // initialization, then one per tREFI, at most refresh_postpone behind).
  if (cfg.sdram_refresh) {
    const uint64_t intervals = (t.harness().cycle() / 2) / cfg.t_refi;
    std::cout << st.refreshes << " REFRESH in " << intervals << " intervals of tREFI\n";
    EXPECT_GE(st.refreshes + cfg.refresh_postpone, 2 + intervals);
  }
}

#ifndef CC_SDRAM_SOAK

// ------------------------------------------------------------------------ directed

TEST(SdramCtrl, SinglePairReadDataAndLatency) {
  BoardMemory mem;
  std::vector<uint8_t> img(256);
  for (uint32_t i = 0; i < 256; ++i) img[i] = static_cast<uint8_t>(i * 3 + 1);
  mem.write(0x00123400, img.data(), img.size());
  SdramRtlHarness<Vcc_sdram_ctrl> h(rtlDefaultSdramConfig(), mem);
  MemRequest r;
  r.addr = 0x00123400 | 0x3;  // list-entry mask bits are ignored
  h.push(r);
  uint64_t t0 = 0;
  bool seen = false;
  while (!seen) seen = h.step(), t0 = h.cycle() - 1;
  h.drain();
  ASSERT_EQ(h.responses().size(), 8u);
  for (uint32_t b = 0; b < 8; ++b) {
    EXPECT_EQ(0, std::memcmp(h.responses()[b].data.data(), img.data() + 32 * b, 32)) << "beat " << b;
    EXPECT_EQ(h.responses()[b].last, b == 7);
  }
  // Accepted in cycle 0 (memory phase 0): ACTIVATE at memory cycle 1, READ at 1 + tRCD,
  // data at 2*(1 + tRCD + CL) = 10..17, buffered and handed over one cycle later.
  EXPECT_EQ(t0, 0u);
  EXPECT_EQ(h.responses().front().cycle, 11u);
  EXPECT_EQ(h.responses().back().cycle, 18u);
}

TEST(SdramCtrl, RecordReadsReturnTheAddressedHalf) {
  BoardMemory mem;
  std::vector<uint8_t> img(256);
  for (uint32_t i = 0; i < 256; ++i) img[i] = static_cast<uint8_t>(255 - i);
  mem.write(0x00000500, img.data(), img.size());
  SdramRtlHarness<Vcc_sdram_ctrl> h(rtlDefaultSdramConfig(), mem);
  MemRequest r;
  r.kind = MemRequest::kReadRecord;
  r.addr = 0x00000580;
  h.push(r);
  r.addr = 0x00000500;
  h.push(r);
  h.drain();
  ASSERT_EQ(h.responses().size(), 8u);
  for (uint32_t b = 0; b < 8; ++b) {
    const uint32_t off = b < 4 ? 128 + 32 * b : 32 * (b - 4);
    EXPECT_EQ(0, std::memcmp(h.responses()[b].data.data(), img.data() + off, 32)) << "beat " << b;
    EXPECT_EQ(h.responses()[b].last, b == 3 || b == 7);
  }
}

TEST(SdramCtrl, WriteBeatHonoursByteEnables) {
  BoardMemory mem;
  for (uint32_t a = 0x1000; a < 0x1100; a += 4) mem.write32(a, 0xA5A5A5A5u);
  SdramRtlHarness<Vcc_sdram_ctrl> h(rtlDefaultSdramConfig(), mem);
  MemRequest w;
  w.kind = MemRequest::kWriteBeat;
  w.addr = 0x1040;
  for (uint32_t i = 0; i < 32; ++i) w.wdata[i] = static_cast<uint8_t>(i);
  w.wstrb = 0x000000F0u;  // bytes 4..7 only (one 32-bit result word)
  h.push(w);
  h.drain();
  for (uint32_t a = 0x1000; a < 0x1100; a += 4) {
    const uint32_t want = (a == 0x1044) ? 0x07060504u : 0xA5A5A5A5u;
    EXPECT_EQ(mem.read32(a), want) << std::hex << a;
  }
}

// Consecutive pairs interleave over the four banks: once the pipeline is full, one pair
// per 8 chip cycles, the data-bus limit.
TEST(SdramCtrl, SequentialPairsReachTheBusLimit) {
  BoardMemory mem;
  SdramRtlHarness<Vcc_sdram_ctrl> h(rtlDefaultSdramConfig(), mem);
  const int n = 64;
  for (int i = 0; i < n; ++i) {
    MemRequest r;
    r.addr = 0x00200000u + 256u * static_cast<uint32_t>(i);
    h.push(r);
  }
  h.drain();
  ASSERT_EQ(h.responses().size(), 8u * n);
  const uint64_t first = h.responses().front().cycle;
  const uint64_t last = h.responses().back().cycle;
  EXPECT_EQ(last - first + 1, 8u * n);  // no idle beat between pairs
}

// The same bank twice in a row costs the precharge and the next row's activation.
TEST(SdramCtrl, SameBankRepeatCostsPrechargeAndActivate) {
  BoardMemory mem;
  SdramRtlHarness<Vcc_sdram_ctrl> h(rtlDefaultSdramConfig(), mem);
  MemRequest r;
  r.addr = 0x00000000;
  h.push(r);
  r.addr = 0x00010000;  // bank 0 again, other row
  h.push(r);
  h.drain();
  ASSERT_EQ(h.responses().size(), 16u);
  // READ at m, auto-precharge at m+4, ACTIVATE m+6, READ m+8: the second burst starts
  // 8 memory cycles (16 chip cycles) after the first.
  EXPECT_EQ(h.responses()[8].cycle - h.responses()[0].cycle, 16u);
}

// ------------------------------------------------------------------------ init and refresh

// The initialization with the real waits of DDR-266 (configs/paper.cfg's keys, the RTL's
// defaults): 200 us, PRECHARGE ALL, MODE, two REFRESHes, the DLL's 200 cycles after MODE.
TEST(SdramCtrl, InitializationTakesTheConfiguredWaits) {
  BoardMemory mem;
  const ChipConfig c = rtlDefaultSdramConfig();
  SdramRtlHarness<Vcc_sdram_ctrl> h(c, mem);
  // PRECHARGE ALL at t_init, MODE tRP later, REFRESHes tMRD and tRFC after that, then the
  // rest of the DLL wait: ready at MODE + t_dll (13 202 memory cycles).
  const uint64_t mode = c.t_init + c.t_rp;
  EXPECT_EQ(h.initCycles(), 2 * std::max(mode + c.t_dll, mode + c.t_mrd + 2 * c.t_rfc));
  EXPECT_TRUE(h.device().initialized());
  EXPECT_EQ(h.device().stats().refreshes, 2u);
  EXPECT_EQ(h.device().stats().activates, 0u);
}

// A list fetch longer than the refresh interval: sequential node pairs with the queue always
// full, so the REFRESHes are postponed until 8 are owed and then forced in between the
// bursts. Every beat arrives in order and intact; the gap a refresh leaves in the stream
// is printed (docs/memory_system.md).
TEST(SdramCtrl, RefreshInsideALongListFetch) {
  BoardMemory mem;
  const ChipConfig c = rtlDefaultSdramConfig();
  const int n = 4000;  // 32 000 chip cycles of data: about 31 refresh intervals
  std::vector<uint8_t> img(256u * n);
  for (size_t i = 0; i < img.size(); ++i) img[i] = static_cast<uint8_t>(i * 7 + (i >> 9));
  mem.write(0x00400000, img.data(), img.size());
  SdramRtlHarness<Vcc_sdram_ctrl> h(c, mem);
  for (int i = 0; i < n; ++i) {
    MemRequest r;
    r.addr = 0x00400000u + 256u * static_cast<uint32_t>(i);
    h.push(r);
  }
  h.drain(1000000);
  ASSERT_EQ(h.responses().size(), 8u * n);
  uint64_t worst = 1, gaps = 0;
  for (size_t b = 0; b < h.responses().size(); ++b) {
    ASSERT_EQ(0, std::memcmp(h.responses()[b].data.data(), img.data() + 32 * b, 32)) << "beat " << b;
    if (b > 0) {
      const uint64_t d = h.responses()[b].cycle - h.responses()[b - 1].cycle;
      worst = std::max(worst, d);
      gaps += d > 1;
    }
  }
  const uint64_t refreshes = h.device().stats().refreshes - 2;
  const uint64_t span = h.responses().back().cycle - h.responses().front().cycle + 1;
  std::cout << refreshes << " REFRESH inside the fetch, " << gaps << " gaps in the beat stream, the longest "
            << worst << " cycles; " << span << " cycles for " << 8 * n << " beats (the bus limit: " << 8 * n << ")\n";
  EXPECT_GE(refreshes, (span / 2) / c.t_refi - c.refresh_postpone);
  EXPECT_GT(worst, 1u);  // a refresh did land inside
  // A forced REFRESH waits for the last opened rows' bursts and tRP, then tRFC, tRCD and
  // CL before the next burst: a few tens of chip cycles, not more.
  EXPECT_LE(worst, 2u * (c.t_rcd + 4 + c.t_rp + c.t_rfc + c.t_rcd + c.t_cl + 2));
}

// ------------------------------------------------------------------------ random (short)

TEST(SdramCtrl, RandomTrafficPaperTiming) {
  randomTraffic<Vcc_sdram_ctrl>(rtlDefaultSdramConfig(), 20261122u, 20000, {});
}

TEST(SdramCtrl, RandomTrafficNoGapsNoStalls) {
  Traffic<Vcc_sdram_ctrl>::Mix m;
  m.gap_percent = 0;
  m.stall_percent = 0;
  randomTraffic<Vcc_sdram_ctrl>(rtlDefaultSdramConfig(), 4242u, 20000, m);
}

// A few pairs hit over and over: reads that overtake other reads must never pass a write
// to the same place (read-after-write and write-after-read order).
TEST(SdramCtrl, RandomTrafficHotSpot) {
  Traffic<Vcc_sdram_ctrl>::Mix m;
  m.hot_bytes = 2048;  // 8 pairs, two per bank
  m.region_bytes = 4096;
  m.read_pair = 45;
  m.read_record = 15;
  m.write = 40;
  m.gap_percent = 0;
  randomTraffic<Vcc_sdram_ctrl>(rtlDefaultSdramConfig(), 5150u, 20000, m);
}

TEST(SdramCtrl, RandomTrafficSlowConsumer) {
  Traffic<Vcc_sdram_ctrl>::Mix m;
  m.stall_percent = 70;
  m.read_pair = 50;
  m.read_record = 40;
  m.write = 10;
  randomTraffic<Vcc_sdram_ctrl>(rtlDefaultSdramConfig(), 99u, 5000, m);
}

TEST(SdramCtrl, RandomTrafficSlowTiming) {
  randomTraffic<Vcc_sdram_ctrl_slow>(slowSdramConfig(), 31337u, 10000, {});
}

// DDR4 timing (configs/modern.cfg): CWL 9 leaves up to three WRITEs' data pending at once;
// a write-heavy mix with no gaps fills the write-data FIFO (a FIFO of two fails here).
TEST(SdramCtrl, RandomTrafficModernTiming) {
  randomTraffic<Vcc_sdram_ctrl_modern>(modernSdramConfig(), 2718u, 10000, {});
  Traffic<Vcc_sdram_ctrl_modern>::Mix writes;
  writes.read_pair = 55;  // randomTraffic expects more than 4 read beats a request
  writes.read_record = 0;
  writes.write = 45;
  writes.gap_percent = 0;
  writes.stall_percent = 0;
  randomTraffic<Vcc_sdram_ctrl_modern>(modernSdramConfig(), 1618u, 10000, writes);
}

// The device really checks the controller: a device with a slower tRCD than the RTL was
// built for must object to the RTL's schedule.
TEST(SdramCtrl, DeviceCatchesTimingMismatch) {
  ChipConfig c = rtlDefaultSdramConfig();
  c.t_rcd = 3;  // the default RTL issues READ 2 memory cycles after ACTIVATE
  BoardMemory mem;
  SdramRtlHarness<Vcc_sdram_ctrl> h(c, mem);
  MemRequest r;
  h.push(r);
  try {
    h.drain();
    FAIL() << "no violation";
  } catch (const SdramViolation& v) {
    EXPECT_EQ(v.rule(), "tRCD") << v.what();
  }
}

#else  // CC_SDRAM_SOAK

TEST(SdramCtrlSoak, RandomTrafficPaperTiming) {
  randomTraffic<Vcc_sdram_ctrl>(rtlDefaultSdramConfig(), 1u, 4000000, {});
}

TEST(SdramCtrlSoak, RandomTrafficNoGapsNoStalls) {
  Traffic<Vcc_sdram_ctrl>::Mix m;
  m.gap_percent = 0;
  m.stall_percent = 0;
  randomTraffic<Vcc_sdram_ctrl>(rtlDefaultSdramConfig(), 2u, 4000000, m);
}

TEST(SdramCtrlSoak, RandomTrafficHotSpot) {
  Traffic<Vcc_sdram_ctrl>::Mix m;
  m.hot_bytes = 2048;
  m.region_bytes = 4096;
  m.read_pair = 45;
  m.read_record = 15;
  m.write = 40;
  m.gap_percent = 0;
  randomTraffic<Vcc_sdram_ctrl>(rtlDefaultSdramConfig(), 4u, 2000000, m);
}

TEST(SdramCtrlSoak, RandomTrafficSlowTiming) {
  randomTraffic<Vcc_sdram_ctrl_slow>(slowSdramConfig(), 3u, 2000000, {});
}

#endif

}  // namespace
}  // namespace cc::sim
