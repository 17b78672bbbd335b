// ---------------------------------------------------------------------------------------
// fp32_step: a float moved toward zero / away from zero by at least 2^k, by stepping its
// bit pattern (combinational; a function, called where it is used). Bit-exact with
// cc::fp32ShrinkBy and cc::fp32GrowBy (model/common/cc/chip_math.h); the IT-unit compares
// with these instead of subtracting.
//   shrunk: |r| in [2^e, 2^(e+1)), e >= k + 2: |r| minus max(1, 2^(k - e + 24)) ulps of the
//           pattern (each step at least 2^(e-24)); else the infinity of the other sign.
//   grown:  |r| plus max(1, 2^(k - e + 23)) (each step at least 2^(e-23)), saturating at
//           infinity; infinity when k - e + 23 > 30.
// Result: {shrunk, grown}.
// ---------------------------------------------------------------------------------------
function automatic [63:0] fp32_step;
  input        [31:0] r;
  input signed [11:0] k;
  reg               sign;
  reg        [30:0] mag, n_down;
  reg signed [11:0] e, sh_down, sh_up;
  reg        [31:0] n_up, up;
  begin
    sign    = r[31];
    mag     = r[30:0];
    e       = $signed({4'd0, mag[30:23]}) - 12'sd127;
    sh_down = k - e + 12'sd24;
    sh_up   = k - e + 12'sd23;
    n_down  = sh_down <= 12'sd0 ? 31'd1 : (31'd1 << sh_down[4:0]);
    n_up    = sh_up <= 12'sd0 ? 32'd1 : (32'd1 << sh_up[4:0]);
    up      = {1'b0, mag} + n_up;
    fp32_step = {(mag == 31'd0 || e < k + 12'sd2) ? {!sign, 8'hFF, 23'd0} : {sign, mag - n_down},
                 (sh_up > 12'sd30 || up > 32'h7F80_0000) ? {sign, 8'hFF, 23'd0} : {sign, up[30:0]}};
  end
endfunction
