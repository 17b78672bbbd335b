#include "core/controller.h"

#include <stdexcept>
#include <string>

#include "cc/layout.h"
#include "core/core.h"

namespace cc::tlm::core {

bool Controller::cycle(uint64_t c, const Inputs& in) {
  bool pop = false;
  const bool known = pairStates(c, in) || entryStates(in, pop) || leafListStates(in, pop) || stackStates(in) ||
                     subroutineStates(in) || triangleStates(c, in);
  if (!known) throw std::logic_error("timing model: unknown controller state " + std::to_string(st));
  return pop;
}

// Starting a tumbled pair: the pair read or the look-ahead engine's result, its nodes' DOP
// transforms, and the end of a query.
bool Controller::pairStates(uint64_t c, const Inputs& in) {
  switch (st) {
    case S_INIT:
      top = 1;
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
      if (badPairPointer(cur_pair)) {
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
        const uint32_t node = tumbledNodeAddr();
        const bool is_leaf = flags(node) & layout::kFlagLeaf;
        leaf[t] = is_leaf;
        childp[t] = ptr(node);
        const bool spec_start = !is_leaf && (t == 0 || !present(0) || leaf[0]) && u_.sp.state == SP_IDLE;
        // A pair of leaves: the look-ahead engine takes the pair resumed next (resume_ahead).
        const bool pair_of_leaves = is_leaf && (t == 1 ? !present(0) || leaf[0] : !present(1));
        const Frame* resume = u_.cfg.resume_ahead && pair_of_leaves && u_.sp.state == SP_IDLE ? u_.stack.resumeFrame() : nullptr;
        if (spec_start || resume) {
          u_.sp.begin(spec_start ? childp[t] : resume->next_pair, !cur_bank);
          u_.tbuf_req[!cur_bank] = kNoRequest;
        }
        if (spec_used) {
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
      break;
    case S_DOT_WAIT:
      if (u_.dots.fb_res + (u_.dots.fb_out ? 1 : 0) == LookAhead::kNodeDotadds) st = S_TNODE_DONE;
      break;
    case S_TNODE_DONE:
      nextTumbled();
      st = S_TNODE;
      break;
    case S_LIST_INIT:
      in_ll = false;
      obase[0] = top;
      obase[1] = top + 2 * cur_len;
      olen[0] = olen[1] = 0;
      // Next: a tumbled leaf's leaf list (T1's first), else T1's child list.
      if (present(1) && leaf[1] && !leaf[0]) followNext(1, obase[1]);
      else followNext(0, obase[0]);
      k = 0;
      st = S_ENTRY;
      break;

    default:
      return false;
  }
  return true;
}

// A list's entries: each aligned pair compared with the tumbled nodes, children appended,
// leaves collected for their leaf lists or tested.
bool Controller::entryStates(const Inputs& in, bool& pop) {
  switch (st) {
    case S_ENTRY:
      if (k == (in_ll ? ll_len : cur_len)) {
        if (in_ll) {
          top = ll_out + ll_olen;
          ll_base = ll_out;
          ll_len = ll_olen;
          st = S_LL_PASS;
        } else {
          st = S_LIST_END;
        }
      } else if (in.head_valid) {
        entry = u_.fetch.headEntry();
        s = 0;
        s2 = 0;
        leafmask[0] = leafmask[1] = 0;
        st = in_ll ? S_LL_SLOT : S_SLOT;
      }
      break;
    case S_SLOT:
      if (s2 == 2) {
        st = S_LEAFENT;
      } else if (!(entry & (1u << s))) {
        nextSlot();
      } else if (invalid(flags(alignedNodeAddr()))) {
        st = S_ERROR;
      } else {
        const uint32_t anode = alignedNodeAddr();
        const bool aleaf = flags(anode) & layout::kFlagLeaf;
        const bool h0 = present(0) && u_.peekOverlapOrMiss(0);
        const bool h1 = present(1) && u_.peekOverlapOrMiss(present(0) ? 1 : 0);
        const bool slot_tri = aleaf && ((h0 && leaf[0]) || (h1 && leaf[1]));
        // An error among its outcomes takes the step-by-step path too (rtl slot_err).
        const bool slot_err = !aleaf && (h0 || h1) &&
                              (badPairPointer(ptr(anode)) || (h0 && appendOverflows(0)) || (h1 && appendOverflows(1)));
        if (slot_tri || slot_err) {
          t = 0;
          t2 = 0;
          st = S_TEST;
        } else if (in.room2 || aleaf || (!h0 && !h1)) {
          u_.takeOverlaps(present(0) + present(1));
          if (!aleaf) {
            if (h0) append(0, childPairEntry(ptr(anode)));
            if (h1) append(1, childPairEntry(ptr(anode)));
            olen[0] += h0;
            olen[1] += h1;
          } else {
            if (h0) leafmask[0] |= 1u << s;
            if (h1) leafmask[1] |= 1u << s;
          }
          nextSlot();
        }
      }
      break;
    case S_TEST:
      if (t2 == 2) {
        nextSlot();
        st = S_SLOT;
      } else if (!present(t)) {
        nextTumbled();
      } else {
        const bool hit = u_.peekOverlap(0);
        u_.takeOverlaps(1);
        const uint32_t anode = alignedNodeAddr();
        const bool aleaf = flags(anode) & layout::kFlagLeaf;
        if (!hit) {
          nextTumbled();
        } else if (!aleaf && badPairPointer(ptr(anode))) {
          st = S_ERROR;
        } else if (!aleaf) {
          app_ll = false;
          app_t = t;
          app_word = childPairEntry(ptr(anode));
          ret = S_TEST_NEXT;
          st = S_APPEND;
        } else if (!leaf[t]) {
          leafmask[t] |= 1u << s;
          nextTumbled();
        } else {
          triStart(tumbledNodeAddr(), anode, S_TEST_NEXT);
        }
      }
      break;
    case S_TEST_NEXT:
      nextTumbled();
      st = S_TEST;
      break;
    case S_LEAFENT: {
      const bool any = leafmask[0] != 0 || leafmask[1] != 0;
      if ((leafmask[0] != 0 && appendOverflows(0)) || (leafmask[1] != 0 && appendOverflows(1))) {
        st = S_ERROR;
      } else if (!any || in.room2) {
        for (int t = 0; t < 2; ++t)
          if (leafmask[t] != 0) append(t, layout::entryAddr(entry) | leafmask[t]);
        olen[0] += leafmask[0] != 0;
        olen[1] += leafmask[1] != 0;
        ++k;
        pop = true;
        st = S_ENTRY;
      }
      break;
    }
    default:
      return false;
  }
  return true;
}

// After a list: the leaf-list passes of the tumbled leaves.
bool Controller::leafListStates(const Inputs& in, bool& pop) {
  switch (st) {
    case S_LIST_END:
      top = obase[1] + olen[1];
      lt = 0;
      st = S_LL_CHECK;
      break;

    case S_LL_CHECK:
      if (lt == 2) {
        top = obase[1] + olen[1];
        st = S_DESCEND;
      } else if (present(lt) && leaf[lt] && olen[lt] != 0) {
        ll_base = obase[lt];
        ll_len = olen[lt];
        t = lt;
        st = S_LL_PASS;
      } else {
        ++lt;
      }
      break;
    case S_LL_PASS:
      if (ll_len == 0) {
        ++lt;
        st = S_LL_CHECK;
      } else if (in.lists_written) {
        const auto& l = u_.nextList(0, ll_base, ll_len, true);
        ll_out = top;
        ll_olen = 0;
        k = 0;
        u_.fetch.start(ll_base, ll_len, l.first_entry);
        followNext(2, top);
        in_ll = true;
        st = S_ENTRY;
      }
      break;
    case S_LL_SLOT:
      if (s2 == 2) {
        ++k;
        pop = true;
        st = S_ENTRY;
      } else if (!(entry & (1u << s))) {
        nextSlot();
      } else if (invalid(flags(alignedNodeAddr()))) {
        st = S_ERROR;
      } else {
        const bool hit = u_.peekOverlap(0);
        u_.takeOverlaps(1);
        const uint32_t anode = alignedNodeAddr();
        if (!hit) {
          nextSlot();
        } else if (flags(anode) & layout::kFlagLeaf) {
          triStart(tumbledNodeAddr(), anode, S_LL_NEXT);
        } else if (badPairPointer(ptr(anode))) {
          st = S_ERROR;
        } else {
          app_ll = true;
          app_word = childPairEntry(ptr(anode));
          ret = S_LL_NEXT;
          st = S_APPEND;
        }
      }
      break;
    case S_LL_NEXT:
      nextSlot();
      st = S_LL_SLOT;
      break;

    default:
      return false;
  }
  return true;
}

// Descending into a new list (a frame pushed) or ascending to the next waiting one.
bool Controller::stackStates(const Inputs& in) {
  switch (st) {
    case S_DESCEND:
      if (!goes(0) && !goes(1)) {
        st = S_ASCEND;
      } else if (u_.stack.depth() >= u_.cfg.stack_frames) {
        st = S_ERROR;
      } else if (in.stack_ready) {
        const bool g0 = goes(0), g1 = goes(1);
        const int s = g0 ? 0 : 1;
        pushed = Frame{(g0 && g1) ? childp[1] : 0, g0 ? obase[1] : 0,
                        g0 ? ((present(1) && !leaf[1]) ? olen[1] : 0) : 0, !g0};
        cur_pair = childp[s];
        cur_base = obase[s];
        cur_len = olen[s];
        cur_mask = 3;
        st = S_PAIR_BEGIN;
      }
      break;
    case S_ASCEND:
      if (in.stack_ready) {
        st = u_.stack.depth() == 0 ? S_DRAIN : S_ASC_WAIT;
        // resume_ahead: the fetch unit starts on the list resumed next (the golden model's
        // next) if the look-ahead engine has its pair (else the pair is asked for first).
        const Frame* f = u_.cfg.resume_ahead ? u_.stack.resumeFrame() : nullptr;
        if (f && u_.sp.has(f->next_pair)) {
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
        if (!u_.stack.frame().bit && u_.stack.frame().len != 0) {  // the stack engine found a waiting list
          cur_pair = u_.stack.frame().next_pair;
          cur_mask = 3;
          cur_base = u_.stack.frame().base;
          cur_len = u_.stack.frame().len;
          top = u_.stack.frame().base + u_.stack.frame().len;
          st = S_PAIR_BEGIN;
        } else {
          st = S_DRAIN;
        }
      }
      break;

    // ---------------------------------------------------------------- subroutines
    default:
      return false;
  }
  return true;
}

// The subroutines: a tumbled node's DOP transform, an append.
bool Controller::subroutineStates(const Inputs& in) {
  switch (st) {
    case S_DOT:
      if (dot_issue < layout::kDopK && !in.dot_busy) ++dot_issue;
      if (in.dot_out == 1 && ++dot_done == layout::kDopK) st = ret;
      break;
    case S_APPEND:
      if (appendOverflows(app_ll ? 2 : int(app_t))) {
        st = S_ERROR;
      } else if (in.room2) {
        append(app_ll ? 2 : int(app_t), app_word);
        if (app_ll) ++ll_olen;
        else ++olen[app_t];
        st = ret;
      }
      break;

    default:
      return false;
  }
  return true;
}

// A triangle test: the records, the passes, the IT-unit's sides, the result.
bool Controller::triangleStates(uint64_t c, const Inputs& in) {
  if (u_.tq) {  // the engine runs the tests: the controller hands them over (rtl S_TRI)
    switch (st) {
      case S_TRI:
        if (in.eng_room) {
          uint32_t rec[2];
          triRecords(rec);
          st = triBad(rec) ? uint8_t{S_ERROR} : ret;
        }
        return true;
      case S_HOLD:
        if (in.eng_idle) st = S_ERROR;
        return true;
      default:
        return false;
    }
  }
  switch (st) {
    case S_TRI: {
      if (c < u_.te.idleFrom()) break;  // side B's passes of the last test still run
      // A record one of its side's two entries holds is not read again; else it is read
      // into the entry the last test did not use. A record in the result area is never
      // reused (a result may land in it).
      const uint32_t rec[2] = {ptr(tri_tnode), ptr(tri_anode)};
      if (badRecordPointer(rec[0]) || badRecordPointer(rec[1])) {
        st = S_ERROR;
        break;
      }
      bool need[2];
      u_.te.takeRecords(rec, need, [this](uint32_t r) { return u_.inResultArea(r); });
      u_.te.start(c, need, u_.port, u_.log);
      u_.te.side = 0;
      if (need[0]) {
        request(PortKind::ReadRecord, rec[0], D_REC_A);
        st = E_TRI_REQB;
      } else {
        if (need[1]) request(PortKind::ReadRecord, rec[1], D_REC_B);
        st = E_TRI_A;
      }
      break;
    }
    case E_TRI_REQB:
      if (req_accept_now) {
        if (u_.te.side_from[1] == kNever) request(PortKind::ReadRecord, u_.te.recordAddr(1), D_REC_B);  // B not held
        st = E_TRI_A;
      }
      break;
    case E_TRI_A:
    case E_TRI_B:
      if (c >= u_.te.sideDone()) {
        startItSide();
        st = E_IT;
      }
      break;
    case E_IT:
      if (--u_.te.it_left == 0) {
        if (!u_.te.it_hit && u_.te.side == 0) {  // side A without a certain hit: side B now or when written
          u_.te.side = 1;
          if (c >= u_.te.sideDone()) startItSide();
          else st = E_TRI_B;
        } else {
          // A result (a certain hit, or an uncertain pair for the host), or the test is over.
          u_.te.result_uncertain = !u_.te.it_hit;
          st = (u_.te.it_hit || u_.te.it_uncertain) ? uint8_t{E_RESULT} : ret;
        }
      }
      break;
    case E_RESULT: {
      request(PortKind::WriteBeat, u_.nextResult(), D_WRITE);
      st = E_RESULT_WAIT;
      break;
    }
    case E_RESULT_WAIT:
      if (req_accept_now) st = (u_.mode_first && !u_.te.result_uncertain) ? uint8_t{S_DRAIN} : ret;
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

// ---- the node and record words it looks at, and the RTL's error checks ----
uint32_t Controller::flags(uint32_t node) const { return u_.mem.read32(node + layout::kNodeFlags); }
uint32_t Controller::ptr(uint32_t node) const { return u_.mem.read32(node + layout::kNodePtr); }
// Tumbled node t of the current pair; aligned node s of the current list entry.
uint32_t Controller::tumbledNodeAddr() const { return cur_pair + t * layout::kNodeBytes; }
uint32_t Controller::alignedNodeAddr() const { return layout::entryAddr(entry) + s * layout::kNodeBytes; }
// The checks are made in the RTL's states: the golden model stopped at the same point, and
// the chip's cycles up to its error and its drain depend on where it notices. A node pair
// or record pointer is bad by the chip's rule (layout::badPointer).
bool Controller::badPairPointer(uint32_t p) const {
  return layout::badPointer(p, layout::kPairBytes, layout::kPairBytes, u_.cfg.board_bytes);
}
bool Controller::badRecordPointer(uint32_t p) const {
  return layout::badPointer(p, layout::kTriBytes, layout::kTriBytes, u_.cfg.board_bytes);
}
bool Controller::invalid(uint32_t node_flags) { return !(node_flags & layout::kFlagValid); }
// S_TNODE: a tumbled node without VALID, or an inner one whose child pair pointer is bad.
bool Controller::badTumbledNode(uint32_t node) const {
  const uint32_t f = flags(node);
  return invalid(f) || (!(f & layout::kFlagLeaf) && badPairPointer(ptr(node)));
}
// The next word of slot i's new list (i = 2: the leaf-list pass's output) is past the list area.
bool Controller::appendOverflows(int i) const {
  return (i == 2 ? ll_out + ll_olen : obase[i] + olen[i]) >= u_.cfg.list_words;
}

// ---- its commands ----
void Controller::request(PortKind kind, uint32_t addr, Dest dest) {
  req_valid = true;
  req_kind = kind;
  req_addr = addr;
  req_dest = dest;
}
// With list_follow the fetch unit follows, from next cycle, the list the controller
// processes next: `slot` 0 or 1 (that tumbled node's new list) or 2 (the next leaf pass).
void Controller::followNext(int slot, uint32_t base) {
  if (!u_.cfg.list_follow) return;
  fol_slot = slot;
  u_.fetch.follow(base);
}
// A list entry into the write queue (registered): `slot` 0 or 1 for that tumbled node's
// new list, 2 for the leaf pass's.
void Controller::append(int slot, uint32_t word) {
  u_.wq.append(u_.cfg.list_follow && slot == fol_slot ? int64_t{word} : ListWriteQueue::kUnfollowed);
}
uint32_t Controller::childPairEntry(uint32_t child_pair) { return layout::entryAddr(child_pair) | 3u; }
// S_DOT: the DOP transform of tumbled node t (kDopK DOTADDs), then S_TNODE_DONE.
void Controller::dot() {
  dot_issue = dot_done = 0;
  ret = S_TNODE_DONE;
  st = S_DOT;
}
void Controller::triStart(uint32_t tnode, uint32_t anode, uint8_t ret_state) {
  tri_tnode = tnode;
  tri_anode = anode;
  ret = ret_state;
  st = S_TRI;
}
// The IT-unit takes the next side of the golden model's log (micro-op TRI).
void Controller::startItSide() { u_.te.startSide(u_.nextSide()); }

}  // namespace cc::tlm::core
