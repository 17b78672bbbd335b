#include "peers.h"

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/math/bv/OBBRSS.h>
#include <fcl/math/bv/kDOP.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/detail/traversal/collision/mesh_collision_traversal_node.h>
#include <fcl/narrowphase/detail/traversal/collision_node.h>

#include <stdexcept>


namespace cc::perf {

using Kdop24 = fcl::KDOP<double, 24>;

struct FclModel::Impl {
  FclBv bv;
  std::unique_ptr<fcl::BVHModel<Kdop24>> kdop;
  std::unique_ptr<fcl::BVHModel<fcl::OBBRSSd>> obbrss;
};

const char* fclBvName(FclBv bv) { return bv == FclBv::Kdop24 ? "fcl_kdop24" : "fcl_obbrss"; }

namespace {
template <typename Bv>
std::unique_ptr<fcl::BVHModel<Bv>> build(const Mesh& mesh) {
  std::vector<fcl::Vector3d> pts;
  pts.reserve(mesh.vertices.size());
  for (const auto& v : mesh.vertices) pts.emplace_back(v[0], v[1], v[2]);
  std::vector<fcl::Triangle> tris;
  tris.reserve(mesh.tris.size());
  for (const auto& t : mesh.tris) tris.emplace_back(t[0], t[1], t[2]);
  auto m = std::make_unique<fcl::BVHModel<Bv>>();
  if (m->beginModel() != fcl::BVH_OK || m->addSubModel(pts, tris) != fcl::BVH_OK || m->endModel() != fcl::BVH_OK) {
    throw std::runtime_error("FCL could not build a BVH for " + mesh.name);
  }
  return m;
}
}  // namespace

FclModel::FclModel(const Mesh& mesh, FclBv bv) : impl_(std::make_unique<Impl>()) {
  impl_->bv = bv;
  if (bv == FclBv::Kdop24) {
    impl_->kdop = build<Kdop24>(mesh);
  } else {
    impl_->obbrss = build<fcl::OBBRSSd>(mesh);
  }
}
FclModel::~FclModel() = default;
FclBv FclModel::bv() const { return impl_->bv; }

namespace {
const fcl::CollisionGeometryd* geometry(const FclModel& m) {
  return m.bv() == FclBv::Kdop24 ? static_cast<const fcl::CollisionGeometryd*>(m.impl().kdop.get()) : m.impl().obbrss.get();
}

// What fcl::collide runs for two OBBRSS meshes (orientedMeshCollide), with the traversal
// node's statistics switched on: it counts one BV test per node pair it tests and one leaf
// test per triangle pair it tests (an increment each, beside OBB and triangle tests).
void collideObbrssCounted(const FclModel& a, const FclModel& b, const fcl::Transform3d& ta, const fcl::Transform3d& tb,
                          const fcl::CollisionRequestd& req, fcl::CollisionResultd& res, FclAnswer& ans) {
  fcl::detail::MeshCollisionTraversalNodeOBBRSS<double> node;
  node.enable_statistics = true;
  if (!fcl::detail::initialize(node, *a.impl().obbrss, ta, *b.impl().obbrss, tb, req, res)) {
    throw std::runtime_error("FCL could not set up its OBBRSS traversal");
  }
  fcl::detail::collide(&node);
  ans.bv_tests = node.num_bv_tests;
  ans.leaf_tests = node.num_leaf_tests;
}
}  // namespace

FclAnswer fclCollide(const FclModel& a, const FclModel& b, const Pose& pose, size_t max_contacts) {
  if (a.bv() != b.bv()) throw std::invalid_argument("fclCollide: both models need the same bounding volume");
  fcl::Transform3d ta = fcl::Transform3d::Identity();
  ta.linear() = pose.R;
  ta.translation() = pose.t;
  const fcl::Transform3d tb = fcl::Transform3d::Identity();
  fcl::CollisionRequestd req(max_contacts, false);
  fcl::CollisionResultd res;
  FclAnswer ans;
  if (a.bv() == FclBv::Obbrss) {
    collideObbrssCounted(a, b, ta, tb, req, res, ans);
  } else {
    fcl::collide(geometry(a), ta, geometry(b), tb, req, res);
  }
  ans.hit = res.isCollision();
  for (size_t i = 0; i < res.numContacts(); ++i) {
    const auto& c = res.getContact(i);
    ans.pairs.emplace_back(uint32_t(c.b1), uint32_t(c.b2));
  }
  return ans;
}

}  // namespace cc::perf
