// Named chip/board configurations (STYLE: "named configurations"). Every backend takes a
// ChipConfig; the golden model uses only the capacities, the timed backends the rest.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cc {

// JEDEC (JESD79-4, "Refresh command"): up to 8 REFRESHes may be issued ahead of time, each
// reducing the number required later by one; more than 8 do not reduce it further. The
// device model counts them so, the SDRAM interface mirrors that count (cc_regmap.vh
// SDRAM_REFRESH_PULL_IN).
inline constexpr uint32_t kSdramRefreshPullIn = 8;

struct ChipConfig {
  std::string name = "paper";
  // Stack SRAM (docs/memory_system.md): list area in 32-bit entries, traversal stack in
  // frames.
  uint32_t list_words = 1u << 18;
  uint32_t stack_frames = 64;
  // Board memory the address decoders accept; a pointer beyond it is a BadPointer error.
  uint64_t board_bytes = 1ull << 30;
  // Core and memory timing (chip cycles unless said otherwise).
  double core_mhz = 130.0;      // what this RTL allows in the paper's process (docs/timing.md; the paper: 266)
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
  // Initialization and refresh (docs/memory_system.md, "Initialization and refresh"; memory
  // cycles, defaults: DDR-266 256 Mbit parts, JESD79, at the paper configuration's 65 MHz).
  uint32_t t_init = 13000;        // power-up wait before the first command (200 us)
  uint32_t t_mrd = 2;             // mode-register set to the next command
  uint32_t t_dll = 200;           // mode-register set (DLL reset) to the first READ
  uint32_t t_refi = 507;          // average refresh interval (7.8 us)
  uint32_t t_rfc = 5;             // REFRESH to the next ACTIVATE or REFRESH (75 ns)
  uint32_t refresh_postpone = 8;  // REFRESHes that may be owed at once (1..8; the standard's limit: 8)
  // 1: the controller refreshes (a query's START restarts the refresh interval) and the
  // device checks tREFI and retention. 0: no refresh and neither is checked (an ideal
  // memory that keeps its contents, not a real part; for measuring what refresh costs).
  uint32_t sdram_refresh = 1;
  // Timed-model parameters (model/tlm, docs/tlm.md). The memory clock is always half the
  // core clock (one DDR beat per chip cycle), so core_mhz scales both.
  uint32_t sdram_queue = 8;       // requests the SDRAM controller holds (RTL QueueDepth)
  uint32_t fetch_ahead = 4;       // aligned node pairs requested ahead of the comparators
  uint32_t fetch_keep = 0;        // aligned node pairs kept after use, read again from there
  // Triangle tests the controller may queue ahead of the triangle-test engine and go on
  // with the traversal (rtl/cc_core.v TriQueue; 0: it waits for each test, as the paper's
  // chip). The rtl backend is built for 0 and for the "queued" configuration's value; the
  // TLM model times 0 only so far (docs/tlm.md).
  uint32_t tri_queue = 0;
  // Triangle-test engines the tests are handed to in turn and end in the same turn, so in
  // the golden model's order (rtl/cc_tri_engines.v TriEngines; more than 1 needs
  // tri_queue > 0). The TLM model times any count (docs/tlm.md); the rtl backend builds
  // configs/modern_parallel.cfg's four-engine chip by default.
  uint32_t tri_engines = 1;
  // Triangle-record bursts kept for the engines (rtl/cc_rec_store.v; needs tri_queue > 0):
  // their record reads fetch whole bursts, the last rec_store bursts they asked for are
  // kept, and a read of one kept or on its way is served from there. 0: none.
  uint32_t rec_store = 0;
  // Tumbled node pairs kept and prefetched (TLM only, no RTL yet: docs/tlm.md "The pair
  // store"): every tumbled-pair read goes through a store of the last pair_store bursts
  // asked for, and the child pairs of a pair that came into the tumbled-pair buffer are
  // read ahead into it. 0: none.
  uint32_t pair_store = 0;
  // 1: the comparators also test a tumbled DOP against an aligned leaf's plane when the
  // query sets CTRL.LEAF_PLANE (rtl/cc_dop_datapath.v's plane unit, cc_core LeafPlane;
  // docs/triangle_tests.md "Leaf planes"); 0: no plane unit, the bit reads back 0.
  uint32_t leaf_plane = 0;
  // DOTADD units a tumbled pair is transformed on, by the look-ahead engine and by the
  // controller (cc_core TransformLanes): 2, node 0 on the shared unit and node 1 on the
  // pass unit beside it; 1, node 0 then node 1 on the shared unit (the paper's one unit).
  uint32_t transform_lanes = 2;
  // 1: the aligned-pair fetch unit reads ahead into the list processed next while it is
  // still being written (cc_core ListFollow); 0: each list's first pairs are fetched when
  // it starts.
  uint32_t list_follow = 1;
  // 1: a tumbled pair of leaves has the look-ahead engine fetch and transform the pair the
  // traversal resumes next, from the stack (cc_core ResumeAhead); 0: that pair is fetched
  // when the stack engine has found it.
  uint32_t resume_ahead = 1;
  // IT-unit multiplier and adder pipeline depths (the core builds cc_fp32_mul and
  // cc_fp32_add with 2 each; the timing model takes any depth).
  uint32_t it_mul_stages = 2;
  uint32_t it_add_stages = 2;
  double pci_mhz = 33.0;          // host bus clock (BAR0/BAR1 access time in the TLM model)
  // The process `make timing` converts logic depth to delay with (docs/timing.md): its name,
  // the delay of one generic gate level (about one FO4 inverter delay), a flip-flop's
  // clock-to-Q plus setup time, and the clock skew plus jitter. Not parameters of the chip's
  // RTL and not used by the simulations.
  std::string process = "cmos130";
  double gate_ps = 47.0;
  double flop_ps = 188.0;
  double skew_ps = 94.0;
};

