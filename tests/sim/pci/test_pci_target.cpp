// cc_pci_target (Verilated, with a scratch register block on BAR0 and a 64 KiB memory on
// BAR1, tests/sim/pci/rtl) driven by the host BFM; the protocol checker watches every PCI
// clock of every test. Seeds are printed; replay one with CC_SEED=<n>.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <vector>

#include "pci_bench.h"

namespace {

using namespace pcitest;
using ::testing::HasSubstr;

// ---- configuration space ----------------------------------------------------------------

TEST(PciTarget, ConfigSpaceIdentity) {
  Bench b;
  auto& h = *b.host;
  EXPECT_EQ(h.configRead(0), 0xCC241234u);           // Device ID, Vendor ID
  EXPECT_EQ(h.configRead(2), 0x12000001u);           // class 12 (accelerator), rev 1
  EXPECT_EQ((h.configRead(3) >> 16) & 0xFF, 0x00u);  // header type 0
  EXPECT_EQ(h.configRead(11), 0x00011234u);          // subsystem
  EXPECT_EQ((h.configRead(15) >> 8) & 0xFF, 0x01u);  // interrupt pin INTA#
  const uint32_t cmd_status = h.configRead(1);
  EXPECT_EQ((cmd_status >> 16) & 0x0600u, 0x0200u);  // DEVSEL timing: medium
  EXPECT_EQ(cmd_status & 0xFFFFu, 0u);               // memory space off after reset
  for (unsigned r : {6u, 7u, 8u, 9u, 10u, 12u, 13u, 14u}) EXPECT_EQ(h.configRead(r), 0u) << r;
  // Read-only registers ignore writes; RW ones keep what was written.
  h.configWrite(0, 0xDEADBEEFu);
  h.configWrite(2, 0xDEADBEEFu);
  EXPECT_EQ(h.configRead(0), 0xCC241234u);
  EXPECT_EQ(h.configRead(2), 0x12000001u);
  h.configWrite(15, 0xFFFFFF2Bu);
  EXPECT_EQ(h.configRead(15), 0x0000012Bu);  // line RW, pin RO 1
  h.configWrite(3, 0x00000010u, 0xE);        // only byte 0: cache line size
  EXPECT_EQ(h.configRead(3), 0x00000010u);
  // No IDSEL -> nobody answers: master abort, reads all ones.
  uint32_t v = 0;
  EXPECT_EQ(h.transaction(PciCmd::CfgRead, 0x0, false, &v, 1).term, PciHost::Term::MasterAbort);
  // Function 1 of a single-function device does not exist.
  EXPECT_EQ(h.transaction(PciCmd::CfgRead, 0x100, true, &v, 1).term, PciHost::Term::MasterAbort);
  EXPECT_GE(h.checker().stats().master_aborts, 2u);
}

TEST(PciTarget, BarSizingAndCommandRegister) {
  Bench b;
  auto& h = *b.host;
  h.configWrite(4, 0xFFFFFFFFu);
  EXPECT_EQ(h.configRead(4), 0xFFFFF000u);  // 4 KiB, memory, 32-bit, not prefetchable
  h.configWrite(5, 0xFFFFFFFFu);
  EXPECT_EQ(h.configRead(5), 0xFFFF0008u);  // 64 KiB, memory, 32-bit, prefetchable
  // Memory space disabled: even a correctly placed BAR is not decoded.
  h.configWrite(4, kBar0);
  h.configWrite(5, kBar1);
  uint32_t v = 0;
  EXPECT_EQ(h.transaction(PciCmd::MemRead, kBar0, false, &v, 1).term, PciHost::Term::MasterAbort);
  EXPECT_THROW(h.read32(kBar1), PciProtocolError);
  h.configWrite(1, 0x0542u);  // memory space, parity response, SERR# enable, INTx disable
  EXPECT_EQ(h.configRead(1) & 0xFFFFu, 0x0542u);
  h.configWrite(1, 0xFFFFu, 0xC);  // bits not implemented stay 0
  EXPECT_EQ(h.configRead(1) & 0xFFFFu, 0x0542u);
  h.write32(kBar0 + 0x40, 0x12345678u);
  EXPECT_EQ(h.read32(kBar0 + 0x40), 0x12345678u);
  const auto bars = h.assignBars(kBar0, kBar1);
  EXPECT_EQ(bars.bar0_size, 4096u);
  EXPECT_EQ(bars.bar1_size, kBar1Bytes);
  EXPECT_TRUE(bars.bar1_prefetchable);
  EXPECT_EQ(h.configRead(4), kBar0);
  EXPECT_EQ(h.configRead(5), kBar1 | 0x8u);
}

// ---- BAR0 ---------------------------------------------------------------------------------

TEST(PciTarget, Bar0SingleReadsAndWrites) {
  const uint64_t seed = testSeed("Bar0SingleReadsAndWrites");
  PciHost::Options o;
  o.irdy_wait_prob = 0.3;
  o.seed = seed;
  Bench b(o, seed);
  b.reg_stall_prob = 0.3;
  b.enumerate();
  auto& h = *b.host;
  std::mt19937_64 rng(seed);
  std::vector<uint32_t> shadow(1024, 0);
  for (uint32_t i = 0; i < 1024; i += 1) h.write32(kBar0 + 4 * i, 0), shadow[i] = 0;
  for (int k = 0; k < 300; ++k) {
    const uint32_t i = static_cast<uint32_t>(rng() % 1024);
    if (rng() % 3 == 0) {
      ASSERT_EQ(h.read32(kBar0 + 4 * i), shadow[i]) << "word " << i;
    } else {
      const uint32_t v = static_cast<uint32_t>(rng());
      const uint8_t be_n = (rng() % 2) ? 0x0 : static_cast<uint8_t>(rng() & 0xF);
      h.memWrite(kBar0 + 4 * i, &v, 1, be_n);
      for (int byte = 0; byte < 4; ++byte)
        if (!(be_n >> byte & 1)) shadow[i] = (shadow[i] & ~(0xFFu << 8 * byte)) | (v & 0xFFu << 8 * byte);
    }
  }
  for (uint32_t i = 0; i < 1024; ++i) ASSERT_EQ(h.read32(kBar0 + 4 * i), shadow[i]) << "word " << i;
  // A write burst to BAR0 is one transaction; a read burst is cut to one word per
  // transaction (Disconnect-with-data): a register read is never done ahead.
  std::vector<uint32_t> burst(8), back(8);
  for (auto& w : burst) w = static_cast<uint32_t>(rng());
  const auto st0 = h.checker().stats();
  h.memWrite(kBar0 + 0x100, burst.data(), burst.size());
  const auto st1 = h.checker().stats();
  EXPECT_EQ(st1.transactions - st0.transactions, 1u);
  EXPECT_EQ(st1.data_phases - st0.data_phases, 8u);
  h.memRead(kBar0 + 0x100, back.data(), back.size());
  EXPECT_EQ(back, burst);
  EXPECT_GE(h.checker().stats().disconnects - st1.disconnects, 7u);
  // A write burst that reaches the BAR's last word ends there (Disconnect-with-data).
  const auto st2 = h.checker().stats();
  h.memWrite(kBar0 + 0xFF0, burst.data(), 4);
  EXPECT_EQ(h.checker().stats().transactions - st2.transactions, 1u);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(h.read32(kBar0 + 0xFF0 + 4 * i), burst[i]) << "word " << i;
}

// ---- BAR1 -------------------------------------------------------------------------------

// Random bursts written and read back word for word against a shadow of the memory.
void burstTraffic(Bench& b, uint64_t seed, int rounds) {
  auto& h = *b.host;
  std::mt19937_64 rng(seed);
  std::vector<uint32_t> shadow(kBar1Bytes / 4);
  for (uint32_t& w : shadow) w = static_cast<uint32_t>(rng());
  h.memWrite(kBar1, shadow.data(), shadow.size());
  std::vector<uint32_t> back(shadow.size());
  h.memRead(kBar1, back.data(), back.size());
  for (size_t i = 0; i < shadow.size(); ++i) ASSERT_EQ(back[i], shadow[i]) << "word " << i;
  for (int r = 0; r < rounds; ++r) {
    const size_t n = 1 + rng() % 40;
    const size_t at = rng() % (shadow.size() - n + 1);
    if (rng() % 2) {
      std::vector<uint32_t> w(n);
      for (auto& x : w) x = static_cast<uint32_t>(rng());
      h.memWrite(kBar1 + static_cast<uint32_t>(4 * at), w.data(), n);
      std::copy(w.begin(), w.end(), shadow.begin() + static_cast<long>(at));
    } else {
      std::vector<uint32_t> got(n);
      h.memRead(kBar1 + static_cast<uint32_t>(4 * at), got.data(), n);
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], shadow[at + i]) << "round " << r << " word " << at + i;
    }
  }
}

