#include "core/list_compare.h"

#include "cc/chip_math.h"
#include "cc/layout.h"
#include "core/core.h"
#include "core/node_words.h"

namespace cc::tlm::core {

uint8_t ListCompare::nextState(uint8_t state, uint64_t c, const ControllerInputs& in, const Pair& p, bool& pop) {
  uint8_t next = state;
  bool known;
  switch (state) {  // the state's group first: one jump instead of a chain of switches (speed)
    case S_LIST_INIT: case S_ENTRY: case S_SLOT: case S_TEST: case S_TEST_NEXT: case S_LEAFENT:
      known = entryStates(state, c, in, p, pop, next);
      break;
    case S_LIST_END: case S_LL_CHECK: case S_LL_PASS: case S_LL_SLOT: case S_LL_NEXT:
      known = leafListStates(state, c, in, p, pop, next);
      break;
    case S_APPEND:
      known = appendState(state, in, next);
      break;
    case S_PLANE:  // the plane unit's test, DOTADD stages long; back to the slot with its outcome
      if (c >= plane_ready_at) {
        plane_have = true;
        next = in_ll ? S_LL_SLOT : S_SLOT;
      }
      known = true;
      break;
    default:
      known = u_.tq ? queuedTriState(state, in, next) : triangleStates(state, c, next);
  }
  return known ? next : uint8_t{S_IDLE};
}

// A list's entries: each aligned pair compared with the tumbled nodes, children appended,
// leaves collected for their leaf lists or tested.
bool ListCompare::entryStates(uint8_t state, uint64_t c, const ControllerInputs& in, const Pair& p, bool& pop, uint8_t& next) {
  const auto present = [&p](uint32_t i) { return ((p.present >> i) & 1u) != 0; };
  switch (state) {
    case S_LIST_INIT:
      in_ll = false;
      obase[0] = top;
      obase[1] = top + 2 * p.list_len;
      olen[0] = olen[1] = 0;
      // Next: a tumbled leaf's leaf list (T1's first), else T1's child list.
      if (present(1) && p.leaf[1] && !p.leaf[0]) followNext(1, obase[1]);
      else followNext(0, obase[0]);
      k = 0;
      next = S_ENTRY;
      break;
    case S_ENTRY:
      plane_have = false;
      if (listDone(p.list_len)) {
        if (in_ll) {
          top = ll_out + ll_olen;
          ll_base = ll_out;
          ll_len = ll_olen;
          next = S_LL_PASS;
        } else {
          next = S_LIST_END;
        }
      } else if (in.head_valid) {
        entry = u_.fetch.headEntry();
        s = 0;
        s2 = 0;
        leafmask[0] = leafmask[1] = 0;
        next = in_ll ? S_LL_SLOT : S_SLOT;
      }
      break;
    case S_SLOT:
      if (s2 == 2) {
        next = S_LEAFENT;
      } else if (!slotSkipped(next) && !planeWait(c, next)) {
        const uint32_t anode = alignedNodeAddr();
        const uint32_t aptr = nodePtr(u_.mem, anode);
        const bool aleaf = nodeLeaf(nodeFlags(u_.mem, anode));
        const bool h0 = present(0) && u_.peekOverlapOrMiss(0);
        const bool h1 = present(1) && u_.peekOverlapOrMiss(present(0) ? 1 : 0);
        const bool slot_tri = aleaf && ((h0 && p.leaf[0]) || (h1 && p.leaf[1]));
        // An error among its outcomes takes the step-by-step path too (rtl slot_err).
        const bool slot_err = (!aleaf && (h0 || h1) &&
                               (badPairPointer(aptr, u_.cfg.board_bytes) || (h0 && appendOverflows(0)) ||
                                (h1 && appendOverflows(1)))) ||
                              ((h0 || h1) && planeBad());
        if (slot_tri || slot_err) {
          tn = 0;
          tn2 = 0;
          next = S_TEST;
        } else if (in.room2 || aleaf || (!h0 && !h1)) {
          u_.takeOverlaps(present(0) + present(1));
          if (!aleaf) {
            if (h0) append(0, childPairEntry(aptr));
            if (h1) append(1, childPairEntry(aptr));
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
      if (tn2 == 2) {
        nextSlot();
        next = S_SLOT;
      } else if (!present(tn)) {
        nextTumbled();
      } else {
        const bool hit = u_.peekOverlap(0);
        u_.takeOverlaps(1);
        const uint32_t anode = alignedNodeAddr();
        const bool aleaf = nodeLeaf(nodeFlags(u_.mem, anode));
        if (!hit) {
          nextTumbled();
        } else if (!aleaf && badPairPointer(nodePtr(u_.mem, anode), u_.cfg.board_bytes)) {
          next = S_ERROR;
        } else if (!aleaf) {
          app_to = tn;
          app_entry = childPairEntry(nodePtr(u_.mem, anode));
          next = S_APPEND;
        } else if (planeBad()) {
          next = S_ERROR;
        } else if (!p.leaf[tn]) {
          leafmask[tn] |= 1u << s;
          nextTumbled();
        } else {
          triStart(tumbledNodeAddr(p, tn), anode, next);
        }
      }
      break;
    case S_TEST_NEXT:
      nextTumbled();
      next = S_TEST;
      break;
    case S_LEAFENT: {
      const bool any = leafmask[0] != 0 || leafmask[1] != 0;
      if ((leafmask[0] != 0 && appendOverflows(0)) || (leafmask[1] != 0 && appendOverflows(1))) {
        next = S_ERROR;
      } else if (!any || in.room2) {
        for (int t = 0; t < 2; ++t)
          if (leafmask[t] != 0) append(t, layout::entryAddr(entry) | leafmask[t]);
        olen[0] += leafmask[0] != 0;
        olen[1] += leafmask[1] != 0;
        ++k;
        pop = true;
        next = S_ENTRY;
      }
      break;
    }
    default:
      return false;
  }
  return true;
}

// After a list: the leaf-list passes of the tumbled leaves.
bool ListCompare::leafListStates(uint8_t state, uint64_t c, const ControllerInputs& in, const Pair& p, bool& pop, uint8_t& next) {
  const uint32_t ll_node = lt & 1u;  // the tumbled leaf of a leaf-list pass
  switch (state) {
    case S_LIST_END:
      top = obase[1] + olen[1];
      lt = 0;
      next = S_LL_CHECK;
      break;
    case S_LL_CHECK:
      if (lt == 2) {
        top = obase[1] + olen[1];
        next = S_DESCEND;
      } else if (((p.present >> lt) & 1u) && p.leaf[lt] && olen[lt] != 0) {
        ll_base = obase[lt];
        ll_len = olen[lt];
        next = S_LL_PASS;
      } else {
        ++lt;
      }
      break;
    case S_LL_PASS:
      if (ll_len == 0) {
        ++lt;
        next = S_LL_CHECK;
      } else if (in.lists_written) {  // the pass reads what the last one wrote
        const auto& l = u_.nextList(0, ll_base, ll_len, true);
        ll_out = top;
        ll_olen = 0;
        k = 0;
        u_.fetch.start(ll_base, ll_len, l.first_entry);
        followNext(2, top);
        in_ll = true;
        next = S_ENTRY;
      }
      break;
    case S_LL_SLOT:
      if (s2 == 2) {
        ++k;
        pop = true;
        next = S_ENTRY;
      } else if (!slotSkipped(next) && !planeWait(c, next)) {
        const bool hit = u_.peekOverlap(0);
        u_.takeOverlaps(1);
        const uint32_t anode = alignedNodeAddr();
        if (!hit) {
          nextSlot();
        } else if (planeBad()) {
          next = S_ERROR;
        } else if (nodeLeaf(nodeFlags(u_.mem, anode))) {
          triStart(tumbledNodeAddr(p, ll_node), anode, next);
        } else if (badPairPointer(nodePtr(u_.mem, anode), u_.cfg.board_bytes)) {
          next = S_ERROR;
        } else {
          app_to = 2;
          app_entry = childPairEntry(nodePtr(u_.mem, anode));
          next = S_APPEND;
        }
      }
      break;
    case S_LL_NEXT:
      nextSlot();
      next = S_LL_SLOT;
      break;
    default:
      return false;
  }
  return true;
}

// The subroutine S_APPEND: app_entry to a list; past the list area is ListOverflow.
bool ListCompare::appendState(uint8_t state, const ControllerInputs& in, uint8_t& next) {
  if (state != S_APPEND) return false;
  if (appendOverflows(int(app_to))) {
    next = S_ERROR;
  } else if (in.room2) {
    append(int(app_to), app_entry);
    if (app_to == 2) ++ll_olen;
    else ++olen[app_to];
    next = retState();
  }
  return true;
}

// A queued engine runs the tests: the unit hands them over (rtl S_TRI) and goes on.
bool ListCompare::queuedTriState(uint8_t state, const ControllerInputs& in, uint8_t& next) {
  if (state != S_TRI) return false;
  if (in.eng_room) {
    uint32_t rec[2];
    triRecords(rec);
    next = triBad(rec) ? uint8_t{S_ERROR} : retState();
  }
  return true;
}

// A triangle test without a queue: the records, the passes, the IT-unit's sides, the
// result (the engine's states, where the RTL's unit waits in S_TRI_WAIT).
bool ListCompare::triangleStates(uint8_t state, uint64_t c, uint8_t& next) {
  Controller& ctl = u_.ctl;  // its request register carries the engine's requests
  TriEngine& te = u_.te;
  switch (state) {
    case S_TRI: {
      if (c < te.idleFrom()) break;  // side B's passes of the last test still run
      // A record one of its side's two entries holds is not read again; else it is read
      // into the entry the last test did not use. A record in the result area is never
      // reused (a result may land in it).
      uint32_t rec[2];
      triRecords(rec);
      if (triBad(rec)) {
        next = S_ERROR;
        break;
      }
      bool need[2];
      te.takeRecords(rec, need, [this](uint32_t r) { return u_.inResultArea(r); });
      te.start(c, need, u_.port, u_.log);
      te.side = 0;
      if (need[0]) {
        ctl.request(PortKind::ReadRecord, rec[0], D_REC_A);
        next = E_TRI_REQB;
      } else {
        if (need[1]) ctl.request(PortKind::ReadRecord, rec[1], D_REC_B);
        next = E_TRI_A;
      }
      break;
    }
    case E_TRI_REQB:
      if (ctl.req_accept_now) {
        if (te.side_from[1] == kNever) ctl.request(PortKind::ReadRecord, te.recordAddr(1), D_REC_B);  // B not held
        next = E_TRI_A;
      }
      break;
    case E_TRI_A:
    case E_TRI_B:
      if (c >= te.sideDone()) {
        startItSide();
        next = E_IT;
      }
      break;
    case E_IT:
      if (--te.it_left == 0) {
        if (!te.it_hit && te.side == 0) {  // side A without a certain hit: side B now or when written
          te.side = 1;
          if (c >= te.sideDone()) startItSide();
          else next = E_TRI_B;
        } else {
          // A result (a certain hit, or an uncertain pair for the host), or the test is over.
          te.result_uncertain = !te.it_hit;
          next = (te.it_hit || te.it_uncertain) ? uint8_t{E_RESULT} : retState();
        }
      }
      break;
    case E_RESULT:
      ctl.request(PortKind::WriteBeat, u_.nextResult(), D_WRITE);
      next = E_RESULT_WAIT;
      break;
    case E_RESULT_WAIT:
      if (ctl.req_accept_now) next = (u_.mode_first && !te.result_uncertain) ? uint8_t{S_DRAIN} : retState();
      break;
    default:
      return false;
  }
  return true;
}

void ListCompare::triRecords(uint32_t rec[2]) const {
  rec[0] = nodePtr(u_.mem, tri_tnode);
  rec[1] = nodePtr(u_.mem, tri_anode);
}
bool ListCompare::triBad(const uint32_t rec[2]) const {
  return badRecordPointer(rec[0], u_.cfg.board_bytes) || badRecordPointer(rec[1], u_.cfg.board_bytes);
}

// S_SLOT, S_LL_SLOT: aligned node s is not in the entry (the next one), or it is not VALID
// (an error); else it is compared.
bool ListCompare::slotSkipped(uint8_t& next) {
  if (!(entry & (1u << s))) {
    nextSlot();
    return true;
  }
  if (nodeInvalid(nodeFlags(u_.mem, alignedNodeAddr()))) {
    next = S_ERROR;
    return true;
  }
  return false;
}
namespace {
// The slot's aligned node as the plane unit sees it: a leaf whose plane is present, and
// whether the plane is well formed.
struct PlaneOf {
  bool leaf_with_plane = false, well_formed = false;
};
PlaneOf planeOf(const BoardMemory& mem, uint32_t anode) {
  PlaneOf r;
  if (!nodeLeaf(nodeFlags(mem, anode))) return r;
  LeafPlane p;
  p.sel = mem.read32(anode + layout::kNodePlaneSel);
  if (!p.present()) return r;
  p.c1 = mem.readFloat(anode + layout::kNodePlaneC1);
  p.c2 = mem.readFloat(anode + layout::kNodePlaneC2);
  r.leaf_with_plane = true;
  r.well_formed = p.wellFormed();
  return r;
}
}  // namespace

bool ListCompare::planeNeed() const {
  if (!u_.log.leaf_plane) return false;
  const PlaneOf p = planeOf(u_.mem, alignedNodeAddr());
  return p.leaf_with_plane && p.well_formed;
}
bool ListCompare::planeBad() const {
  if (!u_.log.leaf_plane) return false;
  const PlaneOf p = planeOf(u_.mem, alignedNodeAddr());
  return p.leaf_with_plane && !p.well_formed;
}
// S_SLOT, S_LL_SLOT: a leaf with a plane is compared after the plane unit's test (its four
// DOTADDs leave dotadd_stages cycles after it starts, this cycle).
bool ListCompare::planeWait(uint64_t c, uint8_t& next) {
  if (plane_have || !planeNeed()) return false;
  plane_ready_at = c + u_.stages;
  next = S_PLANE;
  return true;
}

// Tumbled node t of the pair; aligned node s of the current list entry.
uint32_t ListCompare::tumbledNodeAddr(const Pair& p, uint32_t t) const { return p.addr + t * layout::kNodeBytes; }
uint32_t ListCompare::alignedNodeAddr() const { return layout::entryAddr(entry) + s * layout::kNodeBytes; }
// The next word of slot i's new list (i = 2: the leaf-list pass's output) is past the list area.
bool ListCompare::appendOverflows(int i) const {
  return (i == 2 ? ll_out + ll_olen : obase[i] + olen[i]) >= u_.cfg.list_words;
}
// With list_follow the fetch unit follows, from next cycle, the list processed next:
// `slot` 0 or 1 (that tumbled node's new list) or 2 (the next leaf pass).
void ListCompare::followNext(int slot, uint32_t base) {
  if (!u_.cfg.list_follow) return;
  fol_slot = slot;
  u_.fetch.follow(base);
}
// A list entry into the write queue (registered): `slot` 0 or 1 for that tumbled node's
// new list, 2 for the leaf pass's.
void ListCompare::append(int slot, uint32_t word) {
  u_.wq.append(u_.cfg.list_follow && slot == fol_slot ? int64_t{word} : ListWriteQueue::kUnfollowed);
}
void ListCompare::triStart(uint32_t tnode, uint32_t anode, uint8_t& next) {
  tri_tnode = tnode;
  tri_anode = anode;
  next = S_TRI;
}
// The IT-unit takes the next side of the golden model's log (micro-op TRI).
void ListCompare::startItSide() { u_.te.startSide(u_.nextSide()); }

}  // namespace cc::tlm::core
