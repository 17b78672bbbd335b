#include "cc/sw_traversal.h"

#include <cmath>

#include "cc/tri_matrix.h"

namespace cc {

SwObject makeSwObject(const DopTree& tree, const Mesh& mesh) {
  SwObject o{&tree, &mesh, std::vector<TriMatrixD>(mesh.tris.size())};
  for (const auto& n : tree.nodes) {
    if (!n.leaf()) continue;
    const Tri& t = mesh.tris[n.tri];
    Vec3d v[3];
    for (int k = 0; k < 3; ++k) v[k] = {mesh.vertices[t[k]][0], mesh.vertices[t[k]][1], mesh.vertices[t[k]][2]};
    o.m[n.tri] = *unitTriangleMatrixD(v[0], v[1], v[2]);  // leaves are never degenerate
  }
  return o;
}

namespace {

template <typename T>
bool edgeHit(const T p[3], const T q[3]) {
  const T pz = p[2], qz = q[2];
  if ((pz >= 0 && qz >= 0) || (pz <= 0 && qz <= 0)) return false;
  const T a = p[0] * qz, b = q[0] * pz, c = p[1] * qz, d = q[1] * pz;
  const T acc = ((a - b) + c) - d;
  const T rz = qz - pz;
  if (qz > 0) return a >= b && c >= d && acc <= rz;
  return a <= b && c <= d && acc >= rz;
}

// Maps the three vertices of `own` (in its object frame) through the rigid transform
// (R, t) and then through the other triangle's unit matrix; checks its edges.
bool edgesHit(const Mesh& mesh, const Tri& tri, const Eigen::Matrix3d& R, const Eigen::Vector3d& t, const TriMatrixD& m) {
  double v[3][3];
  for (int k = 0; k < 3; ++k) {
    const auto& p = mesh.vertices[tri[k]];
    const Eigen::Vector3d w = R * Eigen::Vector3d(p[0], p[1], p[2]) + t;
    for (int r = 0; r < 3; ++r) v[k][r] = m[4 * r] * w[0] + m[4 * r + 1] * w[1] + m[4 * r + 2] * w[2] + m[4 * r + 3];
  }
  for (int e = 0; e < 3; ++e) {
    if (edgeHit(v[e], v[(e + 1) % 3])) return true;
  }
  return false;
}

struct Sw {
  const SwObject& a;
  const SwObject& b;
  const Pose& pose;
  QueryMode mode;
  DopTransform x;
  SwResult res;
  double radius = 0;  // largest |x| of A's vertices, for the residual term
  bool done = false;

  bool overlap(const Dop& da, const Dop& db) {
    ++res.dop_transforms;
    ++res.overlap_tests;
    constexpr int h = layout::kDopDirs;
    double t[layout::kDopK];
    for (int i = 0; i < layout::kDopK; ++i) {
      double s = x.c[i];
      double mag = std::fabs(x.c[i]);
      for (int q = 0; q < 3; ++q) {
        s += x.coef[i][q] * da[x.planes[i][q]];
        mag += std::fabs(x.coef[i][q] * da[x.planes[i][q]]);
      }
      // Outward by the decomposition residual and a double-rounding margin.
      const double w = 1e-12 * mag + x.residual[i] * radius;
      t[i] = i < h ? s - w : s + w;
    }
    for (int i = 0; i < h; ++i) {
      if (t[i] > db[h + i] || db[i] > t[h + i]) return false;
    }
    return true;
  }

  void visit(int32_t na, int32_t nb) {
    if (done) return;
    const TreeNode& A = a.tree->nodes[na];
    const TreeNode& B = b.tree->nodes[nb];
    if (!overlap(A.dop, B.dop)) return;
    if (A.leaf() && B.leaf()) {
      ++res.triangle_tests;
      if (swTriangleTest(a, A.tri, b, B.tri, pose)) {
        res.pairs.emplace_back(A.tri, B.tri);
        if (mode == QueryMode::First) done = true;
      }
      return;
    }
    if (A.leaf()) {
      visit(na, B.child[0]);
      visit(na, B.child[1]);
    } else if (B.leaf()) {
      visit(A.child[0], nb);
      visit(A.child[1], nb);
    } else {
      for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) visit(A.child[i], B.child[j]);
      }
    }
  }
};

}  // namespace

bool swTriangleTest(const SwObject& a, uint32_t ta, const SwObject& b, uint32_t tb, const Pose& pose) {
  const Eigen::Matrix3d Rt = pose.R.transpose();
  const Eigen::Vector3d ti = -Rt * pose.t;
  return edgesHit(*a.mesh, a.mesh->tris[ta], pose.R, pose.t, b.m[tb]) || edgesHit(*b.mesh, b.mesh->tris[tb], Rt, ti, a.m[ta]);
}

SwResult swCollide(const SwObject& a, const SwObject& b, const Pose& pose, QueryMode mode) {
  Sw sw{a, b, pose, mode, computeDopTransform(pose, a.tree->dirs), {}};
  for (const auto& v : a.mesh->vertices) {
    sw.radius = std::max(sw.radius, std::sqrt(double(v[0]) * v[0] + double(v[1]) * v[1] + double(v[2]) * v[2]));
  }
  sw.visit(0, 0);
  return std::move(sw.res);
}

}  // namespace cc
