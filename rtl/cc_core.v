// =======================================================================================
// cc_core: the CollisionChip core (paper §3.2, §4.1). It runs the whole traversal of
// docs/traversal.md from the root pointers on the chip's units; the golden model
// (model/golden) is the specification: results in the same order, every counter, every
// error status. docs/rtl_core.md describes the units, their interfaces and their timing.
//
//   reg bus --> [cc_core_regs: configuration, matrix and correspondence files, read-back]
//                  |  START            | files
//                  v                   v
//   [cc_controller] ----------> [DOTADD units: shared, pass] --> transformed DOPs --> [comparators]
//     |    |    |  \                ^           ^                                        |
//     |    |    |   +--tests--> [cc_tri_engine: records, passes, IT-units, results]       |
//     |    |    +--> [cc_lookahead: next tumbled pair, fetched and transformed]            |
//     |    +--> [cc_stack_engine: lists, frames, fetch unit] <--> stack SRAM               |
//     +<------------------------------------------------- overlap ------------------------+
//   SDRAM ctrl <--> [cc_core_mem_port: requests in priority, destinations of the reads]
//
// This module holds the datapath between the units: the tumbled-pair buffer (two banks:
// the controller's pair and the look-ahead engine's), the transformed DOPs, the two DOTADD
// units with their operand selection, and the comparator bank; the aligned pair is the
// fetch unit's head entry.
// =======================================================================================
module cc_core #(
  parameter integer DotaddStages   = 6,
  parameter integer FetchAhead     = 4,     // aligned pairs read ahead (power of two)
  parameter integer ListWords      = 262144,
  parameter integer StackFrames    = 64,
  parameter integer BoardBytesLog2 = 30,
  parameter integer SramAddrW      = 20,
  // Triangle tests the controller may queue ahead of the triangle-test engine. 0: the
  // controller waits for each test (the paper's order of work); N > 0: it hands a test
  // to the engine and goes on with the traversal while up to N more wait in a queue.
  parameter integer TriQueue       = 0,
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
  input  wire                 mem_phase_i,   // 1 in the chip cycle before a memory clock edge
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
  // tumbled-pair buffer, or a triangle record entry ({1, entry, side}, cc_tri_engine).
  localparam integer DestW = $clog2(RecEntries) + 2;
  localparam [DestW-1:0] D_PAIR = 0, D_TBUF0 = 2, D_TBUF1 = 3;
  function automatic [DestW-1:0] tbuf_dest(input bank);
    tbuf_dest = {{(DestW - 2){1'b0}}, 1'b1, bank};
  endfunction
  genvar g;

  // -------------------------------------------------------------------------------------
  // Register block
  // -------------------------------------------------------------------------------------
  wire        busy, done, irq_pending;
  wire [3:0]  err;
  wire [SnapW-1:0] counters;
  wire [63:0] cycles;
  wire [31:0] result_count, cnt_unc;            // the triangle-test engine's
  wire        start, irq_ack, mode_first, irq_enable;
  wire [31:0] root_a, root_b, result_base, result_cap, tri_err_exp;
  wire [132*32-1:0] matrix_flat;
  wire [66*20-1:0]  corr_flat;
  wire        load_leaf_m;
  wire [12*32-1:0] leaf_m;
  cc_core_regs u_regs (
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
    .root_a_o        (root_a),
    .root_b_o        (root_b),
    .result_base_o   (result_base),
    .result_cap_o    (result_cap),
    .tri_err_exp_o   (tri_err_exp),
    .matrix_o        (matrix_flat),
    .corr_o          (corr_flat),
    .leaf_m_load_i   (load_leaf_m),
    .leaf_m_i        (leaf_m)
  );
  wire [31:0] matrix [0:131];
  wire [19:0] corr   [0:65];
  generate
    for (g = 0; g < 132; g = g + 1) begin : g_matrix
      assign matrix[g] = matrix_flat[32*g +: 32];
    end
    for (g = 0; g < 66; g = g + 1) begin : g_corr
      assign corr[g] = corr_flat[20*g +: 20];
    end
  endgenerate
  assign busy_o = busy;
  assign irq_o  = irq_pending && irq_enable;

  // What a query start finds wrong (S_INIT).
  wire [3:0]  init_err;
  cc_config_check #(
    .BoardBytesLog2 (BoardBytesLog2)
  ) u_config_check (
    .corr_i        (corr_flat),
    .root_a_i      (root_a),
    .root_b_i      (root_b),
    .result_base_i (result_base),
    .err_o         (init_err)
  );

  // -------------------------------------------------------------------------------------
  // Buffers: tumbled pairs (bank b, node t at 64b + 32t, loaded by the memory port), the
  // transformed tumbled DOPs (the results bank, as the pairs), the aligned pair (the fetch
  // unit's head entry)
  // -------------------------------------------------------------------------------------
  reg  [31:0] tbuf_q [0:127];
  reg  [31:0] tdop_q [0:127];
  wire [31:0] abuf [0:63];
  wire        cur_bank, t_cur, s_cur, tri_t, tri_s;   // the controller's bank, nodes, test
  // Node words (docs/memory_image.md): the DOP from word 0, the flags, the pointer.
  localparam [4:0] FlagsWord = NODE_FLAGS[6:2], PtrWord = NODE_PTR[6:2], DopWord = NODE_DOP[6:2];
  localparam [6:0] NodeWords = NODE_BYTES[8:2];
  wire [6:0]  tnode_base = {cur_bank, t_cur, 5'd0};
  wire [5:0]  snode_base = s_cur ? NodeWords[5:0] : 6'd0;
  wire [31:0] tri_rec_a = tbuf_q[{cur_bank, tri_t, PtrWord}];   // the controller's test (S_TRI)
  wire [31:0] tri_rec_b = abuf[(tri_s ? NodeWords[5:0] : 6'd0) + {1'b0, PtrWord}];

  // -------------------------------------------------------------------------------------
  // Memory port
  // -------------------------------------------------------------------------------------
  wire         fsm_req_valid;                     // the controller's: its tumbled pair
  wire [31:0]  fsm_req_addr;
  wire         fsm_req_bank;
  wire         pf_req_valid;                      // the fetch unit's: an aligned pair
  wire [31:0]  pf_req_addr;
  wire         res_req_valid;                     // the decide stage's: a result
  wire [31:0]  res_req_addr;
  wire [255:0] res_req_wdata;
  wire [31:0]  res_req_wstrb;
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
  // load stage's test) without read-ahead.
  localparam integer RecReads = TriQueue > 0 ? 2 * RecEntries : 2;
  cc_core_mem_port #(
    .DestW     (DestW),
    .DestDepth (FetchAhead + 2 + RecReads)
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
    .rec_accept_o    (rec_req_accept),
    .fsm_valid_i     (fsm_req_valid),
    .fsm_addr_i      (fsm_req_addr),
    .fsm_dest_i      (tbuf_dest(fsm_req_bank)),
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
  integer i;
  always @(posedge clk_i) begin
    if (mem_rsp_valid_i && (rsp_dest == D_TBUF0 || rsp_dest == D_TBUF1)) begin
      for (i = 0; i < 8; i = i + 1) tbuf_q[{rsp_dest[0], rsp_beat, i[2:0]}] <= mem_rsp_data_i[32*i +: 32];
    end
  end

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
    .init_err_i          (init_err),
    .mem_phase_i         (mem_phase_i),
    .state_o             (state),
    .busy_o              (busy),
    .done_o              (done),
    .irq_pending_o       (irq_pending),
    .err_o               (err),
    .counters_o          (counters),
    .cycles_o            (cycles),
    .bank_o              (cur_bank),
    .t_o                 (t_cur),
    .tnode_flags_i       (tbuf_q[tnode_base + {2'b0, FlagsWord}]),
    .tnode_ptr_i         (tbuf_q[tnode_base + {2'b0, PtrWord}]),
    .pair_req_valid_o    (fsm_req_valid),
    .pair_req_addr_o     (fsm_req_addr),
    .pair_req_bank_o     (fsm_req_bank),
    .pair_req_accept_i   (fsm_req_accept),
    .pair_in_i           (pair_in),
    .pair_ready_o        (tbuf_ready),
    .mem_quiet_i         (mem_idle_i && !eng_req_valid && dest_empty),
    .s_o                 (s_cur),
    .head_valid_i        (pf_head_valid),
    .head_entry_i        (pf_head_entry),
    .head_bad_i          (pf_head_bad),
    .aligned_flags_i     (abuf[snode_base + {1'b0, FlagsWord}]),
    .aligned_ptr_i       (abuf[snode_base + {1'b0, PtrWord}]),
    .overlap_i           (overlap),
    .dot_issue_o         (fsm_dot_issue),
    .dot_index_o         (dot_issue_idx),
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
  generate
    for (g = 0; g < 64; g = g + 1) begin : g_abuf
      assign abuf[g] = pf_head_pair[32*g +: 32];
    end
  endgenerate

  // -------------------------------------------------------------------------------------
  // The look-ahead engine
  // -------------------------------------------------------------------------------------
  wire        sp_want_dot, sp_want_pass;      // its next DOTADDs
  wire        sp_dot_issue, sp_b_issue;       // granted
  wire        sp_b_out;
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
  // Datapath: DOTADD units, transformed DOPs, comparators
  // -------------------------------------------------------------------------------------
  // DOTADD operands through the correspondence register file. The shared unit: side A's
  // passes first, then the controller's DOP transform (S_DOT; the two meet only when the
  // controller runs ahead of the triangle-test engine, TriQueue > 0), the look-ahead engine
  // in the cycles left. The pass unit: side B's passes. Triangle pass {leaf matrix, side} uses
  // correspondence lines 24 (A frame), 33 (B frame) or 42 (leaf matrix) plus its output
  // index, its side's register file, and matrix lines 24 (A frame) or 27 (B frame) plus
  // the output's coordinate, or for a leaf-matrix pass the other side's leaf matrix M
  // straight from its triangle record.
  wire [1:0]  te_issue;                      // side s issues a DOTADD (cc_tri_pass)
  wire [2*96-1:0]  te_ops;                   // its operands {dn, dm, dk}
  wire [2*128-1:0] te_mrow;                  // its matrix row {c, c2, c1, c0}
  wire        te_dot_issue  = te_issue[0];
  wire        fsm_dot_issue, fb_issue;       // the controller's transform (cc_controller)
  wire [4:0]  dot_issue_idx, fb_idx;
  assign      sp_dot_issue  = !fsm_dot_issue && !te_dot_issue && sp_want_dot;
  // The second lane: node 1's DOTADDs on the pass unit whenever side B does not issue,
  // the controller's before the look-ahead engine's.
  assign      sp_b_issue    = !te_issue[1] && !fb_issue && sp_want_pass;
  wire        dot_spec      = !fsm_dot_issue && !te_dot_issue;   // whose operands are on the DOTADD's inputs
  wire [4:0]  dot_line_idx  = dot_spec ? sp_i : dot_issue_idx;
  localparam [6:0] CorrDop = CORR_DOP[6:0];   // the DOP transform's lines in the files
  localparam [5:0] MatDop  = MAT_DOP[5:0];
  wire [19:0] dot_corr = corr[CorrDop + {2'b00, dot_line_idx}];
  wire [6:0]  dot_node_base = dot_spec ? {sp_bank, sp_node, 5'd0} : {cur_bank, t_cur, 5'd0};
  wire [31:0] dot_op [0:2];
  wire [31:0] dot_m [0:3];
  generate
    for (g = 0; g < 3; g = g + 1) begin : g_dot_op
      wire [4:0] idx = dot_corr[5*g +: 5];
      assign dot_op[g] = te_dot_issue ? te_ops[32*g +: 32] : tbuf_q[dot_node_base + {2'b0, DopWord + idx}];
    end
    for (g = 0; g < 4; g = g + 1) begin : g_dot_m
      assign dot_m[g] = te_dot_issue ? te_mrow[32*g +: 32] : matrix[{MatDop + {1'b0, dot_line_idx}, g[1:0]}];
    end
  endgenerate
  wire        dot_valid_in /* verilator public_flat_rd */ = fsm_dot_issue || te_dot_issue || sp_dot_issue;
  wire        dot_valid_out;
  wire [31:0] dot_result;
  wire [6:0]  dot_tag;                       // {look-ahead engine's, node, index}, {01, 0}: side A's pass
  assign      dot_fsm_out = dot_valid_out && dot_tag[6:5] == 2'b00;
  wire [1:0]  te_out;                        // a result of side s's pass: te_result[s]
  wire [31:0] te_result [0:1];
  assign      te_out[0] = dot_valid_out && dot_tag[6:5] == 2'b01;
  assign      te_result[0] = dot_result;
  cc_dotadd #(
    .Stages   (DotaddStages),
    .TagWidth (7)
  ) u_dotadd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (dot_valid_in),
    .dk_i     (dot_op[0]),
    .dm_i     (dot_op[1]),
    .dn_i     (dot_op[2]),
    .c0_i     (dot_m[0]),
    .c1_i     (dot_m[1]),
    .c2_i     (dot_m[2]),
    .c_i      (dot_m[3]),
    .tag_i    (te_dot_issue ? 7'b010_0000 : dot_spec ? {1'b1, sp_node, sp_i} : {2'b00, dot_issue_idx}),
    .valid_o  (dot_valid_out),
    .result_o (dot_result),
    .tag_o    (dot_tag)
  );
  // The pass unit: side B's passes (their results come back in issue order) and, with two
  // transform lanes, node 1 of the controller's pair (tag {1, 0, index}) or of the
  // look-ahead engine's (tag {1, 1, index}).
  wire [4:0]  spb_line = fb_issue ? fb_idx : sp_i1;
  wire        spb_bank = fb_issue ? cur_bank : sp_bank;
  wire [19:0] spb_corr = corr[CorrDop + {2'b00, spb_line}];
  wire [95:0] spb_ops;
  wire [127:0] spb_mrow;
  generate
    for (g = 0; g < 3; g = g + 1) begin : g_spb_op
      wire [4:0] idx = spb_corr[5*g +: 5];
      assign spb_ops[32*g +: 32] = tbuf_q[{spb_bank, 1'b1, DopWord + idx}];
    end
    for (g = 0; g < 4; g = g + 1) begin : g_spb_m
      assign spb_mrow[32*g +: 32] = matrix[{MatDop + {1'b0, spb_line}, g[1:0]}];
    end
  endgenerate
  wire        pass_valid_out;
  wire [6:0]  pass_tag;
  wire [95:0] pass_ops  = te_issue[1] ? te_ops[96 +: 96] : spb_ops;
  wire [127:0] pass_mrow = te_issue[1] ? te_mrow[128 +: 128] : spb_mrow;
  assign      sp_b_out  = pass_valid_out && pass_tag[6:5] == 2'b11;
  assign      fb_out    = pass_valid_out && pass_tag[6:5] == 2'b10;
  assign      te_out[1] = pass_valid_out && !pass_tag[6];
  cc_dotadd #(
    .Stages   (DotaddStages),
    .TagWidth (7)
  ) u_pass_dotadd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .valid_i  (te_issue[1] || fb_issue || sp_b_issue),
    .dk_i     (pass_ops[31:0]),
    .dm_i     (pass_ops[63:32]),
    .dn_i     (pass_ops[95:64]),
    .c0_i     (pass_mrow[31:0]),
    .c1_i     (pass_mrow[63:32]),
    .c2_i     (pass_mrow[95:64]),
    .c_i      (pass_mrow[127:96]),
    .tag_i    (te_issue[1] ? 7'd0 : {1'b1, !fb_issue, spb_line}),
    .valid_o  (pass_valid_out),
    .result_o (te_result[1]),
    .tag_o    (pass_tag)
  );

  // Comparator bank: the aligned node of slot s against the transformed tumbled DOPs.
  wire [24*32-1:0] adop_packed, tdop_packed [0:1];
  wire [1:0]       overlap;
  generate
    for (g = 0; g < 24; g = g + 1) begin : g_pack
      assign adop_packed[32*g +: 32]    = abuf[(s_cur ? 32 : 0) + g];
      assign tdop_packed[0][32*g +: 32] = tdop_q[{cur_bank, 1'b0, g[4:0]}];
      assign tdop_packed[1][32*g +: 32] = tdop_q[{cur_bank, 1'b1, g[4:0]}];
    end
    for (g = 0; g < 2; g = g + 1) begin : g_cmp
      cc_dop_overlap u_cmp (
        .dt_i      (tdop_packed[g]),
        .e_i       (adop_packed),
        .overlap_o (overlap[g])
      );
    end
  endgenerate

  // -------------------------------------------------------------------------------------
  // The triangle-test engine: record reads, passes on both DOTADD units, IT-units, results
  // -------------------------------------------------------------------------------------
  wire [5:0]        eng_q /* verilator public_flat_rd */;    // its decide stage (board's profile)
  wire [2:0]        ld_trace /* verilator public_flat_rd */; // its load stage
  wire [31:0]       tq_count /* verilator public_flat_rd */; // its queue
  wire              rec_b_pending;
  wire [6*4*32-1:0] frames;                  // matrix lines 24..29: [R | t], [R^-1 | -R^-1 t]
  assign frames = {matrix_flat[32 * 4 * MAT_B_TO_A +: 3*4*32], matrix_flat[32 * 4 * MAT_A_TO_B +: 3*4*32]};
  cc_tri_engine #(
    .TriQueue       (TriQueue),
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
    .dot_result_i    ({te_result[1], te_result[0]}),
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
    .rsp_beat_i      (rsp_beat[1:0]),
    .rsp_last_i      (mem_rsp_last_i),
    .rsp_data_i      (mem_rsp_data_i),
    .state_o         (eng_q),
    .ld_trace_o      (ld_trace),
    .queued_o        (tq_count),
    .rec_b_pending_o (rec_b_pending)
  );
  wire unused_tri_err_exp = &{1'b0, tri_err_exp[31:8]};


  // DOTADD results land as they come (tag = {look-ahead engine's, node, output index}).
  assign sp_res_in = {1'b0, dot_valid_out && dot_tag[6]} + {1'b0, sp_b_out};
  always @(posedge clk_i) begin
    if (dot_valid_out) begin
      if (dot_tag[6]) tdop_q[{sp_bank, dot_tag[5:0]}] <= dot_result;
      else if (!dot_tag[5]) tdop_q[{cur_bank, t_cur, dot_tag[4:0]}] <= dot_result;
    end
    if (sp_b_out) tdop_q[{sp_bank, pass_tag[5:0]}] <= te_result[1];
    if (fb_out) tdop_q[{cur_bank, 1'b1, pass_tag[4:0]}] <= te_result[1];
  end

  // The state the board's profile and timeline show (sim/cc_board.cpp) and the TLM model's
  // trace speaks: the engine's while the controller waits for a test, else the controller's.
  wire [5:0]   trace_state /* verilator public_flat_rd */ =
               !(state == S_TRI_WAIT && eng_q != E_IDLE) ? state :
               (eng_q == E_TRI_A && rec_b_pending) ? E_TRI_REQB : eng_q;

  // Bits nobody looks at (profile taps, the correspondence lines' dst fields).
  wire unused_ok = &{1'b0, trace_state, ld_trace, tq_count, dot_corr[19:15], spb_corr[19:15]};

`ifndef SYNTHESIS
  // The pass engine is idle whenever the chip is (S_DRAIN waits for it).
  always @(posedge clk_i) begin
    if (rst_ni && state == S_IDLE) begin
      assert (te_idle) else $error("cc_core: the chip is idle with the pass engine busy");
    end
  end
`endif
endmodule
