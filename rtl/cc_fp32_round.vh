// ---------------------------------------------------------------------------------------
// fp32_round_pack: the last step of the FP32 adder (cc_fp32_add, stage A3) and multiplier
// (cc_fp32_mul, stage M2), one source for both. A normalized significand man (the leading
// one at bit 23) with its guard and sticky bits is rounded to nearest even and packed with
// sign and the biased exponent exp_n (10 bits, signed); an exponent that overflows gives
// the signed infinity, one at or below zero the signed zero (flush to zero, as the golden
// model's FtzScope). Combinational; a function, called where it is used.
// ---------------------------------------------------------------------------------------
function automatic [31:0] fp32_round_pack;
  input        sign;
  input [9:0]  exp_n;
  input [23:0] man;
  input        guard;
  input        stick;
  reg          rnd;
  reg   [24:0] man_r;
  reg   [9:0]  exp_r;
  begin
    rnd   = guard && (stick || man[0]);
    man_r = {1'b0, man} + {24'd0, rnd};
    exp_r = exp_n + {9'd0, man_r[24]};                    // a carry out of the significand
    if ($signed(exp_r) >= $signed(10'sd255))     fp32_round_pack = {sign, 8'hFF, 23'd0};
    else if ($signed(exp_r) <= $signed(10'sd0))  fp32_round_pack = {sign, 31'd0};
    else fp32_round_pack = {sign, exp_r[7:0], man_r[24] ? man_r[23:1] : man_r[22:0]};
  end
endfunction
