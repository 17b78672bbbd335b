// ---------------------------------------------------------------------------------------
// cc_datapath: the CollisionChip datapath (paper §4.1, Figure 5) without the master
// controller: register files, DOTADD with its address generators, results and e banks,
// comparator bank and IT-unit, behind one command/response interface for the controller.
//
//             cfg (BAR0 words)            memory beats (256 bit)
//                  |                        |
//        +---------+---------+      +-------+-----------------+----------+
//        v                   v      v                         v          v
//   [matrix regfile]  [corr regfile]  [DOP regfile 32x32]  [e bank]  (leaf M ->
//     33 x 4 words      66 words        |   ^ write-back      e0..e23   matrix 30..32)
//        |  line          | line        |   |                    |
//        +------+  +------+   +---------+   |                    |
//               v  v          v  d[k] d[m] d[n]                  |
//          [AG 2/3: cc_ag_dotadd] ---> [DOTADD, Stages] --tag--+  |
//                                                   |          |  |
//                                   kind=results    v          |  v
//                                           [results bank 2x24]--> [comparator bank] -> overlap[1:0]
//          [IT-unit] <-- corr lines 51..65, DOP regs (2 ports) -------------------> hit
//
// Controller interface (one command at a time for the long ones; see docs):
//   cmd_valid_i/cmd_ready_o, cmd_op_i, cmd_arg_i
//     CmdXform 0  arg[0] = slot: transform the DOP in d0..d23 into results bank slot
//     CmdTri   1  arg[1:0] = pass (0: A->B, 1: B->A, 2: leaf M): 9 DOTADDs, write-back
//     CmdCmp   2  compare e0..e23 with both result slots (one per cycle, streaming)
//     CmdIt    3  arg = IT-unit micro-op (7 bits, see cc_it_unit)
//   rsp_valid_o (a one-cycle pulse, exactly one per command, in command order; the
//   controller takes every response, there is no back-pressure), rsp_op_o,
//   rsp_err_o (bad correspondence configuration, or a bad argument), rsp_overlap_o
//   (CmdCmp), rsp_hit_o and rsp_unc_o (CmdIt: the IT-unit's HIT and UNC flags).
//   it_bound_*_i: the IT-unit's error bound for its micro-ops (cc_it_unit).
//   cmd_ready_o is low while a transform, a triangle pass or a micro-op runs.
//
// Memory beats: beat_valid_i/beat_ready_o, beat_dst_i selects the target, beat_idx_i is
// the beat number inside the 128-byte node or triangle record (cc/layout.h):
//   BeatDop  0  tumbled node DOP: beats 0..2 -> d0..d23      (beat 3 ignored)
//   BeatE    1  aligned node DOP: beats 0..2 -> e0..e23      (beat 3 ignored)
//   BeatVert 2  triangle vertices: words 0..8 -> d0..d8      (beats 0, 1)
//   BeatLeaf 3  triangle matrix M: words 9..20 -> matrix lines 30..32 (beats 1, 2)
// A beat is refused (beat_ready_o = 0) while it would change operands in use: DOP
// register beats while the DOTADD reads operands, a triangle pass runs or the IT-unit
// works; M beats while pass 2 runs. e beats are always taken (the comparator samples e
// in the cycle it accepts CmdCmp).
// ---------------------------------------------------------------------------------------
module cc_datapath #(
  parameter integer DotaddStages = 6,
  parameter integer ItMulStages  = 2,
  parameter integer ItAddStages  = 2,
  // BAR0 byte offsets of the register files (cc::regs::MATRIX_BASE / CORR_BASE; the
  // benches address them with the C++ constants, so a mismatch fails there)
  parameter [11:0]  MatrixBase   = 12'h100,
  parameter [11:0]  CorrBase     = 12'h400
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  // host register port (matrix and correspondence files; other offsets read 0)
  input  wire         cfg_we_i,
  input  wire [11:0]  cfg_addr_i,
  input  wire [31:0]  cfg_wdata_i,
  output wire [31:0]  cfg_rdata_o,
  // memory beats
  input  wire         beat_valid_i,
  output wire         beat_ready_o,
  input  wire [1:0]   beat_dst_i,
  input  wire [1:0]   beat_idx_i,
  input  wire [255:0] beat_data_i,
  // commands and responses
  input  wire         cmd_valid_i,
  output wire         cmd_ready_o,
  input  wire [1:0]   cmd_op_i,
  input  wire [6:0]   cmd_arg_i,
  output wire         rsp_valid_o,
  output wire [1:0]   rsp_op_o,
  output wire         rsp_err_o,
  output wire [1:0]   rsp_overlap_o,
  output wire         rsp_hit_o,
  output wire         rsp_unc_o,
  input  wire [9:0]   it_bound_abs_i,
  input  wire [7:0]   it_bound_rel_i,
  input  wire [7:0]   it_bound_side_exp_i,
  // observation (benches, debug): 0 DOP register, 1 result slot 0, 2 slot 1, 3 e
  input  wire [1:0]   dbg_sel_i,
  input  wire [4:0]   dbg_idx_i,
  output wire [31:0]  dbg_data_o
);

  localparam [1:0] CmdXform = 2'd0;
  localparam [1:0] CmdTri   = 2'd1;
  localparam [1:0] CmdCmp   = 2'd2;
  localparam [1:0] CmdIt    = 2'd3;

  localparam [1:0] BeatDop  = 2'd0;
  localparam [1:0] BeatE    = 2'd1;
  localparam [1:0] BeatVert = 2'd2;
  localparam [1:0] BeatLeaf = 2'd3;

  // =====================================================================================
  // Host register decode
  // =====================================================================================
  wire [11:0] mat_off  = cfg_addr_i - MatrixBase;
  wire [11:0] corr_off = cfg_addr_i - CorrBase;
  wire        in_mat   = (cfg_addr_i >= MatrixBase) && (mat_off < 12'd528);   // 33 lines x 16
  wire        in_corr  = (cfg_addr_i >= CorrBase) && (corr_off < 12'd264);   // 66 words x 4
  wire [31:0] mat_rdata, corr_rdata;
  wire        unused_cfg_bits = &{1'b0, mat_off[11:10], mat_off[1:0], corr_off[11:9], corr_off[1:0]};

  assign cfg_rdata_o = in_mat ? mat_rdata : (in_corr ? corr_rdata : 32'd0);

  // =====================================================================================
  // Commands
  // =====================================================================================
  wire ag_ready, it_ready;
  wire cmd_fire  = cmd_valid_i && cmd_ready_o;
  wire bad_pass  = (cmd_op_i == CmdTri) && (cmd_arg_i[1:0] == 2'd3);
  wire ag_start  = cmd_fire && ((cmd_op_i == CmdXform) || (cmd_op_i == CmdTri && !bad_pass));
  wire cmp_start = cmd_fire && (cmd_op_i == CmdCmp);
  wire it_start  = cmd_fire && (cmd_op_i == CmdIt);

  assign cmd_ready_o = ag_ready && it_ready;

  // A refused argument answers at once (next cycle) with an error.
  reg bad_d, bad_q, ag_tri_d, ag_tri_q;
  always @(*) begin
    bad_d    = cmd_fire && bad_pass;
    ag_tri_d = ag_tri_q;
    if (ag_start) ag_tri_d = (cmd_op_i == CmdTri);
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bad_q    <= 1'b0;
      ag_tri_q <= 1'b0;
    end else begin
      bad_q    <= bad_d;
      ag_tri_q <= ag_tri_d;
    end
  end

  // =====================================================================================
  // Register files
  // =====================================================================================
  wire [6:0]   ag_corr_line, it_corr_line;
  wire [31:0]  ag_corr_data, it_corr_data;
  wire [5:0]   ag_mat_line;
  wire [127:0] mat_line_data;
  wire [14:0]  ag_dop_idx;
  wire [9:0]   it_dop_idx;
  wire [191:0] dop_rd_data;
  wire         ag_reading, ag_tri_busy, ag_leaf_busy;

  wire beat_fire = beat_valid_i && beat_ready_o;
  wire dop_busy  = ag_reading || ag_tri_busy || !it_ready;
  assign beat_ready_o = (beat_dst_i == BeatE)    ? 1'b1 :
                        (beat_dst_i == BeatLeaf) ? !ag_leaf_busy : !dop_busy;

  // Which words of a beat go to the DOP register file.
  reg [7:0] dop_wen;
  always @(*) begin
    dop_wen = 8'h00;
    if (beat_dst_i == BeatDop && beat_idx_i != 2'd3) dop_wen = 8'hFF;
    if (beat_dst_i == BeatVert && beat_idx_i == 2'd0) dop_wen = 8'hFF;  // V1, V2, V3.x/y
    if (beat_dst_i == BeatVert && beat_idx_i == 2'd1) dop_wen = 8'h01;  // V3.z (word 8)
  end

  wire         dd_valid;
  wire [31:0]  dd_result;
  wire [6:0]   dd_tag;

  cc_matrix_regfile u_matrix (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .cfg_we_i    (cfg_we_i && in_mat),
    .cfg_line_i  (mat_off[9:4]),
    .cfg_col_i   (mat_off[3:2]),
    .cfg_wdata_i (cfg_wdata_i),
    .cfg_rdata_o (mat_rdata),
    .leaf_we_i   (beat_fire && beat_dst_i == BeatLeaf && (beat_idx_i == 2'd1 || beat_idx_i == 2'd2)),
    .leaf_beat_i (beat_idx_i),
    .leaf_data_i (beat_data_i),
    .rd_line_i   (ag_mat_line),
    .rd_data_o   (mat_line_data)
  );

  cc_corr_regfile u_corr (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .cfg_we_i    (cfg_we_i && in_corr),
    .cfg_line_i  (corr_off[8:2]),
    .cfg_wdata_i (cfg_wdata_i),
    .cfg_rdata_o (corr_rdata),
    .ag_line_i   (ag_corr_line),
    .ag_data_o   (ag_corr_data),
    .it_line_i   (it_corr_line),
    .it_data_o   (it_corr_data)
  );

  cc_dop_regfile #(
    .NumRead (6)
  ) u_dop (
    .clk_i      (clk_i),
    .ld_valid_i (beat_fire && (dop_wen != 8'h00)),
    .ld_beat_i  (beat_idx_i),
    .ld_wen_i   (dop_wen),
    .ld_data_i  (beat_data_i),
    .wb_valid_i (dd_valid && dd_tag[6]),
    .wb_idx_i   (dd_tag[4:0]),
    .wb_data_i  (dd_result),
    .rd_idx_i   ({dbg_idx_i, it_dop_idx, ag_dop_idx}),
    .rd_data_o  (dop_rd_data)
  );

  // =====================================================================================
  // DOTADD path
  // =====================================================================================
  wire ag_done, ag_err, ag_issue;
  wire [6:0] ag_tag;

  cc_ag_dotadd u_ag (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .start_valid_i  (ag_start),
    .start_ready_o  (ag_ready),
    .start_tri_i    (cmd_op_i == CmdTri),
    .start_slot_i   (cmd_arg_i[0]),
    .start_pass_i   (cmd_arg_i[1:0]),
    .corr_line_o    (ag_corr_line),
    .corr_data_i    (ag_corr_data),
    .mat_line_o     (ag_mat_line),
    .dop_idx_o      (ag_dop_idx),
    .issue_valid_o  (ag_issue),
    .issue_tag_o    (ag_tag),
    .retire_valid_i (dd_valid),
    .done_o         (ag_done),
    .err_o          (ag_err),
    .reading_o      (ag_reading),
    .tri_busy_o     (ag_tri_busy),
    .leaf_busy_o    (ag_leaf_busy)
  );

  cc_dotadd #(
    .Stages   (DotaddStages),
    .TagWidth (7)
  ) u_dotadd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (ag_issue),
    .dk_i     (dop_rd_data[31:0]),
    .dm_i     (dop_rd_data[63:32]),
    .dn_i     (dop_rd_data[95:64]),
    .c0_i     (mat_line_data[31:0]),
    .c1_i     (mat_line_data[63:32]),
    .c2_i     (mat_line_data[95:64]),
    .c_i      (mat_line_data[127:96]),
    .tag_i    (ag_tag),
    .valid_o  (dd_valid),
    .result_o (dd_result),
    .tag_o    (dd_tag)
  );

  wire [767:0] t0, t1, e;

  cc_results_bank u_results (
    .clk_i      (clk_i),
    .wr_valid_i (dd_valid && !dd_tag[6]),
    .wr_slot_i  (dd_tag[5]),
    .wr_idx_i   (dd_tag[4:0]),
    .wr_data_i  (dd_result),
    .t0_o       (t0),
    .t1_o       (t1)
  );

  cc_e_bank u_e (
    .clk_i      (clk_i),
    .wr_valid_i (beat_fire && beat_dst_i == BeatE && beat_idx_i != 2'd3),
    .wr_beat_i  (beat_idx_i),
    .wr_data_i  (beat_data_i),
    .e_o        (e)
  );

  // =====================================================================================
  // Comparator bank and IT-unit
  // =====================================================================================
  wire       cmp_valid;
  wire [1:0] cmp_overlap;

  cc_comparator_bank #(
    .Dirs (12)
  ) u_cmp (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .valid_i   (cmp_start),
    .e_i       (e),
    .t0_i      (t0),
    .t1_i      (t1),
    .valid_o   (cmp_valid),
    .overlap_o (cmp_overlap)
  );

  wire it_rsp, it_hit, it_unc;

  cc_it_unit #(
    .MulStages (ItMulStages),
    .AddStages (ItAddStages)
  ) u_it (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .uop_valid_i (it_start),
    .uop_ready_o (it_ready),
    .uop_i       (cmd_arg_i),
    .rsp_valid_o (it_rsp),
    .hit_o       (it_hit),
    .unc_o       (it_unc),
    .bound_abs_i (it_bound_abs_i),
    .bound_rel_i (it_bound_rel_i),
    .bound_side_exp_i (it_bound_side_exp_i),
    .corr_line_o (it_corr_line),
    .corr_data_i (it_corr_data),
    .dop_idx_o   (it_dop_idx),
    .dop_data_i  (dop_rd_data[159:96])
  );

  // =====================================================================================
  // Responses: at most one source per cycle (see the timing argument in the docs)
  // =====================================================================================
  assign rsp_valid_o   = ag_done || cmp_valid || it_rsp || bad_q;
  assign rsp_op_o      = cmp_valid ? CmdCmp : (it_rsp ? CmdIt : ((ag_tri_q || bad_q) ? CmdTri : CmdXform));
  assign rsp_err_o     = (ag_done && ag_err) || bad_q;
  assign rsp_overlap_o = cmp_valid ? cmp_overlap : 2'b00;
  assign rsp_hit_o     = it_hit;
  assign rsp_unc_o     = it_unc;

  // =====================================================================================
  // Observation port
  // =====================================================================================
  reg [31:0] dbg_data;
  always @(*) begin
    case (dbg_sel_i)
      2'd0:    dbg_data = dop_rd_data[191:160];
      2'd1:    dbg_data = (dbg_idx_i < 5'd24) ? t0[32*dbg_idx_i +: 32] : 32'd0;
      2'd2:    dbg_data = (dbg_idx_i < 5'd24) ? t1[32*dbg_idx_i +: 32] : 32'd0;
      default: dbg_data = (dbg_idx_i < 5'd24) ? e[32*dbg_idx_i +: 32] : 32'd0;
    endcase
  end
  assign dbg_data_o = dbg_data;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    assert ({3'd0, ag_done} + {3'd0, cmp_valid} + {3'd0, it_rsp} + {3'd0, bad_q} <= 4'd1)
      else $error("cc_datapath: two responses in one cycle");
    assert (!(cmd_valid_i && cmd_op_i == CmdIt && cmd_ready_o && !it_ready))
      else $error("cc_datapath: IT micro-op accepted while the IT-unit is busy");
  end
`endif

endmodule
