// =======================================================================================
// cc_dop_datapath: the core's node buffers and the DOP transform and comparison (paper
// §3.2, Fig. 4): the tumbled-pair buffer (two banks: the controller's pair and the
// look-ahead engine's, loaded by the memory port), the two DOTADD units with their operand
// selection through the correspondence file, the transformed DOPs (a bank per tumbled-pair
// bank), and the comparator bank that tests the aligned node of slot s (the fetch unit's
// head pair) against both transformed tumbled nodes.
//
// The shared DOTADD unit: side A's triangle passes first, then the controller's DOP
// transform (S_DOT; the two meet only when the controller runs ahead of the triangle-test
// engine, TriQueue > 0), the look-ahead engine in the cycles left. The pass unit: side B's
// passes, and with two transform lanes node 1 of the controller's pair (the controller's
// second lane before the look-ahead engine's). A node's transform uses correspondence lines
// CORR_DOP + i and matrix lines MAT_DOP + i (docs/memory_image.md); a triangle pass brings
// its operands and matrix row from the triangle-test engine (cc_tri_pass).
//
// Results land as they come, by tag {look-ahead engine's, node, output index}; tag {01, 0}
// on the shared unit is side A's pass, tag 0 on the pass unit side B's.
//
// CTRL.LEAF_VERTEX (docs/triangle_tests.md): the controller's transform of a tumbled leaf
// from its triangle's vertices. The record's first 36 bytes (the memory port's beats 0-1)
// go into the vertex buffer; the controller issues vertex k's x, y, z with leaf-vertex line
// i on the shared unit, vertex-major; vertex 0's result is written, later ones keep the
// least (slots 0-11) or the largest (12-23) as the golden model's std::min(r, x) /
// std::max(r, x): the slot's value stays on ties, signed zeros and NaN.
// =======================================================================================
module cc_dop_datapath #(
  parameter integer DotaddStages = 6,
  parameter integer LeafPlane    = 0    // the plane unit (CTRL.LEAF_PLANE)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // the register files (cc_core_regs)
  input  wire [132*32-1:0] matrix_i,
  input  wire [66*20-1:0]  corr_i,
  input  wire [24*4*32-1:0] leafv_i,
  // the memory port: a beat of a tumbled pair into bank tbuf_bank_i
  input  wire              tbuf_write_i,
  input  wire              tbuf_bank_i,
  input  wire [2:0]        tbuf_beat_i,
  input  wire [255:0]      tbuf_data_i,
  // the memory port: a beat of the controller's leaf record (its vertices)
  input  wire              vbuf_write_i,
  input  wire [2:0]        vbuf_beat_i,
  // the fetch unit's head pair (two aligned nodes)
  input  wire [2047:0]     head_pair_i,
  // the controller: its bank, tumbled node t, aligned node s, the test handed over
  input  wire              bank_i,
  input  wire              t_i,
  input  wire              s_i,
  input  wire              tri_t_i,
  input  wire              tri_s_i,
  output wire [31:0]       tnode_flags_o,
  output wire [31:0]       tnode_ptr_o,
  output wire [31:0]       aligned_flags_o,
  output wire [31:0]       aligned_ptr_o,
  output wire [31:0]       tri_rec_a_o,     // the test's triangle records
  output wire [31:0]       tri_rec_b_o,
  input  wire              compare_i,       // the controller reads overlap_o this cycle
  output wire [1:0]        overlap_o,       // aligned node s against tumbled node 0 / 1
  // CTRL.LEAF_PLANE (LeafPlane): aligned node s's plane, its test and the result's use
  input  wire              leaf_plane_i,    // CTRL.LEAF_PLANE
  input  wire [31:0]       plane_margin_i,  // PLANE_MARGIN
  output wire              plane_need_o,    // node s is a leaf with a well-formed plane
  output wire              plane_bad_o,     // node s is a leaf with a malformed plane
  input  wire              plane_start_i,   // test node s's plane against both tumbled nodes
  output wire              plane_ready_o,   // the test's outcome, from this cycle on
  input  wire              plane_have_i,    // the outcome is node s's: overlap_o uses it
  // the controller's transform: node t_i on the shared unit, node 1 on the pass unit
  input  wire              ctl_dot_issue_i,
  input  wire [4:0]        ctl_dot_index_i,
  input  wire              ctl_lv_i,         // CTRL.LEAF_VERTEX's issue: vertex ctl_lv_vertex_i
  input  wire [1:0]        ctl_lv_vertex_i,
  input  wire              ctl_lv_keep_i,    // the result leaving merges (vertices 1, 2)
  output wire              ctl_dot_out_o,
  input  wire              ctl_pass_issue_i,
  input  wire [4:0]        ctl_pass_index_i,
  output wire              ctl_pass_out_o,
  // the look-ahead engine: its bank, node and indices; its issues granted, its results
  input  wire              sp_bank_i,
  input  wire              sp_node_i,
  input  wire [4:0]        sp_index_i,
  input  wire [4:0]        sp_index1_i,
  input  wire              sp_want_dot_i,
  input  wire              sp_want_pass_i,
  output wire              sp_dot_issue_o,
  output wire              sp_pass_issue_o,
  output wire [1:0]        sp_results_o,
  // the triangle-test engine's passes: side s issues with operands and a matrix row
  input  wire [1:0]        te_issue_i,
  input  wire [2*96-1:0]   te_ops_i,        // {dn, dm, dk} per side
  input  wire [2*128-1:0]  te_mrow_i,       // {c, c2, c1, c0} per side
  output wire [1:0]        te_out_o,
  output wire [63:0]       te_result_o,     // {side B's, side A's}
  output wire              dot_valid_o      // the shared unit issues (the board's timeline)
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_fp32_order.vh"
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
  genvar g;
  // Node words (docs/memory_image.md): the DOP from word 0, the flags, the pointer.
  localparam [4:0] FlagsWord = NODE_FLAGS[6:2], PtrWord = NODE_PTR[6:2], DopWord = NODE_DOP[6:2];
  localparam integer NodeBits = NODE_BYTES * 8;
  localparam [6:0] CorrDop = CORR_DOP[6:0];   // the DOP transform's lines in the files
  localparam [5:0] MatDop  = MAT_DOP[5:0];

  // A word w of the matrix file and a line l of the correspondence file, read where used
  // (an array of the files' words would be rebuilt by a simulator every cycle).
  function [31:0] matrix(input [7:0] w);
    matrix = matrix_i[32*w +: 32];
  endfunction
  function [19:0] corr(input [6:0] l);
    corr = corr_i[20*l +: 20];
  endfunction

  // ---- node buffers: tumbled pairs (bank b, node t at word 64b + 32t), the aligned pair ----
  reg  [31:0] tbuf_q [0:127];
  reg  [31:0] tdop_q [0:127];                 // transformed DOPs, as the pairs
  integer i;
  always @(posedge clk_i)
    if (tbuf_write_i)
      for (i = 0; i < 8; i = i + 1) tbuf_q[{tbuf_bank_i, tbuf_beat_i, i[2:0]}] <= tbuf_data_i[32*i +: 32];
  // the vertex buffer: the leaf record's words 0-8 (TRI_VERTS = 0)
  reg  [31:0] vbuf_q [0:8];
  always @(posedge clk_i) begin
    if (vbuf_write_i && vbuf_beat_i == 3'd0)
      for (i = 0; i < 8; i = i + 1) vbuf_q[i] <= tbuf_data_i[32*i +: 32];
    if (vbuf_write_i && vbuf_beat_i == 3'd1) vbuf_q[8] <= tbuf_data_i[31:0];
  end
  // The aligned nodes' words, read out of the head pair where they are used.
  wire [31:0] tri_anode_ptr = head_pair_i[NodeBits*tri_s_i + 32*PtrWord +: 32];
  assign tnode_flags_o   = tbuf_q[{bank_i, t_i, FlagsWord}];
  assign tnode_ptr_o     = tbuf_q[{bank_i, t_i, PtrWord}];
  assign aligned_flags_o = head_pair_i[NodeBits*s_i + 32*FlagsWord +: 32];
  assign aligned_ptr_o   = head_pair_i[NodeBits*s_i + 32*PtrWord +: 32];
  assign tri_rec_a_o     = tbuf_q[{bank_i, tri_t_i, PtrWord}];
  assign tri_rec_b_o     = tri_anode_ptr;

  // ---- the shared unit ----
  wire        te_dot_issue = te_issue_i[0];
  assign      sp_dot_issue_o = !ctl_dot_issue_i && !te_dot_issue && sp_want_dot_i;
  wire        dot_spec      = !ctl_dot_issue_i && !te_dot_issue;   // whose operands are on the inputs
  wire        dot_lv        = ctl_dot_issue_i && ctl_lv_i;
  wire [3:0]  lv_word       = {2'b00, ctl_lv_vertex_i} + {1'b0, ctl_lv_vertex_i, 1'b0};   // 3k
  wire [4:0]  dot_line_idx  = dot_spec ? sp_index_i : ctl_dot_index_i;
  wire [6:0]  dot_node_base = dot_spec ? {sp_bank_i, sp_node_i, 5'd0} : {bank_i, t_i, 5'd0};
  assign      dot_valid_o = ctl_dot_issue_i || te_dot_issue || sp_dot_issue_o;
  // The operands are gathered only when the unit issues (a don't-care otherwise), as the
  // unit's stages compute only with valid: a simulator skips both in the idle cycles.
  reg  [19:0] dot_corr;
  reg  [31:0] dot_op [0:2];
  reg  [31:0] dot_m [0:3];
  integer k;
  always @(*) begin
    dot_corr = dot_valid_o ? corr(CorrDop + {2'b00, dot_line_idx}) : 20'bx;
    for (k = 0; k < 3; k = k + 1) begin
      dot_op[k] = 32'bx;
      if (dot_valid_o)
        dot_op[k] = te_dot_issue ? te_ops_i[32*k +: 32] : dot_lv ? vbuf_q[lv_word + k[3:0]] :
                    tbuf_q[dot_node_base + {2'b0, DopWord + dot_corr[5*k +: 5]}];
    end
    for (k = 0; k < 4; k = k + 1) begin
      dot_m[k] = 32'bx;
      if (dot_valid_o)
        dot_m[k] = te_dot_issue ? te_mrow_i[32*k +: 32] : dot_lv ? leafv_i[32*{ctl_dot_index_i, k[1:0]} +: 32] :
                   matrix({MatDop + {1'b0, dot_line_idx}, k[1:0]});
    end
  end
  wire        dot_valid_out;
  wire [31:0] dot_result;
  wire [6:0]  dot_tag;
  assign      ctl_dot_out_o = dot_valid_out && dot_tag[6:5] == 2'b00;
  assign      te_out_o[0]   = dot_valid_out && dot_tag[6:5] == 2'b01;
  assign      te_result_o[31:0] = dot_result;
  cc_dotadd #(
    .Stages   (DotaddStages),
    .TagWidth (7)
  ) u_dotadd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (dot_valid_o),
    .dk_i     (dot_op[0]),
    .dm_i     (dot_op[1]),
    .dn_i     (dot_op[2]),
    .c0_i     (dot_m[0]),
    .c1_i     (dot_m[1]),
    .c2_i     (dot_m[2]),
    .c_i      (dot_m[3]),
    .tag_i    (te_dot_issue ? 7'b010_0000 : dot_spec ? {1'b1, sp_node_i, sp_index_i} : {2'b00, ctl_dot_index_i}),
    .valid_o  (dot_valid_out),
    .result_o (dot_result),
    .tag_o    (dot_tag)
  );

  // ---- the pass unit: side B's passes (their results in issue order), node 1's transform ----
  assign      sp_pass_issue_o = !te_issue_i[1] && !ctl_pass_issue_i && sp_want_pass_i;
  wire [4:0]  spb_line = ctl_pass_issue_i ? ctl_pass_index_i : sp_index1_i;
  wire        spb_bank = ctl_pass_issue_i ? bank_i : sp_bank_i;
  wire        spb_issue = ctl_pass_issue_i || sp_pass_issue_o;   // the operands below are used
  reg  [19:0] spb_corr;
  reg  [95:0] spb_ops;
  reg  [127:0] spb_mrow;
  integer b;
  always @(*) begin
    spb_corr = spb_issue ? corr(CorrDop + {2'b00, spb_line}) : 20'bx;
    for (b = 0; b < 3; b = b + 1)
      spb_ops[32*b +: 32] = spb_issue ? tbuf_q[{spb_bank, 1'b1, DopWord + spb_corr[5*b +: 5]}] : 32'bx;
    for (b = 0; b < 4; b = b + 1)
      spb_mrow[32*b +: 32] = spb_issue ? matrix({MatDop + {1'b0, spb_line}, b[1:0]}) : 32'bx;
  end
  wire        pass_valid_out;
  wire [6:0]  pass_tag;
  wire [31:0] pass_result;
  wire [95:0] pass_ops  = te_issue_i[1] ? te_ops_i[96 +: 96] : spb_ops;
  wire [127:0] pass_mrow = te_issue_i[1] ? te_mrow_i[128 +: 128] : spb_mrow;
  wire        sp_pass_out = pass_valid_out && pass_tag[6:5] == 2'b11;
  assign      ctl_pass_out_o = pass_valid_out && pass_tag[6:5] == 2'b10;
  assign      te_out_o[1]    = pass_valid_out && !pass_tag[6];
  assign      te_result_o[63:32] = pass_result;
  cc_dotadd #(
    .Stages   (DotaddStages),
    .TagWidth (7)
  ) u_pass_dotadd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (te_issue_i[1] || ctl_pass_issue_i || sp_pass_issue_o),
    .dk_i     (pass_ops[31:0]),
    .dm_i     (pass_ops[63:32]),
    .dn_i     (pass_ops[95:64]),
    .c0_i     (pass_mrow[31:0]),
    .c1_i     (pass_mrow[63:32]),
    .c2_i     (pass_mrow[95:64]),
    .c_i      (pass_mrow[127:96]),
    .tag_i    (te_issue_i[1] ? 7'd0 : {1'b1, !ctl_pass_issue_i, spb_line}),
    .valid_o  (pass_valid_out),
    .result_o (pass_result),
    .tag_o    (pass_tag)
  );

  // ---- the transformed DOPs ----
  // The controller's result against its slot's value (CTRL.LEAF_VERTEX's vertices 1, 2):
  // the new one replaces it if less (slots 0-11) or greater (12-23).
  // Compared only when such a result leaves the unit (a don't-care otherwise).
  reg  [3:0]  lv_order;
  always @(*) begin
    lv_order = 4'bx;
    if (dot_valid_out && ctl_lv_keep_i) lv_order = fp32_order(dot_result, tdop_q[{bank_i, t_i, dot_tag[4:0]}]);
  end
  wire        ctl_take = !ctl_lv_keep_i || (dot_tag[4:0] < DOP_K[5:1] ? lv_order[ORD_LT] : lv_order[ORD_GT]);
  assign sp_results_o = {1'b0, dot_valid_out && dot_tag[6]} + {1'b0, sp_pass_out};
  always @(posedge clk_i) begin
    if (dot_valid_out) begin
      if (dot_tag[6]) tdop_q[{sp_bank_i, dot_tag[5:0]}] <= dot_result;
      else if (!dot_tag[5] && ctl_take) tdop_q[{bank_i, t_i, dot_tag[4:0]}] <= dot_result;
    end
    if (sp_pass_out) tdop_q[{sp_bank_i, pass_tag[5:0]}] <= pass_result;
    if (ctl_pass_out_o) tdop_q[{bank_i, 1'b1, pass_tag[4:0]}] <= pass_result;
  end

  // ---- the comparator bank: aligned node s against the transformed tumbled nodes ----
  // Their operands are gathered only in the cycles that compare (compare_i), the way the
  // comparators decide only then: a simulator skips both in the other cycles.
  reg  [24*32-1:0] tdop [0:1];
  reg  [24*32-1:0] adop;
  integer w;
  always @(*) begin
    for (w = 0; w < 24; w = w + 1) begin
      {tdop[0][32*w +: 32], tdop[1][32*w +: 32]} = {64{1'bx}};
      if (compare_i) begin
        tdop[0][32*w +: 32] = tdop_q[{bank_i, 1'b0, w[4:0]}];
        tdop[1][32*w +: 32] = tdop_q[{bank_i, 1'b1, w[4:0]}];
      end
    end
    adop = compare_i ? head_pair_i[NodeBits*s_i + 32*DopWord +: 24*32] : {(24*32){1'bx}};
  end
  wire [1:0] dop_overlap;
  generate
    for (g = 0; g < 2; g = g + 1) begin : g_cmp
      cc_dop_overlap u_cmp (
        .en_i      (compare_i),
        .dt_i      (tdop[g]),
        .e_i       (adop),
        .overlap_o (dop_overlap[g])
      );
    end
  endgenerate

  // ---- the plane unit (LeafPlane; docs/memory_image.md "Leaf planes", cc::planeSeparates) ----
  // Node s's plane words name three slots j0..j2 and two coefficients; for each tumbled
  // node g it computes U = dotadd(d[j0], d[j1], d[j2], sigma_j0, c1, c2, +M) and L, the same
  // on the opposite slots (j +- 12) with -M, on four DOTADD units started together
  // (plane_start_i), and keeps whether U < plane_lo or L > plane_hi (apart_q) from the
  // cycle the results leave (plane_ready_o) on. While the controller says the outcome is
  // node s's (plane_have_i), a tumbled node apart from the plane does not overlap.
  localparam [4:0] PlaneSelWord = NODE_PLANE_SEL[6:2], PlaneC1Word = NODE_PLANE_C1[6:2];
  localparam [4:0] PlaneC2Word = NODE_PLANE_C2[6:2], PlaneLoWord = NODE_PLANE_LO[6:2], PlaneHiWord = NODE_PLANE_HI[6:2];
  wire [1:0] plane_apart;
  generate
    if (LeafPlane != 0) begin : g_plane
      wire [31:0] sel = head_pair_i[NodeBits*s_i + 32*PlaneSelWord +: 32];
      wire [31:0] c1  = head_pair_i[NodeBits*s_i + 32*PlaneC1Word +: 32];
      wire [31:0] c2  = head_pair_i[NodeBits*s_i + 32*PlaneC2Word +: 32];
      wire        aleaf = aligned_flags_o[FLAG_LEAF_BIT];
      wire        present = sel[31];
      // well formed: slots 0..23, |c1|, |c2| <= 1 (bit patterns: NaN and infinities are above 1.0)
      wire        slots_ok = sel[4:0] < 5'd24 && sel[9:5] < 5'd24 && sel[14:10] < 5'd24;
      wire        coef_ok = c1[30:0] <= 31'h3F800000 && c2[30:0] <= 31'h3F800000;
      assign plane_need_o = leaf_plane_i && aleaf && present && slots_ok && coef_ok;
      assign plane_bad_o  = leaf_plane_i && aleaf && present && !(slots_ok && coef_ok);
      // The operands, gathered only when the unit starts (a don't-care otherwise).
      reg  [4:0]  j [0:2], jo [0:2];
      reg  [31:0] up_op [0:1][0:2], lo_op [0:1][0:2];
      integer q, tn;
      always @(*) begin
        for (q = 0; q < 3; q = q + 1) begin
          j[q]  = sel[5*q +: 5];
          jo[q] = j[q] < 5'd12 ? j[q] + 5'd12 : j[q] - 5'd12;
          for (tn = 0; tn < 2; tn = tn + 1) begin
            up_op[tn][q] = plane_start_i ? tdop_q[{bank_i, tn[0], j[q]}] : 32'bx;
            lo_op[tn][q] = plane_start_i ? tdop_q[{bank_i, tn[0], jo[q]}] : 32'bx;
          end
        end
      end
      wire [31:0] sigma0 = j[0] < 5'd12 ? 32'hBF800000 : 32'h3F800000;   // -1.0 : +1.0
      wire [31:0] neg_margin = {~plane_margin_i[31], plane_margin_i[30:0]};
      wire [3:0]  out_valid;
      wire [31:0] out [0:3];                    // U0, L0, U1, L1
      wire [3:0]  out_tag;                      // unused: the four leave together
      genvar u;
      for (u = 0; u < 4; u = u + 1) begin : g_unit
        cc_dotadd #(
          .Stages   (DotaddStages),
          .TagWidth (1)
        ) u_plane_dotadd (
          .clk_i    (clk_i),
          .rst_ni   (rst_ni),
          .valid_i  (plane_start_i),
          .dk_i     (u % 2 == 0 ? up_op[u / 2][0] : lo_op[u / 2][0]),
          .dm_i     (u % 2 == 0 ? up_op[u / 2][1] : lo_op[u / 2][1]),
          .dn_i     (u % 2 == 0 ? up_op[u / 2][2] : lo_op[u / 2][2]),
          .c0_i     (sigma0),
          .c1_i     (c1),
          .c2_i     (c2),
          .c_i      (u % 2 == 0 ? plane_margin_i : neg_margin),
          .tag_i    (1'b0),
          .valid_o  (out_valid[u]),
          .result_o (out[u]),
          .tag_o    (out_tag[u])
        );
      end
      // The comparisons with the plane's extent, as the results leave; kept until the next start.
      wire [31:0] plo = head_pair_i[NodeBits*s_i + 32*PlaneLoWord +: 32];
      wire [31:0] phi = head_pair_i[NodeBits*s_i + 32*PlaneHiWord +: 32];
      reg  [3:0]  ord [0:3];
      always @(*) begin
        for (q = 0; q < 4; q = q + 1) ord[q] = out_valid[0] ? fp32_order(out[q], q % 2 == 0 ? plo : phi) : 4'bx;
      end
      reg  [1:0] apart_q;
      always @(posedge clk_i)
        if (out_valid[0]) apart_q <= {ord[2][ORD_LT] || ord[3][ORD_GT], ord[0][ORD_LT] || ord[1][ORD_GT]};
      assign plane_ready_o = out_valid[0];
      assign plane_apart = apart_q;
      wire unused_plane = &{1'b0, out_valid[3:1], out_tag, sel[30:15]};
    end else begin : g_no_plane
      assign plane_need_o = 1'b0;
      assign plane_bad_o = 1'b0;
      assign plane_ready_o = 1'b0;
      assign plane_apart = 2'b00;
      wire unused_plane = &{1'b0, leaf_plane_i, plane_margin_i, plane_start_i};
    end
  endgenerate
  assign overlap_o = dop_overlap & ~(plane_have_i && plane_need_o ? plane_apart : 2'b00);

  // Bits nobody looks at: the correspondence lines' dst fields.
  wire unused_ok = &{1'b0, dot_corr[19:15], spb_corr[19:15]};
endmodule
