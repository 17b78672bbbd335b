// cc_perf's building blocks, kept apart from main() so the tests can reach them: the
// paper's measurement protocol (poses), mesh-pair lists, pair-set comparison and the CSV
// writer. docs/results.md describes the study they make up.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "cc/driver.h"
#include "cc/mesh.h"
#include "cc/pose.h"

namespace cc::perf {

// "bunny00" is the identical pair (bunny00, bunny00) as in the paper; "bunny00:armadillo"
// a mixed pair (A tumbled, B aligned). A list is comma separated. Throws
// std::invalid_argument on an empty list or an empty name.
struct MeshPair {
  std::string a, b;
  std::string label() const { return a == b ? a : a + ":" + b; }
};
std::vector<MeshPair> parsePairs(const std::string& spec);
// "0.5,1,1.5" -> {0.5, 1, 1.5}; throws std::invalid_argument on junk, NaN/Inf or none.
std::vector<double> parseNumberList(const std::string& spec, const char* what);
// "golden,sw,fcl" -> names, each checked against `known`; throws naming the known ones.
std::vector<std::string> parseNameList(const std::string& spec, const std::vector<std::string>& known, const char* what);

// The paper's protocol (Zachmann & Knittel §5): both objects scaled into [-1,1]^3, A
// placed at distance d from B along x and tumbled about z and x in `steps` equal steps
// of one full turn: R = Rx(theta) * Rz(theta), theta = 360 * i / steps degrees.
struct PoseSample {
  double distance = 0;
  int step = 0;
  double angle_deg = 0;
  Pose pose;
};
std::vector<PoseSample> protocolPoses(int steps, const std::vector<double>& distances);

// normalizeMesh (largest side 1, centred) followed by a factor 2 (exact in float): the
// largest side spans [-1, 1].
void scaleToCube(Mesh& mesh);

// Set difference of two answers (order and duplicates ignored).
struct PairDiff {
  size_t common = 0;
  std::vector<TriPair> only_chip, only_ref;
};
PairDiff comparePairSets(std::vector<TriPair> chip, std::vector<TriPair> ref);

// Triangle ids that are leaves of the tree (degenerate triangles are not).
std::vector<bool> usedTriangles(const DopTree& tree, size_t triangles);

// A CSV table: a header and rows of fields; fields with a comma, quote or newline are
// quoted. Numbers go through num(): NaN (= not measured) becomes an empty field.
struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  void write(std::ostream& out) const;
};
std::string num(double v, int precision = 6);

}  // namespace cc::perf
