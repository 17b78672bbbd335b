// ---------------------------------------------------------------------------------------
// cc_comparator_bank: DOP overlap test of paper Eq. 2 (cc::dopOverlap), one aligned DOP e
// against the two transformed tumbled DOPs t0, t1 in parallel; one decision per cycle.
//
//   DOP bus layout (k = 24): element i at [32*i +: 32]; d[0..11] minima, d[12..23] maxima.
//   Disjoint iff for some slab i:  t[i] > e[12+i]  or  e[i] > t[12+i].
//
//   e_i ----+--> cc_dop_overlap (vs t0: 24 x cc_fp32_cmp, OR of separations) --> [reg] --> overlap_o[0]
//   t0_i ---+
//   t1_i -----> cc_dop_overlap (vs t1) ----------------------------------------> [reg] --> overlap_o[1]
//
// The lanes are the core's comparators (cc_dop_overlap, which says what a NaN does).
// Latency 1 cycle (registered decision).
// ---------------------------------------------------------------------------------------
module cc_comparator_bank #(
  parameter integer Dirs = 12  // slab directions; k = 2*Dirs
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 valid_i,
  input  wire [64*Dirs-1:0]   e_i,
  input  wire [64*Dirs-1:0]   t0_i,
  input  wire [64*Dirs-1:0]   t1_i,
  output wire                 valid_o,
  output wire [1:0]           overlap_o
);

  wire overlap0, overlap1;  // this cycle's decisions, before the output register

  cc_dop_overlap #(.Dirs(Dirs)) u_lane0 (.dt_i(t0_i), .e_i(e_i), .overlap_o(overlap0));
  cc_dop_overlap #(.Dirs(Dirs)) u_lane1 (.dt_i(t1_i), .e_i(e_i), .overlap_o(overlap1));

  cc_pipe_reg #(
    .Width  (2),
    .Enable (1)
  ) u_out (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .data_i  ({overlap1, overlap0}),
    .valid_o (valid_o),
    .data_o  (overlap_o)
  );

`ifndef SYNTHESIS
  initial begin
    assert (Dirs >= 1) else $fatal(1, "cc_comparator_bank: Dirs must be >= 1");
  end
  // Identical tumbled DOPs must get identical decisions (both lanes are the same logic).
  always @(posedge clk_i) begin
    if (valid_i && t0_i == t1_i) begin
      assert (overlap0 == overlap1) else $error("cc_comparator_bank: lanes disagree on equal DOPs");
    end
  end
`endif

endmodule
