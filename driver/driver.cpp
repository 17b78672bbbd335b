#include "cc/driver.h"

#include "cc/dropped_contacts.h"
#include "cc/exact.h"
#include "cc/fp32.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace cc {

QueryMode queryModeByName(const std::string& name) {
  if (name == "all") return QueryMode::All;
  if (name == "first") return QueryMode::First;
  throw std::invalid_argument("unknown query mode '" + name + "' (known: all, first)");
}

LeafDop leafDopByName(const std::string& name) {
  if (name == "off") return LeafDop::Off;
  if (name == "vertices") return LeafDop::Vertices;
  if (name == "vertices+dop") return LeafDop::VerticesAndDop;
  throw std::invalid_argument("unknown leaf DOP '" + name + "' (known: off, vertices, vertices+dop)");
}

double meanLeafSize(const Mesh& mesh) {
  if (mesh.tris.empty()) return 0;
  double sum = 0;
  for (const Tri& t : mesh.tris) {
    double longest = 0;
    for (int i = 0; i < 3; ++i) {
      const Vec3f& p = mesh.vertices[t[i]];
      const Vec3f& q = mesh.vertices[t[(i + 1) % 3]];
      const double dx = double(p[0]) - q[0], dy = double(p[1]) - q[1], dz = double(p[2]) - q[2];
      longest = std::max(longest, std::sqrt(dx * dx + dy * dy + dz * dz));
    }
    sum += longest;
  }
  return sum / double(mesh.tris.size());
}

Driver::Driver(Device& device, uint32_t result_capacity) : dev_(device), result_capacity_(result_capacity) {
  if (result_capacity == 0) throw std::invalid_argument("result capacity must be at least one pair");
  const uint32_t id = dev_.read32(regs::ID);
  if (id != regs::kIdValue) {
    throw DriverError(dev_.name() + ": ID register reads 0x" + std::to_string(id) + ", not a CollisionChip");
  }
}

BoardObject Driver::upload(const DopTree& tree, const Mesh& mesh) {
  const ObjectImage img = buildObjectImage(tree, mesh, next_free_);
  dev_.writeMemory(img.base, img.bytes.data(), img.bytes.size());
  if (mesh.tris.size() > layout::kMaxTriangleId + size_t{1}) {
    throw std::invalid_argument(mesh.name + ": more than 2^31 triangles (result records keep bit 31 of an id)");
  }
  BoardObject obj;
  obj.mesh = std::make_shared<const Mesh>(mesh);
  obj.root_pair = img.root_pair;
  obj.base = img.base;
  obj.end = img.end();
  obj.dirs = tree.dirs;
  obj.triangles = img.tris;
  obj.dropped = tree.dropped;
  const Dop& root = tree.nodes[0].dop;
  for (float d : root) obj.bounds.max_abs_dop = std::max(obj.bounds.max_abs_dop, std::fabs(static_cast<double>(d)));
  obj.bounds.max_radius = meshRadius(mesh);
  obj.mean_leaf_size = meanLeafSize(mesh);
  next_free_ = (img.end() + 0xFFF) & ~0xFFFu;
  result_base_ = next_free_;  // results go after the last object
  return obj;
}

namespace {
// The bits of a register file's lines, line after line, as the BAR0 words they occupy.
template <size_t Lines>
std::vector<uint32_t> lineWords(const std::array<std::array<float, 4>, Lines>& lines, size_t count) {
  std::vector<uint32_t> words(4 * count);
  for (size_t line = 0; line < count; ++line) {
    for (size_t col = 0; col < 4; ++col) words[4 * line + col] = fp32::bits(lines[line][col]);
  }
  return words;
}
}  // namespace

void Driver::writeRegisters(const PoseRegisters& r) {
  static_assert(regs::matrixAddr(1, 0) == regs::matrixAddr(0, 3) + 4, "matrix lines are consecutive words");
  const std::vector<uint32_t> matrix = lineWords(r.matrix, r.matrix.size());
  writeStored(regs::MATRIX_BASE, matrix.data(), matrix.size());
  writeStored(regs::CORR_BASE, r.corr.data(), r.corr.size());
}

