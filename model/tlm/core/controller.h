// The master controller (rtl/cc_controller.v): its registers and its cycle. It walks the
// traversal the golden model logged (lists, comparator outcomes, triangle-test sides,
// results), in the RTL's states, and commands the other units of the core (core.h): the
// SDRAM request register, the fetch unit, the stack engine, the look-ahead engine and the
// DOTADD batch. As in the RTL it holds the one state register and two sub-units: the list
// unit (list_compare.h, cc_list_compare.v), whose next state it takes in that unit's
// states, and the waiting frames (wait_frames.h, cc_wait_frames.v). No data move: node
// flags and pointers are read from board memory where the controller would read them from
// its buffers (node_words.h).
//
// Every subroutine returns to its one caller, as in the RTL, so there is no return
// register: S_DOT and S_LV_DOT (CTRL.LEAF_VERTEX: a tumbled leaf's DOP from its record's
// vertices) to S_TNODE_DONE; the list unit's to the loop it runs (ListCompare::retState).
#pragma once
#include <cstdint>
#include <stdexcept>

#include "cc/layout.h"
#include "cc/sdram_timing.h"
#include "core/common.h"
#include "core/list_compare.h"
#include "core/stack_engine.h"
#include "core/wait_frames.h"

namespace cc::tlm::core {

struct Core;

class Controller {
 public:
  explicit Controller(Core& core) : lc(core), u_(core) {}

  using Inputs = ControllerInputs;
  // One cycle; returns whether it pops the fetch unit's head.
  bool cycle(uint64_t c, const Inputs& in);
  // A queued engine, after the cycle (state_before: the state the cycle began in): an error
  // of the traversal waits in S_HOLD while tests handed over before it run; a test that
  // ends the query stops the controller wherever it is.
  void queuedEnds(uint8_t state_before, const Inputs& in);
  // The controller's commands to the stack engine this cycle (combinational in the RTL).
  bool stackRoot() const { return st == S_INIT; }
  bool stackPush(bool ready, uint32_t depth, uint32_t frames) const {
    return st == S_DESCEND && (goes(0) || goes(1)) && ready && depth < frames;
  }
  bool stackResume(bool ready, uint32_t depth) const { return st == S_ASCEND && ready && depth != 0; }
  // The query is ending: the fetch unit stops.
  bool stopping() const { return st == S_ERROR || st == S_DRAIN; }
  // The SDRAM request register takes a request (valid until the port accepts it).
  void request(PortKind kind, uint32_t addr, Dest dest);
  // States in which a cycle needs only the DOTADD pipes, the look-ahead engine, the
  // controller and the stack engine's count-down (core.cpp, quiet cycles).
  static bool lightState(uint8_t s);

  // ---- registers ----
  uint8_t st = S_INIT;
  uint32_t cur_pair = 0, cur_base = 0, cur_len = 0, cur_mask = 0, list_first = 0;
  uint32_t childp[2] = {0, 0};
  bool leaf[2] = {false, false};
  uint32_t t = 0, t2 = 0;     // the tumbled node checked and transformed; a loop counter that reaches 2
  bool cur_bank = false, spec_used = false;
  bool list_started = false;  // resume_ahead: the fetch unit is on the resumed list already (S_ASCEND)
  Frame pushed{0, 0, 0, false};  // the frame a push writes (push_next_pair_o, push_list_base_o, push_len_bit_o)
  bool fb_node1 = false;         // two lanes: node 1 of the current pair is on the pass unit
  // the SDRAM request register (valid until the port accepts it)
  bool req_valid = false, req_valid_now = false, req_accept_now = false;
  PortKind req_kind = PortKind::ReadPair;
  uint32_t req_addr = 0;
  Dest req_dest = D_NONE;
  // S_DOT: the DOTADD batch of one tumbled node
  uint32_t dot_issue = 0, dot_done = 0;
  // S_LV_DOT: kLvDotadds DOTADDs issued and results in; the read of the leaf's record
  static constexpr uint32_t kLvDotadds = 3 * layout::kDopK;
  uint32_t lv_issue = 0, lv_done = 0;
  uint64_t verts_req = kNoRequest;
  // S_LV_DOT issues in cycle c: the vertices are in, no result of the pass unit's
  // transform can still land, the shared unit is free (rtl/cc_controller.v lv_issue).
  bool lvIssues(uint64_t c, bool dot_busy) const;

  // ---- sub-units ----
  ListCompare lc;     // u_lists
  WaitFrames waits;   // u_wait_frames

 private:
  bool pairStates(uint64_t c, const Inputs& in);
  bool stackStates(const Inputs& in);
  bool dotAndHoldStates(uint64_t c, const Inputs& in);
  void tumbledNode();
  std::logic_error unknownState() const;

  bool present(uint32_t i) const { return (cur_mask >> i) & 1u; }
  // After a list: tumbled node i goes down (inner, with a non-empty child list).
  bool goes(uint32_t i) const { return present(i) && !leaf[i] && lc.olen[i] != 0; }
  ListCompare::Pair pair() const { return {cur_pair, cur_mask, leaf, cur_len}; }
  void nextTumbled() {
    t ^= 1;
    ++t2;
  }
  uint32_t tumbledNodeAddr() const;
  bool badTumbledNode(uint32_t node) const;
  void dot();
  void leafVertexDot();

  Core& u_;
};

}  // namespace cc::tlm::core
