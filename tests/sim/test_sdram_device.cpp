// The SDRAM device model on its own: address mapping, data timing of legal sequences, and
// one illegal sequence per rule the model claims to check (each must throw naming that
// rule, the bank and the chip cycle).
#include <gtest/gtest.h>

#include <random>

#include "cc_sdram_query_stats.h"
#include "sdram_script.h"

namespace cc::sim::test {
namespace {

std::vector<uint8_t> pattern(uint32_t n, uint32_t seed) {
  std::vector<uint8_t> v(n);
  for (uint32_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(seed * 131 + i * 7 + (i >> 8));
  return v;
}

// Runs `body` and checks that it throws SdramViolation with `rule`, `bank`, `cycle` (chip
// cycles from the end of the script's initialization).
template <class F>
void expectViolation(const SdramScript& s, F body, const std::string& rule, int bank, uint64_t cycle) {
  try {
    body();
  } catch (const SdramViolation& v) {
    EXPECT_EQ(v.rule(), rule) << v.what();
    EXPECT_EQ(v.bank(), bank) << v.what();
    EXPECT_EQ(s.rel(v.cycle()), cycle) << v.what();
    EXPECT_NE(std::string(v.what()).find("[" + rule + "]"), std::string::npos) << v.what();
    return;
  }
  ADD_FAILURE() << "no violation thrown, expected rule " << rule;
}

// ------------------------------------------------------------------------ address mapping

TEST(SdramGeometry, DefaultMappingInterleavesPairsOverBanks) {
  SdramGeometry g{ChipConfig{}};
  EXPECT_EQ(g.beatBytes(), 32u);
  EXPECT_EQ(g.burstBytes(), 256u);
  EXPECT_EQ(g.banks(), 4u);
  EXPECT_EQ(g.cols(), 512u);
  EXPECT_EQ(g.rows(), 65536u);
  for (uint32_t pair = 0; pair < 16; ++pair) EXPECT_EQ(g.decode(pair * 256).bank, pair % 4);
  // One pair is one burst: same bank and row, beats 0..7 of an aligned column.
  const SdramAddr a = g.decode(0x12345600);
  for (uint32_t off = 0; off < 256; off += 32) {
    const SdramAddr b = g.decode(0x12345600 + off);
    EXPECT_EQ(b.bank, a.bank);
    EXPECT_EQ(b.row, a.row);
    EXPECT_EQ(b.col, a.col + off / 32);
  }
  EXPECT_EQ(a.col % 8, 0u);
  EXPECT_EQ(g.decode(0xFFFFFFE0).row, 65535u);
}

TEST(SdramGeometry, EncodeDecodeRoundTrip) {
  const uint32_t seed = 12345;
  std::mt19937 rng(seed);
  SCOPED_TRACE("seed " + std::to_string(seed));
  SdramGeometry g{ChipConfig{}};
  for (int i = 0; i < 10000; ++i) {
    const uint32_t a = rng() & ~31u;
    EXPECT_EQ(g.encode(g.decode(a)), a);
  }
}

TEST(SdramGeometry, RejectsBadConfig) {
  ChipConfig c;
  c.sdram_banks = 3;
  EXPECT_THROW(SdramGeometry{c}, std::invalid_argument);
  c = ChipConfig{};
  c.sdram_burst = 6;
  EXPECT_THROW(SdramGeometry{c}, std::invalid_argument);
  c = ChipConfig{};
  c.sdram_col_bits = 30;
  EXPECT_THROW(SdramGeometry{c}, std::invalid_argument);
}

// ------------------------------------------------------------------------ legal sequences

TEST(SdramDevice, ReadBurstArrivesCasLatencyAfterRead) {
  SdramScript s{ChipConfig{}};
  const auto img = pattern(256, 3);
  const uint32_t addr = 0x00ABC300;  // bank 3
  s.mem().write(addr, img.data(), img.size());
  const SdramAddr a = s.dev().geometry().decode(addr);
  s.act(a.bank, a.row);            // memory cycle 0
  s.nop();                         // 1
  s.read(a.bank, a.row, a.col, true);  // 2: data from chip cycle 2*(2+CL) = 8
  s.nop(8);
  ASSERT_EQ(s.reads().size(), 8u);
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(s.reads()[i].cycle, 8u + i);
    EXPECT_EQ(0, std::memcmp(s.reads()[i].data.data(), img.data() + 32 * i, 32)) << "beat " << i;
  }
}

TEST(SdramDevice, LatenciesFollowConfig) {
  ChipConfig c;
  c.t_rcd = 3;
  c.t_cl = 3;
  SdramScript s{c};
  s.act(1, 7);
  s.nop(2);
  s.read(1, 7, 0, true);  // memory cycle 3, data from 2*(3+3) = 12
  s.nop(10);
  ASSERT_EQ(s.reads().size(), 8u);
  EXPECT_EQ(s.reads().front().cycle, 12u);
}

TEST(SdramDevice, WriteHonoursDataMask) {
  SdramScript s{ChipConfig{}};
  const uint32_t addr = 0x00400100;  // bank 1
  const SdramAddr a = s.dev().geometry().decode(addr);
  std::vector<uint8_t> old = pattern(256, 1);
  s.mem().write(addr, old.data(), old.size());
  std::vector<uint8_t> neu = pattern(256, 2);
  std::vector<uint64_t> dm(8, ~0ull);
  dm[2] = 0xFFFFFF00ull;  // beat 2: bytes 0..7 written
  dm[5] = 0;              // beat 5: all written
  s.act(a.bank, a.row);
  s.nop();
  s.write(a.bank, a.row, a.col, true, neu, dm);
  s.nop(8);
  std::vector<uint8_t> got(256);
  s.mem().read(addr, got.data(), got.size());
  for (uint32_t i = 0; i < 256; ++i) {
    const bool written = (i >= 64 && i < 72) || (i >= 160 && i < 192);
    EXPECT_EQ(got[i], written ? neu[i] : old[i]) << "byte " << i;
  }
  EXPECT_EQ(s.dev().stats().write_beats, 8u);
}

// Back-to-back reads to different banks keep the data bus busy without a gap; a legal
// random serial sequence (explicit and auto precharge, random gaps) reads back what a
// shadow copy holds.
TEST(SdramDevice, InterleavedReadsAreSeamless) {
  SdramScript t{ChipConfig{}};
  t.act(0, 1);
  t.act(1, 2);
  t.read(0, 1, 0, true);  // m2: chip 8..15
  t.nop(3);
  t.read(1, 2, 0, true);  // m6: chip 16..23
  t.nop(12);
  ASSERT_EQ(t.reads().size(), 16u);
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(t.reads()[i].cycle, 8u + i);
}

TEST(SdramDevice, RandomLegalSerialTraffic) {
  const uint32_t seed = 777;
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  ChipConfig c;
  c.sdram_refresh = 0;  // data and timing of a serial sequence, no REFRESH in it
  SdramScript s{c};
  BoardMemory shadow;
  const SdramGeometry& g = s.dev().geometry();
  for (int it = 0; it < 400; ++it) {
    const uint32_t addr = (rng() % (1u << 26)) & ~255u;  // 64 MiB of pairs
    const SdramAddr a = g.decode(addr);
    const bool wr = rng() % 2;
    const bool ap = rng() % 2;
    s.act(a.bank, a.row);
    s.nop(static_cast<int>(c.t_rcd - 1 + rng() % 2));
    const size_t before = s.reads().size();
    if (wr) {
      const auto d = pattern(256, rng());
      s.write(a.bank, a.row, a.col, ap, d);
      shadow.write(addr, d.data(), d.size());
    } else {
      s.read(a.bank, a.row, a.col, ap);
    }
    // Wait until data is through and recovery/precharge done (generous), then precharge.
    s.nop(static_cast<int>(c.t_cl + c.t_cwl + 4 + c.t_wr + 1 + rng() % 3));
    if (!ap) s.pre(a.bank);
    s.nop(static_cast<int>(c.t_rp + c.t_turn));
    if (!wr) {
      ASSERT_EQ(s.reads().size(), before + 8);
      std::vector<uint8_t> want(256);
      shadow.read(addr, want.data(), want.size());
      for (uint32_t i = 0; i < 8; ++i)
        ASSERT_EQ(0, std::memcmp(s.reads()[before + i].data.data(), want.data() + 32 * i, 32)) << "iteration " << it;
    }
  }
}

// ------------------------------------------------------------------------ one test per rule

TEST(SdramRules, ActivateToOpenBank) {
  SdramScript s{ChipConfig{}};
  s.act(2, 5);
  s.nop(3);
  expectViolation(s, [&] { s.act(2, 6); }, "activate-open", 2, 8);
}

TEST(SdramRules, ActivateWhileAutoPrechargePending) {
  SdramScript s{ChipConfig{}};
  s.act(1, 5);   // m0
  s.nop();
  s.read(1, 5, 0, true);  // m2: auto-precharge starts at m6, ACT legal from m8
  s.nop();       // m3
  expectViolation(s, [&] { s.act(1, 6); }, "activate-open", 1, 8);
}

TEST(SdramRules, TrpAfterAutoPrecharge) {
  SdramScript s{ChipConfig{}};
  s.act(1, 5);
  s.nop();
  s.read(1, 5, 0, true);  // m2, precharge m6, idle m8
  s.nop(4);               // m3..m6
  expectViolation(s, [&] { s.act(1, 6); }, "tRP", 1, 14);  // m7
}

TEST(SdramRules, TrpAfterExplicitPrecharge) {
  SdramScript s{ChipConfig{}};
  s.act(3, 5);
  s.nop(2);
  s.pre(3);  // m3, ACT legal from m5
  expectViolation(s, [&] { s.act(3, 9); }, "tRP", 3, 8);
  SdramScript ok{ChipConfig{}};
  ok.act(3, 5);
  ok.nop(2);
  ok.pre(3);
  ok.nop(2);
  EXPECT_NO_THROW(ok.act(3, 9));
}

TEST(SdramRules, ReadToClosedBank) {
  SdramScript s{ChipConfig{}};
  s.nop(2);
  expectViolation(s, [&] { s.read(0, 0, 0); }, "read-closed", 0, 4);
}

TEST(SdramRules, WriteToClosedBank) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  expectViolation(s, [&] { s.write(2, 1, 0, false, {}); }, "write-closed", 2, 2);
}

TEST(SdramRules, ReadAfterAutoPrechargeIsClosed) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.nop();
  s.read(0, 1, 0, true);
  s.nop(3);
  expectViolation(s, [&] { s.read(0, 1, 8); }, "read-closed", 0, 12);
}

