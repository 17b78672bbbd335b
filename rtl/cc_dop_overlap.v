// ---------------------------------------------------------------------------------------
// cc_dop_overlap: one comparator bank decision (paper Eq. 2, cc::dopOverlap). The
// transformed tumbled DOP dt and the aligned DOP e are disjoint iff for some slab i,
// dt[i] > e[12+i] or e[i] > dt[12+i]. 24 comparators in parallel, combinational: one
// decision per cycle. DOPs are packed 24 x 32 bits, element i at bits [32i+31:32i].
// ---------------------------------------------------------------------------------------
module cc_dop_overlap (
  input  wire [24*32-1:0] dt_i,
  input  wire [24*32-1:0] e_i,
  output wire             overlap_o
);
`include "cc_fp32_cmp.vh"

  wire [11:0] apart;
  genvar i;
  generate
    for (i = 0; i < 12; i = i + 1) begin : g_slab
      assign apart[i] = fp32_gt(dt_i[32*i +: 32], e_i[32*(12+i) +: 32]) ||
                        fp32_gt(e_i[32*i +: 32], dt_i[32*(12+i) +: 32]);
    end
  endgenerate
  assign overlap_o = ~|apart;
endmodule
