// ccd: continuous collision query between two meshes (docs/ccd.md).
//   ccd --a FILE --b FILE [--normalize] --translate X Y Z [--rotate AX AY AZ DEGREES]
//       [--start X Y Z] [--expel E] [--tolerance T] [--json FILE]
// A starts at --start (after --normalize), moves by the translation, then rotates about the
// axis through the centre of its bounding box (moved by the translation). B stands still.
#include <boost/program_options.hpp>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cc/atomic_output.h"
#include "cc/isect/inside_mesh.h"
#include "cc/ccd/query.h"
#include "cc/command_line.h"
#include "cc/interrupt.h"
#include "cc/mesh.h"

namespace po = boost::program_options;
using cc::ccd::Vec3;

namespace {

// The start offset and the translation may be at most 2^32 times the smaller mesh's size
// (its bounding box's largest side): along a longer motion double's rounding (2^-52 of
// it) exceeds 2^-20 of the mesh, and the contact's place and time are noise. Refused,
// naming the sizes, rather than answered wrongly.
void checkMotionScale(const cc::Mesh& ma, const cc::Mesh& mb, double motion) {
  const double s = std::min(cc::meshSize(ma), cc::meshSize(mb));
  if (motion > std::ldexp(s, 32)) {
    std::ostringstream msg;
    msg << "the motion (start offset or translation " << motion << ") is more than 2^32 times the smaller mesh's size (" << s
        << "): along it double's rounding is larger than 2^-20 of the mesh, so no contact could be placed; shorten the motion";
    throw std::invalid_argument(msg.str());
  }
}

// "A starts inside B", "B starts inside A" or "": at the start pose (A at `pa`, B at the
// identity) a vertex of one lies strictly inside the other, a closed mesh. Called only when
// the surfaces do not touch then, so one vertex decides for the whole mesh.
std::string startsInside(const cc::ccd::CcdMesh& a, const cc::ccd::Pose& pa, const cc::ccd::CcdMesh& b) {
  const auto closed = [](const cc::ccd::CcdMesh& m) {
    std::vector<std::array<double, 3>> v;
    for (const auto& p : m.verts) v.push_back({p.x(), p.y(), p.z()});
    std::vector<std::array<uint32_t, 3>> t;
    for (const auto& f : m.tris) t.push_back({uint32_t(f[0]), uint32_t(f[1]), uint32_t(f[2])});
    return std::make_unique<cc::isect::ClosedMesh>(v, t);
  };
  if (a.verts.empty() || b.verts.empty()) return "";
  const auto ca = closed(a), cb = closed(b);
  const Vec3 a0 = pa(a.verts[0]), b0 = pa.R.transpose() * (b.verts[0] - pa.t);  // B's vertex in A's frame
  if (cb->inside({a0.x(), a0.y(), a0.z()})) return "A starts inside B";
  if (ca->inside({b0.x(), b0.y(), b0.z()})) return "B starts inside A";
  return "";
}


Vec3 vec3(const std::vector<double>& v, const char* opt) {
  if (v.size() != 3) throw po::error(std::string("--") + opt + " needs exactly 3 numbers");
  for (double x : v)
    if (!std::isfinite(x)) throw po::error(std::string("--") + opt + " has a non-finite number");
  return {v[0], v[1], v[2]};
}

nlohmann::json vecJson(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

// Names a feature in the words of the mesh file (input face numbers for triangles).
std::string feature(const cc::ccd::CcdMesh& m, cc::ccd::ContactKind k, bool is_a, int id) {
  using cc::ccd::ContactKind;
  const bool vertex = (k == ContactKind::VertexFace) == is_a && k != ContactKind::EdgeEdge;
  if (k == ContactKind::EdgeEdge) {
    const auto& e = m.edges[id];
    return "edge " + std::to_string(e.v[0]) + "-" + std::to_string(e.v[1]);
  }
  if (vertex) return "vertex " + std::to_string(id);
  return "triangle " + std::to_string(m.source_tri[id]);
}

int run(int argc, char** argv) {
  po::options_description desc("ccd options");
  std::string fa, fb, json;
  std::vector<double> tr, rot, start;
  double expel = 1e-6, tol = 0;
  desc.add_options()("help", "this help")("a", po::value(&fa)->required(), "moving mesh (OFF/OBJ/PLY/STL)")(
      "b", po::value(&fb)->required(), "stationary mesh")("normalize", "scale each mesh to unit size, centred")(
      "translate", po::value(&tr)->multitoken()->required(), "translation X Y Z")(
      "rotate", po::value(&rot)->multitoken(), "rotation AX AY AZ DEGREES after the translation")(
      "start", po::value(&start)->multitoken(), "A's starting offset X Y Z (default 0 0 0)")(
      "expel", po::value(&expel), "expel zone thickness e (default 1e-6)")(
      "tolerance", po::value(&tol), "also list contacts within this extra travel (default 0)")(
      "json", po::value(&json), "write the result as JSON to FILE");
  po::variables_map vm;
  po::store(cc::parseCommandLine(argc, argv, desc), vm);  // negative numbers (--translate 0 0 -3) are values
  if (vm.count("help")) {
    std::cout << desc;
    return 0;
  }
  po::notify(vm);
  if (!(expel >= 0) || !std::isfinite(expel)) throw po::error("--expel must be a finite number >= 0");
  if (!(tol >= 0) || !std::isfinite(tol)) throw po::error("--tolerance must be a finite number >= 0");

  cc::ccd::Motion motion;
  motion.translation = vec3(tr, "translate");
  if (vm.count("rotate")) {
    if (rot.size() != 4) throw po::error("--rotate needs AX AY AZ DEGREES");
    const Vec3 axis = vec3({rot[0], rot[1], rot[2]}, "rotate");
    if (!std::isfinite(rot[3])) throw po::error("--rotate angle is not finite");
    if (axis.norm() == 0 && rot[3] != 0) throw po::error("--rotate axis is zero");
    motion.axis = axis.norm() > 0 ? axis : Vec3::UnitZ();
    motion.angle = rot[3] * 3.14159265358979323846 / 180;
  }
  cc::ccd::Pose pa;
  if (vm.count("start")) pa.t = vec3(start, "start");

  if (vm.count("json")) cc::checkOutputPaths({{"--a", fa}, {"--b", fb}}, {{"--json", json}});
  cc::Mesh ma = cc::loadMesh(fa), mb = cc::loadMesh(fb);
  if (vm.count("normalize")) {
    cc::normalizeMesh(ma);
    cc::normalizeMesh(mb);
  }
  // The query's tolerances are tuned for scenes of about unit size: a scene far outside
  // 2^-10 .. 2^10 is scaled by a power of two (exact; the time of impact does not change,
  // points are scaled back), and then the default --expel is 1e-6 of the scaled scene.
  cc::checkFloatShape(ma);  // float keeps each mesh's shape (docs/driver.md, "Input rules")
  cc::checkFloatShape(mb);
  checkMotionScale(ma, mb, std::max(pa.t.stableNorm(), motion.translation.stableNorm()));
  int k = 0;
  {
    const double m = std::max({cc::meshRadius(ma), cc::meshRadius(mb), pa.t.stableNorm(), motion.translation.stableNorm()});
    if (m > 0 && std::isfinite(m) && (m < std::ldexp(1.0, -10) || m > std::ldexp(1.0, 10))) {
      int e;
      std::frexp(m, &e);
      k = 1 - e;
      cc::scaleMeshPow2(ma, k);
      cc::scaleMeshPow2(mb, k);
      pa.t *= std::ldexp(1.0, k);
      motion.translation *= std::ldexp(1.0, k);
      if (vm.count("expel")) expel = std::ldexp(expel, k);
      tol = std::ldexp(tol, k);
      std::cerr << "ccd: the scene is scaled by 2^" << k << " (exact; the time of impact is the unscaled scene's"
                << (vm.count("expel") ? "" : ", the expel zone 1e-6 of the scaled scene") << ")\n";
    }
  }
  const cc::ccd::CcdMesh a = cc::ccd::fromDriverMesh(ma), b = cc::ccd::fromDriverMesh(mb);
  cc::ccd::QueryOptions opt;
  opt.expel = expel;
  opt.contact_tolerance = tol;
  cc::ccd::QueryResult r = cc::ccd::query(a, pa, b, cc::ccd::Pose{}, motion, opt);
  for (auto& c : r.contacts) c.point *= std::ldexp(1.0, -k);
  if (k != 0) expel = std::ldexp(expel, -k);

  std::cout.precision(10);
  std::cout << "toi: " << r.toi << "\n";
  nlohmann::json out{{"a", fa}, {"b", fb}, {"toi", r.toi}, {"hit", r.hit}, {"expel", expel}};
  // Surfaces that do not touch at the start may still enclose one another: say so (the
  // motion is the surfaces', and toi is when they first meet).
  if (!(r.hit && r.toi == 0)) {
    const std::string inside = startsInside(a, pa, b);
    if (!inside.empty()) std::cout << "start: " << inside << " (no surface contact at t = 0: the volumes overlap)\n";
    out["starts_inside"] = inside.empty() ? nlohmann::json() : nlohmann::json(inside);
  }
  if (r.hit) {
    const auto& c = r.contacts[0];
    std::cout << "phase: " << (r.phase == 0 ? "translation" : "rotation") << "\n"
              << "contact: " << cc::ccd::kindName(c.kind) << ", A " << feature(a, c.kind, true, c.a) << ", B "
              << feature(b, c.kind, false, c.b) << "\n"
              << "point: " << c.point.transpose() << "\n"
              << "normal: " << c.normal.transpose() << "\n"
              << "contacts within tolerance: " << r.contacts.size() << "\n";
    out["phase"] = r.phase == 0 ? "translation" : "rotation";
    for (const auto& k : r.contacts)
      out["contacts"].push_back({{"kind", cc::ccd::kindName(k.kind)},
                                 {"a", feature(a, k.kind, true, k.a)},
                                 {"b", feature(b, k.kind, false, k.b)},
                                 {"toi", k.toi},
                                 {"point", vecJson(k.point)},
                                 {"normal", vecJson(k.normal)}});
  } else {
    std::cout << "contact: none\n";
  }
  std::cout << "pairs: vf " << r.stats.vf << " fv " << r.stats.fv << " ee " << r.stats.ee << " (triangle pairs "
            << r.stats.tri_pairs << ")\n";
  if (vm.count("json")) cc::writeFileAtomically(json, out.dump(2) + "\n", "--json");
  cc::checkStandardOutput();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  cc::installInterruptHandlers(false);  // one query: a signal ends it, a half --json is removed
  try {
    return run(argc, argv);
  } catch (const po::error& e) {
    std::cerr << "ccd: " << e.what() << "\n(ccd --help lists the options)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "ccd: error: " << e.what() << "\n";
    return 1;
  }
}
