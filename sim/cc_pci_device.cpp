#include "cc_pci_device.h"

#include <cstring>
#include <stdexcept>
#include <vector>

#include "cc/regmap.h"

namespace cc::sim {

namespace {
std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(v));
  return buf;
}
}  // namespace

PciBusDevice::PciBusDevice(PciHost& host, uint32_t bar0, uint32_t bar1, uint32_t bar1_bytes, std::string name)
    : host_(host), bar0_(bar0), bar1_(bar1), bar1_bytes_(bar1_bytes), name_(std::move(name)) {
  if (bar1_bytes_ == 0 || (bar1_bytes_ & (bar1_bytes_ - 1)) || (bar1_ & (bar1_bytes_ - 1)))
    throw std::invalid_argument("PciBusDevice: BAR1 size must be a power of two and BAR1 aligned to it");
  if (bar0_ & (regs::BAR0_BYTES - 1)) throw std::invalid_argument("PciBusDevice: BAR0 not 4 KiB aligned");
}

void PciBusDevice::checkReg(uint32_t off) const {
  if (off >= regs::BAR0_BYTES || (off & 3u))
    throw std::out_of_range("PciBusDevice: register offset " + hex(off) + " is not a word inside BAR0");
}

void PciBusDevice::checkMem(uint32_t addr, size_t bytes) const {
  if (static_cast<uint64_t>(addr) + bytes > bar1_bytes_)
    throw std::out_of_range("PciBusDevice: board memory " + hex(addr) + "+" + hex(bytes) +
                            " lies outside the BAR1 window of " + hex(bar1_bytes_) + " bytes");
}

// Counts the PCI clocks an access takes into bus_clocks_ (on every exit, throws included).
class PciBusDevice::BusMeter {
 public:
  explicit BusMeter(PciBusDevice& d) : d_(d), start_(d.host_.pciCycles()) {}
  ~BusMeter() { d_.bus_clocks_ += d_.host_.pciCycles() - start_; }
  BusMeter(const BusMeter&) = delete;
  BusMeter& operator=(const BusMeter&) = delete;

 private:
  PciBusDevice& d_;
  uint64_t start_;
};

void PciBusDevice::write32(uint32_t off, uint32_t value) {
  checkReg(off);
  const BusMeter meter(*this);
  host_.write32(bar0_ + off, value);
}

void PciBusDevice::writeRegisters(uint32_t off, const uint32_t* values, size_t n) {
  if (n == 0) return;
  if (values == nullptr) throw std::invalid_argument("PciBusDevice::writeRegisters: null values");
  checkReg(off);
  if (uint64_t{off} + 4 * uint64_t{n} > regs::BAR0_BYTES)
    throw std::out_of_range("PciBusDevice: " + std::to_string(n) + " registers from " + hex(off) + " run past BAR0");
  const BusMeter meter(*this);
  host_.memWrite(bar0_ + off, values, n);
}

uint32_t PciBusDevice::read32(uint32_t off) {
  checkReg(off);
  const BusMeter meter(*this);
  return host_.read32(bar0_ + off);
}

void PciBusDevice::writeMemory(uint32_t addr, const void* data, size_t bytes) {
  checkMem(addr, bytes);
  if (bytes == 0) return;
  if (data == nullptr) throw std::invalid_argument("PciBusDevice::writeMemory: null data");
  const BusMeter meter(*this);
  const auto* src = static_cast<const uint8_t*>(data);
  const uint32_t first = addr & ~3u;
  const uint64_t end = static_cast<uint64_t>(addr) + bytes;  // exclusive
  const uint32_t words = static_cast<uint32_t>((end - first + 3) / 4);
  std::vector<uint32_t> buf(words, 0);
  std::memcpy(reinterpret_cast<uint8_t*>(buf.data()) + (addr - first), src, bytes);
  // C/BE# (active low) of a word that only partly lies inside [addr, end).
  auto be_n = [&](uint32_t w) {
    uint8_t n = 0;
    for (uint32_t b = 0; b < 4; ++b) {
      const uint64_t a = first + 4ull * w + b;
      if (a < addr || a >= end) n |= static_cast<uint8_t>(1u << b);
    }
    return n;
  };
  uint32_t lo = 0, hi = words;  // [lo, hi) written as one full-word burst
  if (be_n(0) != 0) {
    host_.memWrite(bar1_ + first, &buf[0], 1, be_n(0));
    lo = 1;
  }
  if (hi > lo && be_n(hi - 1) != 0) {
    host_.memWrite(bar1_ + first + 4 * (hi - 1), &buf[hi - 1], 1, be_n(hi - 1));
    --hi;
  }
  if (hi > lo) host_.memWrite(bar1_ + first + 4 * lo, &buf[lo], hi - lo);
}

void PciBusDevice::readMemory(uint32_t addr, void* data, size_t bytes) {
  checkMem(addr, bytes);
  if (bytes == 0) return;
  if (data == nullptr) throw std::invalid_argument("PciBusDevice::readMemory: null data");
  const BusMeter meter(*this);
  const uint32_t first = addr & ~3u;
  const uint64_t end = static_cast<uint64_t>(addr) + bytes;
  std::vector<uint32_t> buf(static_cast<size_t>((end - first + 3) / 4));
  host_.memRead(bar1_ + first, buf.data(), buf.size());
  std::memcpy(data, reinterpret_cast<const uint8_t*>(buf.data()) + (addr - first), bytes);
}

bool PciBusDevice::waitInterrupt(uint64_t max_cycles) {
  const auto& o = host_.options();
  const uint64_t pci = (max_cycles * o.core_period_ps + o.pci_period_ps - 1) / o.pci_period_ps;
  return host_.waitInterrupt(pci);
}

}  // namespace cc::sim