TEST(PciTarget, Bar1BurstsWordForWord) {
  const uint64_t seed = testSeed("Bar1BurstsWordForWord");
  PciHost::Options o;
  o.irdy_wait_prob = 0.2;
  o.seed = seed;
  Bench b(o, seed);
  b.mem_stall_prob = 0.2;
  b.enumerate();
  burstTraffic(b, seed, 200);
  const auto& st = b.host->checker().stats();
  std::printf("PCI clocks %llu, data phases %llu, retries %llu, disconnects %llu\n",
              static_cast<unsigned long long>(b.host->pciCycles()),
              static_cast<unsigned long long>(st.data_phases),
              static_cast<unsigned long long>(st.retries), static_cast<unsigned long long>(st.disconnects));
  EXPECT_GT(st.disconnects, 0u);  // prefetch runs out: disconnect with data
}

// The target acts on rising edges only and drives its pins from registers, so the BFM may
// leave the master's new pins and a falling PCI edge to the next core edge's evaluation
// (as the chip's board does): the same traffic then sees the same bus at every sample
// (same data phases, Retries, Disconnects, clocks), with a fast core clock (the skips
// happen) and a slow one (no core edge between the edges: none may happen).
TEST(PciTarget, SkippedEvaluationsChangeNoSample) {
  const uint64_t seed = testSeed("SkippedEvaluationsChangeNoSample");
  for (const uint64_t core_ps : {3760ull, 71000ull}) {
    std::vector<uint64_t> runs[2];
    uint64_t evaluations[2] = {0, 0};
    for (const bool skip : {false, true}) {
      PciHost::Options o;
      o.irdy_wait_prob = 0.2;
      o.seed = seed;
      o.core_period_ps = core_ps;
      Bench b(o, seed, skip);
      b.mem_stall_prob = 0.2;
      b.enumerate();
      burstTraffic(b, seed, 40);
      const auto& c = b.host->checker().stats();
      const auto& h = b.host->stats();
      runs[skip] = {b.host->pciCycles(), b.host->coreCycles(), c.transactions, c.data_phases, c.retries,
                    c.disconnects, h.words_written, h.words_read};
      evaluations[skip] = b.host->evaluations();
    }
    EXPECT_EQ(runs[0], runs[1]) << "core period " << core_ps << " ps";
    // Up to two evaluations saved a PCI clock: the new pins' always; the falling edge's
    // with the fast core nearly always (a core edge at its instant is evaluated with it
    // anyway), with the slow core only in the half clocks that have a core edge.
    const uint64_t saved = evaluations[0] - evaluations[1], clocks = runs[0][0];
    EXPECT_LE(saved, 2 * clocks);
    if (core_ps < 15000) {
      EXPECT_GT(saved, 19 * clocks / 10) << "core period " << core_ps << " ps";
    } else {
      EXPECT_GT(saved, 0u);
      EXPECT_LT(saved, 19 * clocks / 10) << "core period " << core_ps << " ps";
    }
  }
}

