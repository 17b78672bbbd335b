// The host side of the simulated PCI bus (docs/pci.md): a bus-functional model
// of a 33 MHz, 32-bit PCI master (the host bridge) that drives the pins of a Verilated
// target cycle by cycle, plus a protocol checker that watches every clock edge and throws
// PciProtocolError at the first illegal sequence from either side.
//
// Clocks. The harness has two unrelated clock domains, scheduled in picoseconds: the PCI
// clock (default 30000 ps) and the chip core clock (default 3760 ps); both periods are
// options, so their ratio is a parameter. Core edges between two PCI edges are processed
// in time order; edges at the same instant are evaluated together.
//
// One PCI clock, as the BFM runs it:
//   1. sample: the pins as they are just before the rising edge (what every agent samples)
//      -> PciChecker::check()
//   2. the rising edge: the target's registers update
//   3. the master drives its pins for the next clock (decided from the sample)
//   4. the falling edge; core edges in between as they fall due
// (A model that acts on rising edges only is not evaluated for step 3, and for step 4 only
// when no core edge comes before the next rising PCI edge: PciBinding::rising_edges_only.)
//
// The BFM does not depend on Verilator or on a particular model class: the harness binds
// the pins and clocks with the small PciBinding below (see tests/sim/pci for an example).
#pragma once
#include <cstdint>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace cc::sim {

// What the master (this BFM) drives. Active-low pins keep their _n names.
struct PciMasterPins {
  uint32_t ad = 0;
  bool ad_oe = false;
  uint8_t cbe_n = 0xF;  // command in the address phase, byte enables (active low) after
  bool par = false;
  bool par_oe = false;
  bool frame_n = true;
  bool irdy_n = true;
  bool idsel = false;
};

// What the target drives (tri-states as value + enable; an undriven s/t/s signal reads
// as deasserted, the bus's pull-up).
struct PciTargetPins {
  uint32_t ad = 0;
  bool ad_oe = false;
  bool par = false;
  bool par_oe = false;
  bool trdy_n = true;
  bool stop_n = true;
  bool devsel_n = true;
  bool ctl_oe = false;
  bool perr_n = true;
  bool perr_oe = false;
  bool inta_n = true;  // open drain: false = asserted
};

// Everything visible at one rising PCI clock edge.
struct PciSample {
  uint64_t cycle = 0;
  PciMasterPins m;
  PciTargetPins t;
  bool frame() const { return !m.frame_n; }
  bool irdy() const { return !m.irdy_n; }
  bool trdy() const { return t.ctl_oe && !t.trdy_n; }
  bool stop() const { return t.ctl_oe && !t.stop_n; }
  bool devsel() const { return t.ctl_oe && !t.devsel_n; }
};

class PciProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// PCI bus commands (the value on C/BE#[3:0] in the address phase).
enum class PciCmd : uint8_t {
  IoRead = 0x2, IoWrite = 0x3, MemRead = 0x6, MemWrite = 0x7, CfgRead = 0xA, CfgWrite = 0xB,
  MemReadMultiple = 0xC, MemReadLine = 0xE, MemWriteInvalidate = 0xF,
};

inline bool parity32(uint32_t ad, uint8_t cbe_n) {
  return (__builtin_popcount(ad) + __builtin_popcount(cbe_n & 0xFu)) & 1;
}

// ---------------------------------------------------------------------------------------
// PciChecker: the rules of PCI 3.0 ch. 3 that a master/target pair can break, checked at
// every rising edge. It knows nothing of the BFM and can be fed samples directly.
// ---------------------------------------------------------------------------------------
class PciChecker {
 public:
  struct Options {
    int devsel_clocks = 2;       // expected DEVSEL# timing: clocks after the address
                                 // phase (1 fast, 2 medium, 3 slow); 0 = any legal one
    int initial_latency = 16;    // clocks from FRAME# to the first TRDY#/STOP#
    int subsequent_latency = 8;  // clocks per later data phase
    bool check_master_parity = true;  // off when a test injects parity errors on purpose
  };
  struct Stats {
    uint64_t transactions = 0, data_phases = 0, retries = 0, disconnects = 0,
             master_aborts = 0, target_aborts = 0, perr_clocks = 0;
  };

  PciChecker() = default;
  explicit PciChecker(Options o) : opt_(o) {}
  void check(const PciSample& s);  // throws PciProtocolError
  const Stats& stats() const { return stats_; }
  Options& options() { return opt_; }
  bool inTransaction() const { return in_txn_; }

 private:
  [[noreturn]] void fail(const PciSample& s, const std::string& rule) const;
  Options opt_;
  Stats stats_;
  bool have_prev_ = false;
  PciSample prev_;
  bool prev_complete_ = false;
  bool in_txn_ = false;
  bool txn_read_ = false;
  bool devsel_seen_ = false;
  bool data_moved_ = false;
  bool stop_done_ = false;     // a data phase already completed with STOP#
  bool frame_gone_ = false;    // FRAME# deasserted in this transaction
  uint64_t addr_cycle_ = 0;
  uint64_t phase_start_ = 0;   // cycle the current data phase began
  uint64_t end_cycle_ = ~0ull;
};