TEST(SdramRules, ReadWrongRow) {
  SdramScript s{ChipConfig{}};
  s.act(1, 40);
  s.nop();
  expectViolation(s, [&] { s.read(1, 41, 0); }, "read-row", 1, 4);
}

TEST(SdramRules, WriteWrongRow) {
  SdramScript s{ChipConfig{}};
  s.act(1, 40);
  s.nop();
  expectViolation(s, [&] { s.write(1, 39, 0, false, {}); }, "write-row", 1, 4);
}

TEST(SdramRules, Trcd) {
  SdramScript s{ChipConfig{}};
  s.act(2, 3);
  expectViolation(s, [&] { s.read(2, 3, 0); }, "tRCD", 2, 2);
  ChipConfig c;
  c.t_rcd = 4;
  SdramScript t{c};
  t.act(0, 3);
  t.nop(2);
  expectViolation(t, [&] { t.write(0, 3, 0, false, {}); }, "tRCD", 0, 6);
}

TEST(SdramRules, ColumnNotBurstAligned) {
  SdramScript s{ChipConfig{}};
  s.act(0, 0);
  s.nop();
  expectViolation(s, [&] { s.read(0, 0, 4); }, "col-align", 0, 4);
}

TEST(SdramRules, BankAndRowRange) {
  SdramScript s{ChipConfig{}};
  expectViolation(s, [&] { s.act(4, 0); }, "bank-range", 4, 0);
  SdramScript t{ChipConfig{}};
  expectViolation(t, [&] { t.act(0, 65536); }, "row-range", 0, 0);
}

