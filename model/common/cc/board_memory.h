// Sparse byte-addressed board memory (32-bit addresses, up to 4 GiB addressable, storage
// allocated in 64 KiB pages on first write; unwritten bytes read as zero). It is the
// contents of the DDR SDRAM: the golden and TLM models read it directly, the SDRAM device
// model in sim/ uses it as its array, and the driver's images are written into it.
#pragma once
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace cc {

class BoardMemory {
 public:
  static constexpr uint32_t kPageBits = 16;
  static constexpr uint32_t kPageBytes = 1u << kPageBits;

  void write(uint32_t addr, const void* src, size_t n);
  void read(uint32_t addr, void* dst, size_t n) const {
    const uint32_t off = addr & (kPageBytes - 1);
    if (n > kPageBytes - off) return readAcrossPages(addr, dst, n);
    const uint8_t* p = pageIfPresent(addr >> kPageBits);
    if (p) std::memcpy(dst, p + off, n);
    else std::memset(dst, 0, n);
  }

  uint32_t read32(uint32_t addr) const { uint32_t v; read(addr, &v, 4); return v; }
  float readFloat(uint32_t addr) const { float v; read(addr, &v, 4); return v; }
  void write32(uint32_t addr, uint32_t v) { write(addr, &v, 4); }
  void writeFloat(uint32_t addr, float v) { write(addr, &v, 4); }

  // A hint to the host's caches that the `bytes` from `addr` (inside one page) are read
  // soon. Speed only: the models' reads of node pairs would otherwise mostly miss.
  void prefetch(uint32_t addr, uint32_t bytes = 4) const {
    const uint8_t* p = pageIfPresent(addr >> kPageBits);
    if (!p) return;
    for (uint32_t off = 0; off < bytes; off += 64) __builtin_prefetch(p + ((addr + off) & (kPageBytes - 1)));
  }

  // A stable pointer to the 64 KiB page holding `addr` (allocated and zeroed on first
  // use): the TLM model hands it out as a DMI region. Valid until clear().
  uint8_t* pageData(uint32_t addr) { return page(addr >> kPageBits); }

  void clear() {
    pages_.clear();
    allocated_ = 0;
  }
  size_t pagesAllocated() const { return allocated_; }

 private:
  using Page = std::unique_ptr<uint8_t[]>;
  static constexpr uint32_t kPages = 1u << (32 - kPageBits);
  uint8_t* page(uint32_t index);
  void readAcrossPages(uint32_t addr, void* dst, size_t n) const;
  // The models read the node words one by one: a direct table, no hashing.
  const uint8_t* pageIfPresent(uint32_t index) const { return index < pages_.size() ? pages_[index].get() : nullptr; }
  std::vector<Page> pages_;  // indexed by page number; empty until the first write
  size_t allocated_ = 0;
};

}  // namespace cc
