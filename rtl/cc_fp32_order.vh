// ---------------------------------------------------------------------------------------
// fp32_order: IEEE binary32 comparison with the chip's DAZ rule, as a function, so that a
// unit can compare inside a block it evaluates only when its result is needed (a simulator
// skips the block otherwise).
//
// Matches C++ relational operators on floats under cc::fp32::FtzScope (MXCSR.DAZ makes
// the SSE compare instructions read subnormal operands as zero):
//   - a subnormal or zero operand is 0, and +0 == -0;
//   - NaN is unordered: lt, eq and gt are all 0, unord is 1.
// Result bits: ORD_LT, ORD_EQ, ORD_GT, ORD_UNORD.
// ---------------------------------------------------------------------------------------
localparam integer ORD_LT = 3, ORD_EQ = 2, ORD_GT = 1, ORD_UNORD = 0;

function [3:0] fp32_order;
  input [31:0] a;
  input [31:0] b;
  reg        a_nan, b_nan, a_zero, b_zero, a_neg, b_neg, gt, eq, unord;
  reg [30:0] a_mag, b_mag;
  begin
    a_nan  = (a[30:23] == 8'hFF) && (a[22:0] != 23'd0);
    b_nan  = (b[30:23] == 8'hFF) && (b[22:0] != 23'd0);
    a_zero = (a[30:23] == 8'd0);
    b_zero = (b[30:23] == 8'd0);
    // Magnitude and sign with every zero made +0, so that sign-magnitude order is total.
    a_mag  = a_zero ? 31'd0 : a[30:0];
    b_mag  = b_zero ? 31'd0 : b[30:0];
    a_neg  = a[31] && !a_zero;
    b_neg  = b[31] && !b_zero;
    eq = (a_mag == b_mag) && (a_neg == b_neg);
    if (a_neg != b_neg) gt = b_neg;            // the non-negative one is larger
    else if (!a_neg)    gt = (a_mag > b_mag);
    else                gt = (a_mag < b_mag);  // both negative: larger magnitude is smaller
    unord = a_nan || b_nan;
    fp32_order = {!unord && !gt && !eq, !unord && eq, !unord && gt, unord};
  end
endfunction
