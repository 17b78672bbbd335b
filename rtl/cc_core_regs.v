// =======================================================================================
// cc_core_regs: the core's register block on BAR0 (docs/register_map.md). It holds the
// query's configuration (CTRL's mode bits, the roots, the result area, TRI_ERR_EXP) and
// the register files the datapath reads: the matrix register file, 33 lines x 4 floats,
// and the correspondence register file, 66 lines of four 5-bit fields (paper §4.1), and
// the leaf-vertex register file, 24 lines x 4 floats (CTRL.LEAF_VERTEX,
// docs/triangle_tests.md).
// The query's status, result count and event counters belong to the units that change
// them (cc_controller, cc_tri_engine); they come in here for read-back only.
//
// The host writes configuration only while the chip is idle (BUSY clear): a write during a
// query is ignored, so a query never sees its configuration change. Lines 30..32 of the
// matrix file belong to the chip: it loads there the leaf matrix M of the triangle-test
// side it decided last (leaf_m_load_i), as the golden model leaves it.
//
// The register files are not reset: the driver loads them before every query.
//
// PLANE_MARGIN is always there; CTRL.LEAF_PLANE only with LeafPlane (the chip's plane
// unit), else it reads back 0, which is how the driver tells.
// =======================================================================================
module cc_core_regs #(
  parameter integer LeafPlane = 0
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // BAR0 register bus: one access per cycle, read data the next cycle
  input  wire                 reg_valid_i,
  input  wire                 reg_write_i,
  input  wire [11:0]          reg_addr_i,
  input  wire [31:0]          reg_wdata_i,
  output reg                  reg_rvalid_o,
  output reg  [31:0]          reg_rdata_o,
  // what a write asks of the controller
  output wire                 start_o,          // CTRL.START while idle
  output wire                 irq_ack_o,        // IRQ written with its bit set
  // the query's status and counters (read-back)
  input  wire                 busy_i,
  input  wire                 done_i,
  input  wire                 irq_pending_i,
  input  wire [3:0]           err_i,
  input  wire [31:0]          result_count_i,
  input  wire [7*32-1:0]      counters_i,       // TUMBLED .. MAX_LIST_LENGTH (cc_controller)
  input  wire [31:0]          cnt_uncertain_i,
  input  wire [63:0]          cnt_cycles_i,
  // the query's configuration
  output wire                 mode_first_o,
  output wire                 irq_enable_o,
  output wire                 leaf_vertex_o,    // CTRL.LEAF_VERTEX
  output wire                 leaf_plane_o,     // CTRL.LEAF_PLANE (LeafPlane only)
  output wire [31:0]          plane_margin_o,   // PLANE_MARGIN
  output wire [31:0]          root_a_o,
  output wire [31:0]          root_b_o,
  output wire [31:0]          result_base_o,
  output wire [31:0]          result_cap_o,
  output wire [31:0]          tri_err_exp_o,
  // register files: every word, for the units that read them
  output wire [132*32-1:0]    matrix_o,         // word 4 * line + column
  output wire [66*20-1:0]     corr_o,           // line: {dst, src2, src1, src0}
  output wire [24*4*32-1:0]   leafv_o,          // word 4 * line + column
  input  wire                 leaf_m_load_i,    // lines 30..32 take M (row-major 3 x 4)
  input  wire [12*32-1:0]     leaf_m_i
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */

  localparam integer MatrixWords = 4 * REG_MATRIX_LINES;
  localparam integer LeafWord    = 4 * MAT_LEAF;     // first word of the chip's lines
  localparam integer CorrLines   = REG_CORR_LINES;
  localparam [31:0]  MatrixBytes = 4 * MatrixWords;
  localparam [31:0]  CorrBytes   = 4 * CorrLines;
  localparam integer LeafvWords  = 4 * REG_LEAFV_LINES;
  localparam [31:0]  LeafvBytes  = 4 * LeafvWords;

  // ---- decode ----
  wire        reg_wr    = reg_valid_i && reg_write_i;
  wire        cfg_wr    = reg_wr && !busy_i;
  wire        in_matrix = reg_addr_i >= REG_MATRIX_BASE && reg_addr_i < REG_MATRIX_BASE + MatrixBytes[11:0];
  wire        in_corr   = reg_addr_i >= REG_CORR_BASE && reg_addr_i < REG_CORR_BASE + CorrBytes[11:0];
  wire        in_leafv  = reg_addr_i >= REG_LEAFV_BASE && reg_addr_i < REG_LEAFV_BASE + LeafvBytes[11:0];
  wire [11:0] mat_off   = reg_addr_i - REG_MATRIX_BASE;
  wire [11:0] corr_off  = reg_addr_i - REG_CORR_BASE;
  wire [11:0] leafv_off = reg_addr_i - REG_LEAFV_BASE;
  wire [7:0]  mat_idx   = mat_off[9:2];
  wire [6:0]  corr_idx  = corr_off[8:2];
  wire [6:0]  leafv_idx = leafv_off[8:2];
  assign start_o   = reg_wr && reg_addr_i == REG_CTRL && reg_wdata_i[CTRL_START_BIT] && !busy_i;
  assign irq_ack_o = reg_wr && reg_addr_i == REG_IRQ && reg_wdata_i[0];

  // ---- configuration registers ----
  reg  [3:0]  ctrl_q, ctrl_d;                 // {LEAF_PLANE, LEAF_VERTEX, IRQ_ENABLE, MODE_FIRST}
  reg  [31:0] root_a_q, root_b_q, result_base_q, result_cap_q, tri_err_exp_q, plane_margin_q;
  reg  [31:0] root_a_d, root_b_d, result_base_d, result_cap_d, tri_err_exp_d, plane_margin_d;
  always @(*) begin
    ctrl_d = ctrl_q;
    root_a_d = root_a_q;
    root_b_d = root_b_q;
    result_base_d = result_base_q;
    result_cap_d = result_cap_q;
    tri_err_exp_d = tri_err_exp_q;
    plane_margin_d = plane_margin_q;
    if (cfg_wr) begin
      case (reg_addr_i)
        REG_CTRL:            ctrl_d = {LeafPlane != 0 && reg_wdata_i[CTRL_LEAF_PLANE_BIT], reg_wdata_i[CTRL_LEAF_VERTEX_BIT],
                                       reg_wdata_i[CTRL_IRQ_ENABLE_BIT], reg_wdata_i[CTRL_MODE_FIRST_BIT]};
        REG_ROOT_A:          root_a_d = reg_wdata_i;
        REG_ROOT_B:          root_b_d = reg_wdata_i;
        REG_RESULT_BASE:     result_base_d = reg_wdata_i;
        REG_RESULT_CAPACITY: result_cap_d = reg_wdata_i;
        REG_TRI_ERR_EXP:     tri_err_exp_d = reg_wdata_i;
        REG_PLANE_MARGIN:    plane_margin_d = reg_wdata_i;
        default: ;
      endcase
    end
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ctrl_q <= 4'd0;
      root_a_q <= 32'd0;
      root_b_q <= 32'd0;
      result_base_q <= 32'd0;
      result_cap_q <= 32'd0;
      tri_err_exp_q <= 32'd0;
      plane_margin_q <= 32'd0;
    end else begin
      ctrl_q <= ctrl_d;
      root_a_q <= root_a_d;
      root_b_q <= root_b_d;
      result_base_q <= result_base_d;
      result_cap_q <= result_cap_d;
      tri_err_exp_q <= tri_err_exp_d;
      plane_margin_q <= plane_margin_d;
    end
  end
  assign mode_first_o  = ctrl_q[0];
  assign irq_enable_o  = ctrl_q[1];
  assign leaf_vertex_o = ctrl_q[2];
  assign leaf_plane_o  = ctrl_q[3];
  assign plane_margin_o = plane_margin_q;
  assign root_a_o      = root_a_q;
  assign root_b_o      = root_b_q;
  assign result_base_o = result_base_q;
  assign result_cap_o  = result_cap_q;
  assign tri_err_exp_o = tri_err_exp_q;

  // ---- register files (write ports; not reset) ----
  // Kept as the flat vectors the units read (word w at 32 w, line l at 20 l), written a word
  // at a time: the ports are the registers themselves, which a simulator does not copy
  // every cycle.
  reg  [MatrixWords*32-1:0] matrix_q;
  reg  [CorrLines*20-1:0]   corr_q;
  reg  [LeafvWords*32-1:0]  leafv_q;
  integer m;
  always @(posedge clk_i) begin
    if (cfg_wr && in_matrix)
      for (m = 0; m < LeafWord; m = m + 1)
        if ({24'd0, mat_idx} == m) matrix_q[32*m +: 32] <= reg_wdata_i;
    if (cfg_wr && in_corr)
      for (m = 0; m < CorrLines; m = m + 1)
        if ({25'd0, corr_idx} == m) corr_q[20*m +: 20] <= reg_wdata_i[19:0];
    if (cfg_wr && in_leafv)
      for (m = 0; m < LeafvWords; m = m + 1)
        if ({25'd0, leafv_idx} == m) leafv_q[32*m +: 32] <= reg_wdata_i;
    if (leaf_m_load_i) matrix_q[32*LeafWord +: 12*32] <= leaf_m_i;
  end
  assign matrix_o = matrix_q;
  assign corr_o   = corr_q;
  assign leafv_o  = leafv_q;

  // ---- read-back (registered, not reset: rvalid says when it counts) ----
  wire [31:0] status = ({31'd0, busy_i} << STATUS_BUSY_BIT) | ({31'd0, done_i} << STATUS_DONE_BIT) |
                       ({28'd0, err_i} << STATUS_ERR_LSB);
  always @(posedge clk_i) begin
    reg_rvalid_o <= reg_valid_i && !reg_write_i;
    if (in_matrix) reg_rdata_o <= matrix_q[32*mat_idx +: 32];
    else if (in_corr) reg_rdata_o <= {12'd0, corr_q[20*corr_idx +: 20]};
    else if (in_leafv) reg_rdata_o <= leafv_q[32*leafv_idx +: 32];
    else begin
      case (reg_addr_i)
        REG_ID:                  reg_rdata_o <= ID_VALUE;
        REG_VERSION:             reg_rdata_o <= VERSION_VALUE;
        REG_CTRL:                reg_rdata_o <= {26'd0, ctrl_q[3], 1'b0, ctrl_q[2:0], 1'b0};
        REG_STATUS:              reg_rdata_o <= status;
        REG_IRQ:                 reg_rdata_o <= {31'd0, irq_pending_i};
        REG_ROOT_A:              reg_rdata_o <= root_a_q;
        REG_ROOT_B:              reg_rdata_o <= root_b_q;
        REG_RESULT_BASE:         reg_rdata_o <= result_base_q;
        REG_RESULT_CAPACITY:     reg_rdata_o <= result_cap_q;
        REG_RESULT_COUNT:        reg_rdata_o <= result_count_i;
        REG_TRI_ERR_EXP:         reg_rdata_o <= tri_err_exp_q;
        REG_PLANE_MARGIN:        reg_rdata_o <= plane_margin_q;
        REG_CNT_UNCERTAIN:       reg_rdata_o <= cnt_uncertain_i;
        REG_CNT_TUMBLED:         reg_rdata_o <= counters_i[6*32 +: 32];
        REG_CNT_ALIGNED_PAIRS:   reg_rdata_o <= counters_i[5*32 +: 32];
        REG_CNT_OVERLAP_TESTS:   reg_rdata_o <= counters_i[4*32 +: 32];
        REG_CNT_TRIANGLE_TESTS:  reg_rdata_o <= counters_i[3*32 +: 32];
        REG_CNT_LISTS:           reg_rdata_o <= counters_i[2*32 +: 32];
        REG_CNT_MAX_STACK_DEPTH: reg_rdata_o <= counters_i[1*32 +: 32];
        REG_CNT_MAX_LIST_LENGTH: reg_rdata_o <= counters_i[0*32 +: 32];
        REG_CNT_CYCLES_LO:       reg_rdata_o <= cnt_cycles_i[31:0];
        REG_CNT_CYCLES_HI:       reg_rdata_o <= cnt_cycles_i[63:32];
        default:                 reg_rdata_o <= 32'd0;
      endcase
    end
  end

  wire unused_ok = &{1'b0, mat_off[11:10], mat_off[1:0], corr_off[11:9], corr_off[1:0], leafv_off[11:9], leafv_off[1:0]};
endmodule
