#include "cc/tree.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "cc/tri_matrix.h"

namespace cc {

SplitRule splitRuleByName(const std::string& name) {
  if (name == "median") return SplitRule::Median;
  if (name == "meanwidth") return SplitRule::MeanWidth;
  throw std::invalid_argument("unknown split rule '" + name + "' (known: median, meanwidth)");
}

Dop triangleDop(const Mesh& mesh, uint32_t tri, const Directions& dirs) {
  Dop d = emptyDop();
  for (uint32_t v : mesh.tris[tri]) growDop(d, dirs, mesh.vertices[v]);
  return d;
}

namespace {

constexpr int kDirs = layout::kDopDirs;

double meanWidth(const Dop& d) {
  double w = 0;
  for (int i = 0; i < kDirs; ++i) w += static_cast<double>(d[kDirs + i]) - d[i];
  return w;
}

struct Builder {
  const Mesh& mesh;
  const Directions& dirs;
  SplitRule rule;
  std::vector<Dop> tri_dop;
  std::vector<std::array<double, kDirs>> centroid;  // centroid projected on each direction
  DopTree tree;

  // Builds the subtree over ids[lo, hi) into node `at`; returns the subtree depth.
  int build(std::vector<uint32_t>& ids, size_t lo, size_t hi, int32_t at) {
    Dop d = tri_dop[ids[lo]];
    for (size_t i = lo + 1; i < hi; ++i) d = unionDop(d, tri_dop[ids[i]]);
    tree.nodes[at].dop = d;
    if (hi - lo == 1) {
      tree.nodes[at].tri = static_cast<int32_t>(ids[lo]);
      return 0;
    }
    const size_t mid = split(ids, lo, hi);
    const int32_t l = static_cast<int32_t>(tree.nodes.size());
    tree.nodes.emplace_back();
    tree.nodes.emplace_back();
    tree.nodes[at].child[0] = l;
    tree.nodes[at].child[1] = l + 1;
    const int dl = build(ids, lo, mid, l);
    const int dr = build(ids, mid, hi, l + 1);
    return 1 + std::max(dl, dr);
  }

  int widestDirection(const std::vector<uint32_t>& ids, size_t lo, size_t hi) const {
    int best = 0;
    double best_spread = -1;
    for (int k = 0; k < kDirs; ++k) {
      double mn = centroid[ids[lo]][k], mx = mn;
      for (size_t i = lo; i < hi; ++i) { mn = std::min(mn, centroid[ids[i]][k]); mx = std::max(mx, centroid[ids[i]][k]); }
      if (mx - mn > best_spread) { best_spread = mx - mn; best = k; }
    }
    return best;
  }

  void sortAlong(std::vector<uint32_t>& ids, size_t lo, size_t hi, int k, size_t nth) const {
    std::nth_element(ids.begin() + lo, ids.begin() + nth, ids.begin() + hi, [&](uint32_t a, uint32_t b) {
      return centroid[a][k] < centroid[b][k] || (centroid[a][k] == centroid[b][k] && a < b);
    });
  }

