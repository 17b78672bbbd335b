// The board's stack SRAM (docs/memory_system.md): a synchronous single-port SRAM of 32-bit
// words on the core clock. The access the chip presents at one rising edge is performed at
// the next, so read data reach the chip one cycle after the read is presented. An access
// past the last word stops the simulation with a message; an optional observer sees every
// write (tests compare the stack engine's writes with the golden model's, entry for entry).
#pragma once
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cc::sim {

class StackSram {
 public:
  using WriteObserver = std::function<void(uint32_t word, uint32_t value)>;

  explicit StackSram(size_t words) : mem_(words, 0) {}

  // One rising core edge: performs the access registered at the previous edge and
  // registers the pins' new one. Returns the read data to drive (unchanged otherwise).
  uint32_t edge(bool en, bool we, uint32_t addr, uint32_t wdata, uint64_t cycle) {
    if (pending_) {
      if (addr_ >= mem_.size()) {
        throw std::runtime_error("stack SRAM access to word " + std::to_string(addr_) + ", past its " +
                                 std::to_string(mem_.size()) + " words, at core cycle " + std::to_string(cycle));
      }
      if (we_) {
        mem_[addr_] = wdata_;
        if (observer_) observer_(addr_, wdata_);
      } else {
        rdata_ = mem_[addr_];
      }
    }
    pending_ = en;
    we_ = we;
    addr_ = addr;
    wdata_ = wdata;
    return rdata_;
  }

  void setWriteObserver(WriteObserver observer) { observer_ = std::move(observer); }
  size_t words() const { return mem_.size(); }
  uint32_t word(size_t i) const { return mem_.at(i); }  // what the SRAM holds (unit benches)

 private:
  std::vector<uint32_t> mem_;
  WriteObserver observer_;
  bool pending_ = false, we_ = false;
  uint32_t addr_ = 0, wdata_ = 0, rdata_ = 0;
};

}  // namespace cc::sim
