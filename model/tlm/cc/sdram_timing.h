// SDRAM timing of the TLM model: what the chip's SDRAM controller (rtl/cc_sdram_ctrl.v)
// charges for each request, computed per request instead of per cycle.
//
// Policy (the RTL controller's): closed page, bank look-ahead, responses in order.
//   * Every READ/WRITE carries auto-precharge; the bank's next ACTIVATE may follow
//     tRP after the auto-precharge starts (max of tRAS, end of the read burst, tWR).
//   * Up to sdram_queue requests are held; a request leaves when its data has gone to
//     the chip (reads) or onto the bus (writes).
//   * Per bank, rows open in request order; across banks a later request's ACTIVATE and
//     READ/WRITE may go out before an older one's (each memory cycle: READ/WRITE of the
//     oldest request that may go, else ACTIVATE of the oldest whose bank is free; t_turn
//     idle memory cycles between reads and writes on the data bus).
//   * Read data goes to the chip in request order, one beat per chip cycle, as soon as
//     it is there and the older requests' beats have gone.
//   * One command per memory cycle; the memory clock is half the chip clock, so commands
//     sit on even chip cycles and data moves one beat per chip cycle.
//   * Refresh (cfg.sdram_refresh): one REFRESH owed every t_refi memory cycles; it goes out
//     once the queue is empty, or when refresh_postpone are owed; while one is wanted no
//     row opens, and it waits for every bank to be precharged; no ACTIVATE within tRFC.
//     A query's START restarts the refresh interval with nothing owed, every bank free
//     and past tRFC (the RTL's sync_i / synced_o), the state the model starts in.
//
// Address mapping, rule names and parameters are those of the device model
// (sim/cc_sdram_device.h: SdramGeometry and ChipConfig).
//
// The port API (readyFrom/request/idleFrom, PortGrant) is the controller as seen from its
// request/response port, checked cycle for cycle against the Verilated RTL
// (tests/sim/test_sdram_timing_vs_rtl.cpp), which runs against cc::sim::SdramDevice and
// its timing-rule checks; the timing model (core/mem_port.h) uses it.
//
// Port API: cycle convention.
//   Chip cycle n is the interval after the n-th rising edge of clk_i counted from the
//   end of the controller's initialization, or from a query's START: cycle 0 is the first
//   cycle req_ready_o is high after reset (the harness sim/cc_sdram_harness.h numbers
//   cycles the same way; an even number of cycles after reset), or the cycle after the
//   decision with synced_o high (the core's S_INIT; SdramRtlHarness::startQuery); the
//   refresh interval starts there, nothing is owed and every bank is free. In cycle 0 the
//   RTL's phase_q is 0, so the controller's decision cycles (the chip cycle before a memory
//   clock edge) are the odd cycles 2m-1 and memory cycle m is chip cycles 2m and 2m+1.
//   "Request accepted in cycle a" = req_valid_i && req_ready_o in cycle a (the request is
//   registered at the end of it); response beats are counted in the cycle in which
//   rsp_valid_o is high (rsp_ready_i is always 1 here).
//
// Port API: how exact it is.
//   Internally the class replays the RTL's schedule decision by decision (one memory cycle
//   per step, skipping cycles in which no request can be served), so its state is the
//   RTL's. The grant returned by request() is computed assuming no further request comes;
//   it is exact unless a LATER request overtakes this one (the RTL serves the oldest
//   request that can go, so a younger request whose bank is ready takes a command slot or
//   the data bus before an older one whose bank is still busy, which delays the older one;
//   a READ/WRITE also beats an older request's ACTIVATE in the same memory cycle; rarely
//   the shifted schedule advances the older one instead). Such a revision is visible
//   through grant(n) (exact once settled(n), or when no further request comes).
//   `accept`, readyFrom() and idleFrom() are exact, and every returned grant already
//   includes all revisions caused by the requests before it. docs/memory_system.md,
//   "The TLM's port model", has the numbers.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "cc/config.h"
#include "cc_sdram_device.h"

