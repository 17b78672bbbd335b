// ---------------------------------------------------------------------------------------
// cc_dop_overlap: one DOP overlap decision (paper Eq. 2, cc::dopOverlap). The transformed
// tumbled DOP dt and the aligned DOP e are disjoint iff for some slab i,
// dt[i] > e[Dirs+i] or e[i] > dt[Dirs+i]. 2*Dirs comparators (cc_fp32_cmp) in parallel,
// combinational: one decision per cycle. DOPs are packed 2*Dirs x 32 bits, element i at
// bits [32i+31:32i] (d[0..Dirs-1] minima, d[Dirs..] maxima). A NaN makes both comparisons
// of its slab false, exactly like the C++ reference, so a NaN never separates (the driver
// rejects NaN input; this only keeps RTL == golden). The core's comparator bank is two of
// these (cc_core), one per tumbled node.
// ---------------------------------------------------------------------------------------
module cc_dop_overlap #(
  parameter integer Dirs = 12  // slab directions; k = 2*Dirs
) (
  input  wire [64*Dirs-1:0] dt_i,
  input  wire [64*Dirs-1:0] e_i,
  output wire               overlap_o
);

  wire [Dirs-1:0] apart;  // slab i separates dt from e
  genvar i;
  generate
    for (i = 0; i < Dirs; i = i + 1) begin : g_slab
      wire       dt_above, e_above;
      wire [2:0] unused_dt, unused_e;   // lt, eq, unordered: only "greater" separates
      cc_fp32_cmp u_dt_min (.a_i(dt_i[32*i +: 32]), .b_i(e_i[32*(Dirs+i) +: 32]), .lt_o(unused_dt[0]),
                            .eq_o(unused_dt[1]), .gt_o(dt_above), .unord_o(unused_dt[2]));
      cc_fp32_cmp u_e_min  (.a_i(e_i[32*i +: 32]), .b_i(dt_i[32*(Dirs+i) +: 32]), .lt_o(unused_e[0]),
                            .eq_o(unused_e[1]), .gt_o(e_above), .unord_o(unused_e[2]));
      assign apart[i] = dt_above || e_above;
    end
  endgenerate
  assign overlap_o = ~|apart;
endmodule
