// One Verilated chip variant on the simulated board (sim/cc_board.h): the board's state
// that RtlBoard uses whatever chip is simulated (RtlBoardImpl), and ChipImpl<Top>, which
// binds a Verilated cc_chip model (Top) to the PCI host, the SDRAM device, the stack SRAM
// and the run-time traces. Each chip library instantiates it once for its own model
// (sim/CMakeLists.txt generates that file); nothing else includes this header.
#pragma once
#include <verilated.h>
#include <verilated_fst_c.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "cc_board.h"
#include "cc_pci_host.h"
#include "cc/layout.h"
#include "cc/env.h"
#include "cc/interrupt.h"
#include "cc/output_file.h"
#include "cc_sdram_device.h"
#include "cc_sdram_query_stats.h"
#include "cc_vl_coverage.h"

namespace cc::sim {

namespace chip_detail {
// A waveform being written holds the process's exit (cc/interrupt.h: a signal ends it only
// once the FST file is readable); destroying it closes the file and releases the hold,
// whichever way the board goes: its destructor, a second signal, or a constructor that
// throws after the trace opened.
struct CloseTrace {
  void operator()(VerilatedFstC* t) const {
    t->close();
    delete t;
    cc::releaseExit();
  }
};
}  // namespace chip_detail

// What RtlBoard's methods use, whatever chip variant is simulated.
struct RtlBoardImpl {
  virtual ~RtlBoardImpl() = default;
  explicit RtlBoardImpl(const ChipConfig& c) : sram(layout::stackSramWords(c.list_words, c.stack_frames)) {}
  BoardMemory mem;
  StackSram sram;
  std::unique_ptr<PciHost> host;
  uint64_t cycle = 0;
  uint64_t watchdog = 1ull << 32;
};

// The host's clocks: the core clock of the configuration (its period rounded to an even
// number of picoseconds: 7692 ps at 130 MHz, 1666 ps at 600 MHz), PCI at 33 MHz.
inline PciHost::Options hostOptions(const ChipConfig& c) {
  PciHost::Options o;
  const auto half = static_cast<uint64_t>(std::llround(5e5 / c.core_mhz));
  o.core_period_ps = 2 * std::max<uint64_t>(1, half);
  return o;
}

// One Verilated chip variant (Top) on the board.
template <class Top>
struct ChipImpl : RtlBoardImpl {
  using CloseTrace = chip_detail::CloseTrace;
  explicit ChipImpl(const ChipConfig& c)
      : RtlBoardImpl(c), ctx(new VerilatedContext), dev(c, mem) {
    ctx->fatalOnError(false);
    top.reset(new Top(ctx.get()));
    if (const char* t = std::getenv("CC_TRACE")) {
      ctx->traceEverOn(true);
      openForWriting(t, "CC_TRACE");  // Verilator's FST writer fails silently: fail here, naming it
      cc::holdExit();  // released by CloseTrace
      trace.reset(new VerilatedFstC);
      top->trace(trace.get(), 99);
      trace->open(t);
    }
    if (const char* w = std::getenv("CC_WATCHDOG")) watchdog = envCount("CC_WATCHDOG", w);
    if (const char* p = std::getenv("CC_STATE_PROFILE")) profile = openForWriting(p, "CC_STATE_PROFILE");
    if (const char* t = std::getenv("CC_TIMELINE")) {
      timeline = openForWriting(t, "CC_TIMELINE");
      if (const char* n = std::getenv("CC_TIMELINE_CYCLES")) timeline_left = envCount("CC_TIMELINE_CYCLES", n);
      std::fprintf(timeline.get(), "# cycle state sram sdram_cmd sdram_beat dotadd_issue entry_done lookahead_state\n");
    }
    PciBinding b;
    b.drive = [this](const PciMasterPins& m) {
      top->ad_i = m.ad_oe ? m.ad : (top->ad_oe_o ? top->ad_o : 0xFFFFFFFFu);
      top->cbe_ni = m.cbe_n;
      top->par_i = m.par_oe ? m.par : top->par_o;
      top->frame_ni = m.frame_n;
      top->irdy_ni = m.irdy_n;
      top->idsel_i = m.idsel;
    };
    b.sample = [this] {
      PciTargetPins t;
      t.ad = top->ad_o;
      t.ad_oe = top->ad_oe_o;
      t.par = top->par_o;
      t.par_oe = top->par_oe_o;
      t.trdy_n = top->trdy_no;
      t.stop_n = top->stop_no;
      t.devsel_n = top->devsel_no;
      t.ctl_oe = top->ctl_oe_o;
      t.perr_n = top->perr_no;
      t.perr_oe = top->perr_oe_o;
      t.inta_n = top->inta_no;
      return t;
    };
    b.pci_clk = [this](bool v) { top->pci_clk_i = v; };
    b.core_clk = [this](bool v) { top->clk_i = v; };
    b.resets_n = [this](bool v) {
      top->pci_rst_ni = v;
      top->rst_ni = v;
    };
    b.eval = [this] {
      top->eval();
      if (ctx->gotError() || ctx->gotFinish()) {
        throw std::runtime_error("RTL assertion failed at core cycle " + std::to_string(cycle) + " (see the %Error line above)");
      }
    };
    if (trace) b.dump = [this](uint64_t ps) { dumpTrace(ps); };
    b.on_core_rise = [this] { afterCoreEdge(); };
    b.rising_edges_only = true;   // rtl/: no logic on a falling edge, every output a register
    host.reset(new PciHost(std::move(b), hostOptions(c)));
    host->reset();
    const auto bars = host->assignBars(RtlBoard::kBar0, RtlBoard::kBar1);
    if (bars.bar0_size != 4096 || bars.bar1_size != RtlBoard::kBar1Bytes) {
      throw std::runtime_error("unexpected BAR sizes from the chip's configuration space");
    }
    // Power-on: a board's reset is released long before a driver loads (seconds against
    // the SDRAM's 200-700 us of initialization), so the board runs until the SDRAM
    // interface has initialized its memory before the host may use it. (Earlier, BAR1
    // writes would be retried by the PCI target and a START would wait for the memory.)
    while (!top->sd_ready_o) {
      host->idle(16);
      if (cycle > 4'000'000) throw std::runtime_error("the SDRAM interface never finished initializing the board memory");
    }
  }
  ~ChipImpl() override {
    writeStateProfile();
    top->final();
    closeTrace();
    writeRtlCoverage(ctx.get());
    // The model's scopes unregister from the thread's current context, not their own
    // (Verilator issue #8265): with several chips alive, that may be another chip's or a
    // deleted one, and the destructor hung. Make it this chip's.
    Verilated::threadContextp(ctx.get());
    top.reset();
  }

