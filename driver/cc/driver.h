// The host driver: the paper's "software API". It uploads object images into board
// memory, sets up each query (C, c, j, the rigid transforms, roots, result area), starts
// the chip and collects the answer. It runs unchanged on every Device.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cc/counters.h"
#include "cc/backends.h"
#include "cc/image.h"
#include "cc/mesh.h"
#include "cc/pose.h"
#include "cc/regmap.h"
#include "cc/tree.h"

namespace cc {

namespace isect {
class TriangleBoxTree;
}

enum class QueryMode { All, First };
QueryMode queryModeByName(const std::string& name);  // "all" | "first"

// CTRL.LEAF_VERTEX (regmap.h, docs/triangle_tests.md): how a tumbled leaf's DOP is bounded.
// Off: the DOP transform of its stored DOP (the chip as the paper specifies it).
// Vertices: from its triangle's three vertices. VerticesAndDop: both, the tighter per slot.
enum class LeafDop { Off, Vertices, VerticesAndDop };
LeafDop leafDopByName(const std::string& name);  // "off" | "vertices" | "vertices+dop"

using TriPair = std::pair<uint32_t, uint32_t>;  // (triangle of A, triangle of B)

// A query's answer: the pairs exact geometry returns (docs/exact_contacts.md). The chip
// reports certain hits and pairs it could not decide (uncertain); the driver decides the
// latter exactly on the host and keeps those that intersect, in the chip's order.
struct QueryResult {
  std::vector<TriPair> pairs;      // the answer, in the order the chip found them
  std::vector<TriPair> uncertain;  // the pairs the chip left to the host, in its order
  size_t uncertain_hits = 0;       // of those, the ones that intersect (in `pairs`)
  // Of `pairs`, those with a triangle the trees leave out (BoardObject::dropped), which
  // the host decides alone and puts after the chip's (cc/dropped_contacts.h).
  size_t dropped_pairs = 0;
  double host_exact_seconds = 0;   // time the host spent deciding them
  // The rest of the host's wait, for the end-to-end time (docs/driver.md, "End to end"):
  double host_setup_seconds = 0;   // the driver's per-query set-up on this machine
  uint64_t bus_clocks = 0;         // host-bus clocks of its transfers (Device::busClocks)
  Counters counters;               // summed over the chip runs (maxima: the largest)
  regs::Error error = regs::Error::None;
  uint32_t runs = 1;               // chip runs the query took (staged mode first: more than one)
};

// Co-simulation: the first difference between two backends' answers (`na`, `nb` name
// them), or "" when equal: the error status, the pairs in order, the pairs the chip left
// uncertain in order, every event counter, and `cycles` when `with_cycles` (two timed
// backends: the TLM model times the chip exactly).
std::string firstDifference(const std::string& na, const QueryResult& a, const std::string& nb, const QueryResult& b,
                            bool with_cycles);

// The mean longest edge of a mesh's triangles: its leaf size (one triangle a leaf), which
// the host's by-size rule compares between the two objects (Driver::setLeafDopBySize).
double meanLeafSize(const Mesh& mesh);

// An object on the board: its image's place and what the pose set-up needs.
struct BoardObject {
  std::shared_ptr<const Mesh> mesh;  // the geometry uncertain pairs are decided on
  uint32_t root_pair = 0;
  uint32_t base = 0, end = 0;
  ObjectBounds bounds;
  // meanLeafSize of its mesh, in its own frame (the same units as the other object's).
  double mean_leaf_size = 0;
  Directions dirs{};
  size_t triangles = 0;
  std::vector<uint32_t> dropped;  // its tree's DopTree::dropped: triangles the chip never sees
};

// Thrown when the device misbehaves (no interrupt in time, wrong ID) or a query ends
// in an error status; the message says which.
class DriverError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Driver {
 public:
  // Checks the chip's ID register; `result_capacity` pairs are reserved for results.
  explicit Driver(Device& device, uint32_t result_capacity = 1u << 20);

  // Builds the image at the next free place in board memory and uploads it through the
  // memory window. Object images are placed from 4 KiB up (address 0 is the null pointer).
  BoardObject upload(const DopTree& tree, const Mesh& mesh);

  // One query: A tumbled by `pose` (A's frame into B's), B aligned. The pose is validated
  // (NaN/Inf rejected) before anything is written to the chip. A query that ends in an
  // error status returns the error (and what was found before it) in QueryResult::error.
  // Uncertain pairs are decided exactly here; in mode first the answer is the first pair
  // in the chip's order that intersects (at most one). The pairs with a triangle the trees
  // leave out (BoardObject::dropped) are decided here too and follow the chip's (in mode
  // first only when the chip found none).
  QueryResult query(const BoardObject& a, const BoardObject& b, const Pose& pose, QueryMode mode,
                    uint64_t max_cycles = 1ull << 40);

  // Staged mode first (docs/triangle_tests.md): a mode-first query runs with a result
  // area of steps[0] pairs first. The chip ends it with ResultOverflow when that many
  // uncertain pairs come before a certain hit; if one of them intersects exactly it is the
  // answer (the records are a prefix of the full query's), else the query runs again with
  // the next step, and last with the whole area. Touching and coplanar contacts, which the
  // chip reports uncertain by the thousand, are answered after a few records instead of
  // the whole traversal. Steps must rise and stay below the capacity; none: one run.
  void setFirstModeSteps(std::vector<uint32_t> steps);