void Driver::writeStored(uint32_t offset, const uint32_t* values, size_t n) {
  // Unchanged words between two changed ones are written again when that is cheaper than a
  // new burst (a burst's set-up costs 3 PCI clocks, a word in it 1, docs/pci.md).
  constexpr size_t kBridge = 3;
  const uint32_t first = offset / 4;
  const auto changed = [&](size_t i) { return !shadowed_.at(first + i) || shadow_[first + i] != values[i]; };
  for (size_t i = 0; i < n;) {
    if (!changed(i)) {
      ++i;
      continue;
    }
    size_t end = i + 1;  // [i, end) is written; it ends at a changed word
    for (size_t j = end; j < n && j - end < kBridge; ++j) {
      if (changed(j)) end = j + 1;
    }
    dev_.writeRegisters(offset + 4 * static_cast<uint32_t>(i), values + i, end - i);
    for (size_t j = i; j < end; ++j) {
      shadow_[first + j] = values[j];
      shadowed_[first + j] = true;
    }
    i = end;
  }
}

void Driver::writeLeafVertexLines(const LeafVertexLines& lines) {
  const std::vector<uint32_t> words = lineWords(lines, lines.size());
  writeStored(regs::leafVertexAddr(0, 0), words.data(), words.size());
}

uint32_t Driver::leafDopCtrl() const {
  switch (leaf_dop_) {
    case LeafDop::Off: return 0;
    case LeafDop::Vertices: return regs::CTRL_LEAF_VERTEX;
    case LeafDop::VerticesAndDop: return regs::CTRL_LEAF_VERTEX | regs::CTRL_LEAF_VERTEX_AND_DOP;
  }
  return 0;
}

// A chip without the feature keeps CTRL's bits 3-4 at zero: written without START, they
// read back as set only where the chip implements them.
void Driver::setLeafDop(LeafDop mode) {
  leaf_dop_ = leaf_rule_ = mode;
  leaf_size_ratio_ = 0;
  const uint32_t want = leafDopCtrl();
  if (want == 0) return;
  dev_.write32(regs::CTRL, want);
  const uint32_t got = dev_.read32(regs::CTRL) & want;
  dev_.write32(regs::CTRL, 0);
  if (got != want) {
    leaf_dop_ = leaf_rule_ = LeafDop::Off;
    const bool and_dop = (want & ~got) == regs::CTRL_LEAF_VERTEX_AND_DOP;
    throw DriverError(dev_.name() + (and_dop ? ": does not implement CTRL.LEAF_VERTEX_AND_DOP (vertices+dop; "
                                               "only the golden model has it, docs/triangle_tests.md)"
                                             : ": does not implement CTRL.LEAF_VERTEX (a tumbled leaf's DOP from its "
                                               "vertices; docs/triangle_tests.md)"));
  }
}

void Driver::setLeafDopBySize(double ratio) {
  if (!(ratio > 0)) throw std::invalid_argument("the leaf-size ratio must be positive");
  setLeafDop(LeafDop::Vertices);  // the chip must have it
  leaf_size_ratio_ = ratio;
}

LeafDop Driver::leafDopFor(const BoardObject& a, const BoardObject& b) const {
  if (leaf_size_ratio_ == 0) return leaf_rule_;
  return a.mean_leaf_size >= leaf_size_ratio_ * b.mean_leaf_size ? LeafDop::Vertices : LeafDop::Off;
}

void Driver::setLeafPlane(bool on, bool only_swapped) {
  leaf_plane_ = false;
  plane_only_swapped_ = only_swapped;
  if (!on) return;
  dev_.write32(regs::CTRL, regs::CTRL_LEAF_PLANE);
  const bool got = dev_.read32(regs::CTRL) & regs::CTRL_LEAF_PLANE;
  dev_.write32(regs::CTRL, 0);
  if (!got) {
    throw DriverError(dev_.name() + ": does not implement CTRL.LEAF_PLANE (an aligned leaf compared along its triangle's plane; "
                                    "the golden model and the chips with leaf_plane = 1 have it, e.g. modern_planes; "
                                    "docs/triangle_tests.md)");
  }
  leaf_plane_ = true;
}

void Driver::setRolesBySize(double ratio) {
  if (!(ratio >= 0) || !std::isfinite(ratio)) throw std::invalid_argument("the roles' leaf-size ratio must be 0 (never swap) or positive");
  roles_ratio_ = ratio;
}

