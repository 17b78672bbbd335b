// cc_stack_engine on its own (rtl/cc_stack_engine.v with its write queue and fetch unit),
// on the board's stack SRAM model (sim/cc_stack_sram.h), against a reference of what it
// promises: root, push and resume do to the stack of frames what docs/traversal.md says
// (a resume pops finished frames and hands over the topmost slot-1 list still waiting,
// setting its bit); every list word appended lands in the SRAM; a fetched list comes out
// entry by entry with its node pair's eight beats, whatever the memory's latency. Random
// command sequences, seed printed (CC_SEED replays one).
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <random>
#include <stdexcept>

#include "Vcc_stack_engine.h"
#include "cc/layout.h"
#include "cc/unit_timing.h"
#include "cc_sim_ctrl.h"
#include "cc_stack_sram.h"
#include "core/stack_engine.h"
#include "rtl_test_util.h"
#include "verilated.h"

namespace {

// The unit's parameters in tests/rtl/CMakeLists.txt.
constexpr uint32_t kListWords = 256, kFrames = 8, kSramWords = 1024;

struct Frame {
  uint32_t next_pair, base, len;
  bool bit;
};

class StackEngineBench {
 public:
  explicit StackEngineBench(uint64_t seed)
      : rng_(seed), sram_(kSramWords), sim_(&ctx_, &top_.clk_i, &top_.rst_ni, [this] { top_.eval(); },
                                            [this](VerilatedFstC* tfp) { top_.trace(tfp, 99); }) {
    sim_.setWatchdog(50'000'000);
    sim_.reset();
  }

  // ---- the frame commands, checked against the reference stack when the unit is ready again
  void root(uint32_t entry) {
    waitReady();
    top_.root_i = 1;
    top_.root_entry_i = entry;
    tick();
    top_.root_i = 0;
    frames_.clear();
    words_[0] = entry;
    waitReady();
    EXPECT_EQ(top_.depth_o, 0u);
  }
  void push(const Frame& f) {
    waitReady();
    ASSERT_FALSE(top_.full_o);
    top_.push_i = 1;
    top_.push_next_pair_i = f.next_pair;
    top_.push_list_base_i = f.base;
    top_.push_len_bit_i = f.len | (f.bit ? 0x80000000u : 0);
    tick();
    top_.push_i = 0;
    const uint32_t at = kListWords + cc::layout::kFrameWords * static_cast<uint32_t>(frames_.size());
    words_[at] = f.next_pair;
    words_[at + 1] = f.base;
    words_[at + 2] = f.len | (f.bit ? 0x80000000u : 0);
    frames_.push_back(f);
    busy_ = waitReady();
    EXPECT_EQ(top_.depth_o, frames_.size());
    EXPECT_EQ(bool(top_.full_o), frames_.size() >= kFrames);
  }
  void resume() {
    waitReady();
    ASSERT_GT(top_.depth_o, 0u);
    top_.resume_i = 1;
    tick();
    top_.resume_i = 0;
    // The reference: pop finished frames (bit set, or an empty list) down to a waiting one.
    while (!frames_.empty() && (frames_.back().bit || frames_.back().len == 0)) frames_.pop_back();
    busy_ = waitReady();
    ASSERT_EQ(top_.depth_o, frames_.size());
    ASSERT_EQ(bool(top_.resume_found_o), !frames_.empty());
    if (frames_.empty()) return;
    Frame& f = frames_.back();
    EXPECT_EQ(top_.resume_pair_o, f.next_pair);
    EXPECT_EQ(top_.resume_base_o, f.base);
    EXPECT_EQ(top_.resume_len_o, f.len);
    f.bit = true;
    words_[kListWords + cc::layout::kFrameWords * static_cast<uint32_t>(frames_.size() - 1) + 2] = f.len | 0x80000000u;
  }
  size_t depth() const { return frames_.size(); }
  // Cycles the last push or resume kept the engine busy after the cycle that took it.
  uint64_t busy() const { return busy_; }

