// Small helpers the test files share (include as "../test_util.h").
#pragma once
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>

namespace cc::testutil {

// A whole file as text ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The message of the std::invalid_argument `f` throws ("" when it throws none).
inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace cc::testutil
