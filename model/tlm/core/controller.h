// The master controller (rtl/cc_controller.v): its registers and its cycle. It walks the
// traversal the golden model logged (lists, comparator outcomes, triangle-test sides,
// results), in the RTL's states, and commands the other units of the core (core.h): the
// SDRAM request register, the fetch unit, the write queue, the stack engine, the
// look-ahead engine, the DOTADD batch and the triangle-test engine. In a triangle test the
// trace shows the engine's states (E_TRI_A, E_IT, ...) where the RTL's controller waits in
// S_TRI_WAIT; the model keeps the test in the controller's state register. No data moves:
// node flags and pointers are read from board memory where the controller would read them
// from its buffers.
#pragma once
#include <cstdint>

#include "cc/core_states.h"
#include "cc/sdram_timing.h"
#include "core/stack_engine.h"

namespace cc::tlm::core {

#define CC_TLM_STATE(name, number) name = number,
enum State : uint8_t {
  CC_CORE_CONTROLLER_STATES(CC_TLM_STATE) CC_CORE_ENGINE_STATES(CC_TLM_STATE)
  S_DONE = 63  // the model's own: the query is over
};
#undef CC_TLM_STATE

// Where a read's data go: the tumbled-pair buffer's banks, the record entries of side A
// and B (the read-destination queue's tags).
enum Dest : uint8_t { D_NONE, D_TBUF0, D_TBUF1, D_REC_A, D_REC_B, D_WRITE };

struct Core;

class Controller {
 public:
  explicit Controller(Core& core) : u_(core) {}

  // This cycle's values the controller reads, computed by the core before its cycle.
  struct Inputs {
    uint8_t dot_out;  // the shared DOTADD unit's result leaving: 0 none, 1 the controller's, 2 the look-ahead's
    bool head_valid, lists_written, room2, stack_ready;
    // A queued engine (tri_queue > 0): side A issues on the shared unit; a test may be
    // handed over; no test is left; the pass engine is idle; a test ends the query (with an error).
    bool dot_busy = false, eng_room = false, eng_idle = true, eng_pass_idle = true, eng_stop = false,
         eng_err_stop = false;
  };
  // One cycle; returns whether it pops the fetch unit's head.
  bool cycle(uint64_t c, const Inputs& in);
  // A queued engine, after the cycle (state_before: the state the cycle began in): an error
  // of the traversal waits in S_HOLD while tests handed over before it run; a test that
  // ends the query stops the controller wherever it is.
  void queuedEnds(uint8_t state_before, const Inputs& in);
  // S_TRI: the test's records (tumbled A, aligned B) and whether a pointer is bad.
  void triRecords(uint32_t rec[2]) const {
    rec[0] = ptr(tri_tnode);
    rec[1] = ptr(tri_anode);
  }
  bool triBad(const uint32_t rec[2]) const { return badRecordPointer(rec[0]) || badRecordPointer(rec[1]); }
  // The controller's commands to the stack engine this cycle (combinational in the RTL).
  bool stackRoot() const { return st == S_INIT; }
  bool stackPush(bool ready, uint32_t depth, uint32_t frames) const {
    return st == S_DESCEND && (goes(0) || goes(1)) && ready && depth < frames;
  }
  bool stackResume(bool ready, uint32_t depth) const { return st == S_ASCEND && ready && depth != 0; }
  // The query is ending: the fetch unit stops.
  bool stopping() const { return st == S_ERROR || st == S_DRAIN; }
  // States in which a cycle needs only the DOTADD pipes, the look-ahead engine, the
  // controller and the stack engine's count-down (core.cpp, quiet cycles).
  static bool lightState(uint8_t s);

  // ---- registers ----
  uint8_t st = S_INIT, ret = S_IDLE;
  uint32_t cur_pair = 0, cur_base = 0, cur_len = 0, cur_mask = 0, list_first = 0;
  uint32_t top = 0, obase[2] = {0, 0}, olen[2] = {0, 0}, childp[2] = {0, 0};
  bool leaf[2] = {false, false};
  uint32_t k = 0, entry = 0, t = 0, t2 = 0, s = 0, s2 = 0, lt = 0, leafmask[2] = {0, 0};
  bool in_ll = false;
  uint32_t ll_base = 0, ll_len = 0, ll_out = 0, ll_olen = 0;
  bool app_ll = false;
  uint32_t app_t = 0, app_word = 0;  // S_APPEND: to the leaf pass's list or t's, the entry
  bool cur_bank = false, spec_used = false;
  bool list_started = false;  // resume_ahead: the fetch unit is on the resumed list already (S_ASCEND)
  int fol_slot = -1;          // list_follow: the followed list is slot 0's, 1's or the leaf pass's (2)
  uint32_t tri_tnode = 0, tri_anode = 0;
  Frame pushed{0, 0, 0, false};  // the frame a push writes
  bool fb_node1 = false;         // two lanes: node 1 of the current pair is on the pass unit
  // the SDRAM request register (valid until the port accepts it)
  bool req_valid = false, req_valid_now = false, req_accept_now = false;
  PortKind req_kind = PortKind::ReadPair;
  uint32_t req_addr = 0;
  Dest req_dest = D_NONE;
  // S_DOT: the DOTADD batch of one tumbled node
  uint32_t dot_issue = 0, dot_done = 0;

 private:
  bool pairStates(uint64_t c, const Inputs& in);
  bool entryStates(const Inputs& in, bool& pop);
  bool leafListStates(const Inputs& in, bool& pop);
  bool stackStates(const Inputs& in);
  bool subroutineStates(const Inputs& in);
  bool triangleStates(uint64_t c, const Inputs& in);

  bool present(uint32_t i) const { return (cur_mask >> i) & 1u; }
  bool goes(uint32_t i) const { return present(i) && !leaf[i] && olen[i] != 0; }
  void nextTumbled() {
    t ^= 1;
    ++t2;
  }
  void nextSlot() {
    s ^= 1;
    ++s2;
  }
  uint32_t flags(uint32_t node) const;
  uint32_t ptr(uint32_t node) const;
  uint32_t tumbledNodeAddr() const;
  uint32_t alignedNodeAddr() const;
  bool badPairPointer(uint32_t p) const;
  bool badRecordPointer(uint32_t p) const;
  static bool invalid(uint32_t node_flags);
  bool badTumbledNode(uint32_t node) const;
  bool appendOverflows(int slot) const;
  void request(PortKind kind, uint32_t addr, Dest dest);
  void followNext(int slot, uint32_t base);
  void append(int slot, uint32_t word);
  static uint32_t childPairEntry(uint32_t child_pair);
  void dot();
  void triStart(uint32_t tnode, uint32_t anode, uint8_t ret_state);
  void startItSide();

  Core& u_;
};

}  // namespace cc::tlm::core
