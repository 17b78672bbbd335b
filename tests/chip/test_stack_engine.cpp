// The stack engine (rtl/cc_stack_engine.v) against the golden model, entry for entry: every
// word the chip writes into the stack SRAM (sim/cc_stack_sram.h) is compared with the
// golden model's writes (Observer::onListWrite / onFrameWrite) for the same query. The list
// area and the frame area are compared separately, each in write order: the RTL's write
// queue lets a frame write pass list entries still on their way (they never share a word).
#include <gtest/gtest.h>

#include <filesystem>
#include <utility>
#include <vector>

#include "cc/driver.h"
#include "cc/golden_chip.h"
#include "cc_board.h"

namespace {

using Writes = std::vector<std::pair<uint32_t, uint32_t>>;  // (word, value) in write order

struct SramWrites {
  Writes lists, frames;
  void add(uint32_t list_words, uint32_t word, uint32_t value) {
    (word < list_words ? lists : frames).emplace_back(word, value);
  }
};

// The golden model behind the Device interface, recording its stack SRAM writes.
class GoldenRecorder final : public cc::Device, cc::golden::Observer {
 public:
  explicit GoldenRecorder(const cc::ChipConfig& cfg) : cfg_(cfg), chip_(mem_, cfg) { chip_.setObserver(this); }
  std::string name() const override { return "golden"; }
  void write32(uint32_t off, uint32_t v) override { chip_.write32(off, v); }
  uint32_t read32(uint32_t off) override { return chip_.read32(off); }
  void writeMemory(uint32_t addr, const void* data, size_t n) override { mem_.write(addr, data, n); }
  void readMemory(uint32_t addr, void* data, size_t n) override { mem_.read(addr, data, n); }
  bool waitInterrupt(uint64_t) override { return chip_.interruptAsserted(); }
  void onListWrite(uint32_t word, uint32_t entry) override { writes.add(cfg_.list_words, word, entry); }
  void onFrameWrite(uint32_t word, uint32_t value) override { writes.add(cfg_.list_words, word, value); }
  SramWrites writes;

 private:
  cc::ChipConfig cfg_;
  cc::BoardMemory mem_;
  cc::golden::Chip chip_;
};

// The Verilated chip on the simulated board, recording the stack SRAM's writes.
class RtlRecorder final : public cc::Device {
 public:
  explicit RtlRecorder(const cc::ChipConfig& cfg) : board_(cfg) {
    board_.setSramWriteObserver([this, lw = cfg.list_words](uint32_t w, uint32_t v) { writes.add(lw, w, v); });
  }
  std::string name() const override { return "rtl"; }
  void write32(uint32_t off, uint32_t v) override { board_.write32(off, v); }
  uint32_t read32(uint32_t off) override { return board_.read32(off); }
  void writeMemory(uint32_t addr, const void* data, size_t n) override { board_.writeMemory(addr, data, n); }
  void readMemory(uint32_t addr, void* data, size_t n) override { board_.readMemory(addr, data, n); }
  bool waitInterrupt(uint64_t max_cycles) override { return board_.runUntilInterrupt(max_cycles); }
  SramWrites writes;

 private:
  cc::sim::RtlBoard board_;
};

// First difference of two write streams, or "" when equal.
std::string firstDifference(const Writes& g, const Writes& r) {
  for (size_t i = 0; i < std::max(g.size(), r.size()); ++i) {
    if (i >= g.size() || i >= r.size() || g[i] != r[i]) {
      auto show = [](const Writes& w, size_t i) {
        return i < w.size() ? "word " + std::to_string(w[i].first) + " = " + std::to_string(w[i].second) : std::string("(none)");
      };
      return "write " + std::to_string(i) + ": golden " + show(g, i) + ", rtl " + show(r, i);
    }
  }
  return "";
}

struct Rig {
  cc::Mesh ma, mb;
  GoldenRecorder gdev;
  RtlRecorder rdev;
  cc::Driver g, r;
  cc::BoardObject ga, gb, ra, rb;
  size_t list_writes = 0, frame_writes = 0;  // over all queries, to show the test saw work

