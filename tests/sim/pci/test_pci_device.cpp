// cc::sim::PciBusDevice: the driver's Device interface over the simulated PCI bus, against
// the Verilated target and its test memory. Unaligned uploads and downloads must move
// exactly the bytes asked for (byte enables on the partial words), registers go to BAR0,
// waitInterrupt follows INTA#, and bad offsets fail with a clear error.
#include <gtest/gtest.h>

#include <vector>

#include "cc_pci_device.h"
#include "pci_bench.h"

namespace {

using namespace pcitest;
using cc::sim::PciBusDevice;

TEST(PciBusDevice, UnalignedMemoryRoundTrip) {
  const uint64_t seed = testSeed("PciBusDevice.UnalignedMemoryRoundTrip");
  Bench b({}, seed);
  b.mem_stall_prob = 0.1;
  b.enumerate();
  PciBusDevice dev(*b.host, kBar0, kBar1, kBar1Bytes);
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> shadow(4096);
  for (auto& x : shadow) x = static_cast<uint8_t>(rng());
  dev.writeMemory(0, shadow.data(), shadow.size());
  for (int r = 0; r < 60; ++r) {
    const size_t n = rng() % 70;
    const size_t at = rng() % (shadow.size() - n);
    if (rng() % 2) {
      std::vector<uint8_t> w(n);
      for (auto& x : w) x = static_cast<uint8_t>(rng());
      dev.writeMemory(static_cast<uint32_t>(at), w.data(), n);
      std::copy(w.begin(), w.end(), shadow.begin() + static_cast<long>(at));
    } else {
      std::vector<uint8_t> got(n);
      dev.readMemory(static_cast<uint32_t>(at), got.data(), n);
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], shadow[at + i]) << "round " << r << " byte " << at + i;
    }
  }
  std::vector<uint8_t> all(shadow.size());
  dev.readMemory(0, all.data(), all.size());
  EXPECT_EQ(all, shadow);
}

TEST(PciBusDevice, RegistersInterruptAndBadInput) {
  Bench b;
  b.enumerate();
  PciBusDevice dev(*b.host, kBar0, kBar1, kBar1Bytes);
  EXPECT_EQ(dev.name(), "pci");
  dev.write32(0x14, 0xCAFEF00Du);
  EXPECT_EQ(dev.read32(0x14), 0xCAFEF00Du);
  EXPECT_FALSE(dev.waitInterrupt(100));
  b.top->irq_i = 1;
  EXPECT_TRUE(dev.waitInterrupt(1000));
  EXPECT_THROW(dev.write32(0x1000, 0), std::out_of_range);
  EXPECT_THROW(dev.read32(0x2), std::out_of_range);
  uint8_t x[8] = {};
  EXPECT_THROW(dev.writeMemory(kBar1Bytes - 4, x, 8), std::out_of_range);
  EXPECT_THROW(dev.readMemory(kBar1Bytes, x, 1), std::out_of_range);
  EXPECT_THROW(PciBusDevice(*b.host, kBar0, kBar1 + 4, kBar1Bytes), std::invalid_argument);
}

}  // namespace