  // ---- list words: appended one or two a cycle while there is room
  void append(uint32_t addr0, uint32_t data0, bool two, uint32_t addr1, uint32_t data1) {
    while (!top_.app_room2_o) tick();
    top_.app0_i = 1;
    top_.app0_addr_i = addr0;
    top_.app0_data_i = data0;
    top_.app1_i = two;
    top_.app1_addr_i = addr1;
    top_.app1_data_i = data1;
    tick();
    top_.app0_i = top_.app1_i = 0;
    words_[addr0] = data0;
    if (two) words_[addr1] = data1;
  }
  void waitListsWritten() {
    while (!top_.lists_written_o) tick();
  }

  // ---- a list fetched: its entries in order, each with its pair's eight beats
  void fetch(uint32_t base, uint32_t len) {
    waitListsWritten();
    top_.fetch_start_i = 1;
    top_.fetch_base_i = base;
    top_.fetch_len_i = len;
    tick();
    top_.fetch_start_i = 0;
    for (uint32_t k = 0; k < len; ++k) {
      while (!top_.head_valid_o) tick();
      const uint32_t entry = words_.at(base + k);
      ASSERT_EQ(top_.head_entry_o, entry) << "list entry " << k;
      ASSERT_FALSE(top_.head_bad_o) << "list entry " << k;
      const uint32_t pair = cc::layout::entryAddr(entry);
      for (uint32_t w = 0; w < 64; ++w) ASSERT_EQ(top_.head_pair_o[w], pairWord(pair, w)) << "entry " << k << " word " << w;
      for (uint32_t d = rng_() % 3; d > 0; --d) tick();  // the controller takes its time
      top_.head_pop_i = 1;
      tick();
      top_.head_pop_i = 0;
    }
  }

