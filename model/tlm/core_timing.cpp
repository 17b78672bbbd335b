#include "cc/core_timing.h"

#include <algorithm>
#include <array>
#include <deque>
#include <limits>
#include <stdexcept>
#include <string>

#include "cc/core_states.h"
#include "cc/it_timing.h"
#include "cc/layout.h"
#include "cc/regmap.h"
#include "cc/sdram_timing.h"

namespace cc::tlm {

namespace {

constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();
constexpr uint32_t kWriteQueueDepth = layout::kListWriteQueueDepth;
constexpr uint32_t kDotPipe = 64;          // ring of DOTADD pipeline slots (> dotadd_stages)
constexpr uint64_t kLongestQuery = uint64_t{1} << 40;  // cycles: beyond, the model has a bug

// The core's state numbers as its trace_state shows them (the trace speaks them;
// model/common/cc/core_states.h): the master controller's, and in a triangle test the
// triangle-test engine's (E_TRI_A, E_IT, ... there; the controller waits in S_TRI_WAIT
// meanwhile, tri_queue = 0). The model keeps the test as controller states.
#define CC_TLM_STATE(name, number) name = number,
enum State : uint8_t {
  CC_CORE_CONTROLLER_STATES(CC_TLM_STATE) CC_CORE_ENGINE_STATES(CC_TLM_STATE)
  S_DONE = 63  // the model's own: the query is over
};
enum SpState : uint8_t { CC_CORE_LOOKAHEAD_STATES(CC_TLM_STATE) };
#undef CC_TLM_STATE
enum EngState : uint8_t { E_IDLE, E_PUSH, E_READ, E_DECIDE };
enum Dest : uint8_t { D_NONE, D_TBUF0, D_TBUF1, D_REC_A, D_REC_B, D_WRITE };

// The SDRAM request port as cc_core sees it (valid/ready, responses in request order). A
// read's grant may still be revised by younger requests (sdram_timing.h), so a read's
// arrival is looked up by request number whenever it is asked for.
constexpr uint64_t kNoRequest = std::numeric_limits<uint64_t>::max();
struct Port {
  explicit Port(const ChipConfig& cfg) : sd(cfg) {}
  SdramTiming sd;
  uint64_t last_read = kNoRequest;  // the newest read: the destination queue empties after it
  uint64_t take(PortKind kind, uint32_t addr, uint64_t c) {
    sd.request(kind, addr, c);
    const uint64_t n = sd.portRequests() - 1;
    if (kind != PortKind::WriteBeat) last_read = n;
    return n;
  }
  // All beats of read n have reached the core before cycle c (its flag is up in cycle c).
  bool arrived(uint64_t n, uint64_t c) const { return c >= arrival(n); }
  // The first cycle in which all of read n's beats are in (kNever: no such read).
  uint64_t arrival(uint64_t n) const {
    if (n == kNoRequest) return kNever;
    if (n + SdramTiming::kPortHistory <= sd.portRequests()) return 0;  // long done
    return sd.grant(n).last_beat + 1;
  }
  bool readsDone(uint64_t c) const { return last_read == kNoRequest || arrived(last_read, c); }
};

struct Frame {
  uint32_t next_pair, base, len;
  bool bit;
};

class Stepper {
 public:
  Stepper(const ChipConfig& cfg, const QueryLog& log, const BoardMemory& mem, bool mode_first, CoreCycles& cyc)
      : cfg_(cfg), log_(log), mem_(mem), mode_first_(mode_first), cyc_(cyc), port_(cfg),
        ahead_(cfg.fetch_ahead), stages_(cfg.dotadd_stages), two_lanes_(cfg.transform_lanes == 2) {
    if (stages_ + 1 >= kDotPipe) throw std::invalid_argument("dotadd_stages too large for the timing model");
    // At most ahead_ slots are in use, so a ring of the next power of two holds them.
    uint32_t ring = 1;
    while (ring < ahead_) ring *= 2;
    slot_mask_ = ring - 1;
    pf_word_ok_.assign(ring, kNever);
    pf_data_req_.assign(ring, kNoRequest);
    for (auto& t : te_leaf_) t.fill(kNever);
  }

  uint64_t run(std::FILE* trace) {
    cyc_ = {};
    for (c_ = 0; st_ != S_DONE; ++c_) {
      if (trace) std::fprintf(trace, "%llu %u\n", static_cast<unsigned long long>(c_), unsigned(st_));
      else skipQuietCycles();
      step();
      if (c_ > kLongestQuery) throw std::logic_error("timing model: query does not end");
    }
    return c_;
  }

 private:
  // ---------------------------------------------------------------- the golden model's decisions
  const QueryLog::List& nextList(uint32_t pair, uint32_t base, uint32_t len, bool leaf_pass) {
    if (list_i_ >= log_.lists.size()) throw LogEnd{};
    const auto& l = log_.lists[list_i_++];
    if (l.base != base || l.len != len || (!leaf_pass && l.pair != pair) || (leaf_pass != (l.tmask == 0)))
      throw std::logic_error("timing model: list " + std::to_string(list_i_ - 1) + " differs from the golden model's (base " +
                             std::to_string(base) + " vs " + std::to_string(l.base) + ", len " + std::to_string(len) +
                             " vs " + std::to_string(l.len) + ")");
    return l;
  }
  bool peekOverlap(size_t ahead) const {
    if (ov_i_ + ahead >= log_.overlaps.size()) throw LogEnd{};
    return log_.overlaps[ov_i_ + ahead] != 0;
  }
  // The comparators decide both tumbled nodes at once; the golden model may have stopped
  // (first hit, error) before it looked at the second: that outcome then never matters.
  bool peekOverlapOrMiss(size_t ahead) const {
    return ov_i_ + ahead < log_.overlaps.size() && log_.overlaps[ov_i_ + ahead] != 0;
  }
  void takeOverlaps(size_t n) {
    if (ov_i_ + n > log_.overlaps.size()) throw LogEnd{};
    ov_i_ += n;
  }
  struct LogEnd {};  // the golden query ended (first hit, error): the RTL drains

  uint32_t flags(uint32_t node) const { return mem_.read32(node + layout::kNodeFlags); }
  uint32_t ptr(uint32_t node) const { return mem_.read32(node + layout::kNodePtr); }
  // Tumbled node t_ of the current pair; aligned node s_ of the current list entry.
  uint32_t tumbledNode() const { return cur_pair_ + t_ * layout::kNodeBytes; }
  uint32_t alignedNode() const { return layout::entryAddr(entry_) + s_ * layout::kNodeBytes; }
  // The RTL's error checks (rtl/cc_core.v's fail() sites), made in the same states: the
  // golden model stopped at the same point, and the chip's cycles up to its error and its
  // drain depend on where it notices. A node pair or record pointer is bad by the chip's
  // rule (layout::badPointer).
  bool badPairPointer(uint32_t p) const { return layout::badPointer(p, layout::kPairBytes, layout::kPairBytes, cfg_.board_bytes); }
  bool badRecordPointer(uint32_t p) const { return layout::badPointer(p, layout::kTriBytes, layout::kTriBytes, cfg_.board_bytes); }
  static bool invalid(uint32_t node_flags) { return !(node_flags & layout::kFlagValid); }
  // S_TNODE: a tumbled node without VALID, or an inner one whose child pair pointer is bad.
  bool badTumbledNode(uint32_t node) const {
    const uint32_t f = flags(node);
    return invalid(f) || (!(f & layout::kFlagLeaf) && badPairPointer(ptr(node)));
  }
  // The next word of slot t's new list (t = 2: the leaf-list pass's output) is past the
  // list area.
  bool appendOverflows(int t) const { return (t == 2 ? ll_out_ + ll_olen_ : obase_[t] + olen_[t]) >= cfg_.list_words; }

  // The SDRAM port takes a request in cycle c. Speed only: a node pair's flag words, which the
  // controller looks at when the pair is in, are prefetched into the host's caches now.
  uint64_t takePort(PortKind kind, uint32_t addr, uint64_t c) {
    if (kind == PortKind::ReadPair)
      for (uint32_t n = 0; n < 2; ++n) mem_.prefetch(addr + n * layout::kNodeBytes + layout::kNodeFlags);
    return port_.take(kind, addr, c);
  }