  // A second SIGINT/SIGTERM during the run (cc/interrupt.h) closes the waveform at the next
  // edge and ends the process: an FST file is unreadable until closed.
  void dumpTrace(uint64_t ps) {
    if (!trace) return;
    trace->dump(ps);
    if (cc::exitPending()) closeTrace();
  }
  void closeTrace() {
    trace.reset();   // CloseTrace
  }

  // After each rising core edge: the SDRAM device and the stack SRAM see what the chip
  // registered at this edge; their answers are the chip's inputs at the next edge. The SRAM
  // performs the access presented one edge earlier, so read data arrives the cycle after
  // the read (a synchronous SRAM).
  void afterCoreEdge() {
    ++cycle;
    if (!top->rst_ni) return;
    if (profile) countProfile();
    if (timeline && timeline_left) writeTimelineLine();
    if (!device_started) {
      // The device's memory-cycle phase starts with the controller's: its first step sees
      // the reset-state pins (NOP) of the cycle before the first active edge.
      device_started = true;
      dev.step(SdramPins{});
    }
    SdramPins p;
    p.cmd = static_cast<SdramCmd>(top->sd_cmd_o);
    p.bank = top->sd_bank_o;
    p.row = top->sd_row_o;
    p.col = top->sd_col_o;
    p.ap = top->sd_ap_o;
    p.wr_valid = top->sd_wvalid_o;
    std::memcpy(p.dq, &top->sd_wdata_o[0], 32);
    p.dm = top->sd_dm_o;
    const SdramDq& q = dev.step(p);
    if (profile) sdram_stats.step(top->busy_o, p, dev.geometry(), dev.stats());
    top->sd_rvalid_i = q.valid;
    std::memcpy(&top->sd_rdata_i[0], q.dq, 32);
    top->sram_rdata_i = sram.edge(top->sram_en_o, top->sram_we_o, top->sram_addr_o, top->sram_wdata_o, cycle);
  }

