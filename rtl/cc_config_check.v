// =======================================================================================
// cc_config_check: what a query start finds wrong with its configuration, in the golden
// model's order (cc::golden::Chip::start): no roots, a bad correspondence file
// (BadConfig), a bad root or result pointer. The controller looks at it in S_INIT only,
// two cycles or more after the host's START write, while the registers cannot change (the
// host writes them only while the chip is idle, one access a cycle, and BUSY rises with
// START): so the verdict is registered at the START write, from the registers as they are
// then, the ones the query runs with. That takes the check's 80-100 gate levels out of
// the query start's path (docs/timing.md), costs no cycle, and spares a simulator the
// check in every other cycle (its logic sits behind the register's enable).
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
  input  wire             start_i,          // the START write (cc_core_regs)
  input  wire [66*20-1:0] corr_i,           // the correspondence file (cc_core_regs)
  input  wire [31:0]      root_a_i,
  input  wire [31:0]      root_b_i,
  input  wire [31:0]      result_base_i,
  output reg  [3:0]       err_o              // ERR_NONE or the first error (at START)
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

  localparam integer CorrW = 20 * Lines;

  // A DOP-transform line names a slot above 23.
  function automatic bad_dop_lines(input [CorrW-1:0] corr);
    integer ci;
    begin
      bad_dop_lines = 1'b0;
      for (ci = 0; ci < DOP_K; ci = ci + 1) begin
        if (corr[20*ci +: 5] > 5'd23 || corr[20*ci+5 +: 5] > 5'd23 || corr[20*ci+10 +: 5] > 5'd23) bad_dop_lines = 1'b1;
      end
    end
  endfunction

  // A triangle line reads a DOP register its side has not written itself.
  function automatic bad_tri_lines(input [CorrW-1:0] corr);
    reg [3*32-1:0] written;                    // DOP registers written by pass p, at 32 p
    reg [31:0] side_a, side_b, readable;
    integer tl, tf;
    reg [19:0] line;
    begin
      for (tl = 0; tl < 3; tl = tl + 1) begin
        written[32*tl +: 32] = 32'd0;
        for (tf = 0; tf < 9; tf = tf + 1) begin
          line = corr[20 * (PassLine + 9 * tl + tf) +: 20];
          written[32*tl +: 32] = written[32*tl +: 32] | (32'd1 << line[19:15]);
        end
      end
      side_a = Verts | written[31:0];
      side_b = Verts | written[63:32];
      bad_tri_lines = 1'b0;
      for (tl = PassLine; tl < Lines; tl = tl + 1) begin
        readable = (tl < PassLine + 18) ? Verts :
                   (tl < ItLine) ? (side_a & side_b) :
                                   ((side_a | written[95:64]) & (side_b | written[95:64]));
        line = corr[20 * tl +: 20];
        for (tf = 0; tf < 3; tf = tf + 1) begin
          if ((tl < ItLine || tf < 2) && !readable[line[5*tf +: 5]]) bad_tri_lines = 1'b1;
        end
      end
    end
  endfunction

  // The verdict, evaluated inside the register's enable only.
  function automatic [3:0] verdict(input [CorrW-1:0] corr);
    verdict = (root_a_i == 32'd0 || root_b_i == 32'd0) ? ERR_NO_ROOTS :
              (bad_dop_lines(corr) || bad_tri_lines(corr)) ? ERR_BAD_CONFIG :
              (bad_ptr(root_a_i, PAIR_BYTES, PAIR_BYTES) || bad_ptr(root_b_i, PAIR_BYTES, PAIR_BYTES) ||
               result_base_i[2:0] != 3'd0) ? ERR_BAD_POINTER : ERR_NONE;
  endfunction
  wire unused_ok = &{1'b0, result_base_i[31:3]};   // only the alignment is checked here

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      err_o <= ERR_NONE;
    else if (start_i) err_o <= verdict(corr_i);
  end
endmodule
