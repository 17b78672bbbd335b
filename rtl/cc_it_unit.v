// ---------------------------------------------------------------------------------------
// cc_it_unit: the triangle Intersection Test unit (paper §4.1, Figure 5; Eq. 4), certified.
//
// Bit-exact with cc::itSide (model/common/cc/chip_math.h; docs/exact_contacts.md). For edge
// e (P = V_e, Q = V_(e+1)%3, already in the other triangle's unit frame) the unit reads five
// operand pairs from the DOP register file through correspondence lines 51 + 5e + j
// (src0, src1):
//   j=0 (Px,Qz) -> a   j=1 (Qx,Pz) -> b   j=2 (Py,Qz) -> c   j=3 (Qy,Pz) -> d   j=4 (Qz,Pz)
// and answers hit, miss or uncertain (rounding could have changed the answer), with the
// thresholds of it_bound (cc_it_bound.vh) for the side's bound (bound_*_i, held by the
// core during the micro-op):
//   Z phase: an end point with |z| <= z_thr (or a hopeless side): uncertain; both z
//            certainly on one side: miss; else the edge crosses and is computed:
//   u = a - b, v = c - d, s = u + v, rz = Qz - Pz; seen from Q's side (signs flipped when
//   Qz < 0) the crossing point is inside when u >= uv_thr, v >= uv_thr and s <= rz shrunk
//   by 2^w_exp (fp32_step, cc_fp32_step.vh), outside when u < -uv_thr, v < -uv_thr or
//   s > rz grown by 2^w_exp; uncertain otherwise. An edge's exponent for it_bound is the
//   largest of the operands it reads in its P phase.
// HIT is set by a certain hit, UNC by an uncertain edge; the side's verdict is hit if HIT,
// else uncertain if UNC, else miss.
// Low-cost arithmetic, as the paper allows: ONE multiplier and ONE add/sub unit, both
// pipelined (MulStages / AddStages), every op rounded exactly like the golden model.
//
// Micro-op bus from the master controller (7 bits, the paper's "7-bit bus"):
//   uop_i = {op[2:0], arg[3:0]}
//     op 0 NOP             nothing; responds
//     op 1 CLEAR           HIT := 0, UNC := 0; responds
//     op 2 EDGE  arg[1:0]  Eq. 4 for edge arg (0..2); HIT |= edge hit, UNC |= edge uncertain
//     op 3 TRI             edges 0, 1, 2 likewise; responds at the first (certain) hit
//     op 4..7              reserved: treated as NOP (and flagged by an assertion)
//   Handshake: uop_valid_i / uop_ready_o (ready when idle); exactly one rsp_valid_o pulse
//   per micro-op, with hit_o = HIT and unc_o = UNC after it. Both hold until the next CLEAR.
//   abort_i (never with uop_valid_i) ends the micro-op in flight at once, whatever it has
//   computed: the unit is idle and HIT and UNC are clear the next cycle, no response
//   follows (a pulse in the abort cycle itself belongs to the aborted micro-op), and its
//   results still in the pipelines are dropped by the next micro-op's epoch. A user that no
//   longer needs an answer thus frees the unit in a cycle that does not depend on its data.
//
// Edges overlap. A micro-op first reads the (Qz,Pz) pair of each of its edges
// (Z phase, one edge a cycle: the skip test, and RZ = Qz - Pz on the add/sub unit for an
// edge that crosses z = 0). Then, for each crossing edge in order, a P phase of EdgeGap
// cycles reads pairs 0..3 and issues the four products. Every edge has its own operand
// registers, so an edge's three ACC operations, a - b, c - d and their sum, run while
// later edges read and multiply. EdgeGap (4, or 5 where 4 would make two edges want the
// add/sub unit in the same cycle) keeps the unit's single add/sub conflict-free, so every
// edge's timing is fixed. The micro-op responds after its first hitting edge is decided
// (the edges after it are abandoned: their results in flight carry an old epoch and are
// dropped) or after its last crossing edge is decided.
//
// Timing: clock edges from the one that accepts the micro-op to the one after which
// rsp_valid_o is high (Lm = MulStages, La = AddStages, g = EdgeGap). The same formulas in
// C++ are model/common/cc/it_timing.h: tests/rtl check this unit against them, and the
// TLM model charges them for S_IT:
//   NOP / CLEAR   2
//   EDGE          3 if the edge is skipped, else 9 + Lm + 3*La
//   TRI           5 if no edge crosses, else 11 + (k-1)*g + Lm + 3*La, where k = the
//                 crossing edges up to and including the first hit (all of them if none
//                 hits): the golden model's `computed` count of the side.
//   With Lm = La = 2 (g = 4): an evaluated EDGE 17; TRI 19 / 23 / 27 for k = 1 / 2 / 3.
//
// Cycles of the k-th crossing edge (k = 0, 1, ...) of a TRI, counted from the accept cycle:
//   1..3            Z phase (edges 0, 1, 2)
//   4+kg .. 7+kg    P0..P3: read pair j, issue product j on the multiplier
//   6+kg+Lm         ACC = a - b        (b is registered at the end of 5+kg+Lm)
//   +(La+1)         ACC = c - d        (u := ACC; d is in since 8+kg+Lm, La >= 1)
//   +(La+1)         ACC = u + ACC      (v := ACC)
//   +(La+1)         decision (u, v, ACC = s and RZ against the thresholds), respond or go on
// ---------------------------------------------------------------------------------------
module cc_it_unit #(
  parameter integer MulStages = 2,
  parameter integer AddStages = 2
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // micro-op bus
  input  wire        uop_valid_i,
  output wire        uop_ready_o,
  input  wire [6:0]  uop_i,
  input  wire        abort_i,
  output wire        rsp_valid_o,
  output wire        hit_o,
  output wire        unc_o,
  // the side's error bound (cc::ItBound), stable from the micro-op's first Z cycle on
  input  wire [9:0]  bound_abs_i,      // signed: TRI_ERR_EXP + the record's err_exp[7:0]
  input  wire [7:0]  bound_rel_i,      // signed: the record's err_exp[15:8]
  input  wire [7:0]  bound_side_exp_i, // largest biased exponent of the side's coordinates
  // correspondence register file (IT read port)
  output wire [6:0]  corr_line_o,
  input  wire [31:0] corr_data_i,
  // DOP register file (two read ports): {src1, src0} and their data
  output wire [9:0]  dop_idx_o,
  input  wire [63:0] dop_data_i,
  output wire        rd_o              // the unit reads both files this cycle (else the data is a don't-care)
);