bool Driver::swapsRoles(const BoardObject& a, const BoardObject& b) const {
  return roles_ratio_ > 0 && a.mean_leaf_size >= roles_ratio_ * b.mean_leaf_size;
}

void Driver::setFirstModeSteps(std::vector<uint32_t> steps) {
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i] == 0 || steps[i] >= result_capacity_ || (i > 0 && steps[i] <= steps[i - 1])) {
      throw std::invalid_argument("mode-first steps must rise from 1 and stay below the result capacity (" +
                                  std::to_string(result_capacity_) + " pairs)");
    }
  }
  first_steps_ = std::move(steps);
}

namespace {
// The host's work is pure computation, so it can run again: `repeat` times, the shortest
// run's seconds (the minimum filters the scheduler's noise, as the study's software times).
template <typename F>
double bestSeconds(int repeat, F&& work) {
  double best = 0;
  for (int i = 0; i < std::max(1, repeat); ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    work();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = i == 0 ? s : std::min(best, s);
  }
  return best;
}
}  // namespace

void Driver::setHostTimeRepeat(int repeat) {
  if (repeat < 1) throw std::invalid_argument("the host's work runs at least once");
  host_repeat_ = repeat;
}

QueryResult Driver::query(const BoardObject& a, const BoardObject& b, const Pose& pose, QueryMode mode, uint64_t max_cycles) {
  if (a.root_pair == 0 || b.root_pair == 0 || !a.mesh || !b.mesh) throw std::invalid_argument("query on an object that was not uploaded");
  if (a.dirs != b.dirs) throw std::invalid_argument("the two objects' DOPs use different direction sets");
  validatePose(pose);
  QueryResult r = queryAsGiven(a, b, pose, mode, max_cycles, swapsRoles(a, b));
  const bool answered = mode == QueryMode::First && !r.pairs.empty();
  if (r.error == regs::Error::None && !answered && (!a.dropped.empty() || !b.dropped.empty())) {
    const isect::TriangleBoxTree &boxes_a = treeBoxes(a), &boxes_b = treeBoxes(b);
    std::vector<TriPair> found;
    r.host_exact_seconds += bestSeconds(host_repeat_, [&] {
      found = droppedTriangleContacts(a, boxes_a, b, boxes_b, pose, mode == QueryMode::First);
    });
    r.pairs.insert(r.pairs.end(), found.begin(), found.end());
    r.dropped_pairs = found.size();
  }
  return r;
}

const isect::TriangleBoxTree& Driver::treeBoxes(const BoardObject& o) {
  auto& boxes = tree_boxes_[o.base];
  if (!boxes) boxes = treeTriangleBoxes(*o.mesh, o.dropped);
  return *boxes;
}

namespace {
// The inverse of a pose, in double: B's frame into A's.
Pose inversePose(const Pose& p) {
  Pose q;
  q.R = p.R.inverse();
  q.t = -(q.R * p.t);
  return q;
}
}  // namespace

