// The master controller's list unit (rtl/cc_list_compare.v): a tumbled pair's list work,
// from "both tumbled nodes transformed" (S_LIST_INIT) to "go down the stack" (S_DESCEND).
// It compares the pair's list entry by entry with the fetch unit's aligned pairs (S_ENTRY,
// S_SLOT, S_TEST), appends the two new lists through the write queue, runs the leaf-list
// passes of a tumbled leaf (S_LL_*), and hands the triangle tests over (S_TRI) in the
// golden model's order. The controller (controller.h) holds the one state register and
// takes this unit's next state in the unit's states; an error of the traversal is the
// next state S_ERROR (the RTL's fail_o, which the controller turns into S_ERROR or S_HOLD).
//
// Its subroutines return to the loop that called them: S_APPEND and a triangle test to
// S_TEST_NEXT from the main list, to S_LL_NEXT from a leaf-list pass (retState()).
//
// Without a test queue (tri_queue = 0) the RTL's unit waits in S_TRI_WAIT while the
// triangle-test engine runs; the model runs the engine's steps in the state register
// instead (E_TRI_REQB ... E_RESULT_WAIT, as the RTL's trace_state shows them), making the
// engine's record reads and result write through the controller's request register (the
// controller makes no request of its own meanwhile).
#pragma once
#include <cstdint>

#include "core/common.h"

namespace cc::tlm::core {

struct Core;

// This cycle's values the controller and its list unit read, computed by the core before
// their cycle.
struct ControllerInputs {
  uint8_t dot_out;  // the shared DOTADD unit's result leaving: 0 none, 1 the controller's, 2 the look-ahead's
  bool head_valid, lists_written, room2, stack_ready;
  // A queued engine (tri_queue > 0): side A issues on the shared unit; a test may be
  // handed over; no test is left; the pass engine is idle; a test ends the query (with an error).
  bool dot_busy = false, eng_room = false, eng_idle = true, eng_pass_idle = true, eng_stop = false,
       eng_err_stop = false;
};

class ListCompare {
 public:
  explicit ListCompare(Core& core) : u_(core) {}

  // The controller's tumbled pair: its address, present_i, leaf_i, list_len_i.
  struct Pair {
    uint32_t addr, present;
    const bool* leaf;
    uint32_t list_len;
  };
  // Whether `state` is one of this unit's: the controller takes its next state from here.
  static bool hasState(uint8_t state) {
    switch (state) {
      case S_LIST_INIT: case S_ENTRY: case S_SLOT: case S_TEST: case S_TEST_NEXT: case S_LEAFENT:
      case S_LIST_END: case S_LL_CHECK: case S_LL_PASS: case S_LL_SLOT: case S_LL_NEXT: case S_APPEND: case S_TRI: case S_PLANE:
      case E_TRI_REQB: case E_TRI_A: case E_TRI_B: case E_IT: case E_RESULT: case E_RESULT_WAIT:
        return true;
      default:
        return false;
    }
  }
  // The next state while `state` is one of this unit's (S_IDLE for any other); `pop`: the
  // fetch unit's head is popped.
  uint8_t nextState(uint8_t state, uint64_t c, const ControllerInputs& in, const Pair& p, bool& pop);
  // top_load_i: the list area's next free word (a query's first list, a resumed list).
  void loadTop(uint32_t word) { top = word; }
  // S_ENTRY: every entry of the list compared (the main list's or a leaf-list pass's).
  bool listDone(uint32_t list_len) const { return k == (in_ll ? ll_len : list_len); }
  // S_TRI: the test's records (tumbled A, aligned B) and whether a pointer is bad.
  void triRecords(uint32_t rec[2]) const;
  bool triBad(const uint32_t rec[2]) const;

  // ---- registers ----
  uint32_t top = 0;                         // the list area's next free word
  uint32_t obase[2] = {0, 0}, olen[2] = {0, 0};  // slot t's new list: list_base*_o, list_len*_o
  uint32_t k = 0, entry = 0;                // entries compared, the current one
  bool in_ll = false;                       // the list being compared is a leaf-list pass
  uint32_t tn = 0, tn2 = 0, s = 0, s2 = 0;  // tumbled node (S_TEST), aligned node; loop counters that reach 2
  uint32_t leafmask[2] = {0, 0};
  uint32_t lt = 0;                          // the tumbled leaf whose leaf list is checked
  uint32_t ll_base = 0, ll_len = 0, ll_out = 0, ll_olen = 0;
  uint32_t app_to = 0, app_entry = 0;       // S_APPEND: to slot 0's or 1's list, 2 the leaf-list output; the word
  uint32_t tri_tnode = 0, tri_anode = 0;    // tri_t_q, tri_s_q: the test's tumbled and aligned node (addresses)
  int fol_slot = -1;                        // list_follow: the followed list is slot 0's, 1's or the leaf pass's (2)
  bool plane_have = false;                  // CTRL.LEAF_PLANE: the plane unit's outcome is the current slot's
  uint64_t plane_ready_at = 0;              // S_PLANE: the cycle its results leave the unit

 private:
  bool entryStates(uint8_t state, uint64_t c, const ControllerInputs& in, const Pair& p, bool& pop, uint8_t& next);
  bool leafListStates(uint8_t state, uint64_t c, const ControllerInputs& in, const Pair& p, bool& pop, uint8_t& next);
  bool appendState(uint8_t state, const ControllerInputs& in, uint8_t& next);
  bool triangleStates(uint8_t state, uint64_t c, uint8_t& next);
  bool queuedTriState(uint8_t state, const ControllerInputs& in, uint8_t& next);

  // Where S_APPEND and a triangle test return to.
  uint8_t retState() const { return in_ll ? S_LL_NEXT : S_TEST_NEXT; }
  void nextTumbled() {
    tn ^= 1;
    ++tn2;
  }
  void nextSlot() {
    s ^= 1;
    ++s2;
    plane_have = false;
  }
  bool slotSkipped(uint8_t& next);
  // CTRL.LEAF_PLANE (rtl cc_dop_datapath's plane unit): the slot's aligned node is a leaf
  // with a well-formed plane (need) or a malformed one (bad); planeWait starts the test
  // and goes to S_PLANE where the RTL does.
  bool planeNeed() const;
  bool planeBad() const;
  bool planeWait(uint64_t c, uint8_t& next);
  uint32_t tumbledNodeAddr(const Pair& p, uint32_t t) const;
  uint32_t alignedNodeAddr() const;
  bool appendOverflows(int slot) const;
  void followNext(int slot, uint32_t base);
  void append(int slot, uint32_t word);
  void triStart(uint32_t tnode, uint32_t anode, uint8_t& next);
  void startItSide();

  Core& u_;
};

}  // namespace cc::tlm::core
