// The timing cc_sdram_rtl_slow is Verilated with (tests/sim/CMakeLists.txt, -GTRp=3 ...):
// one definition for the tests that drive that variant.
#pragma once
#include "cc/config.h"

namespace cc::sim {

inline ChipConfig slowSdramConfig() {
  ChipConfig c;
  c.name = "slow-test";
  c.t_rp = 3;
  c.t_rcd = 3;
  c.t_cl = 3;
  c.t_cwl = 2;
  c.t_wr = 3;
  c.t_ras = 7;
  c.t_turn = 2;
  return c;
}

}  // namespace cc::sim