  // ---------------------------------------------------------------- one cycle
  void step() {
    const uint64_t c = c_;
    // --- values of this cycle, from the registers ---
    const DotCycle dot = dotCycle(c);

    const bool pf_stop = st_ == S_ERROR || st_ == S_DRAIN;
    const uint32_t pf_count = pf_alloc_ - pf_head_;
    const bool pf_sram_req = pf_active_ && !pf_stop && pf_alloc_ < pf_words_.size() && pf_count != ahead_;
    const bool pf_mem_req = pf_active_ && !pf_stop && pf_req_ < pf_alloc_ && c >= pf_word_ok_[pf_req_ & slot_mask_];
    // The head entry matters in S_ENTRY and to the pops of S_LEAFENT and S_LL_SLOT.
    const bool head_valid = (st_ == S_ENTRY || st_ == S_LEAFENT || st_ == S_LL_SLOT) && headValid(c);

    const bool se_ready = eng_ == E_IDLE;
    const bool wq_written = wq_.empty() && !wq_push0_ && !wq_push1_;
    const bool wq_room2 = wq_.size() <= kWriteQueueDepth - 4;

    // Controller commands to the stack engine (combinational in the RTL).
    const bool go0 = present(0) && !leaf_[0] && olen_[0] != 0, go1 = present(1) && !leaf_[1] && olen_[1] != 0;
    const bool se_root = st_ == S_INIT;
    const bool se_push = st_ == S_DESCEND && (go0 || go1) && se_ready && depth_ < cfg_.stack_frames;
    const bool se_resume = st_ == S_ASCEND && se_ready && depth_ != 0;
    const bool frame_waiting = !frame_.bit && frame_.len != 0;
    const bool own = se_root || se_push || eng_ == E_PUSH || (eng_ == E_READ && eng_left_ >= 3) ||
                     (eng_ == E_DECIDE && frame_waiting);
    const bool wq_pop = !own && !wq_.empty();
    const bool pf_gnt = !own && wq_.empty() && pf_sram_req;

    // SDRAM port: the controller's request first, then the look-ahead engine's, then the fetch unit's.
    const bool sp_req_valid = sp_ == SP_REQ && !sp_cancel_;
    bool fsm_accept = false, sp_accept = false, pf_accept = false;
    if (fsm_req_valid_ || sp_req_valid || pf_mem_req) {
      if (port_.sd.readyFrom(c) == c) {
        if (fsm_req_valid_) {
          fsm_accept = true;
          deliver(fsm_dest_, takePort(fsm_kind_, fsm_addr_, c));
        } else if (sp_req_valid) {
          sp_accept = true;
          tbuf_req_[sp_bank_] = takePort(PortKind::ReadPair, sp_pair_, c);
        } else {
          pf_accept = true;
          pf_data_req_[pf_req_ & slot_mask_] = takePort(PortKind::ReadPair, entryAddrOf(pf_req_), c);
        }
      }
    }

    // --- the controller (reads this cycle's values, writes next cycle's registers) ---
    const bool pf_start_now = pf_start_, pf_follow_now = pf_follow_;
    pf_start_ = pf_follow_ = false;
    const bool push0 = wq_push0_, push1 = wq_push1_;
    const int64_t push_word[2] = {wq_push_word_[0], wq_push_word_[1]};
    wq_push0_ = wq_push1_ = false;
    fsm_req_valid_now_ = fsm_req_valid_;
    fsm_accept_now_ = fsm_accept;
    if (fsm_accept) fsm_req_valid_ = false;
    const bool pf_pop =
        controllerCycle(c, dot.out, spTick(c, dot, sp_accept), head_valid, wq_written, wq_room2, se_ready);

    // --- the fetch unit (rtl/cc_list_fetch.v) ---
    const bool counts_writes = fol_ && !pf_start_now && !pf_stop && !pf_follow_now;  // the followed list's
    const bool pf_continue = pf_start_now && fol_ && pf_start_base_ == fol_base_;
    if (pf_start_now && !pf_continue) {
      if (pf_alloc_ != pf_head_)  // the RTL starts afresh only with nothing in flight
        throw std::logic_error("timing model: list at " + std::to_string(pf_start_base_) +
                               " started afresh while the fetch unit holds " + std::to_string(pf_alloc_ - pf_head_) +
                               " entries of the followed list at " + std::to_string(fol_base_));
      pf_active_ = true;
      pf_words_.assign(log_.entries.begin() + pf_start_first_, log_.entries.begin() + pf_start_first_ + pf_start_len_);
      pf_alloc_ = pf_head_ = pf_req_ = 0;
    } else {
      if (pf_start_now) {
        pf_active_ = true;
        checkFollowedList();
      } else if (pf_stop) {
        pf_active_ = false;
      }
      if (pf_gnt) {
        pf_word_ok_[pf_alloc_ & slot_mask_] = c + 3;  // SRAM read two cycles, then the slot's flag
        pf_data_req_[pf_alloc_ & slot_mask_] = kNoRequest;
        ++pf_alloc_;
      }
      if (pf_accept) ++pf_req_;
      if (pf_pop && head_valid) ++pf_head_;
    }
    if (pf_start_now || pf_stop || pf_follow_now) {
      fol_ = pf_follow_now && !pf_stop;
      fol_base_ = pf_follow_base_;
    }

    // --- the write queue (a followed list's words go on to the fetch unit) and the stack engine ---
    if (wq_pop) {
      if (wq_.front() != kUnfollowed && counts_writes) pf_words_.push_back(static_cast<uint32_t>(wq_.front()));
      wq_.pop_front();
    }
    if (push0) wq_.push_back(push_word[0]);
    if (push1) wq_.push_back(push_word[1]);
    stackEngine(se_root, se_push, se_resume);
  }

  // The controller's cycle and the look-ahead engine's next state: `sp_next` is the
  // engine's own choice from this cycle's values; the controller's assignments win, as in
  // the RTL's always block. Returns whether the controller pops the fetch unit's head.
  bool controllerCycle(uint64_t c, uint8_t dot_out, SpState sp_next, bool head_valid, bool wq_written, bool wq_room2,
                       bool se_ready) {
    const bool cancel_next = sp_ == SP_IDLE ? false : sp_cancel_;
    sp_set_by_controller_ = false;
    sp_cancel_set_ = false;
    bool pf_pop = false;
    const uint8_t st_before = st_;
    try {
      controller(c, dot_out, head_valid, wq_written, wq_room2, se_ready, pf_pop);
    } catch (const LogEnd&) {
      st_ = S_ERROR;  // the golden query stopped here: the RTL raised its error (or ran out of work)
    }
    account(st_before, st_);
    if (fb_out_) ++fb_res_;  // after the controller, which reads the count as the register was
    sp_ = sp_set_by_controller_ ? sp_override_ : sp_next;
    sp_cancel_ = sp_cancel_set_ ? true : cancel_next;
    return pf_pop;
  }

