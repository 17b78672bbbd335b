#include "cc/regmap.h"

#include <algorithm>

namespace cc::regs {

const char* errorName(Error e) {
  switch (e) {
    case Error::None: return "none";
    case Error::ListOverflow: return "list overflow (stack SRAM list area full)";
    case Error::StackOverflow: return "stack overflow (traversal deeper than the frame area)";
    case Error::ResultOverflow: return "result overflow (more pairs than RESULT_CAPACITY)";
    case Error::BadPointer: return "bad pointer (misaligned, out of memory or invalid node)";
    case Error::NoRoots: return "no roots (ROOT_A or ROOT_B is zero)";
    case Error::BadConfig: return "bad configuration (a correspondence line reads a DOP slot or register it may not)";
  }
  return "unknown error";
}

// Triangle vertices live in DOP registers 0..8 (V1 xyz, V2 xyz, V3 xyz); a frame change
// writes them to 9..17, the leaf-matrix pass brings them back to 0..8 (paper §4.1).
std::array<uint32_t, CORR_LINES> standardCorrespondence() {
  std::array<uint32_t, CORR_LINES> w{};
  for (uint32_t pass = 0; pass < 3; ++pass) {
    const uint32_t src = pass < 2 ? 0 : 9;
    const uint32_t dst = pass < 2 ? 9 : 0;
    for (uint32_t o = 0; o < 9; ++o) {
      const uint32_t v = o / 3;
      w[kCorrTriPass + pass * 9 + o] = corrPack(src + 3 * v, src + 3 * v + 1, src + 3 * v + 2, dst + o);
    }
  }
  for (uint32_t e = 0; e < 3; ++e) {
    const uint32_t p = 3 * e, q = 3 * ((e + 1) % 3);
    const uint32_t x = 0, y = 1, z = 2;
    const uint32_t base = kCorrIt + e * 5;
    w[base + 0] = corrPack(p + x, q + z, 0, 0);
    w[base + 1] = corrPack(q + x, p + z, 0, 0);
    w[base + 2] = corrPack(p + y, q + z, 0, 0);
    w[base + 3] = corrPack(q + y, p + z, 0, 0);
    w[base + 4] = corrPack(q + z, p + z, 0, 0);
  }
  return w;
}

bool triangleLinesReadOwnRegisters(const std::array<uint32_t, CORR_LINES>& corr) {
  const auto written = [&](uint32_t pass) {
    uint32_t mask = 0;
    for (uint32_t o = 0; o < 9; ++o) mask |= 1u << corrField(corr[kCorrTriPass + pass * 9 + o], 3);
    return mask;
  };
  const auto readsWithin = [&](uint32_t first, uint32_t lines, int fields, uint32_t allowed) {
    for (uint32_t l = first; l < first + lines; ++l) {
      for (int f = 0; f < fields; ++f) {
        if (((allowed >> corrField(corr[l], f)) & 1u) == 0) return false;
      }
    }
    return true;
  };
  const uint32_t vertices = 0x1FF;  // d0..d8
  const uint32_t side_a = vertices | written(0), side_b = vertices | written(1);  // after the frame pass
  const uint32_t leaf = written(2);
  return readsWithin(kCorrTriPass, 18, 3, vertices) && readsWithin(kCorrTriPass + 18, 9, 3, side_a & side_b) &&
         readsWithin(kCorrIt, 15, 2, (side_a | leaf) & (side_b | leaf));
}

std::array<int, 9> leafPassFrameNeeds(const std::array<uint32_t, CORR_LINES>& corr, int side) {
  const uint32_t frame = kCorrTriPass + (side == 0 ? 0u : 9u);
  std::array<int, 9> need{};
  for (uint32_t k = 0; k < 9; ++k) {
    need[k] = -1;
    for (int f = 0; f < 3; ++f) {
      const uint32_t reg = corrField(corr[kCorrTriPass + 18 + k], f);
      for (int o = 8; o >= 0; --o) {
        if (corrField(corr[frame + static_cast<uint32_t>(o)], 3) == reg) {
          need[k] = std::max(need[k], o);
          break;
        }
      }
    }
  }
  return need;
}

}  // namespace cc::regs
