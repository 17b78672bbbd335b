// cc_vectors: records the project's simulator-independent test vectors on the golden model
// (tests/vectors/*.vec, docs/vectors.md) and replays vector files on any backend.
//   cc_vectors --record tests/vectors
//   cc_vectors --replay tests/vectors/queries.vec --backend rtl
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "cc/atomic_output.h"
#include "cc/command_line.h"
#include "cc/driver.h"
#include "cc/golden_device.h"
#include "cc/layout.h"
#include "cc/regmap.h"
#include "cc/vectors.h"

namespace po = boost::program_options;

namespace {

// The board, recorded: a golden chip of `config` behind a RecordingDevice.
struct Recorder {
  explicit Recorder(const std::string& config) : golden(cc::namedConfig(config)), rec(golden) { v.config = config; }
  cc::GoldenDevice golden;
  cc::RecordingDevice rec;
  cc::Vector v;
  // START by hand (the driver would refuse what the error vectors do), then what the
  // driver reads after a query: the status, and the interrupt cleared.
  void startByHand(uint32_t ctrl_mode) {
    rec.write32(cc::regs::IRQ, 1);
    rec.write32(cc::regs::CTRL, cc::regs::CTRL_IRQ_ENABLE | ctrl_mode | cc::regs::CTRL_START);
    rec.waitInterrupt(1);
    rec.read32(cc::regs::STATUS);
    rec.write32(cc::regs::IRQ, 1);
  }
  void save(const std::string& path, const std::string& header) {
    v.steps = rec.steps();
    cc::AtomicOutput out(path, "--record");
    cc::writeVector(out.stream(), v, header + "\nRecorded on the golden model by cc_vectors --record (docs/vectors.md).");
    out.commit();
    std::printf("%s: %zu steps\n", path.c_str(), v.steps.size());
  }
};

cc::DopTree tree(const cc::Mesh& m) { return cc::buildTree(m, cc::zachmannDirections(), cc::SplitRule::MeanWidth); }
std::string tris(const cc::Mesh& m) { return std::to_string(m.tris.size()); }

// A node a few levels down the tree of `root` (slot 0 each time).
uint32_t nodeBelow(cc::Device& dev, uint32_t root, int levels) {
  uint32_t node = root, v = 0;
  for (int i = 0; i < levels; ++i) {
    dev.readMemory(node + cc::layout::kNodeFlags, &v, 4);
    if (v & cc::layout::kFlagLeaf) break;
    dev.readMemory(node + cc::layout::kNodePtr, &node, 4);
  }
  return node;
}

void record(const std::string& dir) {
  const cc::Mesh torus = cc::makeTorus(0.5f, 0.2f, 10, 5), sphere = cc::makeSphere(0.5f, 5, 8);
  {
    Recorder r("paper");
    cc::Driver d(r.rec);
    const auto a = d.upload(tree(torus), torus), b = d.upload(tree(sphere), sphere);
    d.query(a, b, cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.25, 0.05, 0}), cc::QueryMode::All);
    d.query(a, b, cc::poseFromAxisAngle({0.3, 1, 0.2}, 120, {0.3, 0, 0.1}), cc::QueryMode::All);
    d.query(a, b, cc::poseFromAxisAngle({0.3, 1, 0.2}, 120, {0.3, 0, 0.1}), cc::QueryMode::First);
    d.query(a, b, cc::poseFromAxisAngle({1, 1, 1}, 10, {2, 0, 0}), cc::QueryMode::All);  // apart: no pairs
    r.save(dir + "/queries.vec", "A torus (" + tris(torus) + " triangles) tumbled against a sphere (" + tris(sphere) +
                                     "): four queries, modes all and first,\nthe last with the objects apart.");
  }
  {
    Recorder r("paper");
    cc::Driver d(r.rec, 2);  // room for two result pairs
    const cc::Mesh small_torus = cc::makeTorus(0.5f, 0.2f, 6, 4), small_sphere = cc::makeSphere(0.5f, 4, 6);
    const auto a = d.upload(tree(small_torus), small_torus), b = d.upload(tree(small_sphere), small_sphere);
    const cc::Pose pose = cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.25, 0.05, 0});
    d.query(a, b, pose, cc::QueryMode::All);  // result overflow
    d.query(a, b, pose, cc::QueryMode::First);
    // A child pointer three levels down B's tree made misaligned: bad pointer.
    const uint32_t node = nodeBelow(r.golden, b.root_pair, 3), bad = 0x1234;
    uint32_t old = 0;
    r.golden.readMemory(node + cc::layout::kNodePtr, &old, 4);  // looked up, not recorded
    r.rec.writeMemory(node + cc::layout::kNodePtr, &bad, 4);
    d.query(a, b, pose, cc::QueryMode::All);
    r.rec.writeMemory(node + cc::layout::kNodePtr, &old, 4);
    // No roots; then a correspondence line naming DOP slot 30 (bad configuration).
    r.rec.write32(cc::regs::ROOT_A, 0);
    r.startByHand(0);
    r.rec.write32(cc::regs::ROOT_A, a.root_pair);
    r.rec.write32(cc::regs::CORR_BASE, cc::regs::corrPack(30, 0, 0, 0));
    r.startByHand(0);
    r.save(dir + "/errors.vec", "A small torus (" + tris(small_torus) + " triangles) against a small sphere (" + tris(small_sphere) +
                                    "), room for two result pairs:\nresult overflow, a first-mode query, a corrupted child "
                                    "pointer, no roots and a bad\ncorrespondence line.");
  }
  {
    // The queued chip: its triangle tests run beside the traversal; in mode first the
    // controller runs ahead of the hit and puts its counters back.
    Recorder r("modern_queued");
    cc::Driver d(r.rec);
    const auto a = d.upload(tree(torus), torus), b = d.upload(tree(sphere), sphere);
    d.query(a, b, cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.25, 0.05, 0}), cc::QueryMode::All);
    d.query(a, b, cc::poseFromAxisAngle({0.3, 1, 0.2}, 120, {0.3, 0, 0.1}), cc::QueryMode::First);
    r.save(dir + "/modern_queued.vec", "The torus and the sphere of queries.vec on the modern board with queued triangle tests\n"
                                       "(configs/modern_queued.cfg), modes all and first.");
  }
  {
    // Contacts the chip leaves to the host: two flat grids, coplanar and overlapping, one
    // turned by 90 degrees, one lifted onto the other's plane from below; uncertain pairs
    // are written with their flag and never end a first-mode query.
    Recorder r("paper");
    cc::Driver d(r.rec);
    const cc::Mesh grid_a = cc::makeHeightField(4, 4, 1.0f, 0.0f, 3), grid_b = cc::makeHeightField(5, 5, 1.0f, 0.0f, 4);
    const auto a = d.upload(tree(grid_a), grid_a), b = d.upload(tree(grid_b), grid_b);
    d.query(a, b, cc::poseFromAxisAngle({0, 0, 1}, 0, {0.3, 0.1, 0}), cc::QueryMode::All);
    d.query(a, b, cc::poseFromAxisAngle({0, 0, 1}, 90, {0.25, 0.2, 0}), cc::QueryMode::First);
    d.query(a, b, cc::poseFromAxisAngle({1, 0, 0}, 90, {0.1, 0.2, 0.5}), cc::QueryMode::All);
    r.save(dir + "/contacts.vec", "A flat grid of " + tris(grid_a) + " triangles against one of " + tris(grid_b) +
                                      ": coplanar overlap in modes all and first, and one grid\nstanding on the other's plane.");
  }
  {
    Recorder r("small");  // 256 list words, 8 frames
    cc::Driver d(r.rec);
    const cc::Mesh coarse = cc::makeHeightField(1, 1, 1.0f, 0.01f, 7), fine = cc::makeHeightField(10, 10, 1.0f, 0.01f, 8);
    const auto a = d.upload(tree(coarse), coarse), b = d.upload(tree(fine), fine);
    d.query(a, b, cc::poseFromAxisAngle({0.1, 0.2, 1}, 0, {0, 0, 0.001}), cc::QueryMode::All);  // list overflow
    const cc::Mesh deep_a = cc::makeTorus(0.5f, 0.2f, 16, 6), deep_b = cc::makeSphere(0.5f, 3, 5);
    const auto da = d.upload(tree(deep_a), deep_a), db = d.upload(tree(deep_b), deep_b);
    d.query(da, db, cc::poseFromAxisAngle({1, 0.4, 0.2}, 35, {0.05, 0.05, 0}), cc::QueryMode::All);  // stack overflow
    r.save(dir + "/overflow.vec", "The small chip (256 list words, 8 frames): " + tris(coarse) + " triangles over a height field of " +
                                      tris(fine) + " run out of\nlist words, a torus of " + tris(deep_a) + " triangles through a sphere of " +
                                      tris(deep_b) + " out of frames.");
  }
}

