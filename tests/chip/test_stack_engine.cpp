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
#include "cc/golden_device.h"
#include "cc_board.h"

namespace {

using Writes = std::vector<std::pair<uint32_t, uint32_t>>;  // (word, value) in write order

struct SramWrites {
  Writes lists, frames;
  void add(uint32_t list_words, uint32_t word, uint32_t value) {
    (word < list_words ? lists : frames).emplace_back(word, value);
  }
};

// Records the golden model's stack SRAM writes.
class GoldenWrites final : public cc::golden::Observer {
 public:
  explicit GoldenWrites(uint32_t list_words) : list_words_(list_words) {}
  void onListWrite(uint32_t word, uint32_t entry) override { writes.add(list_words_, word, entry); }
  void onFrameWrite(uint32_t word, uint32_t value) override { writes.add(list_words_, word, value); }
  SramWrites writes;

 private:
  uint32_t list_words_;
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
  cc::GoldenDevice gdev;
  cc::sim::RtlDevice rdev;
  GoldenWrites golden_writes;
  SramWrites rtl_writes;
  cc::Driver g, r;
  cc::BoardObject ga, gb, ra, rb;
  size_t list_writes = 0, frame_writes = 0;  // over all queries, to show the test saw work

  Rig(cc::Mesh a, cc::Mesh b, const std::string& config)
      : ma(std::move(a)), mb(std::move(b)), gdev(cc::namedConfig(config)), rdev(cc::namedConfig(config)),
        golden_writes(cc::namedConfig(config).list_words), g(gdev), r(rdev) {
    gdev.chip().setObserver(&golden_writes);
    rdev.board().setSramWriteObserver(
        [this, lw = cc::namedConfig(config).list_words](uint32_t w, uint32_t v) { rtl_writes.add(lw, w, v); });
    const cc::DopTree ta = cc::buildTree(ma, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    const cc::DopTree tb = cc::buildTree(mb, cc::zachmannDirections(), cc::SplitRule::MeanWidth);
    ga = g.upload(ta, ma);
    gb = g.upload(tb, mb);
    ra = r.upload(ta, ma);
    rb = r.upload(tb, mb);
  }
  // Runs one query on both; returns the golden error status.
  cc::regs::Error compare(const cc::Pose& pose, cc::QueryMode mode, const std::string& where) {
    golden_writes.writes = {};
    rtl_writes = {};
    const cc::QueryResult gq = g.query(ga, gb, pose, mode);
    const cc::QueryResult rq = r.query(ra, rb, pose, mode);
    EXPECT_EQ(gq.error, rq.error) << where;
    const SramWrites& gw = golden_writes.writes;
    EXPECT_EQ(firstDifference(gw.lists, rtl_writes.lists), "") << where << ": list area";
    EXPECT_EQ(firstDifference(gw.frames, rtl_writes.frames), "") << where << ": frame area";
    list_writes += gw.lists.size();
    frame_writes += gw.frames.size();
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