// The clock ratio is a parameter: a core slower than the bus exercises the FIFOs' full
// flags and the other direction of every synchronizer.
TEST(PciTarget, Bar1WithSlowCoreClock) {
  const uint64_t seed = testSeed("Bar1WithSlowCoreClock");
  PciHost::Options o;
  o.core_period_ps = 71000;  // 14 MHz core, unrelated to 33 MHz
  o.seed = seed;
  Bench b(o, seed);
  b.enumerate();
  burstTraffic(b, seed, 30);
  EXPECT_GT(b.host->checker().stats().retries, 0u);
}

TEST(PciTarget, Bar1ThroughputNoStalls) {
  Bench b;
  b.enumerate();
  auto& h = *b.host;
  std::vector<uint32_t> w(1024), r(1024);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<uint32_t>(i * 2654435761u);
  uint64_t c0 = h.pciCycles();
  h.memWrite(kBar1, w.data(), w.size());
  const uint64_t wr = h.pciCycles() - c0;
  c0 = h.pciCycles();
  h.memRead(kBar1, r.data(), r.size());
  const uint64_t rd = h.pciCycles() - c0;
  EXPECT_EQ(r, w);
  std::printf("1024 words: write %llu PCI clocks (%.1f MB/s), read %llu PCI clocks (%.1f MB/s)\n",
              static_cast<unsigned long long>(wr), 4096.0 / (wr * 30e-9) / 1e6,
              static_cast<unsigned long long>(rd), 4096.0 / (rd * 30e-9) / 1e6);
  // Both directions stream at nearly one word per clock (bursts of 64 words plus a few
  // clocks of address phase, DEVSEL# and turnaround each).
  EXPECT_LT(wr, 1024u * 5 / 4);
  EXPECT_LT(rd, 1024u * 5 / 4);
}

