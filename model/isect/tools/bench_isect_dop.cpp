// Phase 2 of bench_isect: triangle pairs as a DOP-tree query delivers them. The pairs are
// the leaf pairs whose DOPs overlap in the double-precision simultaneous traversal of the
// driver's trees (the candidate pairs the triangle test receives, the same traversal as
// cc::swCollide), with A's triangle moved into B's frame in double. Scenes:
//  * torus_spiky: a torus moved over a random height field (after Tropp et al.'s torus on
//    a spiky surface), 24 poses;
//  * bunny_armadillo: the demo's meshes (build/meshes, if extracted), 12 poses.
// Split into hits and misses by Guigue-Devillers in double (exact on generic cases:
// tests/isect).
#include "bench_isect_dop.h"

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "cc/dop.h"
#include "cc/mesh.h"
#include "cc/pose.h"
#include "cc/tree.h"
#include "cc/isect/tri_tri_guigue.h"

namespace cc::isect::bench {

namespace {

struct Collector {
  const DopTree& a;
  const DopTree& b;
  DopTransform x;
  std::vector<std::pair<int32_t, int32_t>> leaves;
  size_t cap;

  bool overlap(const Dop& da, const Dop& db) const {
    constexpr int h = layout::kDopDirs;
    double t[layout::kDopK];
    for (int i = 0; i < layout::kDopK; ++i) {
      double s = x.c[i], mag = std::fabs(x.c[i]);
      for (int q = 0; q < 3; ++q) {
        s += x.coef[i][q] * da[x.planes[i][q]];
        mag += std::fabs(x.coef[i][q] * da[x.planes[i][q]]);
      }
      const double w = 1e-12 * mag;
      t[i] = i < h ? s - w : s + w;
    }
    for (int i = 0; i < h; ++i) {
      if (t[i] > db[h + i] || db[i] > t[h + i]) return false;
    }
    return true;
  }
  void visit(int32_t na, int32_t nb) {
    if (leaves.size() >= cap) return;
    const TreeNode& A = a.nodes[na];
    const TreeNode& B = b.nodes[nb];
    if (!overlap(A.dop, B.dop)) return;
    if (A.leaf() && B.leaf()) {
      leaves.emplace_back(A.tri, B.tri);
    } else if (A.leaf()) {
      visit(na, B.child[0]), visit(na, B.child[1]);
    } else if (B.leaf()) {
      visit(A.child[0], nb), visit(A.child[1], nb);
    } else {
      for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) visit(A.child[i], B.child[j]);
      }
    }
  }
};

V3<double> moved(const Mesh& m, uint32_t v, const Pose& p) {
  const Eigen::Vector3d w = p.R * Eigen::Vector3d(m.vertices[v][0], m.vertices[v][1], m.vertices[v][2]) + p.t;
  return {w[0], w[1], w[2]};
}
V3<double> at(const Mesh& m, uint32_t v) { return {m.vertices[v][0], m.vertices[v][1], m.vertices[v][2]}; }

void collect(DopScene& s, const Mesh& a, const Mesh& b, const std::vector<Pose>& poses, size_t perPose) {
  const DopTree ta = buildTree(a, zachmannDirections(), SplitRule::MeanWidth);
  const DopTree tb = buildTree(b, zachmannDirections(), SplitRule::MeanWidth);
  for (const Pose& p : poses) {
    Collector c{ta, tb, computeDopTransform(p, ta.dirs), {}, perPose};
    c.visit(0, 0);
    for (const auto& [ia, ib] : c.leaves) {
      const auto& fa = a.tris[ia];
      const auto& fb = b.tris[ib];
      TriPairD pr{{moved(a, fa[0], p), moved(a, fa[1], p), moved(a, fa[2], p)}, {at(b, fb[0]), at(b, fb[1]), at(b, fb[2])}};
      (guigueTriTri(pr.a, pr.b) ? s.hits : s.misses).push_back(pr);
    }
  }
}

void bounds(const Mesh& m, Eigen::Vector3d& lo, Eigen::Vector3d& hi) {
  lo.setConstant(1e30), hi.setConstant(-1e30);
  for (const auto& v : m.vertices) {
    for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], double(v[k])), hi[k] = std::max(hi[k], double(v[k]));
  }
}

// Evenly strided subsample to at most n pairs: keeps the timed working set in cache, so the
// numbers compare the tests rather than memory traffic (all pairs are counted and printed).
void thin(std::vector<TriPairD>& v, size_t n) {
  if (v.size() <= n) return;
  std::vector<TriPairD> out;
  for (size_t i = 0; i < n; ++i) out.push_back(v[i * v.size() / n]);
  v.swap(out);
}

}  // namespace

std::vector<DopScene> dopScenes(const std::string& meshDir) {
  std::vector<DopScene> out;
  {  // torus over a spiky height field
    DopScene s{"torus_spiky", {}, {}, 0, 0};
    const Mesh field = makeHeightField(96, 96, 2.0f, 0.25f, 17);
    const Mesh torus = makeTorus(0.25f, 0.08f, 48, 24);
    Eigen::Vector3d lo, hi;
    bounds(field, lo, hi);
    const Eigen::Vector3d mid = 0.5 * (lo + hi);
    std::vector<Pose> poses;
    for (int i = 0; i < 24; ++i) {  // a path across the field, tumbling, skimming the top
      const double u = (i + 0.5) / 24;
      const Eigen::Vector3d pos(lo[0] + 0.25 * (hi[0] - lo[0]) + 0.5 * u * (hi[0] - lo[0]),
                                mid[1] + 0.3 * std::sin(6.28 * u) * (hi[1] - lo[1]) * 0.5, hi[2] - 0.05);
      poses.push_back(poseFromAxisAngle(Eigen::Vector3d(1, 0.3 * i, 0.2), 15.0 * i, pos));
    }
    collect(s, torus, field, poses, 20000);
    s.allHits = s.hits.size(), s.allMisses = s.misses.size();
    thin(s.hits, kDopSetCap), thin(s.misses, kDopSetCap);
    out.push_back(std::move(s));
  }
  const std::string pa = meshDir + "/bunny00.off", pb = meshDir + "/armadillo.off";
  if (std::ifstream(pa).good() && std::ifstream(pb).good()) {
    DopScene s{"bunny_armadillo", {}, {}, 0, 0};
    Mesh a = loadMesh(pa), b = loadMesh(pb);
    normalizeMesh(a);
    normalizeMesh(b);
    std::vector<Pose> poses;
    for (int i = 0; i < 12; ++i) poses.push_back(poseFromAxisAngle(Eigen::Vector3d(0, 1, 0.3), 30.0 * i, {0.35, 0, 0}));
    collect(s, a, b, poses, 20000);
    s.allHits = s.hits.size(), s.allMisses = s.misses.size();
    thin(s.hits, kDopSetCap), thin(s.misses, kDopSetCap);
    out.push_back(std::move(s));
  } else {
    std::printf("bench_isect: %s or %s missing (make meshes): bunny_armadillo scene skipped\n", pa.c_str(), pb.c_str());
  }
  return out;
}

}  // namespace cc::isect::bench
