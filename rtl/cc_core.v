// =======================================================================================
// cc_core: the CollisionChip core at 266 MHz: BAR0 register block, register files and
// the master controller that runs the whole traversal of docs/traversal.md from the root
// pointers (paper §3.2, §4.1). The golden model (model/golden) is the
// specification: results in the same order, every counter, every error status.
//
//   reg bus --> [register block: CTRL STATUS IRQ roots results counters MATRIX CORR]
//                      |                      ^
//                      v                      |
//   SDRAM ctrl <-> [master controller FSM] --+--> DOTADD (cc_dotadd) --> results bank /
//                   |    |     |                                        DOP registers
//                   |    |     +--> comparator bank (cc_dop_overlap x2)
//                   |    +--> IT-unit (cc_it_unit), triangle pass engine (side B: own DOTADD)
//                   +--> stack engine (cc_stack_engine) <--> stack SRAM
//
// Version 2 overlaps fetching and comparing: the stack engine's fetch unit runs
// FetchAhead list entries ahead of the comparators, list appends go to the SRAM through
// its write queue behind them, and one aligned node meets both tumbled nodes in one cycle
// (docs/rtl_core.md). The stack engine also keeps the frames; the controller decides what
// is pushed and where lists go. The FSM uses subroutine states with a return-state
// register for the shared steps: run a DOTADD batch, append a list entry. Version 3 runs a
// triangle test's four DOTADD passes in a pass engine of their own, side B's beside side
// A's, and hands each side to the IT-unit module; since version 5 side B's passes have a
// DOTADD unit of their own. Version 6 runs the triangle tests in an engine beside the
// controller: with TriQueue > 0 the controller queues them and goes on with the traversal.
// Version 7 splits the engine into a load stage (records, passes) and a decide stage
// (IT-unit, result) that work on consecutive tests, with two banks of register files and
// two triangle-record entries per side. Version 8 (TriQueue > 0 only) reads the queued
// tests' records ahead into four entries per side, starts a test's passes once the last
// test's DOTADDs are issued, keeps a third bank for a loaded test that waits and runs
// side B's edges on an IT-unit of their own. Version 9 (TransformLanes = 2) transforms a
// tumbled pair's node 1 on the pass unit beside node 0 (look-ahead engine and controller).
// Version 10 (ListFollow = 1) names the list it processes next to the fetch unit, which
// reads that list's words and pairs as they are written, behind the current list's.
// Version 11 (ResumeAhead = 1) keeps the stack's waiting frames beside it, so that a pair
// of tumbled leaves has the look-ahead engine fetch and transform the pair resumed next,
// and starts the fetch unit on that pair's list as it goes up the stack.
//
// A look-ahead engine fetches and transforms the next tumbled pair into a second bank
// while the current list is compared. SDRAM requests come from the triangle-test engine
// (triangle records, result writes; first choice), the controller (tumbled pair), the
// look-ahead engine and the fetch unit (aligned pairs). Responses come back in request order; a queue of
// destinations says where each read's beats go.
//
// Stack SRAM layout: cc_stack_engine.v.
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
  // DOTADD units a tumbled pair is transformed on (look-ahead engine and controller). 2
  // (version 9): node 0 on the shared unit and node 1 on the pass unit (side B's), in the
  // cycles side B's passes leave; 1: the shared unit, node 0 then node 1 (the paper's one
  // transform unit, versions 2 to 8).
  parameter integer TransformLanes = 2,
  // 1 (version 10): the fetch unit reads ahead into the list the controller processes
  // next while that list is still being written (cc_list_fetch "following"); 0: each
  // list's first pairs are fetched when it starts (up to version 9).
  parameter integer ListFollow     = 1,
  // 1 (version 11): when a tumbled pair has no inner node, the look-ahead engine fetches
  // and transforms the pair the traversal resumes next (the topmost stack frame whose
  // slot-1 list still waits; kept on chip beside the stack, resume_pair), and the fetch
  // unit starts on that pair's list as the controller goes up the stack (S_ASCEND); 0:
  // both after the stack engine found the frame (up to version 10).
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

  // -------------------------------------------------------------------------------------
  // Helpers
  // -------------------------------------------------------------------------------------
  // cc::golden::Chip::checkPointer
  localparam [32:0] BoardBytes = 33'd1 << BoardBytesLog2;