// Latency of single accesses with the default clocks (core 3760 ps, PCI 30000 ps): a
// register read makes the round trip through both FIFOs within the initial-latency
// budget, so it completes without a Retry.
TEST(PciTarget, SingleAccessLatency) {
  Bench b;
  b.enumerate();
  auto& h = *b.host;
  uint32_t v = 0x1234;
  const auto w0 = h.transaction(PciCmd::MemWrite, kBar0 + 8, false, &v, 1);
  const auto r0 = h.transaction(PciCmd::MemRead, kBar0 + 8, false, &v, 1);
  const auto r1 = h.transaction(PciCmd::MemRead, kBar1 + 64, false, &v, 1);
  const auto c0 = h.transaction(PciCmd::CfgRead, 0, true, &v, 1);
  std::printf("clocks from address phase to last data phase: BAR0 write %u, BAR0 read %u, "
              "BAR1 read %u, config read %u\n", w0.clocks, r0.clocks, r1.clocks, c0.clocks);
  EXPECT_EQ(w0.term, PciHost::Term::Completed);
  EXPECT_EQ(r0.term, PciHost::Term::Completed);
  EXPECT_EQ(r1.term, PciHost::Term::Completed);
  EXPECT_EQ(c0.term, PciHost::Term::Completed);
  EXPECT_EQ(w0.clocks, 2u);  // medium DEVSEL# with TRDY# at once
  EXPECT_EQ(c0.clocks, 2u);
}

// ---- termination ------------------------------------------------------------------------

TEST(PciTarget, RetryWhenMemoryIsSlow) {
  Bench b;
  b.enumerate();
  auto& h = *b.host;
  const std::vector<uint32_t> w = {1, 2, 3, 4, 5, 6, 7, 8};
  h.memWrite(kBar1 + 0x100, w.data(), w.size());
  // The memory refuses requests for 400 core cycles (~50 PCI clocks): the first read
  // attempt cannot get data within the initial-latency budget and is retried.
  b.mem_stall_until = h.coreCycles() + 400;
  uint32_t v = 0;
  const auto a = h.transaction(PciCmd::MemRead, kBar1 + 0x104, false, &v, 1);
  EXPECT_EQ(a.term, PciHost::Term::Retry);
  EXPECT_LE(a.clocks, 16u);
  // The host repeats the same read until the data is there (a delayed transaction).
  EXPECT_EQ(h.read32(kBar1 + 0x104), 2u);
  EXPECT_GT(h.stats().retries, 0u);
  // Writes: the request FIFO (16 words) fills while the memory stalls -> disconnect.
  b.mem_stall_until = h.coreCycles() + 2000;
  std::vector<uint32_t> big(64);
  for (size_t i = 0; i < big.size(); ++i) big[i] = 0xA0000000u + static_cast<uint32_t>(i);
  uint64_t d0 = h.checker().stats().disconnects, r0 = h.checker().stats().retries;
  h.memWrite(kBar1 + 0x400, big.data(), big.size());
  EXPECT_GT(h.checker().stats().disconnects + h.checker().stats().retries, d0 + r0);
  std::vector<uint32_t> back(64);
  h.memRead(kBar1 + 0x400, back.data(), back.size());
  EXPECT_EQ(back, big);
  // A retried read abandoned for another address: the stale data is dropped, not returned.
  b.mem_stall_until = h.coreCycles() + 400;
  EXPECT_EQ(h.transaction(PciCmd::MemRead, kBar1 + 0x100, false, &v, 1).term, PciHost::Term::Retry);
  EXPECT_EQ(h.read32(kBar1 + 0x11C), 8u);
  EXPECT_EQ(h.read32(kBar1 + 0x100), 1u);
}

