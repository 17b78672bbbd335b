#include "cc_board.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cc_board_chip.h"  // RtlBoardImpl

namespace cc::sim {

namespace {
// The chip variants Verilated in this build (sim/CMakeLists.txt): their Verilog parameters
// are those of the named configurations. Every field but the name, the clocks (which the
// board sets, not the chip) and the process `make timing` assumes must match.
bool sameChip(const ChipConfig& a, const ChipConfig& b) {
  auto chipFields = [](const ChipConfig& c) {
    auto f = configFields(c);
    f.erase(std::remove_if(f.begin(), f.end(),
                           [](const auto& kv) {
                             static const std::set<std::string> notChip = {"name",    "core_mhz", "pci_mhz", "process",
                                                                           "gate_ps", "flop_ps",  "skew_ps"};
                             return notChip.count(kv.first) != 0;
                           }),
            f.end());
    return f;
  };
  return chipFields(a) == chipFields(b);
}
// The chips linked into this program (sim/CMakeLists.txt, cc_link_rtl_chips): each
// registers its named configuration before main.
std::vector<std::pair<std::string, RtlChipFactory>>& chipRegistry() {
  static std::vector<std::pair<std::string, RtlChipFactory>> chips;
  return chips;
}
std::unique_ptr<RtlBoardImpl> makeImpl(const ChipConfig& cfg) {
  std::string names;
  for (const auto& [name, make] : chipRegistry()) {
    if (sameChip(cfg, namedConfig(name))) return make(cfg);
    names += (names.empty() ? "'" : ", '") + name + "'";
  }
  if (names.empty()) throw std::invalid_argument("this program was built without an rtl chip (backends golden and tlm only)");
  throw std::invalid_argument("the rtl backend is built for the configurations " + names + "; '" + cfg.name +
                              "' has other parameters");
}
}  // namespace

void registerRtlChip(const char* name, RtlChipFactory make) { chipRegistry().emplace_back(name, make); }

std::vector<std::string> rtlChips() {
  std::vector<std::string> names;
  for (const auto& chip : chipRegistry()) names.push_back(chip.first);
  return names;
}

RtlBoard::RtlBoard(const ChipConfig& cfg) : impl_(makeImpl(cfg)) {}
RtlBoard::~RtlBoard() = default;
BoardMemory& RtlBoard::memory() { return impl_->mem; }
void RtlBoard::setSramWriteObserver(StackSram::WriteObserver observer) { impl_->sram.setWriteObserver(std::move(observer)); }
uint64_t RtlBoard::cycle() const { return impl_->cycle; }

PciHost& RtlBoard::host() { return *impl_->host; }

namespace {
// A query the Verilated chip takes long over (a mode-first query on touching meshes can
// take tens of millions of cycles, minutes) says how far it is, on a terminal only
// (CC_PROGRESS=1 forces it, =0 silences it): a line rewritten every few seconds.
class WaitProgress {
 public:
  explicit WaitProgress(uint64_t start_cycle) : start_cycle_(start_cycle), on_(enabled()) {}
  ~WaitProgress() {
    if (shown_) std::fputc('\n', stderr);
  }
  void at(uint64_t cycle) {
    if (!on_ || ++polls_ % 256 != 0) return;
    const double s = std::chrono::duration<double>(Clock::now() - t0_).count();
    if (s < next_s_) return;
    next_s_ = s + kEverySeconds;
    const double cycles = static_cast<double>(cycle - start_cycle_);
    std::fprintf(stderr, "\rrtl: %.1f M core cycles into the query, %.0f k cycles/s (CC_PROGRESS=0 hides this) ",
                 cycles / 1e6, cycles / s / 1e3);
    shown_ = true;
  }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr double kEverySeconds = 5.0;
  static bool enabled() {
    if (const char* e = std::getenv("CC_PROGRESS")) return std::string(e) == "1";
    return ::isatty(STDERR_FILENO) == 1;
  }
  uint64_t start_cycle_;
  bool on_;
  bool shown_ = false;
  uint64_t polls_ = 0;
  double next_s_ = kEverySeconds;
  Clock::time_point t0_ = Clock::now();
};
}  // namespace

bool RtlBoard::runUntilInterrupt(uint64_t max_cycles) {
  // The BFM counts PCI clocks; about 4 core cycles (7.69 ns at 130 MHz) pass in one PCI clock (30 ns).
  const uint64_t start = impl_->cycle;
  WaitProgress progress(start);
  while (!impl_->host->intaAsserted()) {
    const uint64_t spent = impl_->cycle - start;
    if (spent >= max_cycles) return false;
    if (spent >= impl_->watchdog) {
      throw std::runtime_error("watchdog: no interrupt after " + std::to_string(spent) + " core cycles (CC_WATCHDOG)");
    }
    impl_->host->idle(64);
    progress.at(impl_->cycle);
  }
  return true;
}

RtlDevice::RtlDevice(const ChipConfig& cfg)
    : board_(cfg), bus_(board_.host(), RtlBoard::kBar0, RtlBoard::kBar1, RtlBoard::kBar1Bytes, "rtl") {}

void RtlDevice::writeMemory(uint32_t addr, const void* data, size_t bytes) {
  const char* env = std::getenv("CC_PCI_UPLOAD");
  if (bytes > pci_upload_limit && !(env && std::string(env) == "1")) {
    if (uint64_t{addr} + bytes > RtlBoard::kBar1Bytes)  // the driver could not reach it over PCI either
      throw std::out_of_range("rtl: board memory write past the " + std::to_string(RtlBoard::kBar1Bytes >> 20) +
                              " MiB BAR1 window");
    board_.memory().write(addr, data, bytes);
    return;
  }
  bus_.writeMemory(addr, data, bytes);
}

std::unique_ptr<Device> makeRtlDevice(const ChipConfig& cfg) {
  return std::make_unique<RtlDevice>(cfg);
}

}  // namespace cc::sim
