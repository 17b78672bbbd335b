// ---------------------------------------------------------------------------------------
// cc_dotadd: the DOTADD unit (paper §4.1, Figure 5; docs/architecture.md, "Arithmetic").
//
//   d' = (dk*c0 + dm*c1) + (dn*c2 + c)         in exactly this order, every product and
//                                             every sum rounded (cc::fp32::dotadd)
//
// Fully pipelined: one operation per cycle, no stalls, latency exactly Stages cycles. A
// tag (the destination index, Address Generator 3 of the paper) travels alongside, so the
// result arrives with the index it must be written to. There is no ready: the unit never
// refuses an operation; the issuing address generator owns the flow.
//
// Stage mapping (Stages = S >= 3; AddStages = max(1, S/3), MulStages = S - 2*AddStages):
//
//              +--------+                                      paper's S = 6:
//   dk,c0 ---->| MUL    |--p0--+   +--------+                    MUL  2 stages (M1 M2)
//   dm,c1 ---->| MUL    |--p1--+-->| ADD s0 |--+   +--------+    ADD  2 stages (A1, A2+A3)
//   dn,c2 ---->| MUL    |--p2--+   |        |  +-->| ADD    |--> ADD  2 stages (A1, A2+A3)
//   c    ----->| delay  |--c---+-->| ADD s1 |--+   |  d'    |
//   tag  ----->| delay  |-------------------------->| delay  |--> tag_o
//              +--------+          +--------+       +--------+
//              MulStages           AddStages        AddStages
//
//   S:          3  4  5  6  7  8  9
//   MulStages:  1  2  3  2  3  4  3
//   AddStages:  1  1  1  2  2  2  3
// ---------------------------------------------------------------------------------------
module cc_dotadd #(
  parameter integer Stages   = 6,
  // Default = the core's tag {look-ahead engine's, node, output index}.
  parameter integer TagWidth = 7
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                valid_i,
  input  wire [31:0]         dk_i,
  input  wire [31:0]         dm_i,
  input  wire [31:0]         dn_i,
  input  wire [31:0]         c0_i,
  input  wire [31:0]         c1_i,
  input  wire [31:0]         c2_i,
  input  wire [31:0]         c_i,
  input  wire [TagWidth-1:0] tag_i,
  output wire                valid_o,
  output wire [31:0]         result_o,
  output wire [TagWidth-1:0] tag_o
);

  localparam integer AddStages = (Stages / 3 >= 1) ? Stages / 3 : 1;
  localparam integer MulStages = Stages - 2 * AddStages;

  // =====================================================================================
  // Products; c and the tag wait alongside
  // =====================================================================================
  wire [2:0]  mul_valid;
  wire [31:0] prod [0:2];
  wire [31:0] mul_a [0:2];
  wire [31:0] mul_b [0:2];

  assign mul_a[0] = dk_i;  assign mul_b[0] = c0_i;
  assign mul_a[1] = dm_i;  assign mul_b[1] = c1_i;
  assign mul_a[2] = dn_i;  assign mul_b[2] = c2_i;

  genvar m;
  generate
    for (m = 0; m < 3; m = m + 1) begin : g_mul
      cc_fp32_mul #(
        .Stages (MulStages)
      ) u_mul (
        .clk_i    (clk_i),
        .rst_ni   (rst_ni),
        .valid_i  (valid_i),
        .a_i      (mul_a[m]),
        .b_i      (mul_b[m]),
        .valid_o  (mul_valid[m]),
        .result_o (prod[m])
      );
    end
  endgenerate

  wire                c_valid;
  wire [31:0]         c_q;
  wire [TagWidth-1:0] tag_mul;

  cc_delay #(
    .Width (32 + TagWidth),
    .Depth (MulStages)
  ) u_c_delay (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .data_i  ({c_i, tag_i}),
    .valid_o (c_valid),
    .data_o  ({c_q, tag_mul})
  );

  // =====================================================================================
  // First adder level: s0 = p0 + p1, s1 = p2 + c
  // =====================================================================================
  wire [1:0]          sum_valid;
  wire [31:0]         s0, s1;
  wire                tag_add_valid;
  wire [TagWidth-1:0] tag_add;

  cc_fp32_add #(
    .Stages (AddStages)
  ) u_add_s0 (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (mul_valid[0]),
    .sub_i    (1'b0),
    .a_i      (prod[0]),
    .b_i      (prod[1]),
    .valid_o  (sum_valid[0]),
    .result_o (s0)
  );

  cc_fp32_add #(
    .Stages (AddStages)
  ) u_add_s1 (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (mul_valid[2]),
    .sub_i    (1'b0),
    .a_i      (prod[2]),
    .b_i      (c_q),
    .valid_o  (sum_valid[1]),
    .result_o (s1)
  );

  cc_delay #(
    .Width (TagWidth),
    .Depth (AddStages)
  ) u_tag_delay_a (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (c_valid),
    .data_i  (tag_mul),
    .valid_o (tag_add_valid),
    .data_o  (tag_add)
  );

  // =====================================================================================
  // Second adder level: d' = s0 + s1
  // =====================================================================================
  wire tag_out_valid;

  cc_fp32_add #(
    .Stages (AddStages)
  ) u_add_out (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (sum_valid[0]),
    .sub_i    (1'b0),
    .a_i      (s0),
    .b_i      (s1),
    .valid_o  (valid_o),
    .result_o (result_o)
  );

  cc_delay #(
    .Width (TagWidth),
    .Depth (AddStages)
  ) u_tag_delay_b (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (tag_add_valid),
    .data_i  (tag_add),
    .valid_o (tag_out_valid),
    .data_o  (tag_o)
  );

  // =====================================================================================
  // Assertions: all parallel lanes move in lock step (a broken cut count would skew them).
  // =====================================================================================
`ifndef SYNTHESIS
  initial begin
    assert (Stages >= 3) else $fatal(1, "cc_dotadd: Stages must be >= 3 (got %0d)", Stages);
    assert (MulStages >= 1 && AddStages >= 1) else $fatal(1, "cc_dotadd: bad stage split");
  end
  always @(posedge clk_i) begin
    assert (mul_valid == {3{mul_valid[0]}} && c_valid == mul_valid[0])
      else $error("cc_dotadd: product lanes out of step");
    assert (sum_valid[0] == sum_valid[1] && tag_add_valid == sum_valid[0])
      else $error("cc_dotadd: sum lanes out of step");
    assert (tag_out_valid == valid_o) else $error("cc_dotadd: tag out of step");
  end
`endif

endmodule
