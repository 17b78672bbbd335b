// ---------------------------------------------------------------------------------------
// cc_matrix_regfile: the Matrix Register File (paper §4.1; cc/regmap.h), 33 lines x 4 words.
//
//   line  0..23  DOP transform: C_i0, C_i1, C_i2, c_i          (host writes)
//   line 24..26  A -> B rigid transform [R | t], one row a line (host writes)
//   line 27..29  B -> A rigid transform [R^-1 | -R^-1 t]       (host writes)
//   line 30..32  leaf matrix M of the other triangle           (chip writes: leaf port)
//
//   rd_data_o = { col3 (c), col2, col1, col0 } of rd_line_i, for the DOTADD operands.
//
// Host writes to lines 30..32 or beyond 32 are ignored (the chip owns the leaf lines, as
// in the golden model); host reads of lines 30..32 return what the chip loaded.
// Everything resets to zero, so a read-back before any write is deterministic.
// ---------------------------------------------------------------------------------------
module cc_matrix_regfile (
  input  wire         clk_i,
  input  wire         rst_ni,
  // host (BAR0) port: one word
  input  wire         cfg_we_i,
  input  wire [5:0]   cfg_line_i,
  input  wire [1:0]   cfg_col_i,
  input  wire [31:0]  cfg_wdata_i,
  output wire [31:0]  cfg_rdata_o,
  // leaf port: one 256-bit beat of a triangle record (cc/layout.h): record word w = 8*beat
  // + j; M occupies words 9..20 (row-major 3x4), so M word m = w - 9 -> line 30 + m/4,
  // column m%4. Beats 1 and 2 carry M; words outside 9..20 are ignored.
  input  wire         leaf_we_i,
  input  wire [1:0]   leaf_beat_i,
  input  wire [255:0] leaf_data_i,
  // DOTADD operand port: one whole line
  input  wire [5:0]   rd_line_i,
  output wire [127:0] rd_data_o
);

  localparam integer Lines    = 33;
  localparam [5:0]   LeafLine = 6'd30;

  reg [127:0] lines_q [0:Lines-1];
  reg [127:0] lines_d [0:Lines-1];

  localparam integer MWord0 = 9;   // record word of M[0][0] (cc::layout::kTriMatrix / 4)

  integer l, m;
  always @(*) begin
    for (l = 0; l < Lines; l = l + 1) begin
      lines_d[l] = lines_q[l];
      if (cfg_we_i && cfg_line_i == l[5:0] && cfg_line_i < LeafLine) begin
        lines_d[l][32*cfg_col_i +: 32] = cfg_wdata_i;
      end
    end
    for (m = 0; m < 12; m = m + 1) begin
      if (leaf_we_i && {30'd0, leaf_beat_i} == (MWord0 + m) / 8) begin
        lines_d[30 + m / 4][32*(m % 4) +: 32] = leaf_data_i[32*((MWord0 + m) % 8) +: 32];
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (l = 0; l < Lines; l = l + 1) lines_q[l] <= 128'd0;
    end else begin
      for (l = 0; l < Lines; l = l + 1) lines_q[l] <= lines_d[l];
    end
  end

  wire [127:0] cfg_line_data = (cfg_line_i < Lines[5:0]) ? lines_q[cfg_line_i] : 128'd0;
  assign cfg_rdata_o = cfg_line_data[32*cfg_col_i +: 32];
  assign rd_data_o   = (rd_line_i < Lines[5:0]) ? lines_q[rd_line_i] : 128'd0;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (leaf_we_i) begin
      assert (leaf_beat_i == 2'd1 || leaf_beat_i == 2'd2)
        else $error("cc_matrix_regfile: beat %0d of a triangle record holds no M words", leaf_beat_i);
    end
  end
`endif

endmodule
