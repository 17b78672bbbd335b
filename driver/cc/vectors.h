// Simulator-independent test vectors (docs/vectors.md): a text trace of what a host did to
// the chip (register writes, board-memory loads, waits for the interrupt) and what it read
// back (registers, board-memory dumps), recorded on one backend and replayed against any
// other. The driver records through RecordingDevice; tests/vectors/*.vec are replayed on
// golden, tlm and rtl by tests/chip/test_vectors.cpp, and anything that can read the text
// (another simulator's test bench) can replay them too.
//
// One step per line, '#' starts a comment, numbers in hex:
//   config NAME            first: the chip configuration (cc::namedConfig) the vector was
//                          recorded on, which a replay must build (default paper)
//   mem ADDR W0 W1 ...     write these 32-bit words to board memory from ADDR
//   wr REG VALUE           write a register
//   wait                   the interrupt must come
//   rd REG VALUE           read a register: it must hold VALUE
//   rd REG *               read a register whose value depends on the backend's timing
//                          (CNT_CYCLES_*): not checked, reported for comparison
//   dump ADDR W0 W1 ...    read board memory from ADDR: it must hold these words
// REG is a scalar register's name (regmap.h), MATRIX.LINE.COL, CORR.LINE, LEAFV.LINE.COL, or an offset.
// Board memory starts zeroed: a recorder leaves out all-zero runs of a load.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "cc/device.h"

namespace cc {

struct VectorStep {
  enum class Kind { Mem, Write, Wait, Read, Dump };
  Kind kind = Kind::Write;
  uint32_t addr = 0;            // register offset (Write, Read) or board address (Mem, Dump)
  std::vector<uint32_t> words;  // Mem, Dump: the words; Write, Read: the value (Read: none = '*')
  int line = 0;                 // in the file it was read from (0: recorded)
};

// A Device that passes every access on to `inner` and records it as vector steps, with
// what was read as the expected values.
class RecordingDevice : public Device {
 public:
  explicit RecordingDevice(Device& inner) : inner_(inner) {}
  std::string name() const override { return inner_.name(); }
  void write32(uint32_t off, uint32_t value) override;
  uint32_t read32(uint32_t off) override;
  void writeMemory(uint32_t addr, const void* data, size_t bytes) override;
  void readMemory(uint32_t addr, void* data, size_t bytes) override;
  bool waitInterrupt(uint64_t max_cycles) override;
  const std::vector<VectorStep>& steps() const { return steps_; }

 private:
  Device& inner_;
  std::vector<VectorStep> steps_;
};

// Registers whose value is the backend's timing, not the chip's behaviour.
bool timedRegister(uint32_t off);

struct Vector {
  std::string config = "paper";
  std::vector<VectorStep> steps;
};

// The text form (8 words a line; `header` lines become comments) and back. Parse errors
// throw std::invalid_argument naming `what` and the line.
void writeVector(std::ostream& out, const Vector& v, const std::string& header);
Vector readVector(std::istream& in, const std::string& what);

// Replays the steps on `dev` (a fresh board). Every difference from an expected value is a
// line of `mismatches` naming the step's line; `timed` holds the values of the '*' reads
// in order. A wait without an interrupt within `max_cycles` ends the replay.
struct ReplayResult {
  std::vector<std::string> mismatches;
  std::vector<uint32_t> timed;
};
ReplayResult replayVector(Device& dev, const std::vector<VectorStep>& steps, uint64_t max_cycles = 200'000'000);

}  // namespace cc
