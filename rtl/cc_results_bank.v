// ---------------------------------------------------------------------------------------
// cc_results_bank: the Results Register Bank (paper §4.1): the 24 transformed values of
// each of the two tumbled nodes of a sibling pair, written by Address Generator 3 (the
// DOTADD tag) and read all at once by the comparator bank.
//
//   t0_o / t1_o: DOP bus, element i at [32*i +: 32] (d'[0..11] minima, d'[12..23] maxima)
// ---------------------------------------------------------------------------------------
module cc_results_bank (
  input  wire         clk_i,
  input  wire         wr_valid_i,
  input  wire         wr_slot_i,
  input  wire [4:0]   wr_idx_i,
  input  wire [31:0]  wr_data_i,
  output wire [767:0] t0_o,
  output wire [767:0] t1_o
);

  reg [31:0] slot0_q [0:23];
  reg [31:0] slot1_q [0:23];

  integer i;
  always @(posedge clk_i) begin
    for (i = 0; i < 24; i = i + 1) begin
      if (wr_valid_i && !wr_slot_i && wr_idx_i == i[4:0]) slot0_q[i] <= wr_data_i;
      if (wr_valid_i &&  wr_slot_i && wr_idx_i == i[4:0]) slot1_q[i] <= wr_data_i;
    end
  end

  genvar g;
  generate
    for (g = 0; g < 24; g = g + 1) begin : g_out
      assign t0_o[32*g +: 32] = slot0_q[g];
      assign t1_o[32*g +: 32] = slot1_q[g];
    end
  endgenerate

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (wr_valid_i) begin
      assert (wr_idx_i < 5'd24) else $error("cc_results_bank: index %0d out of range", wr_idx_i);
    end
  end
`endif

endmodule
