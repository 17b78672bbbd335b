// Named chip/board configurations (STYLE: "named configurations"). Every backend takes a
// ChipConfig; the golden model uses only the capacities, the timed backends the rest.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cc {

struct ChipConfig {
  std::string name = "paper";
  // Stack SRAM (DESIGN §6): list area in 32-bit entries, traversal stack in frames.
  uint32_t list_words = 1u << 18;
  uint32_t stack_frames = 64;
  // Board memory the address decoders accept; a pointer beyond it is a BadPointer error.
  uint64_t board_bytes = 1ull << 30;
  // Core and memory timing (chip cycles unless said otherwise).
  double core_mhz = 266.0;
  uint32_t dotadd_stages = 6;  // DOTADD pipeline depth (paper: 6)
  uint32_t sdram_banks = 4;
  uint32_t sdram_bus_bits = 256;
  uint32_t sdram_burst = 8;    // beats per burst (one node pair at 256 bits)
  uint32_t t_rp = 2;           // precharge, memory cycles
  uint32_t t_rcd = 2;          // RAS-to-CAS, memory cycles
  uint32_t t_cl = 2;           // CAS latency, memory cycles
  // SDRAM details the paper leaves open (sim/cc_sdram_device.h, docs/memory_system.md).
  uint32_t t_cwl = 1;          // WRITE command to first write data beat, memory cycles (DDR: 1)
  uint32_t t_wr = 2;           // last write data beat to precharge, memory cycles
  uint32_t t_ras = 0;          // ACTIVATE to precharge minimum, memory cycles (0: no limit)
  uint32_t t_turn = 1;         // idle memory cycles between read and write data on the bus
  uint32_t sdram_col_bits = 9; // column (beat) address bits per row: 512 beats = 16 KiB rows
};

// The configurations this project names: "paper" (the chip of the paper, the default),
// "small" (tiny stack SRAM, for overflow tests). Throws std::invalid_argument naming the
// known configurations when `name` is unknown.
ChipConfig namedConfig(const std::string& name);
std::vector<std::string> configNames();

}  // namespace cc
