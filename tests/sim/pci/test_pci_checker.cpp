// PciChecker on hand-made pin sequences: a legal read and write pass, and each illegal
// sequence (from the master or from the target) is caught with a message naming the rule.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "cc_pci_host.h"

namespace {

using cc::sim::PciChecker;
using cc::sim::PciProtocolError;
using cc::sim::PciSample;
using ::testing::HasSubstr;

// A compact way to write one clock: master FRAME#/IRDY# and target DEVSEL#/TRDY#/STOP#
// as 1 = asserted, plus who drives AD. Parity is filled in correctly unless bad_par.
struct Clk {
  bool frame, irdy, devsel, trdy, stop;
  int ad_by = 0;  // 0 nobody, 1 master, 2 target
  uint32_t ad = 0;
  uint8_t cbe_n = 0x0;
  bool bad_par = false;
};

std::vector<PciSample> build(const std::vector<Clk>& clks) {
  std::vector<PciSample> out;
  for (size_t i = 0; i < clks.size(); ++i) {
    const Clk& c = clks[i];
    PciSample s;
    s.cycle = i + 10;
    s.m.frame_n = !c.frame;
    s.m.irdy_n = !c.irdy;
    s.m.cbe_n = c.cbe_n;
    s.t.ctl_oe = c.devsel || c.trdy || c.stop || (i > 0 && clks[i - 1].devsel);
    s.t.devsel_n = !c.devsel;
    s.t.trdy_n = !c.trdy;
    s.t.stop_n = !c.stop;
    s.m.ad_oe = c.ad_by == 1;
    s.t.ad_oe = c.ad_by == 2;
    (c.ad_by == 2 ? s.t.ad : s.m.ad) = c.ad;
    if (i > 0) {
      const PciSample& p = out.back();
      const bool par = cc::sim::parity32(p.m.ad_oe ? p.m.ad : p.t.ad, p.m.cbe_n) != c.bad_par;
      if (p.m.ad_oe) { s.m.par_oe = true; s.m.par = par; }
      if (p.t.ad_oe) { s.t.par_oe = true; s.t.par = par; }
    }
    out.push_back(s);
  }
  return out;
}

void run(const std::vector<Clk>& clks, PciChecker& chk) {
  for (const PciSample& s : build(clks)) chk.check(s);
}

// Memory read of two words, medium DEVSEL, one target wait state.
std::vector<Clk> legalRead() {
  return {
      {false, false, false, false, false},
      {true, false, false, false, false, 1, 0x1000, 0x6},   // address
      {true, true, false, false, false},                    // turnaround
      {true, true, true, false, false, 2, 0},               // DEVSEL#, wait
      {true, true, true, true, false, 2, 0x11},             // data 0
      {false, true, true, true, false, 2, 0x22},            // data 1 (last)
      {false, false, false, false, false},                  // idle
      {false, false, false, false, false},
  };
}

// Memory write of one word that the target ends with Disconnect-with-data... no: a plain
// single write, then a Retry of a second write.
std::vector<Clk> legalWriteAndRetry() {
  return {
      {false, false, false, false, false},
      {true, false, false, false, false, 1, 0x2000, 0x7},   // address
      {false, true, false, false, false, 1, 0xAB},          // data, last (FRAME# high)
      {false, true, true, true, false, 1, 0xAB},            // DEVSEL# + TRDY#: done
      {false, false, false, false, false},
      {true, false, false, false, false, 1, 0x2004, 0x7},   // next address
      {true, true, false, false, false, 1, 0xCD},
      {true, true, true, false, true, 1, 0xCD},             // Retry
      {false, true, true, false, true, 1, 0xCD},            // final phase of the Retry
      {false, false, false, false, false},
  };
}

TEST(PciChecker, LegalSequencesPass) {
  PciChecker chk;
  run(legalRead(), chk);
  EXPECT_EQ(chk.stats().transactions, 1u);
  EXPECT_EQ(chk.stats().data_phases, 2u);
  PciChecker chk2;
  run(legalWriteAndRetry(), chk2);
  EXPECT_EQ(chk2.stats().transactions, 2u);
  EXPECT_EQ(chk2.stats().retries, 1u);
  EXPECT_FALSE(chk2.inTransaction());
}

void expectViolation(std::vector<Clk> clks, const char* rule) {
  PciChecker chk;
  try {
    run(clks, chk);
    ADD_FAILURE() << "no violation reported, expected: " << rule;
  } catch (const PciProtocolError& e) {
    EXPECT_THAT(e.what(), HasSubstr(rule));
  }
}

TEST(PciChecker, TrdyWithoutDevsel) {
  auto c = legalRead();
  c[4].devsel = false;
  expectViolation(c, "TRDY# asserted without DEVSEL#");
}

TEST(PciChecker, FrameDeassertedBeforeIrdy) {
  auto c = legalWriteAndRetry();
  c[2].irdy = false;  // FRAME# goes high while IRDY# is not asserted
  expectViolation(c, "FRAME# deasserted while IRDY# is not asserted");
}

TEST(PciChecker, IrdyDroppedBeforeCompletion) {
  auto c = legalRead();
  c[3].irdy = false;  // IRDY# was asserted at clock 2, phase not complete
  expectViolation(c, "IRDY# deasserted before its data phase completed");
}

TEST(PciChecker, TrdyDroppedBeforeCompletion) {
  auto c = legalRead();
  c[3].trdy = true;
  c[3].irdy = true;
  c[2].irdy = false;
  c[3].irdy = false;  // TRDY# out, master not ready ...
  c[4].trdy = false;  // ... and the target takes TRDY# back
  c[4].irdy = true;
  expectViolation(c, "TRDY# deasserted before its data phase completed");
}

TEST(PciChecker, StopReleasedWhileFrameAsserted) {
  auto c = legalWriteAndRetry();
  c[6].irdy = false;  // master not ready in the Retry clock: STOP# must stay
  c[7].irdy = false;
  c[7].stop = true;
  c[8] = {true, false, true, false, false, 1, 0xCD};  // STOP# gone, FRAME# still there
  expectViolation(c, "STOP# deasserted while FRAME# was still asserted");
}

TEST(PciChecker, ReadTurnaroundAndContention) {
  auto c = legalRead();
  c[2].ad_by = 2;  // target drives AD in the turnaround clock
  expectViolation(c, "turnaround");
  auto d = legalRead();
  d[4].ad_by = 1;  // master drives AD during a read data phase
  expectViolation(d, "master drives AD during a read");
}

TEST(PciChecker, WrongTargetParity) {
  auto c = legalRead();
  c[5].bad_par = true;  // PAR for data 0 is wrong
  expectViolation(c, "PAR from the target");
}

TEST(PciChecker, DevselTimingAndInitialLatency) {
  auto c = legalRead();
  c[2].devsel = true;  // fast DEVSEL# (legal PCI, but not what this target promises)
  expectViolation(c, "DEVSEL# timing");
  std::vector<Clk> slow = {{false, false, false, false, false},
                           {true, false, false, false, false, 1, 0x1000, 0x6}};
  for (int i = 0; i < 20; ++i) slow.push_back({true, true, i >= 1, false, false, i >= 1 ? 2 : 0});
  expectViolation(slow, "initial latency");
}

TEST(PciChecker, NoIdleClockBetweenTransactions) {
  auto c = legalRead();
  c[6] = {true, false, false, false, false, 1, 0x3000, 0x6};  // address right after the end
  expectViolation(c, "no idle clock");
}

TEST(PciChecker, MasterMustAbortWithoutDevsel) {
  std::vector<Clk> c = {{false, false, false, false, false},
                        {true, false, false, false, false, 1, 0x1000, 0x6}};
  for (int i = 0; i < 10; ++i) c.push_back({true, true, false, false, false});
  expectViolation(c, "master abort");
}

}  // namespace
