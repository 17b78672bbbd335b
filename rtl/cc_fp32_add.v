// ---------------------------------------------------------------------------------------
// cc_fp32_add: IEEE 754 binary32 adder (and, with sub_i, subtractor) of the CollisionChip.
//
// Bit-exact with cc::fp32::softAdd (model/common/fp32.cpp); sub_i = 1 computes a - b as
// softAdd(a, b ^ 0x80000000), which is what IEEE subtraction is (also for NaN: any NaN in
// gives the canonical 0x7FC00000, so the flipped sign of a NaN b does not matter).
//   - round to nearest, ties to even; DAZ on inputs; FTZ with tininess after rounding
//     (a sum below 2^-126 can only come from cancellation and is then exact, so here the
//     flush rule reduces to "exponent <= 0 gives a zero with the sign of the larger
//     operand", exactly as softAdd's roundPack does);
//   - x + (-x) = +0, (-0) + (-0) = -0, 0 + y = y; Inf - Inf and NaN in give 0x7FC00000.
//
// Datapath: the operand with the larger magnitude is "big"; the small significand is
// aligned with a guard, a round and a sticky bit (27 bits), which is enough for correct
// RNE in both effective addition and subtraction (when bits are shifted into the sticky
// position the exponents differ by >= 2 and the result needs at most one left shift).
//
// Pipeline (Stages >= 1; latency = Stages cycles, one operation per cycle):
//
//   a_i,b_i,sub_i --> [A1: unpack, specials, swap, align] --cut A-->
//                     [A2: 28-bit add/subtract]          --cut B-->
//                     [A3: leading-zero count, normalize, round RNE, pack] --out reg-->
//                     [Stages-3 extra output registers, for retiming] --> result_o
//
//   Stages = 1: out reg only; 2: cut A + out; 3: cut A, cut B + out; > 3: extra registers.
// ---------------------------------------------------------------------------------------
module cc_fp32_add #(
  parameter integer Stages = 2
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        valid_i,
  input  wire        sub_i,      // 1: a_i - b_i
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire        valid_o,
  output wire [31:0] result_o
);

  localparam [31:0] QNaN = 32'h7FC0_0000;
