#include "cc/isect/box_tree.h"

#include <CGAL/AABB_traits.h>
#include <CGAL/AABB_tree.h>
#include <CGAL/AABB_triangle_primitive.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace cc::isect {

namespace {
using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using Triangles = std::vector<K::Triangle_3>;
using Primitive = CGAL::AABB_triangle_primitive<K, Triangles::const_iterator>;
using Tree = CGAL::AABB_tree<CGAL::AABB_traits<K, Primitive>>;
}  // namespace

struct TriangleBoxTree::Impl {
  Triangles triangles;
  std::vector<uint32_t> ids;
  Tree tree;
};

TriangleBoxTree::TriangleBoxTree(const std::vector<Corners>& triangles, std::vector<uint32_t> ids) : impl_(std::make_unique<Impl>()) {
  if (ids.size() != triangles.size()) throw std::invalid_argument("TriangleBoxTree: one id a triangle");
  impl_->ids = std::move(ids);
  impl_->triangles.reserve(triangles.size());
  for (const Corners& c : triangles) {
    const K::Point_3 p(c[0], c[1], c[2]), q(c[3], c[4], c[5]), r(c[6], c[7], c[8]);
    if (CGAL::collinear(p, q, r)) throw std::invalid_argument("TriangleBoxTree: a degenerate triangle");
    impl_->triangles.emplace_back(p, q, r);
  }
  impl_->tree.insert(impl_->triangles.cbegin(), impl_->triangles.cend());
  impl_->tree.build();
}

TriangleBoxTree::~TriangleBoxTree() = default;

std::vector<uint32_t> TriangleBoxTree::meeting(const std::array<double, 3>& lo, const std::array<double, 3>& hi) const {
  std::vector<uint32_t> out;
  if (impl_->triangles.empty()) return out;
  std::vector<Primitive::Id> hits;
  impl_->tree.all_intersected_primitives(K::Iso_cuboid_3(K::Point_3(lo[0], lo[1], lo[2]), K::Point_3(hi[0], hi[1], hi[2])),
                                         std::back_inserter(hits));
  out.reserve(hits.size());
  for (const auto& it : hits) out.push_back(impl_->ids[size_t(it - impl_->triangles.cbegin())]);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace cc::isect
