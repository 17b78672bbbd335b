// The fixed latencies of the core's units (rtl/, docs/rtl_core.md), in core cycles: the
// numbers the TLM model (model/tlm/core/) times each unit with. They follow from the units'
// state machines and the board's stack SRAM, not from configuration keys (those, like
// dotadd_stages, come from cc::ChipConfig); the IT-unit's are in it_timing.h. The stack
// engine's are measured on its Verilated unit (tests/rtl,
// RtlStackEngine.FrameLatenciesAreTheTimingModels); TlmVsRtl checks them all together,
// cycle for cycle, on whole queries.
#pragma once
#include <cstdint>

#include "cc/layout.h"

namespace cc::unit_timing {

// The stack SRAM (sim/cc_stack_sram.h) with the stack engine's port registers around it: a
// read the engine issues in cycle c has its data at the engine in cycle c + 2.
inline constexpr uint32_t kStackSramRead = 2;

// cc_stack_engine. A push writes its frame's words, the first in the cycle it is taken:
// the engine is busy for the others.
inline constexpr uint32_t kPushBusy = layout::kFrameWords - 1;
// A resume reads a frame's words back to back and decides when the last is in; a popped
// frame is followed by the next one's reads.
inline constexpr uint32_t kFrameRead = layout::kFrameWords + kStackSramRead;

// cc_list_fetch: a list word granted the SRAM in cycle c is in its slot from cycle c + 3
// (the SRAM read, then the slot's flag).
inline constexpr uint32_t kListWordIn = kStackSramRead + 1;

// cc_tri_engine / cc_tri_pass: a side's frame pass may issue two cycles after the test
// starts when its record is held in an entry, or the cycle after the record's last beat
// arrives; its leaf-matrix pass waits for the other side's record one cycle less (the
// record-in flag is up a cycle before the vertices are loaded).
inline constexpr uint32_t kHeldRecordToPass = 2;
inline constexpr uint32_t kRecordArrivalToPass = 1;
inline constexpr uint32_t kOtherRecordLead = 1;
// A frame-pass DOTADD issued in cycle c is read (forwarded) by a leaf-matrix DOTADD from
// c + dotadd_stages + 1 on; a side's leaf-matrix pass is written (done) dotadd_stages + 2
// cycles after its last issue.
inline constexpr uint32_t kPassResultToOperand = 1;
inline constexpr uint32_t kPassResultWritten = 2;
// DOTADDs per pass (a 3x3 matrix product: frame pass, then leaf-matrix pass).
inline constexpr uint32_t kPassDotadds = 9;

}  // namespace cc::unit_timing
