// bench_ccd: continuous collision queries per second on real meshes (libcgal-demo).
// Each query: A (normalized to unit size) starts just outside B in a random direction
// and moves towards it (seeded), translation only or translation then rotation.
//   bench_ccd [MESH_DIR] [QUERIES]
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include "cc/bench_cpu.h"
#include "cc/command_line.h"
#include "cc/ccd/query.h"
#include "cc/mesh.h"

using namespace cc::ccd;

namespace {

Vec3 randomUnit(std::mt19937& rng) {
  std::normal_distribution<double> n;
  return Vec3(n(rng), n(rng), n(rng)).normalized();
}

void bench(const CcdMesh& a, const CcdMesh& b, bool rotate, int queries, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  const double ra = a.bvh.nodes[0].box.sizes().norm() / 2, rb = b.bvh.nodes[0].box.sizes().norm() / 2;
  std::vector<std::pair<Pose, Motion>> work;
  for (int i = 0; i < queries; ++i) {
    const Vec3 dir = randomUnit(rng);
    Pose p{Eigen::AngleAxisd(6.283 * u(rng), randomUnit(rng)).toRotationMatrix(), Vec3::Zero()};
    p.t = b.bvh.nodes[0].box.center() + dir * (ra + rb + 0.05) - p.R * a.bvh.nodes[0].box.center();
    Motion m;
    m.translation = -dir * (ra + rb) * (0.6 + 0.8 * u(rng));
    if (rotate) {
      m.axis = randomUnit(rng);
      m.angle = (2 * u(rng) - 1) * 1.5;
    }
    work.emplace_back(p, m);
  }
  QueryOptions opt;
  opt.expel = 1e-6;
  int hits = 0;
  double toi_sum = 0;
  size_t pairs = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& [p, m] : work) {
    const QueryResult r = query(a, p, b, Pose{}, m, opt);
    hits += r.hit;
    toi_sum += r.toi;
    pairs += r.stats.vf + r.stats.fv + r.stats.ee;
  }
  const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-16s %-16s %-22s %6d queries %9.1f queries/s  hits %5.1f%%  mean toi %.3f  feature pairs/query %.0f\n",
              std::filesystem::path(a.name).filename().c_str(), std::filesystem::path(b.name).filename().c_str(),
              rotate ? "translate+rotate" : "translate", queries, queries / sec, 100.0 * hits / queries,
              toi_sum / queries, double(pairs) / queries);
}

}  // namespace

int main(int argc, char** argv) {
  const auto args = cc::positionalArgs(argc, argv, "usage: bench_ccd [MESH_DIR] [QUERIES > 0]", 2);
  cc::pinBenchCpuOrExit("bench_ccd");
  const std::string dir = args.size() > 0 ? args[0] : CC_MESH_DIR;
  const int queries = args.size() > 1 ? std::atoi(args[1].c_str()) : 200;
  if (queries <= 0) {
    std::fprintf(stderr, "bench_ccd: QUERIES must be a positive number\n");
    return 2;
  }
  const std::pair<const char*, const char*> pairs[] = {
      {"knot2.off", "femur.off"}, {"blade.off", "knot2.off"}, {"bunny00.off", "armadillo.off"}};
  std::printf("bench_ccd: %d seeded queries per row, expel 1e-6, meshes normalized to unit size\n", queries);
  for (const auto& [fa, fb] : pairs) {
    const std::string pa = dir + "/" + fa, pb = dir + "/" + fb;
    if (!std::filesystem::exists(pa) || !std::filesystem::exists(pb)) {
      std::fprintf(stderr, "bench_ccd: %s or %s missing (run make meshes)\n", pa.c_str(), pb.c_str());
      return 1;
    }
    try {
      cc::Mesh ma = cc::loadMesh(pa), mb = cc::loadMesh(pb);
      cc::normalizeMesh(ma);
      cc::normalizeMesh(mb);
      const auto t0 = std::chrono::steady_clock::now();
      const CcdMesh a = fromDriverMesh(ma), b = fromDriverMesh(mb);
      const double prep = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::printf("%s: %zu triangles, %zu edges (%zu internal); %s: %zu triangles; preprocessing %.2f s\n", fa,
                  a.tris.size(), a.edges.size(), a.internal_edges, fb, b.tris.size(), prep);
      bench(a, b, false, queries, 1);
      bench(a, b, true, queries, 2);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bench_ccd: %s\n", e.what());
      return 1;
    }
  }
  return 0;
}