// Sets one field by name from text ("t_cl", "7"); throws std::invalid_argument naming the
// field and the value when either is bad. Every field of ChipConfig is settable.
void setConfigValue(ChipConfig& c, const std::string& key, const std::string& value);
// The same from one "KEY=VALUE" text (the tools' --set option); throws when there is no '='.
void setConfigAssignment(ChipConfig& c, const std::string& assignment);
// Calls f(name, text value) for every field in declaration order (for CSV/JSON headers).
std::vector<std::pair<std::string, std::string>> configFields(const ChipConfig& c);
// Reads a configuration file: "key = value" lines, '#' comments, an optional first
// "base = NAME" to start from another named configuration (default: paper). The file
// name without ".cfg" becomes `name` unless the file sets it. Errors name file and line.
// Keys starting with kHostPolicyPrefix are not the chip's: they are skipped here and read
// by hostPolicyValues.
ChipConfig loadConfigFile(const std::string& path);
// The files a configuration is read from: its own and those of its 'base' chain (a tool
// counts them among its inputs, so no output replaces one); none for the built-in paper.
std::vector<std::string> configFiles(const std::string& name);

// Host-policy keys ("host_first_steps = 8 64"): how the driver drives the chip of a named
// configuration (cc::HostPolicy in driver/cc/host_policy.h, docs/driver.md "Named
// configurations"). They change no parameter of the chip, so a configuration that only
// adds them to its base runs on its base's Verilated chip.
inline constexpr const char* kHostPolicyPrefix = "host_";
bool isHostPolicyKey(const std::string& key);
// The host-policy keys and values of a named configuration (a name or a path, as
// namedConfig takes), its base's first, a file's own value replacing its base's; in file
// order. Not checked here: the driver knows the keys.
std::vector<std::pair<std::string, std::string>> hostPolicyValues(const std::string& name);
// Range checks every field (power-of-two geometry, non-zero rates); throws
// std::invalid_argument with the field's name.
void validateConfig(const ChipConfig& c);

// The configurations this project names: "paper" (the chip of the paper, the default)
// and every configs/NAME.cfg of the source tree ("small": a tiny stack SRAM, for the
// overflow tests; "queued", "modern", ...). A name containing '/' or ending in ".cfg" is
// read as a configuration file. Throws std::invalid_argument naming the known
// configurations when `name` is unknown.
ChipConfig namedConfig(const std::string& name);
std::vector<std::string> configNames();
std::string configNameList();  // "paper, modern, ...": configNames() for messages and help

}  // namespace cc