  // Whatever else happens, every word the reference holds is in the SRAM.
  void checkSram() {
    waitReady();
    waitListsWritten();
    for (int i = 0; i < 4; ++i) tick();  // the last write leaves the SRAM's input register
    for (const auto& [addr, value] : words_) ASSERT_EQ(sram_.word(addr), value) << "SRAM word " << addr;
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  // Word w of node pair `pair` as the memory returns it (a pattern of the address).
  static uint32_t pairWord(uint32_t pair, uint32_t w) { return pair ^ (w * 0x9E3779B9u); }

  // Returns the cycles waited.
  uint64_t waitReady() {
    uint64_t n = 0;
    for (; !top_.ready_o; ++n) tick();
    return n;
  }
  // One clock: the SRAM performs the access the engine registered at the last edge; the
  // memory takes the fetch unit's request at once and answers 4..19 cycles later, eight
  // beats in request order.
  void tick() {
    top_.mem_req_accept_i = top_.mem_req_valid_o && (rng_() % 4 != 0);
    if (top_.mem_req_accept_i) reads_.push_back({top_.mem_req_addr_o, sim_.cycles() + 4 + rng_() % 16});
    sim_.tick();
    top_.sram_rdata_i = sram_.edge(top_.sram_en_o, top_.sram_we_o, top_.sram_addr_o, top_.sram_wdata_o, sim_.cycles());
    top_.rsp_valid_i = 0;
    top_.rsp_last_i = 0;
    if (!reads_.empty() && sim_.cycles() >= reads_.front().due) {
      const uint32_t pair = reads_.front().addr;
      for (uint32_t w = 0; w < 8; ++w) top_.rsp_data_i[w] = pairWord(pair, 8 * beat_ + w);
      top_.rsp_valid_i = 1;
      top_.rsp_last_i = beat_ == 7;
      if (++beat_ == 8) {
        beat_ = 0;
        reads_.pop_front();
      }
    }
    sim_.eval();
  }

  struct Read {
    uint32_t addr;
    uint64_t due;
  };
  std::mt19937_64 rng_;
  VerilatedContext ctx_;
  Vcc_stack_engine top_{&ctx_};
  cc::sim::StackSram sram_;
  cc::sim::SimCtrl sim_;
  std::vector<Frame> frames_;
  std::map<uint32_t, uint32_t> words_;  // what the SRAM must hold
  std::deque<Read> reads_;
  uint32_t beat_ = 0;
  uint64_t busy_ = 0;
};

}  // namespace

TEST(RtlStackEngine, FramesAppendsAndFetchesAgainstTheReference) {
  const uint64_t seed = cc::rtltest::testSeed("RtlStackEngine.FramesAppendsAndFetchesAgainstTheReference");
  StackEngineBench b(seed);
  auto& rng = b.rng();
  const auto pairAddr = [&] { return (0x1000u + static_cast<uint32_t>(rng() % 4096) * 256u); };
  const uint64_t rounds = cc::rtltest::kVectors / 2500;  // 40 in make test, 1600 in make soak
  for (uint64_t round = 0; round < rounds; ++round) {
    b.root(cc::layout::makeEntry(pairAddr(), 1));
    uint32_t top = 1;  // list words in use
    for (int op = 0; op < 60; ++op) {
      switch (rng() % 4) {
        case 0:
          if (b.depth() < kFrames) {
            const uint32_t len = rng() % 3 == 0 ? 0 : static_cast<uint32_t>(rng() % 40);
            b.push({pairAddr(), static_cast<uint32_t>(rng() % kListWords), len, rng() % 5 == 0});
          }
          break;
        case 1:
          if (b.depth() > 0) b.resume();
          break;
        case 2: {  // a list of n entries appended, then fetched
          const uint32_t n = 1 + static_cast<uint32_t>(rng() % 12);
          if (top + n > kListWords) top = 1;
          for (uint32_t k = 0; k < n; k += 2) {
            const bool two = k + 1 < n;
            b.append(top + k, cc::layout::makeEntry(pairAddr(), 1 + rng() % 3), two, top + k + 1,
                     cc::layout::makeEntry(pairAddr(), 1 + rng() % 3));
          }
          b.fetch(top, n);
          top += n;
          break;
        }
        default:
          b.checkSram();
          break;
      }
      if (::testing::Test::HasFatalFailure()) return;
    }
    b.checkSram();
  }
}

// The TLM model's stack engine (model/tlm/core/stack_engine.h) given one command: the
// cycles after the command's cycle until it is ready again, as StackEngineBench::busy
// counts them on the RTL.
uint64_t tlmBusy(cc::tlm::core::StackEngine& e, bool push, const Frame& f, bool resume) {
  e.step(false, push, {f.next_pair, f.base, f.len, f.bit}, resume);
  uint64_t busy = 0;
  for (; !e.ready(); ++busy) e.step(false, false, {0, 0, 0, true}, false);
  return busy;
}

// The latencies the TLM model times the stack engine with (cc/unit_timing.h): a push keeps
// the engine busy while it writes its frame's other words; a resume reads a frame and
// decides in the cycle after its last word is in, for every frame it pops and the one it
// hands over. The TLM's stack engine, given the same commands, is busy as long.
TEST(RtlStackEngine, FrameLatenciesAreTheTimingModels) {
  namespace ut = cc::unit_timing;
  StackEngineBench b(cc::rtltest::testSeed("RtlStackEngine.FrameLatenciesAreTheTimingModels"));
  cc::tlm::core::StackEngine tlm;
  b.root(cc::layout::makeEntry(0x1000, 1));
  tlm.step(true, false, {0, 0, 0, true}, false);
  const auto push = [&](const Frame& f) {
    b.push(f);
    EXPECT_EQ(tlmBusy(tlm, true, f, false), b.busy()) << "push: TLM against RTL";
  };
  const auto resume = [&] {
    b.resume();
    EXPECT_EQ(tlmBusy(tlm, false, {}, true), b.busy()) << "resume: TLM against RTL";
  };
  push({0x2000, 10, 5, false});  // waiting
  EXPECT_EQ(b.busy(), ut::kPushBusy);
  push({0x3000, 20, 7, true});   // handed over already
  push({0x4000, 30, 0, false});  // no list
  EXPECT_EQ(b.busy(), ut::kPushBusy);
  resume();  // pops two frames, hands over the first one's list
  EXPECT_EQ(b.busy(), 3 * (ut::kFrameRead + 1));
  resume();  // pops the last frame: the stack is empty
  EXPECT_EQ(b.busy(), ut::kFrameRead + 1);
  EXPECT_EQ(tlm.depth(), b.depth());
}
