// Verilator harness: a Verilated cc_sdram_ctrl (any parameter set, hence a template over
// the Verilated class) wired pin for pin to the C++ SdramDevice, stepped one chip cycle at
// a time. Tests and bench_memory drive its request port and read its response port; the
// device checks every SDRAM rule on the way, the RTL's own assertions run too (--assert),
// and either failure throws.
//
// Per chip cycle:  inputs -> device.step(controller's registered pins) -> read data to the
//                  controller -> eval, sample handshakes -> rising clock edge.
//
// The constructor releases reset and steps through the controller's initialization of the
// device (TInit and the sequence after it) until ready_o rises; cycle() counts from there
// (cycle 0: the first cycle the controller takes requests; an even number of cycles after
// reset, so the memory clock phase is the same as right after reset), and startQuery()
// restarts it at a query's START.
#pragma once
#include <verilated.h>

#include <array>
#include <cstring>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>

#include "cc_sdram_device.h"

namespace cc::sim {

struct MemRequest {
  enum Kind { kReadPair, kReadRecord, kWriteBeat } kind = kReadPair;
  uint32_t addr = 0;
  std::array<uint8_t, 32> wdata{};  // kWriteBeat: the beat at addr & ~31
  uint32_t wstrb = 0;               // kWriteBeat: byte enables
};

struct MemResponseBeat {
  uint64_t cycle;  // chip cycle of the handshake
  bool last;
  std::array<uint8_t, 32> data;
};

template <class Top>
class SdramRtlHarness {
 public:
  // `cfg` must describe the parameters `Top` was Verilated with (the device checks the
  // timing it is told; a mismatch shows up as violations).
  SdramRtlHarness(const ChipConfig& cfg, BoardMemory& mem) : ctx_(new VerilatedContext), dev_(cfg, mem) {
    if (cfg.sdram_bus_bits != 256) throw std::invalid_argument("SdramRtlHarness: the RTL port is 256 bits wide");
    ctx_->fatalOnError(false);
    top_.reset(new Top(ctx_.get()));
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->eval();
    for (int i = 0; i < 4; ++i) clockEdge();
    top_->rst_ni = 1;
    top_->eval();
    check();
    while (!top_->ready_o) {
      step();
      if (cycle_ > 4'000'000) throw std::runtime_error("SdramRtlHarness: the controller never finished initialization");
    }
    init_cycles_ = cycle_;
    cycle_ = 0;
  }
  ~SdramRtlHarness() { top_->final(); }

  // Request port: the front request is presented until the controller accepts it.
  void push(const MemRequest& r) { pending_.push_back(r); }
  size_t pendingRequests() const { return pending_.size(); }
  void setResponseReady(bool r) { rsp_ready_ = r; }
  void setRequestValid(bool v) { req_enable_ = v; }  // gate presenting requests (gaps)

  // One chip cycle. Returns true when a request was accepted in it.
  bool step() {
    bool accepted = false;
    const bool present = req_enable_ && !pending_.empty();
    top_->req_valid_i = present;
    if (present) {
      const MemRequest& r = pending_.front();
      top_->req_write_i = r.kind == MemRequest::kWriteBeat;
      top_->req_rec_i = r.kind == MemRequest::kReadRecord;
      top_->req_addr_i = r.addr;
      std::memcpy(&top_->req_wdata_i[0], r.wdata.data(), 32);
      top_->req_wstrb_i = r.wstrb;
    }
    top_->rsp_ready_i = rsp_ready_;
    SdramPins p;
    p.cmd = static_cast<SdramCmd>(top_->sd_cmd_o);
    p.bank = top_->sd_bank_o;
    p.row = top_->sd_row_o;
    p.col = top_->sd_col_o;
    p.ap = top_->sd_ap_o;
    p.wr_valid = top_->sd_wvalid_o;
    std::memcpy(p.dq, &top_->sd_wdata_o[0], 32);
    p.dm = top_->sd_dm_o;
    const SdramDq& q = dev_.step(p);
    top_->sd_rvalid_i = q.valid;
    std::memcpy(&top_->sd_rdata_i[0], q.dq, 32);
    top_->eval();
    check();
    synced_ = top_->synced_o;
    if (present && top_->req_ready_o) {
      pending_.pop_front();
      accepted = true;
    }
    if (top_->rsp_valid_o && rsp_ready_) {
      MemResponseBeat b;
      b.cycle = cycle_;
      b.last = top_->rsp_last_o;
      std::memcpy(b.data.data(), &top_->rsp_data_o[0], 32);
      responses_.push_back(b);
    }
    clockEdge();
    ++cycle_;
    return accepted;
  }

  // The host owns the port, as cc_chip's host_i says between queries: the controller
  // may pull REFRESHes in (unit benches leave it low: no query, no pull-in).
  void hostOwns() { top_->host_i = 1; }
  // A query's START (cc_sdram_ctrl sync_i, as cc_chip drives it while the core waits to
  // start; host_i falls): holds sync_i until the controller has restarted its refresh
  // interval (synced_o high in a decision cycle), then restarts cycle() there: cycle 0 is
  // the cycle after that decision, SdramTiming's cycle 0 of a query.
  void startQuery(uint64_t limit = 100000) {
    top_->host_i = 0;
    top_->sync_i = 1;
    for (uint64_t i = 0; !synced_; ++i) {
      if (i >= limit) throw std::runtime_error("SdramRtlHarness: START not synchronised after " + std::to_string(limit) + " cycles");
      step();
    }
    top_->sync_i = 0;
    synced_ = false;
    cycle_ = 0;
  }

  bool idle() const { return top_->idle_o && pending_.empty(); }
  // Steps until idle (and the device has no burst in flight); throws after `limit` cycles.
  void drain(uint64_t limit = 100000) {
    for (uint64_t i = 0; !(idle() && dev_.quiet()); ++i) {
      if (i >= limit) throw std::runtime_error("SdramRtlHarness: controller not idle after " + std::to_string(limit) + " cycles");
      step();
    }
  }

  std::deque<MemResponseBeat>& responses() { return responses_; }
  uint64_t cycle() const { return cycle_; }
  uint64_t initCycles() const { return init_cycles_; }  // reset release to cycle 0
  SdramDevice& device() { return dev_; }
  Top& top() { return *top_; }

 private:
  void clockEdge() {
    top_->clk_i = 1;
    top_->eval();
    check();
    top_->clk_i = 0;
    top_->eval();
  }
  void check() {
    if (ctx_->gotError() || ctx_->gotFinish())
      throw std::runtime_error("RTL assertion failed in cc_sdram_ctrl at chip cycle " + std::to_string(cycle_) +
                               " (see the %Error line above)");
  }

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  SdramDevice dev_;
  std::deque<MemRequest> pending_;
  std::deque<MemResponseBeat> responses_;
  bool rsp_ready_ = true;
  bool req_enable_ = true;
  bool synced_ = false;  // synced_o in the last step
  uint64_t cycle_ = 0;
  uint64_t init_cycles_ = 0;
};

}  // namespace cc::sim