TEST(SdramRules, ReadBurstCollision) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.act(1, 1);
  s.read(0, 1, 0, true);  // m2: beats chip 8..15
  s.nop(2);
  expectViolation(s, [&] { s.read(1, 1, 0, true); }, "burst-collision", 1, 10);  // m5: beats 14..21
}

TEST(SdramRules, WriteBurstCollision) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.act(1, 1);
  s.write(0, 1, 0, true, {});  // m2: beats chip 6..13
  expectViolation(s, [&] { s.write(1, 1, 0, true, {}); }, "burst-collision", 1, 6);
}

TEST(SdramRules, ReadWriteBusConflict) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.act(1, 1);
  s.read(0, 1, 0, true);  // m2: read beats 8..15
  s.nop();
  expectViolation(s, [&] { s.write(1, 1, 0, true, {}); }, "bus-conflict", 1, 8);  // m4: beats 10..17
}

TEST(SdramRules, BusTurnaround) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.act(1, 1);
  s.read(0, 1, 0, true);  // m2: read beats 8..15
  s.nop(4);
  // WRITE at m7: beats 16..23, directly after the read: no turnaround cycle.
  expectViolation(s, [&] { s.write(1, 1, 0, true, {}); }, "bus-turnaround", 1, 14);
  SdramScript ok{ChipConfig{}};
  ok.act(0, 1);
  ok.act(1, 1);
  ok.read(0, 1, 0, true);
  ok.nop(5);
  EXPECT_NO_THROW(ok.write(1, 1, 0, true, {}));  // m8: beats 18..25
}

