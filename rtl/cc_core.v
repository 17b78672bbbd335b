// =======================================================================================
// cc_core: the CollisionChip core (paper §3.2, §4.1). It runs the whole traversal of
// docs/traversal.md from the root pointers on the chip's units; the golden model
// (model/golden) is the specification: results in the same order, every counter, every
// error status. docs/rtl_core.md describes the units, their interfaces and their timing.
//
//   reg bus --> [cc_core_regs: configuration, matrix and correspondence files, read-back]
//                  |  START            | files
//                  v                   v
//   [cc_controller] ----------> [cc_dop_datapath: DOTADD units --> transformed DOPs --> comparators]
//     |    |    |  \                ^           ^                                        |
//     |    |    |   +--tests--> [cc_tri_engines: records, passes, IT-units, results]      |
//     |    |    +--> [cc_lookahead: next tumbled pair, fetched and transformed]            |
//     |    +--> [cc_stack_engine: lists, frames, fetch unit] <--> stack SRAM               |
//     +<------------------------------------------------- overlap ------------------------+
//   SDRAM ctrl <--> [cc_core_mem_port: requests in priority, destinations of the reads]
//
// This module wires the units together and routes the SDRAM read beats; the datapath
// between them (the tumbled-pair buffer, the two DOTADD units with their operand
// selection, the transformed DOPs and the comparator bank) is cc_dop_datapath, and the
// aligned pair is the fetch unit's head entry.
// =======================================================================================
module cc_core #(
  parameter integer DotaddStages   = 6,
  parameter integer ItMulStages    = 2,     // the IT-unit's multiplier and add/sub (cc_it_unit)
  parameter integer ItAddStages    = 2,
  parameter integer FetchAhead     = 4,     // aligned pairs read ahead (power of two)
  parameter integer FetchKeep      = 0,     // aligned pairs kept after use (cc_list_fetch)
  parameter integer ListWords      = 262144,
  parameter integer StackFrames    = 64,
  parameter integer BoardBytesLog2 = 30,
  parameter integer SramAddrW      = 20,
  // Triangle tests the controller may queue ahead of the triangle-test engine. 0: the
  // controller waits for each test (the paper's order of work); N > 0: it hands a test
  // to the engine and goes on with the traversal while up to N more wait in a queue.
  parameter integer TriQueue       = 0,
  // Triangle-test engines (cc_tri_engines), the tests handed to them in turn and ended in
  // the same turn (meaningful with TriQueue > 0): engine 0 on the datapath's two DOTADD
  // units, each other one on two of its own.
  parameter integer TriEngines     = 1,
  // Triangle records kept for the engines (cc_rec_store; TriQueue > 0): the last RecStore
  // records they read, which a record read takes without the SDRAM interface. 0: none.
  parameter integer RecStore       = 0,
  // 1: the plane unit of CTRL.LEAF_PLANE (cc_dop_datapath): an aligned leaf's plane tested
  // against both tumbled nodes, the controller waiting in S_PLANE; 0: the bit reads 0.
  parameter integer LeafPlane      = 0,
  // DOTADD units a tumbled pair is transformed on (look-ahead engine and controller). 2:
  // node 0 on the shared unit and node 1 on the pass unit (side B's), in the cycles side
  // B's passes leave; 1: the shared unit, node 0 then node 1 (the paper's one transform
  // unit).
  parameter integer TransformLanes = 2,
  // 1: the fetch unit reads ahead into the list the controller processes next while that
  // list is still being written (cc_list_fetch "following"); 0: each list's first pairs
  // are fetched when it starts.
  parameter integer ListFollow     = 1,
  // 1: when a tumbled pair has no inner node, the look-ahead engine fetches and
  // transforms the pair the traversal resumes next (the topmost stack frame whose slot-1
  // list still waits; kept on chip beside the stack, cc_controller), and the fetch unit
  // starts on that pair's list as the controller goes up the stack (S_ASCEND); 0: both
  // after the stack engine found the frame.
  parameter integer ResumeAhead    = 1
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // BAR0 register bus: one access per cycle, read data the next cycle
  input  wire                 reg_valid_i,
  input  wire                 reg_write_i,
  input  wire [11:0]          reg_addr_i,
  input  wire [31:0]          reg_wdata_i,
  output wire                 reg_rvalid_o,
  output wire [31:0]          reg_rdata_o,
  // SDRAM interface (cc_sdram_ctrl request/response)
  output wire                 mem_req_valid_o,
  input  wire                 mem_req_ready_i,
  output wire                 mem_req_write_o,
  output wire                 mem_req_rec_o,
  output wire [31:0]          mem_req_addr_o,
  output wire [255:0]         mem_req_wdata_o,
  output wire [31:0]          mem_req_wstrb_o,
  input  wire                 mem_rsp_valid_i,
  output wire                 mem_rsp_ready_o,
  input  wire [255:0]         mem_rsp_data_i,
  input  wire                 mem_rsp_last_i,
  input  wire                 mem_idle_i,
  // START handshake with the SDRAM interface: a query waits to start; the interface has
  // synchronised its refresh schedule and the query starts with the next memory cycle
  output wire                 mem_sync_o,
  input  wire                 mem_synced_i,
  // stack SRAM
  output wire                 sram_en_o,
  output wire                 sram_we_o,
  output wire [SramAddrW-1:0] sram_addr_o,
  output wire [31:0]          sram_wdata_o,
  input  wire [31:0]          sram_rdata_i,
  // status
  output wire                 busy_o,
  output wire                 irq_o
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_off UNUSEDPARAM */
`include "cc_core_states.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam [5:0] E_IDLE = 6'd0;   // the decide stage's idle state (never traced)
  // The triangle-test engine's sizes (cc_tri_engine): record entries per side, two (the
  // decide stage's test's and the load stage's) and two more in the queued chip for the
  // records it reads ahead; banks of DOP register files, two (the two stages' tests) and a
  // third in the queued chip for a test that waits between them.
  localparam integer RecEntries = TriQueue > 0 ? 4 : 2;
  localparam integer Banks      = TriQueue > 0 ? 3 : 2;
  localparam integer SnapW      = 7 * 32;       // counters TUMBLED .. MAX_LIST_LENGTH
  // Where the beats of an SDRAM read go (cc_core_mem_port): the fetch unit, a bank of the
  // tumbled-pair buffer, the vertex buffer (the controller's leaf record, CTRL.LEAF_VERTEX)
  // or a triangle record entry ({1, engine, entry, side}, cc_tri_engines; no engine bits
  // with one engine).
  localparam integer DestW = $clog2(RecEntries) + 2 + (TriEngines > 1 ? $clog2(TriEngines) : 0);
  localparam [DestW-1:0] D_PAIR = 0, D_VERTS = 1, D_TBUF0 = 2, D_TBUF1 = 3;
  function automatic [DestW-1:0] tbuf_dest(input bank);
    tbuf_dest = {{(DestW - 2){1'b0}}, 1'b1, bank};
  endfunction

  // -------------------------------------------------------------------------------------
  // Register block
  // -------------------------------------------------------------------------------------
  wire        busy, done, irq_pending;
  wire [3:0]  err;
  wire [SnapW-1:0] counters;
  wire [63:0] cycles;
  wire [31:0] result_count, cnt_unc;            // the triangle-test engine's
  wire        start, irq_ack, mode_first, irq_enable, leaf_vertex;
  wire [31:0] root_a, root_b, result_base, result_cap, tri_err_exp;
  wire [132*32-1:0] matrix_flat;
  wire [66*20-1:0]  corr_flat;
  wire [24*4*32-1:0] leafv_flat;
  wire        load_leaf_m;
  wire [12*32-1:0] leaf_m;
  wire        leaf_plane;                    // CTRL.LEAF_PLANE
  wire [31:0] plane_margin;                  // PLANE_MARGIN
  wire        plane_need, plane_bad, plane_start, plane_ready, plane_have;
  cc_core_regs #(
    .LeafPlane (LeafPlane)
  ) u_regs (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .reg_valid_i     (reg_valid_i),
    .reg_write_i     (reg_write_i),
    .reg_addr_i      (reg_addr_i),
    .reg_wdata_i     (reg_wdata_i),
    .reg_rvalid_o    (reg_rvalid_o),
    .reg_rdata_o     (reg_rdata_o),
    .start_o         (start),
    .irq_ack_o       (irq_ack),
    .busy_i          (busy),
    .done_i          (done),
    .irq_pending_i   (irq_pending),
    .err_i           (err),
    .result_count_i  (result_count),
    .counters_i      (counters),
    .cnt_uncertain_i (cnt_unc),
    .cnt_cycles_i    (cycles),
    .mode_first_o    (mode_first),
    .irq_enable_o    (irq_enable),
    .leaf_vertex_o   (leaf_vertex),
    .leaf_plane_o    (leaf_plane),
    .plane_margin_o  (plane_margin),
    .root_a_o        (root_a),
    .root_b_o        (root_b),
    .result_base_o   (result_base),
    .result_cap_o    (result_cap),
    .tri_err_exp_o   (tri_err_exp),
    .matrix_o        (matrix_flat),
    .corr_o          (corr_flat),
    .leafv_o         (leafv_flat),
    .leaf_m_load_i   (load_leaf_m),
    .leaf_m_i        (leaf_m)
  );
  assign busy_o = busy;
  assign irq_o  = irq_pending && irq_enable;

  // What a query start finds wrong (S_INIT).
  wire [3:0]  init_err;
  cc_config_check #(
    .BoardBytesLog2 (BoardBytesLog2)
  ) u_config_check (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .start_i       (start),
    .corr_i        (corr_flat),
    .root_a_i      (root_a),
    .root_b_i      (root_b),
    .result_base_i (result_base),
    .err_o         (init_err)
  );

  // The node buffers' words the controller looks at (cc_dop_datapath)
  wire        cur_bank, t_cur, s_cur, tri_t, tri_s;   // the controller's bank, nodes, test
  wire [31:0] tnode_flags, tnode_ptr, aligned_flags, aligned_ptr, tri_rec_a, tri_rec_b;

  // -------------------------------------------------------------------------------------
  // Memory port
  // -------------------------------------------------------------------------------------
  wire         fsm_req_valid;                     // the controller's: its tumbled pair
  wire [31:0]  fsm_req_addr;
  wire         fsm_req_bank;
  wire         fsm_req_lv;                        // ... or its tumbled leaf's record
  wire         pf_req_valid;                      // the fetch unit's: an aligned pair
  wire [31:0]  pf_req_addr;
  wire         res_req_valid;                     // the decide stage's: a result
  wire [31:0]  res_req_addr;
  wire [255:0] res_req_wdata;
  wire [31:0]  res_req_wstrb;
  // Records kept for the engines: a read of one is taken without the SDRAM interface and
  // the store fills the entry (rec_fill_*).
  wire              rec_kept, rec_fill_valid, rec_store_idle;
  wire [DestW-1:0]  rec_fill_dest;
  wire [1023:0]     rec_fill_data;
  wire         rec_req_valid;                     // the load stage's or read-ahead's: a record
  wire [31:0]  rec_req_addr;
  wire [DestW-1:0] rec_req_dest;
  wire         sp_req_valid;
  wire         eng_req_valid = res_req_valid || rec_req_valid;
  wire         res_req_accept, rec_req_accept, fsm_req_accept, sp_req_accept, pf_req_accept;
  wire [DestW-1:0] rsp_dest;
  wire [2:0]   rsp_beat;                          // beat of the response in progress
  wire         dest_empty;                        // no read in flight
  // Reads in flight: the fetch unit's FetchAhead pairs, the two tumbled pairs (controller,
  // look-ahead engine) and the records: only into entries a test still needs, two (the
  // load stage's test) without read-ahead; per engine.
  localparam integer RecReads = (TriQueue > 0 ? 2 * RecEntries : 2) * TriEngines;
  cc_core_mem_port #(
    .DestW     (DestW),
    .DestDepth (FetchAhead + 2 + RecReads),
    .RecBursts (RecStore > 0 ? 1 : 0)
  ) u_mem_port (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .res_valid_i     (res_req_valid),
    .res_addr_i      (res_req_addr),
    .res_wdata_i     (res_req_wdata),
    .res_wstrb_i     (res_req_wstrb),
    .res_accept_o    (res_req_accept),
    .rec_valid_i     (rec_req_valid),
    .rec_addr_i      (rec_req_addr),
    .rec_dest_i      (rec_req_dest),
    .rec_hit_i       (rec_kept),
    .rec_accept_o    (rec_req_accept),
    .fsm_valid_i     (fsm_req_valid),
    .fsm_rec_i       (fsm_req_lv),
    .fsm_addr_i      (fsm_req_addr),
    .fsm_dest_i      (fsm_req_lv ? D_VERTS : tbuf_dest(fsm_req_bank)),
    .fsm_accept_o    (fsm_req_accept),
    .sp_valid_i      (sp_req_valid),
    .sp_addr_i       (sp_pair),
    .sp_dest_i       (tbuf_dest(sp_bank)),
    .sp_accept_o     (sp_req_accept),
    .pf_valid_i      (pf_req_valid),
    .pf_addr_i       (pf_req_addr),
    .pf_accept_o     (pf_req_accept),
    .mem_req_valid_o (mem_req_valid_o),
    .mem_req_ready_i (mem_req_ready_i),
    .mem_req_write_o (mem_req_write_o),
    .mem_req_rec_o   (mem_req_rec_o),
    .mem_req_addr_o  (mem_req_addr_o),
    .mem_req_wdata_o (mem_req_wdata_o),
    .mem_req_wstrb_o (mem_req_wstrb_o),
    .mem_rsp_valid_i (mem_rsp_valid_i),
    .mem_rsp_ready_o (mem_rsp_ready_o),
    .mem_rsp_last_i  (mem_rsp_last_i),
    .rsp_dest_o      (rsp_dest),
    .rsp_beat_o      (rsp_beat),
    .reads_idle_o    (dest_empty)
  );
  wire [1:0]   pair_in;                           // the last beat of bank b's pair comes in
  assign pair_in[0] = mem_rsp_valid_i && mem_rsp_last_i && rsp_dest == D_TBUF0;
  assign pair_in[1] = mem_rsp_valid_i && mem_rsp_last_i && rsp_dest == D_TBUF1;
  wire         verts_in = mem_rsp_valid_i && mem_rsp_last_i && rsp_dest == D_VERTS;

  // -------------------------------------------------------------------------------------
  // The master controller
  // -------------------------------------------------------------------------------------
  wire [5:0]   state /* verilator public_flat_rd */;   // read by the board's state profile
  wire         se_ready, se_found, se_full, wq_room2, wq_written;
  wire [31:0]  se_depth, se_res_pair, se_res_base, se_res_len;
  wire         se_root, se_push, se_resume;
  wire [31:0]  push_next_pair, push_list_base, push_len_bit;
  wire         wq_push0, wq_push1;
  wire [SramAddrW-1:0] wq_addr0, wq_addr1;
  wire [31:0]  wq_data0, wq_data1;
  wire         pf_start, pf_stop, pf_follow;
  wire [31:0]  pf_base, pf_len, pf_follow_base, pf_follow_end;
  wire         pf_pop /* verilator public_flat_rd */;
  wire         pf_head_valid, pf_head_bad;
  wire [31:0]  pf_head_entry;
  wire [2047:0] pf_head_pair;
  wire [2:0]   sp_state /* verilator public_flat_rd */;   // the look-ahead engine (board's timeline)
  wire         sp_cancelled, sp_bank, sp_node, sp_start, sp_cancel, sp_take;
  wire [4:0]   sp_i, sp_i1;
  wire [31:0]  sp_pair, sp_start_pair;
  wire [1:0]   tbuf_ready;
  wire         tri_room, tri_push, tri_clear, tri_forget, eng_idle, te_idle, eng_end, eng_stop, eng_err_stop;
  wire [3:0]   eng_err;
  wire [SnapW-1:0] tri_snap, eng_snap;
  wire         dot_fsm_out, fb_out;
  wire [1:0]   overlap;
  wire         compare;
  cc_controller #(
    .ListWords      (ListWords),
    .StackFrames    (StackFrames),
    .BoardBytesLog2 (BoardBytesLog2),
    .SramAddrW      (SramAddrW),
    .TriQueue       (TriQueue),
    .TransformLanes (TransformLanes),
    .ListFollow     (ListFollow),
    .ResumeAhead    (ResumeAhead),
    .SnapW          (SnapW)
  ) u_ctrl (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .start_i             (start),
    .irq_ack_i           (irq_ack),
    .root_a_i            (root_a),
    .leaf_vertex_i       (leaf_vertex),
    .init_err_i          (init_err),
    .mem_sync_o          (mem_sync_o),
    .mem_synced_i        (mem_synced_i),
    .state_o             (state),
    .busy_o              (busy),
    .done_o              (done),
    .irq_pending_o       (irq_pending),
    .err_o               (err),
    .counters_o          (counters),
    .cycles_o            (cycles),
    .bank_o              (cur_bank),
    .t_o                 (t_cur),
    .tnode_flags_i       (tnode_flags),
    .tnode_ptr_i         (tnode_ptr),
    .pair_req_valid_o    (fsm_req_valid),
    .pair_req_addr_o     (fsm_req_addr),
    .pair_req_bank_o     (fsm_req_bank),
    .pair_req_lv_o       (fsm_req_lv),
    .lv_in_i             (verts_in),
    .pair_req_accept_i   (fsm_req_accept),
    .pair_in_i           (pair_in),
    .pair_ready_o        (tbuf_ready),
    .mem_quiet_i         (mem_idle_i && !eng_req_valid && dest_empty && rec_store_idle),
    .s_o                 (s_cur),
    .head_valid_i        (pf_head_valid),
    .head_entry_i        (pf_head_entry),
    .head_bad_i          (pf_head_bad),
    .aligned_flags_i     (aligned_flags),
    .aligned_ptr_i       (aligned_ptr),
    .compare_o           (compare),
    .overlap_i           (overlap),
    .plane_need_i        (plane_need),
    .plane_bad_i         (plane_bad),
    .plane_ready_i       (plane_ready),
    .plane_start_o       (plane_start),
    .plane_have_o        (plane_have),
    .dot_issue_o         (fsm_dot_issue),
    .dot_index_o         (dot_issue_idx),
    .dot_lv_o            (dot_lv),
    .dot_lv_vertex_o     (dot_lv_vertex),
    .dot_lv_keep_o       (dot_lv_keep),
    .dot_busy_i          (te_issue[0]),
    .dot_out_i           (dot_fsm_out),
    .pass_issue_o        (fb_issue),
    .pass_index_o        (fb_idx),
    .pass_busy_i         (te_issue[1]),
    .pass_out_i          (fb_out),
    .se_ready_i          (se_ready),
    .se_full_i           (se_full),
    .se_depth_i          (se_depth),
    .se_found_i          (se_found),
    .se_res_pair_i       (se_res_pair),
    .se_res_base_i       (se_res_base),
    .se_res_len_i        (se_res_len),
    .se_root_o           (se_root),
    .se_push_o           (se_push),
    .push_next_pair_o    (push_next_pair),
    .push_list_base_o    (push_list_base),
    .push_len_bit_o      (push_len_bit),
    .se_resume_o         (se_resume),
    .app_room2_i         (wq_room2),
    .lists_written_i     (wq_written),
    .app0_o              (wq_push0),
    .app0_addr_o         (wq_addr0),
    .app0_data_o         (wq_data0),
    .app1_o              (wq_push1),
    .app1_addr_o         (wq_addr1),
    .app1_data_o         (wq_data1),
    .fetch_start_o       (pf_start),
    .fetch_base_o        (pf_base),
    .fetch_len_o         (pf_len),
    .fetch_stop_o        (pf_stop),
    .fetch_follow_o      (pf_follow),
    .fetch_follow_base_o (pf_follow_base),
    .fetch_follow_end_o  (pf_follow_end),
    .head_pop_o          (pf_pop),
    .sp_state_i          (sp_state),
    .sp_cancelled_i      (sp_cancelled),
    .sp_bank_i           (sp_bank),
    .sp_pair_i           (sp_pair),
    .sp_start_o          (sp_start),
    .sp_start_pair_o     (sp_start_pair),
    .sp_cancel_o         (sp_cancel),
    .sp_take_o           (sp_take),
    .tri_t_o             (tri_t),
    .tri_s_o             (tri_s),
    .tri_rec_a_i         (tri_rec_a),
    .tri_rec_b_i         (tri_rec_b),
    .tri_room_i          (tri_room),
    .tri_push_o          (tri_push),
    .tri_snap_o          (tri_snap),
    .tri_clear_o         (tri_clear),
    .tri_forget_o        (tri_forget),
    .eng_idle_i          (eng_idle),
    .pass_idle_i         (te_idle),
    .eng_end_i           (eng_end),
    .eng_stop_i          (eng_stop),
    .eng_err_stop_i      (eng_err_stop),
    .eng_err_i           (eng_err),
    .eng_snap_i          (eng_snap)
  );

  // -------------------------------------------------------------------------------------
  // Stack engine: lists and frames in the stack SRAM, the aligned-pair fetch unit
  // -------------------------------------------------------------------------------------
  cc_stack_engine #(
    .FetchAhead     (FetchAhead),
    .FetchKeep      (FetchKeep),
    .ListFollow     (ListFollow),
    .ListWords      (ListWords),
    .StackFrames    (StackFrames),
    .BoardBytesLog2 (BoardBytesLog2),
    .SramAddrW      (SramAddrW)
  ) u_stack (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .sram_en_o        (sram_en_o),
    .sram_we_o        (sram_we_o),
    .sram_addr_o      (sram_addr_o),
    .sram_wdata_o     (sram_wdata_o),
    .sram_rdata_i     (sram_rdata_i),
    .ready_o          (se_ready),
    .root_i           (se_root),
    .root_entry_i     ({root_b[31:8], 8'h01}),     // the aligned root: slot 0 of its pair
    .result_base_i    (result_base),
    .result_cap_i     (result_cap),
    .push_i           (se_push),
    .push_next_pair_i (push_next_pair),
    .push_list_base_i (push_list_base),
    .push_len_bit_i   (push_len_bit),
    .resume_i         (se_resume),
    .resume_found_o   (se_found),
    .resume_pair_o    (se_res_pair),
    .resume_base_o    (se_res_base),
    .resume_len_o     (se_res_len),
    .depth_o          (se_depth),
    .full_o           (se_full),
    .app0_i           (wq_push0),
    .app0_addr_i      (wq_addr0),
    .app0_data_i      (wq_data0),
    .app1_i           (wq_push1),
    .app1_addr_i      (wq_addr1),
    .app1_data_i      (wq_data1),
    .app_room2_o      (wq_room2),
    .lists_written_o  (wq_written),
    .fetch_start_i    (pf_start),
    .fetch_base_i     (pf_base),
    .fetch_len_i      (pf_len),
    .fetch_stop_i     (pf_stop),
    .fetch_follow_i   (pf_follow),
    .fetch_follow_base_i (pf_follow_base),
    .fetch_follow_end_i  (pf_follow_end),
    .head_valid_o     (pf_head_valid),
    .head_entry_o     (pf_head_entry),
    .head_bad_o       (pf_head_bad),
    .head_pair_o      (pf_head_pair),
    .head_pop_i       (pf_pop),
    .mem_req_valid_o  (pf_req_valid),
    .mem_req_addr_o   (pf_req_addr),
    .mem_req_accept_i (pf_req_accept),
    .rsp_valid_i      (mem_rsp_valid_i && rsp_dest == D_PAIR),
    .rsp_data_i       (mem_rsp_data_i),
    .rsp_last_i       (mem_rsp_last_i)
  );

  // -------------------------------------------------------------------------------------
  // The look-ahead engine
  // -------------------------------------------------------------------------------------
  wire        sp_want_dot, sp_want_pass;      // its next DOTADDs
  wire        sp_dot_issue, sp_b_issue;       // granted
  wire [1:0]  sp_res_in;                      // its results this cycle
  cc_lookahead #(
    .TwoLanes (TransformLanes == 2 ? 1 : 0)
  ) u_lookahead (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .start_i      (sp_start),
    .start_bank_i (~cur_bank),
    .start_pair_i (sp_start_pair),
    .cancel_i     (sp_cancel),
    .take_i       (sp_take),
    .req_valid_o  (sp_req_valid),
    .req_accept_i (sp_req_accept),
    .pair_in_i    (tbuf_ready[sp_bank]),
    .want_dot_o   (sp_want_dot),
    .dot_issue_i  (sp_dot_issue),
    .want_pass_o  (sp_want_pass),
    .pass_issue_i (sp_b_issue),
    .results_i    (sp_res_in),
    .state_o      (sp_state),
    .cancelled_o  (sp_cancelled),
    .bank_o       (sp_bank),
    .pair_o       (sp_pair),
    .node_o       (sp_node),
    .index_o      (sp_i),
    .index1_o     (sp_i1)
  );

  // -------------------------------------------------------------------------------------
  // The node buffers, the two DOTADD units, the transformed DOPs and the comparators
  // -------------------------------------------------------------------------------------
  wire [1:0]       te_issue;                 // side s issues a DOTADD (cc_tri_pass) ...
  wire [2*96-1:0]  te_ops;                   // ... with its operands {dn, dm, dk}
  wire [2*128-1:0] te_mrow;                  // ... and its matrix row {c, c2, c1, c0}
  wire [1:0]       te_out;                   // a result of side s's pass
  wire [63:0]      te_result;
  wire             fsm_dot_issue, fb_issue;  // the controller's transform (cc_controller)
  wire [4:0]       dot_issue_idx, fb_idx;
  wire             dot_lv, dot_lv_keep;      // CTRL.LEAF_VERTEX's issues (cc_controller)
  wire [1:0]       dot_lv_vertex;
  wire             dot_valid_in /* verilator public_flat_rd */;   // the board's timeline
  cc_dop_datapath #(
    .DotaddStages (DotaddStages),
    .LeafPlane    (LeafPlane)
  ) u_datapath (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .matrix_i         (matrix_flat),
    .corr_i           (corr_flat),
    .leafv_i          (leafv_flat),
    .tbuf_write_i     (mem_rsp_valid_i && (rsp_dest == D_TBUF0 || rsp_dest == D_TBUF1)),
    .tbuf_bank_i      (rsp_dest[0]),
    .tbuf_beat_i      (rsp_beat),
    .tbuf_data_i      (mem_rsp_data_i),
    .vbuf_write_i     (mem_rsp_valid_i && rsp_dest == D_VERTS),
    .vbuf_beat_i      (rsp_beat),
    .head_pair_i      (pf_head_pair),
    .bank_i           (cur_bank),
    .t_i              (t_cur),
    .s_i              (s_cur),
    .tri_t_i          (tri_t),
    .tri_s_i          (tri_s),
    .tnode_flags_o    (tnode_flags),
    .tnode_ptr_o      (tnode_ptr),
    .aligned_flags_o  (aligned_flags),
    .aligned_ptr_o    (aligned_ptr),
    .tri_rec_a_o      (tri_rec_a),
    .tri_rec_b_o      (tri_rec_b),
    .compare_i        (compare),
    .overlap_o        (overlap),
    .leaf_plane_i     (leaf_plane),
    .plane_margin_i   (plane_margin),
    .plane_need_o     (plane_need),
    .plane_bad_o      (plane_bad),
    .plane_start_i    (plane_start),
    .plane_ready_o    (plane_ready),
    .plane_have_i     (plane_have),
    .ctl_dot_issue_i  (fsm_dot_issue),
    .ctl_dot_index_i  (dot_issue_idx),
    .ctl_lv_i         (dot_lv),
    .ctl_lv_vertex_i  (dot_lv_vertex),
    .ctl_lv_keep_i    (dot_lv_keep),
    .ctl_dot_out_o    (dot_fsm_out),
    .ctl_pass_issue_i (fb_issue),
    .ctl_pass_index_i (fb_idx),
    .ctl_pass_out_o   (fb_out),
    .sp_bank_i        (sp_bank),
    .sp_node_i        (sp_node),
    .sp_index_i       (sp_i),
    .sp_index1_i      (sp_i1),
    .sp_want_dot_i    (sp_want_dot),
    .sp_want_pass_i   (sp_want_pass),
    .sp_dot_issue_o   (sp_dot_issue),
    .sp_pass_issue_o  (sp_b_issue),
    .sp_results_o     (sp_res_in),
    .te_issue_i       (te_issue),
    .te_ops_i         (te_ops),
    .te_mrow_i        (te_mrow),
    .te_out_o         (te_out),
    .te_result_o      (te_result),
    .dot_valid_o      (dot_valid_in)
  );

  // -------------------------------------------------------------------------------------
  // The triangle-test engines: record reads, passes on DOTADD units, IT-units, results
  // -------------------------------------------------------------------------------------
  wire [5:0]        eng_q /* verilator public_flat_rd */;    // its decide stage (board's profile)
  wire [2:0]        ld_trace /* verilator public_flat_rd */; // its load stage
  wire [31:0]       tq_count /* verilator public_flat_rd */; // its queue
  wire              rec_b_pending;
  wire [6*4*32-1:0] frames;                  // matrix lines 24..29: [R | t], [R^-1 | -R^-1 t]
  assign frames = {matrix_flat[32 * 4 * MAT_B_TO_A +: 3*4*32], matrix_flat[32 * 4 * MAT_A_TO_B +: 3*4*32]};
  // The records kept for the engines (RecStore > 0).
  generate
    if (RecStore > 0) begin : g_rec_store
      cc_rec_store #(
        .Lines     (RecStore),
        .DestW     (DestW),
        .ReadDepth (RecReads)
      ) u_rec_store (
        .clk_i         (clk_i),
        .rst_ni        (rst_ni),
        .clear_i       (tri_forget),
        .result_base_i (result_base),
        .result_cap_i  (result_cap),
        .req_valid_i   (rec_req_valid),
        .req_addr_i    (rec_req_addr[31:7]),
        .req_dest_i    (rec_req_dest),
        .hit_o         (rec_kept),
        .accept_i      (rec_req_accept),
        .fill_valid_o  (rec_fill_valid),
        .fill_dest_o   (rec_fill_dest),
        .fill_data_o   (rec_fill_data),
        .idle_o        (rec_store_idle),
        .rsp_valid_i   (mem_rsp_valid_i),
        .rsp_rec_i     (rsp_dest[DestW-1]),
        .rsp_beat_i    (rsp_beat),
        .rsp_last_i    (mem_rsp_last_i),
        .rsp_data_i    (mem_rsp_data_i)
      );
    end else begin : g_no_rec_store
      assign rec_kept = 1'b0;
      assign rec_fill_valid = 1'b0;
      assign rec_fill_dest = {DestW{1'b0}};
      assign rec_fill_data = {1024{1'b0}};
      assign rec_store_idle = 1'b1;
    end
  endgenerate
  cc_tri_engines #(
    .Engines        (TriEngines),
    .RecBursts      (RecStore > 0 ? 1 : 0),
    .TriQueue       (TriQueue),
    .DotaddStages   (DotaddStages),
    .ItMulStages    (ItMulStages),
    .ItAddStages    (ItAddStages),
    .BoardBytesLog2 (BoardBytesLog2),
    .RecEntries     (RecEntries),
    .Banks          (Banks),
    .DestW          (DestW)
  ) u_tri (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .clear_i         (tri_clear),
    .forget_i        (tri_forget),
    .room_o          (tri_room),
    .push_i          (tri_push),
    .push_rec_a_i    (tri_rec_a),
    .push_rec_b_i    (tri_rec_b),
    .push_snap_i     (tri_snap),
    .idle_o          (eng_idle),
    .pass_idle_o     (te_idle),
    .end_o           (eng_end),
    .stop_o          (eng_stop),
    .err_stop_o      (eng_err_stop),
    .err_o           (eng_err),
    .snap_o          (eng_snap),
    .result_count_o  (result_count),
    .cnt_uncertain_o (cnt_unc),
    .mode_first_i    (mode_first),
    .result_base_i   (result_base),
    .result_cap_i    (result_cap),
    .tri_err_exp_i   (tri_err_exp[7:0]),
    .corr_i          (corr_flat),
    .frames_i        (frames),
    .leaf_m_load_o   (load_leaf_m),
    .leaf_m_o        (leaf_m),
    .dot_issue_o     (te_issue),
    .dot_ops_o       (te_ops),
    .dot_mrow_o      (te_mrow),
    .dot_out_i       (te_out),
    .dot_result_i    (te_result),
    .rec_valid_o     (rec_req_valid),
    .rec_addr_o      (rec_req_addr),
    .rec_dest_o      (rec_req_dest),
    .rec_accept_i    (rec_req_accept),
    .res_valid_o     (res_req_valid),
    .res_addr_o      (res_req_addr),
    .res_wdata_o     (res_req_wdata),
    .res_wstrb_o     (res_req_wstrb),
    .res_accept_i    (res_req_accept),
    .rsp_valid_i     (mem_rsp_valid_i),
    .rsp_dest_i      (rsp_dest),
    .rsp_beat_i      (rsp_beat),
    .rsp_last_i      (mem_rsp_last_i),
    .rsp_data_i      (mem_rsp_data_i),
    .fill_valid_i    (rec_fill_valid),
    .fill_dest_i     (rec_fill_dest),
    .fill_data_i     (rec_fill_data),
    .state_o         (eng_q),
    .ld_trace_o      (ld_trace),
    .queued_o        (tq_count),
    .rec_b_pending_o (rec_b_pending)
  );
  wire unused_tri_err_exp = &{1'b0, tri_err_exp[31:8]};


  // The state the board's profile and timeline show (sim/cc_board.cpp) and the TLM model's
  // trace speaks: the engine's while the controller waits for a test, else the controller's.
  wire [5:0]   trace_state /* verilator public_flat_rd */ =
               !(state == S_TRI_WAIT && eng_q != E_IDLE) ? state :
               (eng_q == E_TRI_A && rec_b_pending) ? E_TRI_REQB : eng_q;

  // Bits nobody looks at (profile taps).
  wire unused_ok = &{1'b0, trace_state, ld_trace, tq_count};

`ifndef SYNTHESIS
  // The pass engine is idle whenever the chip is (S_DRAIN waits for it).
  always @(posedge clk_i) begin
    if (rst_ni && state == S_IDLE) begin
      assert (te_idle) else $error("cc_core: the chip is idle with the pass engine busy");
    end
  end
`endif
endmodule
