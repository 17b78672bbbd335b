#include "cc_board.h"

#include <verilated.h>
#include <verilated_fst_c.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "Vcc_chip.h"
#include "cc_sdram_device.h"

namespace cc::sim {

struct RtlBoard::Impl {
  explicit Impl(const ChipConfig& c)
      : cfg(c), ctx(new VerilatedContext), dev(c, mem), sram(c.list_words + 3 * c.stack_frames, 0) {
    ctx->fatalOnError(false);
    top.reset(new Vcc_chip(ctx.get()));
    if (const char* t = std::getenv("CC_TRACE")) {
      ctx->traceEverOn(true);
      trace.reset(new VerilatedFstC);
      top->trace(trace.get(), 99);
      trace->open(t);
    }
    if (const char* w = std::getenv("CC_WATCHDOG")) watchdog = std::stoull(w);
    top->clk_i = 0;
    top->rst_ni = 0;
    top->reg_valid_i = 0;
    top->eval();
    for (int i = 0; i < 4; ++i) cycleOnce();
    top->rst_ni = 1;
    top->eval();
  }
  ~Impl() {
    top->final();
    if (trace) trace->close();
  }

  // One chip cycle: the device and the SRAM see the chip's registered outputs, their
  // answers become the chip's inputs, then the rising edge.
  void cycleOnce() {
    SdramPins p;
    p.cmd = static_cast<SdramCmd>(top->sd_cmd_o);
    p.bank = top->sd_bank_o;
    p.row = top->sd_row_o;
    p.col = top->sd_col_o;
    p.ap = top->sd_ap_o;
    p.wr_valid = top->sd_wvalid_o;
    std::memcpy(p.dq, &top->sd_wdata_o[0], 32);
    p.dm = top->sd_dm_o;
    if (top->rst_ni) {
      const SdramDq& q = dev.step(p);
      top->sd_rvalid_i = q.valid;
      std::memcpy(&top->sd_rdata_i[0], q.dq, 32);
    }
    uint32_t next_rdata = top->sram_rdata_i;
    if (top->rst_ni && top->sram_en_o) {
      const uint32_t a = top->sram_addr_o;
      if (a >= sram.size()) throw std::runtime_error("stack SRAM access past its " + std::to_string(sram.size()) + " words at cycle " + std::to_string(cycle));
      if (top->sram_we_o) sram[a] = top->sram_wdata_o; else next_rdata = sram[a];
    }
    top->eval();
    top->clk_i = 1;
    top->eval();
    top->sram_rdata_i = next_rdata;
    if (trace) trace->dump(ctx->time());
    ctx->timeInc(1880);  // half a 3.76 ns chip cycle, in ps
    top->clk_i = 0;
    top->eval();
    if (trace) trace->dump(ctx->time());
    ctx->timeInc(1880);
    ++cycle;
    if (ctx->gotError() || ctx->gotFinish()) {
      throw std::runtime_error("RTL assertion failed at chip cycle " + std::to_string(cycle) + " (see the %Error line above)");
    }
  }

  ChipConfig cfg;
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vcc_chip> top;
  std::unique_ptr<VerilatedFstC> trace;
  BoardMemory mem;
  SdramDevice dev;
  std::vector<uint32_t> sram;
  uint64_t cycle = 0;
  uint64_t watchdog = 1ull << 32;
};

RtlBoard::RtlBoard(const ChipConfig& cfg) : impl_(new Impl(cfg)) {}
RtlBoard::~RtlBoard() = default;
BoardMemory& RtlBoard::memory() { return impl_->mem; }
uint64_t RtlBoard::cycle() const { return impl_->cycle; }

void RtlBoard::write32(uint32_t offset, uint32_t value) {
  auto& t = *impl_->top;
  t.reg_valid_i = 1;
  t.reg_write_i = 1;
  t.reg_addr_i = offset & 0xFFF;
  t.reg_wdata_i = value;
  impl_->cycleOnce();
  t.reg_valid_i = 0;
}

uint32_t RtlBoard::read32(uint32_t offset) {
  auto& t = *impl_->top;
  t.reg_valid_i = 1;
  t.reg_write_i = 0;
  t.reg_addr_i = offset & 0xFFF;
  impl_->cycleOnce();
  t.reg_valid_i = 0;
  if (!t.reg_rvalid_o) throw std::runtime_error("register read without read data");
  return t.reg_rdata_o;
}

bool RtlBoard::runUntilInterrupt(uint64_t max_cycles) {
  auto& t = *impl_->top;
  for (uint64_t i = 0; !t.irq_o; ++i) {
    if (i >= max_cycles) return false;
    if (i >= impl_->watchdog) {
      throw std::runtime_error("watchdog: the chip is still busy after " + std::to_string(i) + " cycles (CC_WATCHDOG)");
    }
    impl_->cycleOnce();
  }
  return true;
}

namespace {

class RtlDevice : public Device {
 public:
  explicit RtlDevice(const ChipConfig& cfg) : board_(cfg) {}
  std::string name() const override { return "rtl"; }
  void write32(uint32_t off, uint32_t v) override { board_.write32(off, v); }
  uint32_t read32(uint32_t off) override { return board_.read32(off); }
  void writeMemory(uint32_t addr, const void* data, size_t n) override { board_.memory().write(addr, data, n); }
  void readMemory(uint32_t addr, void* data, size_t n) override { board_.memory().read(addr, data, n); }
  bool waitInterrupt(uint64_t max_cycles) override { return board_.runUntilInterrupt(max_cycles); }

 private:
  RtlBoard board_;
};

}  // namespace

std::unique_ptr<Device> makeRtlDevice(const ChipConfig& cfg) {
  // The Verilated chip has the paper configuration's parameters built in.
  const ChipConfig paper = namedConfig("paper");
  if (cfg.dotadd_stages != paper.dotadd_stages || cfg.t_rp != paper.t_rp || cfg.t_rcd != paper.t_rcd || cfg.t_cl != paper.t_cl ||
      cfg.list_words != paper.list_words || cfg.stack_frames != paper.stack_frames || cfg.board_bytes != paper.board_bytes) {
    throw std::invalid_argument("the rtl backend is built with the 'paper' configuration; '" + cfg.name + "' differs");
  }
  return std::make_unique<RtlDevice>(cfg);
}

}  // namespace cc::sim
