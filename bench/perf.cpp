#include "perf.h"
#include "cc/input_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace cc::perf {

namespace {
std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  if (!s.empty() && s.back() == sep) out.push_back("");
  return out;
}
}  // namespace

std::vector<MeshPair> parsePairs(const std::string& spec) {
  std::vector<MeshPair> out;
  for (const auto& item : split(spec, ',')) {
    const auto parts = split(item, ':');
    if (parts.empty() || parts.size() > 2 || parts[0].empty() || (parts.size() == 2 && parts[1].empty())) {
      throw std::invalid_argument("bad mesh pair '" + item + "' (want NAME or A:B)");
    }
    out.push_back({parts[0], parts.size() == 2 ? parts[1] : parts[0]});
  }
  if (out.empty()) throw std::invalid_argument("no mesh pair given");
  return out;
}

std::vector<double> parseNumberList(const std::string& spec, const char* what) {
  std::vector<double> out;
  for (const auto& item : split(spec, ',')) {
    size_t used = 0;
    double v = 0;
    try {
      v = std::stod(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size() || !std::isfinite(v)) {
      throw std::invalid_argument(std::string("--") + what + ": '" + item + "' is not a finite number");
    }
    out.push_back(v);
  }
  if (out.empty()) throw std::invalid_argument(std::string("--") + what + ": no value given");
  return out;
}

std::vector<std::string> parseNameList(const std::string& spec, const std::vector<std::string>& known, const char* what) {
  std::vector<std::string> out;
  for (const auto& item : split(spec, ',')) {
    if (std::find(known.begin(), known.end(), item) == known.end()) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      throw std::invalid_argument(std::string("--") + what + ": unknown name '" + item + "' (known: " + list + ")");
    }
    if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
  }
  if (out.empty()) throw std::invalid_argument(std::string("--") + what + ": no name given");
  return out;
}

std::vector<PoseSample> protocolPoses(int steps, const std::vector<double>& distances) {
  if (steps < 1) throw std::invalid_argument("--steps must be at least 1");
  checkPoseCount("--steps " + std::to_string(steps) + " x " + std::to_string(distances.size()) + " distances",
                 static_cast<uint64_t>(steps) * distances.size());
  std::vector<PoseSample> out;
  for (double d : distances) {
    for (int i = 0; i < steps; ++i) {
      PoseSample s;
      s.distance = d;
      s.step = i;
      s.angle_deg = 360.0 * i / steps;
      const double th = s.angle_deg * std::acos(-1.0) / 180.0;
      s.pose.R = (Eigen::AngleAxisd(th, Eigen::Vector3d::UnitX()) * Eigen::AngleAxisd(th, Eigen::Vector3d::UnitZ())).toRotationMatrix();
      s.pose.t = Eigen::Vector3d(d, 0, 0);
      validatePose(s.pose);
      out.push_back(s);
    }
  }
  return out;
}

void scaleToCube(Mesh& mesh) {
  normalizeMesh(mesh);
  for (auto& v : mesh.vertices) {
    for (auto& x : v) x *= 2.0f;
  }
}

PairDiff comparePairSets(std::vector<TriPair> chip, std::vector<TriPair> ref) {
  std::sort(chip.begin(), chip.end());
  chip.erase(std::unique(chip.begin(), chip.end()), chip.end());
  std::sort(ref.begin(), ref.end());
  ref.erase(std::unique(ref.begin(), ref.end()), ref.end());
  PairDiff d;
  std::set_difference(chip.begin(), chip.end(), ref.begin(), ref.end(), std::back_inserter(d.only_chip));
  std::set_difference(ref.begin(), ref.end(), chip.begin(), chip.end(), std::back_inserter(d.only_ref));
  d.common = chip.size() - d.only_chip.size();
  return d;
}

std::vector<bool> usedTriangles(const DopTree& tree, size_t triangles) {
  std::vector<bool> used(triangles, false);
  for (const auto& n : tree.nodes) {
    if (n.leaf() && size_t(n.tri) < triangles) used[n.tri] = true;
  }
  return used;
}

std::string num(double v, int precision) {
  if (std::isnan(v)) return "";
  char b[64];
  std::snprintf(b, sizeof b, "%.*g", precision, v);
  return b;
}

void Csv::write(std::ostream& out) const {
  auto field = [](const std::string& f) {
    if (f.find_first_of(",\"\n") == std::string::npos) return f;
    std::string q = "\"";
    for (char c : f) q += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  auto line = [&](const std::vector<std::string>& r) {
    for (size_t i = 0; i < r.size(); ++i) out << (i ? "," : "") << field(r[i]);
    out << '\n';
  };
  line(header);
  for (const auto& r : rows) {
    if (r.size() != header.size()) throw std::logic_error("CSV row with " + std::to_string(r.size()) + " fields, header has " + std::to_string(header.size()));
    line(r);
  }
}

}  // namespace cc::perf