  // ---------------------------------------------------------------- the DOTADD pipes
  // This cycle's issue on the shared unit (the controller's batch or the triangle pass
  // engine first, the look-ahead engine in the cycles they leave) and the result leaving
  // its pipe; with two transform lanes also node 1's issue on the pass unit (the
  // controller's pair first, then the look-ahead engine's, in the cycles side B's passes
  // leave) and the result leaving that unit. The pass engine's
  // results are not in the pipes: its schedule is fixed once its records are in (teResolve).
  struct DotCycle {
    bool sp_issue, sp_b_issue;
    uint8_t out;    // 0 none, 1 the controller's result, 2 the look-ahead engine's
    uint8_t b_out;  // from the pass unit: 0 none (or side B's), 1 the controller's node 1, 2 the look-ahead's
  };
  DotCycle dotCycle(uint64_t c) {
    teResolve(c);
    DotCycle d;
    const bool fsm_issue = st_ == S_DOT && dot_issue_ < layout::kDopK;
    const bool sp_dot = sp_ == SP_DOT && !sp_cancel_;
    d.sp_issue = !fsm_issue && sp_dot && !((sp_node_ || two_lanes_) && sp_i_ == 24) && !teIssues(c, 0);
    const bool fb_issue = two_lanes_ && fb_i_ != 24 && !teIssues(c, 1);
    d.sp_b_issue = two_lanes_ && !fb_issue && sp_dot && sp_i1_ != 24 && !teIssues(c, 1);
    d.out = pipe_[c % kDotPipe];
    pipe_[c % kDotPipe] = 0;
    d.b_out = pipe_b_[c % kDotPipe];
    pipe_b_[c % kDotPipe] = 0;
    if (fsm_issue || d.sp_issue) {
      pipe_[(c + stages_) % kDotPipe] = fsm_issue ? 1 : 2;
      dot_last_ = c + stages_;
      if (fsm_issue) dot_fsm_last_ = dot_last_;
    }
    if (fb_issue || d.sp_b_issue) {
      pipe_b_[(c + stages_) % kDotPipe] = fb_issue ? 1 : 2;
      dot_last_ = c + stages_;
    }
    if (fb_issue) ++fb_i_;
    fb_out_ = d.b_out == 1;
    return d;
  }

  // ---------------------------------------------------------------- the triangle pass engine
  // Started at S_TRI, it runs each side's two passes, nine DOTADDs each: side A's on the
  // shared DOTADD unit, side B's on the pass unit. Side s's frame pass issues one a cycle
  // from te_frame_[s], once its vertices are loaded: two cycles after S_TRI for a record
  // still in the buffer, the cycle after the record's arrival otherwise (te_side_from_).
  // Its leaf-matrix DOTADD k issues in order after the frame pass, once the other record
  // is in (rec_in_q, a cycle before its vertices are loaded) and the frame-pass result it
  // reads is (log_.leaf_need; operand forwarding): te_leaf_[s][k]. The frame pass's result
  // o is in from te_frame_[s] + o + stages + 1 on; the leaf-matrix pass is written
  // (te_done_q[s] up) from its last issue + stages + 2 on. The issue cycles are fixed as
  // soon as the records' arrivals are (teResolve: a grant may still move until then).
  // Side s's passes issue in this cycle (side A's on the shared DOTADD unit, side B's on
  // the pass unit).
  bool teIssues(uint64_t c, int s) const {
    if (te_frame_[s] != kNever && c >= te_frame_[s] && c < te_frame_[s] + 9) return true;
    if (te_leaf_[s][8] == kNever || c < te_leaf_[s][0] || c > te_leaf_[s][8]) return false;
    for (uint64_t t : te_leaf_[s])
      if (t == c) return true;
    return false;
  }
  // When side s's leaf-matrix pass is written (kNever: not known yet).
  uint64_t teLeafDone(uint32_t s) const { return te_leaf_[s][8] == kNever ? kNever : te_leaf_[s][8] + stages_ + 2; }
  // When the side the controller waits for (E_TRI_A, E_TRI_B) has its leaf-matrix pass written.
  uint64_t teSideDone() const { return teLeafDone(tri_side_); }
  // The cycle after side s's last issue (side A on the shared unit, side B on the pass unit;
  // 0: never started; kNever: not known yet).
  uint64_t teIssueEnd(int s = 0) const {
    if (!te_started_) return 0;
    return te_leaf_[s][8] == kNever ? kNever : te_leaf_[s][8] + 1;
  }
  // From when the engine is idle (te_idle): both sides' leaf-matrix passes written.
  uint64_t teIdleFrom() const { return te_started_ ? std::max(teLeafDone(0), teLeafDone(1)) : 0; }
  void teStart(uint64_t c, const bool need[2]) {
    te_started_ = true;
    for (int r = 0; r < 2; ++r) {
      rec_req_[r] = kNoRequest;
      te_side_from_[r] = need[r] ? kNever : c + 2;
      te_frame_[r] = kNever;
      te_leaf_[r].fill(kNever);
    }
    teResolve(c);  // both records held: the passes' schedule is fixed already
  }
  void teResolve(uint64_t c) {
    if (!te_started_ || te_leaf_[1][8] != kNever) return;
    for (int r = 0; r < 2; ++r) {
      if (te_side_from_[r] != kNever) continue;
      const uint64_t a = port_.arrival(rec_req_[r]);  // kNever while not asked for
      if (c >= a) te_side_from_[r] = a + 1;
    }
    te_frame_[0] = te_side_from_[0];  // a frame pass needs only its own record
    te_frame_[1] = te_side_from_[1];
    if (te_frame_[0] == kNever || te_frame_[1] == kNever) return;
    for (int s = 0; s < 2; ++s) {
      uint64_t t = std::max(te_frame_[s] + 9, te_side_from_[1 - s] - 1);
      for (int k = 0; k < 9; ++k) {
        const int o = log_.leaf_need[s][k];
        if (o >= 0) t = std::max(t, te_frame_[s] + static_cast<uint64_t>(o) + stages_ + 1);
        te_leaf_[s][k] = t++;
      }
    }
  }

  // ---------------------------------------------------------------- the look-ahead engine
  // Its next state from this cycle's values; advances its DOTADD counters.
  SpState spTick(uint64_t c, const DotCycle& dot, bool sp_accept) {
    SpState next = sp_;
    const uint32_t issued = spIssued();
    const uint32_t results = (dot.out == 2 ? 1 : 0) + (dot.b_out == 2 ? 1 : 0);
    switch (sp_) {
      case SP_REQ:
        if (sp_cancel_) next = SP_IDLE;
        else if (sp_accept) next = SP_WAIT;
        break;
      case SP_WAIT:
        if (port_.arrived(tbuf_req_[sp_bank_], c)) next = sp_cancel_ ? SP_IDLE : SP_DOT;
        break;
      case SP_DOT:
        if (sp_res_ + results == issued) {
          if (sp_cancel_) next = SP_IDLE;
          else if (issued == 48) next = SP_DONE;
        }
        break;
      case SP_DONE:
        if (sp_cancel_) next = SP_IDLE;
        break;
      default:
        break;
    }
    sp_res_ += results;
    if (dot.sp_b_issue) ++sp_i1_;
    if (dot.sp_issue) {
      if (sp_i_ == 23 && !sp_node_ && !two_lanes_) {
        sp_i_ = 0;
        sp_node_ = true;
      } else {
        ++sp_i_;
      }
    }
    return next;
  }
  // DOTADDs the look-ahead engine has issued (of 48).
  uint32_t spIssued() const { return two_lanes_ ? sp_i_ + sp_i1_ : sp_node_ ? 24 + sp_i_ : sp_i_; }