TEST(SdramRules, WriteDataMissing) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.nop();
  s.dropWriteBeats(true);
  s.write(0, 1, 0, true, {});  // m2 at chip 4/5, first beat due in chip 6
  expectViolation(s, [&] { s.nop(); }, "write-data-missing", 0, 6);
}

TEST(SdramRules, WriteDataStray) {
  SdramScript s{ChipConfig{}};
  s.nop();
  SdramPins p;
  p.wr_valid = true;
  expectViolation(s, [&] { s.stepChip(p); }, "write-data-stray", -1, 2);
}

TEST(SdramRules, ControllerDrivesDuringRead) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.nop();
  s.read(0, 1, 0, true);
  s.nop(1);  // chip 6, 7 -> next is chip 8, first read beat
  SdramPins p;
  p.wr_valid = true;
  expectViolation(s, [&] { s.stepChip(p); }, "bus-conflict", 0, 8);
}

TEST(SdramRules, CommandHeldForWholeMemoryCycle) {
  SdramScript s{ChipConfig{}};
  s.stepChip(SdramScript::pins(SdramCmd::kNop, 0, 0, 0, false));
  expectViolation(s, [&] { s.stepChip(SdramScript::pins(SdramCmd::kActivate, 2, 0, 0, false)); }, "command-hold", 2, 1);
}

TEST(SdramRules, Tras) {
  ChipConfig c;
  c.t_ras = 6;
  SdramScript s{c};
  s.act(0, 1);
  s.nop(4);
  expectViolation(s, [&] { s.pre(0); }, "tRAS", 0, 10);
  // The auto-precharge waits for tRAS too: with tRAS = 8 it starts at m8, so ACTIVATE
  // is legal from m10 (the burst alone would have allowed m8).
  c.t_ras = 8;
  SdramScript t{c};
  t.act(0, 1);
  t.nop();
  t.read(0, 1, 0, true);  // m2
  t.nop(5);               // m3..m7
  expectViolation(t, [&] { t.act(0, 2); }, "tRP", 0, 16);  // m8
  SdramScript ok{c};
  ok.act(0, 1);
  ok.nop();
  ok.read(0, 1, 0, true);
  ok.nop(7);
  EXPECT_NO_THROW(ok.act(0, 2));  // m10
}

TEST(SdramRules, PrechargeTruncatesRead) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.nop();
  s.read(0, 1, 0);  // m2: array access until m6
  s.nop(2);
  expectViolation(s, [&] { s.pre(0); }, "read-truncate", 0, 10);
}