  // CC_TIMELINE=file: one line per counted core cycle (the first CC_TIMELINE_CYCLES of them,
  // default 200 000) with the controller state (cc_core's trace_state: the triangle-test
  // engine's while the controller waits for a test), the stack SRAM access (R/W/-), the SDRAM
  // command, an SDRAM read beat arriving, a DOTADD issue, an aligned entry done and the
  // look-ahead engine's state; scripts/list_timeline.sh draws one list from it.
  void writeTimelineLine() {
    const auto* r = top->rootp;
    // The counted cycles: busy, and past S_IDLE (a START waits there for the memory phase).
    if (!top->busy_o || r->cc_chip__DOT__u_core__DOT__state == 0) return;
    --timeline_left;
    std::fprintf(timeline.get(), "%llu %u %c %s %d %d %d %u\n", (unsigned long long)cycle, unsigned(r->cc_chip__DOT__u_core__DOT__trace_state),
                 top->sram_en_o ? (top->sram_we_o ? 'W' : 'R') : '-', sdramCmdName(static_cast<SdramCmd>(top->sd_cmd_o)),
                 int(top->sd_rvalid_i), int(r->cc_chip__DOT__u_core__DOT__dot_valid_in),
                 int(r->cc_chip__DOT__u_core__DOT__pf_pop), unsigned(r->cc_chip__DOT__u_core__DOT__sp_state));
  }

  // CC_STATE_PROFILE=file: core cycles spent in each master-controller state (trace_state;
  // busy or not), summed over the board's life, as "state cycles" lines; then, over the
  // busy cycles only, the triangle-test engine's decide stage (eng_q: "engine state
  // cycles"), its load stage (ld_trace: "load what cycles") and the tests waiting in its
  // queue ("queue tests cycles"; the queued chip's engine works beside the controller, so
  // trace_state does not show it); then the SDRAM's commands and beats over the busy
  // cycles (SdramQueryStats).
  // scripts/state_profile.sh names the states from rtl/cc_core_states.vh.
  void countProfile() {
    const auto* r = top->rootp;
    ++state_cycles[r->cc_chip__DOT__u_core__DOT__trace_state & 63];
    if (!top->busy_o) return;
    ++engine_cycles[r->cc_chip__DOT__u_core__DOT__eng_q & 63];
    ++load_cycles[r->cc_chip__DOT__u_core__DOT__ld_trace & 7];
    ++queue_cycles[std::min<unsigned>(r->cc_chip__DOT__u_core__DOT__tq_count, kQueueBins - 1)];
  }
  void writeStateProfile() const {
    if (!profile) return;
    sdram_stats.write(profile.get());
    for (int s = 0; s < 64; ++s) {
      if (state_cycles[s]) std::fprintf(profile.get(), "%d %llu\n", s, (unsigned long long)state_cycles[s]);
    }
    for (int s = 0; s < 64; ++s) {
      if (engine_cycles[s]) std::fprintf(profile.get(), "engine %d %llu\n", s, (unsigned long long)engine_cycles[s]);
    }
    for (int w = 0; w < 8; ++w) {
      if (load_cycles[w]) std::fprintf(profile.get(), "load %d %llu\n", w, (unsigned long long)load_cycles[w]);
    }
    for (unsigned k = 0; k < kQueueBins; ++k) {
      if (queue_cycles[k]) std::fprintf(profile.get(), "queue %u %llu\n", k, (unsigned long long)queue_cycles[k]);
    }
  }

  OutputFile timeline, profile;  // checked every core cycle
  uint64_t timeline_left = 200000;
  uint64_t state_cycles[64] = {};
  static constexpr unsigned kQueueBins = 64;  // the last bin: that many tests or more
  uint64_t engine_cycles[64] = {}, load_cycles[8] = {}, queue_cycles[kQueueBins] = {};
  SdramQueryStats sdram_stats;
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Top> top;
  std::unique_ptr<VerilatedFstC, CloseTrace> trace;
  SdramDevice dev;
  bool device_started = false;
};

// The factory a chip library registers (sim/cc_board.h, registerRtlChip).
template <class Top>
std::unique_ptr<RtlBoardImpl> makeChip(const ChipConfig& cfg) {
  return std::make_unique<ChipImpl<Top>>(cfg);
}

}  // namespace cc::sim
