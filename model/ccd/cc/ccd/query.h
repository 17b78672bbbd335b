// Mesh-against-mesh continuous collision query (van Waveren 2005): object A moves over one
// step, object B stands still. The step is a translation FOLLOWED BY a rotation (§2: the
// paper replaces a general screw motion by a separate translation and rotation, each of
// which gives equations of degree at most two).
//
// Motion parameter ("toi", fraction of the motion completed): the translation occupies
// [0, 0.5] and the rotation [0.5, 1] when both are present; a motion with only one of the
// two gives it the whole [0, 1]. Within each phase the fraction is linear in distance
// (translation) or angle (rotation). toi = 1 means no contact in the whole step.
#pragma once
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "cc/ccd/mesh.h"

namespace cc::ccd {

// Rigid placement: world = R * object + t.
struct Pose {
  Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
  Vec3 t = Vec3::Zero();
  Vec3 operator()(const Vec3& x) const { return R * x + t; }
};

struct Motion {
  Vec3 translation = Vec3::Zero();  // world frame
  Vec3 axis = Vec3::UnitZ();        // world frame, any length > 0 when angle != 0
  double angle = 0;                 // radians, right-hand rule; any size (split into <= 90 deg)
  // The rotation axis passes through `center` moved by the translation. Without a center
  // it is the centre of A's object-frame bounding box, placed by A's starting pose.
  bool has_center = false;
  Vec3 center = Vec3::Zero();
};

enum class ContactKind { VertexFace, FaceVertex, EdgeEdge };
const char* kindName(ContactKind k);

struct Contact {
  ContactKind kind = ContactKind::VertexFace;
  int a = -1;       // A's feature in CcdMesh numbering: vertex | triangle | edge
  int b = -1;       // B's feature: triangle | vertex | edge
  double toi = 1;   // fraction of the whole motion
  Vec3 point;       // world, on A's surface (A at the contact pose)
  Vec3 normal;      // world, unit, from B towards A
};

struct QueryOptions {
  double expel = 1e-6;             // expel zone thickness e (world units), >= 0
  double contact_tolerance = 0;    // also list contacts reached within this extra travel
};

struct QueryStats {
  size_t node_tests = 0;     // broad phase box overlap tests
  size_t tri_pairs = 0;      // triangle pairs whose boxes overlap
  size_t vf = 0, fv = 0, ee = 0;  // feature pairs evaluated (after removing duplicates)
  size_t sides_computed = 0, sides_cached = 0;  // translational sidedness cache (§4)
};

struct QueryResult {
  double toi = 1;
  bool hit = false;
  int phase = -1;                  // 0 translation, 1 rotation, -1 no contact
  std::vector<Contact> contacts;   // contacts[0] is the first; the rest within tolerance
  Pose pose;                       // A's pose at toi
  QueryStats stats;
};

// Throws std::invalid_argument for non-finite input, a negative expel thickness or a zero
// rotation axis with a non-zero angle.
QueryResult query(const CcdMesh& a, const Pose& pose_a, const CcdMesh& b, const Pose& pose_b,
                  const Motion& motion, const QueryOptions& opt = {});

// A's pose after the fraction `toi` of `motion` (the same parametrization as query()).
Pose poseAlong(const CcdMesh& a, const Pose& pose_a, const Motion& motion, double toi);

}  // namespace cc::ccd
