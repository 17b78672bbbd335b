// ---------------------------------------------------------------------------------------
// cc_dop_regfile: the DOP register file (paper §4.1, Figure 5): 32 x 32-bit, 5-bit index.
//
//   d0..d23  the tumbled node's DOP during a transform (loaded by Address Generator 1)
//   d0..d8   triangle vertices V1 xyz, V2 xyz, V3 xyz; d9..d17 the frame-changed copy
//
// Write ports (flops, so two are cheap):
//   load  one memory beat (8 words) at index 8*beat + w for every w with ld_wen_i[w]
//   wb    one DOTADD result (triangle passes) at wb_idx_i
// Read ports: NumRead combinational ports (3 for the DOTADD operands, 2 for the IT-unit).
// A load and a write-back to the same register in one cycle is a controller bug (assert);
// the write-back wins in hardware.
// ---------------------------------------------------------------------------------------
module cc_dop_regfile #(
  parameter integer NumRead = 5
) (
  input  wire                 clk_i,
  // memory beat load
  input  wire                 ld_valid_i,
  input  wire [1:0]           ld_beat_i,
  input  wire [7:0]           ld_wen_i,
  input  wire [255:0]         ld_data_i,
  // DOTADD write-back
  input  wire                 wb_valid_i,
  input  wire [4:0]           wb_idx_i,
  input  wire [31:0]          wb_data_i,
  // read ports, port p: index at [5*p +: 5], data at [32*p +: 32]
  input  wire [5*NumRead-1:0]  rd_idx_i,
  output wire [32*NumRead-1:0] rd_data_o
);

  reg [31:0] regs_q [0:31];
  reg [31:0] regs_d [0:31];

  integer r;
  always @(*) begin
    for (r = 0; r < 32; r = r + 1) begin
      regs_d[r] = regs_q[r];
      if (ld_valid_i && r[4:3] == ld_beat_i && ld_wen_i[r[2:0]]) regs_d[r] = ld_data_i[32*r[2:0] +: 32];
      if (wb_valid_i && r[4:0] == wb_idx_i)                       regs_d[r] = wb_data_i;
    end
  end

  // Contents need no reset: every use is preceded by a load or a write-back.
  always @(posedge clk_i) begin
    for (r = 0; r < 32; r = r + 1) regs_q[r] <= regs_d[r];
  end

  genvar p;
  generate
    for (p = 0; p < NumRead; p = p + 1) begin : g_read
      assign rd_data_o[32*p +: 32] = regs_q[rd_idx_i[5*p +: 5]];
    end
  endgenerate

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (ld_valid_i && wb_valid_i) begin
      assert (!(wb_idx_i[4:3] == ld_beat_i && ld_wen_i[wb_idx_i[2:0]]))
        else $error("cc_dop_regfile: load and write-back hit d%0d in one cycle", wb_idx_i);
    end
  end
`endif

endmodule
