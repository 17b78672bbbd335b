// The triangle-test engine of a chip without a test queue (rtl/cc_tri_engine.v with
// cc_tri_pass.v and cc_tri_decide.v, tri_queue = 0): the record entries (two per side:
// A tumbled, B aligned), the passes (each side's frame pass, then its leaf-matrix pass,
// nine DOTADDs each: side A's on the shared DOTADD unit, side B's on the pass unit) and the
// IT-unit's sides. No data moves: the golden model's log says what each side's IT-unit
// work is. Timing per unit_timing.h and it_timing.h.
//
// Side s's frame pass issues one a cycle from frame[s], once its vertices are loaded:
// kHeldRecordToPass cycles after the test starts for a record still held, the cycle after
// the record's arrival otherwise (side_from). Its leaf-matrix DOTADD k issues in order after
// the frame pass, once the other record is in and the frame-pass result it reads is
// (leaf_need; operand forwarding): leaf[s][k]. The issue cycles are fixed as soon as the
// records' arrivals are (resolve: a grant may still move until then).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>

#include "cc/core_timing.h"
#include "cc/it_timing.h"
#include "cc/unit_timing.h"
#include "core/common.h"
#include "core/mem_port.h"

namespace cc::tlm::core {

struct TriEngine {
  static constexpr uint32_t kPass = unit_timing::kPassDotadds;
  TriEngine(uint32_t dotadd_stages, uint32_t it_mul_stages, uint32_t it_add_stages)
      : stages(dotadd_stages), it_mul(it_mul_stages), it_add(it_add_stages) {
    for (auto& t : leaf) t.fill(kNever);
  }
  const uint32_t stages, it_mul, it_add;

  // ---- record entries (the load stage) ----
  struct RecordEntry {
    uint32_t addr = 0;
    bool valid = false;  // a test may reuse it
  };
  RecordEntry rec_ent[2][2];
  int rec_mru[2] = {0, 0};                     // the side's entry of the last test
  uint64_t rec_req[2] = {kNoRequest, kNoRequest};  // this test's record reads (A, B)
  // A record one of its side's two entries holds is not read again; else it is read into
  // the entry the last test did not use. A record in the result area is never reused (a
  // result may land in it). Sets need[r]: record r must be read.
  template <class InResultArea>
  void takeRecords(const uint32_t rec[2], bool need[2], InResultArea in_result_area) {
    for (int r = 0; r < 2; ++r) {
      RecordEntry* e = rec_ent[r];
      const int held = e[0].valid && e[0].addr == rec[r] ? 0 : e[1].valid && e[1].addr == rec[r] ? 1 : -1;
      need[r] = held < 0;
      rec_mru[r] = held >= 0 ? held : 1 - rec_mru[r];
      if (need[r]) e[rec_mru[r]] = {rec[r], !in_result_area(rec[r])};
    }
  }
  uint32_t recordAddr(int r) const { return rec_ent[r][rec_mru[r]].addr; }

  // ---- passes ----
  bool started = false;
  uint64_t side_from[2] = {kNever, kNever};  // first cycle a side's frame pass may issue
  uint64_t frame[2] = {kNever, kNever};      // first issue of side s's frame pass
  std::array<std::array<uint64_t, kPass>, 2> leaf;  // issues of side s's leaf-matrix pass (kNever: not known)

  void start(uint64_t c, const bool need[2], const MemPort& port, const QueryLog& log) {
    started = true;
    for (int r = 0; r < 2; ++r) {
      rec_req[r] = kNoRequest;
      side_from[r] = need[r] ? kNever : c + unit_timing::kHeldRecordToPass;
      frame[r] = kNever;
      leaf[r].fill(kNever);
    }
    resolve(c, port, log);  // both records held: the passes' schedule is fixed already
  }
  void resolve(uint64_t c, const MemPort& port, const QueryLog& log) {
    if (!started || leaf[1][kPass - 1] != kNever) return;  // nothing to fix, or fixed already
    for (int r = 0; r < 2; ++r) {
      if (side_from[r] != kNever) continue;
      const uint64_t a = port.arrival(rec_req[r]);  // kNever while not asked for
      if (c >= a) side_from[r] = a + unit_timing::kRecordArrivalToPass;
    }
    frame[0] = side_from[0];  // a frame pass needs only its own record
    frame[1] = side_from[1];
    if (frame[0] == kNever || frame[1] == kNever) return;
    for (int s = 0; s < 2; ++s) {
      uint64_t t = std::max(frame[s] + kPass, side_from[1 - s] - unit_timing::kOtherRecordLead);
      for (uint32_t k = 0; k < kPass; ++k) {
        const int o = log.leaf_need[s][k];
        if (o >= 0) t = std::max(t, frame[s] + static_cast<uint64_t>(o) + stages + unit_timing::kPassResultToOperand);
        leaf[s][k] = t++;
      }
    }
  }
  // Side s's passes issue in cycle c.
  bool issues(uint64_t c, int s) const {
    if (frame[s] != kNever && c >= frame[s] && c < frame[s] + kPass) return true;
    if (leaf[s][kPass - 1] == kNever || c < leaf[s][0] || c > leaf[s][kPass - 1]) return false;
    for (uint64_t t : leaf[s])
      if (t == c) return true;
    return false;
  }
  // When side s's leaf-matrix pass is written (kNever: not known yet).
  uint64_t leafDone(int s) const {
    return leaf[s][kPass - 1] == kNever ? kNever : leaf[s][kPass - 1] + stages + unit_timing::kPassResultWritten;
  }
  // The cycle after side s's last issue (0: never started; kNever: not known yet).
  uint64_t issueEnd(int s) const {
    if (!started) return 0;
    return leaf[s][kPass - 1] == kNever ? kNever : leaf[s][kPass - 1] + 1;
  }
  // From when the engine is idle: both sides' leaf-matrix passes written.
  uint64_t idleFrom() const { return started ? std::max(leafDone(0), leafDone(1)) : 0; }
  // The first arrival of a record the passes still wait for (kNever: none known).
  uint64_t recordArrival(const MemPort& port) const {
    uint64_t a = kNever;
    for (int r = 0; r < 2; ++r)
      if (side_from[r] == kNever && rec_req[r] != kNoRequest) a = std::min(a, port.arrival(rec_req[r]));
    return a;
  }

  // ---- the decide stage: the IT-unit's sides ----
  uint32_t side = 0;             // the side the decide stage waits for or tests (0 A, 1 B)
  bool it_hit = false;           // a certain hit on this side
  bool it_uncertain = false;     // this test's sides so far left an edge undecided
  bool result_uncertain = false; // the result being written is an uncertain pair
  uint64_t it_left = 0;          // cycles until the IT-unit's response
  // When the side the decide stage waits for has its leaf-matrix pass written.
  uint64_t sideDone() const { return leafDone(static_cast<int>(side)); }
  // The IT-unit takes the side (micro-op TRI).
  void startSide(const QueryLog::TriSide& sd) {
    it_hit = sd.hit;
    it_uncertain = (side == 1 && it_uncertain) || sd.uncertain;  // either side's
    it_left = itTriCycles(sd.computed, it_mul, it_add);
  }
};

}  // namespace cc::tlm::core
