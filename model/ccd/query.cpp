// Mesh query: broad phase (swept AABBs of A's tree against B's tree), feature pairs without
// duplicates, the narrow-phase primitives, contact assembly. All work happens in B's frame.
#include "cc/ccd/query.h"

#include "cc/unit_vector.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <queue>
#include <tuple>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

namespace cc::ccd {

const char* kindName(ContactKind k) {
  switch (k) {
    case ContactKind::VertexFace: return "vertex-face";
    case ContactKind::FaceVertex: return "face-vertex";
    case ContactKind::EdgeEdge: return "edge-edge";
  }
  return "?";
}

namespace {

constexpr double kPi = 3.14159265358979323846;
// Rotation substep: r = tan(phi/2) stays small (well conditioned) and the swept boxes of
// the broad phase stay tight. Any substep up to pi/2 is correct for the narrow phase.
constexpr double kMaxSubstep = kPi / 18;

// The rotation axis as a unit vector (cc::unitVector: any finite length).
Vec3 unitAxis(const Vec3& axis) {
  const Vec3 u = unitVector(axis);
  if (u.isZero(0)) throw std::invalid_argument("ccd query: rotation axis is zero");
  return u;
}

// --- A's features placed by a pose (computed on demand, always the same way, so two
// polygons sharing an edge see bit-identical lines) ---
struct Placed {
  const CcdMesh& m;
  Pose p;
  Vec3 vert(int i) const { return p(m.verts[i]); }
  Plane plane(int t) const {
    const Vec3 n = p.R * m.planes[t].n;
    return {n, m.planes[t].d - n.dot(p.t)};
  }
  Line line(int e) const {
    const Vec3 d = p.R * m.lines[e].d;
    return {d, p.R * m.lines[e].m + p.t.cross(d)};
  }
  Vec3 expel(int e) const { return p.R * m.expel_dir[e]; }
};

Line shifted(const Line& l, const Vec3& w) { return {l.d, l.m + w.cross(l.d)}; }

// Swept box of one of A's nodes for the current phase.
struct Sweep {
  Pose p;
  bool rotation = false;
  Vec3 v = Vec3::Zero();  // translation
  Rotation rot;           // rotation substep
  double step = 0;        // rotation angle of the substep
  double pad = 0;         // expel zone reach plus rounding slack

  // Exact AABB of box b swept by the rotation over [0, step]: along each axis the extreme
  // of the swept solid is the extreme of one of its corners' arcs (the support of a box is
  // attained at a corner), and an arc's coordinate is v0 + A cos(phi - psi).
  Box rotationSweep(const Box& b) const {
    Box out;
    for (int i = 0; i < 8; ++i) {
      const Vec3 q = b.corner(static_cast<Box::CornerType>(i)) - rot.c;
      Vec3 lo, hi;
      for (int k = 0; k < 3; ++k) {
        const Sinusoid g = dotRotated(Vec3::Unit(k), q, rot.u);
        const double amp = std::hypot(g.v1, g.v2), psi = std::atan2(g.v1, g.v2);
        const double end = g.v0 + g.v2 * std::cos(step) + g.v1 * std::sin(step), start = g.v0 + g.v2;
        lo[k] = std::min(start, end);
        hi[k] = std::max(start, end);
        auto within = [&](double a) {  // angle a (mod 2 pi) inside [0, step]?
          a = std::fmod(a, 2 * kPi);
          if (a < 0) a += 2 * kPi;
          return a <= step;
        };
        if (within(psi)) hi[k] = g.v0 + amp;
        if (within(psi + kPi)) lo[k] = g.v0 - amp;
      }
      out.extend(lo + rot.c);
      out.extend(hi + rot.c);
    }
    return out;
  }