// The query on the chip, with a tumbled or (swapped) b tumbled by the inverse pose; the
// records are decided and reported in a's and b's terms either way.
QueryResult Driver::queryAsGiven(const BoardObject& a, const BoardObject& b, const Pose& pose, QueryMode mode, uint64_t max_cycles,
                                 bool swapped) {
  const BoardObject& tumbled = swapped ? b : a;
  const BoardObject& aligned = swapped ? a : b;
  leaf_dop_ = leafDopFor(tumbled, aligned);
  PoseRegisters regs_;
  LeafVertexLines leaf_lines{};
  const double setup_seconds = bestSeconds(host_repeat_, [&] {
    const Pose chip_pose = swapped ? inversePose(pose) : pose;
    regs_ = setupPose(chip_pose, tumbled.dirs, tumbled.bounds, aligned.bounds);  // validates the pose
    if (leaf_dop_ != LeafDop::Off) leaf_lines = leafVertexDopLines(chip_pose, tumbled.dirs, tumbled.bounds);
  });
  const uint64_t bus_start = dev_.busClocks();
  if (leaf_dop_ != LeafDop::Off) writeLeafVertexLines(leaf_lines);  // kept across runs
  query_plane_ = leaf_plane_ && (swapped || !plane_only_swapped_);
  if (query_plane_) {
    const uint32_t margin = fp32::bits(regs_.plane_margin);
    writeStored(regs::PLANE_MARGIN, &margin, 1);
  }
  if (static_cast<uint64_t>(result_base_) + uint64_t(result_capacity_) * layout::kResultBytes > (1ull << 32)) {
    throw std::invalid_argument("result area does not fit in board memory");
  }
  const size_t steps = mode == QueryMode::First ? first_steps_.size() : 0;
  Counters total;
  double host_seconds = 0;
  QueryResult r;
  for (size_t i = 0;; ++i) {
    std::vector<uint32_t> records;
    r = run(tumbled, aligned, regs_, mode, i < steps ? first_steps_[i] : result_capacity_, max_cycles, records);
    decideUncertain(a, b, pose, mode, records, swapped, r);
    total.addRun(r.counters);
    host_seconds += r.host_exact_seconds;
    r.runs = static_cast<uint32_t>(i + 1);
    if (i >= steps || r.error != regs::Error::ResultOverflow) break;  // the query's own end
    if (!r.pairs.empty()) {  // answered from a prefix: the smaller area was the driver's choice
      r.error = regs::Error::None;
      break;
    }
  }
  r.counters = total;
  r.host_exact_seconds = host_seconds;
  r.host_setup_seconds = setup_seconds;
  r.bus_clocks = dev_.busClocks() - bus_start;
  return r;
}

// One chip run of a query with a result area of `capacity` pairs.
QueryResult Driver::run(const BoardObject& a, const BoardObject& b, const PoseRegisters& regs_, QueryMode mode, uint32_t capacity,
                        uint64_t max_cycles, std::vector<uint32_t>& records) {
  writeRegisters(regs_);
  static_assert(regs::ROOT_B == regs::ROOT_A + 4 && regs::RESULT_BASE == regs::ROOT_A + 8 && regs::RESULT_CAPACITY == regs::ROOT_A + 12,
                "the query's scalar registers are consecutive words");
  const uint32_t scalars[] = {a.root_pair, b.root_pair, result_base_, capacity};
  writeStored(regs::ROOT_A, scalars, 4);
  writeStored(regs::TRI_ERR_EXP, &regs_.tri_err_exp, 1);
  dev_.write32(regs::IRQ, 1);  // clear a stale interrupt
  const uint32_t ctrl = regs::CTRL_IRQ_ENABLE | (mode == QueryMode::First ? regs::CTRL_MODE_FIRST : 0) | leafDopCtrl() |
                        (query_plane_ ? regs::CTRL_LEAF_PLANE : 0);
  dev_.write32(regs::CTRL, ctrl | regs::CTRL_START);
  if (!dev_.waitInterrupt(max_cycles)) {
    shadowed_.fill(false);  // a chip still busy may refuse the next writes: write them all again
    throw DriverError(dev_.name() + ": no interrupt within " + std::to_string(max_cycles) + " cycles (chip hung?)");
  }
  const uint32_t status = dev_.read32(regs::STATUS);
  dev_.write32(regs::IRQ, 1);
  if (!(status & regs::STATUS_DONE)) throw DriverError(dev_.name() + ": interrupt without STATUS.DONE");

  QueryResult res;
  res.error = static_cast<regs::Error>((status & regs::STATUS_ERR_MASK) >> regs::STATUS_ERR_SHIFT);
  const uint32_t n = dev_.read32(regs::RESULT_COUNT);
  if (n > capacity) throw DriverError(dev_.name() + ": RESULT_COUNT exceeds the capacity");
  records.assign(2 * size_t(n), 0);
  if (n) dev_.readMemory(result_base_, records.data(), records.size() * 4);
  Counters& c = res.counters;
  c.tumbled_nodes_transformed = dev_.read32(regs::CNT_TUMBLED);
  c.aligned_pairs_fetched = dev_.read32(regs::CNT_ALIGNED_PAIRS);
  c.overlap_tests = dev_.read32(regs::CNT_OVERLAP_TESTS);
  c.triangle_tests = dev_.read32(regs::CNT_TRIANGLE_TESTS);
  c.lists = dev_.read32(regs::CNT_LISTS);
  c.max_stack_depth = dev_.read32(regs::CNT_MAX_STACK_DEPTH);
  c.max_list_length = dev_.read32(regs::CNT_MAX_LIST_LENGTH);
  c.uncertain_tests = dev_.read32(regs::CNT_UNCERTAIN);
  c.cycles = dev_.read32(regs::CNT_CYCLES_LO) | (uint64_t(dev_.read32(regs::CNT_CYCLES_HI)) << 32);
  return res;
}

