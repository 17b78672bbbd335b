#include "cc_sim_ctrl.h"

#include <verilated.h>
#include <verilated_fst_c.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace cc::sim {

namespace {

uint64_t parseCycles(const char* what, const std::string& s) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || errno != 0 || s[0] == '-') {
    throw std::invalid_argument(std::string(what) + ": expected a cycle count, got '" + s + "'");
  }
  return v;
}

// Several SimCtrls in one process (one per GoogleTest case) must not overwrite one trace.
std::string uniqueTracePath(const std::string& base) {
  static std::atomic<unsigned> n{0};
  const unsigned i = n++;
  if (i == 0) return base;
  const auto dot = base.rfind(".fst");
  const std::string stem = dot == std::string::npos ? base : base.substr(0, dot);
  return stem + "." + std::to_string(i) + ".fst";
}

}  // namespace

SimOptions SimOptions::fromEnv() {
  SimOptions o;
  if (const char* t = std::getenv("CC_TRACE")) o.trace_path = t;
  if (const char* w = std::getenv("CC_WATCHDOG")) o.watchdog_cycles = parseCycles("CC_WATCHDOG", w);
  return o;
}

SimOptions SimOptions::parseArgs(int& argc, char** argv) {
  SimOptions o = fromEnv();
  int out = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--trace=", 0) == 0) {
      o.trace_path = a.substr(8);
      if (o.trace_path.empty()) throw std::invalid_argument("--trace needs a file name");
    } else if (a.rfind("--watchdog=", 0) == 0) {
      o.watchdog_cycles = parseCycles("--watchdog", a.substr(11));
    } else {
      argv[out++] = argv[i];
    }
  }
  argc = out;
  return o;
}

SimCtrl::SimCtrl(VerilatedContext* ctx, uint8_t* clk, uint8_t* rst_n, EvalFn eval, TraceFn attach,
                 SimOptions opt)
    : ctx_(ctx), clk_(clk), rst_n_(rst_n), eval_(std::move(eval)), watchdog_(opt.watchdog_cycles) {
  if (!ctx_ || !clk_ || !rst_n_ || !eval_) throw std::invalid_argument("SimCtrl: null model binding");
  if (!opt.trace_path.empty()) {
    ctx_->traceEverOn(true);
    fst_ = std::make_unique<VerilatedFstC>();
    attach(fst_.get());
    trace_path_ = uniqueTracePath(opt.trace_path);
    fst_->open(trace_path_.c_str());
    if (!fst_->isOpen()) throw std::runtime_error("SimCtrl: cannot open trace " + trace_path_);
  }
  *clk_ = 0;
  *rst_n_ = 1;
  eval_();
  if (fst_) fst_->dump(ctx_->time());
}

SimCtrl::SimCtrl(SimCtrl&&) noexcept = default;

SimCtrl::~SimCtrl() {
  if (fst_) fst_->close();
}

void SimCtrl::halfCycle(uint8_t clk) {
  *clk_ = clk;
  eval_();
  ctx_->timeInc(1);
  if (fst_) fst_->dump(ctx_->time());
}

void SimCtrl::tick() {
  if (watchdog_ != 0 && cycles_ >= watchdog_) {
    throw WatchdogError("SimCtrl: watchdog expired after " + std::to_string(cycles_) + " cycles");
  }
  halfCycle(1);
  ++cycles_;
  halfCycle(0);
}

void SimCtrl::eval() { eval_(); }

void SimCtrl::reset(unsigned cycles) {
  *rst_n_ = 0;
  for (unsigned i = 0; i < cycles; ++i) tick();
  *rst_n_ = 1;
  eval_();
}

bool SimCtrl::runUntil(const std::function<bool()>& done, uint64_t max_cycles) {
  for (uint64_t i = 0; i < max_cycles; ++i) {
    if (done()) return true;
    tick();
  }
  return done();
}

}  // namespace cc::sim
