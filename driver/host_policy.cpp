#include "cc/host_policy.h"

#include <sstream>
#include <stdexcept>

#include "cc/config.h"

namespace cc {

std::vector<uint32_t> parseFirstSteps(const std::string& text) {
  std::string spaced = text;
  for (char& ch : spaced) {
    if (ch == ',') ch = ' ';
  }
  std::istringstream in(spaced);
  std::vector<uint32_t> steps;
  std::string word;
  while (in >> word) {
    size_t used = 0;
    unsigned long v = 0;
    try {
      v = std::stoul(word, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != word.size() || word[0] == '-' || v > UINT32_MAX) throw std::invalid_argument("'" + word + "' is not a pair count");
    steps.push_back(static_cast<uint32_t>(v));
  }
  return steps;
}

HostPolicy parseHostPolicy(const std::vector<std::pair<std::string, std::string>>& values, const std::string& where) {
  HostPolicy p;
  std::string leaf = "off";
  bool leaf_set = false;
  double ratio = 0;
  for (const auto& [key, value] : values) {
    try {
      if (key == "host_first_steps") {
        p.first_steps = parseFirstSteps(value);
        for (size_t i = 0; i < p.first_steps.size(); ++i) {
          if (p.first_steps[i] == 0 || (i > 0 && p.first_steps[i] <= p.first_steps[i - 1]))
            throw std::invalid_argument("the steps must rise from 1");
        }
      } else if (key == "host_leaf_dop") {
        if (value != "by-size") leafDopByName(value);  // a known name
        leaf = value;
        leaf_set = true;
      } else if (key == "host_leaf_size_ratio") {
        size_t used = 0;
        ratio = std::stod(value, &used);
        if (used != value.size() || !(ratio > 0) || ratio > 1e6) throw std::invalid_argument("must be a number in (0, 1e6]");
      } else if (key == "host_leaf_plane") {
        if (value != "on" && value != "off" && value != "with-roles") throw std::invalid_argument("must be on, off or with-roles");
        p.leaf_plane = value != "off";
        p.leaf_plane_with_roles = value == "with-roles";
      } else if (key == "host_roles_ratio") {
        size_t used = 0;
        p.roles_ratio = std::stod(value, &used);
        if (used != value.size() || !(p.roles_ratio >= 0) || p.roles_ratio > 1e6) throw std::invalid_argument("must be 0 (never) or a number in (0, 1e6]");
      } else {
        throw std::invalid_argument(
            "unknown host-policy key (known: host_first_steps, host_leaf_dop, host_leaf_size_ratio, host_leaf_plane, host_roles_ratio)");
      }
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + ": " + key + " = " + value + ": " + e.what());
    } catch (const std::out_of_range&) {
      throw std::invalid_argument(where + ": " + key + " = " + value + ": out of range");
    }
  }
  if (leaf == "by-size") {
    if (ratio == 0) throw std::invalid_argument(where + ": host_leaf_dop = by-size needs host_leaf_size_ratio");
    p.leaf_dop = LeafDop::Vertices;
    p.leaf_size_ratio = ratio;
  } else {
    // A ratio is the by-size rule's; beside a fixed mode (a file replacing its base's rule) it is unused.
    if (ratio != 0 && !leaf_set) throw std::invalid_argument(where + ": host_leaf_size_ratio is used by host_leaf_dop = by-size only");
    p.leaf_dop = leafDopByName(leaf);
  }
  return p;
}

std::pair<std::string, std::string> hostAssignment(const std::string& kv, const std::string& what) {
  const size_t eq = kv.find('=');
  if (eq == std::string::npos || eq == 0) throw std::invalid_argument(what + " " + kv + ": expected KEY=VALUE");
  return {kv.substr(0, eq), kv.substr(eq + 1)};
}

HostPolicy hostPolicyOf(const std::string& config) { return parseHostPolicy(hostPolicyValues(config), "configuration '" + config + "'"); }

std::string leafDopRuleText(const HostPolicy& p) {
  if (p.leaf_size_ratio > 0) {
    std::ostringstream s;
    s << "by-size " << p.leaf_size_ratio;
    return s.str();
  }
  switch (p.leaf_dop) {
    case LeafDop::Off: return "off";
    case LeafDop::Vertices: return "vertices";
    case LeafDop::VerticesAndDop: return "vertices+dop";
  }
  return "off";
}

void applyHostPolicy(Driver& drv, const HostPolicy& p) {
  drv.setFirstModeSteps(p.first_steps);
  if (p.leaf_size_ratio > 0) drv.setLeafDopBySize(p.leaf_size_ratio);
  else drv.setLeafDop(p.leaf_dop);
  drv.setLeafPlane(p.leaf_plane, p.leaf_plane_with_roles);
  drv.setRolesBySize(p.roles_ratio);
}

}  // namespace cc
