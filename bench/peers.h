// The software peers of the study: FCL (Debian libfcl-dev 0.7) on the same meshes and
// poses (cc::exactTrianglesIntersect decides pairs on which the chip and FCL disagree).
// FCL is behind a pimpl so only peers.cpp includes its headers.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "cc/driver.h"
#include "cc/mesh.h"
#include "cc/exact.h"
#include "cc/pose.h"

namespace cc::perf {

enum class FclBv { Kdop24, Obbrss };
const char* fclBvName(FclBv bv);  // "fcl_kdop24" | "fcl_obbrss"

// One mesh as an FCL BVHModel: every triangle in mesh order (so FCL's primitive ids are
// our triangle ids), degenerate ones included (FCL accepts them).
class FclModel {
 public:
  FclModel(const Mesh& mesh, FclBv bv);
  ~FclModel();
  FclModel(const FclModel&) = delete;
  FclModel& operator=(const FclModel&) = delete;
  FclBv bv() const;
  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

// fcl::collide with A at `pose` and B at the identity. max_contacts 1 is mode "first"
// (FCL stops at the first intersecting pair); a large value gives all pairs. OBBRSS runs
// FCL's own traversal node with its statistics on, so its tests are counted too.
struct FclAnswer {
  bool hit = false;
  std::vector<TriPair> pairs;  // (A's triangle id, B's)
  // OBBRSS only (0 for the k-DOP): FCL's bounding-volume tests (node pairs) and leaf tests
  // (triangle pairs), the counterparts of the chip's overlap_tests and triangle_tests.
  uint64_t bv_tests = 0, leaf_tests = 0;
};
FclAnswer fclCollide(const FclModel& a, const FclModel& b, const Pose& pose, size_t max_contacts);

}  // namespace cc::perf
