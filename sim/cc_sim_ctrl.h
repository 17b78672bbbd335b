// Reusable simulation control for Verilated CollisionChip units (STYLE: "a reusable
// simulation-control class owns clock, reset, tracing and run-time options", after Ibex's
// VerilatorSimCtrl). One SimCtrl drives one model: it owns the clock and the active-low
// reset, counts cycles, stops runaway benches with a watchdog and, when asked at run time,
// writes an FST waveform.
//
// Run-time options (environment, so GoogleTest benches need no extra plumbing):
//   CC_TRACE=<file.fst>   write an FST trace (a second SimCtrl in the same process writes
//                         <file>.1.fst, then .2.fst, ...)
//   CC_WATCHDOG=<cycles>  default watchdog limit (0 = off)
// Command-line benches may call SimOptions::parseArgs() for --trace=FILE / --watchdog=N.
//
// Use:
//   VerilatedContext ctx;  Vcc_foo top{&ctx};
//   auto sim = cc::sim::SimCtrl::forModel(top);   // binds top.clk_i / top.rst_ni
//   sim.reset();                                   // rst_ni low for 4 cycles
//   top.valid_i = 1; sim.tick();                   // inputs change while clk is low
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

class VerilatedContext;
class VerilatedFstC;

namespace cc::sim {

struct SimOptions {
  std::string trace_path;       // empty: no tracing
  uint64_t watchdog_cycles = 0;  // 0: no watchdog
  // Reads CC_TRACE and CC_WATCHDOG; a malformed CC_WATCHDOG throws std::invalid_argument.
  static SimOptions fromEnv();
  // Consumes --trace=FILE and --watchdog=N from argv (others are left in place), starting
  // from fromEnv(); a malformed value throws std::invalid_argument.
  static SimOptions parseArgs(int& argc, char** argv);
};

// Thrown by tick() when the watchdog limit is passed: a hung bench fails, never hangs.
class WatchdogError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class SimCtrl {
 public:
  using EvalFn = std::function<void()>;
  using TraceFn = std::function<void(VerilatedFstC*)>;  // model.trace(tfp, levels)

  SimCtrl(VerilatedContext* ctx, uint8_t* clk, uint8_t* rst_n, EvalFn eval, TraceFn attach,
          SimOptions opt = SimOptions::fromEnv());
  ~SimCtrl();
  SimCtrl(SimCtrl&&) noexcept;
  SimCtrl(const SimCtrl&) = delete;
  SimCtrl& operator=(const SimCtrl&) = delete;

  // Binds a Verilated top with ports clk_i and rst_ni.
  template <class Model>
  static SimCtrl forModel(Model& m, SimOptions opt = SimOptions::fromEnv()) {
    return SimCtrl(m.contextp(), &m.clk_i, &m.rst_ni, [&m] { m.eval(); },
                   [&m](VerilatedFstC* tfp) { m.trace(tfp, 99); }, std::move(opt));
  }

  void reset(unsigned cycles = 4);  // rst_ni low for `cycles` rising edges, then high
  void tick();                      // one clock cycle: rising edge, then falling edge
  void eval();                      // settle combinational outputs after an input change
  // Ticks until done() is true (checked before each tick); false if max_cycles pass first.
  bool runUntil(const std::function<bool()>& done, uint64_t max_cycles);

  uint64_t cycles() const { return cycles_; }  // rising edges since construction
  void setWatchdog(uint64_t max_cycles) { watchdog_ = max_cycles; }
  bool tracing() const { return static_cast<bool>(fst_); }
  const std::string& tracePath() const { return trace_path_; }

 private:
  void halfCycle(uint8_t clk);

  VerilatedContext* ctx_;
  uint8_t* clk_;
  uint8_t* rst_n_;
  EvalFn eval_;
  std::unique_ptr<VerilatedFstC> fst_;
  std::string trace_path_;
  uint64_t cycles_ = 0;
  uint64_t watchdog_ = 0;
};

}  // namespace cc::sim
