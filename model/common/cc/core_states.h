// The state numbers of the core's state machines (rtl/cc_controller.v, cc_tri_engine.v,
// cc_lookahead.v) as their traces show them (CC_TIMELINE, CC_STATE_PROFILE, the TLM model's
// trace that TlmVsRtl compares): the single source for the RTL (rtl/cc_core_states.vh,
// written by tools/cc_gen, `make gen`), the TLM model (model/tlm/core/) and the tests.
// scripts/core_states.sh reads the .vh.
//
// X(NAME, NUMBER) lists, so that C++ gets enumerators and the generator gets names.
#pragma once

// The master controller (6 bits). The gaps are numbers retired with earlier versions.
#define CC_CORE_CONTROLLER_STATES(X)                                                                  \
  X(S_IDLE, 0) X(S_INIT, 1) X(S_PAIR_BEGIN, 2) X(S_TNODE, 3) X(S_TNODE_DONE, 4) X(S_LIST_INIT, 5)     \
  X(S_ENTRY, 6) X(S_PAIR_REQ, 7) X(S_SLOT, 8) X(S_TEST, 9) X(S_TEST_NEXT, 10) X(S_LEAFENT, 11)        \
  X(S_LIST_END, 12) X(S_LL_CHECK, 13) X(S_LL_PASS, 14) X(S_PAIR_WAIT, 16) X(S_LL_SLOT, 17)            \
  X(S_LL_NEXT, 18) X(S_DESCEND, 19) X(S_ASCEND, 21) X(S_ASC_WAIT, 22) X(S_ERROR, 24) X(S_DRAIN, 25)   \
  /* subroutines */                                                                                   \
  X(S_DOT, 36) X(S_DOT_WAIT, 37) X(S_APPEND, 38) X(S_TRI, 39) X(S_TRI_WAIT, 40) X(S_HOLD, 44) X(S_SPEC_WAIT, 57) \
  X(S_LV_DOT, 58) X(S_PLANE, 59)

// The triangle-test engine's decide stage, numbered in the controller's space (6 bits):
// trace_state shows them while the controller waits in S_TRI_WAIT. E_TRI_REQB is a trace
// name only: E_TRI_A while the load stage still asks for record A. Its idle state (0) is
// never traced and is not generated (the units that need it define E_IDLE = 0). E_TURN:
// with several engines (tri_engines), a test answered before the tests ahead of it in the
// other engines have ended waits there for its turn.
#define CC_CORE_ENGINE_STATES(X) \
  X(E_TRI_A, 41) X(E_TRI_B, 42) X(E_RESULT, 45) X(E_IT, 46) X(E_TURN, 47) X(E_RESULT_WAIT, 52) X(E_TRI_REQB, 55)

// The engine's load stage as ld_trace shows it (3 bits; queued chips' profile).
#define CC_CORE_LOAD_STATES(X) X(L_IDLE, 0) X(L_ISSUE, 1) X(L_RECORD, 2) X(L_FORWARD, 3) X(L_BANK, 4) X(L_HOLD, 5)

// The look-ahead engine (3 bits; the timeline's last column).
#define CC_CORE_LOOKAHEAD_STATES(X) X(SP_IDLE, 0) X(SP_REQ, 1) X(SP_WAIT, 2) X(SP_DOT, 3) X(SP_DONE, 4)
