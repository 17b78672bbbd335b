#include "cc/golden_chip.h"

#include <algorithm>
#include <optional>

#include "cc/fp32.h"

namespace cc::golden {

using namespace layout;

static_assert(regs::LEAFV_LINES == layout::kDopK, "one leaf-vertex line per DOP slot");

Chip::Chip(BoardMemory& memory, const ChipConfig& config) : mem_(memory), cfg_(config) {}

// ---------------------------------------------------------------------------------------
// Register interface
// ---------------------------------------------------------------------------------------
namespace {
// A word of a register file of 16-byte lines (the matrix and leaf-vertex files): its line
// and column, if the offset falls inside the file.
struct LineWord {
  uint32_t line, col;
};
std::optional<LineWord> lineWord(uint32_t off, uint32_t base, uint32_t lines) {
  if (off < base || off >= base + lines * 16) return std::nullopt;
  return LineWord{(off - base) / 16, (off % 16) / 4};
}
}  // namespace

void Chip::write32(uint32_t off, uint32_t v) {
  using namespace regs;
  if (const auto w = lineWord(off, MATRIX_BASE, MATRIX_LINES)) {
    if (w->line < kMatLeaf) matrix_[w->line][w->col] = fp32::fromBits(v);  // 30..32 belong to the chip
    return;
  }
  if (off >= CORR_BASE && off < CORR_BASE + CORR_LINES * 4) {
    corr_[(off - CORR_BASE) / 4] = v;
    return;
  }
  if (const auto w = lineWord(off, LEAFV_BASE, LEAFV_LINES)) {
    leafv_[w->line][w->col] = fp32::fromBits(v);
    return;
  }
  switch (off) {
    case CTRL:
      ctrl_ = v & (CTRL_MODE_FIRST | CTRL_IRQ_ENABLE | CTRL_LEAF_VERTEX | CTRL_LEAF_VERTEX_AND_DOP | CTRL_LEAF_PLANE);
      if ((v & CTRL_START) && !(status_ & STATUS_BUSY)) run();
      break;
    case IRQ: if (v & 1u) irq_pending_ = false; break;
    case ROOT_A: root_a_ = v; break;
    case ROOT_B: root_b_ = v; break;
    case RESULT_BASE: result_base_ = v; break;
    case RESULT_CAPACITY: result_capacity_ = v; break;
    case TRI_ERR_EXP: tri_err_exp_ = v; break;  // bits 7:0 used
    case PLANE_MARGIN: plane_margin_ = v; break;
    default: break;  // read-only and unmapped registers ignore writes
  }
}

uint32_t Chip::read32(uint32_t off) const {
  using namespace regs;
  if (const auto w = lineWord(off, MATRIX_BASE, MATRIX_LINES)) return fp32::bits(matrix_[w->line][w->col]);
  if (off >= CORR_BASE && off < CORR_BASE + CORR_LINES * 4) return corr_[(off - CORR_BASE) / 4];
  if (const auto w = lineWord(off, LEAFV_BASE, LEAFV_LINES)) return fp32::bits(leafv_[w->line][w->col]);
  const auto lo = [](uint64_t x) { return static_cast<uint32_t>(std::min<uint64_t>(x, 0xFFFFFFFFu)); };
  switch (off) {
    case ID: return kIdValue;
    case VERSION: return kVersionValue;
    case CTRL: return ctrl_;
    case STATUS: return status_;
    case IRQ: return irq_pending_ ? 1u : 0u;
    case ROOT_A: return root_a_;
    case ROOT_B: return root_b_;
    case RESULT_BASE: return result_base_;
    case RESULT_CAPACITY: return result_capacity_;
    case RESULT_COUNT: return result_count_;
    case TRI_ERR_EXP: return tri_err_exp_;
    case PLANE_MARGIN: return plane_margin_;
    case CNT_TUMBLED: return lo(counters_.tumbled_nodes_transformed);
    case CNT_ALIGNED_PAIRS: return lo(counters_.aligned_pairs_fetched);
    case CNT_OVERLAP_TESTS: return lo(counters_.overlap_tests);
    case CNT_TRIANGLE_TESTS: return lo(counters_.triangle_tests);
    case CNT_LISTS: return lo(counters_.lists);
    case CNT_MAX_STACK_DEPTH: return lo(counters_.max_stack_depth);
    case CNT_MAX_LIST_LENGTH: return lo(counters_.max_list_length);
    case CNT_UNCERTAIN: return lo(counters_.uncertain_tests);
    case CNT_CYCLES_LO: return static_cast<uint32_t>(counters_.cycles);
    case CNT_CYCLES_HI: return static_cast<uint32_t>(counters_.cycles >> 32);
    default: return 0;  // unmapped addresses read as zero
  }
}

// ---------------------------------------------------------------------------------------
// Query
// ---------------------------------------------------------------------------------------
void Chip::fail(regs::Error e) {
  if (stopped_) throw Stop{};  // logging ahead (setLogAhead): the query ended before
  status_ = (status_ & ~regs::STATUS_ERR_MASK) | (static_cast<uint32_t>(e) << regs::STATUS_ERR_SHIFT);
  throw Stop{};
}

void Chip::checkPointer(uint32_t addr, uint32_t align, uint32_t bytes) {
  if (layout::badPointer(addr, align, bytes, cfg_.board_bytes)) fail(regs::Error::BadPointer);
}

void Chip::run() {
  fp32::FtzScope ftz;
  counters_ = Counters{};
  leaf_vertex_dops_ = 0;
  result_count_ = 0;
  status_ = regs::STATUS_BUSY;
  irq_pending_ = false;
  stopped_ = false;
  try {
    if (root_a_ == 0 || root_b_ == 0) fail(regs::Error::NoRoots);
    for (uint32_t i = 0; i < kDopK; ++i) {
      for (int f = 0; f < 3; ++f) {
        if (regs::corrField(corr_[regs::kCorrDop + i], f) >= static_cast<uint32_t>(kDopK)) fail(regs::Error::BadConfig);
      }
    }
    if (!regs::triangleLinesReadOwnRegisters(corr_)) fail(regs::Error::BadConfig);
    checkPointer(root_a_, kPairBytes, kPairBytes);
    checkPointer(root_b_, kPairBytes, kPairBytes);
    if (result_base_ % kResultBytes != 0) fail(regs::Error::BadPointer);
    if (observer_) observer_->onStart(corr_, result_base_, result_capacity_);
    sram_.assign(stackSramWords(cfg_.list_words, cfg_.stack_frames), 0);
    depth_ = 0;
    top_ = 0;
    listWrite(0, makeEntry(root_b_, 1));  // the aligned root is slot 0 of its pair
    top_ = 1;
    traverse();
  } catch (const Stop&) {
  }
  if (stopped_) {  // what the host sees is the ending test's outcome (setLogAhead)
    counters_ = outcome_.counters;
    status_ = outcome_.status;
    result_count_ = outcome_.result_count;
    matrix_ = outcome_.matrix;
    leaf_vertex_dops_ = outcome_.leaf_vertex_dops;
  }
  status_ = (status_ & ~regs::STATUS_BUSY) | regs::STATUS_DONE;
  irq_pending_ = true;
}

// The descent of paper §3.2 (docs/traversal.md, "Descending and returning") with an
// explicit stack of frames in the stack SRAM.
void Chip::traverse() {
  uint32_t pair = root_a_, tmask = 1, base = 0, len = 1;  // the tumbled root is slot 0
  for (;;) {
    const ChildLists cl = processPair(pair, tmask, base, len);
    const bool go0 = cl.len[0] > 0, go1 = cl.len[1] > 0;
    if (go0 || go1) {
      // Descending into slot 0 leaves slot 1's list waiting on the stack (bit 0); going
      // straight to slot 1 pushes a frame whose bit is already set.
      pushFrame(go0 ? Frame{go1 ? cl.child_pair[1] : 0, cl.base[1], cl.len[1], false} : Frame{0, 0, 0, true});
      const int s = go0 ? 0 : 1;
      pair = cl.child_pair[s];
      tmask = 3;
      base = cl.base[s];
      len = cl.len[s];
      continue;
    }
    // Nothing below this pair: go up until a frame still has its slot-1 list to do.
    for (;;) {
      if (depth_ == 0) return;
      const Frame f = topFrame();
      if (!f.bit && f.list_len > 0) {
        frameWrite(depth_ - 1, kFrameLenBit, makeFrameLenBit(f.list_len, true));
        pair = f.next_pair;
        tmask = 3;
        base = f.list_base;
        len = f.list_len;
        top_ = base + len;  // everything above this list is dead now
        break;
      }
      --depth_;
    }
  }
}

void Chip::pushFrame(const Frame& f) {
  if (depth_ >= cfg_.stack_frames) fail(regs::Error::StackOverflow);
  frameWrite(depth_, kFrameNextPair, f.next_pair);
  frameWrite(depth_, kFrameListBase, f.list_base);
  frameWrite(depth_, kFrameLenBit, makeFrameLenBit(f.list_len, f.bit));
  ++depth_;
  counters_.max_stack_depth = std::max<uint64_t>(counters_.max_stack_depth, depth_);
}

Chip::Frame Chip::topFrame() const {
  const auto word = [&](uint32_t w) { return sram_[frameWordAddr(cfg_.list_words, depth_ - 1, w)]; };
  const uint32_t len_bit = word(kFrameLenBit);
  return Frame{word(kFrameNextPair), word(kFrameListBase), frameLen(len_bit), frameBit(len_bit)};
}

void Chip::frameWrite(uint32_t frame, uint32_t word, uint32_t value) {
  const uint32_t at = frameWordAddr(cfg_.list_words, frame, word);
  sram_[at] = value;
  if (observer_) observer_->onFrameWrite(at, value);
}

void Chip::listWrite(uint32_t word_addr, uint32_t entry) {
  if (word_addr >= cfg_.list_words) fail(regs::Error::ListOverflow);
  sram_[word_addr] = entry;
  if (observer_) observer_->onListWrite(word_addr, entry);
}

uint32_t Chip::readFlags(uint32_t node_addr) {
  const uint32_t flags = mem_.read32(node_addr + kNodeFlags);
  if (!(flags & kFlagValid)) fail(regs::Error::BadPointer);
  return flags;
}

Dop Chip::readDop(uint32_t node_addr) const {
  Dop d;
  mem_.read(node_addr + kNodeDop, d.data(), sizeof(float) * kDopK);
  return d;
}

// One overlap test of a tumbled DOP against aligned node enode, counted and reported to
// the observer. CTRL_LEAF_PLANE: against a leaf carrying a plane (layout.h) the DOPs must
// also not be separated along it. A malformed plane is found only where the DOPs overlap,
// and is reported as that overlap before the query ends with BadPointer (the chip's
// comparators decide the DOPs first).
bool Chip::overlapTest(const Dop& tumbled, uint32_t enode, bool eleaf, const Dop& edop) {
  ++counters_.overlap_tests;
  bool hit = dopOverlap(tumbled, edop);
  if (hit && eleaf && (ctrl_ & regs::CTRL_LEAF_PLANE)) {
    LeafPlane p;
    p.sel = mem_.read32(enode + kNodePlaneSel);
    if (p.present()) {
      p.c1 = mem_.readFloat(enode + kNodePlaneC1);
      p.c2 = mem_.readFloat(enode + kNodePlaneC2);
      p.lo = mem_.readFloat(enode + kNodePlaneLo);
      p.hi = mem_.readFloat(enode + kNodePlaneHi);
      if (!p.wellFormed()) {
        if (observer_) observer_->onOverlapTest(true);
        fail(regs::Error::BadPointer);
      }
      hit = !planeSeparates(tumbled, p, fp32::fromBits(plane_margin_));
    }
  }
  if (observer_) observer_->onOverlapTest(hit);
  return hit;
}

// DOTADD over correspondence lines 0..23 (paper Eq. 3).
Dop Chip::transform(uint32_t node_addr) {
  const Dop d = readDop(node_addr);
  Dop out;
  for (int i = 0; i < kDopK; ++i) {
    const uint32_t w = corr_[regs::kCorrDop + i];
    const auto& m = matrix_[regs::kMatDop + i];
    out[i] = fp32::dotadd(d[regs::corrField(w, 0)], d[regs::corrField(w, 1)], d[regs::corrField(w, 2)], m[0], m[1], m[2], m[3]);
  }
  ++counters_.tumbled_nodes_transformed;
  if (observer_) observer_->onTransform(node_addr, out);
  return out;
}

// CTRL_LEAF_VERTEX (docs/triangle_tests.md): the DOP of the tumbled leaf's triangle in B's
// frame, from its record's three vertices: slot i (< 12) is the least of the three DOTADDs
// with leaf-vertex line i (w_i, c_lo_i), slot 12 + i the largest with line 12 + i
// (w_i, c_hi_i), vertex 0 first. Counted as the node's transform
// (tumbled_nodes_transformed) like the DOP transform it replaces.
Dop Chip::leafVertexDop(uint32_t node_addr) {
  const uint32_t rec = mem_.read32(node_addr + kNodePtr);
  checkPointer(rec, kTriBytes, kTriBytes);
  if (observer_) observer_->onFetch(Observer::Fetch::TriangleRecord, rec);
  float v[9];
  mem_.read(rec + kTriVerts, v, sizeof v);
  Dop out;
  for (int i = 0; i < kDopK; ++i) {
    const auto& m = leafv_[i];
    float r = 0;
    for (int k = 0; k < 3; ++k) {
      const float x = fp32::dotadd(v[3 * k], v[3 * k + 1], v[3 * k + 2], m[0], m[1], m[2], m[3]);
      r = k == 0 ? x : (i < kDopDirs ? std::min(r, x) : std::max(r, x));
    }
    out[i] = r;
  }
  ++counters_.tumbled_nodes_transformed;
  ++leaf_vertex_dops_;
  if (observer_) observer_->onTransform(node_addr, out);
  return out;
}

// Speed only: the node pair of the list entry a few places ahead of k goes into the host's
// caches while entry k is worked on (the list is complete in the SRAM before its pass).
void Chip::prefetchEntry(uint32_t base, uint32_t k, uint32_t len) const {
  constexpr uint32_t kAhead = 4;
  if (k + kAhead < len) mem_.prefetch(entryAddr(sram_[base + k + kAhead]), kPairBytes);
}

Chip::ChildLists Chip::processPair(uint32_t pair, uint32_t tmask, uint32_t base, uint32_t len) {
  ++counters_.lists;
  counters_.max_list_length = std::max<uint64_t>(counters_.max_list_length, len);
  if (observer_) observer_->onList(pair, tmask, base, len, sram_.data() + base);
  checkPointer(pair, kPairBytes, kPairBytes);
  if (observer_) observer_->onFetch(Observer::Fetch::TumbledPair, pair);

  // Fetch and transform the tumbled pair.
  bool present[2], leaf[2];
  uint32_t node[2], child_pair[2] = {0, 0};
  Dop dop[2];
  for (int t = 0; t < 2; ++t) {
    present[t] = tmask & (1u << t);
    node[t] = pair + t * kNodeBytes;
    if (!present[t]) continue;
    leaf[t] = readFlags(node[t]) & kFlagLeaf;
    if (!leaf[t]) {
      child_pair[t] = mem_.read32(node[t] + kNodePtr);
      checkPointer(child_pair[t], kPairBytes, kPairBytes);
    }
    if (leaf[t] && (ctrl_ & regs::CTRL_LEAF_VERTEX)) {
      dop[t] = leafVertexDop(node[t]);
      if (ctrl_ & regs::CTRL_LEAF_VERTEX_AND_DOP) {
        const Dop d = transform(node[t]);
        --counters_.tumbled_nodes_transformed;  // one node, counted once
        for (int i = 0; i < kDopDirs; ++i) {
          dop[t][i] = std::max(dop[t][i], d[i]);
          dop[t][kDopDirs + i] = std::min(dop[t][kDopDirs + i], d[kDopDirs + i]);
        }
      }
    } else {
      dop[t] = transform(node[t]);
    }
  }

  // New lists: slot 0's in a 2n-word reservation at top_, slot 1's right after it (each
  // aligned pair adds at most two entries per tumbled node).
  uint32_t out_base[2] = {top_, top_ + 2 * len};
  uint32_t out_len[2] = {0, 0};
  const auto append = [&](int t, uint32_t entry) { listWrite(out_base[t] + out_len[t]++, entry); };

  for (uint32_t k = 0; k < len; ++k) {
    prefetchEntry(base, k, len);
    const uint32_t entry = sram_[base + k];
    const uint32_t epair = entryAddr(entry), emask = entryMask(entry);
    ++counters_.aligned_pairs_fetched;
    checkPointer(epair, kPairBytes, kPairBytes);
    if (observer_) observer_->onFetch(Observer::Fetch::AlignedPair, epair);
    uint32_t leafmask[2] = {0, 0};
    for (int s = 0; s < 2; ++s) {
      if (!(emask & (1u << s))) continue;
      const uint32_t enode = epair + s * kNodeBytes;
      const bool eleaf = readFlags(enode) & kFlagLeaf;
      const Dop edop = readDop(enode);
      for (int t = 0; t < 2; ++t) {
        if (!present[t]) continue;
        const bool hit = overlapTest(dop[t], enode, eleaf, edop);
        if (!hit) continue;
        if (!eleaf) {  // inner aligned node: its children go to t's list (or leaf list)
          const uint32_t cp = mem_.read32(enode + kNodePtr);
          checkPointer(cp, kPairBytes, kPairBytes);
          append(t, makeEntry(cp, 3));
        } else if (!leaf[t]) {
          leafmask[t] |= 1u << s;  // aligned leaf stays in t's list, merged per pair
        } else {
          triangleTest(node[t], enode);  // both leaves; a hit is recorded inside
        }
      }
    }
    for (int t = 0; t < 2; ++t) {
      if (leafmask[t]) append(t, makeEntry(epair, leafmask[t]));
    }
  }

  top_ = out_base[1] + out_len[1];
  ChildLists cl{};
  for (int t = 0; t < 2; ++t) {
    cl.base[t] = out_base[t];
    cl.child_pair[t] = child_pair[t];
    cl.len[t] = (present[t] && !leaf[t]) ? out_len[t] : 0;
  }
  // Tumbled leaves work off their leaf lists now, while their transformed DOPs are held.
  for (int t = 0; t < 2; ++t) {
    if (present[t] && leaf[t] && out_len[t] > 0) processLeafList(node[t], dop[t], out_base[t], out_len[t]);
  }
  top_ = out_base[1] + out_len[1];
  return cl;
}

// A tumbled leaf against its leaf list, pass after pass, until no entries are left. Each
// pass writes its new list at top_ and is one more processed list.
void Chip::processLeafList(uint32_t node_addr, const Dop& dop, uint32_t base, uint32_t len) {
  while (len > 0) {
    ++counters_.lists;
    counters_.max_list_length = std::max<uint64_t>(counters_.max_list_length, len);
    if (observer_) observer_->onList(node_addr & ~(kPairBytes - 1), 0, base, len, sram_.data() + base);
    const uint32_t out_base = top_;
    uint32_t out_len = 0;
    for (uint32_t k = 0; k < len; ++k) {
      prefetchEntry(base, k, len);
      const uint32_t entry = sram_[base + k];
      const uint32_t epair = entryAddr(entry), emask = entryMask(entry);
      ++counters_.aligned_pairs_fetched;
      checkPointer(epair, kPairBytes, kPairBytes);
      if (observer_) observer_->onFetch(Observer::Fetch::AlignedPair, epair);
      for (int s = 0; s < 2; ++s) {
        if (!(emask & (1u << s))) continue;
        const uint32_t enode = epair + s * kNodeBytes;
        const bool eleaf = readFlags(enode) & kFlagLeaf;
        const bool hit = overlapTest(dop, enode, eleaf, readDop(enode));
        if (!hit) continue;
        if (eleaf) {
          triangleTest(node_addr, enode);
        } else {
          const uint32_t cp = mem_.read32(enode + kNodePtr);
          checkPointer(cp, kPairBytes, kPairBytes);
          listWrite(out_base + out_len++, makeEntry(cp, 3));
        }
      }
    }
    top_ = out_base + out_len;
    base = out_base;
    len = out_len;
  }
}

// ---------------------------------------------------------------------------------------
// Triangle test (paper §3.3, Eq. 4) through the DOP register file, the matrix register
// file and correspondence lines 24..65, exactly as the datapath sequences it.
// ---------------------------------------------------------------------------------------
int Chip::triPass(uint32_t pass) {
  static constexpr uint32_t kLine[3] = {regs::kMatAtoB, regs::kMatBtoA, regs::kMatLeaf};
  float out[9];
  uint32_t dst[9];
  for (uint32_t o = 0; o < 9; ++o) {
    const uint32_t w = corr_[regs::kCorrTriPass + pass * 9 + o];
    const auto& m = matrix_[kLine[pass] + o % 3];
    out[o] = fp32::dotadd(dopreg_[regs::corrField(w, 0)], dopreg_[regs::corrField(w, 1)], dopreg_[regs::corrField(w, 2)],
                          m[0], m[1], m[2], m[3]);
    dst[o] = regs::corrField(w, 3);
  }
  for (uint32_t o = 0; o < 9; ++o) dopreg_[dst[o]] = out[o];  // written after all reads
  return itCoordExp(out);
}

void Chip::loadLeafMatrix(uint32_t tri_record) {
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 4; ++c) matrix_[regs::kMatLeaf + r][c] = mem_.readFloat(tri_record + kTriMatrix + 4 * (4 * r + c));
  }
}