// ---------------------------------------------------------------------------------------
// PciBinding: how the BFM reaches the simulated design (set every function).
// ---------------------------------------------------------------------------------------
struct PciBinding {
  std::function<void(const PciMasterPins&)> drive;  // copy the master pins into the model
  std::function<PciTargetPins()> sample;            // read the target pins from the model
  std::function<void(bool)> pci_clk;                // set the PCI clock input
  std::function<void(bool)> core_clk;               // set the core clock input
  std::function<void(bool)> resets_n;               // set both active-low resets
  std::function<void()> eval;                       // settle the model
  std::function<void(uint64_t ps)> dump;            // optional: waveform dump at time ps
  std::function<void()> on_core_rise;               // optional: after each core rising edge
  // The model acts on rising clock edges only and drives its pins from registers (the
  // chip): new master pins and a falling PCI edge then need no evaluation of their own,
  // only one before the next rising PCI edge (the falling edge's, or a core edge's in
  // between). Fewer evaluations, the same pins at every sample; every edge is evaluated
  // while dumping.
  bool rising_edges_only = false;
};

class PciHost {
 public:
  struct Options {
    uint64_t pci_period_ps = 30000;
    uint64_t core_period_ps = 3760;
    double irdy_wait_prob = 0.0;   // chance of a master wait state before each data phase
    uint64_t seed = 1;             // for the wait states
    unsigned max_burst = 64;       // words per memory transaction before the BFM splits
    unsigned retry_limit = 2000;   // Retries of one transaction before giving up
    // Clocks one transaction attempt may take. A legal burst of max_burst words takes up to
    // 1 + WaitLimit (cc_pci_target: 6) clocks a word when the chip's request FIFO drains
    // slower than the bus fills it (core clocks below about 140 MHz with PCI at 33 MHz):
    // 64 x 7 = 448 clocks and the address and first phases.
    unsigned watchdog = 1024;
    PciChecker::Options checker;
  };

  enum class Term { Completed, Retry, Disconnect, MasterAbort, TargetAbort };
  struct Attempt {
    Term term = Term::Completed;
    size_t words = 0;       // data phases that moved data
    unsigned clocks = 0;    // address phase to the end of the last data phase
  };

  PciHost(PciBinding bind, Options opt);

  // Both resets low for `pci_cycles` PCI clocks, then high, then a few idle clocks.
  void reset(unsigned pci_cycles = 4);
  void idle(unsigned pci_cycles);  // bus idle clocks (the core keeps running)

  // One transaction attempt, exactly as the target terminates it. Writes take data from
  // `data`; reads store into it. be_n: the C/BE# byte enables for every data phase.
  Attempt transaction(PciCmd cmd, uint32_t addr, bool idsel, uint32_t* data, size_t n,
                      uint8_t be_n = 0x0);

  // Configuration space of the device on IDSEL (type 0, function 0). A master abort (no
  // device) reads all ones, as host bridges do.
  uint32_t configRead(unsigned reg_dword);
  void configWrite(unsigned reg_dword, uint32_t value, uint8_t be_n = 0x0);

  // Size the device's BARs (write all ones, read back) and place them; returns sizes.
  struct Bars { uint32_t bar0_size = 0, bar1_size = 0; bool bar1_prefetchable = false; };
  Bars assignBars(uint32_t bar0_addr, uint32_t bar1_addr, bool enable_memory = true);

  // Memory transactions with the PCI retry/disconnect handling of a host bridge: a Retry
  // repeats the attempt, a Disconnect continues at the next word; a master abort throws.
  void memWrite(uint32_t addr, const uint32_t* words, size_t n, uint8_t be_n = 0x0);
  void memRead(uint32_t addr, uint32_t* words, size_t n);
  uint32_t read32(uint32_t addr) { uint32_t v; memRead(addr, &v, 1); return v; }
  void write32(uint32_t addr, uint32_t v) { memWrite(addr, &v, 1); }

  bool intaAsserted();                     // INTA# as seen right now
  bool waitInterrupt(uint64_t max_pci_cycles);

  // Illegal-sequence tests: drive raw master pins for one clock (the checker still runs)
  // and return what was sampled at the next edge.
  PciSample rawCycle(const PciMasterPins& pins);

  // Flip PAR of the next write data phase that moves data (tests the target's parity
  // checking; switch off the checker's master-parity rule for that test).
  void injectParityErrorOnNextWrite() { inject_parity_ = true; }

  PciChecker& checker() { return checker_; }
  const Options& options() const { return opt_; }
  uint64_t pciCycles() const { return pci_cycles_; }
  uint64_t coreCycles() const { return core_cycles_; }
  uint64_t timePs() const { return now_; }
  uint64_t evaluations() const { return evaluations_; }   // calls of PciBinding::eval
  struct Stats { uint64_t retries = 0, disconnects = 0, words_written = 0, words_read = 0; };
  const Stats& stats() const { return stats_; }

 private:
  PciSample sampleEdge();                  // step 1 (and the checker)
  void advance(const PciMasterPins& next); // steps 2-4
  void runTo(uint64_t t_ps);               // core edges up to (not including) t_ps
  void clockEdge(uint64_t t_ps, bool pci_level);
  uint64_t nextRisePs() const;
  bool quietUntil(uint64_t t_ps) const;
  void evaluate();                         // PciBinding::eval, counted
  void toggleCore();
  PciMasterPins idlePins() const;

  PciBinding b_;
  Options opt_;
  PciChecker checker_;
  std::mt19937_64 rng_;
  PciMasterPins cur_;       // driven now
  uint64_t now_ = 0;
  uint64_t next_core_ = 0;  // next core half-period edge
  bool core_level_ = false;
  uint64_t pci_cycles_ = 0;
  uint64_t core_cycles_ = 0;
  uint64_t evaluations_ = 0;
  bool inject_parity_ = false;
  Stats stats_;
};

const char* termName(PciHost::Term t);

}  // namespace cc::sim