  // ---------------------------------------------------------------- quiet cycles
  // Speed only. While no SRAM access and no SDRAM request can happen before a known cycle
  // (quiet()) and the controller is in a state that neither asks for the port, the fetch
  // unit, the write queue nor the stack engine (lightState()), a cycle needs only the
  // DOTADD pipe, the look-ahead engine, the controller and the stack engine's count-down
  // (lightCycle()). Where the controller only waits and the pipe and engines are idle or
  // run alone, the wait is jumped over in closed form. The result is the same as stepping
  // (tests/tlm: stepping every cycle, with the trace on, gives the same cycles and breakdown).
  bool quiet() const {
    if (fsm_req_valid_ || pf_start_ || pf_follow_ || !wq_.empty() || wq_push0_ || wq_push1_) return false;
    if (sp_ == SP_REQ) return false;
    if (pf_active_ && pf_alloc_ < pf_words_.size() && pf_alloc_ - pf_head_ != ahead_) return false;  // an SRAM read to come
    return true;
  }
  static bool lightState(uint8_t s) {
    switch (s) {
      case S_TNODE_DONE: case S_LIST_INIT: case S_ENTRY: case S_TEST: case S_TEST_NEXT: case S_LIST_END:
      case S_LL_CHECK: case S_LL_NEXT: case S_PAIR_WAIT: case S_SPEC_WAIT: case S_ASC_WAIT: case S_DOT:
      case E_TRI_A: case E_TRI_B: case E_IT:
        return true;
      default:
        return false;
    }
  }
  void lightCycle() {
    const DotCycle dot = dotCycle(c_);
    const bool head_valid = st_ == S_ENTRY && headValid(c_);  // only S_ENTRY looks at it
    controllerCycle(c_, dot.out, spTick(c_, dot, false), head_valid, true, true, eng_ == E_IDLE);
    stackEngine(false, false, false);
    ++c_;
  }
  // The cycle of the fetch unit's next SDRAM request (kNever: none to make). Nothing else
  // asks for the port while quiet, so it is taken as soon as the port is ready.
  uint64_t fetchRequestCycle() const {
    if (!pf_active_ || pf_req_ == pf_alloc_) return kNever;
    return port_.sd.readyFrom(std::max(c_, pf_word_ok_[pf_req_ & slot_mask_]));
  }
  bool headValid(uint64_t c) const {
    return pf_alloc_ != pf_head_ && c >= pf_word_ok_[pf_head_ & slot_mask_] &&
           port_.arrived(pf_data_req_[pf_head_ & slot_mask_], c);
  }
  // Whether the controller leaves its wait state in this cycle.
  bool controllerActs() const {
    switch (st_) {
      case E_IT: return it_left_ <= 1;
      case E_TRI_A: case E_TRI_B: return c_ >= teSideDone();
      case S_PAIR_WAIT: return port_.arrived(tbuf_req_[cur_bank_], c_);
      case S_SPEC_WAIT: return sp_ == SP_DONE;
      case S_DOT: return pipe_[c_ % kDotPipe] == 1 && dot_done_ + 1 == layout::kDopK;
      case S_ENTRY: return k_ == (in_ll_ ? ll_len_ : cur_len_) || headValid(c_);
      case S_ASC_WAIT: return eng_ == E_IDLE;
      default: return true;
    }
  }
  // When the controller acts next if only SDRAM data arrives meanwhile (kNever: later
  // than that, or not known).
  uint64_t controllerActCycle() const {
    switch (st_) {
      case E_IT: return c_ + it_left_ - 1;
      case E_TRI_A: case E_TRI_B: return teSideDone() != kNever ? teSideDone() : recordArrival();
      case S_PAIR_WAIT: return port_.arrival(tbuf_req_[cur_bank_]);
      case S_ENTRY:
        if (pf_alloc_ == pf_head_ || pf_data_req_[pf_head_ & slot_mask_] == kNoRequest) return kNever;
        return std::max(pf_word_ok_[pf_head_ & slot_mask_], port_.arrival(pf_data_req_[pf_head_ & slot_mask_]));
      default: return kNever;
    }
  }
  // Nothing moves but SDRAM data and count-downs: no DOTADD in flight or to issue, the
  // look-ahead engine not transforming.
  bool onlyMemoryMoves() const { return st_ != S_DOT && sp_ != SP_DOT && fb_res_ == 24 && c_ > dot_last_; }
  // The cycle the look-ahead engine's pair read is in (it starts transforming after it).
  uint64_t lookAheadArrival() const { return sp_ == SP_WAIT ? port_.arrival(tbuf_req_[sp_bank_]) : kNever; }
  // The cycle in which the stack engine next changes state (its count-down ends).
  uint64_t engineEvent() const {
    switch (eng_) {
      case E_IDLE: return kNever;
      case E_DECIDE: return c_;
      default: return c_ + eng_left_ - 1;
    }
  }
  // The first cycle from which a jump must not go on: something other than the waiting
  // controller and the DOTADD pipe acts then.
  uint64_t nextEvent(uint64_t fetch_at) const { return std::min({fetch_at, lookAheadArrival(), engineEvent()}); }
  // Time goes on to `to` (> c_) for the engines: count-downs, a cancel that has done its work.
  void advance(uint64_t to) {
    if (eng_ == E_PUSH || eng_ == E_READ) eng_left_ -= static_cast<uint32_t>(to - c_);
    if (sp_ == SP_IDLE) sp_cancel_ = false;
    c_ = to;
  }
  // The controller waits on from c_ to `to` (> c_): nothing but the counters moves.
  void wait(uint64_t to) {
    account(st_, st_, to - c_);
    if (st_ == E_IT) it_left_ -= to - c_;
    advance(to);
  }
  // The controller's DOTADD batch: it issues one a cycle (first), each result `stages_`
  // cycles later; a transforming look-ahead engine issues in the cycles after the batch.
  // Jumps to the cycle the batch's last result leaves the pipe. Not when the look-ahead
  // engine has issued all 48 (its last results may end its transform before then).
  bool jumpDotBatch(uint64_t limit) {
    if (st_ != S_DOT) return false;
    const bool sp_runs = sp_ == SP_DOT;
    if ((sp_runs && two_lanes_) || fb_res_ != 24) return false;  // not modelled in closed form: stepped
    const uint32_t sp_issued = spIssued();
    if (sp_runs && (sp_cancel_ || sp_issued == 48)) return false;
    const uint64_t left = layout::kDopK - dot_issue_;
    const uint64_t to = left != 0 ? c_ + left - 1 + stages_ : dot_fsm_last_;
    if (to <= c_ || to > limit) return false;
    for (uint64_t c = c_; c < to; ++c) {  // the results in flight that leave before
      uint8_t& out = pipe_[c % kDotPipe];
      if (out == 1) ++dot_done_;
      if (out == 2) ++sp_res_;
      out = 0;
    }
    if (left != 0) dot_done_ += left - 1;  // the batch's own, but its last
    dot_issue_ = layout::kDopK;
    pipe_[to % kDotPipe] = 1;
    dot_fsm_last_ = dot_last_ = to;
    if (sp_runs) {
      const uint64_t first = c_ + left;  // the look-ahead engine's first issue
      const uint64_t k = std::min<uint64_t>(48 - sp_issued, to - first);
      for (uint64_t j = 0; j < k; ++j) pipe_[(first + j + stages_) % kDotPipe] = 2;
      if (k != 0) dot_last_ = first + k - 1 + stages_;
      const uint32_t issued = sp_issued + static_cast<uint32_t>(k);
      sp_node_ = issued >= 24;
      sp_i_ = sp_node_ ? issued - 24 : issued;
    }
    wait(to);
    return true;
  }
  // Only the look-ahead engine's transform is in the pipes (the controller waits
  // elsewhere): the same, up to its 48th result. One lane issues the 48 DOTADDs one a
  // cycle; two lanes issue node 0's on the shared unit and node 1's on the pass unit side
  // by side, so the last result leaves after the longer lane's issues.
  bool jumpLookAheadTransform(uint64_t limit) {
    if (sp_ != SP_DOT || sp_cancel_ || st_ == S_DOT || c_ < teIssueEnd(0)) return false;
    if (two_lanes_ && (fb_i_ != 24 || fb_res_ != 24 || c_ < teIssueEnd(1))) return false;  // the pass unit is the lane's alone
    const uint64_t left = two_lanes_ ? std::max(24 - sp_i_, 24 - sp_i1_) : 48 - spIssued();
    const uint64_t to = left != 0 ? c_ + left - 1 + stages_ : dot_last_;
    if (to <= c_ || to > std::min(limit, controllerActCycle())) return false;
    if (two_lanes_) {
      sp_i1_ = 24;
      pipe_b_.fill(0);
    } else {
      sp_node_ = true;
    }
    sp_i_ = 24;
    sp_res_ = 47;
    pipe_.fill(0);
    pipe_[to % kDotPipe] = 2;
    dot_last_ = to;
    wait(to);
    return true;
  }
  void skipQuietCycles() {
    if (!quiet()) return;
    const uint64_t fetch_at = fetchRequestCycle();
    while (c_ < fetch_at && lightState(st_)) {
      const uint64_t limit = nextEvent(fetch_at);
      if (!controllerActs()) {
        if (onlyMemoryMoves()) {
          const uint64_t to = std::min(limit, controllerActCycle());
          if (to == kNever) throw std::logic_error("timing model: the chip waits for nothing");
          if (to > c_) {
            wait(to);
            continue;
          }
        }
        if (jumpDotBatch(limit) || jumpLookAheadTransform(limit)) continue;
      }
      lightCycle();
      if (c_ > kLongestQuery) throw std::logic_error("timing model: query does not end");
    }
  }

