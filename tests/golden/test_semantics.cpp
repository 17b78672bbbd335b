// The golden model's semantics against oracles that do not come from it: hand-derived
// cases (the derivation is written beside each expected value) and exact geometry (CGAL,
// through cc::exactTrianglesIntersect). Each test here is what kills one or more of the
// mutants of scripts/mutants.sh (docs/testing.md): the comparator's closed slabs, the
// IT-unit's inclusive thresholds, the traversal's counters, list allocation and frames.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <tuple>
#include <vector>

#include "cc/chip_math.h"
#include "cc/driver.h"
#include "cc/exact.h"
#include "cc/golden_device.h"

namespace {

// ---------------------------------------------------------------------------------------
// Eq. 2 (docs/trees.md): slab i of two DOPs overlaps iff the closed intervals
// [dt_i, dt_12+i] and [e_i, e_12+i] share a point; DOPs overlap iff every slab does.
// [0, 1] and [1, 2] share x = 1: overlap. [0, 1] and [1 + ulp, 2] do not.
// ---------------------------------------------------------------------------------------
cc::Dop box(float lo, float hi) {
  cc::Dop d;
  for (int i = 0; i < 12; ++i) d[i] = lo, d[12 + i] = hi;
  return d;
}

TEST(GoldenSemantics, DopOverlapSlabsAreClosed) {
  const float above_one = std::nextafter(1.0f, 2.0f);
  for (int i = 0; i < 12; ++i) {
    SCOPED_TRACE("slab " + std::to_string(i));
    cc::Dop dt = box(-5, 5), e = box(-5, 5);
    // dt's maximum equals e's minimum in slab i: they touch, a shared point.
    dt[i] = 0, dt[12 + i] = 1, e[i] = 1, e[12 + i] = 2;
    EXPECT_TRUE(cc::dopOverlap(dt, e));
    EXPECT_TRUE(cc::dopOverlap(e, dt));  // e's maximum equals dt's minimum
    e[i] = above_one;
    EXPECT_FALSE(cc::dopOverlap(dt, e));
    EXPECT_FALSE(cc::dopOverlap(e, dt));
    // A DOP that is one point in slab i, on the other's bound.
    dt[i] = dt[12 + i] = 2, e[i] = 1;
    EXPECT_TRUE(cc::dopOverlap(dt, e));
    EXPECT_TRUE(cc::dopOverlap(e, dt));
  }
}

// ---------------------------------------------------------------------------------------
// The IT-unit's thresholds (docs/exact_contacts.md; cc::itEdgeDecide), derived by hand for
// one bound: k_abs = -40, k_rel = -23, the side's coordinates below 2 (biased exponent
// 127), an edge of the same magnitude (edge_exp 127):
//   E = magExp(127) = 1; F = max(k_abs + E, k_rel + 2E) = max(-39, -21) = -21;
//   u, v are certain beyond 2^(F+3) = 2^-18; s against rz beyond 2^(F+5) = 2^-16.
// With Q above the plane and rz = 2: rz shrunk by 2^-16 is 2 - 2^-16 (2 is 0x40000000;
// 128 steps of 2^-23 below it, the ulp of [1, 2), is exactly 2^-16), grown by 2^-16 is
// 2 + 2^-16 (64 steps of 2^-22, the ulp of [2, 4)). So, all comparisons inclusive as the
// closed triangle requires:
//   Hit  iff u >= 2^-18, v >= 2^-18 and s <= 2 - 2^-16;
//   Miss iff u < -2^-18 or v < -2^-18 or s > 2 + 2^-16;  otherwise Uncertain.
// ---------------------------------------------------------------------------------------
TEST(GoldenSemantics, ItUnitThresholdsAreInclusive) {
  const cc::ItBound b{-40, -23, 127, 0};
  ASSERT_FALSE(b.hopeless());
  const float t = 0x1p-18f, hit_s = 2.0f - 0x1p-16f, miss_s = 2.0f + 0x1p-16f, rz = 2.0f;
  const auto decide = [&](float u, float v, float s, bool q_above) {
    const float g = q_above ? 1.0f : -1.0f;  // Q below: every value's sign flips
    return cc::itEdgeDecide(cc::ItEdgeValues{g * u, g * v, g * s, g * rz, 127}, q_above, b);
  };
  using V = cc::ItVerdict;
  for (bool q_above : {true, false}) {
    SCOPED_TRACE(q_above ? "Q above" : "Q below");
    EXPECT_EQ(decide(0.5f, 0.5f, 1.0f, q_above), V::Hit);                   // well inside
    EXPECT_EQ(decide(t, 0.5f, 1.0f, q_above), V::Hit);                      // u on its threshold
    EXPECT_EQ(decide(0.5f, t, 1.0f, q_above), V::Hit);                      // v on its threshold
    EXPECT_EQ(decide(0.5f, 0.5f, hit_s, q_above), V::Hit);                  // s on its threshold
    EXPECT_EQ(decide(0.5f, 0.5f, std::nextafter(hit_s, 3.0f), q_above), V::Uncertain);
    EXPECT_EQ(decide(std::nextafter(t, 0.0f), 0.5f, 1.0f, q_above), V::Uncertain);
    EXPECT_EQ(decide(-t, 0.5f, 1.0f, q_above), V::Uncertain);               // -2^-18 is not < -2^-18
    EXPECT_EQ(decide(0.5f, -t, 1.0f, q_above), V::Uncertain);
    EXPECT_EQ(decide(std::nextafter(-t, -1.0f), 0.5f, 1.0f, q_above), V::Miss);
    EXPECT_EQ(decide(0.5f, std::nextafter(-t, -1.0f), 1.0f, q_above), V::Miss);
    EXPECT_EQ(decide(0.5f, 0.5f, miss_s, q_above), V::Uncertain);           // 2 + 2^-16 is not > it
    EXPECT_EQ(decide(0.5f, 0.5f, std::nextafter(miss_s, 3.0f), q_above), V::Miss);
  }
}

// The Z phase (cc::itEdgeClass) with the same bound: z is certain beyond
// 2^(errExp(E) + 1) = 2^(max(k_abs, k_rel + E) + 1) = 2^(-22 + 1) = 2^-21. An end point at
// exactly +-2^-21 is not certain (the comparison is strict: within the bound, inclusive).
TEST(GoldenSemantics, ItUnitPlaneBoundIsInclusive) {
  const cc::ItBound b{-40, -23, 127, 0};
  const float z = 0x1p-21f, above = std::nextafter(z, 1.0f);
  using C = cc::ItEdgeClass;
  EXPECT_EQ(cc::itEdgeClass(-1.0f, 1.0f, b), C::Cross);
  EXPECT_EQ(cc::itEdgeClass(-above, above, b), C::Cross);
  EXPECT_EQ(cc::itEdgeClass(-z, 1.0f, b), C::Uncertain);
  EXPECT_EQ(cc::itEdgeClass(-1.0f, z, b), C::Uncertain);
  EXPECT_EQ(cc::itEdgeClass(above, 1.0f, b), C::Miss);
  EXPECT_EQ(cc::itEdgeClass(z, 1.0f, b), C::Uncertain);
  EXPECT_EQ(cc::itEdgeClass(-above, -1.0f, b), C::Miss);
}

// ---------------------------------------------------------------------------------------
// Counters, lists and frames on scenes small enough to trace by hand (docs/traversal.md,
// "The traversal" and "Counters and the paper's Table 1").
//
// B (aligned): four triangles in z = 0, triangle k = (k,0,0) (k+1,0,0) (k,1,0), k = 0..3;
// its tree: a root, two inner children (k = 0,1 and k = 2,3), four leaves: depth 2.
// A (tumbled, identity pose): n vertical triangles in the planes y = y_j, each
// (-10,y,-10) (10,y,-10) (0,y,10); at z = 0 such a triangle spans x in [-5, 5], so it cuts
// every triangle of B along the segment y = y_j, x in [k, k + 1 - y_j], inside it: every A
// triangle intersects every B triangle, and every DOP overlaps (the chip's DOPs enclose the
// exact ones, docs/memory_image.md). No vertex is near the other's plane (A's at z = +-10,
// B's at y = 0 or 1, A's planes at y = 0.4, 0.6): no uncertain test.
// ---------------------------------------------------------------------------------------
cc::Mesh stripB() {
  cc::Mesh m;
  m.name = "strip of four";
  for (uint32_t k = 0; k < 4; ++k) {
    const float x = static_cast<float>(k);
    m.vertices.push_back({x, 0, 0});
    m.vertices.push_back({x + 1, 0, 0});
    m.vertices.push_back({x, 1, 0});
    m.tris.push_back({3 * k, 3 * k + 1, 3 * k + 2});
  }
  return m;
}

cc::Mesh wallsA(std::vector<float> ys) {
  cc::Mesh m;
  m.name = "walls";
  for (float y : ys) {
    const uint32_t v = static_cast<uint32_t>(m.vertices.size());
    m.vertices.push_back({-10, y, -10});
    m.vertices.push_back({10, y, -10});
    m.vertices.push_back({0, y, 10});
    m.tris.push_back({v, v + 1, v + 2});
  }
  return m;
}

struct ListLog : cc::golden::Observer {
  std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> lists;  // (tumbled mask, base, length)
  std::vector<std::pair<uint32_t, uint32_t>> frame_writes;       // (word address, value)
  void onList(uint32_t, uint32_t mask, uint32_t base, uint32_t len, const uint32_t*) override {
    lists.emplace_back(mask, base, len);
  }
  void onFrameWrite(uint32_t at, uint32_t v) override { frame_writes.emplace_back(at, v); }
};

struct SceneRun {
  cc::QueryResult q;
  ListLog log;
  std::set<cc::TriPair> exact;
};

SceneRun runScene(const cc::Mesh& a, const cc::Mesh& b, cc::QueryMode mode) {
  const cc::DopTree ta = cc::buildTree(a, cc::zachmannDirections(), cc::SplitRule::Median);
  const cc::DopTree tb = cc::buildTree(b, cc::zachmannDirections(), cc::SplitRule::Median);
  EXPECT_EQ(tb.nodes.size(), 7u) << "B's tree is not the one traced by hand";
  EXPECT_EQ(tb.depth, 2);
  cc::GoldenDevice dev(cc::namedConfig("paper"));
  SceneRun r;
  dev.chip().setObserver(&r.log);
  cc::Driver d(dev);
  const cc::BoardObject oa = d.upload(ta, a), ob = d.upload(tb, b);
  const cc::Pose id = cc::poseFromAxisAngle({0, 0, 1}, 0, {0, 0, 0});
  r.q = d.query(oa, ob, id, mode);
  dev.chip().setObserver(nullptr);
  for (uint32_t i = 0; i < a.tris.size(); ++i) {
    for (uint32_t j = 0; j < b.tris.size(); ++j) {
      if (cc::exactTrianglesIntersect(a, i, b, j, id)) r.exact.insert({i, j});
    }
  }
  return r;
}

// One tumbled triangle (A's root is a leaf) against B. By hand:
//   list 1 (word 0, 1 entry: B's root, slot 0): A's root transformed; 1 pair fetched,
//     1 overlap test, hit, B's root is inner: its children pair goes to A's list. New lists
//     are reserved at top = 1: slot 0's at word 1 (2 * 1 words), slot 1's at word 3.
//   A's root is a leaf: its leaf list is worked off now, pass after pass, each a list:
//   list 2 (word 1, 1 entry): 1 pair, 2 overlap tests (B's two inner nodes), both inner:
//     2 entries written at top = 3 (slot 1's list was empty, top = 3 + 0).
//   list 3 (word 3, 2 entries): 2 pairs, 4 overlap tests, all leaves: 4 triangle tests,
//     no entries: the passes end. No frame is pushed (nothing to descend into).
// Counters: transformed 1, fetched 1 + 1 + 2 = 4, overlap tests 1 + 2 + 4 = 7, triangle
// tests 4, lists 3, deepest stack 0, longest list 2, uncertain 0; pairs: all 4, CGAL's.
TEST(GoldenSemantics, LeafListPassesAreListsHandTraced) {
  const SceneRun r = runScene(wallsA({0.4f}), stripB(), cc::QueryMode::All);
  ASSERT_EQ(r.q.error, cc::regs::Error::None);
  const auto& c = r.q.counters;
  EXPECT_EQ(c.tumbled_nodes_transformed, 1u);
  EXPECT_EQ(c.aligned_pairs_fetched, 4u);
  EXPECT_EQ(c.overlap_tests, 7u);
  EXPECT_EQ(c.triangle_tests, 4u);
  EXPECT_EQ(c.lists, 3u);
  EXPECT_EQ(c.max_stack_depth, 0u);
  EXPECT_EQ(c.max_list_length, 2u);
  EXPECT_EQ(c.uncertain_tests, 0u);
  using L = std::tuple<uint32_t, uint32_t, uint32_t>;
  EXPECT_EQ(r.log.lists, (std::vector<L>{{1, 0, 1}, {0, 1, 1}, {0, 3, 2}}));
  EXPECT_TRUE(r.log.frame_writes.empty());
  EXPECT_EQ(r.exact.size(), 4u);
  EXPECT_EQ(std::set<cc::TriPair>(r.q.pairs.begin(), r.q.pairs.end()), r.exact);
  EXPECT_EQ(r.q.pairs.size(), 4u) << "a pair reported twice";
}

// Two tumbled triangles (A: a root and two leaves) against B. By hand:
//   list 1 (word 0, 1 entry, A's root pair, slot 0 only): 1 transform, 1 fetch, 1 overlap
//     test, hit, inner: B's children pair to slot 0's list at word 1 (reserved 1..2,
//     slot 1's from word 3, empty); top = 3. A's root is inner: descend into slot 0,
//     pushing frame 0 = (next pair 0, list base 3, length 0, bit 0): three frame words;
//     deepest stack 1.
//   list 2 (word 1, 1 entry, A's leaf pair, both slots): 2 transforms, 1 fetch, 4 overlap
//     tests (2 inner B nodes x 2 A leaves), all hit, inner: each A leaf gets B's two
//     grandchildren pairs: slot 0's list at top = 3 (2 entries, 3..4), slot 1's at
//     3 + 2 * 1 = 5 (2 entries, 5..6). Both A nodes are leaves: leaf lists now, top = 7:
//   list 3 (word 3, 2 entries, leaf 0): 2 fetches, 4 overlap tests, 4 triangle tests.
//   list 4 (word 5, 2 entries, leaf 1): 2 fetches, 4 overlap tests, 4 triangle tests.
//   Nothing to descend into; frame 0 has no slot-1 list (length 0): pop, done.
// Counters: transformed 3, fetched 6, overlap tests 13, triangle tests 8, lists 4, deepest
// stack 1, longest list 2, uncertain 0; pairs: all 8, CGAL's.
TEST(GoldenSemantics, DescentCountersListsAndFramesHandTraced) {
  const cc::Mesh a = wallsA({0.4f, 0.6f});
  const SceneRun r = runScene(a, stripB(), cc::QueryMode::All);
  ASSERT_EQ(r.q.error, cc::regs::Error::None);
  const auto& c = r.q.counters;
  EXPECT_EQ(c.tumbled_nodes_transformed, 3u);
  EXPECT_EQ(c.aligned_pairs_fetched, 6u);
  EXPECT_EQ(c.overlap_tests, 13u);
  EXPECT_EQ(c.triangle_tests, 8u);
  EXPECT_EQ(c.lists, 4u);
  EXPECT_EQ(c.max_stack_depth, 1u);
  EXPECT_EQ(c.max_list_length, 2u);
  EXPECT_EQ(c.uncertain_tests, 0u);
  using L = std::tuple<uint32_t, uint32_t, uint32_t>;
  EXPECT_EQ(r.log.lists, (std::vector<L>{{1, 0, 1}, {3, 1, 1}, {0, 3, 2}, {0, 5, 2}}));
  // One push: three words, the frame's next pair 0, its list base 3 and its length 0
  // with bit 0 (layout.h packs length and bit into one word: all zero).
  ASSERT_EQ(r.log.frame_writes.size(), 3u);
  std::multiset<uint32_t> values;
  for (const auto& w : r.log.frame_writes) values.insert(w.second);
  EXPECT_EQ(values, (std::multiset<uint32_t>{0, 3, 0}));
  EXPECT_EQ(r.exact.size(), 8u);
  EXPECT_EQ(std::set<cc::TriPair>(r.q.pairs.begin(), r.q.pairs.end()), r.exact);
  EXPECT_EQ(r.q.pairs.size(), 8u) << "a pair reported twice";

  // Mode first: the query ends at the first certain hit, the first triangle test of
  // list 3 (A's leaf 0 against B's first leaf): lists 3, one triangle test, one pair.
  const SceneRun f = runScene(a, stripB(), cc::QueryMode::First);
  EXPECT_EQ(f.q.counters.triangle_tests, 1u);
  EXPECT_EQ(f.q.counters.lists, 3u);
  ASSERT_EQ(f.q.pairs.size(), 1u);
  EXPECT_TRUE(r.exact.count(f.q.pairs[0]));
}

// ---------------------------------------------------------------------------------------
// Uncertain pairs and the host's exact decision (docs/exact_contacts.md). A (tumbled,
// identity pose) is the unit triangle (0,0,0) (1,0,0) (0,1,0) in z = 0. B has two
// triangles, d = 2^-30, far below the chip's error bound for objects of this size (the
// driver's TRI_ERR_EXP is about 2^-18 here) and below the DOP enclosure's widening:
//  B0 = (0,0,0) (-1,0,1) (0,-1,1): touches A in the origin only (its other points have
//       z > 0): an exact contact. Both sides have a vertex on the other's plane: uncertain.
//  B1 = (-d,-1,-1) (-d,-1,1) (-d,5,1), in the plane x = -d: misses A (x >= 0) by d. Side
//       B (B1's edges in A's frame): V1V2 crosses z = 0 at (-d,-1), V3V1 at (-d,2), both
//       certainly outside; V2V3 stays at z = 1: a certain miss. Side A (A's edges in B1's
//       frame): A's vertices (0,0,0) and (0,1,0) lie d from B1's plane: uncertain. So the
//       pair is uncertain through side A alone.
// Expected: both pairs reported uncertain, the host keeps (0,0) and drops (0,1) (CGAL
// agrees); in mode first neither ends the query (only a certain hit does): both tested,
// and the host's answer ends at the first pair that intersects (the driver's rule).
// ---------------------------------------------------------------------------------------
TEST(GoldenSemantics, HostDecidesUncertainPairsExactly) {
  const float d = 0x1p-30f;
  cc::Mesh a, b;
  a.name = "unit triangle";
  a.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  a.tris = {{0, 1, 2}};
  b.name = "touching and near";
  b.vertices = {{0, 0, 0}, {-1, 0, 1}, {0, -1, 1}, {-d, -1, -1}, {-d, -1, 1}, {-d, 5, 1}};
  b.tris = {{0, 1, 2}, {3, 4, 5}};
  const cc::DopTree ta = cc::buildTree(a, cc::zachmannDirections(), cc::SplitRule::Median);
  const cc::DopTree tb = cc::buildTree(b, cc::zachmannDirections(), cc::SplitRule::Median);
  cc::GoldenDevice dev(cc::namedConfig("paper"));
  cc::Driver drv(dev);
  const cc::BoardObject oa = drv.upload(ta, a), ob = drv.upload(tb, b);
  const cc::Pose id = cc::poseFromAxisAngle({0, 0, 1}, 0, {0, 0, 0});
  ASSERT_TRUE(cc::exactTrianglesIntersect(a, 0, b, 0, id));
  ASSERT_FALSE(cc::exactTrianglesIntersect(a, 0, b, 1, id));
  const std::vector<cc::TriPair> keep{{0, 0}};
  for (cc::QueryMode mode : {cc::QueryMode::All, cc::QueryMode::First}) {
    SCOPED_TRACE(mode == cc::QueryMode::All ? "mode all" : "mode first");
    const cc::QueryResult q = drv.query(oa, ob, id, mode);
    ASSERT_EQ(q.error, cc::regs::Error::None);
    EXPECT_EQ(q.counters.triangle_tests, 2u);
    EXPECT_EQ(q.counters.uncertain_tests, 2u);
    const std::set<cc::TriPair> unc(q.uncertain.begin(), q.uncertain.end());
    if (mode == cc::QueryMode::All) {
      EXPECT_EQ(unc, (std::set<cc::TriPair>{{0, 0}, {0, 1}}));
    } else {
      EXPECT_TRUE(unc.count({0, 0}));
    }
    EXPECT_EQ(q.pairs, keep);
    EXPECT_EQ(q.uncertain_hits, 1u);
  }
}

}  // namespace