TEST(PciTarget, BurstEndsAtWindowEnd) {
  Bench b;
  b.enumerate();
  auto& h = *b.host;
  std::vector<uint32_t> w = {11, 22, 33, 44};
  // The last two words of the window, then beyond it: the target disconnects at the end,
  // the BFM continues at the next address, which nobody claims.
  EXPECT_THROW(h.memWrite(kBar1 + kBar1Bytes - 8, w.data(), w.size()), PciProtocolError);
  EXPECT_EQ(h.read32(kBar1 + kBar1Bytes - 8), 11u);
  EXPECT_EQ(h.read32(kBar1 + kBar1Bytes - 4), 22u);
  EXPECT_EQ(h.read32(kBar1), h.read32(kBar1));  // no wrap-around write landed at 0 ...
  uint32_t two[2] = {0, 0};
  h.memRead(kBar1 + kBar1Bytes - 8, two, 2);
  EXPECT_EQ(two[0], 11u);
  EXPECT_EQ(two[1], 22u);
}

TEST(PciTarget, UnmappedAddressesMasterAbort) {
  Bench b;
  b.enumerate();
  auto& h = *b.host;
  try {
    h.read32(kBar0 + 0x1000);  // just past BAR0
    FAIL() << "no master abort";
  } catch (const PciProtocolError& e) {
    EXPECT_THAT(e.what(), HasSubstr("master abort"));
  }
  EXPECT_THROW(h.write32(0x1000'0000u, 1), PciProtocolError);
  uint32_t v = 0;
  EXPECT_EQ(h.transaction(PciCmd::IoRead, kBar0, false, &v, 1).term, PciHost::Term::MasterAbort);
  EXPECT_GE(h.checker().stats().master_aborts, 3u);
  h.write32(kBar0, 7);  // the target still works afterwards
  EXPECT_EQ(h.read32(kBar0), 7u);
}

// ---- interrupt and parity ---------------------------------------------------------------

TEST(PciTarget, InterruptFollowsCoreAndCommandRegister) {
  Bench b;
  b.enumerate();
  auto& h = *b.host;
  EXPECT_FALSE(h.intaAsserted());
  b.top->irq_i = 1;
  EXPECT_TRUE(h.waitInterrupt(10));  // two synchronizer flops: a few PCI clocks
  EXPECT_TRUE(h.configRead(1) & (1u << 19));  // Status.Interrupt Status
  h.configWrite(1, h.configRead(1) | (1u << 10), 0xC);  // Command.Interrupt Disable
  h.idle(1);
  EXPECT_FALSE(h.intaAsserted());
  EXPECT_TRUE(h.configRead(1) & (1u << 19));  // the status still shows the request
  h.configWrite(1, h.configRead(1) & ~(1u << 10), 0xC);
  h.idle(1);
  EXPECT_TRUE(h.intaAsserted());
  b.top->irq_i = 0;
  h.idle(4);
  EXPECT_FALSE(h.intaAsserted());
  EXPECT_FALSE(h.configRead(1) & (1u << 19));
  EXPECT_FALSE(h.waitInterrupt(20));
}

TEST(PciTarget, WriteParityErrorSetsStatusAndPerr) {
  PciHost::Options o;
  o.checker.check_master_parity = false;  // the error is injected on purpose
  Bench b(o);
  b.enumerate();
  auto& h = *b.host;
  h.configWrite(1, 0x0042u, 0xC);  // memory space + parity error response
  EXPECT_EQ(h.configRead(1) >> 31, 0u);
  h.injectParityErrorOnNextWrite();
  h.write32(kBar1 + 0x20, 0x5A5A5A5Au);
  h.idle(3);
  EXPECT_EQ(h.configRead(1) >> 31, 1u);  // Detected Parity Error
  EXPECT_GT(h.checker().stats().perr_clocks, 0u);
  h.configWrite(1, 0x80000042u);  // write 1 to clear
  EXPECT_EQ(h.configRead(1) >> 31, 0u);
}

// ---- the checker against the real target --------------------------------------------------

TEST(PciTarget, CheckerCatchesIllegalMasterSequence) {
  Bench b;
  b.enumerate();
  auto& h = *b.host;
  PciMasterPins p;
  p.frame_n = false;  // address phase of a memory write
  p.ad = kBar1;
  p.ad_oe = true;
  p.cbe_n = static_cast<uint8_t>(PciCmd::MemWrite);
  h.rawCycle(PciMasterPins{});
  h.rawCycle(p);
  p.frame_n = true;  // FRAME# released while IRDY# was never asserted: illegal
  p.irdy_n = true;
  h.rawCycle(p);
  try {
    h.rawCycle(PciMasterPins{});
    FAIL() << "checker missed the illegal FRAME# deassertion";
  } catch (const PciProtocolError& e) {
    EXPECT_THAT(e.what(), HasSubstr("FRAME# deasserted while IRDY# is not asserted"));
  }
}

}  // namespace
