// What the units of the core's timing model share: the cycle type's sentinels and the
// exception that ends a query where the golden model's log ends.
#pragma once
#include <cstdint>
#include <limits>

namespace cc::tlm::core {

constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();      // a cycle that never comes
constexpr uint64_t kNoRequest = std::numeric_limits<uint64_t>::max();  // no SDRAM request
constexpr uint64_t kLongestQuery = uint64_t{1} << 40;  // cycles: beyond, the model has a bug

// The golden query ended (first hit, error) where the model looks further: the RTL drains.
struct LogEnd {};

}  // namespace cc::tlm::core