ItVerdict Chip::triangleTest(uint32_t tumbled_node, uint32_t aligned_node) {
  if (stopped_ && ahead_left_-- == 0) throw Stop{};  // logged far enough past the ending test
  ++counters_.triangle_tests;
  const uint32_t ta = mem_.read32(tumbled_node + kNodePtr);
  const uint32_t tb = mem_.read32(aligned_node + kNodePtr);
  checkPointer(ta, kTriBytes, kTriBytes);
  checkPointer(tb, kTriBytes, kTriBytes);
  if (observer_) {
    observer_->onFetch(Observer::Fetch::TriangleRecord, ta);
    observer_->onFetch(Observer::Fetch::TriangleRecord, tb);
  }
  // The IT-unit's micro-op TRI on the operand pairs of correspondence lines 51..65, with
  // this side's bound (docs/exact_contacts.md).
  const auto itSideOf = [&](const ItBound& bound) {
    float op[3][5][2];
    for (uint32_t e = 0; e < 3; ++e) {
      for (uint32_t k = 0; k < 5; ++k) {
        const uint32_t w = corr_[regs::kCorrIt + 5 * e + k];
        op[e][k][0] = dopreg_[regs::corrField(w, 0)];
        op[e][k][1] = dopreg_[regs::corrField(w, 1)];
      }
    }
    const ItSideResult r = itSide(op, bound);
    if (observer_) observer_->onTriangleSide(r.computed, r.verdict);
    return r.verdict;
  };
  const auto edgesOf = [&](uint32_t own, uint32_t other, uint32_t frame_pass) {
    mem_.read(own + kTriVerts, dopreg_.data(), 9 * sizeof(float));  // vertices -> d0..d8
    triPass(frame_pass);                                           // other object's frame
    loadLeafMatrix(other);
    const int coord_exp = triPass(2);                              // other triangle's unit frame
    const uint32_t err = mem_.read32(other + kTriErrExp);
    return itSideOf(ItBound{errExpOf(tri_err_exp_) + errExpOf(err), errExpOf(err >> 8), coord_exp});
  };
  // Side B runs unless side A hit; a hit of either side is certain, else an uncertain side
  // leaves the pair to the host.
  const ItVerdict side_a = edgesOf(ta, tb, 0);
  if (side_a == ItVerdict::Hit && log_ahead_ > 0) {  // side B for the observer only (setLogAhead)
    const auto dopreg = dopreg_;
    const auto matrix = matrix_;
    edgesOf(tb, ta, 1);
    dopreg_ = dopreg;
    matrix_ = matrix;
  }
  const ItVerdict side_b = side_a == ItVerdict::Hit ? ItVerdict::Hit : edgesOf(tb, ta, 1);
  const ItVerdict verdict = side_b == ItVerdict::Hit                                               ? ItVerdict::Hit
                            : (side_a == ItVerdict::Uncertain || side_b == ItVerdict::Uncertain) ? ItVerdict::Uncertain
                                                                                                  : ItVerdict::Miss;
  const uint32_t id_a = mem_.read32(ta + kTriId), id_b = mem_.read32(tb + kTriId);
  if (observer_) observer_->onTriangleTest(id_a, id_b, verdict);
  if (verdict != ItVerdict::Miss) record(id_a, id_b, verdict == ItVerdict::Uncertain);
  return verdict;
}