  // ---------------------------------------------------------------- pieces of state
  bool present(int t) const { return (cur_mask_ >> t) & 1u; }
  // The look-ahead engine has (or is getting) `pair` and will transform it (rtl/cc_core.v sp_live).
  bool lookAheadHas(uint32_t pair) const { return sp_ != SP_IDLE && !sp_cancel_ && sp_pair_ == pair; }
  // The frame the next resume hands over: the topmost one whose slot-1 list still waits
  // (nullptr: none; rtl/cc_core.v resume_any, resume_pair).
  const Frame* resumeFrame() const {
    for (uint32_t i = depth_; i-- > 0;)
      if (!frames_[i].bit && frames_[i].len != 0) return &frames_[i];
    return nullptr;
  }
  // The controller's two-step loops (t_, s_ with their counters t2_, s2_ up to 2).
  void nextTumbled() {
    t_ ^= 1;
    ++t2_;
  }
  void nextSlot() {
    s_ ^= 1;
    ++s2_;
  }
  uint32_t entryAddrOf(uint32_t j) const { return layout::entryAddr(pf_words_[j]); }
  uint32_t headEntry() const { return pf_words_[pf_head_]; }
  // A continued start: the words the fetch unit has of the followed list (from its head on,
  // the list's first word) must be the golden model's entries of the list now started.
  void checkFollowedList() const {
    const bool same = pf_words_.size() == size_t{pf_head_} + pf_start_len_ &&
                      std::equal(pf_words_.begin() + pf_head_, pf_words_.end(), log_.entries.begin() + pf_start_first_);
    if (!same)
      throw std::logic_error("timing model: the followed list at " + std::to_string(pf_start_base_) +
                             " differs from the golden model's");
  }
  // The first arrival of a record the pass engine still waits for (kNever: none known).
  uint64_t recordArrival() const {
    uint64_t a = kNever;
    for (int r = 0; r < 2; ++r)
      if (te_side_from_[r] == kNever && rec_req_[r] != kNoRequest) a = std::min(a, port_.arrival(rec_req_[r]));
    return a;
  }

  void deliver(Dest d, uint64_t n) {
    switch (d) {
      case D_TBUF0: tbuf_req_[0] = n; break;
      case D_TBUF1: tbuf_req_[1] = n; break;
      case D_REC_A: rec_req_[0] = n; break;
      case D_REC_B: rec_req_[1] = n; break;
      default: break;
    }
  }
  void fsmRequest(PortKind kind, uint32_t addr, Dest dest) {
    fsm_req_valid_ = true;
    fsm_kind_ = kind;
    fsm_addr_ = addr;
    fsm_dest_ = dest;
  }
  // The fetch unit starts on the list at `base` next cycle; its entries are the log's
  // from `first` on (or, for the followed list, the words it has read ahead and on).
  void startFetch(uint32_t base, uint32_t len, uint32_t first) {
    pf_start_ = true;
    pf_start_base_ = base;
    pf_start_len_ = len;
    pf_start_first_ = first;
  }
  // With list_follow the fetch unit follows, from next cycle, the list the controller
  // processes next: `slot` 0 or 1 (that tumbled node's new list) or 2 (the next leaf pass).
  void followNext(int slot, uint32_t base) {
    if (!cfg_.list_follow) return;
    fol_slot_ = slot;
    pf_follow_ = true;
    pf_follow_base_ = base;
  }
  void setSp(SpState s) {
    sp_override_ = s;
    sp_set_by_controller_ = true;
  }
  void cancelSp() { sp_cancel_set_ = true; }
  // A list entry into the write queue (registered; entry 0 first in a cycle): `slot` 0 or
  // 1 for that tumbled node's new list, 2 for the leaf pass's.
  void append(int slot, uint32_t word) {
    const int64_t w = cfg_.list_follow && slot == fol_slot_ ? int64_t{word} : kUnfollowed;
    if (!wq_push0_) {
      wq_push0_ = true;
      wq_push_word_[0] = w;
    } else {
      wq_push1_ = true;
      wq_push_word_[1] = w;
    }
  }
  static uint32_t childPairEntry(uint32_t child_pair) { return layout::entryAddr(child_pair) | 3u; }
  // S_DOT: the DOP transform of tumbled node t_ (kDopK DOTADDs), then S_TNODE_DONE.
  void dot() {
    dot_issue_ = dot_done_ = 0;
    ret_ = S_TNODE_DONE;
    st_ = S_DOT;
  }