  Box box(const Box& local) const {
    const Vec3 c = p(local.center());
    const Vec3 h = p.R.cwiseAbs() * (local.sizes() / 2);
    Box b(c - h, c + h);
    if (!rotation) {
      b.extend(Box(b.min() + v, b.max() + v));
    } else {
      b = rotationSweep(b);
    }
    return Box(b.min() - Vec3::Constant(pad), b.max() + Vec3::Constant(pad));
  }
};

struct Candidates {
  std::vector<uint64_t> vf, fv, ee;
};

// The feature pairs of all triangle pairs of two leaves (§2.6: per triangle pair 6
// vertex-polygon and 9 edge-edge tests; internal edges and their lone vertices skipped).
void emitLeafPair(const CcdMesh& a, const CcdMesh& b, const BvhNode& na, const BvhNode& nb, Candidates& out,
                  QueryStats& st) {
  const uint64_t nbt = b.tris.size(), nat = a.tris.size(), nbe = b.edges.size();
  for (int i = 0; i < na.count; ++i) {
    const int ta = a.bvh.items[na.first + i];
    for (int j = 0; j < nb.count; ++j) {
      const int tb = b.bvh.items[nb.first + j];
      ++st.tri_pairs;
      for (int k = 0; k < 3; ++k) {
        const int va = a.tris[ta][k], vb = b.tris[tb][k];
        if (a.vert_active[va]) out.vf.push_back(uint64_t(va) * nbt + tb);
        if (b.vert_active[vb]) out.fv.push_back(uint64_t(vb) * nat + ta);
        const int ea = a.tri_edge[ta][k];
        if (a.edges[ea].internal) continue;
        for (int l = 0; l < 3; ++l) {
          const int eb = b.tri_edge[tb][l];
          if (!b.edges[eb].internal) out.ee.push_back(uint64_t(ea) * nbe + eb);
        }
      }
    }
  }
}

// Tree against tree; emits the feature pairs of every triangle pair whose boxes overlap.
void broadPhase(const CcdMesh& a, const CcdMesh& b, const Sweep& sw, Candidates& out, QueryStats& st) {
  if (a.bvh.nodes.empty() || b.bvh.nodes.empty()) return;
  std::vector<std::optional<Box>> memo(a.bvh.nodes.size());
  auto boxA = [&](int i) -> const Box& {
    if (!memo[i]) memo[i] = sw.box(a.bvh.nodes[i].box);
    return *memo[i];
  };
  std::vector<std::pair<int, int>> stack{{0, 0}};
  while (!stack.empty()) {
    auto [ia, ib] = stack.back();
    stack.pop_back();
    const BvhNode& na = a.bvh.nodes[ia];
    const BvhNode& nb = b.bvh.nodes[ib];
    ++st.node_tests;
    if (!boxA(ia).intersects(nb.box)) continue;
    if (na.leaf() && nb.leaf()) {
      emitLeafPair(a, b, na, nb, out, st);
      continue;
    }
    const bool split_a = !na.leaf() && (nb.leaf() || na.box.sizes().sum() >= nb.box.sizes().sum());
    if (split_a) {
      stack.push_back({na.left, ib});
      stack.push_back({na.right, ib});
    } else {
      stack.push_back({ia, nb.left});
      stack.push_back({ia, nb.right});
    }
  }
  for (auto* v : {&out.vf, &out.fv, &out.ee}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
}

// First fraction f in [0, 1] at which box a moved by f v overlaps box b (slab test on the
// Minkowski difference), if any.
std::optional<double> entryTime(const Box& a, const Box& b, const Vec3& v) {
  double tin = 0, tout = 1;
  for (int k = 0; k < 3; ++k) {
    const double lo = b.min()[k] - a.max()[k], hi = b.max()[k] - a.min()[k];  // needed shift
    if (v[k] == 0) {
      if (lo > 0 || hi < 0) return std::nullopt;
      continue;
    }
    double t1 = lo / v[k], t2 = hi / v[k];
    if (t1 > t2) std::swap(t1, t2);
    tin = std::max(tin, t1);
    tout = std::min(tout, t2);
    if (tin > tout) return std::nullopt;
  }
  return tin;
}

// Drops the pairs already evaluated in an earlier segment of the same phase.
struct Seen {
  std::unordered_set<uint64_t> vf, fv, ee;
  void filter(Candidates& c, QueryStats& st) {
    auto keep_new = [](std::vector<uint64_t>& v, std::unordered_set<uint64_t>& s) {
      v.erase(std::remove_if(v.begin(), v.end(), [&](uint64_t k) { return !s.insert(k).second; }), v.end());
    };
    keep_new(c.vf, vf);
    keep_new(c.fv, fv);
    keep_new(c.ee, ee);
    st.vf += c.vf.size();
    st.fv += c.fv.size();
    st.ee += c.ee.size();
  }
};

// A candidate contact of one phase: `s` orders contacts (fraction or r = tan(phi/2)).
struct Hit {
  ContactKind kind;
  int a, b;
  double s;
  Vec3 point, normal;  // B frame, A at the contact
};

Vec3 edgeNormal(const Line& la, const Line& lb, const Vec3& w_dir) {
  Vec3 n = la.d.cross(lb.d);
  const double len = n.norm();
  if (len == 0) return Vec3::Zero();
  n /= len;
  return n.dot(w_dir) < 0 ? -n : n;
}

// Polygon boundary check (§2.2) of `ray` against triangle t of mesh m placed by `pl`.
template <class SideFn>
bool insideTriangle(const CcdMesh& m, int t, SideFn side_of_edge) {
  double s[3];
  for (int i = 0; i < 3; ++i) s[i] = m.tri_edge_sign[t][i] * side_of_edge(m.tri_edge[t][i]);
  return passesInside(s);
}

// --- translation phase ---
// Sidedness cache (§4): side(motion line of a vertex, an edge of the other mesh) is one
// number per (vertex, edge), shared by both polygons of the edge and by the edge-edge
// bounds checks, over all segments of the translation.
struct SideCache {
  std::unordered_map<uint64_t, double> ab, ba;
};

void translationHits(const CcdMesh& a, const Pose& pa, const CcdMesh& b, const Vec3& v, double e,
                     const Candidates& c, SideCache& cache, QueryStats& st, std::vector<Hit>& hits) {
  const Placed A{a, pa};
  auto& cache_ab = cache.ab;
  auto& cache_ba = cache.ba;
  auto sideAB = [&](int va, int eb) {  // A's vertex moving by v against B's edge
    const uint64_t key = uint64_t(va) * b.edges.size() + eb;
    auto it = cache_ab.find(key);
    if (it != cache_ab.end()) return ++st.sides_cached, it->second;
    ++st.sides_computed;
    const double s = side(Line::ray(A.vert(va), v), b.lines[eb]);
    cache_ab.emplace(key, s);
    return s;
  };
  auto sideBA = [&](int vb, int ea) {  // B's vertex moving by -v against A's edge
    const uint64_t key = uint64_t(vb) * a.edges.size() + ea;
    auto it = cache_ba.find(key);
    if (it != cache_ba.end()) return ++st.sides_cached, it->second;
    ++st.sides_computed;
    const double s = side(Line::ray(b.verts[vb], -v), A.line(ea));
    cache_ba.emplace(key, s);
    return s;
  };

  for (uint64_t key : c.vf) {
    const int va = int(key / b.tris.size()), tb = int(key % b.tris.size());
    const Vec3 p = A.vert(va);
    const Plane& pl = b.planes[tb];
    const auto f = translateVertexPlane(pl.dist(p), pl.n.dot(v), e);
    if (!f || !insideTriangle(b, tb, [&](int eb) { return sideAB(va, eb); })) continue;
    hits.push_back({ContactKind::VertexFace, va, tb, *f, p + *f * v, pl.n});
  }
  for (uint64_t key : c.fv) {
    const int vb = int(key / a.tris.size()), ta = int(key % a.tris.size());
    const Vec3& q = b.verts[vb];
    const Plane pl = A.plane(ta);
    const auto f = translateVertexPlane(pl.dist(q), -pl.n.dot(v), e);
    if (!f || !insideTriangle(a, ta, [&](int ea) { return sideBA(vb, ea); })) continue;
    const Vec3 on_a = q - pl.n * (pl.dist(q) - pl.n.dot(*f * v));  // foot on A's moved plane
    hits.push_back({ContactKind::FaceVertex, ta, vb, *f, on_a, -pl.n});
  }
  for (uint64_t key : c.ee) {
    const int ea = int(key / b.edges.size()), eb = int(key % b.edges.size());
    const Line la = A.line(ea);
    const Line& lb = b.lines[eb];
    const Line lx = shifted(lb, e * b.expel_dir[eb]);
    const auto f = translateEdgeEdge(la, lb, lx, v);
    if (!f) continue;
    const Edge& EA = a.edges[ea];
    const Edge& EB = b.edges[eb];
    if (!straddles(sideAB(EA.v[0], eb), sideAB(EA.v[1], eb))) continue;
    if (!straddles(sideBA(EB.v[0], ea), sideBA(EB.v[1], ea))) continue;
    const Line moved = shifted(la, *f * v);
    hits.push_back({ContactKind::EdgeEdge, ea, eb, *f, linesPoint(moved, lx), edgeNormal(la, lb, b.expel_dir[eb])});
  }
}

// Direction used for a rotational boundary check: the motion direction at the contact,
// or straight into the polygon when the motion there is (nearly) tangential (zone stops).
Vec3 checkDirection(const Vec3& vel, const Vec3& n) {
  if (vel.dot(n) > -1e-3 * vel.norm()) return -n;
  return vel;
}

Vec3 turnVector(const Vec3& w, const Rotation& rot, double r) {
  const double c = cosOfR(r), s = sinOfR(r);
  return w * c + rot.u.cross(w) * s + rot.u * (rot.u.dot(w) * (1 - c));
}

// --- one rotation substep (A placed by pk, rotating by rot) ---
std::vector<Hit> rotationHits(const CcdMesh& a, const Pose& pk, const CcdMesh& b, const Rotation& rot, double e,
                              const Candidates& c) {
  const Placed A{a, pk};
  const Rotation rev{rot.c, -rot.u, rot.r_max};  // B's features seen from A
  std::vector<Hit> hits;
  for (uint64_t key : c.vf) {
    const int va = int(key / b.tris.size()), tb = int(key % b.tris.size());
    const Plane& pl = b.planes[tb];
    const Vec3 p = A.vert(va);
    const auto r = rotateVertexPlane(p, pl, rot, e);
    if (!r) continue;
    const Vec3 pr = rotatePoint(p, rot, *r);
    const Line ray = Line::ray(pr, checkDirection(rotationVelocity(pr, rot), pl.n));
    if (!insideTriangle(b, tb, [&](int eb) { return side(ray, b.lines[eb]); })) continue;
    hits.push_back({ContactKind::VertexFace, va, tb, *r, pr, pl.n});
  }
  for (uint64_t key : c.fv) {
    const int vb = int(key / a.tris.size()), ta = int(key % a.tris.size());
    const Plane pl = A.plane(ta);
    const Vec3& q = b.verts[vb];
    const auto r = rotateVertexPlane(q, pl, rev, e);
    if (!r) continue;
    const Vec3 qr = rotatePoint(q, rev, *r);  // B's vertex in A's (unrotated) placement
    const Line ray = Line::ray(qr, checkDirection(rotationVelocity(qr, rev), pl.n));
    if (!insideTriangle(a, ta, [&](int ea) { return side(ray, A.line(ea)); })) continue;
    const Vec3 foot = qr - pl.n * pl.dist(qr);
    hits.push_back({ContactKind::FaceVertex, ta, vb, *r, rotatePoint(foot, rot, *r), -turnVector(pl.n, rot, *r)});
  }
  for (uint64_t key : c.ee) {
    const int ea = int(key / b.edges.size()), eb = int(key % b.edges.size());
    const Line la = A.line(ea);
    const Line& lb = b.lines[eb];
    const Vec3 w = e * b.expel_dir[eb];
    const Line lx = shifted(lb, w);
    const auto r = rotateEdgeEdge(la, lb, lx, rot);
    if (!r) continue;
    const Line lr = rotateLine(la, rot, *r);
    const Vec3 x = linesPoint(lr, lx);
    const Vec3 vel = rotationVelocity(x, rot);
    const Edge& EA = a.edges[ea];
    const Edge& EB = b.edges[eb];
    const Vec3 a0 = rotatePoint(A.vert(EA.v[0]), rot, *r), a1 = rotatePoint(A.vert(EA.v[1]), rot, *r);
    const Vec3 b0 = b.verts[EB.v[0]] + w, b1 = b.verts[EB.v[1]] + w;
    bool within;
    if (vel.squaredNorm() > 1e-24 * (1 + x.squaredNorm())) {
      // §2.5: the edges' ends with the motion direction at the contact point.
      within = straddles(side(Line::ray(a0, vel), lx), side(Line::ray(a1, vel), lx)) &&
               straddles(side(Line::ray(b0, -vel), lr), side(Line::ray(b1, -vel), lr));
    } else {  // contact on the axis: no motion there, check the segment parameters
      const double ta = (x - a0).dot(a1 - a0) / (a1 - a0).squaredNorm();
      const double tb = (x - b0).dot(b1 - b0) / (b1 - b0).squaredNorm();
      within = ta >= 0 && ta <= 1 && tb >= 0 && tb <= 1;
    }
    if (!within) continue;
    hits.push_back({ContactKind::EdgeEdge, ea, eb, *r, x, edgeNormal(lr, lb, b.expel_dir[eb])});
  }
  return hits;
}

void requireFinite(const Vec3& v, const char* what) {
  if (!v.allFinite()) throw std::invalid_argument(std::string("ccd query: ") + what + " is not finite");
}

Pose rotateAbout(const Pose& p, const Vec3& c, const Vec3& u, double angle) {
  const Eigen::Matrix3d rot = Eigen::AngleAxisd(angle, u).toRotationMatrix();
  return {rot * p.R, c + rot * (p.t - c)};
}

// Phase split of the motion parameter: translation [0, w], rotation [w, 1].
double translationShare(const Motion& m) {
  const bool tr = m.translation.squaredNorm() > 0, ro = m.angle != 0;
  return tr && ro ? 0.5 : (tr ? 1.0 : 0.0);
}

Vec3 axisCenter(const CcdMesh& a, const Pose& pa, const Motion& m) {
  if (m.has_center) return m.center;
  return a.bvh.nodes.empty() ? pa.t : pa(a.bvh.nodes[0].box.center());
}

// Results come out in B's frame; the caller wants world coordinates.
Contact toWorld(const Hit& h, double toi, const Pose& pb) {
  return {h.kind, h.a, h.b, toi, pb(h.point), pb.R * h.normal};
}

}  // namespace

Pose poseAlong(const CcdMesh& a, const Pose& pa, const Motion& m, double toi) {
  const double w = translationShare(m);
  if (toi <= w && w > 0) return {pa.R, pa.t + (toi / w) * m.translation};
  const Pose pt{pa.R, pa.t + m.translation};
  if (m.angle == 0) return pt;
  const double phi = (toi - w) / (1 - w) * m.angle;
  return rotateAbout(pt, axisCenter(a, pa, m) + m.translation, unitAxis(m.axis), phi);
}

QueryResult query(const CcdMesh& a, const Pose& pose_a, const CcdMesh& b, const Pose& pose_b, const Motion& m,
                  const QueryOptions& opt) {
  requireFinite(m.translation, "translation");
  requireFinite(m.axis, "rotation axis");
  requireFinite(m.center, "rotation center");
  if (!std::isfinite(m.angle)) throw std::invalid_argument("ccd query: rotation angle is not finite");
  if (m.angle != 0) unitAxis(m.axis);  // throws on a zero axis
  if (!(opt.expel >= 0) || !std::isfinite(opt.expel))
    throw std::invalid_argument("ccd query: expel thickness must be finite and >= 0");
  if (!(opt.contact_tolerance >= 0)) throw std::invalid_argument("ccd query: contact tolerance must be >= 0");
  if (!pose_a.R.allFinite() || !pose_a.t.allFinite() || !pose_b.R.allFinite() || !pose_b.t.allFinite())
    throw std::invalid_argument("ccd query: pose is not finite");

  QueryResult res;
  const double e = opt.expel;
  const double w = translationShare(m);
  // Work in B's frame: A's pose and the motion relative to B.
  const Eigen::Matrix3d rbT = pose_b.R.transpose();
  const Pose pa{rbT * pose_a.R, rbT * (pose_a.t - pose_b.t)};
  const Vec3 v = rbT * m.translation;
  const double scale = 1 + (a.bvh.nodes.empty() ? 0 : a.bvh.nodes[0].box.sizes().norm()) + pa.t.norm();
  const double pad = e * (kExpelMaxScale + 1) + 1e-9 * scale;


  // --- translation phase: best-first over node pairs ordered by the exact time at which
  // A's (placed) node box, translating, first overlaps B's node box. Once that entry time
  // exceeds the best contact found (plus tolerance), no later pair can contain an earlier
  // contact (a contact at f needs the padded boxes to overlap at f). The narrow phase solves
  // for the whole translation, so fractions are exact and comparable. ---
  if (w > 0) {
    const double tol = opt.contact_tolerance / std::max(v.norm(), 1e-300);
    Sweep sw;  // only its pose and pad are used here
    sw.p = pa;
    sw.pad = pad;
    SideCache cache;
    Seen seen;
    std::vector<Hit> hits;
    double best = 2;
    using Item = std::tuple<double, int, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    std::vector<std::optional<Box>> memo(a.bvh.nodes.size());
    auto boxA = [&](int i) -> const Box& {
      if (!memo[i]) memo[i] = sw.box(a.bvh.nodes[i].box);  // placed, padded, not swept
      return *memo[i];
    };
    auto push = [&](int ia, int ib) {
      ++res.stats.node_tests;
      if (auto t = entryTime(boxA(ia), b.bvh.nodes[ib].box, v)) queue.emplace(*t, ia, ib);
    };
    if (!a.bvh.nodes.empty() && !b.bvh.nodes.empty()) push(0, 0);
    while (!queue.empty()) {
      const auto [t, ia, ib] = queue.top();
      queue.pop();
      if (t > best + tol) break;
      const BvhNode& na = a.bvh.nodes[ia];
      const BvhNode& nb = b.bvh.nodes[ib];
      if (na.leaf() && nb.leaf()) {
        Candidates c;
        emitLeafPair(a, b, na, nb, c, res.stats);
        seen.filter(c, res.stats);
        translationHits(a, pa, b, v, e, c, cache, res.stats, hits);
        for (const Hit& h : hits) best = std::min(best, h.s);
      } else if (!na.leaf() && (nb.leaf() || na.box.sizes().sum() >= nb.box.sizes().sum())) {
        push(na.left, ib);
        push(na.right, ib);
      } else {
        push(ia, nb.left);
        push(ia, nb.right);
      }
    }
    if (!hits.empty()) {
      std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) { return x.s < y.s; });
      res.hit = true;
      res.phase = 0;
      res.toi = w * hits[0].s;
      for (const Hit& h : hits)
        if (h.s <= hits[0].s + tol) res.contacts.push_back(toWorld(h, w * h.s, pose_b));
      res.pose = poseAlong(a, pose_a, m, res.toi);
      return res;
    }
  }
  // --- rotation phase, in substeps of at most kMaxSubstep, over one turn at most: the poses
  // of a rotation about a fixed axis repeat every turn, so a first contact, if there is
  // one, comes within the first (a rotation of 1e9 degrees costs what one of 360 does) ---
  if (m.angle != 0) {
    Vec3 u = rbT * unitAxis(m.axis);
    double theta = m.angle;
    if (theta < 0) u = -u, theta = -theta;
    const double searched = std::min(theta, 2 * kPi);
    const int n = std::max(1, static_cast<int>(std::ceil(searched / kMaxSubstep)));
    const double step = searched / n;
    const Vec3 cen = rbT * (axisCenter(a, pose_a, m) - pose_b.t) + v;
    const Pose pt{pa.R, pa.t + v};
    Sweep sw;
    sw.rotation = true;
    sw.rot = {cen, u, std::tan(step / 2)};
    sw.step = step;
    sw.pad = pad;
    // Largest distance of A from the axis converts the contact tolerance into an angle.
    double rho = 0;
    for (const Vec3& x : a.verts) {
      const Vec3 q = pt(x) - cen;
      rho = std::max(rho, (q - u * u.dot(q)).norm());
    }
    for (int k = 0; k < n; ++k) {
      sw.p = rotateAbout(pt, cen, u, k * step);
      Candidates c;
      broadPhase(a, b, sw, c, res.stats);
      Seen fresh;  // removes nothing; counts the pairs of this substep
      fresh.filter(c, res.stats);
      std::vector<Hit> hits = rotationHits(a, sw.p, b, sw.rot, e, c);
      if (hits.empty()) continue;
      std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) { return x.s < y.s; });  // by tan(phi/2)
      auto toi_of = [&](double r) { return w + (1 - w) * (k * step + 2 * std::atan(r)) / theta; };
      const double tol = (1 - w) * opt.contact_tolerance / std::max(rho * theta, 1e-300);
      res.hit = true;
      res.phase = 1;
      res.toi = toi_of(hits[0].s);
      for (const Hit& h : hits)
        if (toi_of(h.s) <= res.toi + tol) res.contacts.push_back(toWorld(h, toi_of(h.s), pose_b));
      // The contact pose, built the way the narrow phase rotated A (substep pose + r).
      const Pose pk = rotateAbout(pt, cen, u, k * step);
      const Pose local = rotateAbout(pk, cen, u, 2 * std::atan(hits[0].s));
      res.pose = {pose_b.R * local.R, pose_b.R * local.t + pose_b.t};
      return res;
    }
  }
  res.toi = 1;
  res.pose = poseAlong(a, pose_a, m, 1);
  return res;
}

}  // namespace cc::ccd