TEST(SdramRules, WriteRecovery) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.nop();
  s.write(0, 1, 0, false, {});  // m2: data m3..m7, precharge from m7 + tWR = m9
  s.nop(5);                     // m3..m7
  expectViolation(s, [&] { s.pre(0); }, "tWR", 0, 16);  // m8
}

TEST(SdramRules, PrechargeDuringAutoPrecharge) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.nop();
  s.read(0, 1, 0, true);
  expectViolation(s, [&] { s.pre(0); }, "precharge-ap", 0, 6);
}

TEST(SdramRules, PrechargeAllChecksEveryBank) {
  SdramScript s{ChipConfig{}};
  s.act(0, 1);
  s.act(3, 1);
  s.nop();
  s.read(3, 1, 0);  // m3, bank 3 array busy until m7
  expectViolation(s, [&] { s.pre(0, true); }, "read-truncate", 3, 8);
}


// ------------------------------------------------------------------------ initialization

// Short waits so that the sequences stay readable; the rules are the same as with the real
// values of configs/ (tested through the controller in test_sdram_ctrl).
ChipConfig shortInit() {
  ChipConfig c;
  c.t_init = 10;
  c.t_mrd = 2;
  c.t_dll = 12;
  c.t_refi = 40;
  c.t_rfc = 5;
  c.sdram_refresh = 1;
  return c;
}

TEST(SdramInit, LegalSequenceThenData) {
  SdramScript s{shortInit(), SdramScript::Start::kPowerUp};
  EXPECT_FALSE(s.dev().initialized());
  s.init();
  EXPECT_TRUE(s.dev().initialized());
  // PRECHARGE ALL m10, MODE m12, REFRESH m14 and m19 (tRFC 5), done at max(m12 + 12, m24).
  EXPECT_EQ(s.origin(), 2u * 24);
  EXPECT_EQ(s.dev().stats().refreshes, 2u);
  const auto img = pattern(256, 5);
  s.mem().write(0, img.data(), img.size());
  s.act(0, 0);
  s.nop();
  s.read(0, 0, 0, true);
  s.nop(8);
  ASSERT_EQ(s.reads().size(), 8u);
  EXPECT_EQ(0, std::memcmp(s.reads()[0].data.data(), img.data(), 32));
}

TEST(SdramInit, CommandDuringPowerUpWait) {
  SdramScript s{shortInit(), SdramScript::Start::kPowerUp};
  s.nop(9);
  expectViolation(s, [&] { s.pre(0, true); }, "init-wait", -1, 18);
}

TEST(SdramInit, ActivateBeforeInitialization) {
  SdramScript s{shortInit(), SdramScript::Start::kPowerUp};
  s.nop(10);
  expectViolation(s, [&] { s.act(2, 0); }, "init-sequence", 2, 20);
}

TEST(SdramInit, SequenceOutOfOrder) {
  SdramScript s{shortInit(), SdramScript::Start::kPowerUp};
  s.nop(10);
  expectViolation(s, [&] { s.mode(sdramModeValue(shortInit())); }, "init-sequence", -1, 20);
  SdramScript t{shortInit(), SdramScript::Start::kPowerUp};
  t.nop(10);
  t.pre(0, true);
  t.nop();
  expectViolation(t, [&] { t.ref(); }, "init-sequence", -1, 24);  // MODE must come first
}

TEST(SdramInit, ModeRegisterMustMatchConfig) {
  ChipConfig c = shortInit();
  SdramScript s{c, SdramScript::Start::kPowerUp};
  s.nop(10);
  s.pre(0, true);
  s.nop();
  c.t_cl = 3;  // a controller built for CL 3 on a device configured for CL 2
  expectViolation(s, [&] { s.mode(sdramModeValue(c)); }, "mode-register", -1, 24);
  EXPECT_EQ(sdramModeValue(ChipConfig{}), 2u * 16 + 3);  // CL 2, burst of 8
}

