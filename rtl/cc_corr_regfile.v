// ---------------------------------------------------------------------------------------
// cc_corr_regfile: the Correspondence Register File (paper §4.1; cc/regmap.h), 66 words.
//
//   word = { 12'b0 (kept as written), dst[19:15], src2[14:10], src1[9:5], src0[4:0] }
//   lines  0..23  DOP transform, lines 24..50 triangle passes, lines 51..65 IT-unit pairs
//
// Host port reads and writes whole words (all 32 bits are stored, so read-back returns
// what was written); writes beyond line 65 are ignored, reads there return zero. Two read
// ports: one for the DOTADD address generator, one for the IT-unit. Resets to zero.
// ---------------------------------------------------------------------------------------
module cc_corr_regfile (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        cfg_we_i,
  input  wire [6:0]  cfg_line_i,
  input  wire [31:0] cfg_wdata_i,
  output wire [31:0] cfg_rdata_o,
  input  wire [6:0]  ag_line_i,
  output wire [31:0] ag_data_o,
  input  wire [6:0]  it_line_i,
  output wire [31:0] it_data_o
);

  localparam integer Lines = 66;

  // One register per line (a generate loop: each line is its own _d/_q pair).
  wire [31:0] words_q [0:Lines-1];

  genvar g;
  generate
    for (g = 0; g < Lines; g = g + 1) begin : g_line
      reg [31:0] word_d, word_q;
      always @(*) begin
        word_d = word_q;
        if (cfg_we_i && cfg_line_i == g) word_d = cfg_wdata_i;
      end
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) word_q <= 32'd0;
        else         word_q <= word_d;
      end
      assign words_q[g] = word_q;
    end
  endgenerate

  assign cfg_rdata_o = (cfg_line_i < Lines[6:0]) ? words_q[cfg_line_i] : 32'd0;
  assign ag_data_o   = (ag_line_i  < Lines[6:0]) ? words_q[ag_line_i]  : 32'd0;
  assign it_data_o   = (it_line_i  < Lines[6:0]) ? words_q[it_line_i]  : 32'd0;

endmodule
