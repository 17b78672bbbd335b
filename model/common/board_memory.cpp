#include "cc/board_memory.h"

#include <algorithm>
#include <stdexcept>

namespace cc {

uint8_t* BoardMemory::page(uint32_t index) {
  if (pages_.empty()) pages_.resize(kPages);
  auto& p = pages_[index];
  if (!p) {
    p.reset(new uint8_t[kPageBytes]);
    std::memset(p.get(), 0, kPageBytes);
    ++allocated_;
  }
  return p.get();
}

void BoardMemory::write(uint32_t addr, const void* src, size_t n) {
  if (static_cast<uint64_t>(addr) + n > (1ull << 32)) throw std::out_of_range("BoardMemory::write past 4 GiB");
  const auto* s = static_cast<const uint8_t*>(src);
  while (n > 0) {
    const uint32_t off = addr & (kPageBytes - 1);
    const size_t chunk = std::min<size_t>(n, kPageBytes - off);
    std::memcpy(page(addr >> kPageBits) + off, s, chunk);
    s += chunk;
    n -= chunk;
    addr += static_cast<uint32_t>(chunk);
  }
}

void BoardMemory::readAcrossPages(uint32_t addr, void* dst, size_t n) const {
  if (static_cast<uint64_t>(addr) + n > (1ull << 32)) throw std::out_of_range("BoardMemory::read past 4 GiB");
  auto* d = static_cast<uint8_t*>(dst);
  while (n > 0) {
    const uint32_t off = addr & (kPageBytes - 1);
    const size_t chunk = std::min<size_t>(n, kPageBytes - off);
    const uint8_t* p = pageIfPresent(addr >> kPageBits);
    if (p) std::memcpy(d, p + off, chunk); else std::memset(d, 0, chunk);
    d += chunk;
    n -= chunk;
    addr += static_cast<uint32_t>(chunk);
  }
}

}  // namespace cc