`include "cc_fp32_round.vh"

  // Leading zeros of a 27-bit vector (27 when it is all zero): a marker one below it makes
  // 32 bits, whose leading zeros are counted by halving (16, 8, 4, 2, 1). Five steps instead
  // of a scan of 27 bits, which a simulator would run every cycle in every adder.
  function [4:0] lzc27;
    input [26:0] v;
    reg   [31:0] w;
    begin
      w = {v, 5'b10000};
      lzc27 = 5'd0;
      if (w[31:16] == 16'd0) begin lzc27[4] = 1'b1; w = w << 16; end
      if (w[31:24] == 8'd0)  begin lzc27[3] = 1'b1; w = w << 8;  end
      if (w[31:28] == 4'd0)  begin lzc27[2] = 1'b1; w = w << 4;  end
      if (w[31:30] == 2'd0)  begin lzc27[1] = 1'b1; w = w << 2;  end
      if (!w[31])                  lzc27[0] = 1'b1;
    end
  endfunction

  // Each stage is a function of its input bus, evaluated only when that bus is valid (the
  // bus is a don't-care otherwise): a simulator skips an idle stage, and synthesis sees
  // the same logic (an 'x default adds no gates).
  localparam integer A1Width = 1 + 32 + 1 + 1 + 8 + 27 + 27;
  localparam integer A2Width = 1 + 32 + 1 + 8 + 28;

  // =====================================================================================
  // A1: unpack, special cases, swap, align
  //   out: {spec, spec_val, sign, eff_sub, exp, big_ext, small_ext}
  // =====================================================================================
  function [A1Width-1:0] stage_a1;
    input [31:0] x;
    input [31:0] y;
    reg         x_zero, y_zero, x_inf, y_inf, x_nan, y_nan, spec, x_big;
    reg  [31:0] spec_val, op_big, op_small;
    reg  [7:0]  exp_diff;
    reg  [4:0]  shamt;
    reg  [53:0] small_sh;
    reg  [26:0] big_ext, small_ext;
    begin
      x_zero = (x[30:23] == 8'd0);                    // DAZ
      y_zero = (y[30:23] == 8'd0);
      x_inf  = (x[30:23] == 8'hFF) && (x[22:0] == 23'd0);
      y_inf  = (y[30:23] == 8'hFF) && (y[22:0] == 23'd0);
      x_nan  = (x[30:23] == 8'hFF) && (x[22:0] != 23'd0);
      y_nan  = (y[30:23] == 8'hFF) && (y[22:0] != 23'd0);
      // Results that need no arithmetic, in softAdd's order of precedence.
      spec     = 1'b1;
      spec_val = QNaN;
      if (x_nan || y_nan)        spec_val = QNaN;
      else if (x_inf && y_inf)   spec_val = (x[31] == y[31]) ? {x[31], 8'hFF, 23'd0} : QNaN;
      else if (x_inf)            spec_val = {x[31], 8'hFF, 23'd0};
      else if (y_inf)            spec_val = {y[31], 8'hFF, 23'd0};
      else if (x_zero && y_zero) spec_val = {x[31] & y[31], 31'd0};
      else if (x_zero)           spec_val = y;
      else if (y_zero)           spec_val = x;
      else                       spec     = 1'b0;
      // For two normal numbers, comparing {exponent, fraction} compares magnitudes.
      x_big    = (x[30:0] >= y[30:0]);
      op_big   = x_big ? x : y;
      op_small = x_big ? y : x;
      exp_diff = op_big[30:23] - op_small[30:23];
      // Shifts of 27 or more leave only the sticky bit.
      shamt    = (exp_diff > 8'd27) ? 5'd27 : exp_diff[4:0];
      small_sh = {1'b1, op_small[22:0], 3'b000, 27'd0} >> shamt;
      //  big_ext / small_ext: [26:3] significand, [2] guard, [1] round, [0] sticky
      big_ext   = {1'b1, op_big[22:0], 3'b000};
      small_ext = {small_sh[53:28], small_sh[27] | (|small_sh[26:0])};
      stage_a1  = {spec, spec_val, op_big[31], op_big[31] ^ op_small[31], op_big[30:23], big_ext,
                   small_ext};
    end
  endfunction

  // =====================================================================================
  // A2: add or subtract the aligned significands (big >= small, so no negative result)
  //   out: {spec, spec_val, sign, exp, sum}
  // =====================================================================================
  function [A2Width-1:0] stage_a2;
    input [A1Width-1:0] a1;
    reg [26:0] big_sig, small_sig;
    reg [27:0] sum;
    begin
      big_sig   = a1[53:27];
      small_sig = a1[26:0];
      sum       = a1[62] ? ({1'b0, big_sig} - {1'b0, small_sig}) : ({1'b0, big_sig} + {1'b0, small_sig});
      stage_a2 = {a1[96:63], a1[61:54], sum};
    end
  endfunction

  // =====================================================================================
  // A3: normalize, round, pack
  // =====================================================================================
  function [31:0] stage_a3;
    input [A2Width-1:0] a2;
    reg         spec, sign, guard, stick;
    reg  [31:0] spec_val;
    reg  [7:0]  exp;
    reg  [27:0] sum;
    reg  [4:0]  lz;
    reg  [26:0] norm;
    reg  [23:0] man;
    reg  [9:0]  exp_n;
    begin
      {spec, spec_val, sign, exp, sum} = a2;
      // A carry (bit 27) shifts right by one, keeping the lost bit in sticky; otherwise the
      // leading one is moved up to bit 26.
      lz    = lzc27(sum[26:0]);
      norm  = sum[26:0] << lz;
      man   = sum[27] ? sum[27:4] : norm[26:3];
      guard = sum[27] ? sum[3]    : norm[2];
      stick = sum[27] ? (|sum[2:0]) : (|norm[1:0]);
      exp_n = sum[27] ? ({2'b00, exp} + 10'd1) : ({2'b00, exp} - {5'd0, lz});
      if (spec)              stage_a3 = spec_val;
      else if (sum == 28'd0) stage_a3 = 32'd0;  // x + (-x) = +0
      else                   stage_a3 = fp32_round_pack(sign, exp_n, man, guard, stick);
    end
  endfunction

  reg  [A1Width-1:0] a1_bus;
  always @(*) begin
    a1_bus = {A1Width{1'bx}};
    if (valid_i) a1_bus = stage_a1(a_i, {b_i[31] ^ sub_i, b_i[30:0]});
  end

  wire               a2_valid;
  wire [A1Width-1:0] a2_in;
  cc_pipe_reg #(
    .Width  (A1Width),
    .Enable ((Stages >= 2) ? 1 : 0)
  ) u_cut_a (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .data_i  (a1_bus),
    .valid_o (a2_valid),
    .data_o  (a2_in)
  );

  reg  [A2Width-1:0] a2_bus;
  always @(*) begin
    a2_bus = {A2Width{1'bx}};
    if (a2_valid) a2_bus = stage_a2(a2_in);
  end

  wire               a3_valid;
  wire [A2Width-1:0] a3_in;
  cc_pipe_reg #(
    .Width  (A2Width),
    .Enable ((Stages >= 3) ? 1 : 0)
  ) u_cut_b (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (a2_valid),
    .data_i  (a2_bus),
    .valid_o (a3_valid),
    .data_o  (a3_in)
  );

  reg  [31:0] a3_result;
  always @(*) begin
    a3_result = 32'bx;
    if (a3_valid) a3_result = stage_a3(a3_in);
  end

  cc_delay #(
    .Width (32),
    .Depth ((Stages >= 3) ? Stages - 2 : 1)
  ) u_out (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (a3_valid),
    .data_i  (a3_result),
    .valid_o (valid_o),
    .data_o  (result_o)
  );

  // =====================================================================================
  // Assertions: the chip never emits a subnormal or a non-canonical NaN.
  // =====================================================================================
`ifndef SYNTHESIS
  initial begin
    assert (Stages >= 1) else $fatal(1, "cc_fp32_add: Stages must be >= 1");
  end
  always @(posedge clk_i) begin
    if (valid_o) begin  // valid_o is held low by the asynchronous reset
      assert (result_o[30:23] != 8'd0 || result_o[22:0] == 23'd0)
        else $error("cc_fp32_add: subnormal result %h", result_o);
      assert (result_o[30:23] != 8'hFF || result_o[22:0] == 23'd0 || result_o == QNaN)
        else $error("cc_fp32_add: non-canonical NaN %h", result_o);
    end
  end
`endif

endmodule