  // ---------------------------------------------------------------- the master controller
  void controller(uint64_t c, uint8_t dot_out, bool head_valid, bool wq_written, bool wq_room2, bool se_ready,
                  bool& pf_pop) {
    switch (st_) {
      case S_INIT:
        top_ = 1;
        cur_pair_ = log_.lists.empty() ? 0 : log_.lists[0].pair;  // ROOT_A
        cur_mask_ = 1;
        cur_base_ = 0;
        cur_len_ = 1;
        st_ = S_PAIR_BEGIN;
        break;
      case S_ERROR:
        if (sp_ != SP_IDLE) cancelSp();
        st_ = S_DRAIN;
        break;
      case S_DRAIN: {
        // A cancelled look-ahead transform is not waited for (rtl/cc_core.v S_DRAIN).
        const bool sp_quiet = sp_ == SP_IDLE || (sp_ == SP_DOT && sp_cancel_);
        if (sp_ != SP_IDLE) cancelSp();
        if (sp_quiet && port_.sd.idleFrom() <= c && !fsm_req_valid_ && port_.readsDone(c) && wq_written && se_ready &&
            c >= teIdleFrom() && fb_res_ == 24) {
          st_ = S_DONE;
        }
        break;
      }

      case S_PAIR_BEGIN: {
        fb_node1_ = false;
        const auto& l = nextList(cur_pair_, cur_base_, cur_len_, false);
        list_first_ = l.first_entry;
        if (badPairPointer(cur_pair_)) {
          st_ = S_ERROR;
          break;
        }
        if (cur_mask_ == 3 && lookAheadHas(cur_pair_)) {
          cur_bank_ = sp_bank_;
          spec_used_ = true;
        } else {
          if (sp_ != SP_IDLE) cancelSp();
          spec_used_ = false;
          fsmRequest(PortKind::ReadPair, cur_pair_, cur_bank_ ? D_TBUF1 : D_TBUF0);
          tbuf_req_[cur_bank_] = kNoRequest;
        }
        st_ = S_PAIR_REQ;
        break;
      }
      case S_PAIR_REQ:
        if (!fsm_req_valid_now_ && wq_written) {
          if (!list_started_) startFetch(cur_base_, cur_len_, list_first_);
          list_started_ = false;
          st_ = spec_used_ ? S_SPEC_WAIT : S_PAIR_WAIT;
        }
        break;
      case S_PAIR_WAIT:
        if (port_.arrived(tbuf_req_[cur_bank_], c)) {
          t_ = 0;
          t2_ = 0;
          st_ = S_TNODE;
        }
        break;
      case S_SPEC_WAIT:
        if (sp_ == SP_DONE) {
          setSp(SP_IDLE);
          t_ = 0;
          t2_ = 0;
          st_ = S_TNODE;
        }
        break;
      case S_TNODE:
        if (t2_ == 2) {
          st_ = S_LIST_INIT;
        } else if (!present(t_)) {
          nextTumbled();
        } else if (badTumbledNode(tumbledNode())) {
          st_ = S_ERROR;  // the golden model's processPair stopped here too
        } else {
          const uint32_t node = tumbledNode();
          const bool leaf = flags(node) & layout::kFlagLeaf;
          leaf_[t_] = leaf;
          childp_[t_] = ptr(node);
          const bool spec_start = !leaf && (t_ == 0 || !present(0) || leaf_[0]) && sp_ == SP_IDLE;
          // A pair of leaves: the look-ahead engine takes the pair resumed next (resume_ahead).
          const bool pair_of_leaves = leaf && (t_ == 1 ? !present(0) || leaf_[0] : !present(1));
          const Frame* resume = cfg_.resume_ahead && pair_of_leaves && sp_ == SP_IDLE ? resumeFrame() : nullptr;
          if (spec_start || resume) {
            setSp(SP_REQ);
            sp_pair_ = spec_start ? childp_[t_] : resume->next_pair;
            sp_bank_ = !cur_bank_;
            sp_node_ = false;
            sp_i_ = 0;
            sp_i1_ = 0;
            sp_res_ = 0;
            tbuf_req_[!cur_bank_] = kNoRequest;
          }
          if (spec_used_) {
            st_ = S_TNODE_DONE;
          } else if (t_ == 1 && fb_node1_) {  // transformed on the pass unit
            fb_node1_ = false;
            st_ = fb_res_ == 24 ? S_TNODE_DONE : S_DOT_WAIT;
          } else {
            if (two_lanes_ && t_ == 0 && present(1)) {  // node 1 on the pass unit meanwhile
              fb_i_ = fb_res_ = 0;  // the last pair's node 1 is done (S_TNODE_DONE or S_DRAIN waited)
              fb_node1_ = true;
            }
            dot();
          }
        }
        break;
      case S_DOT_WAIT:
        if (fb_res_ + (fb_out_ ? 1 : 0) == 24) st_ = S_TNODE_DONE;
        break;
      case S_TNODE_DONE:
        nextTumbled();
        st_ = S_TNODE;
        break;
      case S_LIST_INIT:
        in_ll_ = false;
        obase_[0] = top_;
        obase_[1] = top_ + 2 * cur_len_;
        olen_[0] = olen_[1] = 0;
        // Next: a tumbled leaf's leaf list (T1's first), else T1's child list.
        if (present(1) && leaf_[1] && !leaf_[0]) followNext(1, obase_[1]);
        else followNext(0, obase_[0]);
        k_ = 0;
        st_ = S_ENTRY;
        break;

      case S_ENTRY:
        if (k_ == (in_ll_ ? ll_len_ : cur_len_)) {
          if (in_ll_) {
            top_ = ll_out_ + ll_olen_;
            ll_base_ = ll_out_;
            ll_len_ = ll_olen_;
            st_ = S_LL_PASS;
          } else {
            st_ = S_LIST_END;
          }
        } else if (head_valid) {
          entry_ = headEntry();
          s_ = 0;
          s2_ = 0;
          leafmask_[0] = leafmask_[1] = 0;
          st_ = in_ll_ ? S_LL_SLOT : S_SLOT;
        }
        break;
      case S_SLOT:
        if (s2_ == 2) {
          st_ = S_LEAFENT;
        } else if (!(entry_ & (1u << s_))) {
          nextSlot();
        } else if (invalid(flags(alignedNode()))) {
          st_ = S_ERROR;
        } else {
          const uint32_t anode = alignedNode();
          const bool aleaf = flags(anode) & layout::kFlagLeaf;
          const bool h0 = present(0) && peekOverlapOrMiss(0);
          const bool h1 = present(1) && peekOverlapOrMiss(present(0) ? 1 : 0);
          const bool slot_tri = aleaf && ((h0 && leaf_[0]) || (h1 && leaf_[1]));
          // An error among its outcomes takes the step-by-step path too (rtl slot_err).
          const bool slot_err = !aleaf && (h0 || h1) &&
                                (badPairPointer(ptr(anode)) || (h0 && appendOverflows(0)) || (h1 && appendOverflows(1)));
          if (slot_tri || slot_err) {
            t_ = 0;
            t2_ = 0;
            st_ = S_TEST;
          } else if (wq_room2 || aleaf || (!h0 && !h1)) {
            takeOverlaps(present(0) + present(1));
            if (!aleaf) {
              if (h0) append(0, childPairEntry(ptr(anode)));
              if (h1) append(1, childPairEntry(ptr(anode)));
              olen_[0] += h0;
              olen_[1] += h1;
            } else {
              if (h0) leafmask_[0] |= 1u << s_;
              if (h1) leafmask_[1] |= 1u << s_;
            }
            nextSlot();
          }
        }
        break;
      case S_TEST:
        if (t2_ == 2) {
          nextSlot();
          st_ = S_SLOT;
        } else if (!present(t_)) {
          nextTumbled();
        } else {
          const bool hit = peekOverlap(0);
          takeOverlaps(1);
          const uint32_t anode = alignedNode();
          const bool aleaf = flags(anode) & layout::kFlagLeaf;
          if (!hit) {
            nextTumbled();
          } else if (!aleaf && badPairPointer(ptr(anode))) {
            st_ = S_ERROR;
          } else if (!aleaf) {
            app_ll_ = false;
            app_t_ = t_;
            app_word_ = childPairEntry(ptr(anode));
            ret_ = S_TEST_NEXT;
            st_ = S_APPEND;
          } else if (!leaf_[t_]) {
            leafmask_[t_] |= 1u << s_;
            nextTumbled();
          } else {
            triStart(tumbledNode(), anode, S_TEST_NEXT);
          }
        }
        break;
      case S_TEST_NEXT:
        nextTumbled();
        st_ = S_TEST;
        break;
      case S_LEAFENT: {
        const bool any = leafmask_[0] != 0 || leafmask_[1] != 0;
        if ((leafmask_[0] != 0 && appendOverflows(0)) || (leafmask_[1] != 0 && appendOverflows(1))) {
          st_ = S_ERROR;
        } else if (!any || wq_room2) {
          for (int t = 0; t < 2; ++t)
            if (leafmask_[t] != 0) append(t, layout::entryAddr(entry_) | leafmask_[t]);
          olen_[0] += leafmask_[0] != 0;
          olen_[1] += leafmask_[1] != 0;
          ++k_;
          pf_pop = true;
          st_ = S_ENTRY;
        }
        break;
      }
      case S_LIST_END:
        top_ = obase_[1] + olen_[1];
        lt_ = 0;
        st_ = S_LL_CHECK;
        break;

      case S_LL_CHECK:
        if (lt_ == 2) {
          top_ = obase_[1] + olen_[1];
          st_ = S_DESCEND;
        } else if (present(lt_) && leaf_[lt_] && olen_[lt_] != 0) {
          ll_base_ = obase_[lt_];
          ll_len_ = olen_[lt_];
          t_ = lt_;
          st_ = S_LL_PASS;
        } else {
          ++lt_;
        }
        break;
      case S_LL_PASS:
        if (ll_len_ == 0) {
          ++lt_;
          st_ = S_LL_CHECK;
        } else if (wq_written) {
          const auto& l = nextList(0, ll_base_, ll_len_, true);
          ll_out_ = top_;
          ll_olen_ = 0;
          k_ = 0;
          startFetch(ll_base_, ll_len_, l.first_entry);
          followNext(2, top_);
          in_ll_ = true;
          st_ = S_ENTRY;
        }
        break;
      case S_LL_SLOT:
        if (s2_ == 2) {
          ++k_;
          pf_pop = true;
          st_ = S_ENTRY;
        } else if (!(entry_ & (1u << s_))) {
          nextSlot();
        } else if (invalid(flags(alignedNode()))) {
          st_ = S_ERROR;
        } else {
          const bool hit = peekOverlap(0);
          takeOverlaps(1);
          const uint32_t anode = alignedNode();
          if (!hit) {
            nextSlot();
          } else if (flags(anode) & layout::kFlagLeaf) {
            triStart(tumbledNode(), anode, S_LL_NEXT);
          } else if (badPairPointer(ptr(anode))) {
            st_ = S_ERROR;
          } else {
            app_ll_ = true;
            app_word_ = childPairEntry(ptr(anode));
            ret_ = S_LL_NEXT;
            st_ = S_APPEND;
          }
        }
        break;
      case S_LL_NEXT:
        nextSlot();
        st_ = S_LL_SLOT;
        break;

      case S_DESCEND:
        if (!go0_now() && !go1_now()) {
          st_ = S_ASCEND;
        } else if (depth_ >= cfg_.stack_frames) {
          st_ = S_ERROR;
        } else if (se_ready) {
          const bool g0 = go0_now(), g1 = go1_now();
          const int s = g0 ? 0 : 1;
          pushed_ = Frame{(g0 && g1) ? childp_[1] : 0, g0 ? obase_[1] : 0,
                          g0 ? ((present(1) && !leaf_[1]) ? olen_[1] : 0) : 0, !g0};
          cur_pair_ = childp_[s];
          cur_base_ = obase_[s];
          cur_len_ = olen_[s];
          cur_mask_ = 3;
          st_ = S_PAIR_BEGIN;
        }
        break;
      case S_ASCEND:
        if (se_ready) {
          st_ = depth_ == 0 ? S_DRAIN : S_ASC_WAIT;
          // resume_ahead: the fetch unit starts on the list resumed next (the golden model's
          // next) if the look-ahead engine has its pair (else the pair is asked for first).
          const Frame* f = cfg_.resume_ahead ? resumeFrame() : nullptr;
          if (f && lookAheadHas(f->next_pair)) {
            if (list_i_ >= log_.lists.size()) throw LogEnd{};
            const auto& l = log_.lists[list_i_];
            if (l.base != f->base || l.len != f->len)
              throw std::logic_error("timing model: the list resumed next differs from the golden model's");
            startFetch(f->base, f->len, l.first_entry);
            list_started_ = true;
          }
        }
        break;
      case S_ASC_WAIT:
        if (se_ready) {
          if (!frame_.bit && frame_.len != 0) {  // the stack engine found a waiting list
            cur_pair_ = frame_.next_pair;
            cur_mask_ = 3;
            cur_base_ = frame_.base;
            cur_len_ = frame_.len;
            top_ = frame_.base + frame_.len;
            st_ = S_PAIR_BEGIN;
          } else {
            st_ = S_DRAIN;
          }
        }
        break;

      // ---------------------------------------------------------------- subroutines
      case S_DOT:
        if (dot_issue_ < layout::kDopK) ++dot_issue_;
        if (dot_out == 1 && ++dot_done_ == layout::kDopK) st_ = ret_;
        break;
      case S_APPEND:
        if (appendOverflows(app_ll_ ? 2 : int(app_t_))) {
          st_ = S_ERROR;
        } else if (wq_room2) {
          append(app_ll_ ? 2 : int(app_t_), app_word_);
          if (app_ll_) ++ll_olen_;
          else ++olen_[app_t_];
          st_ = ret_;
        }
        break;

      case S_TRI: {
        if (c < teIdleFrom()) break;  // side B's passes of the last test still run
        // A record one of its side's two entries holds is not read again; else it is read
        // into the entry the last test did not use. A record in the result area is never
        // reused (a result may land in it).
        const uint32_t rec[2] = {ptr(tri_tnode_), ptr(tri_anode_)};
        if (badRecordPointer(rec[0]) || badRecordPointer(rec[1])) {
          st_ = S_ERROR;
          break;
        }
        bool need[2];
        for (int r = 0; r < 2; ++r) {
          RecordEntry* e = rec_ent_[r];
          const int held = e[0].valid && e[0].addr == rec[r] ? 0 : e[1].valid && e[1].addr == rec[r] ? 1 : -1;
          need[r] = held < 0;
          rec_mru_[r] = held >= 0 ? held : 1 - rec_mru_[r];
          if (need[r]) e[rec_mru_[r]] = {rec[r], !inResultArea(rec[r])};
        }
        teStart(c, need);
        tri_side_ = 0;
        if (need[0]) {
          fsmRequest(PortKind::ReadRecord, rec[0], D_REC_A);
          st_ = E_TRI_REQB;
        } else {
          if (need[1]) fsmRequest(PortKind::ReadRecord, rec[1], D_REC_B);
          st_ = E_TRI_A;
        }
        break;
      }
      case E_TRI_REQB:
        if (fsm_accept_now_) {
          if (te_side_from_[1] == kNever) fsmRequest(PortKind::ReadRecord, rec_ent_[1][rec_mru_[1]].addr, D_REC_B);  // B not held
          st_ = E_TRI_A;
        }
        break;
      case E_TRI_A:
      case E_TRI_B:
        if (c >= teSideDone()) {
          startItSide();
          st_ = E_IT;
        }
        break;
      case E_IT:
        if (--it_left_ == 0) {
          if (!it_hit_ && tri_side_ == 0) {  // side A without a certain hit: side B now or when written
            tri_side_ = 1;
            if (c >= teSideDone()) startItSide();
            else st_ = E_TRI_B;
          } else {
            // A result (a certain hit, or an uncertain pair for the host), or the test is over.
            result_uncertain_ = !it_hit_;
            st_ = (it_hit_ || it_uncertain_) ? uint8_t{E_RESULT} : ret_;
          }
        }
        break;
      case E_RESULT: {
        if (result_i_ >= log_.results.size()) throw LogEnd{};  // overflow or bad pointer in golden
        fsmRequest(PortKind::WriteBeat, log_.results[result_i_++], D_WRITE);
        st_ = E_RESULT_WAIT;
        break;
      }
      case E_RESULT_WAIT:
        if (fsm_accept_now_) st_ = (mode_first_ && !result_uncertain_) ? uint8_t{S_DRAIN} : ret_;
        break;
      default:
        throw std::logic_error("timing model: unknown controller state " + std::to_string(st_));
    }
  }

