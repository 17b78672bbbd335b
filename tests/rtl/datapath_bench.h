// A thin driver for the Verilated cc_datapath: host register writes, memory beats,
// commands with their responses and cycle counts, and the observation port. Every wait is
// bounded (SimCtrl watchdog), so a protocol bug fails the test instead of hanging it.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "Vcc_datapath.h"
#include "cc/regmap.h"
#include "cc_sim_ctrl.h"
#include "it_vectors.h"
#include "verilated.h"

namespace cc::rtltest {

enum class Cmd : uint8_t { Xform = 0, Tri = 1, Cmp = 2, It = 3 };
enum class Beat : uint8_t { Dop = 0, E = 1, Vert = 2, Leaf = 3 };
enum class Dbg : uint8_t { DopReg = 0, Slot0 = 1, Slot1 = 2, E = 3 };


struct Response {
  Cmd op;
  bool err;
  unsigned overlap;  // bit t: overlaps result slot t (Cmp)
  bool hit;          // IT HIT flag (It)
  uint64_t cycles;   // from the cycle the command was accepted to the response pulse
  bool unc;          // IT UNC flag (It)
};

class DatapathBench {
 public:
  static constexpr unsigned kMaxWait = 10000;

  DatapathBench() : top_(&ctx_), sim_(cc::sim::SimCtrl::forModel(top_)) {
    idle();
    sim_.reset();
  }

  Vcc_datapath& top() { return top_; }
  cc::sim::SimCtrl& sim() { return sim_; }

  void cfgWrite(uint32_t addr, uint32_t v) {
    top_.cfg_we_i = 1;
    top_.cfg_addr_i = addr;
    top_.cfg_wdata_i = v;
    tick();
    top_.cfg_we_i = 0;
  }
  uint32_t cfgRead(uint32_t addr) {
    top_.cfg_addr_i = addr;
    sim_.eval();
    return top_.cfg_rdata_o;
  }

  // One beat; waits (bounded) until the datapath takes it. Returns cycles waited.
  unsigned beat(Beat dst, unsigned idx, const std::array<uint32_t, 8>& w) {
    top_.beat_valid_i = 1;
    top_.beat_dst_i = static_cast<uint8_t>(dst);
    top_.beat_idx_i = idx;
    for (int i = 0; i < 8; ++i) top_.beat_data_i[i] = w[i];
    unsigned waited = 0;
    for (;;) {
      sim_.eval();
      if (top_.beat_ready_o) break;
      tick();
      if (++waited > kMaxWait) throw std::runtime_error("beat never accepted");
    }
    tick();
    top_.beat_valid_i = 0;
    return waited;
  }

  // 24 words in three beats (a node's DOP), or any 128-byte record's first words.
  void loadWords(Beat dst, const uint32_t* words, unsigned n_words) {
    for (unsigned b = 0; b * 8 < n_words; ++b) {
      std::array<uint32_t, 8> w{};
      for (unsigned j = 0; j < 8 && b * 8 + j < n_words; ++j) w[j] = words[b * 8 + j];
      beat(dst, b, w);
    }
  }

  // Issues one command (waiting for cmd_ready_o) and waits for its response.
  Response command(Cmd op, unsigned arg) {
    issue(op, arg);
    return waitResponse();
  }

  void issue(Cmd op, unsigned arg) {
    top_.cmd_valid_i = 1;
    top_.cmd_op_i = static_cast<uint8_t>(op);
    top_.cmd_arg_i = arg;
    unsigned waited = 0;
    for (;;) {
      sim_.eval();
      if (top_.cmd_ready_o) break;
      tick();
      if (++waited > kMaxWait) throw std::runtime_error("command never accepted");
    }
    pending_op_ = op;
    accept_cycle_ = sim_.cycles();
    tick();  // accepted at this edge
    top_.cmd_valid_i = 0;
    sim_.eval();
  }

  // The response pulse after the last issue(); a response already visible counts.
  Response waitResponse() {
    unsigned waited = 0;
    while (!top_.rsp_valid_o) {
      tick();
      if (++waited > kMaxWait) throw std::runtime_error("no response");
    }
    Response r{static_cast<Cmd>(top_.rsp_op_o), top_.rsp_err_o != 0, top_.rsp_overlap_o, top_.rsp_hit_o != 0,
               sim_.cycles() - accept_cycle_, top_.rsp_unc_o != 0};
    if (r.op != pending_op_) throw std::runtime_error("response for the wrong command");
    tick();  // consume the pulse
    return r;
  }

  // The IT-unit's bound for the next micro-ops (held until the next call).
  void setItBound(const ItBound& b) {
    const ItBoundPorts p = boundPorts(b);
    top_.it_bound_abs_i = p.abs;
    top_.it_bound_rel_i = p.rel;
    top_.it_bound_side_exp_i = p.side_exp;
  }

  uint32_t dbg(Dbg sel, unsigned idx) {
    top_.dbg_sel_i = static_cast<uint8_t>(sel);
    top_.dbg_idx_i = idx;
    sim_.eval();
    return top_.dbg_data_o;
  }

  void tick() { sim_.tick(); }

 private:
  void idle() {
    top_.cfg_we_i = 0;
    top_.beat_valid_i = 0;
    top_.cmd_valid_i = 0;
    setItBound(ItBound{});
  }

  VerilatedContext ctx_;
  Vcc_datapath top_;
  cc::sim::SimCtrl sim_;
  Cmd pending_op_ = Cmd::Xform;
  uint64_t accept_cycle_ = 0;
};

// The golden triangle pass `pass` (Chip::triPass: lines 24 + 9*pass.., matrix lines 24, 27
// or 30 + output % 3, all reads before the writes) on the register file reg; returns
// cc::itCoordExp of its nine outputs (a side's coord_exp after the leaf-matrix pass).
inline int goldenTriPass(float reg[32], const std::array<uint32_t, 4> mat[regs::MATRIX_LINES],
                         const std::array<uint32_t, regs::CORR_LINES>& corr, unsigned pass) {
  static constexpr unsigned kLine[3] = {regs::kMatAtoB, regs::kMatBtoA, regs::kMatLeaf};
  float out[9];
  unsigned dst[9];
  for (unsigned o = 0; o < 9; ++o) {
    const uint32_t w = corr[regs::kCorrTriPass + pass * 9 + o];
    const auto& m = mat[kLine[pass] + o % 3];
    out[o] = fp32::dotadd(reg[regs::corrField(w, 0)], reg[regs::corrField(w, 1)], reg[regs::corrField(w, 2)],
                          fp32::fromBits(m[0]), fp32::fromBits(m[1]), fp32::fromBits(m[2]), fp32::fromBits(m[3]));
    dst[o] = regs::corrField(w, 3);
  }
  for (unsigned o = 0; o < 9; ++o) reg[dst[o]] = out[o];
  return itCoordExp(out);
}

}  // namespace cc::rtltest
