// ---------------------------------------------------------------------------------------
// it_bound: the thresholds of the IT-unit's certified decisions, as a function, so that the
// IT-unit computes them only in the cycles that use them (combinational).
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
// [-126, 127]. Result: {hopeless, z_thr, uv_thr, w_exp}; IT_BOUND_* name the fields.
// Needs cc_regmap.vh (IT_ERR_MAX, IT_COORD_MAX, IT_REL_MIN).
// ---------------------------------------------------------------------------------------
localparam integer IT_BOUND_W = 1 + 32 + 32 + 12;

// max(a, b) of two signed exponents
function automatic signed [11:0] it_max2(input signed [11:0] a, input signed [11:0] b);
  it_max2 = a > b ? a : b;
endfunction
// E' of a biased exponent: |x| < 2^(exp - 126), at least 2^0.
function automatic signed [11:0] it_mag_exp(input [7:0] biased);
  it_mag_exp = biased > 8'd126 ? $signed({4'd0, biased}) - 12'sd126 : 12'sd0;
endfunction
// 2^k as a float, k clamped to [-126, 127].
function automatic [31:0] it_pow2(input signed [11:0] k);
  it_pow2 = k < -12'sd126 ? {9'd1, 23'd0} : k > 12'sd127 ? {9'd254, 23'd0} : {1'b0, k[7:0] + 8'd127, 23'd0};
endfunction

function automatic [IT_BOUND_W-1:0] it_bound;
  input signed [9:0] k_abs_in;     // query TRI_ERR_EXP + record err_exp[7:0]
  input signed [7:0] k_rel_in;     // record err_exp[15:8]
  input        [7:0] side_exp;     // largest biased exponent of the side's coordinates
  input        [7:0] edge_exp;     // largest biased exponent of the edge's operands
  reg signed [11:0] k_abs, k_rel, side, emag, err, f;
  reg               hopeless;
  begin
    k_abs = {{2{k_abs_in[9]}}, k_abs_in};
    k_rel = it_max2({{4{k_rel_in[7]}}, k_rel_in}, $signed(IT_REL_MIN));   // cc::kItRelMin
    side  = it_mag_exp(side_exp);
    emag  = it_mag_exp(edge_exp);
    err   = it_max2(k_abs, k_rel + side);
    f     = it_max2(k_abs + emag, k_rel + (emag <<< 1));
    hopeless = ($signed({4'd0, side_exp}) - 12'sd126 > $signed(IT_COORD_MAX)) ||   // cc::kItCoordMax
               err > $signed(IT_ERR_MAX);                                          // cc::kItErrMax
    it_bound = {hopeless, it_pow2(err + 12'sd1), it_pow2(f + 12'sd3), f + 12'sd5};
  end
endfunction
