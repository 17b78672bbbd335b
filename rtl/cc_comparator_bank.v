// ---------------------------------------------------------------------------------------
// cc_comparator_bank: DOP overlap test of paper Eq. 2 (cc::dopOverlap), one aligned DOP e
// against the two transformed tumbled DOPs t0, t1 in parallel; one decision per cycle.
//
//   DOP bus layout (k = 24): element i at [32*i +: 32]; d[0..11] minima, d[12..23] maxima.
//   Disjoint iff for some slab i:  t[i] > e[12+i]  or  e[i] > t[12+i].
//
//   e_i ----+--> 24 x cc_fp32_cmp (vs t0) --> OR-reduce --+--> [reg] --> overlap_o[0]
//   t0_i ---+                                             |
//   t1_i -----> 24 x cc_fp32_cmp (vs t1) --> OR-reduce --+--> [reg] --> overlap_o[1]
//
// A NaN makes both comparisons of its slab false, exactly like the C++ reference, so a
// NaN never separates (the driver rejects NaN input; this only keeps RTL == golden).
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

  wire [Dirs-1:0] sep0, sep1;  // slab i separates e from t0 / t1

  genvar i;
  generate
    for (i = 0; i < Dirs; i = i + 1) begin : g_slab
      wire [31:0] e_min  = e_i[32*i +: 32];
      wire [31:0] e_max  = e_i[32*(Dirs+i) +: 32];
      wire [31:0] t0_min = t0_i[32*i +: 32];
      wire [31:0] t0_max = t0_i[32*(Dirs+i) +: 32];
      wire [31:0] t1_min = t1_i[32*i +: 32];
      wire [31:0] t1_max = t1_i[32*(Dirs+i) +: 32];
      wire        t0_above, e_above0, t1_above, e_above1;
      wire [2:0]  unused_flags0, unused_flags1, unused_flags2, unused_flags3;

      cc_fp32_cmp u_t0_min (.a_i(t0_min), .b_i(e_max),  .lt_o(unused_flags0[0]), .eq_o(unused_flags0[1]),
                            .gt_o(t0_above), .unord_o(unused_flags0[2]));
      cc_fp32_cmp u_e_min0 (.a_i(e_min),  .b_i(t0_max), .lt_o(unused_flags1[0]), .eq_o(unused_flags1[1]),
                            .gt_o(e_above0), .unord_o(unused_flags1[2]));
      cc_fp32_cmp u_t1_min (.a_i(t1_min), .b_i(e_max),  .lt_o(unused_flags2[0]), .eq_o(unused_flags2[1]),
                            .gt_o(t1_above), .unord_o(unused_flags2[2]));
      cc_fp32_cmp u_e_min1 (.a_i(e_min),  .b_i(t1_max), .lt_o(unused_flags3[0]), .eq_o(unused_flags3[1]),
                            .gt_o(e_above1), .unord_o(unused_flags3[2]));

      assign sep0[i] = t0_above || e_above0;
      assign sep1[i] = t1_above || e_above1;
    end
  endgenerate

  cc_pipe_reg #(
    .Width  (2),
    .Enable (1)
  ) u_out (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .data_i  ({~(|sep1), ~(|sep0)}),
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
      assert ((|sep0) == (|sep1)) else $error("cc_comparator_bank: lanes disagree on equal DOPs");
    end
  end
`endif

endmodule
