// ---------------------------------------------------------------------------------------
// cc_fp32_cmp: combinational IEEE binary32 comparison with the chip's DAZ rule
// (fp32_order, rtl/cc_fp32_order.vh, as a module: +0 == -0, subnormal == 0, NaN unordered).
// Used by the IT-unit (Eq. 4); the comparator bank (Eq. 2) calls the function itself.
// ---------------------------------------------------------------------------------------
module cc_fp32_cmp (
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire        lt_o,
  output wire        eq_o,
  output wire        gt_o,
  output wire        unord_o
);

`include "cc_fp32_order.vh"

  wire [3:0] order = fp32_order(a_i, b_i);
  assign lt_o    = order[ORD_LT];
  assign eq_o    = order[ORD_EQ];
  assign gt_o    = order[ORD_GT];
  assign unord_o = order[ORD_UNORD];

endmodule
