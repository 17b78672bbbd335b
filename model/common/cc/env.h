// Environment variables that hold counts (CC_WATCHDOG, CC_TIMELINE_CYCLES): a decimal
// non-negative integer, anything else ("-1", "1e6", "", "12abc", out of range) an error
// naming the variable, never a wrapped-around or default value.
#pragma once
#include <cerrno>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace cc {

inline uint64_t envCount(const char* name, const char* value) {
  const std::string v = value ? value : "";
  bool digits = !v.empty();
  for (char c : v) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  errno = 0;
  const unsigned long long x = digits ? std::strtoull(v.c_str(), nullptr, 10) : 0;
  if (!digits || errno != 0) {
    throw std::invalid_argument(std::string(name) + "='" + v + "': expected a non-negative decimal integer");
  }
  return x;
}

}  // namespace cc