TEST(SdramInit, ReadBeforeDllLock) {
  ChipConfig c = shortInit();
  c.t_dll = 20;
  SdramScript s{c, SdramScript::Start::kPowerUp};
  s.nop(10);
  s.pre(0, true);
  s.nop();
  s.mode(sdramModeValue(c));            // m12: DLL locked from m32
  s.nop();
  s.ref();                              // m14
  s.nop(4);
  s.ref();                              // m19, tRFC until m24
  s.nop(4);                             // m20..m23
  EXPECT_FALSE(s.dev().initialized());
  expectViolation(s, [&] { s.act(1, 0); }, "init-sequence", 1, 48);
}

TEST(SdramInit, WaitsOfTheSequence) {
  SdramScript s{shortInit(), SdramScript::Start::kPowerUp};
  s.nop(10);
  s.pre(0, true);  // m10
  expectViolation(s, [&] { s.mode(sdramModeValue(shortInit())); }, "tRP", -1, 22);  // tRP 2
  SdramScript t{shortInit(), SdramScript::Start::kPowerUp};
  t.nop(10);
  t.pre(0, true);
  t.nop();
  t.mode(sdramModeValue(shortInit()));  // m12
  expectViolation(t, [&] { t.ref(); }, "tMRD", -1, 26);  // tMRD 2
}

// ------------------------------------------------------------------------ refresh

TEST(SdramRefresh, RefreshNeedsAllBanksPrecharged) {
  SdramScript s{shortInit()};
  s.act(2, 5);
  s.nop();
  expectViolation(s, [&] { s.ref(); }, "refresh-open", 2, 4);
  SdramScript t{shortInit()};
  t.act(1, 5);
  t.nop();
  t.read(1, 5, 0, true);  // m2: auto-precharge at m6, ACTIVATE (and REFRESH) from m8
  t.nop(4);               // m3..m6
  expectViolation(t, [&] { t.ref(); }, "tRP", 1, 14);
}

TEST(SdramRefresh, NothingInsideTrfc) {
  SdramScript s{shortInit()};
  s.ref();     // m0: tRFC until m5
  s.nop(3);
  expectViolation(s, [&] { s.act(0, 1); }, "tRFC", 0, 8);
  SdramScript t{shortInit()};
  t.ref();
  t.nop(3);
  expectViolation(t, [&] { t.ref(); }, "tRFC", -1, 8);
}

// One REFRESH every tREFI on average; at most 8 owed. The 9th owed one is a violation at the
// memory clock edge it becomes due.
TEST(SdramRefresh, PostponementLimit) {
  const ChipConfig c = shortInit();
  SdramScript s{c};
  s.nop(static_cast<int>(9 * c.t_refi));  // m0..m(9 tREFI - 1): 8 owed, still legal
  expectViolation(s, [&] { s.nop(); }, "tREFI", -1, 2ull * 9 * c.t_refi);
  // Catching up the 8 before the 9th is due is legal, and so is refreshing on time for
  // much longer than the retention time.
  SdramScript t{c};
  t.nop(static_cast<int>(9 * c.t_refi) - 8 * static_cast<int>(c.t_rfc) - 1);
  for (int i = 0; i < 8; ++i) {
    t.ref();
    t.nop(static_cast<int>(c.t_rfc) - 1);
  }
  t.nop(static_cast<int>(c.t_refi));
  const uint64_t rounds = t.dev().retentionCycles() / c.t_refi + 20;
  for (uint64_t i = 0; i < rounds; ++i) {
    t.ref();
    t.nop(static_cast<int>(c.t_refi) - 1);
  }
  t.act(3, 77);
  t.nop();
  t.read(3, 77, 0, true);
  t.nop(8);
  EXPECT_EQ(t.reads().size(), 8u);
}

// REFRESHes ahead of time count for later ones, but at most 8 (JEDEC's pull-in limit): 12
// REFRESHes in the first 60 memory cycles (one due by then) count as 9, so the device is 8
// behind at 17 intervals and the 9th owed falls due at 18, not at 21.
TEST(SdramRefresh, PulledInRefreshesCountAtMostEight) {
  const ChipConfig c = shortInit();
  SdramScript s{c};
  for (int i = 0; i < 12; ++i) {
    s.ref();                                 // m = 5i
    s.nop(static_cast<int>(c.t_rfc) - 1);
  }
  s.nop(static_cast<int>(18 * c.t_refi) - 60);  // m60 .. m(18 tREFI - 1): 8 owed, legal
  expectViolation(s, [&] { s.nop(); }, "tREFI", -1, 2ull * 18 * c.t_refi);
}

