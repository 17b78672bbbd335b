#include "peers.h"

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/math/bv/OBBRSS.h>
#include <fcl/math/bv/kDOP.h>
#include <fcl/narrowphase/collision.h>

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

FclAnswer fclCollide(const FclModel& a, const FclModel& b, const Pose& pose, size_t max_contacts) {
  if (a.bv() != b.bv()) throw std::invalid_argument("fclCollide: both models need the same bounding volume");
  fcl::Transform3d ta = fcl::Transform3d::Identity();
  ta.linear() = pose.R;
  ta.translation() = pose.t;
  const fcl::Transform3d tb = fcl::Transform3d::Identity();
  fcl::CollisionRequestd req(max_contacts, false);
  fcl::CollisionResultd res;
  const fcl::CollisionGeometryd* ga = a.bv() == FclBv::Kdop24 ? static_cast<const fcl::CollisionGeometryd*>(a.impl().kdop.get())
                                                               : a.impl().obbrss.get();
  const fcl::CollisionGeometryd* gb = b.bv() == FclBv::Kdop24 ? static_cast<const fcl::CollisionGeometryd*>(b.impl().kdop.get())
                                                               : b.impl().obbrss.get();
  fcl::collide(ga, ta, gb, tb, req, res);
  FclAnswer ans;
  ans.hit = res.isCollision();
  for (size_t i = 0; i < res.numContacts(); ++i) {
    const auto& c = res.getContact(i);
    ans.pairs.emplace_back(uint32_t(c.b1), uint32_t(c.b2));
  }
  return ans;
}

}  // namespace cc::perf