  Rig(cc::Mesh a, cc::Mesh b, const std::string& config)
      : ma(std::move(a)), mb(std::move(b)), gdev(cc::namedConfig(config)), rdev(cc::namedConfig(config)), g(gdev), r(rdev) {
    const cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    ga = g.upload(ta, ma);
    gb = g.upload(tb, mb);
    ra = r.upload(ta, ma);
    rb = r.upload(tb, mb);
  }
  // Runs one query on both; returns the golden error status.
  cc::regs::Error compare(const cc::Pose& pose, cc::QueryMode mode, const std::string& where) {
    gdev.writes = {};
    rdev.writes = {};
    const cc::QueryResult gq = g.query(ga, gb, pose, mode);
    const cc::QueryResult rq = r.query(ra, rb, pose, mode);
    EXPECT_EQ(gq.error, rq.error) << where;
    EXPECT_EQ(firstDifference(gdev.writes.lists, rdev.writes.lists), "") << where << ": list area";
    EXPECT_EQ(firstDifference(gdev.writes.frames, rdev.writes.frames), "") << where << ": frame area";
    list_writes += gdev.writes.lists.size();
    frame_writes += gdev.writes.frames.size();
    return gq.error;
  }
};

}  // namespace

TEST(StackEngine, ListsAndFramesMatchGoldenOnRandomPoses) {
  Rig rig(cc::makeTorus(0.5f, 0.2f, 20, 10), cc::makeSphere(0.5f, 10, 14), "paper");
  for (int i = 0; i < 8; ++i) {
    const cc::Pose pose = cc::poseFromAxisAngle({1, 0.3 * i, 0.5}, 40.0 * i, {0.1 * (i % 4), 0.05 * i - 0.2, 0});
    rig.compare(pose, i % 2 ? cc::QueryMode::First : cc::QueryMode::All, "pose " + std::to_string(i));
  }
  EXPECT_GT(rig.list_writes, 1000u);
  EXPECT_GT(rig.frame_writes, 100u);
}

TEST(StackEngine, ListsAndFramesMatchGoldenOnRealMeshes) {
  const std::string dir = CC_MESH_DIR;
  if (!std::filesystem::exists(dir + "/bunny00.off")) GTEST_SKIP() << "run 'make meshes'";
  cc::Mesh a = cc::loadMesh(dir + "/bunny00.off"), b = cc::loadMesh(dir + "/armadillo.off");
  cc::normalizeMesh(a);
  cc::normalizeMesh(b);
  Rig rig(std::move(a), std::move(b), "paper");
  rig.compare(cc::poseFromAxisAngle({1, 1, 1}, 37, {0.5, 0, 0}), cc::QueryMode::All, "bunny00 vs armadillo");
  EXPECT_GT(rig.frame_writes, 100u);
}

TEST(StackEngine, OverflowingListsAndStackMatchGolden) {
  // The "small" chip (256 list words, 8 frames), as in ChipCosim.ErrorPathsMatchGolden.
  // One board at a time: Verilator 5.006 deadlocks destroying a model while another
  // instance of it (with a public signal, state_q) is alive.
  {
    Rig wide(cc::makeHeightField(4, 4, 1.5f, 0.01f, 1), cc::makeHeightField(40, 40, 1.5f, 0.01f, 2), "small");
    EXPECT_EQ(wide.compare(cc::poseFromAxisAngle({0, 0, 1}, 5, {0.01, 0.02, 0}), cc::QueryMode::All, "list overflow"),
              cc::regs::Error::ListOverflow);
  }
  {
    Rig deep(cc::makeSphere(0.5f, 40, 60), cc::makeSphere(0.5f, 40, 60), "small");
    EXPECT_EQ(deep.compare(cc::poseFromAxisAngle({0, 0, 1}, 10, {0.95, 0, 0}), cc::QueryMode::All, "stack overflow"),
              cc::regs::Error::StackOverflow);
  }
}