namespace cc::tlm {

// One command as the controller drives it (kept only when recording is switched on).
struct SdramCommand {
  uint64_t mem_cycle;
  sim::SdramCmd cmd;
  uint32_t bank, row, col;
  bool ap;
};

// The three request kinds of cc_sdram_ctrl (req_write_i, req_rec_i).
enum class PortKind { ReadPair, ReadRecord, WriteBeat };

// What the controller does with one request, in chip cycles (cycle convention above).
struct PortGrant {
  uint64_t accept = 0;      // req_valid_i && req_ready_o in this cycle
  uint64_t first_beat = 0;  // reads: the cycle rsp_valid_o carries its first beat; writes: = accept
  uint64_t last_beat = 0;   // reads: the cycle of its rsp_last_o beat; writes: = accept
  bool operator==(const PortGrant& o) const {
    return accept == o.accept && first_beat == o.first_beat && last_beat == o.last_beat;
  }
  bool operator!=(const PortGrant& o) const { return !(*this == o); }
};


class SdramTiming {
 public:
  explicit SdramTiming(const ChipConfig& cfg);  // throws std::invalid_argument

  // ---- port API (cycle convention and exactness in the file comment) ----------------
  // First chip cycle >= c in which the next request can be accepted: req_ready_o is high
  // and it is after the last accepted request's cycle (one request per cycle).
  uint64_t readyFrom(uint64_t c) const;
  // A request offered with req_valid_i high from chip cycle `valid` on; requests are made
  // in acceptance order (the caller arbitrates between its requesters). `addr` as on
  // req_addr_i (bits below the unit are ignored). rsp_ready_i is always 1.
  PortGrant request(PortKind kind, uint32_t addr, uint64_t valid);
  // First chip cycle from which idle_o stays high after everything requested so far (0
  // before any request).
  uint64_t idleFrom() const;
  // Port requests made so far; request n is the (n+1)-th call of request().
  uint64_t portRequests() const { return port_n_; }
  // The current grant of request n (one of the last kPortHistory requests): what request()
  // returned, revised by the requests made after it. Final once settled(n).
  const PortGrant& grant(uint64_t n) const {
    if (n >= port_n_ || n + kPortHistory < port_n_) grantOutOfRange(n);
    return hist(n).grant;
  }
  // True when later requests can no longer change grant(n): its READ/WRITE and those of
  // all older requests are decided (only a request that comes later can move that point).
  bool settled(uint64_t n) const { return n < settled_; }
  static constexpr uint32_t kPortHistory = 64;

  void reset();  // all banks precharged, buses idle, time 0, trace cleared
  void setRecording(bool on) { record_ = on; }
  // Recorded commands: the final decisions only (those before the latest request became
  // visible); the rest are still speculative.
  const std::vector<SdramCommand>& commands() const { return trace_; }
 private:
  // ---- port model: the RTL's state, decision by decision ----
  static constexpr uint64_t kNever = ~uint64_t{0};
  struct PortEntry {            // a request whose READ/WRITE is not decided yet
    uint64_t n;                 // request number
    uint64_t vis;               // first memory cycle whose decision sees it
    uint32_t bank, row, col;
    bool write;
    bool act;                   // its row is open
  };
  struct PortBank {
    bool open = false;          // a row is open (held by an entry with act)
    uint64_t act_ok = 0;        // first memory cycle an ACTIVATE may go out
    uint64_t cas_ok = 0;        // first memory cycle the READ/WRITE may go out
    uint64_t act_m = 0;         // memory cycle of the last ACTIVATE (tRAS)
  };
  // A vector of at most N elements without allocation whose copy copies only the elements
  // it holds: request() copies the whole port state for every speculative run (speed only).
  template <class T, size_t N>
  class SmallVec {
   public:
    SmallVec() = default;
    SmallVec(const SmallVec& o) { *this = o; }
    SmallVec& operator=(const SmallVec& o) {
      n_ = o.n_;
      std::copy_n(o.v_.begin(), n_, v_.begin());
      return *this;
    }
    size_t size() const { return n_; }
    bool empty() const { return n_ == 0; }
    T& operator[](size_t i) { return v_[i]; }
    const T& operator[](size_t i) const { return v_[i]; }
    T* begin() { return v_.data(); }
    T* end() { return v_.data() + n_; }
    const T* begin() const { return v_.data(); }
    const T* end() const { return v_.data() + n_; }
    void clear() { n_ = 0; }
    void assign(size_t n, const T& t) {
      if (n > N) throw std::length_error("SdramTiming: more than the port model holds");
      n_ = n;
      std::fill_n(v_.begin(), n, t);
    }
    void push_back(const T& t) {
      if (n_ == N) throw std::length_error("SdramTiming: more than the port model holds");
      v_[n_++] = t;
    }
    void erase(size_t i) {  // keeps the order
      std::copy(v_.begin() + i + 1, v_.begin() + n_, v_.begin() + i);
      --n_;
    }

