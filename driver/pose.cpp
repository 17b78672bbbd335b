#include "cc/pose.h"
#include "cc/input_limits.h"
#include "cc/tri_matrix.h"
#include "cc/unit_vector.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "cc/dop.h"

namespace cc {

namespace {

constexpr int kH = layout::kDopDirs;
constexpr int kK = layout::kDopK;

Eigen::Vector3d planeNormal(const Directions& dirs, int j) {
  const auto& a = dirs[j % kH];
  const double s = j < kH ? -1.0 : 1.0;
  return {s * a[0], s * a[1], s * a[2]};
}

bool finite(const Eigen::Vector3d& v) { return v.allFinite(); }

}  // namespace

Pose poseFromAxisAngle(const Eigen::Vector3d& axis, double degrees, const Eigen::Vector3d& translation) {
  if (!finite(axis) || !std::isfinite(degrees) || !finite(translation)) {
    throw std::invalid_argument("pose has a NaN or infinite value");
  }
  const Eigen::Vector3d unit = unitVector(axis);
  if (unit.isZero(0)) throw std::invalid_argument("rotation axis is the zero vector");
  Pose p;
  p.R = Eigen::AngleAxisd(degrees * std::acos(-1.0) / 180.0, unit).toRotationMatrix();
  p.t = translation;
  return p;
}

void validatePose(const Pose& pose) {
  if (!pose.R.allFinite() || !pose.t.allFinite()) throw std::invalid_argument("pose has a NaN or infinite value");
  if ((pose.R.transpose() * pose.R - Eigen::Matrix3d::Identity()).norm() > 1e-6 || pose.R.determinant() < 0) {
    throw std::invalid_argument("pose matrix is not a rotation");
  }
}

std::vector<PoseLine> readPoses(std::istream& in, const std::string& what) {
  std::vector<PoseLine> out;
  int n = 0;
  for (std::string text; readTextLine(in, text, what, n + 1);) {
    ++n;
    if (const auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
    std::istringstream ls(text);
    std::vector<double> v;
    for (std::string tok; ls >> tok;) {
      char* end = nullptr;
      const double x = std::strtod(tok.c_str(), &end);
      if (*end != '\0') throw std::invalid_argument(what + ":" + std::to_string(n) + ": '" + tok + "' is not a number");
      v.push_back(x);
    }
    if (v.empty()) continue;
    try {
      if (out.size() == kMaxPoses)
        throw std::invalid_argument(what + ":" + std::to_string(n) + ": more than " + std::to_string(kMaxPoses) +
                                    " poses, the most a run holds; split the motion");
      if (v.size() == 7) {
        out.push_back({v[3], poseFromAxisAngle({v[0], v[1], v[2]}, v[3], {v[4], v[5], v[6]})});
      } else if (v.size() == 12) {
        Pose p;
        for (int r = 0; r < 3; ++r) {
          for (int c = 0; c < 3; ++c) p.R(r, c) = v[4 * r + c];
          p.t[r] = v[4 * r + 3];
        }
        validatePose(p);
        out.push_back({Eigen::AngleAxisd(p.R).angle() * 180 / std::acos(-1.0), p});
      } else {
        throw std::invalid_argument("expected 7 numbers (AX AY AZ DEG TX TY TZ) or 12 (a 3x4 matrix [R | t]), got " +
                                    std::to_string(v.size()));
      }
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(what + ":" + std::to_string(n) + ": " + e.what());
    }
  }
  if (out.empty()) throw std::invalid_argument(what + ": no poses");
  return out;
}

std::vector<PrototypeVertex> prototypeVertices(const Directions& dirs) {
  // Every triple of planes that meets in a point inside all 24 half-spaces gives a vertex;
  // triples meeting in the same point are merged into one vertex with all their planes.
  std::vector<PrototypeVertex> verts;
  for (int i = 0; i < kK; ++i) {
    for (int j = i + 1; j < kK; ++j) {
      for (int k = j + 1; k < kK; ++k) {
        Eigen::Matrix3d A;
        A.row(0) = planeNormal(dirs, i);
        A.row(1) = planeNormal(dirs, j);
        A.row(2) = planeNormal(dirs, k);
        if (std::fabs(A.determinant()) < 1e-9) continue;
        const Eigen::Vector3d p = A.fullPivLu().solve(Eigen::Vector3d::Ones());
        bool inside = true;
        for (int q = 0; q < kK && inside; ++q) inside = planeNormal(dirs, q).dot(p) <= 1 + 1e-9;
        if (!inside) continue;
        PrototypeVertex* found = nullptr;
        for (auto& v : verts) {
          if ((v.p - p).norm() < 1e-7) { found = &v; break; }
        }
        if (!found) {
          verts.push_back({p, {}});
          found = &verts.back();
        }
        for (int q : {i, j, k}) {
          if (std::find(found->planes.begin(), found->planes.end(), q) == found->planes.end()) found->planes.push_back(q);
        }
      }
    }
  }
  return verts;
}

namespace {

// Decomposes u = sum C_j s_j with C_j >= 0 over three planes of the prototype vertex that
// maximizes u.v (u lies in that vertex's normal cone). Returns the three plane indices,
// the coefficients (clamped at 0) and the residual length |u - sum C_j s_j|.
struct Decomposition {
  std::array<int, 3> planes;
  std::array<double, 3> coef;
  double residual;
};

// A prototype vertex with what decompose needs of it that does not depend on the pose: the
// independent triples of its planes and the inverse of each triple's normal matrix. The
// driver decomposes 24 directions per query, so this is its per-query set-up's bulk.
struct VertexTriples {
  Eigen::Vector3d p;
  struct Triple {
    std::array<int, 3> planes;
    Eigen::Matrix3d inverse;  // of the matrix whose columns are the three planes' normals
  };
  std::vector<Triple> triples;  // in the order (a < b < c) of the vertex's plane list
};

std::vector<VertexTriples> vertexTriples(const Directions& dirs) {
  std::vector<VertexTriples> out;
  for (const PrototypeVertex& v : prototypeVertices(dirs)) {
    VertexTriples vt{v.p, {}};
    const auto& pl = v.planes;
    for (size_t a = 0; a < pl.size(); ++a) {
      for (size_t b = a + 1; b < pl.size(); ++b) {
        for (size_t c = b + 1; c < pl.size(); ++c) {
          Eigen::Matrix3d S;
          S.col(0) = planeNormal(dirs, pl[a]);
          S.col(1) = planeNormal(dirs, pl[b]);
          S.col(2) = planeNormal(dirs, pl[c]);
          if (std::fabs(S.determinant()) < 1e-9) continue;
          vt.triples.push_back({{pl[a], pl[b], pl[c]}, S.fullPivLu().inverse()});
        }
      }
    }
    out.push_back(std::move(vt));
  }
  return out;
}

Decomposition decompose(const Eigen::Vector3d& u, const Directions& dirs, const std::vector<VertexTriples>& verts) {
  const VertexTriples* best = &verts[0];
  double best_dot = u.dot(best->p);
  for (const auto& v : verts) {
    const double d = u.dot(v.p);
    if (d > best_dot) best = &v, best_dot = d;
  }
  Decomposition out{};
  double best_min = -std::numeric_limits<double>::infinity();
  for (const auto& t : best->triples) {
    const Eigen::Vector3d x = t.inverse * u;
    const double mn = x.minCoeff();
    if (mn > best_min) {
      best_min = mn;
      out.planes = t.planes;
      // Clamped at 0, and the solve's rounding noise (|x| ~ 1e-17 where the exact
      // coefficient is 0) to exactly 0, as an aligned pose's matrix should read.
      for (int q = 0; q < 3; ++q) out.coef[q] = x[q] > 1e-12 ? x[q] : 0.0;
    }
  }
  // The residual from the coefficients as kept, so the enclosure bound holds whatever
  // the solve's rounding.
  Eigen::Vector3d r = u;
  for (int q = 0; q < 3; ++q) r -= out.coef[q] * planeNormal(dirs, out.planes[q]);
  out.residual = r.norm();
  return out;
}

const std::vector<VertexTriples>& cachedPrototype(const Directions& dirs) {
  static std::mutex mu;
  static std::map<Directions, std::vector<VertexTriples>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(dirs);
  if (it == cache.end()) it = cache.emplace(dirs, vertexTriples(dirs)).first;
  return it->second;
}

float outward(double x, double sign) { return sign > 0 ? roundUp(x) : roundDown(x); }

}  // namespace

namespace {
// The FP32 error terms of the bounds below (docs/memory_image.md).
constexpr double kUnitRoundoff = 1.0 / (1 << 24);  // of binary32
constexpr double kGamma3 = 3 * kUnitRoundoff / (1 - 3 * kUnitRoundoff);  // at most three roundings per term
constexpr double kFlush = 16 * 0x1p-126;  // FTZ/DAZ absolute error, 5 ops + inputs
}  // namespace

// PLANE_MARGIN from the query's DOP transform (cc::planeMargin, pose.h).
float planeMarginOf(const DopTransform& x, const Pose& pose, const ObjectBounds& tumbled) {
  const double sum_abs = *std::max_element(x.sum_abs.begin(), x.sum_abs.end());
  const double dt = 2 * (sum_abs * tumbled.max_abs_dop + tumbled.max_radius + pose.t.norm());
  return roundUp(2 * (3 * kGamma3 * dt + kFlush) / (1 - kGamma3));
}

DopTransform computeDopTransform(const Pose& pose, const Directions& dirs) {
  validatePose(pose);
  const auto& verts = cachedPrototype(dirs);
  DopTransform x;
  for (int i = 0; i < kK; ++i) {
    const Eigen::Vector3d b = planeNormal(dirs, i);  // target direction b_i = s_i
    const double sigma_i = i < kH ? -1.0 : 1.0;
    const Decomposition dec = decompose(pose.R.transpose() * b, dirs, verts);
    // Upper bound of the support along b_i: sum_j C_ij * support(s_j) + b_i.t, with
    // support(s_j) = sigma_j d[j]; the chip computes d'[i] = sigma_i * that bound.
    for (int q = 0; q < 3; ++q) {
      const double sigma_j = dec.planes[q] < kH ? -1.0 : 1.0;
      x.planes[i][q] = dec.planes[q];
      x.coef[i][q] = sigma_i * sigma_j * dec.coef[q];
      x.sum_abs[i] += std::fabs(dec.coef[q]);
    }
    const auto& a = dirs[i % kH];
    x.c[i] = pose.t[0] * a[0] + pose.t[1] * a[1] + pose.t[2] * a[2];  // sigma_i * (b_i . t)
    x.residual[i] = dec.residual;
  }
  return x;
}

int triangleQueryErrExp(const Pose& pose, const ObjectBounds& tumbled, const ObjectBounds& aligned) {
  // 2^k >= 10.01 u W with W = max(R_A, R_B) + |t| (docs/exact_contacts.md); clamped to
  // the register's signed byte: below -128 the bound is still met, 127 makes every test
  // uncertain. So does a scene whose magnitudes leave FP32's range (flushed or overflowing
  // intermediate values would break the bound): the host then decides every pair.
  const double w = std::max(tumbled.max_radius, aligned.max_radius) + pose.t.norm();
  if (!(w > std::ldexp(1.0, -90)) || !(w < std::ldexp(1.0, 90))) return 127;
  return std::clamp(ceilLog2(10.01 * std::ldexp(1.0, -24) * w * (1 + 1e-9)), -128, 127);
}

PoseRegisters setupPose(const Pose& pose, const Directions& dirs, const ObjectBounds& tumbled, const ObjectBounds& aligned) {
  for (const ObjectBounds* b : {&tumbled, &aligned}) {
    if (!std::isfinite(b->max_abs_dop) || !std::isfinite(b->max_radius)) throw std::invalid_argument("object bounds are not finite");
  }
  const DopTransform x = computeDopTransform(pose, dirs);
  PoseRegisters regs;
  regs.corr = regs::standardCorrespondence();
  for (int i = 0; i < kK; ++i) {
    const double sigma_i = i < kH ? -1.0 : 1.0;
    // Error bound (docs/memory_image.md): FP32 evaluation (kGamma3) and rounding of C (kUnitRoundoff)
    // over the magnitudes involved, the decomposition residual over the object's radius,
    // the FTZ absolute error; doubled as a margin for the double-precision set-up itself.
    const double err = 2 * ((kGamma3 + kUnitRoundoff) * (x.sum_abs[i] * tumbled.max_abs_dop + std::fabs(x.c[i])) +
                            x.residual[i] * tumbled.max_radius + kFlush) +
                       1e-12 * (std::fabs(x.c[i]) + tumbled.max_radius);
    for (int q = 0; q < 3; ++q) regs.matrix[i][q] = static_cast<float>(x.coef[i][q]);
    regs.matrix[i][3] = outward(x.c[i] + sigma_i * err, sigma_i);
    regs.corr[regs::kCorrDop + i] = regs::corrPack(static_cast<uint32_t>(x.planes[i][0]), static_cast<uint32_t>(x.planes[i][1]),
                                                  static_cast<uint32_t>(x.planes[i][2]), static_cast<uint32_t>(i));
  }
  // Rigid transforms for the triangle test: A -> B rows [R | t], B -> A rows [R^-1 | -R^-1 t]
  // (the inverse, not R^T: a pose's R may be off a rotation by 1e-6, far more than the
  // triangle test's error bound allows).
  const Eigen::Matrix3d Rt = pose.R.inverse();
  const Eigen::Vector3d ti = -Rt * pose.t;
  for (int r = 0; r < 3; ++r) {
    for (int k = 0; k < 3; ++k) {
      regs.matrix[regs::kMatAtoB + r][k] = static_cast<float>(pose.R(r, k));
      regs.matrix[regs::kMatBtoA + r][k] = static_cast<float>(Rt(r, k));
    }
    regs.matrix[regs::kMatAtoB + r][3] = static_cast<float>(pose.t[r]);
    regs.matrix[regs::kMatBtoA + r][3] = static_cast<float>(ti[r]);
  }
  regs.tri_err_exp = static_cast<uint32_t>(triangleQueryErrExp(pose, tumbled, aligned)) & 0xFFu;
  regs.plane_margin = planeMarginOf(x, pose, tumbled);
  return regs;
}

LeafVertexLines leafVertexDopLines(const Pose& pose, const Directions& dirs, const ObjectBounds& tumbled) {
  validatePose(pose);
  if (!std::isfinite(tumbled.max_radius)) throw std::invalid_argument("object bounds are not finite");
  static_assert(regs::LEAFV_LINES == 2 * kH, "a c_lo and a c_hi line per direction");
  LeafVertexLines lines{};
  for (int i = 0; i < kH; ++i) {
    const Eigen::Vector3d a(dirs[i][0], dirs[i][1], dirs[i][2]);
    const Eigen::Vector3d w = pose.R.transpose() * a;
    const double c = a.dot(pose.t);
    const double err = 2 * ((kGamma3 + kUnitRoundoff) * (w.norm() * tumbled.max_radius + std::fabs(c)) + kFlush) +
                       1e-12 * (std::fabs(c) + tumbled.max_radius);
    for (int q = 0; q < 3; ++q) lines[i][q] = lines[kH + i][q] = static_cast<float>(w[q]);
    lines[i][3] = outward(c - err, -1);
    lines[kH + i][3] = outward(c + err, 1);
  }
  return lines;
}

}  // namespace cc

namespace cc {

LeafPlaneWords leafPlaneOf(const std::array<Eigen::Vector3d, 3>& v, const Directions& dirs) {
  const Eigen::Vector3d n = (v[1] - v[0]).cross(v[2] - v[0]);
  if (!(n.norm() > 0) || !n.allFinite()) throw std::invalid_argument("leafPlaneOf: a degenerate triangle has no plane");
  const Decomposition dec = decompose(n.normalized(), dirs, cachedPrototype(dirs));
  const int top = int(std::max_element(dec.coef.begin(), dec.coef.end()) - dec.coef.begin());
  const double cmax = dec.coef[top];
  if (!(cmax > 0)) throw std::logic_error("leafPlaneOf: a normal without a decomposition");
  std::array<int, 3> j{dec.planes[top], dec.planes[(top + 1) % 3], dec.planes[(top + 2) % 3]};
  const double a1 = dec.coef[(top + 1) % 3] / cmax, a2 = dec.coef[(top + 2) % 3] / cmax;
  const auto sigma = [](int slot) { return slot < kH ? -1.0 : 1.0; };
  LeafPlaneWords w;
  w.sel = layout::makePlaneSel(uint32_t(j[0]), uint32_t(j[1]), uint32_t(j[2]));
  w.c1 = static_cast<float>(sigma(j[1]) * a1);
  w.c2 = static_cast<float>(sigma(j[2]) * a2);
  // n' with the coefficients as the chip has them (|c| of the floats).
  const Eigen::Vector3d np = planeNormal(dirs, j[0]) + std::fabs(double(w.c1)) * planeNormal(dirs, j[1]) +
                             std::fabs(double(w.c2)) * planeNormal(dirs, j[2]);
  long double lo = std::numeric_limits<long double>::infinity(), hi = -lo, mag = 0;
  for (const auto& p : v) {
    long double x = 0;
    for (int c = 0; c < 3; ++c) {
      x += (long double)np[c] * (long double)p[c];
      mag += std::fabs((long double)np[c] * (long double)p[c]);
    }
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  const long double slack = 1e-12L * mag + std::numeric_limits<double>::denorm_min();
  w.lo = roundDown(double(lo - slack));
  w.hi = roundUp(double(hi + slack));
  return w;
}

float planeMargin(const Pose& pose, const Directions& dirs, const ObjectBounds& tumbled) {
  return planeMarginOf(computeDopTransform(pose, dirs), pose, tumbled);  // validates the pose
}

}  // namespace cc
