#include "cc/tlm_device.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "cc/output_file.h"
#include "cc/tlm_chip.h"
#include "cc/tlm_host.h"

// libsystemc.so brings its own main(), which calls sc_main(). The project's programs have
// their own main() and drive the kernel through sc_start(); this definition only resolves
// the library's reference.
int sc_main(int, char*[]) {
  std::fprintf(stderr, "cc_tlm: sc_main is not an entry point of this program\n");
  return 2;
}

namespace cc::tlm {

namespace {

// The one SystemC platform of the process: host initiator -> chip, INTA# back.
struct Platform {
  ChipModel chip{"chip"};
  HostInitiator host{"host"};
  sc_core::sc_signal<bool> inta{"inta"};

  Platform() {
    host.socket.bind(chip.socket);
    chip.inta(inta);
    host.inta(inta);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborate now: nothing may be added later
  }
  static Platform& get() {
    // The banner would land in the middle of the tools' tables.
    setenv("SYSC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    // Never destroyed: SystemC objects must not outlive (or be torn down after) the
    // kernel's own static state at exit.
    static Platform* p = new Platform;
    return *p;
  }
};

class Device final : public TlmDevice {
 public:
  explicit Device(const ChipConfig& cfg) : board_(cfg) {
    // CC_TLM_TRACE=file: the timing model's controller state per chip cycle, as the RTL
    // board's CC_TIMELINE has it (docs/tlm.md).
    if (const char* path = std::getenv("CC_TLM_TRACE"); path != nullptr && *path != 0) {
      trace_ = openForWriting(path, "CC_TLM_TRACE");
      board_.timing.setTrace(trace_.get());
    }
    // CC_TLM_REQUESTS=file: every request for the SDRAM, by what it moves (scripts/request_repeats.py).
    if (const char* path = std::getenv("CC_TLM_REQUESTS"); path != nullptr && *path != 0) {
      requests_ = openForWriting(path, "CC_TLM_REQUESTS");
      board_.timing.setRequestLog(requests_.get());
    }
  }
  ~Device() override {
    Platform& p = Platform::get();
    if (p.chip.attached() == &board_) p.chip.attach(nullptr);
  }
  std::string name() const override { return "tlm"; }
  void write32(uint32_t off, uint32_t v) override {
    metered([&](HostInitiator& h) { h.write32(kBar0Base + off, v); });
  }
  void writeRegisters(uint32_t off, const uint32_t* values, size_t n) override {
    if (n == 0) return;
    metered([&](HostInitiator& h) { h.writeWords(kBar0Base + off, values, n); });
  }
  uint32_t read32(uint32_t off) override {
    uint32_t v = 0;
    metered([&](HostInitiator& h) { v = h.read32(kBar0Base + off); });
    return v;
  }
  void writeMemory(uint32_t addr, const void* data, size_t n) override {
    checkWindow(addr, n);
    metered([&](HostInitiator& h) { h.write(kBar1Base + addr, data, n); });
  }
  void readMemory(uint32_t addr, void* data, size_t n) override {
    checkWindow(addr, n);
    metered([&](HostInitiator& h) { h.read(kBar1Base + addr, data, n); });
  }
  uint64_t busClocks() const override { return std::llround(bus_time_.to_seconds() * board_.cfg.pci_mhz * 1e6); }
  bool waitInterrupt(uint64_t max_cycles) override {
    Platform& p = use();
    const double ns = static_cast<double>(max_cycles) * 1000.0 / board_.cfg.core_mhz;
    return p.host.waitInterrupt(sc_core::sc_time(ns, sc_core::SC_NS));
  }
  const TimingModel& timing() const override { return board_.timing; }
  double simulatedNs() const override { return sc_core::sc_time_stamp().to_seconds() * 1e9; }

 private:
  static void checkWindow(uint32_t addr, size_t n) {
    if (static_cast<uint64_t>(addr) + n > kBar1Bytes) throw std::out_of_range("tlm: access past the 4 GiB memory window");
  }
  // An access on the shared host, its PCI time added to this device's.
  template <typename F>
  void metered(F&& access) {
    HostInitiator& h = use().host;
    const sc_core::sc_time before = h.busTime();
    access(h);
    bus_time_ += h.busTime() - before;
  }
  Platform& use() {
    Platform& p = Platform::get();
    if (p.chip.attached() != &board_) {
      p.host.sync();
      p.chip.attach(&board_);
      p.host.sync();  // let INTA# follow the newly attached board
    }
    return p;
  }
  TlmBoard board_;
  OutputFile trace_, requests_;
  sc_core::sc_time bus_time_ = sc_core::SC_ZERO_TIME;
};

}  // namespace

std::unique_ptr<TlmDevice> makeTlmDevice(const ChipConfig& config) {
  validateConfig(config);
  return std::make_unique<Device>(config);
}

}  // namespace cc::tlm