  // Tumbled leaves' DOPs for the following queries (LeafDop). Anything but Off sets
  // CTRL.LEAF_VERTEX and loads the leaf-vertex lines (cc::leafVertexDopLines) with every
  // query; throws DriverError when the chip does not implement it (the bits read back 0).
  void setLeafDop(LeafDop mode);
  // The host's per-query rule (HostPolicy's by-size): Vertices on a query whose tumbled
  // object's mean_leaf_size is at least `ratio` times the aligned one's, Off on the others.
  // Large tumbled leaves against small aligned ones give loose transformed DOPs that
  // overlap many aligned leaves, which the vertices' bound cuts; on similar leaves it only
  // costs cycles (docs/triangle_tests.md, docs/results.md). Throws as setLeafDop(Vertices).
  void setLeafDopBySize(double ratio);
  // The leaf DOP the query of tumbled `a` against aligned `b` runs with.
  LeafDop leafDopFor(const BoardObject& a, const BoardObject& b) const;

  // CTRL.LEAF_PLANE for the following queries (docs/triangle_tests.md, "Leaf planes"): an
  // aligned leaf is also compared along its triangle's plane, with PLANE_MARGIN loaded per
  // query (cc::planeMargin); `only_swapped`: on the queries whose roles setRolesBySize
  // swaps only (the large triangles aligned), where the planes cut tests, not on pairs of
  // like leaves, where they mostly cost the wait for the plane unit. Throws DriverError
  // when the chip does not implement it.
  void setLeafPlane(bool on, bool only_swapped = false);
  // The roles by leaf size: a query whose object `a` has leaves at least `ratio` times as
  // large as b's (mean longest edge) runs with b tumbled by the inverse pose against a
  // aligned, so the large triangles are the aligned ones and their planes are used; 0: never.
  // The answer is the same query's (pairs as (a's id, b's id), uncertain pairs decided on
  // the pose given); counters and cycles are the swapped run's.
  void setRolesBySize(double ratio);
  // Whether the query of `a` against `b` runs with the roles swapped.
  bool swapsRoles(const BoardObject& a, const BoardObject& b) const;

  // The host's times in QueryResult (host_setup_seconds, host_exact_seconds) as the best
  // of `repeat` runs of that work (it only computes, so it runs again with the same
  // result): the minimum filters the scheduler's noise out of one query's microseconds.
  // 1 (the default): the work runs once.
  void setHostTimeRepeat(int repeat);

  Device& device() { return dev_; }

 private:
  void writeRegisters(const PoseRegisters& regs);
  // The object's tree triangles for the host's search (cc::treeTriangleBoxes), made at the
  // first query that needs them.
  const isect::TriangleBoxTree& treeBoxes(const BoardObject& o);
  // `n` consecutive registers that only store what the host wrote (the register files,
  // roots, result area, TRI_ERR_EXP, PLANE_MARGIN): the words whose value differs from the
  // last one written go out in bursts (Device::writeRegisters), the others not at all, as
  // a driver keeping a shadow copy does, to save bus time.
  void writeStored(uint32_t offset, const uint32_t* values, size_t n);
  void writeLeafVertexLines(const LeafVertexLines& lines);
  uint32_t leafDopCtrl() const;  // CTRL's LEAF_VERTEX bits of leaf_dop_
  // One chip run: its status and counters; `records` takes the result area's words.
  QueryResult run(const BoardObject& a, const BoardObject& b, const PoseRegisters& regs, QueryMode mode, uint32_t capacity,
                  uint64_t max_cycles, std::vector<uint32_t>& records);
  QueryResult queryAsGiven(const BoardObject& a, const BoardObject& b, const Pose& pose, QueryMode mode, uint64_t max_cycles,
                           bool swapped);
  // `swapped`: the chip ran b tumbled against a; its records name (b's id, a's id).
  void decideUncertain(const BoardObject& a, const BoardObject& b, const Pose& pose, QueryMode mode,
                       const std::vector<uint32_t>& raw, bool swapped, QueryResult& res) const;
  Device& dev_;
  uint32_t result_capacity_;
  std::vector<uint32_t> first_steps_;
  LeafDop leaf_dop_ = LeafDop::Off;  // of the query running (query() sets it by the rule)
  LeafDop leaf_rule_ = LeafDop::Off;  // setLeafDop's mode, or Vertices for the by-size rule
  double leaf_size_ratio_ = 0;        // > 0: the by-size rule
  bool leaf_plane_ = false, plane_only_swapped_ = false;  // setLeafPlane
  bool query_plane_ = false;          // CTRL.LEAF_PLANE of the query running
  double roles_ratio_ = 0;            // setRolesBySize (0: never swap)
  int host_repeat_ = 1;               // setHostTimeRepeat
  std::array<uint32_t, regs::BAR0_BYTES / 4> shadow_{};  // writeStored's last values
  std::array<bool, regs::BAR0_BYTES / 4> shadowed_{};     // ... and whether there is one
  std::map<uint32_t, std::shared_ptr<const isect::TriangleBoxTree>> tree_boxes_;  // by the object's base
  uint32_t result_base_ = 0;  // placed after the first upload's end, moved as objects come
  uint32_t next_free_ = 0x1000;
};

}  // namespace cc
