// What the units of the core's timing model share: the cycle type's sentinels, the
// exception that ends a query where the golden model's log ends, and the master
// controller's state numbers (its state register is looked at by the core and both of
// its units, controller.h and list_compare.h).
#pragma once
#include <cstdint>
#include <limits>

#include "cc/core_states.h"

namespace cc::tlm::core {

constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();      // a cycle that never comes
constexpr uint64_t kNoRequest = std::numeric_limits<uint64_t>::max();  // no SDRAM request
constexpr uint64_t kLongestQuery = uint64_t{1} << 40;  // cycles: beyond, the model has a bug

// The golden query ended (first hit, error) where the model looks further: the RTL drains.
struct LogEnd {};

#define CC_TLM_STATE(name, number) name = number,
enum State : uint8_t {
  CC_CORE_CONTROLLER_STATES(CC_TLM_STATE) CC_CORE_ENGINE_STATES(CC_TLM_STATE)
  S_DONE = 63  // the model's own: the query is over
};
#undef CC_TLM_STATE

// Where a read's data go: the tumbled-pair buffer's banks, the record entries of side A
// and B, the vertex buffer (CTRL.LEAF_VERTEX's leaf record) (the read-destination queue's
// tags).
enum Dest : uint8_t { D_NONE, D_TBUF0, D_TBUF1, D_REC_A, D_REC_B, D_WRITE, D_VERTS };
// A controller's request by what it moves (the request log, MemPort::setRequestLog).
inline const char* destName(Dest d) {
  switch (d) {
    case D_TBUF0: case D_TBUF1: return "tumbled-pair";
    case D_REC_A: return "record-A";
    case D_REC_B: return "record-B";
    case D_WRITE: return "result";
    case D_VERTS: return "leaf-record";
    default: return "none";
  }
}

}  // namespace cc::tlm::core
