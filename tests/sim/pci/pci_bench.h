// Shared bench of the PCI tests: cc_tb_pci_top (cc_pci_target with a scratch register block
// on BAR0 and a 64 KiB memory on BAR1) bound to the host BFM, with core-side stalls.
// CC_TRACE=<file.fst> writes a waveform (both clocks, picosecond time).
#pragma once
#include <verilated.h>
#include <verilated_fst_c.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>

#include "Vcc_tb_pci_top.h"
#include "cc_pci_host.h"
#include "../../test_util.h"

namespace pcitest {

using cc::sim::PciCmd;
using cc::sim::PciHost;
using cc::sim::PciMasterPins;
using cc::sim::PciProtocolError;

inline constexpr uint32_t kBar0 = 0x8000'0000u;  // where the tests place the BARs
inline constexpr uint32_t kBar1 = 0x9000'0000u;
inline constexpr uint32_t kBar1Bytes = 1u << 16;  // cc_tb_pci_top's Bar1Bits = 16

using cc::testutil::testSeed;  // tests/test_util.h: CC_SEED or random, printed

// One simulated board: the Verilated top, the BFM bound to its pins, core-side stalls.
struct Bench {
  VerilatedContext ctx;
  std::unique_ptr<Vcc_tb_pci_top> top;
  std::unique_ptr<VerilatedFstC> fst;
  std::unique_ptr<PciHost> host;
  std::mt19937_64 rng;
  double mem_stall_prob = 0.0, reg_stall_prob = 0.0;
  uint64_t mem_stall_until = 0;  // core cycle until which the memory refuses requests

  // rising_edges_only: let the BFM skip the evaluations the target does not need
  // (PciBinding::rising_edges_only, as the chip's board does).
  explicit Bench(PciHost::Options opt = {}, uint64_t seed = 1, bool rising_edges_only = false) : rng(seed) {
    ctx.fatalOnError(false);  // an RTL $fatal becomes a C++ exception (via gotFinish check)
    top = std::make_unique<Vcc_tb_pci_top>(&ctx);
    if (const char* t = std::getenv("CC_TRACE")) {
      ctx.traceEverOn(true);
      fst = std::make_unique<VerilatedFstC>();
      top->trace(fst.get(), 99);
      fst->open(t);
    }
    cc::sim::PciBinding b;
    b.drive = [this](const PciMasterPins& m) {
      top->ad_i = m.ad_oe ? m.ad : (top->ad_oe_o ? top->ad_o : 0xFFFFFFFFu);
      top->cbe_ni = m.cbe_n;
      top->par_i = m.par_oe ? m.par : top->par_o;
      top->frame_ni = m.frame_n;
      top->irdy_ni = m.irdy_n;
      top->idsel_i = m.idsel;
    };
    b.sample = [this] {
      cc::sim::PciTargetPins t;
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
    b.resets_n = [this](bool v) { top->pci_rst_ni = v; top->rst_ni = v; };
    b.eval = [this] {
      top->eval();
      if (ctx.gotFinish() || ctx.gotError())
        throw std::runtime_error("RTL assertion failed (see the $fatal message above)");
    };
    if (fst) b.dump = [this](uint64_t ps) { fst->dump(ps); };
    b.on_core_rise = [this] { coreCycle(); };
    b.rising_edges_only = rising_edges_only;
    host = std::make_unique<PciHost>(std::move(b), opt);
    host->reset();
  }
  ~Bench() {
    if (fst) fst->close();
    top->final();
  }

  // New stall inputs for the next core cycle (random, or forced by mem_stall_until).
  void coreCycle() {
    std::bernoulli_distribution ms(mem_stall_prob), rs(reg_stall_prob);
    top->mem_stall_i = host && host->coreCycles() < mem_stall_until ? 1 : (mem_stall_prob > 0 && ms(rng));
    top->reg_stall_i = reg_stall_prob > 0 && rs(rng);
  }

  void enumerate() {
    const auto bars = host->assignBars(kBar0, kBar1);
    ASSERT_EQ(bars.bar0_size, 4096u);
    ASSERT_EQ(bars.bar1_size, kBar1Bytes);
  }
};

}  // namespace pcitest
