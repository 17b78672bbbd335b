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

  // =====================================================================================
  // M1: unpack and multiply
  // =====================================================================================
  wire [7:0]  a_exp = a_in[30:23];
  wire [7:0]  b_exp = b_in[30:23];
  wire        a_zero = (a_exp == 8'd0);                       // DAZ
  wire        b_zero = (b_exp == 8'd0);
  wire        a_inf  = (a_exp == 8'hFF) && (a_in[22:0] == 23'd0);
  wire        b_inf  = (b_exp == 8'hFF) && (b_in[22:0] == 23'd0);
  wire        a_nan  = (a_exp == 8'hFF) && (a_in[22:0] != 23'd0);
  wire        b_nan  = (b_exp == 8'hFF) && (b_in[22:0] != 23'd0);

  reg  [1:0]  m1_cls;
  always @(*) begin
    m1_cls = ClsNum;
    if (a_nan || b_nan || (a_inf && b_zero) || (a_zero && b_inf)) m1_cls = ClsNaN;
    else if (a_inf || b_inf)                                      m1_cls = ClsInf;
    else if (a_zero || b_zero)                                    m1_cls = ClsZero;
  end

  wire        m1_sign = a_in[31] ^ b_in[31];
  wire [47:0] m1_prod = {1'b1, a_in[22:0]} * {1'b1, b_in[22:0]};
  // Biased exponent of the product, signed: ea + eb - 127 lies in [-125, 381].
  wire [9:0]  m1_exp  = {2'b00, a_exp} + {2'b00, b_exp} - 10'd127;

  localparam integer M1Width = 1 + 2 + 48 + 10;
  wire               m2_valid;
  wire [M1Width-1:0] m2_bus;

  cc_pipe_reg #(
    .Width  (M1Width),
    .Enable ((Stages >= 2) ? 1 : 0)
  ) u_cut_a (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (m1_valid),
    .data_i  ({m1_sign, m1_cls, m1_prod, m1_exp}),
    .valid_o (m2_valid),
    .data_o  (m2_bus)
  );

  // =====================================================================================
  // M2: normalize, round, pack
  // =====================================================================================
  wire        m2_sign = m2_bus[60];
  wire [1:0]  m2_cls  = m2_bus[59:58];
  wire [47:0] m2_prod = m2_bus[57:10];
  wire [9:0]  m2_exp  = m2_bus[9:0];

  // The product of two 1.f significands lies in [1, 4): its leading one is bit 47 or 46.
  wire        m2_top   = m2_prod[47];
  wire [23:0] m2_man   = m2_top ? m2_prod[47:24] : m2_prod[46:23];
  wire        m2_guard = m2_top ? m2_prod[23]    : m2_prod[22];
  wire        m2_stick = m2_top ? (|m2_prod[22:0]) : (|m2_prod[21:0]);
  wire [9:0]  m2_exp_n = m2_exp + {9'd0, m2_top};

  // Round to nearest even; a carry out of the significand bumps the exponent.
  wire        m2_rnd   = m2_guard && (m2_stick || m2_man[0]);
  wire [24:0] m2_man_r = {1'b0, m2_man} + {24'd0, m2_rnd};
  wire [9:0]  m2_exp_r = m2_exp_n + {9'd0, m2_man_r[24]};
  wire [22:0] m2_frac  = m2_man_r[24] ? m2_man_r[23:1] : m2_man_r[22:0];

  reg  [31:0] m2_result;
  always @(*) begin
    m2_result = {m2_sign, m2_exp_r[7:0], m2_frac};
    case (m2_cls)
      ClsNaN:  m2_result = QNaN;
      ClsInf:  m2_result = {m2_sign, 8'hFF, 23'd0};
      ClsZero: m2_result = {m2_sign, 31'd0};
      default: begin
        if ($signed(m2_exp_r) >= $signed(10'sd255))   m2_result = {m2_sign, 8'hFF, 23'd0};
        else if ($signed(m2_exp_r) <= $signed(10'sd0)) m2_result = {m2_sign, 31'd0};  // FTZ
      end
    endcase
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
