// ---------------------------------------------------------------------------------------
// cc_dop_overlap: one DOP overlap decision (paper Eq. 2, cc::dopOverlap). The transformed
// tumbled DOP dt and the aligned DOP e are disjoint iff for some slab i,
// dt[i] > e[Dirs+i] or e[i] > dt[Dirs+i]. 2*Dirs comparators (fp32_order) in parallel,
// combinational: one decision per cycle. The decision is made only with en_i (overlap_o is
// a don't-care otherwise): a simulator skips the comparators in the cycles that do not
// read them; synthesis sees the same logic. DOPs are packed 2*Dirs x 32 bits, element i at
// bits [32i+31:32i] (d[0..Dirs-1] minima, d[Dirs..] maxima). A NaN makes both comparisons
// of its slab false, exactly like the C++ reference, so a NaN never separates (the driver
// rejects NaN input; this only keeps RTL == golden). The core's comparator bank is two of
// these (cc_core), one per tumbled node.
// ---------------------------------------------------------------------------------------
module cc_dop_overlap #(
  parameter integer Dirs = 12  // slab directions; k = 2*Dirs
) (
  input  wire               en_i,
  input  wire [64*Dirs-1:0] dt_i,
  input  wire [64*Dirs-1:0] e_i,
  output reg                overlap_o
);

/* verilator lint_off UNUSEDPARAM */   // the bits of an order this unit does not read
`include "cc_fp32_order.vh"
/* verilator lint_on UNUSEDPARAM */

  reg [Dirs-1:0] apart;  // slab i separates dt from e
  reg [3:0]      dt_ord, e_ord;
  integer i;
  always @(*) begin
    for (i = 0; i < Dirs; i = i + 1) begin
      {apart[i], dt_ord, e_ord} = {9{1'bx}};
      if (en_i) begin
        dt_ord   = fp32_order(dt_i[32*i +: 32], e_i[32*(Dirs+i) +: 32]);   // dt's min, e's max
        e_ord    = fp32_order(e_i[32*i +: 32], dt_i[32*(Dirs+i) +: 32]);   // e's min, dt's max
        apart[i] = dt_ord[ORD_GT] || e_ord[ORD_GT];   // only "greater" separates
      end
    end
    overlap_o = en_i ? ~|apart : 1'bx;
  end
endmodule