  size_t split(std::vector<uint32_t>& ids, size_t lo, size_t hi) {
    const size_t n = hi - lo;
    if (rule == SplitRule::Median || n < 8) {
      const size_t mid = lo + n / 2;
      sortAlong(ids, lo, hi, widestDirection(ids, lo, hi), mid);
      return mid;
    }
    // Mean-width heuristic over 16 bins per direction.
    constexpr int kBins = 16;
    double best_cost = std::numeric_limits<double>::infinity();
    int best_k = -1;
    double best_cut = 0;
    for (int k = 0; k < kDirs; ++k) {
      double mn = centroid[ids[lo]][k], mx = mn;
      for (size_t i = lo; i < hi; ++i) { mn = std::min(mn, centroid[ids[i]][k]); mx = std::max(mx, centroid[ids[i]][k]); }
      if (!(mx > mn)) continue;
      std::array<Dop, kBins> bin_dop;
      std::array<size_t, kBins> bin_n{};
      bin_dop.fill(emptyDop());
      const double scale = kBins / (mx - mn);
      for (size_t i = lo; i < hi; ++i) {
        const int b = std::min(kBins - 1, static_cast<int>((centroid[ids[i]][k] - mn) * scale));
        bin_dop[b] = unionDop(bin_dop[b], tri_dop[ids[i]]);
        ++bin_n[b];
      }
      std::array<double, kBins> right_cost{};
      Dop acc = emptyDop();
      size_t acc_n = 0;
      for (int b = kBins - 1; b > 0; --b) {
        acc = unionDop(acc, bin_dop[b]);
        acc_n += bin_n[b];
        right_cost[b] = acc_n ? acc_n * meanWidth(acc) : 0;
      }
      acc = emptyDop();
      acc_n = 0;
      for (int b = 0; b + 1 < kBins; ++b) {
        acc = unionDop(acc, bin_dop[b]);
        acc_n += bin_n[b];
        const size_t right_n = n - acc_n;
        if (acc_n * 4 < n || right_n * 4 < n) continue;  // keep the tree balanced enough
        const double cost = acc_n * meanWidth(acc) + right_cost[b + 1];
        if (cost < best_cost) { best_cost = cost; best_k = k; best_cut = mn + (b + 1) / scale; }
      }
    }
    if (best_k < 0) return split_median(ids, lo, hi);
    const auto it = std::partition(ids.begin() + lo, ids.begin() + hi,
                                   [&](uint32_t t) { return centroid[t][best_k] < best_cut; });
    const size_t mid = static_cast<size_t>(it - ids.begin());
    if (mid == lo || mid == hi) return split_median(ids, lo, hi);
    return mid;
  }

  size_t split_median(std::vector<uint32_t>& ids, size_t lo, size_t hi) {
    const size_t mid = lo + (hi - lo) / 2;
    sortAlong(ids, lo, hi, widestDirection(ids, lo, hi), mid);
    return mid;
  }
};

}  // namespace

DopTree buildTree(const Mesh& mesh, const Directions& dirs, SplitRule rule) {
  checkFloatShape(mesh);  // float keeps the mesh's shape (docs/driver.md, "Input rules")
  validateMesh(mesh);
  Builder b{mesh, dirs, rule, {}, {}, {}};
  b.tree.dirs = dirs;
  std::vector<uint32_t> ids;
  b.tri_dop.resize(mesh.tris.size());
  b.centroid.resize(mesh.tris.size());
  for (uint32_t t = 0; t < mesh.tris.size(); ++t) {
    const auto& tr = mesh.tris[t];
    Vec3d v[3];
    for (int k = 0; k < 3; ++k) v[k] = {mesh.vertices[tr[k]][0], mesh.vertices[tr[k]][1], mesh.vertices[tr[k]][2]};
    if (!unitTriangleMatrix(v[0], v[1], v[2])) { b.tree.dropped.push_back(t); continue; }
    ids.push_back(t);
    b.tri_dop[t] = triangleDop(mesh, t, dirs);
    for (int k = 0; k < kDirs; ++k) {
      b.centroid[t][k] = (dirs[k][0] * (v[0][0] + v[1][0] + v[2][0]) + dirs[k][1] * (v[0][1] + v[1][1] + v[2][1]) +
                          dirs[k][2] * (v[0][2] + v[1][2] + v[2][2])) / 3.0;
    }
  }
  if (ids.empty()) throw MeshError(mesh.name + ": every triangle is degenerate; nothing to build a tree from");
  b.tree.nodes.reserve(2 * ids.size());
  b.tree.nodes.emplace_back();
  b.tree.depth = b.build(ids, 0, ids.size(), 0);
  return std::move(b.tree);
}

}  // namespace cc