// The chip's records in order: a certain hit is kept; an uncertain pair is decided by
// exact geometry. In mode first the answer ends at the first pair that intersects.
void Driver::decideUncertain(const BoardObject& a, const BoardObject& b, const Pose& pose, QueryMode mode,
                             const std::vector<uint32_t>& raw, bool swapped, QueryResult& res) const {
  QueryResult decided;
  res.host_exact_seconds = bestSeconds(host_repeat_, [&] {
    decided = QueryResult{};
    for (size_t i = 0; i + 1 < raw.size(); i += 2) {
      const uint32_t tumbled_id = raw[i], aligned_id = raw[i + 1] & ~layout::kResultUncertain;
      const uint32_t ta = swapped ? aligned_id : tumbled_id, tb = swapped ? tumbled_id : aligned_id;
      const bool uncertain = raw[i + 1] & layout::kResultUncertain;
      if (ta >= a.mesh->tris.size() || tb >= b.mesh->tris.size()) {
        throw DriverError(dev_.name() + ": result names triangle pair (" + std::to_string(ta) + ", " + std::to_string(tb) +
                          ") that the meshes do not have");
      }
      bool hit = true;
      if (uncertain) {
        decided.uncertain.emplace_back(ta, tb);
        hit = exactTrianglesIntersect(*a.mesh, ta, *b.mesh, tb, pose);
        decided.uncertain_hits += hit;
      }
      if (!hit) continue;
      decided.pairs.emplace_back(ta, tb);
      if (mode == QueryMode::First) break;
    }
  });
  // A run's result holds no pairs yet (Driver::run): the decided ones are its answer.
  res.pairs = std::move(decided.pairs);
  res.uncertain = std::move(decided.uncertain);
  res.uncertain_hits = decided.uncertain_hits;
}

std::string firstDifference(const std::string& na, const QueryResult& a, const std::string& nb, const QueryResult& b,
                            bool with_cycles) {
  char buf[512];
  if (a.error != b.error) {
    std::snprintf(buf, sizeof buf, "error status: %s=%s %s=%s", na.c_str(), regs::errorName(a.error), nb.c_str(), regs::errorName(b.error));
    return buf;
  }
  const auto pairsDiffer = [&](const char* what, const std::vector<TriPair>& pa, const std::vector<TriPair>& pb) -> std::string {
    for (size_t i = 0; i < std::min(pa.size(), pb.size()); ++i) {
      if (pa[i] != pb[i]) {
        std::snprintf(buf, sizeof buf, "%s #%zu: %s=(%u,%u) %s=(%u,%u)", what, i, na.c_str(), pa[i].first, pa[i].second, nb.c_str(),
                      pb[i].first, pb[i].second);
        return buf;
      }
    }
    if (pa.size() == pb.size()) return "";
    std::snprintf(buf, sizeof buf, "number of %ss: %s=%zu %s=%zu", what, na.c_str(), pa.size(), nb.c_str(), pb.size());
    return buf;
  };
  for (const std::string& d : {pairsDiffer("result pair", a.pairs, b.pairs), pairsDiffer("uncertain pair", a.uncertain, b.uncertain)}) {
    if (!d.empty()) return d;
  }
  std::vector<std::pair<const char*, uint64_t>> ca, cb;
  a.counters.forEach([&](const char* k, uint64_t v) { ca.emplace_back(k, v); });
  b.counters.forEach([&](const char* k, uint64_t v) { cb.emplace_back(k, v); });
  for (size_t i = 0; i < ca.size(); ++i) {
    if (std::string(ca[i].first) == "cycles" && !with_cycles) continue;
    if (ca[i].second != cb[i].second) {
      std::snprintf(buf, sizeof buf, "counter %s: %s=%llu %s=%llu", ca[i].first, na.c_str(), (unsigned long long)ca[i].second, nb.c_str(),
                    (unsigned long long)cb[i].second);
      return buf;
    }
  }
  return "";
}

}  // namespace cc
