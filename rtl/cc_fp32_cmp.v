// ---------------------------------------------------------------------------------------
// cc_fp32_cmp: combinational IEEE binary32 comparison with the chip's DAZ rule.
//
// Matches C++ relational operators on floats under cc::fp32::FtzScope (MXCSR.DAZ makes
// the SSE compare instructions read subnormal operands as zero):
//   - a subnormal or zero operand is 0, and +0 == -0;
//   - NaN is unordered: lt, eq and gt are all 0, unord_o is 1.
// Used by the comparator bank (paper Eq. 2) and the IT-unit (Eq. 4).
// ---------------------------------------------------------------------------------------
module cc_fp32_cmp (
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire        lt_o,
  output wire        eq_o,
  output wire        gt_o,
  output wire        unord_o
);

  wire        a_nan  = (a_i[30:23] == 8'hFF) && (a_i[22:0] != 23'd0);
  wire        b_nan  = (b_i[30:23] == 8'hFF) && (b_i[22:0] != 23'd0);
  wire        a_zero = (a_i[30:23] == 8'd0);
  wire        b_zero = (b_i[30:23] == 8'd0);

  // Magnitude and sign with every zero made +0, so that sign-magnitude order is total.
  wire [30:0] a_mag  = a_zero ? 31'd0 : a_i[30:0];
  wire [30:0] b_mag  = b_zero ? 31'd0 : b_i[30:0];
  wire        a_neg  = a_i[31] && !a_zero;
  wire        b_neg  = b_i[31] && !b_zero;

  reg gt, eq;
  always @(*) begin
    eq = (a_mag == b_mag) && (a_neg == b_neg);
    if (a_neg != b_neg) gt = b_neg;            // the non-negative one is larger
    else if (!a_neg)    gt = (a_mag > b_mag);
    else                gt = (a_mag < b_mag);  // both negative: larger magnitude is smaller
  end

  assign unord_o = a_nan || b_nan;
  assign eq_o    = !unord_o && eq;
  assign gt_o    = !unord_o && gt;
  assign lt_o    = !unord_o && !gt && !eq;

endmodule
