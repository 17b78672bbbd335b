// The configurations the Verilated SDRAM controllers of tests/sim are built with.
// cc_sdram_rtl: the RTL's defaults (refreshing, as every configuration).
// cc_sdram_rtl_slow: tests/sim/CMakeLists.txt's
// CC_SDRAM_SLOW_TIMING, handed to the tests that link that variant as CC_SLOW_<param>.
#pragma once
#include "cc/config.h"

namespace cc::sim {

inline ChipConfig rtlDefaultSdramConfig() {
  ChipConfig c;
  c.name = "rtl-defaults";
  return c;
}

inline ChipConfig slowSdramConfig() {
  ChipConfig c = rtlDefaultSdramConfig();
  c.name = "slow-test";
  c.t_rp = CC_SLOW_TRp;
  c.t_rcd = CC_SLOW_TRcd;
  c.t_cl = CC_SLOW_TCl;
  c.t_cwl = CC_SLOW_TCwl;
  c.t_wr = CC_SLOW_TWr;
  c.t_ras = CC_SLOW_TRas;
  c.t_turn = CC_SLOW_TTurn;
  return c;
}

}  // namespace cc::sim
