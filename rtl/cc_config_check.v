// =======================================================================================
// cc_config_check: what a query start finds wrong with its configuration, in the golden
// model's order (cc::golden::Chip::start): no roots, a bad correspondence file
// (BadConfig), a bad root or result pointer. The controller looks at it in S_INIT only,
// two cycles or more after the host's START write, while the register files cannot change
// (the host writes them only while the chip is idle): so the result is registered, the
// check of the registers as they were a cycle before, which takes its 80-100 gate levels
// out of the query start's path (docs/timing.md) and costs no cycle.
//
// BadConfig has two rules:
//   - a DOP-transform line (0..23) names a slot above 23 (a k-DOP has 24 slab bounds);
//   - a triangle line reads a DOP register its side has not written itself
//     (cc::regs::triangleLinesReadOwnRegisters): so side B may run in a file of its own.
//     Readable: d0..d8 (the vertices) for the frame passes; for the leaf-matrix pass also
//     what both frame passes wrote; for the IT-unit's lines also what the leaf-matrix
//     pass wrote (its third operand field is not an operand and is not checked).
// =======================================================================================
module cc_config_check #(
  parameter integer BoardBytesLog2 = 30
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [66*20-1:0] corr_i,           // the correspondence file (cc_core_regs)
  input  wire [31:0]      root_a_i,
  input  wire [31:0]      root_b_i,
  input  wire [31:0]      result_base_i,
  output reg  [3:0]       err_o              // ERR_NONE or the first error (registered)
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam [32:0] BoardBytes = 33'd1 << BoardBytesLog2;
`include "cc_board_ptr.vh"

  localparam integer PassLine = CORR_TRI_PASS;   // 24: A frame, 33: B frame, 42: leaf matrix
  localparam integer ItLine   = CORR_IT;         // 51..65: the IT-unit's operand pairs
  localparam integer Lines    = REG_CORR_LINES;
  localparam [31:0]  Verts    = 32'h0000_01FF;   // d0..d8

  wire [19:0] corr [0:Lines-1];
  genvar g;
  generate
    for (g = 0; g < Lines; g = g + 1) begin : g_corr
      assign corr[g] = corr_i[20*g +: 20];
    end
  endgenerate

  reg bad_dop_lines;
  integer ci;
  always @(*) begin
    bad_dop_lines = 1'b0;
    for (ci = 0; ci < DOP_K; ci = ci + 1) begin
      if (corr[ci][4:0] > 5'd23 || corr[ci][9:5] > 5'd23 || corr[ci][14:10] > 5'd23) bad_dop_lines = 1'b1;
    end
  end

  reg        bad_tri_lines;
  reg [31:0] written [0:2];                  // DOP registers written by pass p
  reg [31:0] side_a, side_b, readable;
  integer tl, tf;
  always @(*) begin
    for (tl = 0; tl < 3; tl = tl + 1) begin
      written[tl] = 32'd0;
      for (tf = 0; tf < 9; tf = tf + 1) written[tl] = written[tl] | (32'd1 << corr[PassLine + 9 * tl + tf][19:15]);
    end
    side_a = Verts | written[0];
    side_b = Verts | written[1];
    bad_tri_lines = 1'b0;
    for (tl = PassLine; tl < Lines; tl = tl + 1) begin
      readable = (tl < PassLine + 18) ? Verts :
                 (tl < ItLine) ? (side_a & side_b) :
                                 ((side_a | written[2]) & (side_b | written[2]));
      for (tf = 0; tf < 3; tf = tf + 1) begin
        if ((tl < ItLine || tf < 2) && !readable[corr[tl][5*tf +: 5]]) bad_tri_lines = 1'b1;
      end
    end
  end

  wire [3:0] err = (root_a_i == 32'd0 || root_b_i == 32'd0) ? ERR_NO_ROOTS :
                 (bad_dop_lines || bad_tri_lines) ? ERR_BAD_CONFIG :
                 (bad_ptr(root_a_i, PAIR_BYTES, PAIR_BYTES) || bad_ptr(root_b_i, PAIR_BYTES, PAIR_BYTES) ||
                  result_base_i[2:0] != 3'd0) ? ERR_BAD_POINTER : ERR_NONE;
  wire unused_ok = &{1'b0, result_base_i[31:3]};   // only the alignment is checked here

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) err_o <= ERR_NONE;
    else         err_o <= err;
  end
endmodule
