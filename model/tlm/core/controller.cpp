#include "core/controller.h"

#include <stdexcept>
#include <string>

#include "cc/layout.h"
#include "core/core.h"
#include "core/node_words.h"

namespace cc::tlm::core {

bool Controller::cycle(uint64_t c, const Inputs& in) {
  if (!ListCompare::hasState(st)) {
    if (!(pairStates(c, in) || stackStates(in) || dotAndHoldStates(c, in))) throw unknownState();
    return false;
  }
  bool pop = false;
  const uint8_t next = lc.nextState(st, c, in, pair(), pop);  // the list states (lc_next_state)
  if (next == S_IDLE) throw unknownState();
  st = next;
  return pop;
}

std::logic_error Controller::unknownState() const {
  return std::logic_error("timing model: unknown controller state " + std::to_string(st));
}

// Starting a tumbled pair: the pair read or the look-ahead engine's result, its nodes' DOP
// transforms, and the end of a query.
bool Controller::pairStates(uint64_t c, const Inputs& in) {
  switch (st) {
    case S_INIT:
      // The stack engine writes the first list (se_root): the list area is free from word 1
      // on and no frame waits.
      lc.loadTop(1);
      waits.clear();
      cur_pair = u_.log.lists.empty() ? 0 : u_.log.lists[0].pair;  // ROOT_A
      cur_mask = 1;
      cur_base = 0;
      cur_len = 1;
      st = S_PAIR_BEGIN;
      break;
    case S_ERROR:
      if (u_.sp.state != SP_IDLE) u_.sp.cancelNow();
      st = S_DRAIN;
      break;
    case S_DRAIN: {
      // A cancelled look-ahead transform is not waited for (rtl/cc_controller.v S_DRAIN).
      const bool sp_quiet = u_.sp.state == SP_IDLE || (u_.sp.state == SP_DOT && u_.sp.cancel);
      if (u_.sp.state != SP_IDLE) u_.sp.cancelNow();
      if (sp_quiet && u_.port.idleFrom() <= c && !req_valid && u_.port.readsDone(c) && in.lists_written && in.stack_ready &&
          c >= u_.te.idleFrom() && u_.dots.fbIdle() &&
          (!u_.tq || (in.eng_idle && in.eng_pass_idle && !u_.tq->recValid() && !u_.tq->resValid()))) {
        st = S_DONE;
      }
      break;
    }

    case S_PAIR_BEGIN: {
      fb_node1 = false;
      const auto& l = u_.nextList(cur_pair, cur_base, cur_len, false);
      list_first = l.first_entry;
      if (badPairPointer(cur_pair, u_.cfg.board_bytes)) {
        st = S_ERROR;
        break;
      }
      if (cur_mask == 3 && u_.sp.has(cur_pair)) {
        cur_bank = u_.sp.bank;
        spec_used = true;
      } else {
        if (u_.sp.state != SP_IDLE) u_.sp.cancelNow();
        spec_used = false;
        request(PortKind::ReadPair, cur_pair, cur_bank ? D_TBUF1 : D_TBUF0);
        u_.tbuf_req[cur_bank] = kNoRequest;
      }
      st = S_PAIR_REQ;
      break;
    }
    case S_PAIR_REQ:
      if (!req_valid_now && in.lists_written) {
        if (!list_started) u_.fetch.start(cur_base, cur_len, list_first);
        list_started = false;
        st = spec_used ? S_SPEC_WAIT : S_PAIR_WAIT;
      }
      break;
    case S_PAIR_WAIT:
      if (u_.port.arrived(u_.tbuf_req[cur_bank], c)) {
        u_.pairIn(cur_pair);
        t = 0;
        t2 = 0;
        st = S_TNODE;
      }
      break;
    case S_SPEC_WAIT:
      if (u_.sp.state == SP_DONE) {
        u_.sp.set(SP_IDLE);
        t = 0;
        t2 = 0;
        st = S_TNODE;
      }
      break;
    case S_TNODE:
      if (t2 == 2) {
        st = S_LIST_INIT;
      } else if (!present(t)) {
        nextTumbled();
      } else if (badTumbledNode(tumbledNodeAddr())) {
        st = S_ERROR;  // the golden model's processPair stopped here too
      } else {
        tumbledNode();
      }
      break;
    case S_DOT_WAIT:
      if (u_.dots.fb_res + (u_.dots.fb_out ? 1 : 0) == LookAhead::kNodeDotadds) st = S_TNODE_DONE;
      break;
    case S_TNODE_DONE:
      nextTumbled();
      st = S_TNODE;
      break;

    default:
      return false;
  }
  return true;
}

// S_TNODE, a valid tumbled node: its flags and child pair kept, the look-ahead engine
// started (on its child pair, or on the pair resumed next after a pair of leaves), its
// transform from its vertices (CTRL.LEAF_VERTEX, a leaf: S_LV_DOT, whatever was done
// ahead), done ahead, on the pass unit or in S_DOT.
void Controller::tumbledNode() {
  const uint32_t node = tumbledNodeAddr();
  const bool is_leaf = nodeLeaf(nodeFlags(u_.mem, node));
  leaf[t] = is_leaf;
  childp[t] = nodePtr(u_.mem, node);
  const bool spec_start = !is_leaf && (t == 0 || !present(0) || leaf[0]) && u_.sp.state == SP_IDLE;
  // A pair of leaves: the look-ahead engine takes the pair resumed next (resume_ahead).
  const bool pair_of_leaves = is_leaf && (t == 1 ? !present(0) || leaf[0] : !present(1));
  const WaitFrames::Words* resume = u_.cfg.resume_ahead && pair_of_leaves && u_.sp.state == SP_IDLE ? waits.top() : nullptr;
  if (spec_start || resume) {
    u_.sp.begin(spec_start ? childp[t] : resume->pair, !cur_bank);
    u_.tbuf_req[!cur_bank] = kNoRequest;
  }
  if (u_.log.leaf_vertex && is_leaf) {
    if (u_.two_lanes && t == 0 && present(1) && !spec_used) {  // node 1 on the pass unit, as in S_DOT's case
      u_.dots.fb_i = u_.dots.fb_res = 0;
      fb_node1 = true;
    }
    if (t == 1) fb_node1 = false;
    leafVertexDot();
  } else if (spec_used) {
    st = S_TNODE_DONE;
  } else if (t == 1 && fb_node1) {  // transformed on the pass unit
    fb_node1 = false;
    st = u_.dots.fbIdle() ? S_TNODE_DONE : S_DOT_WAIT;
  } else {
    if (u_.two_lanes && t == 0 && present(1)) {  // node 1 on the pass unit meanwhile
      u_.dots.fb_i = u_.dots.fb_res = 0;  // the last pair's node 1 is done (S_TNODE_DONE or S_DRAIN waited)
      fb_node1 = true;
    }
    dot();
  }
}

// Descending into a new list (a frame pushed) or ascending to the next waiting one.
bool Controller::stackStates(const Inputs& in) {
  switch (st) {
    case S_DESCEND:
      if (!goes(0) && !goes(1)) {
        st = S_ASCEND;
      } else if (u_.stack.depth() >= u_.cfg.stack_frames) {
        st = S_ERROR;
      } else if (in.stack_ready) {  // se_push: the frame goes onto the stack
        const bool g0 = goes(0), g1 = goes(1);
        const int s = g0 ? 0 : 1;
        pushed = Frame{(g0 && g1) ? childp[1] : 0, g0 ? lc.obase[1] : 0,
                       g0 ? ((present(1) && !leaf[1]) ? lc.olen[1] : 0) : 0, !g0};
        waits.push(u_.stack.depth(), g0 && g1, {pushed.next_pair, pushed.base, pushed.len});  // T2's list waits in it
        cur_pair = childp[s];
        cur_base = lc.obase[s];
        cur_len = lc.olen[s];
        cur_mask = 3;
        st = S_PAIR_BEGIN;
      }
      break;
    case S_ASCEND:
      if (in.stack_ready) {
        st = u_.stack.depth() == 0 ? S_DRAIN : S_ASC_WAIT;
        // resume_ahead: the fetch unit starts on the list resumed next (the golden model's
        // next) if the look-ahead engine has its pair (else the pair is asked for first).
        const WaitFrames::Words* f = u_.cfg.resume_ahead ? waits.top() : nullptr;
        if (f && u_.sp.has(f->pair)) {
          if (u_.list_i >= u_.log.lists.size()) throw LogEnd{};
          const auto& l = u_.log.lists[u_.list_i];
          if (l.base != f->base || l.len != f->len)
            throw std::logic_error("timing model: the list resumed next differs from the golden model's");
          u_.fetch.start(f->base, f->len, l.first_entry);
          list_started = true;
        }
      }
      break;
    case S_ASC_WAIT:
      if (in.stack_ready) {
        const Frame& f = u_.stack.frame();
        if (f.waiting()) {  // the stack engine found a waiting list: its frame no longer waits
          waits.take(u_.stack.depth());
          cur_pair = f.next_pair;
          cur_mask = 3;
          cur_base = f.base;
          cur_len = f.len;
          lc.loadTop(f.base + f.len);
          st = S_PAIR_BEGIN;
        } else {
          st = S_DRAIN;
        }
      }
      break;
    default:
      return false;
  }
  return true;
}

// The subroutines S_DOT (a tumbled node's DOP transform), S_LV_DOT (a tumbled leaf's
// from its vertices) and S_HOLD (an error of the traversal waiting for the tests handed
// over before it).
bool Controller::dotAndHoldStates(uint64_t c, const Inputs& in) {
  switch (st) {
    case S_DOT:
      if (dot_issue < layout::kDopK && !in.dot_busy) ++dot_issue;
      if (in.dot_out == 1 && ++dot_done == layout::kDopK) st = S_TNODE_DONE;
      break;
    case S_LV_DOT:
      if (lvIssues(c, in.dot_busy)) ++lv_issue;
      if (in.dot_out == 1 && ++lv_done == kLvDotadds) st = S_TNODE_DONE;
      break;
    case S_HOLD:
      if (in.eng_idle) st = S_ERROR;
      break;
    default:
      return false;
  }
  return true;
}

void Controller::queuedEnds(uint8_t state_before, const Inputs& in) {
  if (st == S_ERROR && state_before != S_ERROR && state_before != S_HOLD && !in.eng_idle) st = S_HOLD;
  if (in.eng_stop) st = in.eng_err_stop ? uint8_t{S_ERROR} : uint8_t{S_DRAIN};
}

bool Controller::lightState(uint8_t state) {
  switch (state) {
    case S_TNODE_DONE: case S_LIST_INIT: case S_ENTRY: case S_TEST: case S_TEST_NEXT: case S_LIST_END:
    case S_LL_CHECK: case S_LL_NEXT: case S_PAIR_WAIT: case S_SPEC_WAIT: case S_ASC_WAIT: case S_DOT:
    case E_TRI_A: case E_TRI_B: case E_IT:
      return true;
    default:
      return false;
  }
}

// Tumbled node t of the current pair.
uint32_t Controller::tumbledNodeAddr() const { return cur_pair + t * layout::kNodeBytes; }
// The checks are made in the RTL's states: the golden model stopped at the same point, and
// the chip's cycles up to its error and its drain depend on where it notices. S_TNODE: a
// tumbled node without VALID, an inner one whose child pair pointer is bad, or
// (CTRL.LEAF_VERTEX) a leaf whose record pointer is bad.
bool Controller::badTumbledNode(uint32_t node) const {
  const uint32_t f = nodeFlags(u_.mem, node);
  if (nodeInvalid(f)) return true;
  if (!nodeLeaf(f)) return badPairPointer(nodePtr(u_.mem, node), u_.cfg.board_bytes);
  return u_.log.leaf_vertex && badRecordPointer(nodePtr(u_.mem, node), u_.cfg.board_bytes);
}

void Controller::request(PortKind kind, uint32_t addr, Dest dest) {
  req_valid = true;
  req_kind = kind;
  req_addr = addr;
  req_dest = dest;
}
// S_DOT: the DOP transform of tumbled node t (kDopK DOTADDs), then S_TNODE_DONE.
void Controller::dot() {
  dot_issue = dot_done = 0;
  st = S_DOT;
}
// S_LV_DOT: tumbled leaf t's record asked for (its vertices go to the vertex buffer), then
// kLvDotadds DOTADDs, then S_TNODE_DONE.
void Controller::leafVertexDot() {
  request(PortKind::ReadRecord, nodePtr(u_.mem, tumbledNodeAddr()), D_VERTS);
  verts_req = kNoRequest;
  lv_issue = lv_done = 0;
  st = S_LV_DOT;
}
bool Controller::lvIssues(uint64_t c, bool dot_busy) const {
  return lv_issue < kLvDotadds && u_.port.arrived(verts_req, c) && u_.dots.fbIdle() && !dot_busy;
}

}  // namespace cc::tlm::core