TEST(SdramRefresh, RefreshOffChecksNothing) {
  ChipConfig c = shortInit();
  c.sdram_refresh = 0;
  SdramScript s{c};
  s.nop(static_cast<int>(20 * c.t_refi));
  s.act(0, 1);
  s.nop();
  s.read(0, 1, 0, true);
  s.nop(8);
  EXPECT_EQ(s.reads().size(), 8u);
}

// A row whose data is older than the retention time (8192 + 17 intervals of tREFI: 8 pulled in,
// 8 postponed and the interval itself) may not be
// read: REFRESH restores one row group each, ACTIVATE restores the row it opens. With the
// tREFI rule off the device lets the schedule fall behind; the READ is what fails.
TEST(SdramRefresh, RetentionNamesBankRowAndCycle) {
  ChipConfig c = shortInit();
  c.t_refi = 6;
  c.t_rfc = 2;
  SdramScript s{c};
  s.dev().checkRefreshInterval(false);
  const uint64_t ret = s.dev().retentionCycles();
  EXPECT_EQ(ret, (8192u + 17) * 6);
  // Row 8193 is in group 1; row 5 of bank 1 is kept alive by activating it.
  s.act(1, 5);
  s.nop();
  s.read(1, 5, 0, true);
  s.nop(static_cast<int>(ret) - 6);
  s.act(1, 5);  // m = ret - 3: fresh since m0
  s.nop();
  s.read(1, 5, 0, true);
  s.nop(5);     // m = ret + 3
  s.act(2, 8193);
  s.nop();
  const uint64_t read_m = ret + 7;
  try {
    s.read(2, 8193, 0, true);
    ADD_FAILURE() << "no retention violation";
  } catch (const SdramViolation& v) {
    EXPECT_EQ(v.rule(), "retention");
    EXPECT_EQ(v.bank(), 2);
    EXPECT_EQ(s.rel(v.cycle()), 2 * read_m);
    EXPECT_NE(std::string(v.what()).find("row 8193"), std::string::npos) << v.what();
  }
}

// ------------------------------------------------------------- what the chip asked of it

// SdramQueryStats (CC_STATE_PROFILE) on a made-up address stream: a READ is a step in which
// the device's read count went up; a read is "kept by N" when its burst was among the last
// N distinct bursts read in the same busy period.
TEST(SdramQueryStats, CountsRepeatsByHowRecentlyTheBurstWasRead) {
  const SdramGeometry geo{ChipConfig{}};
  SdramQueryStats q;
  SdramStats dev;
  const auto read = [&](uint32_t pair) {
    const SdramAddr a = geo.decode(pair * geo.burstBytes());
    SdramPins p;
    p.cmd = SdramCmd::kRead;
    p.bank = a.bank;
    p.row = a.row;
    p.col = a.col;
    ++dev.reads;
    dev.read_beats += geo.burstBeats();
    q.step(true, p, geo, dev);
    q.step(true, p, geo, dev);  // the command held for the memory cycle's second chip cycle
  };
  read(1), read(2), read(1);                        // 1 again after one other: kept by 16
  for (uint32_t i = 100; i < 120; ++i) read(i);     // 20 others
  read(2);                                          // 21 newer distinct bursts: by 64, not 16
  q.step(false, SdramPins{}, geo, dev);             // the query ends: the store is emptied
  read(1);                                          // a new query: not kept
  q.step(false, SdramPins{}, geo, dev);
  char text[512] = {};
  std::FILE* f = fmemopen(text, sizeof text, "w");
  q.write(f);
  std::fclose(f);
  const std::string out(text);
  for (const char* line : {"sdram reads 25\n", "sdram read_beats 200\n", "sdram distinct_reads 23\n",
                           "sdram kept_by_16 1\n", "sdram kept_by_64 2\n", "sdram kept_by_256 2\n"}) {
    EXPECT_NE(out.find(line), std::string::npos) << line << " in\n" << out;
  }
}

}  // namespace
}  // namespace cc::sim::test