// The backend's device for the vector's configuration, or null after printing why the
// backend cannot build that chip (a configuration it does not model): the other files are
// still replayed, and the exit status says one was not.
std::unique_ptr<cc::Device> deviceFor(const std::string& path, const std::string& backend, const std::string& config) {
  try {
    return cc::makeDevice(backend, cc::namedConfig(config));
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "cc_vectors: %s (configuration %s): not replayed on %s: %s\n", path.c_str(), config.c_str(),
                 backend.c_str(), e.what());
    return nullptr;
  }
}

struct ReplayCount {
  size_t mismatches = 0, not_replayed = 0;
};

// Replays `path` on `backend`; prints what differs and the timed reads.
void replay(const std::string& path, const std::string& backend, ReplayCount& count) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::invalid_argument(path + ": a folder, not a vector file");
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read " + path);
  const cc::Vector v = cc::readVector(in, path);
  if (v.steps.empty()) throw std::invalid_argument(path + ": no steps (an empty or truncated vector file replays nothing)");
  auto dev = deviceFor(path, backend, v.config);
  if (!dev) {
    ++count.not_replayed;
    return;
  }
  const cc::ReplayResult r = cc::replayVector(*dev, v.steps);
  for (const auto& m : r.mismatches) std::printf("%s: %s\n", path.c_str(), m.c_str());
  std::printf("%s on %s (%s): %zu steps, %zu mismatches, timed reads:", path.c_str(), backend.c_str(), v.config.c_str(),
              v.steps.size(), r.mismatches.size());
  for (uint32_t t : r.timed) std::printf(" %u", t);
  std::printf("\n");
  count.mismatches += r.mismatches.size();
}

}  // namespace

int main(int argc, char** argv) {
  std::string record_dir, backend = "golden";
  std::vector<std::string> files;
  po::options_description desc("cc_vectors: the simulator-independent test vectors (docs/vectors.md)");
  desc.add_options()("help,h", "this help")("record", po::value(&record_dir), "record the standard set on the golden model into this folder")(
      "replay", po::value(&files)->multitoken(), "replay these vector files")("backend", po::value(&backend),
                                                                            "backend of --replay: golden (default), tlm, rtl");
  try {
    po::variables_map vm;
    po::store(cc::parseCommandLine(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help") || argc == 1 || (record_dir.empty() && files.empty())) {
      std::cout << desc << '\n';
      return vm.count("help") ? 0 : 2;
    }
    if (!record_dir.empty()) record(record_dir);
    if (backend != "golden" && backend != "tlm" && backend != "rtl")
      throw std::invalid_argument("unknown backend '" + backend + "' (known: golden, tlm, rtl)");
    ReplayCount count;
    for (const auto& f : files) replay(f, backend, count);
    if (count.not_replayed > 0) return 2;
    return count.mismatches == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cc_vectors: error: %s\n", e.what());
    return 2;
  }
}