  // The IT-unit takes the next side of the golden model's log (micro-op TRI).
  void startItSide() {
    if (side_i_ >= log_.sides.size()) throw LogEnd{};
    const auto& sd = log_.sides[side_i_++];
    it_hit_ = sd.hit;
    it_uncertain_ = (tri_side_ == 1 && it_uncertain_) || sd.uncertain;  // either side's
    it_left_ = itCycles(sd);
  }
  // The controller's cycles in E_IT for one side: cc_it_unit's micro-op TRI.
  uint64_t itCycles(const QueryLog::TriSide& sd) const {
    return itTriCycles(sd.computed, cfg_.it_mul_stages, cfg_.it_add_stages);
  }

  bool go0_now() const { return present(0) && !leaf_[0] && olen_[0] != 0; }
  bool go1_now() const { return present(1) && !leaf_[1] && olen_[1] != 0; }

  void triStart(uint32_t tnode, uint32_t anode, uint8_t ret) {
    tri_tnode_ = tnode;
    tri_anode_ = anode;
    ret_ = ret;
    st_ = S_TRI;
  }

  // ---------------------------------------------------------------- stack engine (frames)
  void stackEngine(bool root, bool push, bool resume) {
    switch (eng_) {
      case E_IDLE:
        if (root) depth_ = 0;
        if (push) {
          if (frames_.size() <= depth_) frames_.resize(depth_ + 1);
          frames_[depth_] = pushed_;
          ++depth_;
          eng_ = E_PUSH;
          eng_left_ = 2;
        }
        if (resume) {
          frame_idx_ = depth_ - 1;
          eng_ = E_READ;
          eng_left_ = 5;  // three reads, two cycles until the last word is in
        }
        break;
      case E_PUSH:
        if (--eng_left_ == 0) eng_ = E_IDLE;
        break;
      case E_READ:
        if (--eng_left_ == 0) {
          eng_ = E_DECIDE;
          frame_ = frames_[frame_idx_];
        }
        break;
      case E_DECIDE:
        if (!frame_.bit && frame_.len != 0) {
          frames_[frame_idx_].bit = true;  // written back; frame_ keeps what was read
          eng_ = E_IDLE;
        } else {
          --depth_;
          if (depth_ == 0) {
            eng_ = E_IDLE;
          } else {
            --frame_idx_;
            eng_ = E_READ;
            eng_left_ = 5;
          }
        }
        break;
    }
  }

