// The library's algorithms behind one uniform, name-addressed interface, used by the CLI
// (isect), the accuracy report and the tests. Every entry reads a fixed number of doubles
// (the input layout of its test, see docs/intersection_library.md) and returns the decision
// plus, where the algorithm computes one, extra numbers (parameter, point, segment).
#pragma once
#include <string>
#include <vector>

namespace cc::isect {

struct Params {
  double eps = 0;   // the algorithm's epsilon (Jiménez/Möller/Badouel/Segura eps, ERIT EPS)
  double zero = 0;  // ERIT ZERO: no division by a denominator with |x| <= zero
};

struct Outcome {
  bool hit = false;
  std::vector<double> extra;  // printed after 0/1 on the same line
};

struct Algo {
  std::string test;    // e.g. "tritri"
  std::string name;    // e.g. "moller_f64"
  int inputs;          // numbers per line
  bool isFloat;        // computes in binary32 (inputs are rounded to float first)
  Outcome (*run)(const double* in, const Params& p);
  // Checks the primitive parameters of a case (radii >= 0, upright axis, ...): nullptr if
  // fine, else what is wrong. nullptr here means any finite input is valid.
  const char* (*validate)(const double* in) = nullptr;
};

const std::vector<Algo>& algorithms();
// The ERIT curved-primitive entries (erit_registry.cpp).
void appendEritAlgorithms(std::vector<Algo>& v);
// nullptr when unknown.
const Algo* findAlgo(const std::string& test, const std::string& name);

}  // namespace cc::isect
