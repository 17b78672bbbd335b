// The look-ahead engine (rtl/cc_lookahead.v): while the controller works on one tumbled
// pair, it reads the pair the traversal takes next into the other bank of the tumbled-pair
// buffer and transforms its two nodes' DOPs (48 DOTADDs) in the cycles the DOTADD units
// leave. The controller starts it (begin), takes its result (SP_DONE) or cancels it.
// Registers named as in the RTL (sp_*); the controller's assignments of a cycle win over
// the engine's own next state, as in the RTL.
#pragma once
#include <cstdint>

#include "cc/core_states.h"
#include "cc/layout.h"

namespace cc::tlm::core {

#define CC_TLM_STATE(name, number) name = number,
enum SpState : uint8_t { CC_CORE_LOOKAHEAD_STATES(CC_TLM_STATE) };
#undef CC_TLM_STATE

struct LookAhead {
  static constexpr uint32_t kNodeDotadds = layout::kDopK;        // one node's DOP transform
  static constexpr uint32_t kPairDotadds = 2 * layout::kDopK;    // the pair's
  explicit LookAhead(bool two_lanes) : two_lanes(two_lanes) {}

  const bool two_lanes;  // node 1 transformed on the pass unit beside node 0
  SpState state = SP_IDLE;
  bool cancel = false;    // cancelled: the engine winds down, its result unused
  bool bank = true;       // the tumbled-pair buffer bank it fills
  bool node = false;      // one lane: transforming node 1
  uint32_t i = 0;         // next DOTADD on the shared unit (of the current node)
  uint32_t i1 = 0;        // two lanes: node 1's next DOTADD on the pass unit
  uint32_t res = 0;       // results in
  uint32_t pair = 0;      // the tumbled pair
  // the controller's assignments this cycle
  SpState override_state = SP_IDLE;
  bool set_by_controller = false, cancel_set = false;

  bool requesting() const { return state == SP_REQ && !cancel; }    // its SDRAM request
  bool transforming() const { return state == SP_DOT && !cancel; }
  // It has (or is getting) `pair` and will transform it (sp_live).
  bool has(uint32_t p) const { return state != SP_IDLE && !cancel && pair == p; }
  // It would issue on the shared unit / on the pass unit this cycle (if the unit is free).
  bool wantsSharedUnit() const { return transforming() && !((node || two_lanes) && i == kNodeDotadds); }
  bool wantsPassUnit() const { return two_lanes && transforming() && i1 != kNodeDotadds; }
  // DOTADDs issued (of kPairDotadds).
  uint32_t issued() const { return two_lanes ? i + i1 : node ? kNodeDotadds + i : i; }

  // The controller: start on `p` into bank `b`.
  void begin(uint32_t p, bool b) {
    set(SP_REQ);
    pair = p;
    bank = b;
    node = false;
    i = i1 = res = 0;
  }
  void set(SpState s) {
    override_state = s;
    set_by_controller = true;
  }
  void cancelNow() { cancel_set = true; }

  // Its next state from this cycle's values (`pair_in`: in SP_WAIT, its pair read is in; `results`:
  // its results leaving the units); advances its DOTADD counters.
  SpState tick(bool pair_in, bool accept, bool issue, bool b_issue, uint32_t results) {
    SpState next = state;
    const uint32_t n = issued();
    switch (state) {
      case SP_REQ:
        if (cancel) next = SP_IDLE;
        else if (accept) next = SP_WAIT;
        break;
      case SP_WAIT:
        if (pair_in) next = cancel ? SP_IDLE : SP_DOT;
        break;
      case SP_DOT:
        if (res + results == n) {
          if (cancel) next = SP_IDLE;
          else if (n == kPairDotadds) next = SP_DONE;
        }
        break;
      case SP_DONE:
        if (cancel) next = SP_IDLE;
        break;
      default:
        break;
    }
    res += results;
    if (b_issue) ++i1;
    if (issue) {
      if (i == kNodeDotadds - 1 && !node && !two_lanes) {
        i = 0;
        node = true;
      } else {
        ++i;
      }
    }
    return next;
  }
  // Before the controller's cycle: nothing assigned yet.
  void beginCycle() { set_by_controller = cancel_set = false; }
  // After it: the controller's assignments win over the engine's own next state.
  void endCycle(SpState next, bool cancel_next) {
    state = set_by_controller ? override_state : next;
    cancel = cancel_set ? true : cancel_next;
  }
};

}  // namespace cc::tlm::core
