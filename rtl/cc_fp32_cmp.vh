// FP32 comparisons as the chip makes them (cc/chip_math.h): subnormal operands compare as
// zero (DAZ), +0 equals -0, and any comparison with a NaN is false. Include inside a module
// body. A number is mapped to a signed 33-bit key that orders like its value.
function automatic signed [32:0] fp32_key(input [31:0] a);
  if (a[30:23] == 8'd0) fp32_key = 33'sd0;
  else if (a[31]) fp32_key = -$signed({2'b00, a[30:0]});
  else fp32_key = $signed({2'b00, a[30:0]});
endfunction

function automatic fp32_is_nan(input [31:0] a);
  fp32_is_nan = (a & 32'h7FFF_FFFF) > 32'h7F80_0000;  // exponent all ones, fraction non-zero
endfunction

// a > b
function automatic fp32_gt(input [31:0] a, input [31:0] b);
  fp32_gt = !fp32_is_nan(a) && !fp32_is_nan(b) && (fp32_key(a) > fp32_key(b));
endfunction

// a >= b
function automatic fp32_ge(input [31:0] a, input [31:0] b);
  fp32_ge = !fp32_is_nan(a) && !fp32_is_nan(b) && (fp32_key(a) >= fp32_key(b));
endfunction