// A certain hit or an uncertain pair goes to the result area; only a certain hit ends a
// query in mode first.
void Chip::record(uint32_t tri_a, uint32_t tri_b, bool uncertain) {
  if (stopped_) return;  // logging ahead past the ending test: nothing is written
  if (result_count_ >= result_capacity_) return testStops(regs::Error::ResultOverflow);
  const uint32_t at = result_base_ + result_count_ * kResultBytes;
  if (layout::badPointer(at, kResultBytes, kResultBytes, cfg_.board_bytes)) return testStops(regs::Error::BadPointer);
  mem_.write32(at, tri_a);
  mem_.write32(at + 4, uncertain ? (tri_b | kResultUncertain) : tri_b);
  if (observer_) observer_->onResultWrite(at);
  ++result_count_;
  if (uncertain) {
    ++counters_.uncertain_tests;
    return;
  }
  if (ctrl_ & regs::CTRL_MODE_FIRST) testStops(regs::Error::None);
}

// A test ends the query: at once, or (setLogAhead) the query's outcome is kept and the
// traversal goes on for the observer.
void Chip::testStops(regs::Error e) {
  if (e != regs::Error::None) {
    status_ = (status_ & ~regs::STATUS_ERR_MASK) | (static_cast<uint32_t>(e) << regs::STATUS_ERR_SHIFT);
  }
  if (log_ahead_ == 0) throw Stop{};
  outcome_ = Outcome{counters_, status_, result_count_, matrix_, leaf_vertex_dops_};
  stopped_ = true;
  ahead_left_ = log_ahead_;
}

}  // namespace cc::golden
