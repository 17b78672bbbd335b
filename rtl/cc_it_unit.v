// ---------------------------------------------------------------------------------------
// cc_it_unit: the triangle Intersection Test unit (paper §4.1, Figure 5; Eq. 4).
//
// Bit-exact with cc::itEdgeOperands / cc::itTriangleEdgesHit (model/common/cc/chip_math.h).
// For edge e (P = V_e, Q = V_(e+1)%3, already in the other triangle's unit frame) the
// unit reads five operand pairs from the DOP register file through correspondence lines
// 51 + 5e + j (src0, src1):
//   j=0 (Px,Qz) -> a   j=1 (Qx,Pz) -> b   j=2 (Py,Qz) -> c   j=3 (Qy,Pz) -> d   j=4 (Qz,Pz)
// and decides
//   skip (miss) if (Pz >= 0 and Qz >= 0) or (Pz <= 0 and Qz <= 0)
//   Qz > 0:  hit = a >= b  and  c >= d  and  ((a - b) + c) - d <= Qz - Pz
//   Qz < 0:  hit = a <= b  and  c <= d  and  ((a - b) + c) - d >= Qz - Pz
// Low-cost arithmetic, as the paper allows: ONE multiplier and ONE add/sub unit with the
// accumulator ACC, both pipelined (MulStages / AddStages), every op rounded exactly like
// the golden model.
//
// Micro-op bus from the master controller (7 bits, the paper's "7-bit bus"):
//   uop_i = {op[2:0], arg[3:0]}
//     op 0 NOP             nothing; responds
//     op 1 CLEAR           HIT := 0; responds
//     op 2 EDGE  arg[1:0]  Eq. 4 for edge arg (0..2); HIT |= edge hit; responds
//     op 3 TRI             edges 0, 1, 2 in order, stopping at the first hit; HIT |= hit
//     op 4..7              reserved: treated as NOP (and flagged by an assertion)
//   Handshake: uop_valid_i / uop_ready_o (ready when idle); exactly one rsp_valid_o pulse
//   per micro-op, with hit_o = HIT after it. hit_o holds until the next CLEAR.
//
// Timing: clock edges from the one that accepts the micro-op to the one after which
// rsp_valid_o is high (Lm = MulStages, La = AddStages; checked by tests/rtl):
//   NOP / CLEAR               2                 (accept, respond)
//   EDGE / TRI                2 + sum over the edges visited of
//                               1               edge skipped (Z step only)
//                               7 + Lm + 3*La   edge evaluated (Z, 4 products, 3 ACC
//                                               ops, decision)
//                             TRI visits edges 0, 1, 2 and stops after the first hit.
//   With Lm = La = 2 an evaluated edge costs 15 cycles, a skipped one 1; a TRI that
//   evaluates all three edges takes 47.
//
// Per evaluated edge:
//   cycle  0       Z:  read (Qz,Pz); skip test; issue RZ = Qz - Pz on the add/sub
//   cycle  1..4    P0..P3: read pair j, issue product j on the multiplier
//   cycle  3+Lm    ACC = a - b        (b is registered at the end of cycle 2+Lm)
//   cycle  4+Lm+La ACC = ACC + c
//   cycle  5+Lm+2La ACC = ACC - d
//   cycle  6+Lm+3La decision (compares a~b, c~d, ACC~RZ)
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
  output wire        rsp_valid_o,
  output wire        hit_o,
  // correspondence register file (IT read port)
  output wire [6:0]  corr_line_o,
  input  wire [31:0] corr_data_i,
  // DOP register file (two read ports): {src1, src0} and their data
  output wire [9:0]  dop_idx_o,
  input  wire [63:0] dop_data_i
);

  localparam [2:0] OpNop   = 3'd0;
  localparam [2:0] OpClear = 3'd1;
  localparam [2:0] OpEdge  = 3'd2;
  localparam [2:0] OpTri   = 3'd3;

  localparam [6:0] ItLine = 7'd51;

  localparam [3:0] StIdle = 4'd0;
  localparam [3:0] StZ    = 4'd1;   // read (Qz,Pz), skip test, issue RZ
  localparam [3:0] StP0   = 4'd2;   // issue products a, b, c, d (StP0..StP3)
  localparam [3:0] StP1   = 4'd3;
  localparam [3:0] StP2   = 4'd4;
  localparam [3:0] StP3   = 4'd5;
  localparam [3:0] StAcc1 = 4'd6;   // ACC = a - b
  localparam [3:0] StAcc2 = 4'd7;   // ACC = ACC + c
  localparam [3:0] StAcc3 = 4'd8;   // ACC = ACC - d
  localparam [3:0] StDec  = 4'd9;   // decide the edge
  localparam [3:0] StRsp  = 4'd10;  // respond

  // =====================================================================================
  // Control state
  // =====================================================================================
  reg [3:0]  state_d, state_q;
  reg [1:0]  edge_d, edge_q;       // edge being tested
  reg        tri_d, tri_q;         // running all three edges
  reg        hit_d, hit_q;         // HIT flag
  reg        qpos_d, qpos_q;       // Qz > 0: r_z > 0 (the edge crosses upwards)

  // Operand registers, filled by the pipelines' write-back; *_v says "arrived".
  reg [31:0] prod_q [0:3];
  reg [3:0]  prod_v_q;
  reg [31:0] rz_q, acc_q;
  reg        rz_v_q, acc_v_q;

  wire [2:0] uop_op  = uop_i[6:4];
  wire [3:0] uop_arg = uop_i[3:0];
  wire       unused_uop_arg = &{1'b0, uop_arg[3:2]};  // room for more edges / operands

  // Pair j of the current edge: correspondence line 51 + 5*edge + j.
  reg  [2:0] pair;
  always @(*) begin
    case (state_q)
      StP0:    pair = 3'd0;
      StP1:    pair = 3'd1;
      StP2:    pair = 3'd2;
      StP3:    pair = 3'd3;
      default: pair = 3'd4;  // StZ reads (Qz,Pz)
    endcase
  end
  assign corr_line_o = ItLine + ({5'd0, edge_q} * 7'd5) + {4'd0, pair};
  assign dop_idx_o   = corr_data_i[9:0];
  wire   unused_corr_hi = &{1'b0, corr_data_i[31:10]};  // src2 and dst are not used here

  wire [31:0] op_x = dop_data_i[31:0];   // first of the pair (src0)
  wire [31:0] op_y = dop_data_i[63:32];  // second of the pair (src1)

  // =====================================================================================
  // Comparisons (DAZ, NaN unordered: exactly the C++ relational operators under FtzScope)
  // =====================================================================================
  wire qz_lt0, qz_eq0, qz_gt0, pz_lt0, pz_eq0, pz_gt0;
  wire ab_lt, ab_eq, ab_gt, cd_lt, cd_eq, cd_gt, ar_lt, ar_eq, ar_gt;
  wire [4:0] unused_unord;

  cc_fp32_cmp u_cmp_qz (.a_i(op_x), .b_i(32'd0), .lt_o(qz_lt0), .eq_o(qz_eq0), .gt_o(qz_gt0), .unord_o(unused_unord[0]));
  cc_fp32_cmp u_cmp_pz (.a_i(op_y), .b_i(32'd0), .lt_o(pz_lt0), .eq_o(pz_eq0), .gt_o(pz_gt0), .unord_o(unused_unord[1]));
  cc_fp32_cmp u_cmp_ab (.a_i(prod_q[0]), .b_i(prod_q[1]), .lt_o(ab_lt), .eq_o(ab_eq), .gt_o(ab_gt), .unord_o(unused_unord[2]));
  cc_fp32_cmp u_cmp_cd (.a_i(prod_q[2]), .b_i(prod_q[3]), .lt_o(cd_lt), .eq_o(cd_eq), .gt_o(cd_gt), .unord_o(unused_unord[3]));
  cc_fp32_cmp u_cmp_ar (.a_i(acc_q), .b_i(rz_q), .lt_o(ar_lt), .eq_o(ar_eq), .gt_o(ar_gt), .unord_o(unused_unord[4]));

  // Same side of (or on) z = 0: the edge does not cross the plane.
  wire skip_edge = ((pz_gt0 || pz_eq0) && (qz_gt0 || qz_eq0)) || ((pz_lt0 || pz_eq0) && (qz_lt0 || qz_eq0));
  wire edge_hit  = qpos_q ? ((ab_gt || ab_eq) && (cd_gt || cd_eq) && (ar_lt || ar_eq))
                          : ((ab_lt || ab_eq) && (cd_lt || cd_eq) && (ar_gt || ar_eq));

  // =====================================================================================
  // Arithmetic: one multiplier, one add/sub; a 2-bit / 1-bit destination tag rides along.
  // =====================================================================================
  reg         mul_issue;
  reg         add_issue, add_sub;
  reg  [31:0] add_a, add_b;
  reg         add_dst_acc;          // 0: RZ, 1: ACC
  wire        mul_valid, add_valid, mul_tag_valid, add_tag_valid;
  wire [31:0] mul_result, add_result;
  wire [1:0]  mul_dst;
  wire        add_dst;

  cc_fp32_mul #(.Stages(MulStages)) u_mul (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (mul_issue), .a_i (op_x), .b_i (op_y),
    .valid_o (mul_valid), .result_o (mul_result));
  cc_delay #(.Width(2), .Depth(MulStages)) u_mul_tag (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (mul_issue), .data_i (pair[1:0]),
    .valid_o (mul_tag_valid), .data_o (mul_dst));

  cc_fp32_add #(.Stages(AddStages)) u_addsub (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (add_issue), .sub_i (add_sub), .a_i (add_a),
    .b_i (add_b), .valid_o (add_valid), .result_o (add_result));
  cc_delay #(.Width(1), .Depth(AddStages)) u_add_tag (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (add_issue), .data_i (add_dst_acc),
    .valid_o (add_tag_valid), .data_o (add_dst));

  // =====================================================================================
  // Sequencer
  // =====================================================================================
  reg rsp_d, rsp_q;

  always @(*) begin
    state_d     = state_q;
    edge_d      = edge_q;
    tri_d       = tri_q;
    hit_d       = hit_q;
    qpos_d      = qpos_q;
    rsp_d       = 1'b0;
    mul_issue   = 1'b0;
    add_issue   = 1'b0;
    add_sub     = 1'b0;
    add_a       = acc_q;
    add_b       = prod_q[2];
    add_dst_acc = 1'b1;
    case (state_q)
      StIdle: begin
        if (uop_valid_i) begin
          case (uop_op)
            OpClear: begin hit_d = 1'b0; state_d = StRsp; end
            OpEdge:  begin edge_d = uop_arg[1:0]; tri_d = 1'b0; state_d = StZ; end
            OpTri:   begin edge_d = 2'd0;         tri_d = 1'b1; state_d = StZ; end
            OpNop:   state_d = StRsp;
            default: state_d = StRsp;  // reserved ops act as NOP
          endcase
        end
      end
      StZ: begin
        qpos_d = qz_gt0;
        if (skip_edge) begin
          if (tri_q && edge_q != 2'd2) edge_d = edge_q + 2'd1;
          else                         state_d = StRsp;
        end else begin
          add_issue   = 1'b1;       // RZ = Qz - Pz
          add_sub     = 1'b1;
          add_a       = op_x;
          add_b       = op_y;
          add_dst_acc = 1'b0;
          state_d     = StP0;
        end
      end
      StP0, StP1, StP2: begin
        mul_issue = 1'b1;
        state_d   = state_q + 4'd1;
      end
      StP3: begin
        mul_issue = 1'b1;
        state_d   = StAcc1;
      end
      StAcc1: begin
        if (prod_v_q[0] && prod_v_q[1]) begin
          add_issue = 1'b1; add_sub = 1'b1; add_a = prod_q[0]; add_b = prod_q[1];
          state_d   = StAcc2;
        end
      end
      StAcc2: begin
        if (acc_v_q && prod_v_q[2]) begin
          add_issue = 1'b1; add_sub = 1'b0; add_a = acc_q; add_b = prod_q[2];
          state_d   = StAcc3;
        end
      end
      StAcc3: begin
        if (acc_v_q && prod_v_q[3]) begin
          add_issue = 1'b1; add_sub = 1'b1; add_a = acc_q; add_b = prod_q[3];
          state_d   = StDec;
        end
      end
      StDec: begin
        if (acc_v_q && rz_v_q) begin
          if (edge_hit) hit_d = 1'b1;
          if (tri_q && !edge_hit && edge_q != 2'd2) begin
            edge_d  = edge_q + 2'd1;
            state_d = StZ;
          end else begin
            state_d = StRsp;
          end
        end
      end
      StRsp: begin
        rsp_d   = 1'b1;
        state_d = StIdle;
      end
      default: state_d = StIdle;
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      edge_q  <= 2'd0;
      tri_q   <= 1'b0;
      hit_q   <= 1'b0;
      qpos_q  <= 1'b0;
      rsp_q   <= 1'b0;
    end else begin
      state_q <= state_d;
      edge_q  <= edge_d;
      tri_q   <= tri_d;
      hit_q   <= hit_d;
      qpos_q  <= qpos_d;
      rsp_q   <= rsp_d;
    end
  end

  // Operand write-back: a new edge (StZ) invalidates everything; results set their flag.
  wire new_edge = (state_q == StZ);
  wire acc_issue = add_issue && add_dst_acc;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      prod_v_q <= 4'd0;
      rz_v_q   <= 1'b0;
      acc_v_q  <= 1'b0;
    end else begin
      if (new_edge) prod_v_q <= 4'd0;
      else if (mul_valid) prod_v_q[mul_dst] <= 1'b1;
      if (new_edge) rz_v_q <= 1'b0;
      else if (add_valid && !add_dst) rz_v_q <= 1'b1;
      if (new_edge || acc_issue) acc_v_q <= 1'b0;
      else if (add_valid && add_dst) acc_v_q <= 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (mul_valid) prod_q[mul_dst] <= mul_result;
    if (add_valid && !add_dst) rz_q <= add_result;
    if (add_valid && add_dst) acc_q <= add_result;
  end

  assign uop_ready_o = (state_q == StIdle);
  assign rsp_valid_o = rsp_q;
  assign hit_o       = hit_q;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (uop_valid_i && uop_ready_o) begin
      assert (uop_op <= OpTri) else $error("cc_it_unit: reserved micro-op %0d", uop_op);
      assert (uop_op != OpEdge || uop_arg[1:0] != 2'd3) else $error("cc_it_unit: edge 3 does not exist");
    end
    assert (mul_valid == mul_tag_valid && add_valid == add_tag_valid)
      else $error("cc_it_unit: tag pipeline out of step");
    // A result must never land while the sequencer is idle: nothing may be in flight.
    assert (!(state_q == StIdle && (mul_valid || add_valid)))
      else $error("cc_it_unit: result with no edge running");
  end
`endif

endmodule
