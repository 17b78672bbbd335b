// The host's half of a named configuration: what the driver does around each query of the
// chip (docs/driver.md, "Host policy"). A configs/NAME.cfg sets it with host_* keys beside
// the chip's parameters; the tools take it as their defaults and let their command line
// replace a part. Every rule here is the host's: the chip runs the query sequence the
// driver gives it, and golden, TLM and RTL answer that sequence identically.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cc/driver.h"

namespace cc {

struct HostPolicy {
  // host_first_steps = N1 N2 ...: staged mode first (Driver::setFirstModeSteps); none: one run.
  std::vector<uint32_t> first_steps;
  // host_leaf_dop = off | vertices | vertices+dop: CTRL.LEAF_VERTEX on every query
  // (Driver::setLeafDop), or by-size: Vertices on a query whose tumbled object's leaves are
  // at least host_leaf_size_ratio times the aligned one's (BoardObject::mean_leaf_size),
  // Off on the others (Driver::setLeafDopBySize).
  LeafDop leaf_dop = LeafDop::Off;
  double leaf_size_ratio = 0;  // > 0: the by-size rule with this ratio; leaf_dop is then Vertices
  // host_leaf_plane = on | off | with-roles: CTRL.LEAF_PLANE on every query, or on the
  // queries whose roles host_roles_ratio swaps only (Driver::setLeafPlane).
  bool leaf_plane = false, leaf_plane_with_roles = false;
  // host_roles_ratio = X: the roles swapped on a query whose first object's leaves are at
  // least X times the second's (Driver::setRolesBySize); 0 (the default): never.
  double roles_ratio = 0;
  bool operator==(const HostPolicy& o) const {
    return first_steps == o.first_steps && leaf_dop == o.leaf_dop && leaf_size_ratio == o.leaf_size_ratio &&
           leaf_plane == o.leaf_plane && leaf_plane_with_roles == o.leaf_plane_with_roles && roles_ratio == o.roles_ratio;
  }
};

// The host policy of a named configuration (a name or a .cfg path, as namedConfig takes):
// its host_* keys (hostPolicyValues), the defaults above where it sets none. Throws
// std::invalid_argument naming the configuration on an unknown host_* key or a bad value.
HostPolicy hostPolicyOf(const std::string& config);
// The policy from key/value pairs as hostPolicyValues gives them (`where` names their source).
HostPolicy parseHostPolicy(const std::vector<std::pair<std::string, std::string>>& values, const std::string& where);
// A command line's "KEY=VALUE" as a host-policy key and value (cc_perf --host, collide
// --set host_*=...); `what` names the option in the error.
std::pair<std::string, std::string> hostAssignment(const std::string& kv, const std::string& what);
// "N1 N2 ..." as staged mode-first steps (whitespace or commas between them).
std::vector<uint32_t> parseFirstSteps(const std::string& text);
// host_leaf_dop's text of a policy ("off", "vertices", "by-size 4"), for messages and JSON.
std::string leafDopRuleText(const HostPolicy& p);

// Applies the policy to a driver: its staged steps, its leaf-DOP rule, the leaf planes and
// the roles. Throws DriverError when the chip lacks CTRL.LEAF_VERTEX or CTRL.LEAF_PLANE
// and the policy may use it.
void applyHostPolicy(Driver& drv, const HostPolicy& p);

}  // namespace cc