   private:
    std::array<T, N> v_{};
    size_t n_ = 0;
  };
  static constexpr size_t kMaxBanks = 64;                      // ChipConfig's limit
  static constexpr size_t kMaxPending = kPortHistory / 2 + 1;  // sdram_queue (at most 32) + 1
  struct PortState {
    uint64_t m = 1;             // next memory cycle to decide (decided in chip cycle 2m-1)
    uint64_t rd_ok = 0, wr_ok = 0;  // first memory cycle a READ / a WRITE may go out
    uint64_t refs = 0;          // REFRESHes issued
    uint64_t rfc_ok = 0;        // first memory cycle an ACTIVATE or REFRESH may go (tRFC)
    SmallVec<PortBank, kMaxBanks> banks;
    SmallVec<PortEntry, kMaxPending> pending;  // oldest first
  };
  struct PortHist {             // one request (ring of kPortHistory)
    uint64_t accept;
    uint64_t cas;               // memory cycle of its READ/WRITE (kNever: not decided)
    uint32_t first_off, beats;  // reads: first beat of the burst handed over, beats handed
    bool write;
    PortGrant grant;
    uint64_t retire;            // cycle it leaves the queue (retire in the RTL)
  };
  struct PortDecision {
    uint64_t m;                 // memory cycle of the command
    uint64_t n;                 // request
    bool cas;                   // READ/WRITE (else ACTIVATE)
    bool ref;                   // REFRESH (n, cas unused)
  };
  // Decides from st.m on until nothing is pending, logging the decisions into log_ and the
  // READ/WRITE cycles into spec_cas_ (the speculative run: no further request comes).
  void portDecide(PortState& st);
  // Applies one decision to st; `real`: final (recorded, counted, hist().cas set).
  void portApply(PortState& st, size_t idx, uint64_t m, bool cas, bool real);
  void portChain(uint64_t from);  // grants and retire cycles of requests from..port_n_-1
  // Refresh: the first memory cycle a REFRESH is forced (refresh_postpone owed), or kNever
  // without refresh; the first memory cycle every bank is precharged and past tRP (kNever
  // while a row is open); applying one REFRESH.
  uint64_t refreshForcedFrom(const PortState& st) const;
  static uint64_t banksIdleFrom(const PortState& st);
  void refreshApply(PortState& st, uint64_t m, bool real);
  // The REFRESHes that go out before memory cycle `until` while no request is pending.
  void refreshIdle(uint64_t until);
  [[noreturn]] void grantOutOfRange(uint64_t n) const;
  PortHist& hist(uint64_t n) { return hist_[n % kPortHistory]; }
  const PortHist& hist(uint64_t n) const { return hist_[n % kPortHistory]; }

  PortState real_, spec_;
  std::vector<PortDecision> log_;   // decisions of the last speculative run (from real_)
  // Command spacings in memory cycles (the RTL's counters: "allowed d cycles later", d >= 1).
  uint64_t rd_rd_ = 0, wr_wr_ = 0, rd_wr_ = 0, wr_rd_ = 0, rcd_ = 0, rp_ = 0, wr_busy_ = 0;
  std::vector<PortHist> hist_;
  std::vector<uint64_t> spec_cas_;  // per ring slot: CAS cycle in the speculative run
  uint64_t port_n_ = 0;             // requests made
  uint64_t settled_ = 0;            // requests 0..settled_-1 are final
  uint64_t last_accept_ = 0;
  uint64_t settled_wend_ = 0;       // end of the latest settled write burst on DQ (+ wbusy)
  uint64_t port_idle_ = 0;          // idleFrom() of the port model

  ChipConfig cfg_;
  sim::SdramGeometry geo_;
  bool record_ = false;
  std::vector<SdramCommand> trace_;
};

}  // namespace cc::tlm
