// ---------------------------------------------------------------------------------------
// cc_it_bound: the thresholds of the IT-unit's certified decisions (combinational).
//
// Bit-exact with cc::ItBound (model/common/cc/chip_math.h); the derivation is in
// docs/exact_contacts.md. A coordinate of magnitude below 2^k that the IT-unit reads is
// within 2^k_abs + 2^k_rel * max(2^k, 1) of the exact one. From the side's bound (k_abs,
// k_rel, the largest biased exponent of its nine unit-frame coordinates) and an edge's
// largest operand exponent:
//   hopeless  the side's coordinates reach 2^40 or their error 2^-6: every edge uncertain
//   z_thr     |z| > z_thr: z's sign is certain          (2^(max(k_abs, k_rel + S) + 1))
//   uv_thr    u, v beyond +-uv_thr: certain             (2^(F + 3))
//   w_exp     s and rz farther apart than 2^w_exp       (F + 5)
// with S, E = max(exponent - 126, 0) of the side and the edge, k_rel raised to -23 at
// least, and F = max(k_abs + E, k_rel + 2E). Thresholds are floats, exponents clamped to
// [-126, 127].
// ---------------------------------------------------------------------------------------
module cc_it_bound (
  input  wire signed [9:0]  k_abs_i,     // query TRI_ERR_EXP + record err_exp[7:0]
  input  wire signed [7:0]  k_rel_i,     // record err_exp[15:8]
  input  wire        [7:0]  side_exp_i,  // largest biased exponent of the side's coordinates
  input  wire        [7:0]  edge_exp_i,  // largest biased exponent of the edge's operands
  output wire               hopeless_o,
  output wire        [31:0] z_thr_o,
  output wire        [31:0] uv_thr_o,
  output wire signed [11:0] w_exp_o
);

`include "cc_regmap.vh"
  localparam signed [11:0] ErrMax   = $signed(IT_ERR_MAX);    // cc::kItErrMax
  localparam signed [11:0] CoordMax = $signed(IT_COORD_MAX);  // cc::kItCoordMax
  localparam signed [11:0] RelMin   = $signed(IT_REL_MIN);    // cc::kItRelMin

  function automatic signed [11:0] max2(input signed [11:0] a, input signed [11:0] b);
    max2 = a > b ? a : b;
  endfunction
  // E' of a biased exponent: |x| < 2^(exp - 126), at least 2^0.
  function automatic signed [11:0] mag_exp(input [7:0] biased);
    mag_exp = biased > 8'd126 ? $signed({4'd0, biased}) - 12'sd126 : 12'sd0;
  endfunction
  // 2^k as a float, k clamped to [-126, 127].
  function automatic [31:0] pow2(input signed [11:0] k);
    pow2 = k < -12'sd126 ? {9'd1, 23'd0} : k > 12'sd127 ? {9'd254, 23'd0} : {1'b0, k[7:0] + 8'd127, 23'd0};
  endfunction

  wire signed [11:0] k_abs = {{2{k_abs_i[9]}}, k_abs_i};
  wire signed [11:0] k_rel = max2({{4{k_rel_i[7]}}, k_rel_i}, RelMin);
  wire signed [11:0] side  = mag_exp(side_exp_i);
  wire signed [11:0] emag  = mag_exp(edge_exp_i);
  wire signed [11:0] err   = max2(k_abs, k_rel + side);
  wire signed [11:0] f     = max2(k_abs + emag, k_rel + (emag <<< 1));

  assign hopeless_o = ($signed({4'd0, side_exp_i}) - 12'sd126 > CoordMax) || err > ErrMax;
  assign z_thr_o    = pow2(err + 12'sd1);
  assign uv_thr_o   = pow2(f + 12'sd3);
  assign w_exp_o    = f + 12'sd5;

endmodule