  // Cycles spent in state `s` (the controller went on to `next`).
  void account(uint8_t s, uint8_t next, uint64_t n = 1) {
    if (s == S_ENTRY && next == S_ENTRY) {
      cyc_.entry_wait += n;
      return;
    }
    switch (s) {
      case S_PAIR_BEGIN: case S_PAIR_REQ: case S_PAIR_WAIT: case S_SPEC_WAIT: cyc_.pair_wait += n; break;
      case S_TNODE: case S_TNODE_DONE: cyc_.transform += n; break;
      case S_ENTRY: case S_SLOT: case S_TEST: case S_TEST_NEXT: case S_LEAFENT: case S_LL_SLOT: case S_LL_NEXT:
      case S_APPEND:
        cyc_.entries += n;
        break;
      case S_TRI: case E_TRI_REQB: case E_TRI_A: case E_TRI_B: case E_IT:
      case E_RESULT: case E_RESULT_WAIT:
        cyc_.triangle += n;
        break;
      case S_DOT: case S_DOT_WAIT: cyc_.transform += n; break;
      case S_DESCEND: case S_ASCEND: case S_ASC_WAIT: cyc_.stack += n; break;
      default: cyc_.other += n; break;
    }
  }

  const ChipConfig& cfg_;
  const QueryLog& log_;
  const BoardMemory& mem_;
  const bool mode_first_;
  CoreCycles& cyc_;
  Port port_;
  const uint32_t ahead_, stages_;
  const bool two_lanes_;  // transform_lanes = 2: node 1 of a pair transformed on the pass unit
  uint64_t c_ = 0;

  // controller
  uint8_t st_ = S_INIT, ret_ = S_IDLE;
  uint32_t cur_pair_ = 0, cur_base_ = 0, cur_len_ = 0, cur_mask_ = 0, list_first_ = 0;
  uint32_t top_ = 0, obase_[2] = {0, 0}, olen_[2] = {0, 0}, childp_[2] = {0, 0};
  bool leaf_[2] = {false, false};
  uint32_t k_ = 0, entry_ = 0, t_ = 0, t2_ = 0, s_ = 0, s2_ = 0, lt_ = 0, leafmask_[2] = {0, 0};
  bool in_ll_ = false;
  uint32_t ll_base_ = 0, ll_len_ = 0, ll_out_ = 0, ll_olen_ = 0;
  bool app_ll_ = false;
  uint32_t app_t_ = 0, app_word_ = 0;  // S_APPEND: to the leaf pass's list or t's, the entry
  bool cur_bank_ = false, spec_used_ = false;
  bool list_started_ = false;  // resume_ahead: the fetch unit is on the resumed list already (S_ASCEND)
  uint64_t tbuf_req_[2] = {kNoRequest, kNoRequest};  // the reads filling them
  // The triangle-record entries, two per side (A tumbled, B aligned), the side's entry of
  // the last test, and this test's reads.
  struct RecordEntry {
    uint32_t addr = 0;
    bool valid = false;  // a test may reuse it
  };
  RecordEntry rec_ent_[2][2];
  int rec_mru_[2] = {0, 0};
  bool inResultArea(uint32_t rec) const {
    const uint64_t base = log_.result_base, end = base + uint64_t{layout::kResultBytes} * log_.result_capacity;
    return uint64_t{rec} + layout::kTriBytes > base && rec < end;
  }
  uint64_t rec_req_[2] = {kNoRequest, kNoRequest};  // this test's record reads (A, B)
  uint32_t tri_tnode_ = 0, tri_anode_ = 0, tri_side_ = 0;
  bool it_hit_ = false;
  bool it_uncertain_ = false;     // this test's sides so far left an edge undecided
  bool result_uncertain_ = false; // the result being written is an uncertain pair
  uint64_t it_left_ = 0;
  // controller's SDRAM request register
  bool fsm_req_valid_ = false, fsm_req_valid_now_ = false, fsm_accept_now_ = false;
  PortKind fsm_kind_ = PortKind::ReadPair;
  uint32_t fsm_addr_ = 0;
  Dest fsm_dest_ = D_NONE;
  // DOTADD
  uint32_t dot_issue_ = 0, dot_done_ = 0;
  // triangle pass engine
  bool te_started_ = false;
  uint64_t te_side_from_[2] = {kNever, kNever};  // first cycle a side's frame pass may issue
  uint64_t te_frame_[2] = {kNever, kNever};        // first issue of side s's frame pass
  std::array<std::array<uint64_t, 9>, 2> te_leaf_;  // issues of side s's leaf-matrix pass (kNever: not known)
  std::array<uint8_t, kDotPipe> pipe_{};  // per cycle: 0 none, 1 controller's result, 2 look-ahead's
  std::array<uint8_t, kDotPipe> pipe_b_{};  // the pass unit's node-1 results: 1 the controller's, 2 the look-ahead's
  uint64_t dot_last_ = 0;                 // the cycle the last result issued so far leaves the pipe
  uint64_t dot_fsm_last_ = 0;             // the same for the controller's results
  // look-ahead engine
  SpState sp_ = SP_IDLE, sp_override_ = SP_IDLE;
  bool sp_cancel_ = false, sp_cancel_set_ = false, sp_set_by_controller_ = false;
  bool sp_bank_ = true, sp_node_ = false;
  uint32_t sp_i_ = 0, sp_res_ = 0, sp_pair_ = 0;
  uint32_t sp_i1_ = 0;  // two lanes: node 1's next DOTADD on the pass unit
  // two lanes, the controller's transform: node 1 on the pass unit beside node 0's S_DOT
  uint32_t fb_i_ = 24, fb_res_ = 24;  // its next DOTADD, its results in (24: none to do)
  bool fb_node1_ = false, fb_out_ = false;
  // fetch unit
  bool pf_active_ = false, pf_start_ = false;
  uint32_t pf_alloc_ = 0, pf_head_ = 0, pf_req_ = 0;
  std::vector<uint32_t> pf_words_;     // the list words it reads, in order, since its last fresh start
  uint32_t pf_start_base_ = 0, pf_start_len_ = 0, pf_start_first_ = 0;
  // following the next list (list_follow)
  bool fol_ = false, pf_follow_ = false;
  uint32_t fol_base_ = 0, pf_follow_base_ = 0;
  int fol_slot_ = -1;                  // the controller's appends to it: slot 0, 1 or 2 (leaf pass)
  uint32_t slot_mask_ = 0;             // list entry j is in ring place j & slot_mask_
  std::vector<uint64_t> pf_word_ok_;   // cycle from which the slot's list word is in
  std::vector<uint64_t> pf_data_req_;  // the read bringing the slot's pair
  // write queue: per entry, its word if it goes to the followed list, else kUnfollowed
  static constexpr int64_t kUnfollowed = -1;
  std::deque<int64_t> wq_;
  bool wq_push0_ = false, wq_push1_ = false;
  int64_t wq_push_word_[2] = {kUnfollowed, kUnfollowed};
  // stack engine
  EngState eng_ = E_IDLE;
  uint32_t eng_left_ = 0, depth_ = 0, frame_idx_ = 0;
  Frame frame_{0, 0, 0, true};  // the frame last read (cc_stack_engine frame_q)
  Frame pushed_{0, 0, 0, false};
  std::vector<Frame> frames_;
  // log positions
  size_t list_i_ = 0, ov_i_ = 0, side_i_ = 0, result_i_ = 0;
};

}  // namespace

CoreTiming::CoreTiming(const ChipConfig& cfg) : cfg_(cfg) {
  validateConfig(cfg_);
  if (cfg_.tri_queue != 0) {
    throw std::invalid_argument("configuration '" + cfg_.name + "': the TLM model times tri_queue = 0 only (the " +
                                "triangle tests beside the traversal are not modelled yet); use the rtl backend");
  }
}

std::array<std::array<int, 9>, 2> QueryLog::standardLeafNeeds() {
  static const std::array<std::array<int, 9>, 2> kNeeds = [] {
    const auto corr = regs::standardCorrespondence();
    return std::array<std::array<int, 9>, 2>{regs::leafPassFrameNeeds(corr, 0), regs::leafPassFrameNeeds(corr, 1)};
  }();
  return kNeeds;
}

uint64_t CoreTiming::run(const QueryLog& log, const BoardMemory& mem, bool mode_first, std::FILE* trace) {
  Stepper s(cfg_, log, mem, mode_first, cyc_);
  return s.run(trace);
}

}  // namespace cc::tlm
