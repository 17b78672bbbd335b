// ---------------------------------------------------------------------------------------
// cc_fp32_mul: IEEE 754 binary32 multiplier of the CollisionChip (contract:
// docs/architecture.md, "Arithmetic").
//
// Bit-exact with cc::fp32::softMul (model/common/fp32.cpp):
//   - round to nearest, ties to even;
//   - DAZ: an input with exponent field 0 (zero or subnormal) is a signed zero;
//   - FTZ with tininess AFTER rounding: the product is rounded to 24 bits as if the
//     exponent range were unbounded and flushed to a signed zero iff that rounded value is
//     below 2^-126 (x86 SSE with MXCSR.FTZ does the same);
//   - NaN in, or Inf x 0, gives the canonical quiet NaN 0x7FC00000; otherwise Inf in gives
//     a signed Inf; overflow after rounding gives a signed Inf.
//
// Pipeline (Stages >= 1; latency = Stages cycles, one operation per cycle):
//
//   a_i,b_i --in reg--> [M1: unpack, classify, 24x24 multiply, exponent sum] --cut A-->
//                       [M2: 1-bit normalize, round RNE, exponent checks, pack] --out reg-->
//                       [Stages-3 extra output registers, for retiming] --> result_o
//
//   Stages = 1: out reg only; 2: cut A + out reg; 3: in reg, cut A + out reg; > 3: extra
//   registers. The input register comes third because the operands arrive from register
//   file reads and forwarding selects (docs/timing.md): in front of M1's multiply, which
//   is the deepest stage of the unit alone, they make the deepest path of the chip.
// ---------------------------------------------------------------------------------------
module cc_fp32_mul #(
  parameter integer Stages = 2
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        valid_i,
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire        valid_o,
  output wire [31:0] result_o
);

  localparam [31:0] QNaN = 32'h7FC0_0000;
`include "cc_fp32_round.vh"

  // Result classes decided before the multiply; only ClsNum goes through rounding.
  localparam [1:0] ClsNum  = 2'd0;
  localparam [1:0] ClsZero = 2'd1;
  localparam [1:0] ClsInf  = 2'd2;
  localparam [1:0] ClsNaN  = 2'd3;

  localparam integer InReg = (Stages >= 3) ? 1 : 0;

  // =====================================================================================
  // Input register (Stages >= 3)
  // =====================================================================================
  wire        m1_valid;
  wire [31:0] a_in, b_in;

  cc_pipe_reg #(
    .Width  (64),
    .Enable (InReg)
  ) u_in (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .data_i  ({a_i, b_i}),
    .valid_o (m1_valid),
    .data_o  ({a_in, b_in})
  );

  // Each stage is a function of its input bus, evaluated only when that bus is valid (the
  // bus is a don't-care otherwise): a simulator skips an idle stage, and synthesis sees
  // the same logic (an 'x default adds no gates).
  localparam integer M1Width = 1 + 2 + 48 + 10;

  // =====================================================================================
  // M1: unpack, classify, multiply, exponent sum. out: {sign, class, product, exponent}
  // =====================================================================================
  function [M1Width-1:0] stage_m1;
    input [31:0] a;
    input [31:0] b;
    reg         a_zero, b_zero, a_inf, b_inf, a_nan, b_nan;
    reg  [1:0]  cls;
    reg  [47:0] sig_prod;
    begin
      a_zero = (a[30:23] == 8'd0);                       // DAZ
      b_zero = (b[30:23] == 8'd0);
      a_inf  = (a[30:23] == 8'hFF) && (a[22:0] == 23'd0);
      b_inf  = (b[30:23] == 8'hFF) && (b[22:0] == 23'd0);
      a_nan  = (a[30:23] == 8'hFF) && (a[22:0] != 23'd0);
      b_nan  = (b[30:23] == 8'hFF) && (b[22:0] != 23'd0);
      cls = ClsNum;
      if (a_nan || b_nan || (a_inf && b_zero) || (a_zero && b_inf)) cls = ClsNaN;
      else if (a_inf || b_inf)                                      cls = ClsInf;
      else if (a_zero || b_zero)                                    cls = ClsZero;
      sig_prod = {1'b1, a[22:0]} * {1'b1, b[22:0]};
      stage_m1 = {a[31] ^ b[31], cls, sig_prod, {2'b00, a[30:23]} + {2'b00, b[30:23]} - 10'd127};
    end
  endfunction

  // =====================================================================================
  // M2: normalize by one bit, round, pack
  // =====================================================================================
  function [31:0] stage_m2;
    input [M1Width-1:0] m1;
    reg         sign, top, guard, stick;
    reg  [1:0]  cls;
    reg  [47:0] sig_prod;
    reg  [9:0]  exp, exp_n;
    reg  [23:0] man;
    begin
      {sign, cls, sig_prod, exp} = m1;
      top   = sig_prod[47];
      man   = top ? sig_prod[47:24] : sig_prod[46:23];
      guard = top ? sig_prod[23]    : sig_prod[22];
      stick = top ? (|sig_prod[22:0]) : (|sig_prod[21:0]);
      exp_n = exp + {9'd0, top};
      case (cls)
        ClsNaN:  stage_m2 = QNaN;
        ClsInf:  stage_m2 = {sign, 8'hFF, 23'd0};
        ClsZero: stage_m2 = {sign, 31'd0};
        default: stage_m2 = fp32_round_pack(sign, exp_n, man, guard, stick);
      endcase
    end
  endfunction

  reg  [M1Width-1:0] m1_bus;
  always @(*) begin
    m1_bus = {M1Width{1'bx}};
    if (m1_valid) m1_bus = stage_m1(a_in, b_in);
  end

  wire               m2_valid;
  wire [M1Width-1:0] m2_in;
  cc_pipe_reg #(
    .Width  (M1Width),
    .Enable ((Stages >= 2) ? 1 : 0)
  ) u_cut_a (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (m1_valid),
    .data_i  (m1_bus),
    .valid_o (m2_valid),
    .data_o  (m2_in)
  );

  reg  [31:0] m2_result;
  always @(*) begin
    m2_result = 32'bx;
    if (m2_valid) m2_result = stage_m2(m2_in);
  end

  cc_delay #(
    .Width (32),
    .Depth ((Stages >= 2) ? Stages - 1 - InReg : 1)
  ) u_out (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (m2_valid),
    .data_i  (m2_result),
    .valid_o (valid_o),
    .data_o  (result_o)
  );

  // =====================================================================================
  // Assertions: the chip never emits a subnormal or a non-canonical NaN.
  // =====================================================================================
`ifndef SYNTHESIS
  initial begin
    assert (Stages >= 1) else $fatal(1, "cc_fp32_mul: Stages must be >= 1");
  end
  always @(posedge clk_i) begin
    if (valid_o) begin  // valid_o is held low by the asynchronous reset
      assert (result_o[30:23] != 8'd0 || result_o[22:0] == 23'd0)
        else $error("cc_fp32_mul: subnormal result %h", result_o);
      assert (result_o[30:23] != 8'hFF || result_o[22:0] == 23'd0 || result_o == QNaN)
        else $error("cc_fp32_mul: non-canonical NaN %h", result_o);
    end
  end
`endif

endmodule