`include "cc_board_ptr.vh"
  function automatic [31:0] sat_inc(input [31:0] v);
    sat_inc = (v == 32'hFFFF_FFFF) ? v : v + 32'd1;
  endfunction
  function automatic [31:0] sat_add(input [31:0] v, input [1:0] n);
    sat_add = ({1'b0, v} + {31'd0, n} > 33'h0_FFFF_FFFF) ? 32'hFFFF_FFFF : v + {30'd0, n};
  endfunction
  function automatic [31:0] max32(input [31:0] a, input [31:0] b);
    max32 = (a > b) ? a : b;
  endfunction

  // -------------------------------------------------------------------------------------
  // Register block: configuration, register files, read-back (cc_core_regs)
  // -------------------------------------------------------------------------------------
  reg         busy_q, done_q, irq_pending_q;
  reg  [3:0]  err_q;
  wire [31:0] result_count, cnt_unc;            // the triangle-test engine's
  reg  [31:0] cnt_tumbled_q, cnt_aligned_q, cnt_overlap_q, cnt_tri_q, cnt_lists_q;
  reg  [31:0] cnt_max_stack_q, cnt_max_list_q;
  reg  [63:0] cnt_cycles_q;
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
    .busy_i          (busy_q),
    .done_i          (done_q),
    .irq_pending_i   (irq_pending_q),
    .err_i           (err_q),
    .result_count_i  (result_count),
    .counters_i      ({cnt_tumbled_q, cnt_aligned_q, cnt_overlap_q, cnt_tri_q, cnt_lists_q,
                       cnt_max_stack_q, cnt_max_list_q}),
    .cnt_uncertain_i (cnt_unc),
    .cnt_cycles_i    (cnt_cycles_q),
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
  genvar g;
  generate
    for (g = 0; g < 132; g = g + 1) begin : g_matrix
      assign matrix[g] = matrix_flat[32*g +: 32];
    end
    for (g = 0; g < 66; g = g + 1) begin : g_corr
      assign corr[g] = corr_flat[20*g +: 20];
    end
  endgenerate

  assign busy_o = busy_q;
  assign irq_o  = irq_pending_q && irq_enable;

  // -------------------------------------------------------------------------------------
  // Controller state
  // -------------------------------------------------------------------------------------
  // The controller's S_*, the triangle-test engine's E_* (decide stage, numbered in the
  // controller's space: trace_state shows them while the controller waits in S_TRI_WAIT),
  // its load stage's L_* and the look-ahead engine's SP_* state numbers, shared with the
  // TLM model and the trace scripts (model/common/cc/core_states.h).
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_core_states.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam [5:0] E_IDLE = 6'd0;   // never traced

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

  reg  [5:0]  state_q /* verilator public_flat_rd */;   // read by the board's state profile
  reg  [5:0]  ret_q;

  // Traversal registers
  reg  [31:0] cur_pair_q, cur_base_q, cur_len_q;
  reg  [1:0]  cur_mask_q;
  reg  [31:0] top_q, obase_q [0:1], olen_q [0:1];
  reg  [1:0]  leaf_q;
  reg  [31:0] childp_q [0:1];
  reg  [31:0] k_q, entry_q;
  reg         in_ll_q;                      // the list being compared is a leaf-list pass
  reg         t_q, s_q;
  reg  [1:0]  t2_q, s2_q;                   // loop counters that reach 2
  reg  [1:0]  leafmask_q [0:1];
  reg  [1:0]  lt_q;
  reg  [31:0] ll_base_q, ll_len_q, ll_out_q, ll_olen_q;

  // Buffers
  reg  [31:0] tbuf_q [0:127];               // tumbled pairs: bank b, node t at 64b + 32t
  wire [31:0] abuf [0:63];                  // aligned pair: the fetch unit's head entry
  reg  [31:0] tdop_q [0:127];               // transformed tumbled DOPs (results bank), as tbuf
  reg  [1:0]  tbuf_ready_q;                 // all beats of bank b's tumbled pair are in
  wire [31:0] tri_rec_a = tbuf_q[{cur_bank_q, tri_t_q, 5'd25}];   // the controller's test (S_TRI)
  wire [31:0] tri_rec_b = abuf[(tri_s_q ? 6'd32 : 6'd0) + 6'd25];
  reg         cur_bank_q;                   // the bank of the current list's tumbled pair
  reg         spec_used_q;                  // the current pair came from the look-ahead engine

  // The look-ahead engine: the next tumbled pair fetched and transformed while the current
  // list is compared (the DOTADD units are idle then), into the other bank.
  // (cc_lookahead: its state, bank, pair and DOTADD counters)
  wire [2:0]  sp_state /* verilator public_flat_rd */;   // read by the board's timeline
  wire        sp_cancelled;                 // its work is not wanted: it finishes what is in flight
  wire        sp_bank, sp_node;
  wire [4:0]  sp_i;                         // next DOTADD of node sp_node (two lanes: of node 0)
  wire [4:0]  sp_i1;                        // two lanes: next DOTADD of node 1, on the pass unit
  wire [31:0] sp_pair;
  // Two lanes, the controller's own transform (a look-ahead miss): node 1 on the pass unit
  // while node 0 is in S_DOT on the shared unit.
  reg  [4:0]  fb_i_q, fb_res_q;             // its next DOTADD, its results in (24: none to do)
  reg         fb_node1_q;                   // node 1 of the current pair is done there

  // The triangle-test engine (cc_tri_engine): the controller hands it a test in S_TRI
  // (tri_push) when there is room and the records' pointers are good.
  wire              tri_room, eng_idle, te_idle, eng_end, eng_stop, eng_err_stop;
  wire [3:0]        eng_err;
  wire [SnapW-1:0]  eng_snap;
  wire [5:0]        eng_q /* verilator public_flat_rd */;   // its decide stage (board's profile)
  wire [2:0]        ld_trace /* verilator public_flat_rd */; // its load stage
  wire [31:0]       tq_count /* verilator public_flat_rd */; // its queue
  wire              rec_b_pending;
  wire              tri_bad   = bad_ptr(tri_rec_a, 32'd128, 32'd128) || bad_ptr(tri_rec_b, 32'd128, 32'd128);
  wire              tri_push  = state_q == S_TRI && tri_room && !tri_bad;
  wire [SnapW-1:0]  tri_snap  = {cnt_tumbled_q, cnt_aligned_q, cnt_overlap_q, sat_inc(cnt_tri_q),
                                 cnt_lists_q, cnt_max_stack_q, cnt_max_list_q};

  // Subroutine arguments
  reg  [4:0]  dot_issue_q, dot_done_q;          // DOP transform of tumbled node t_q (S_DOT)
  localparam [4:0] DotN = 5'd24;                // its DOTADDs: one per DOP slab bound
  reg  [1:0]  app_to_q;                     // append: 0/1 list of slot t, 2 leaf-list output
  reg  [31:0] app_entry_q;
  reg         tri_t_q, tri_s_q;

  // -------------------------------------------------------------------------------------
  // SDRAM requests: the triangle-test engine's (first choice: the decide stage's result
  // write, then the load stage's record reads), the controller's, the look-ahead engine's
  // or the fetch unit's, and the queue of destinations for the responses, which come back
  // in request order.
  // -------------------------------------------------------------------------------------
  wire         res_req_valid;                     // the decide stage's: a result
  wire [31:0]  res_req_addr;
  wire [255:0] res_req_wdata;
  wire [31:0]  res_req_wstrb;
  wire         rec_req_valid;                     // the load stage's or read-ahead's: a record
  wire [31:0]  rec_req_addr;
  wire [DestW-1:0] rec_req_dest;
  reg          fsm_req_valid_q;                   // the controller's: its tumbled pair
  reg  [31:0]  fsm_req_addr_q;
  reg  [DestW-1:0] fsm_req_dest_q;
  wire         pf_req_valid;
  wire [31:0]  pf_req_addr;
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
    .fsm_valid_i     (fsm_req_valid_q),
    .fsm_addr_i      (fsm_req_addr_q),
    .fsm_dest_i      (fsm_req_dest_q),
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
  // The state the board's profile and timeline show (sim/cc_board.cpp) and the TLM model's
  // trace speaks: the engine's while the controller waits for a test, else the controller's.
  wire [5:0]   trace_state /* verilator public_flat_rd */ =
               !(state_q == S_TRI_WAIT && eng_q != E_IDLE) ? state_q :
               (eng_q == E_TRI_A && rec_b_pending) ? E_TRI_REQB : eng_q;

  // -------------------------------------------------------------------------------------
  // Stack engine: lists and frames in the stack SRAM, the aligned-pair fetch unit
  // -------------------------------------------------------------------------------------
  wire         se_ready, se_found, se_full;
  wire [31:0]  se_depth, se_res_pair, se_res_base, se_res_len;
  wire         wq_room2, wq_written;
  reg          wq_push0, wq_push1;           // the controller's appends, registered
  reg  [SramAddrW-1:0] wq_addr0, wq_addr1;
  reg  [31:0]  wq_data0, wq_data1;
  wire         se_root, se_push, se_resume;  // the controller's commands (states S_INIT, S_DESCEND, S_ASCEND)
  wire [31:0]  push_next_pair, push_list_base, push_len_bit;
  reg          pf_start;
  wire         pf_stop = (state_q == S_ERROR) || (state_q == S_DRAIN);
  reg  [31:0]  pf_base, pf_len;
  reg          pf_follow;                    // the list at pf_follow_base is the next one started
  reg  [31:0]  pf_follow_base, pf_follow_end;   // its words, at most
  wire         pf_pop /* verilator public_flat_rd */;
  wire         pf_head_valid, pf_head_bad;
  wire [31:0]  pf_head_entry;
  wire [2047:0] pf_head_pair;
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
  // Datapath units
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
  wire        fsm_dot_issue = (state_q == S_DOT) && (dot_issue_q < DotN) && !te_dot_issue;
  localparam  TwoLanes      = TransformLanes == 2;
  wire        sp_want_dot, sp_want_pass;      // the look-ahead engine's next DOTADDs
  wire        sp_dot_issue  = !fsm_dot_issue && !te_dot_issue && sp_want_dot;
  // The second lane: node 1's DOTADDs on the pass unit whenever side B does not issue,
  // the controller's before the look-ahead engine's.
  wire        fb_issue      = TwoLanes && !te_issue[1] && fb_i_q != 5'd24;
  wire        sp_b_issue    = !te_issue[1] && !fb_issue && sp_want_pass;
  wire        dot_spec      = !fsm_dot_issue && !te_dot_issue;   // whose operands are on the DOTADD's inputs
  wire [4:0]  dot_line_idx  = dot_spec ? sp_i : dot_issue_q;
  wire [19:0] dot_corr = corr[{2'b00, dot_line_idx}];
  wire [6:0]  dot_node_base = dot_spec ? {sp_bank, sp_node, 5'd0} : {cur_bank_q, t_q, 5'd0};
  wire [6:0]  tnode_base    = {cur_bank_q, t_q, 5'd0};   // the controller's view of node t
  wire [31:0] dot_op [0:2];
  wire [31:0] dot_m [0:3];
  generate
    for (g = 0; g < 3; g = g + 1) begin : g_dot_op
      wire [4:0] idx = dot_corr[5*g +: 5];
      assign dot_op[g] = te_dot_issue ? te_ops[32*g +: 32] : tbuf_q[dot_node_base + {2'b0, idx}];
    end
    for (g = 0; g < 4; g = g + 1) begin : g_dot_m
      assign dot_m[g] = te_dot_issue ? te_mrow[32*g +: 32] : matrix[{1'b0, dot_line_idx, g[1:0]}];
    end
  endgenerate
  wire        dot_valid_in /* verilator public_flat_rd */ = fsm_dot_issue || te_dot_issue || sp_dot_issue;
  wire        dot_valid_out;
  wire [31:0] dot_result;
  wire [6:0]  dot_tag;                       // {look-ahead engine's, node, index}, {01, 0}: side A's pass
  wire        dot_fsm_out = dot_valid_out && dot_tag[6:5] == 2'b00;
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
    .tag_i    (te_dot_issue ? 7'b010_0000 : dot_spec ? {1'b1, sp_node, sp_i} : {2'b00, dot_issue_q}),
    .valid_o  (dot_valid_out),
    .result_o (dot_result),
    .tag_o    (dot_tag)
  );
  // The pass unit: side B's passes (their results come back in issue order) and, with two
  // transform lanes, node 1 of the controller's pair (tag {1, 0, index}) or of the
  // look-ahead engine's (tag {1, 1, index}).
  wire [4:0]  spb_line = fb_issue ? fb_i_q : sp_i1;
  wire        spb_bank = fb_issue ? cur_bank_q : sp_bank;
  wire [19:0] spb_corr = corr[{2'b00, spb_line}];
  wire [95:0] spb_ops;
  wire [127:0] spb_mrow;
  generate
    for (g = 0; g < 3; g = g + 1) begin : g_spb_op
      wire [4:0] idx = spb_corr[5*g +: 5];
      assign spb_ops[32*g +: 32] = tbuf_q[{spb_bank, 1'b1, idx}];
    end
    for (g = 0; g < 4; g = g + 1) begin : g_spb_m
      assign spb_mrow[32*g +: 32] = matrix[{1'b0, spb_line, g[1:0]}];
    end
  endgenerate
  wire        pass_valid_out;
  wire [6:0]  pass_tag;
  wire [95:0] pass_ops  = te_issue[1] ? te_ops[96 +: 96] : spb_ops;
  wire [127:0] pass_mrow = te_issue[1] ? te_mrow[128 +: 128] : spb_mrow;
  wire        sp_b_out  = pass_valid_out && pass_tag[6:5] == 2'b11;
  wire        fb_out    = pass_valid_out && pass_tag[6:5] == 2'b10;
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
      assign adop_packed[32*g +: 32]    = abuf[(s_q ? 32 : 0) + g];
      assign tdop_packed[0][32*g +: 32] = tdop_q[{cur_bank_q, 1'b0, g[4:0]}];
      assign tdop_packed[1][32*g +: 32] = tdop_q[{cur_bank_q, 1'b1, g[4:0]}];
    end
    for (g = 0; g < 2; g = g + 1) begin : g_cmp
      cc_dop_overlap u_cmp (
        .dt_i      (tdop_packed[g]),
        .e_i       (adop_packed),
        .overlap_o (overlap[g])
      );
    end
  endgenerate

  // The triangle-test engine: record reads, passes on both DOTADD units, IT-units, results.
  wire [6*4*32-1:0] frames;                  // matrix lines 24..29: [R | t], [R^-1 | -R^-1 t]
  assign frames = matrix_flat[32 * 4 * MAT_A_TO_B +: 6*4*32];
  cc_tri_engine #(
    .TriQueue       (TriQueue),
    .BoardBytesLog2 (BoardBytesLog2),
    .RecEntries     (RecEntries),
    .Banks          (Banks),
    .DestW          (DestW)
  ) u_tri (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .clear_i         (state_q == S_IDLE && start),
    .forget_i        (state_q == S_INIT),
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

  wire [1:0]  present = cur_mask_q;
  wire [5:0]  snode_base = s_q ? 6'd32 : 6'd0;
  wire [31:0] a_flags = abuf[snode_base + 6'd24];
  wire [31:0] a_ptr   = abuf[snode_base + 6'd25];
  wire        t_leaf  = leaf_q[t_q];

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

  // After a list: the tumbled nodes that go down (inner, with a non-empty child list). The
  // frame pushed keeps slot 1's list when the descent starts with slot 0, else it is done.
  wire [1:0]  go = {present[1] && !leaf_q[1] && olen_q[1] != 32'd0, present[0] && !leaf_q[0] && olen_q[0] != 32'd0};
  wire        descend = go != 2'b00;
  assign push_next_pair = (go == 2'b11) ? childp_q[1] : 32'd0;
  assign push_list_base = go[0] ? obase_q[1] : 32'd0;
  assign push_len_bit   = !go[0] ? 32'd1 << FRAME_BIT : (present[1] && !leaf_q[1]) ? {1'b0, olen_q[1][30:0]} : 32'd0;
  assign se_root   = state_q == S_INIT && init_err == ERR_NONE;
  assign se_push   = state_q == S_DESCEND && descend && se_ready && !se_full;
  assign se_resume = state_q == S_ASCEND && se_ready && se_depth != 32'd0;

  // Addresses the controller computes.
  wire [31:0] ll_append_addr     = ll_out_q + ll_olen_q;
  wire [31:0] app_addr [0:1];                // next free word of slot t's new list
  assign app_addr[0] = obase_q[0] + olen_q[0];
  assign app_addr[1] = obase_q[1] + olen_q[1];
  wire [31:0] list_append_addr   = app_addr[app_to_q[0]];
  wire [1:0]  sp_res_in = {1'b0, dot_valid_out && dot_tag[6]} + {1'b0, sp_b_out};    // results this cycle
  // The pair the traversal most likely visits after this list: T1's children, else T2's.
  // The engine starts on it as soon as S_TNODE has checked that node (used only there,
  // after the node's VALID flag and child pointer passed).
  wire        spec_start  = !tbuf_q[tnode_base + 7'd24][1] && (!t_q || !present[0] || leaf_q[0]) &&
                            sp_state == SP_IDLE;
  // A pair of leaves (this node a leaf, the last present one, the other absent or a leaf)
  // never descends: after its lists the traversal resumes the topmost waiting frame's
  // pair, which the engine fetches and transforms meanwhile.
  wire        resume_start = ResumeAhead != 0 && resume_any && tbuf_q[tnode_base + 7'd24][1] &&
                             (t_q ? (!present[0] || leaf_q[0]) : !present[1]) && sp_state == SP_IDLE;
  wire        sp_live   = sp_state != SP_IDLE && !sp_cancelled;   // its pair will be transformed
  wire        spec_hit  = cur_mask_q == 2'b11 && sp_live && sp_pair == cur_pair_q;
  wire        follow_t2 = present[1] && leaf_q[1] && !leaf_q[0];   // T2's leaf list comes next
  // A list's new lists: T1's from the top on (at most 2 x len words), T2's behind them.
  wire [31:0] t2_list_base = top_q + (cur_len_q << 1);

  // The stack's frames whose slot-1 list still waits (pushed with both child lists, not
  // yet resumed) and their pairs, beside the stack engine's copy in the SRAM: the topmost
  // is the pair the next resume hands over. Popped frames never wait, so no bit above the
  // depth is set (all cleared at a query's start).
  localparam integer FrameIdxW = StackFrames > 1 ? $clog2(StackFrames) : 1;
  reg  [StackFrames-1:0] wait_q;
  reg  [31:0]  wait_pair_q [0:StackFrames-1];     // no reset: read only where wait_q is set
  reg  [31:0]  wait_base_q [0:StackFrames-1];
  reg  [31:0]  wait_len_q  [0:StackFrames-1];
  always @(posedge clk_i)
    if (se_push) begin                              // the words of the frame pushed
      wait_pair_q[se_depth[FrameIdxW-1:0]] <= push_next_pair;
      wait_base_q[se_depth[FrameIdxW-1:0]] <= push_list_base;
      wait_len_q[se_depth[FrameIdxW-1:0]] <= push_len_bit;   // its bit is 0 where wait_q is set
    end
  reg          resume_any;
  reg  [31:0]  resume_pair, resume_base, resume_len;
  integer      wf;
  always @* begin
    resume_any = 1'b0;
    resume_pair = 32'd0;
    resume_base = 32'd0;
    resume_len = 32'd0;
    for (wf = 0; wf < StackFrames; wf = wf + 1)
      if (wait_q[wf]) begin
        resume_any = 1'b1;
        resume_pair = wait_pair_q[wf];
        resume_base = wait_base_q[wf];
        resume_len = wait_len_q[wf];
      end
  end
  reg          list_started_q;                     // the fetch unit is on the resumed list already
  wire         resume_la = sp_live && sp_pair == resume_pair;   // the look-ahead engine has it
  wire        sp_quiet  = sp_state == SP_IDLE || (sp_state == SP_DOT && sp_cancelled);   // no read, no issue to come

  // The look-ahead engine: started in S_TNODE on a node that checks out (its pair: the
  // node's children, or the pair resumed next), cancelled when the controller goes
  // elsewhere (a pair it does not have, an error, the end), taken in S_SPEC_WAIT.
  wire        tnode_ok  = state_q == S_TNODE && t2_q != 2'd2 && present[t_q] && tbuf_q[tnode_base + 7'd24][0] &&
                          !(!tbuf_q[tnode_base + 7'd24][1] && bad_ptr(tbuf_q[tnode_base + 7'd25], 32'd256, 32'd256));
  wire        sp_start  = tnode_ok && (spec_start || resume_start);
  wire        sp_cancel = state_q == S_ERROR || state_q == S_DRAIN ||
                          (state_q == S_PAIR_BEGIN && !bad_ptr(cur_pair_q, 32'd256, 32'd256) && !spec_hit);
  wire        sp_take   = state_q == S_SPEC_WAIT && sp_state == SP_DONE;
  cc_lookahead #(
    .TwoLanes (TransformLanes == 2 ? 1 : 0)
  ) u_lookahead (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .start_i      (sp_start),
    .start_bank_i (~cur_bank_q),
    .start_pair_i (spec_start ? tbuf_q[tnode_base + 7'd25] : resume_pair),
    .cancel_i     (sp_cancel),
    .take_i       (sp_take),
    .req_valid_o  (sp_req_valid),
    .req_accept_i (sp_req_accept),
    .pair_in_i    (tbuf_ready_q[sp_bank]),
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

  // One aligned node against both tumbled nodes (S_SLOT): the common outcomes in one cycle;
  // a leaf x leaf hit (triangle test) or an error goes through S_TEST, one node at a time.
  wire [1:0]  hit = present & overlap;
  wire        slot_tri = a_flags[1] && ((hit[0] && leaf_q[0]) || (hit[1] && leaf_q[1]));
  wire        slot_err = !a_flags[1] && hit != 2'b00 &&
                         (bad_ptr(a_ptr, 32'd256, 32'd256) || (hit[0] && app_addr[0] >= ListWords) ||
                          (hit[1] && app_addr[1] >= ListWords));
  wire        slot_slow = slot_tri || slot_err;
  wire        leafent_overflow = (leafmask_q[0] != 2'd0 && app_addr[0] >= ListWords) ||
                                 (leafmask_q[1] != 2'd0 && app_addr[1] >= ListWords);
  wire        leafent_go = (leafmask_q[0] == 2'd0 && leafmask_q[1] == 2'd0) ||
                           (!leafent_overflow && wq_room2);   // never true with an overflow
  // The controller is done with the fetch unit's head entry.
  assign pf_pop = (state_q == S_LEAFENT && leafent_go) || (state_q == S_LL_SLOT && s2_q == 2'd2);

  // Bits the controller does not look at (addresses above the SRAM, flag bits, ...).
  wire unused_ok = &{1'b0, trace_state, ld_trace, tq_count, dot_corr[19:15], spb_corr[19:15], a_flags[31:2]};

  // -------------------------------------------------------------------------------------
  // The controller
  // -------------------------------------------------------------------------------------
  integer i;
  reg [3:0] held_err_q;                     // an error of the traversal waiting in S_HOLD
  // An error of the traversal: at once, or after the tests handed to the engine before it.
  task fail(input [3:0] e);
    begin
      if (eng_idle) begin
        err_q <= e; state_q <= S_ERROR;
      end else begin
        held_err_q <= e; state_q <= S_HOLD;
      end
    end
  endtask
  // A query's status, result count and event counters: cleared at reset and by START.
  task clear_query_status;
    begin
      done_q <= 1'b0;
      err_q <= 4'd0;
      irq_pending_q <= 1'b0;
      cnt_tumbled_q <= 32'd0;
      cnt_aligned_q <= 32'd0;
      cnt_overlap_q <= 32'd0;
      cnt_tri_q <= 32'd0;
      cnt_lists_q <= 32'd0;
      cnt_max_stack_q <= 32'd0;
      cnt_max_list_q <= 32'd0;
      cnt_cycles_q <= 64'd0;
    end
  endtask

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      busy_q <= 1'b0;
      clear_query_status;
      fsm_req_valid_q <= 1'b0;
      tbuf_ready_q <= 2'b00;
      cur_bank_q <= 1'b0;
      fb_i_q <= 5'd24;
      fb_res_q <= 5'd24;
      fb_node1_q <= 1'b0;
      wq_push0 <= 1'b0;
      wq_push1 <= 1'b0;
      pf_start <= 1'b0;
      pf_follow <= 1'b0;
      wait_q <= {StackFrames{1'b0}};
      list_started_q <= 1'b0;
    end else begin
      wq_push0 <= 1'b0;
      wq_push1 <= 1'b0;
      pf_start <= 1'b0;
      pf_follow <= 1'b0;
      if (busy_q && state_q != S_IDLE) cnt_cycles_q <= cnt_cycles_q + 64'd1;

      // ---- SDRAM: a request of the controller leaves when taken; read beats go where the
      //      destination queue says ----
      if (fsm_req_accept) fsm_req_valid_q <= 1'b0;
      if (mem_rsp_valid_i) begin
        for (i = 0; i < 8; i = i + 1) begin
          case (rsp_dest)
            D_TBUF0: tbuf_q[{1'b0, rsp_beat, i[2:0]}] <= mem_rsp_data_i[32*i +: 32];
            D_TBUF1: tbuf_q[{1'b1, rsp_beat, i[2:0]}] <= mem_rsp_data_i[32*i +: 32];
            default: ;
          endcase
        end
        if (mem_rsp_last_i && (rsp_dest == D_TBUF0 || rsp_dest == D_TBUF1)) tbuf_ready_q[rsp_dest[0]] <= 1'b1;
      end

      // ---- the host acknowledges the interrupt ----
      if (irq_ack) irq_pending_q <= 1'b0;

      // ---- DOTADD results land as they come (tag = {look-ahead engine's, node, output index}) ----
      if (dot_valid_out) begin
        if (dot_tag[6]) tdop_q[{sp_bank, dot_tag[5:0]}] <= dot_result;
        else if (!dot_tag[5]) tdop_q[{cur_bank_q, t_q, dot_tag[4:0]}] <= dot_result;
      end
      if (sp_b_out) tdop_q[{sp_bank, pass_tag[5:0]}] <= te_result[1];
      if (fb_out) tdop_q[{cur_bank_q, 1'b1, pass_tag[4:0]}] <= te_result[1];
      if (fb_issue) fb_i_q <= fb_i_q + 5'd1;
      if (fb_out) fb_res_q <= fb_res_q + 5'd1;

      case (state_q)
        // ================================================================ start / end
        // A query starts (S_INIT) in the chip cycle right after a memory clock edge, so its
        // cycle count does not depend on when the host's START write arrived (docs/rtl_core.md);
        // BUSY is up from the write on, the wait for the edge (at most a cycle) is not counted.
        S_IDLE: begin
          if (start) begin
            busy_q <= 1'b1;
            clear_query_status;
          end
          if ((start || busy_q) && mem_phase_i && sp_state == SP_IDLE) state_q <= S_INIT;
        end
        S_INIT: begin
          // (the triangle-test engine forgets its records: the host may have written the memory)
          if (init_err != ERR_NONE) begin
            err_q <= init_err; state_q <= S_ERROR;
          end else begin
            // The stack engine writes the first list: the aligned root (se_root).
            wait_q <= {StackFrames{1'b0}};
            list_started_q <= 1'b0;   // a query may have ended between S_ASCEND and S_PAIR_REQ
            top_q <= 32'd1;
            cur_pair_q <= root_a; cur_mask_q <= 2'b01; cur_base_q <= 32'd0; cur_len_q <= 32'd1;
            state_q <= S_PAIR_BEGIN;
          end
        end
        S_ERROR: state_q <= S_DRAIN;
        // The query ends once posted writes are done and every test and read has landed; a
        // cancelled look-ahead transform is not waited for (its last DOTADDs land in its
        // own bank; the next query starts after them, S_IDLE).
        S_DRAIN: begin
          if (sp_quiet && mem_idle_i && !fsm_req_valid_q && !eng_req_valid && dest_empty && wq_written && se_ready &&
              eng_idle && te_idle && fb_res_q == 5'd24) begin
            busy_q <= 1'b0;
            done_q <= 1'b1;
            irq_pending_q <= 1'b1;
            state_q <= S_IDLE;
          end
        end

        // ================================================================ a tumbled pair
        S_PAIR_BEGIN: begin
          fb_node1_q <= 1'b0;
          cnt_lists_q <= sat_inc(cnt_lists_q);
          cnt_max_list_q <= max32(cnt_max_list_q, cur_len_q);
          if (bad_ptr(cur_pair_q, 32'd256, 32'd256)) begin
            fail(ERR_BAD_POINTER[3:0]);
          end else if (spec_hit) begin
            // the look-ahead engine has this pair (or is getting it) in the other bank
            cur_bank_q <= sp_bank; spec_used_q <= 1'b1;
            state_q <= S_PAIR_REQ;
          end else begin
            spec_used_q <= 1'b0;
            fsm_req_valid_q <= 1'b1;
            fsm_req_addr_q <= cur_pair_q; fsm_req_dest_q <= tbuf_dest(cur_bank_q);
            tbuf_ready_q[cur_bank_q] <= 1'b0;
            state_q <= S_PAIR_REQ;
          end
        end
        // The tumbled pair is asked for first; then the fetch unit starts on the list (its
        // words must all be in the SRAM: the write queue is empty).
        S_PAIR_REQ: if (!fsm_req_valid_q && wq_written) begin
          if (!list_started_q) begin
            pf_start <= 1'b1; pf_base <= cur_base_q; pf_len <= cur_len_q;
          end
          list_started_q <= 1'b0;
          state_q <= spec_used_q ? S_SPEC_WAIT : S_PAIR_WAIT;
        end
        S_PAIR_WAIT: if (tbuf_ready_q[cur_bank_q]) begin
          t_q <= 1'b0; t2_q <= 2'd0;
          state_q <= S_TNODE;
        end
        S_SPEC_WAIT: if (sp_state == SP_DONE) begin      // both nodes transformed: take them (sp_take)
          t_q <= 1'b0; t2_q <= 2'd0;
          state_q <= S_TNODE;
        end
        S_TNODE: begin
          if (t2_q == 2'd2) begin
            state_q <= S_LIST_INIT;
          end else if (!present[t_q]) begin
            t_q <= ~t_q; t2_q <= t2_q + 2'd1;
          end else if (!tbuf_q[tnode_base + 7'd24][0]) begin
            fail(ERR_BAD_POINTER[3:0]);
          end else if (!tbuf_q[tnode_base + 7'd24][1] && bad_ptr(tbuf_q[tnode_base + 7'd25], 32'd256, 32'd256)) begin
            fail(ERR_BAD_POINTER[3:0]);
          end else begin
            leaf_q[t_q] <= tbuf_q[tnode_base + 7'd24][1];
            childp_q[t_q] <= tbuf_q[tnode_base + 7'd25];
            if (sp_start) tbuf_ready_q[~cur_bank_q] <= 1'b0;   // the look-ahead engine's bank
            if (spec_used_q) begin
              state_q <= S_TNODE_DONE;                   // transformed ahead of time
            end else if (t_q && fb_node1_q) begin        // transformed on the pass unit
              fb_node1_q <= 1'b0;
              state_q <= fb_res_q == 5'd24 ? S_TNODE_DONE : S_DOT_WAIT;
            end else begin
              if (TwoLanes && !t_q && present[1]) begin // node 1 on the pass unit meanwhile
                fb_i_q <= 5'd0; fb_res_q <= 5'd0; fb_node1_q <= 1'b1;
              end
              dot_issue_q <= 5'd0; dot_done_q <= 5'd0;
              ret_q <= S_TNODE_DONE; state_q <= S_DOT;
            end
          end
        end
        S_TNODE_DONE: begin
          cnt_tumbled_q <= sat_inc(cnt_tumbled_q);
          t_q <= ~t_q; t2_q <= t2_q + 2'd1;
          state_q <= S_TNODE;
        end
        S_LIST_INIT: begin
          in_ll_q <= 1'b0;
          obase_q[0] <= top_q;
          obase_q[1] <= t2_list_base;
          // The list processed after this one, if it gets entries: a tumbled leaf's leaf
          // list (T1's first), else T1's child list (S_LL_CHECK, S_DESCEND). T1's list
          // ends where T2's begins.
          pf_follow <= ListFollow != 0;
          pf_follow_base <= follow_t2 ? t2_list_base : top_q;
          pf_follow_end <= follow_t2 ? ListWords : t2_list_base;
          olen_q[0] <= 32'd0;
          olen_q[1] <= 32'd0;
          k_q <= 32'd0;
          state_q <= S_ENTRY;
        end

        // ---------------------------------------------------------------- list entries
        // A list entry from the fetch unit (main list or leaf-list pass): count it, check
        // its pointer, then test its slots. After the last entry of a pass, the next pass
        // works off what this one wrote.
        S_ENTRY: begin
          if (k_q == (in_ll_q ? ll_len_q : cur_len_q)) begin
            if (in_ll_q) begin
              top_q <= ll_out_q + ll_olen_q;
              ll_base_q <= ll_out_q;
              ll_len_q <= ll_olen_q;
              state_q <= S_LL_PASS;
            end else begin
              state_q <= S_LIST_END;
            end
          end else if (pf_head_valid) begin
            entry_q <= pf_head_entry;
            cnt_aligned_q <= sat_inc(cnt_aligned_q);
            if (pf_head_bad) begin
              fail(ERR_BAD_POINTER[3:0]);
            end else begin
              s_q <= 1'b0; s2_q <= 2'd0;
              leafmask_q[0] <= 2'd0; leafmask_q[1] <= 2'd0;
              state_q <= in_ll_q ? S_LL_SLOT : S_SLOT;
            end
          end
        end
        // One aligned node against both tumbled nodes in one cycle; a triangle test or an
        // error among its outcomes takes the step-by-step path (S_TEST) instead.
        S_SLOT: begin
          if (s2_q == 2'd2) begin
            state_q <= S_LEAFENT;
          end else if (!entry_q[{4'd0, s_q}]) begin
            s_q <= ~s_q; s2_q <= s2_q + 2'd1;
          end else if (!a_flags[0]) begin
            fail(ERR_BAD_POINTER[3:0]);
          end else if (slot_slow) begin
            t_q <= 1'b0; t2_q <= 2'd0;
            state_q <= S_TEST;
          end else if (wq_room2 || a_flags[1] || hit == 2'b00) begin
            cnt_overlap_q <= sat_add(cnt_overlap_q, {1'b0, present[0]} + {1'b0, present[1]});
            if (!a_flags[1]) begin
              // inner aligned node: its child pair goes to the list of every tumbled node it meets
              wq_push0 <= hit[0]; wq_addr0 <= app_addr[0][SramAddrW-1:0]; wq_data0 <= {a_ptr[31:8], 8'h03};
              wq_push1 <= hit[1]; wq_addr1 <= app_addr[1][SramAddrW-1:0]; wq_data1 <= {a_ptr[31:8], 8'h03};
              if (hit[0]) olen_q[0] <= olen_q[0] + 32'd1;
              if (hit[1]) olen_q[1] <= olen_q[1] + 32'd1;
            end else begin
              // aligned leaf, inner tumbled node (slot_slow covers leaf x leaf)
              if (hit[0]) leafmask_q[0] <= leafmask_q[0] | (s_q ? 2'b10 : 2'b01);
              if (hit[1]) leafmask_q[1] <= leafmask_q[1] | (s_q ? 2'b10 : 2'b01);
            end
            s_q <= ~s_q; s2_q <= s2_q + 2'd1;
          end
        end
        S_TEST: begin
          if (t2_q == 2'd2) begin
            s_q <= ~s_q; s2_q <= s2_q + 2'd1;
            state_q <= S_SLOT;
          end else if (!present[t_q]) begin
            t_q <= ~t_q; t2_q <= t2_q + 2'd1;
          end else begin
            cnt_overlap_q <= sat_inc(cnt_overlap_q);
            if (!overlap[t_q]) begin
              t_q <= ~t_q; t2_q <= t2_q + 2'd1;
            end else if (!a_flags[1]) begin
              // inner aligned node: its child pair goes to t's list
              if (bad_ptr(a_ptr, 32'd256, 32'd256)) begin
                fail(ERR_BAD_POINTER[3:0]);
              end else begin
                app_to_q <= {1'b0, t_q}; app_entry_q <= {a_ptr[31:8], 8'h03};
                ret_q <= S_TEST_NEXT; state_q <= S_APPEND;
              end
            end else if (!t_leaf) begin
              leafmask_q[t_q] <= leafmask_q[t_q] | (s_q ? 2'b10 : 2'b01);
              t_q <= ~t_q; t2_q <= t2_q + 2'd1;
            end else begin
              tri_t_q <= t_q; tri_s_q <= s_q;
              ret_q <= S_TEST_NEXT; state_q <= S_TRI;
            end
          end
        end
        S_TEST_NEXT: begin
          t_q <= ~t_q; t2_q <= t2_q + 2'd1;
          state_q <= S_TEST;
        end
        // The aligned leaves of this pair that met an inner tumbled node stay in its list,
        // one merged entry per tumbled node; then the fetch unit moves on (pf_pop).
        S_LEAFENT: begin
          if (leafent_overflow) begin
            fail(ERR_LIST_OVERFLOW[3:0]);
          end else if (leafent_go) begin
            wq_push0 <= leafmask_q[0] != 2'd0; wq_addr0 <= app_addr[0][SramAddrW-1:0];
            wq_data0 <= {entry_q[31:8], 6'd0, leafmask_q[0]};
            wq_push1 <= leafmask_q[1] != 2'd0; wq_addr1 <= app_addr[1][SramAddrW-1:0];
            wq_data1 <= {entry_q[31:8], 6'd0, leafmask_q[1]};
            if (leafmask_q[0] != 2'd0) olen_q[0] <= olen_q[0] + 32'd1;
            if (leafmask_q[1] != 2'd0) olen_q[1] <= olen_q[1] + 32'd1;
            k_q <= k_q + 32'd1;
            state_q <= S_ENTRY;
          end
        end
        S_LIST_END: begin
          top_q <= obase_q[1] + olen_q[1];
          lt_q <= 2'd0;
          state_q <= S_LL_CHECK;
        end

        // ---------------------------------------------------------------- leaf lists
        S_LL_CHECK: begin
          if (lt_q == 2'd2) begin
            top_q <= obase_q[1] + olen_q[1];
            state_q <= S_DESCEND;
          end else if (present[lt_q[0]] && leaf_q[lt_q[0]] && olen_q[lt_q[0]] != 32'd0) begin
            ll_base_q <= obase_q[lt_q[0]];
            ll_len_q <= olen_q[lt_q[0]];
            t_q <= lt_q[0];                    // the comparator and DOTADD look at t_q
            state_q <= S_LL_PASS;
          end else begin
            lt_q <= lt_q + 2'd1;
          end
        end
        S_LL_PASS: begin
          if (ll_len_q == 32'd0) begin
            lt_q <= lt_q + 2'd1;
            state_q <= S_LL_CHECK;
          end else if (wq_written) begin            // the pass reads what the last one wrote
            cnt_lists_q <= sat_inc(cnt_lists_q);
            cnt_max_list_q <= max32(cnt_max_list_q, ll_len_q);
            ll_out_q <= top_q;
            ll_olen_q <= 32'd0;
            k_q <= 32'd0;
            pf_start <= 1'b1; pf_base <= ll_base_q; pf_len <= ll_len_q;
            pf_follow <= ListFollow != 0; pf_follow_base <= top_q; pf_follow_end <= ListWords;   // the next pass
            in_ll_q <= 1'b1;
            state_q <= S_ENTRY;
          end
        end
        S_LL_SLOT: begin
          if (s2_q == 2'd2) begin
            k_q <= k_q + 32'd1;
            state_q <= S_ENTRY;
          end else if (!entry_q[{4'd0, s_q}]) begin
            s_q <= ~s_q; s2_q <= s2_q + 2'd1;
          end else if (!a_flags[0]) begin
            fail(ERR_BAD_POINTER[3:0]);
          end else begin
            cnt_overlap_q <= sat_inc(cnt_overlap_q);
            if (!overlap[t_q]) begin
              s_q <= ~s_q; s2_q <= s2_q + 2'd1;
            end else if (a_flags[1]) begin
              tri_t_q <= t_q; tri_s_q <= s_q;
              ret_q <= S_LL_NEXT; state_q <= S_TRI;
            end else if (bad_ptr(a_ptr, 32'd256, 32'd256)) begin
              fail(ERR_BAD_POINTER[3:0]);
            end else begin
              app_to_q <= 2'd2; app_entry_q <= {a_ptr[31:8], 8'h03};
              ret_q <= S_LL_NEXT; state_q <= S_APPEND;
            end
          end
        end
        S_LL_NEXT: begin
          s_q <= ~s_q; s2_q <= s2_q + 2'd1;
          state_q <= S_LL_SLOT;
        end

        // ---------------------------------------------------------------- stack of frames
        S_DESCEND: begin
          if (!descend) begin
            state_q <= S_ASCEND;
          end else if (se_full) begin
            fail(ERR_STACK_OVERFLOW[3:0]);
          end else if (se_ready) begin            // se_push: the frame goes onto the stack
            cnt_max_stack_q <= max32(cnt_max_stack_q, se_depth + 32'd1);
            wait_q[se_depth[FrameIdxW-1:0]] <= go == 2'b11;      // T2's list waits in it
            cur_pair_q <= childp_q[go[0] ? 0 : 1]; cur_base_q <= obase_q[go[0] ? 0 : 1];
            cur_len_q <= olen_q[go[0] ? 0 : 1]; cur_mask_q <= 2'b11;
            state_q <= S_PAIR_BEGIN;
          end
        end
        // Up the stack (se_resume): the stack engine finds the next slot-1 list waiting.
        S_ASCEND: if (se_ready) begin
          state_q <= (se_depth == 32'd0) ? S_DRAIN : S_ASC_WAIT;
          // The list resumed next is in the SRAM and nothing is in flight: start on it, if
          // the look-ahead engine has its pair (else the pair is asked for first, S_PAIR_REQ).
          if (ResumeAhead != 0 && resume_any && resume_la) begin
            pf_start <= 1'b1; pf_base <= resume_base; pf_len <= resume_len;
            list_started_q <= 1'b1;
          end
        end
        S_ASC_WAIT: if (se_ready) begin
          if (se_found) begin
            wait_q[se_depth[FrameIdxW-1:0] - 1'b1] <= 1'b0;   // the frame found: its list taken
            cur_pair_q <= se_res_pair; cur_mask_q <= 2'b11;
            cur_base_q <= se_res_base; cur_len_q <= se_res_len;
            top_q <= se_res_base + se_res_len;
            state_q <= S_PAIR_BEGIN;
          end else begin
            state_q <= S_DRAIN;                 // the stack is empty
          end
        end

        // ================================================================ subroutines
        // DOTADD batch: issue DotN operations, wait for all results.
        S_DOT: begin
          if (fsm_dot_issue) dot_issue_q <= dot_issue_q + 5'd1;   // side A's passes go first
          if (dot_fsm_out) dot_done_q <= dot_done_q + 5'd1;
          if (dot_fsm_out && dot_done_q + 5'd1 == DotN) state_q <= ret_q;
        end
        // Node 1's transform on the pass unit (two lanes): wait for its last result.
        S_DOT_WAIT: if (fb_res_q + {4'd0, fb_out} == 5'd24) state_q <= S_TNODE_DONE;
        // Append app_entry_q to a list; past the list area is ListOverflow.
        S_APPEND: begin
          if ((app_to_q == 2'd2 ? ll_append_addr : list_append_addr) >= ListWords) begin
            fail(ERR_LIST_OVERFLOW[3:0]);
          end else if (wq_room2) begin
            wq_push0 <= 1'b1; wq_data0 <= app_entry_q;
            if (app_to_q == 2'd2) begin
              wq_addr0 <= ll_append_addr[SramAddrW-1:0];
              ll_olen_q <= ll_olen_q + 32'd1;
            end else begin
              wq_addr0 <= list_append_addr[SramAddrW-1:0];
              olen_q[app_to_q[0]] <= olen_q[app_to_q[0]] + 32'd1;
            end
            state_q <= ret_q;
          end
        end

        // ---------------------------------------------------------------- triangle test
        // Tumbled node tri_t_q (tbuf) against aligned node tri_s_q (abuf): counted and its
        // record pointers checked here, in the golden model's order; then the engine's load
        // stage takes it (tri_push; at once when it is free and nothing waits) or the queue
        // does. With TriQueue = 0 the controller waits for the engine to be free (after a
        // hit on side A, side B's passes go on) and then for the test's end.
        S_TRI: if (tri_room) begin
          cnt_tri_q <= sat_inc(cnt_tri_q);
          if (tri_bad) fail(ERR_BAD_POINTER[3:0]);
          else state_q <= TriQueue == 0 ? S_TRI_WAIT : ret_q;
        end
        S_TRI_WAIT: if (eng_end) state_q <= ret_q;
        // An error of the traversal waits for the tests before it: one of them may stop
        // the query first (a first-mode hit, a result error).
        S_HOLD: if (eng_idle) begin
          err_q <= held_err_q; state_q <= S_ERROR;
        end
        default: state_q <= S_IDLE;
      endcase

      // A test that ends the query stops the controller wherever it is and puts back the
      // counters as they were at that test; the tests queued behind it never run.
      if (eng_stop) begin
        if (eng_err_stop) err_q <= eng_err;
        state_q <= eng_err_stop ? S_ERROR : S_DRAIN;
        {cnt_tumbled_q, cnt_aligned_q, cnt_overlap_q, cnt_tri_q, cnt_lists_q, cnt_max_stack_q,
         cnt_max_list_q} <= eng_snap;
      end
    end
  end

`ifndef SYNTHESIS
  // The pass engine is idle whenever the chip is (S_DRAIN waits for it).
  always @(posedge clk_i) begin
    if (rst_ni && state_q == S_IDLE) begin
      assert (te_idle) else $error("cc_core: the chip is idle with the pass engine busy");
    end
  end
`endif
endmodule