/* verilator lint_off UNUSEDPARAM */   // the bits of an order this unit does not read
`include "cc_fp32_order.vh"
`include "cc_it_bound.vh"
`include "cc_fp32_step.vh"
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */

  localparam [2:0] OpNop   = 3'd0;
  localparam [2:0] OpClear = 3'd1;
  localparam [2:0] OpEdge  = 3'd2;
  localparam [2:0] OpTri   = 3'd3;

  localparam [6:0] ItLine = 7'd51;

  // Cycles between two crossing edges' P phases: 4 reads, or 5 where the ACC operations
  // of edges 4 or 8 cycles apart would meet on the add/sub unit (spacing AddStages + 1).
  localparam integer AccSpacing = AddStages + 1;
  localparam integer EdgeGap    = (AccSpacing == 2 || AccSpacing == 4 || AccSpacing == 8) ? 5 : 4;
  localparam [2:0]   LastPCycle = (EdgeGap == 5) ? 3'd4 : 3'd3;

  localparam [2:0] StIdle = 3'd0;
  localparam [2:0] StZ    = 3'd1;   // read (Qz,Pz) of edge z_edge_q, skip test, issue RZ
  localparam [2:0] StP    = 3'd2;   // P phase of crossing edge p_edge_q, cycle p_cnt_q
  localparam [2:0] StWait = 3'd3;   // all products issued; ACC operations and decisions
  localparam [2:0] StRsp  = 3'd4;   // respond

  // =====================================================================================
  // Control state
  // =====================================================================================
  reg [2:0]  state_d, state_q;
  reg [1:0]  z_edge_d, z_edge_q;   // Z phase: edge being read
  reg [1:0]  z_last_d, z_last_q;   // Z phase: its last edge (2 for TRI, arg for EDGE)
  reg [1:0]  p_edge_d, p_edge_q;   // P phase: crossing edge being read
  reg [2:0]  p_cnt_d, p_cnt_q;     // P phase: cycle 0..EdgeGap-1 (pairs 0..3 in 0..3)
  reg        epoch_d, epoch_q;     // flips per micro-op; results of older ones are dropped
  reg        hit_d, hit_q;         // HIT flag
  reg        unc_d, unc_q;         // UNC flag

  // Per-edge state. cross: the edge crosses z = 0 (set in the Z phase); qpos: Qz > 0;
  // step: ACC operations issued (0..3); done: decided.
  reg [2:0]  cross_q, qpos_q, done_q;
  reg [1:0]  step_q [0:2];

  // Per-edge operand registers, filled by the pipelines' write-back; *_v says "arrived".
  reg [31:0] prod_q [0:11];        // edge e, product j at 4e + j
  reg [11:0] prod_v_q;
  reg [31:0] rz_q [0:2];
  reg [31:0] acc_q [0:2];
  reg [31:0] u_q [0:2], v_q [0:2];  // u and v, kept while ACC moves on
  reg [7:0]  eexp_q [0:2];         // largest biased exponent of the edge's P-phase operands
  reg [2:0]  rz_v_q, acc_v_q;

  wire [2:0] uop_op  = uop_i[6:4];
  wire [3:0] uop_arg = uop_i[3:0];
  wire       unused_uop_arg = &{1'b0, uop_arg[3:2]};  // room for more edges / operands

  wire accept = (state_q == StIdle) && uop_valid_i;

  // The read port: (Qz,Pz) of z_edge_q in the Z phase, pair p_cnt_q of p_edge_q in a P phase.
  wire [1:0] rd_edge = (state_q == StZ) ? z_edge_q : p_edge_q;
  wire [2:0] rd_pair = (state_q == StZ) ? 3'd4 : p_cnt_q;
  assign corr_line_o = ItLine + ({5'd0, rd_edge} * 7'd5) + {4'd0, rd_pair};
  assign dop_idx_o   = corr_data_i[9:0];
  wire   unused_corr_hi = &{1'b0, corr_data_i[31:10]};  // src2 and dst are not used here

  assign rd_o        = state_q == StZ || state_q == StP;
  wire [31:0] op_x = dop_data_i[31:0];   // first of the pair (src0)
  wire [31:0] op_y = dop_data_i[63:32];  // second of the pair (src1)

  // =====================================================================================
  // Which edge uses the add/sub unit and which edge decides this cycle (at most one each
  // in the P phase and after it: EdgeGap keeps them apart; asserted below)
  // =====================================================================================
  // Both are low outside the P and wait phases: evaluated only in them.
  reg [2:0] acc_ready, dec_ready;
  integer e;
  always @(*) begin
    acc_ready = 3'b000;
    dec_ready = 3'b000;
    e = 0;
    if (state_q == StP || state_q == StWait) begin
      for (e = 0; e < 3; e = e + 1) begin
        case (step_q[e])
          2'd0:    acc_ready[e] = prod_v_q[4*e] && prod_v_q[4*e+1];
          2'd1:    acc_ready[e] = acc_v_q[e] && prod_v_q[4*e+2] && prod_v_q[4*e+3];
          2'd2:    acc_ready[e] = acc_v_q[e];
          default: acc_ready[e] = 1'b0;
        endcase
        acc_ready[e] = acc_ready[e] && cross_q[e];
        dec_ready[e] = cross_q[e] && !done_q[e] && step_q[e] == 2'd3 && acc_v_q[e] && rz_v_q[e];
      end
    end
  end
  wire [1:0] acc_edge = acc_ready[0] ? 2'd0 : acc_ready[1] ? 2'd1 : 2'd2;
  wire [1:0] dec_edge = dec_ready[0] ? 2'd0 : dec_ready[1] ? 2'd1 : 2'd2;

  // =====================================================================================
  // Comparisons (DAZ, NaN unordered: exactly the C++ relational operators under FtzScope)
  // against the thresholds of the side's bound
  // =====================================================================================
  function automatic [7:0] max_exp(input [7:0] a, input [7:0] b);
    max_exp = a > b ? a : b;
  endfunction

  // The side's thresholds for the Z phase (they do not depend on an edge), in StZ only.
  reg         hopeless;
  reg  [31:0] z_thr, side_uv_thr;
  reg  signed [11:0] side_w_exp;
  always @(*) begin
    {hopeless, z_thr, side_uv_thr, side_w_exp} = {IT_BOUND_W{1'bx}};
    if (state_q == StZ)
      {hopeless, z_thr, side_uv_thr, side_w_exp} = it_bound(bound_abs_i, bound_rel_i, bound_side_exp_i, 8'd0);
  end
  wire        unused_side = &{1'b0, side_uv_thr, side_w_exp};

  // The comparisons below are made only in the cycles that use them (a don't-care
  // otherwise): a simulator skips them while the unit is idle; synthesis sees the same logic.
  // Z phase: op_x = Qz, op_y = Pz against +z_thr and -z_thr.
  wire [31:0] z_neg = {1'b1, z_thr[30:0]};
  reg  [3:0]  zc;                                      // {Qz > t, Qz < -t, Pz > t, Pz < -t}
  reg  [3:0]  ord_qp, ord_qn, ord_pp, ord_pn;
  always @(*) begin
    {ord_qp, ord_qn, ord_pp, ord_pn} = 16'bx;
    zc = 4'bx;
    if (state_q == StZ) begin
      ord_qp = fp32_order(op_x, z_thr);
      ord_qn = fp32_order(op_x, z_neg);
      ord_pp = fp32_order(op_y, z_thr);
      ord_pn = fp32_order(op_y, z_neg);
      zc = {ord_qp[ORD_GT], ord_qn[ORD_LT], ord_pp[ORD_GT], ord_pn[ORD_LT]};
    end
  end
  wire z_same    = (zc[3] && zc[1]) || (zc[2] && zc[0]);
  wire z_unsure  = hopeless || !(zc[3] || zc[2]) || !(zc[1] || zc[0]);
  wire skip_edge = z_same || z_unsure;            // no arithmetic for this edge
  wire qpos_now  = zc[3];

  // Decision of edge dec_edge, seen from Q's side (signs flipped when Qz < 0). Everything
  // but s is known before the edge decides: its exponent after its P phase, RZ after its Z
  // phase, u and v when its second and third ACC operations issue (v at least La + 1 >= 2
  // cycles before s lands). So each edge's thresholds are registered from its exponent
  // every cycle (uv_thr_q, w_exp_q), and from them u's and v's outcomes and RZ shrunk and
  // grown (a cycle later); the deciding cycle only compares s with two registered bounds,
  // which keeps the decision off the chip's deepest paths (docs/timing.md).
  reg  [2:0]  u_ge_q, u_lt_q, v_ge_q, v_lt_q;
  reg  [31:0] rz_shrunk_q [0:2], rz_grown_q [0:2];
  wire busy = state_q != StIdle;
  genvar g;
  generate
    for (g = 0; g < 3; g = g + 1) begin : g_edge_thr
      // Everything below only while the unit works on a crossing edge (a don't-care
      // otherwise): the registers are read when the edge decides, at least four cycles
      // after its Z cycle set cross_q (its P phase comes after every Z cycle).
      wire        thr_on = busy && cross_q[g];
      reg  [31:0] uv_thr_e, rz_shrunk, rz_grown, z_thr_e;
      reg  signed [11:0] w_exp_e;
      reg         unused_thr;
      always @(*) begin
        {unused_thr, z_thr_e, uv_thr_e, w_exp_e} = {IT_BOUND_W{1'bx}};
        if (thr_on)
          {unused_thr, z_thr_e, uv_thr_e, w_exp_e} = it_bound(bound_abs_i, bound_rel_i, bound_side_exp_i, eexp_q[g]);
      end
      // The registers below are loaded only then too (the enables inside the clocked
      // blocks: a simulator copies them only then; they hold a don't-care otherwise).
      reg  [31:0] uv_thr;
      reg  signed [11:0] w_exp;
      always @(posedge clk_i) begin
        if (thr_on) begin
          uv_thr <= uv_thr_e;
          w_exp <= w_exp_e;
        end
      end
      // Seen from Q's side: signs flipped when Qz < 0.
      reg  [31:0] du, dv, drz;
      always @(*) begin
        {du, dv, drz} = 96'bx;
        if (thr_on) begin
          du  = {u_q[g][31] ^ !qpos_q[g], u_q[g][30:0]};
          dv  = {v_q[g][31] ^ !qpos_q[g], v_q[g][30:0]};
          drz = {rz_q[g][31] ^ !qpos_q[g], rz_q[g][30:0]};
        end
      end
      always @(*) begin
        {rz_shrunk, rz_grown} = 64'bx;
        if (thr_on) {rz_shrunk, rz_grown} = fp32_step(drz, w_exp);
      end
      // u, v against +uv_thr and -uv_thr
      reg  [3:0]  ord_up, ord_un, ord_vp, ord_vn;
      always @(*) begin
        {ord_up, ord_un, ord_vp, ord_vn} = 16'bx;
        if (thr_on) begin
          ord_up = fp32_order(du, uv_thr);
          ord_un = fp32_order(du, {1'b1, uv_thr[30:0]});
          ord_vp = fp32_order(dv, uv_thr);
          ord_vn = fp32_order(dv, {1'b1, uv_thr[30:0]});
        end
      end
      wire        unused_c = &{1'b0, unused_thr, z_thr_e};
      always @(posedge clk_i) if (thr_on) begin
        u_ge_q[g] <= ord_up[ORD_GT] || ord_up[ORD_EQ];
        u_lt_q[g] <= ord_un[ORD_LT];
        v_ge_q[g] <= ord_vp[ORD_GT] || ord_vp[ORD_EQ];
        v_lt_q[g] <= ord_vn[ORD_LT];
        rz_shrunk_q[g] <= rz_shrunk;
        rz_grown_q[g] <= rz_grown;
      end
    end
  endgenerate
  // s against RZ shrunk (0) and grown (1).
  reg  [31:0] ds;
  reg  [3:0]  ord_sl, ord_sg;
  always @(*) begin
    {ord_sl, ord_sg, ds} = 40'bx;
    if (|dec_ready) begin
      ds = {acc_q[dec_edge][31] ^ !qpos_q[dec_edge], acc_q[dec_edge][30:0]};
      ord_sl = fp32_order(ds, rz_shrunk_q[dec_edge]);
      ord_sg = fp32_order(ds, rz_grown_q[dec_edge]);
    end
  end
  wire        u_ge = u_ge_q[dec_edge], v_ge = v_ge_q[dec_edge], s_le = ord_sl[ORD_LT] || ord_sl[ORD_EQ];
  wire        u_lt = u_lt_q[dec_edge], v_lt = v_lt_q[dec_edge], s_gt = ord_sg[ORD_GT];
  wire edge_miss = u_lt || v_lt || s_gt;
  wire edge_hit  = !edge_miss && u_ge && v_ge && s_le;
  wire decide    = |dec_ready;

  // =====================================================================================
  // Arithmetic: one multiplier, one add/sub; tags {epoch, edge, product | destination}
  // ride along.
  // =====================================================================================
  wire        z_cross   = (state_q == StZ) && !skip_edge;
  wire        mul_issue = (state_q == StP) && p_cnt_q < 3'd4;
  wire        acc_issue = |acc_ready;
  wire        add_issue = z_cross || acc_issue;
  // RZ = Qz - Pz in the Z phase (no ACC operation can be ready then); else the ACC step:
  // step 0 a - b, step 1 c - d, step 2 u + v (ACC holds v then).
  // The operands only with an issue (a don't-care otherwise: the unit and the tag line
  // take them only with valid).
  wire [1:0]  acc_step  = step_q[acc_edge];
  reg         add_sub;
  reg  [31:0] add_a, add_b;
  reg  [3:0]  add_tag;
  always @(*) begin
    {add_sub, add_a, add_b, add_tag} = 69'bx;
    if (add_issue) begin
      add_sub = z_cross || acc_step != 2'd2;
      add_a   = z_cross ? op_x : (acc_step == 2'd0) ? prod_q[{acc_edge, 2'd0}] :
                (acc_step == 2'd1) ? prod_q[{acc_edge, 2'd2}] : u_q[acc_edge];
      add_b   = z_cross ? op_y : (acc_step == 2'd0) ? prod_q[{acc_edge, 2'd1}] :
                (acc_step == 2'd1) ? prod_q[{acc_edge, 2'd3}] : acc_q[acc_edge];
      add_tag = z_cross ? {epoch_q, z_edge_q, 1'b0} : {epoch_q, acc_edge, 1'b1};
    end
  end

  wire        mul_valid, add_valid, mul_tag_valid, add_tag_valid;
  wire [31:0] mul_result, add_result;
  wire [4:0]  mul_tag;
  wire [3:0]  add_tag_o;

  cc_fp32_mul #(.Stages(MulStages)) u_mul (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (mul_issue), .a_i (op_x), .b_i (op_y),
    .valid_o (mul_valid), .result_o (mul_result));
  cc_delay #(.Width(5), .Depth(MulStages)) u_mul_tag (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (mul_issue), .data_i ({epoch_q, p_edge_q, p_cnt_q[1:0]}),
    .valid_o (mul_tag_valid), .data_o (mul_tag));

  cc_fp32_add #(.Stages(AddStages)) u_addsub (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (add_issue), .sub_i (add_sub), .a_i (add_a),
    .b_i (add_b), .valid_o (add_valid), .result_o (add_result));
  cc_delay #(.Width(4), .Depth(AddStages)) u_add_tag (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (add_issue), .data_i (add_tag),
    .valid_o (add_tag_valid), .data_o (add_tag_o));

  // Results of this micro-op (an abandoned one's are dropped).
  wire [1:0] mul_edge = mul_tag[3:2];
  wire [1:0] add_edge = add_tag_o[2:1];
  wire       mul_land = mul_valid && mul_tag[4] == epoch_q;
  wire       rz_land  = add_valid && add_tag_o[3] == epoch_q && !add_tag_o[0];
  wire       acc_land = add_valid && add_tag_o[3] == epoch_q && add_tag_o[0];

  // =====================================================================================
  // Sequencer
  // =====================================================================================
  reg rsp_d, rsp_q;

  // The next crossing edge after p_edge_q in the P phase (or the first one, from the Z
  // phase's last cycle, where cross_q still lacks that cycle's edge).
  wire [2:0] cross_now = cross_q | ({2'b00, z_cross} << z_edge_q);
  wire [2:0] cross_after = (p_edge_q == 2'd0) ? {cross_q[2:1], 1'b0} :
                           (p_edge_q == 2'd1) ? {cross_q[2], 2'b00} : 3'b000;
  function automatic [1:0] first_of(input [1:0] m);  // of a non-empty edge mask
    first_of = m[0] ? 2'd0 : m[1] ? 2'd1 : 2'd2;
  endfunction

  always @(*) begin
    state_d  = state_q;
    z_edge_d = z_edge_q;
    z_last_d = z_last_q;
    p_edge_d = p_edge_q;
    p_cnt_d  = p_cnt_q;
    epoch_d  = epoch_q;
    hit_d    = hit_q;
    unc_d    = unc_q;
    rsp_d    = 1'b0;
    case (state_q)
      StIdle: begin
        if (uop_valid_i) begin
          epoch_d = !epoch_q;
          case (uop_op)
            OpClear: begin hit_d = 1'b0; unc_d = 1'b0; state_d = StRsp; end
            OpEdge:  begin z_edge_d = uop_arg[1:0]; z_last_d = uop_arg[1:0]; state_d = StZ; end
            OpTri:   begin z_edge_d = 2'd0;         z_last_d = 2'd2;         state_d = StZ; end
            OpNop:   state_d = StRsp;
            default: state_d = StRsp;  // reserved ops act as NOP
          endcase
        end
      end
      StZ: begin
        if (z_unsure) unc_d = 1'b1;
        if (z_edge_q != z_last_q) begin
          z_edge_d = z_edge_q + 2'd1;
        end else if (cross_now != 3'b000) begin
          p_edge_d = first_of(cross_now[1:0]);
          p_cnt_d  = 3'd0;
          state_d  = StP;
        end else begin
          state_d = StRsp;
        end
      end
      StP: begin
        if (p_cnt_q != LastPCycle) begin
          p_cnt_d = p_cnt_q + 3'd1;
        end else if (cross_after != 3'b000) begin
          p_edge_d = first_of(cross_after[1:0]);
          p_cnt_d  = 3'd0;
        end else begin
          state_d = StWait;
        end
      end
      StWait: begin
        // Every crossing edge decided (this cycle's decision included): respond.
        if ((done_q | ({2'b00, decide} << dec_edge)) == cross_q) state_d = StRsp;
      end
      StRsp: begin
        rsp_d   = 1'b1;
        state_d = StIdle;
      end
      default: state_d = StIdle;
    endcase
    // A hitting edge ends the micro-op at once; later edges are abandoned.
    if (decide && edge_hit) begin
      hit_d   = 1'b1;
      state_d = StRsp;
    end
    if (decide && !edge_hit && !edge_miss) unc_d = 1'b1;
    // Aborted: idle and clear, no response. The epoch is not flipped here: the next
    // micro-op's accept flips it, so this one's results in flight are dropped then.
    if (abort_i) begin
      state_d = StIdle;
      hit_d   = 1'b0;
      unc_d   = 1'b0;
      rsp_d   = 1'b0;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q  <= StIdle;
      z_edge_q <= 2'd0;
      z_last_q <= 2'd0;
      p_edge_q <= 2'd0;
      p_cnt_q  <= 3'd0;
      epoch_q  <= 1'b0;
      hit_q    <= 1'b0;
      unc_q    <= 1'b0;
      rsp_q    <= 1'b0;
    end else begin
      state_q  <= state_d;
      z_edge_q <= z_edge_d;
      z_last_q <= z_last_d;
      p_edge_q <= p_edge_d;
      p_cnt_q  <= p_cnt_d;
      epoch_q  <= epoch_d;
      hit_q    <= hit_d;
      unc_q    <= unc_d;
      rsp_q    <= rsp_d;
    end
  end

  // Per-edge state and operand flags: reset and a new micro-op clear them; the Z phase
  // marks the crossing edges; results set their flag; an ACC operation consumes ACC.
  task clear_edges;
    begin
      cross_q   <= 3'd0;
      qpos_q    <= 3'd0;
      done_q    <= 3'd0;
      prod_v_q  <= 12'd0;
      rz_v_q    <= 3'd0;
      acc_v_q   <= 3'd0;
      step_q[0] <= 2'd0;
      step_q[1] <= 2'd0;
      step_q[2] <= 2'd0;
    end
  endtask

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      clear_edges;
    end else if (accept) begin
      clear_edges;
    end else begin
      if (state_q == StZ) begin
        cross_q[z_edge_q] <= !skip_edge;
        qpos_q[z_edge_q]  <= qpos_now;
      end
      if (decide) done_q[dec_edge] <= 1'b1;
      if (mul_land) prod_v_q[{mul_edge, mul_tag[1:0]}] <= 1'b1;
      if (rz_land) rz_v_q[add_edge] <= 1'b1;
      if (acc_issue) begin
        acc_v_q[acc_edge] <= 1'b0;
        step_q[acc_edge]  <= acc_step + 2'd1;
      end
      if (acc_land) acc_v_q[add_edge] <= 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (mul_land) prod_q[{mul_edge, mul_tag[1:0]}] <= mul_result;
    if (rz_land) rz_q[add_edge] <= add_result;
    if (acc_land) acc_q[add_edge] <= add_result;
    if (acc_issue && acc_step == 2'd1) u_q[acc_edge] <= acc_q[acc_edge];
    if (acc_issue && acc_step == 2'd2) v_q[acc_edge] <= acc_q[acc_edge];
  end

  // The edge's exponent for its thresholds: the largest of the operands of pairs 0..3 (its
  // P phase reads them; its first Z cycle clears it).
  wire p_read = state_q == StP && p_cnt_q < 3'd4;
  always @(posedge clk_i) begin
    if (state_q == StZ) eexp_q[z_edge_q] <= 8'd0;
    else if (p_read) eexp_q[p_edge_q] <= max_exp(eexp_q[p_edge_q], max_exp(op_x[30:23], op_y[30:23]));
  end

  assign uop_ready_o = (state_q == StIdle);
  assign rsp_valid_o = rsp_q;
  assign hit_o       = hit_q;
  assign unc_o       = unc_q;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (uop_valid_i && uop_ready_o) begin
      assert (uop_op <= OpTri) else $error("cc_it_unit: reserved micro-op %0d", uop_op);
      assert (uop_op != OpEdge || uop_arg[1:0] != 2'd3) else $error("cc_it_unit: edge 3 does not exist");
    end
    assert (!(abort_i && uop_valid_i)) else $error("cc_it_unit: a micro-op offered in the cycle that aborts");
    assert (mul_valid == mul_tag_valid && add_valid == add_tag_valid)
      else $error("cc_it_unit: tag pipeline out of step");
    // EdgeGap's promise, on which the documented timing rests: never two edges at once.
    assert ($countones(acc_ready) <= 1) else $error("cc_it_unit: two edges want the add/sub unit");
    assert ($countones(dec_ready) <= 1) else $error("cc_it_unit: two edges decide in one cycle");
    assert (!(z_cross && acc_issue)) else $error("cc_it_unit: RZ and an ACC operation collide");
  end
`endif

endmodule
