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
  output reg                  reg_rvalid_o,
  output reg  [31:0]          reg_rdata_o,
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
`include "cc_regmap.vh"

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
  // Register block
  // -------------------------------------------------------------------------------------
  reg         busy_q, done_q, irq_pending_q;
  reg  [3:0]  err_q;
  reg  [2:0]  ctrl_q;                       // [1] MODE_FIRST, [2] IRQ_ENABLE
  reg  [31:0] root_a_q, root_b_q, result_base_q, result_cap_q, result_count_q;
  reg  [31:0] cnt_tumbled_q, cnt_aligned_q, cnt_overlap_q, cnt_tri_q, cnt_lists_q;
  reg  [31:0] cnt_max_stack_q, cnt_max_list_q, cnt_unc_q;
  reg  [31:0] tri_err_exp_q;                // TRI_ERR_EXP: bits 7:0 the query's error exponent (signed)
  reg  [63:0] cnt_cycles_q;
  reg  [31:0] matrix_q [0:131];             // 33 lines x 4 floats
  reg  [19:0] corr_q   [0:65];

  wire        reg_wr    = reg_valid_i && reg_write_i;
  wire        in_matrix = reg_addr_i >= REG_MATRIX_BASE && reg_addr_i < REG_MATRIX_BASE + 12'd528;
  wire        in_corr   = reg_addr_i >= REG_CORR_BASE && reg_addr_i < REG_CORR_BASE + 12'd264;
  wire [11:0] mat_off   = reg_addr_i - REG_MATRIX_BASE;
  wire [11:0] corr_off  = reg_addr_i - REG_CORR_BASE;
  wire [7:0]  mat_idx   = mat_off[9:2];
  wire [6:0]  corr_idx  = corr_off[8:2];
  wire        start     = reg_wr && reg_addr_i == REG_CTRL && reg_wdata_i[0] && !busy_q;

  assign busy_o = busy_q;
  assign irq_o  = irq_pending_q && ctrl_q[2];

  always @(posedge clk_i) begin
    reg_rvalid_o <= reg_valid_i && !reg_write_i;
    if (in_matrix) reg_rdata_o <= matrix_q[mat_idx];
    else if (in_corr) reg_rdata_o <= {12'd0, corr_q[corr_idx]};
    else begin
      case (reg_addr_i)
        REG_ID:                  reg_rdata_o <= ID_VALUE;
        REG_VERSION:             reg_rdata_o <= VERSION_VALUE;
        REG_CTRL:                reg_rdata_o <= {29'd0, ctrl_q[2:1], 1'b0};
        REG_STATUS:              reg_rdata_o <= {20'd0, err_q, 6'd0, done_q, busy_q};
        REG_IRQ:                 reg_rdata_o <= {31'd0, irq_pending_q};
        REG_ROOT_A:              reg_rdata_o <= root_a_q;
        REG_ROOT_B:              reg_rdata_o <= root_b_q;
        REG_RESULT_BASE:         reg_rdata_o <= result_base_q;
        REG_RESULT_CAPACITY:     reg_rdata_o <= result_cap_q;
        REG_RESULT_COUNT:        reg_rdata_o <= result_count_q;
        REG_TRI_ERR_EXP:         reg_rdata_o <= tri_err_exp_q;
        REG_CNT_UNCERTAIN:       reg_rdata_o <= cnt_unc_q;
        REG_CNT_TUMBLED:         reg_rdata_o <= cnt_tumbled_q;
        REG_CNT_ALIGNED_PAIRS:   reg_rdata_o <= cnt_aligned_q;
        REG_CNT_OVERLAP_TESTS:   reg_rdata_o <= cnt_overlap_q;
        REG_CNT_TRIANGLE_TESTS:  reg_rdata_o <= cnt_tri_q;
        REG_CNT_LISTS:           reg_rdata_o <= cnt_lists_q;
        REG_CNT_MAX_STACK_DEPTH: reg_rdata_o <= cnt_max_stack_q;
        REG_CNT_MAX_LIST_LENGTH: reg_rdata_o <= cnt_max_list_q;
        REG_CNT_CYCLES_LO:       reg_rdata_o <= cnt_cycles_q[31:0];
        REG_CNT_CYCLES_HI:       reg_rdata_o <= cnt_cycles_q[63:32];
        default:                 reg_rdata_o <= 32'd0;
      endcase
    end
  end

  // -------------------------------------------------------------------------------------
  // Controller state
  // -------------------------------------------------------------------------------------
  // The controller's S_*, the triangle-test engine's E_* (decide stage, numbered in the
  // controller's space: trace_state shows them while the controller waits in S_TRI_WAIT),
  // its load stage's L_* and the look-ahead engine's SP_* state numbers, shared with the
  // TLM model and the trace scripts (model/common/cc/core_states.h).
`include "cc_core_states.vh"
  localparam [5:0] E_IDLE = 6'd0;   // never traced

  // Triangle-record entries per side: two (the decide stage's test's and the load
  // stage's); the queued chip keeps two more for the records it reads ahead of the
  // queue's tests.
  localparam integer RecEntries = TriQueue > 0 ? 4 : 2;
  localparam integer EntW       = $clog2(RecEntries);
  // Banks of DOP register files (triangle operands): the decide stage's test's and the
  // load stage's; the queued chip has a third for a test that waits between the two.
  localparam integer Banks      = TriQueue > 0 ? 3 : 2;
  localparam integer BankW      = $clog2(Banks);
  function automatic [BankW-1:0] bank_next(input [BankW-1:0] b);
    bank_next = (b == Banks[BankW-1:0] - 1'b1) ? {BankW{1'b0}} : b + 1'b1;
  endfunction
  // Where the beats of an SDRAM read go (queue of destinations, one per read in flight):
  // {1, entry, side} for a triangle record (rec_dest).
  localparam integer DestW = EntW + 2;
  localparam [DestW-1:0] D_PAIR = 0, D_TBUF0 = 2, D_TBUF1 = 3;
  function automatic [DestW-1:0] rec_dest(input [EntW-1:0] entry, input side);
    rec_dest = {1'b1, entry, side};
  endfunction
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
  reg  [31:0] rec_q  [0:64*RecEntries-1];  // triangle record entries: {entry, side (A 0, B 1), word}
  reg  [31:0] tdop_q [0:127];               // transformed tumbled DOPs (results bank), as tbuf
  reg  [31:0] dopreg_q [0:64*Banks-1];     // DOP register files (triangle operands): {bank, side, register}
  reg  [7:0]  sexp_q [0:2*Banks-1];         // {bank, side}: largest biased exponent of the leaf-matrix pass's outputs
  reg  [31:0] triout_q [0:35];              // triangle pass outputs: side s, pass p (0 frame, 1 leaf matrix) at 18s + 9p
  // The largest biased exponent of side s's leaf-matrix pass outputs (cc::itCoordExp),
  // kept per bank and side in sexp_q when the pass is written.
  reg  [7:0]  leaf_exp [0:1];
  integer     lxs, lxv;
  always @(*) begin
    for (lxs = 0; lxs < 2; lxs = lxs + 1) begin
      leaf_exp[lxs] = 8'd0;
      for (lxv = 0; lxv < 9; lxv = lxv + 1)
        if (triout_q[18 * lxs + 9 + lxv][30:23] > leaf_exp[lxs]) leaf_exp[lxs] = triout_q[18 * lxs + 9 + lxv][30:23];
    end
  end
  reg  [1:0]  tbuf_ready_q;                 // all beats of bank b's tumbled pair are in
  reg  [1:0]  vload_q;                      // the load stage's test: side A / B's vertices are in its register file
  // Record entries, RecEntries per side (A tumbled, B aligned), index {side, entry}: the
  // address each holds, whether a test may reuse it (valid) and whether its beats are in
  // (full). A test reads only the records no entry holds, into the side's lowest entry
  // that no test still needs (`victim` in g_ent_side: not the decide stage's test's, not
  // the load stage's or a waiting one's, not a queued test's read ahead). Only results are written while the chip
  // runs, so a record outside the result area never changes: it is reused, and read ahead
  // of the tests before it. A record in the result area is never reused, and its test
  // reads it only after every test before it has ended (its result written). A new query
  // forgets all.
  reg  [31:0]            ent_addr_q [0:2*RecEntries-1];
  reg  [2*RecEntries-1:0] ent_valid_q, ent_full_q;
  wire [31:0] tri_rec_a = tbuf_q[{cur_bank_q, tri_t_q, 5'd25}];   // the controller's test (S_TRI)
  wire [31:0] tri_rec_b = abuf[(tri_s_q ? 6'd32 : 6'd0) + 6'd25];
  reg         cur_bank_q;                   // the bank of the current list's tumbled pair
  reg         spec_used_q;                  // the current pair came from the look-ahead engine

  // The look-ahead engine: the next tumbled pair fetched and transformed while the current
  // list is compared (the DOTADD units are idle then), into the other bank.
  reg  [2:0]  sp_state_q /* verilator public_flat_rd */;   // read by the board's timeline
  reg         sp_cancel_q;                  // its work is not wanted: finish what is in flight
  reg         sp_bank_q, sp_node_q;
  reg  [4:0]  sp_i_q;                       // next DOTADD of node sp_node_q (two lanes: of node 0)
  reg  [4:0]  sp_i1_q;                      // two lanes: next DOTADD of node 1, on the pass unit
  // Two lanes, the controller's own transform (a look-ahead miss): node 1 on the pass unit
  // while node 0 is in S_DOT on the shared unit.
  reg  [4:0]  fb_i_q, fb_res_q;             // its next DOTADD, its results in (24: none to do)
  reg         fb_node1_q;                   // node 1 of the current pair is done there
  reg  [5:0]  sp_res_q;                     // its results received
  reg  [31:0] sp_pair_q;

  // Triangle pass engine: a sequencer per side runs the side's two DOTADD passes, nine
  // DOTADDs each, one a cycle: side A's on the shared DOTADD unit (before the look-ahead
  // engine), side B's on a DOTADD unit of its own, so the two sides' passes run side by
  // side. A frame pass waits until its side's vertices are loaded (its record is in), a
  // leaf-matrix DOTADD until the other side's record (its M) is in and the frame-pass
  // results it reads are (forwarded from the frame pass's result buffer). A pass's outputs
  // are written to its side's register file together, after its last result, as the
  // golden model writes them after all reads. The next test's DOTADDs may be issued while
  // the last results of the test before come back (the queued chip): a side's results
  // come in issue order, so the result counters then go on with the newer test (te_rnext_q)
  // and each pass is written into the bank of its own test. (A leaf-matrix DOTADD's
  // forwarding waits for te_rnext_q to clear; that matters only with DotaddStages > 8:
  // with fewer stages the older test's results are in before the newer test's nine
  // frame-pass DOTADDs are issued.)
  reg  [1:0]  te_pass_q  [0:1];             // side s: pass being issued (0 frame, 1 leaf matrix); 2: all issued
  reg  [3:0]  te_k_q     [0:1];             // its next DOTADD
  reg  [1:0]  te_rpass_q [0:1];             // pass whose results come back; 2: all back
  reg  [3:0]  te_rk_q    [0:1];             // its results in so far
  reg  [BankW-1:0] te_rbank_q [0:1];        // the bank of their test
  reg  [1:0]  te_rnext_q;                   // side s: a newer test's results follow these
  reg  [1:0]  te_wb_q;                      // side s: a pass is complete: write it (te_wb_leaf_q, te_wb_bank_q)
  reg  [1:0]  te_wb_leaf_q;
  reg  [BankW-1:0] te_wb_bank_q [0:1];
  reg  [2*Banks-1:0] te_done_q;             // {bank, side}: the side's leaf-matrix pass is written: the IT-unit may take it
  wire        te_idle   = te_rpass_q[0] == 2'd2 && te_rpass_q[1] == 2'd2 && te_wb_q == 2'b00;
  wire        te_issued = te_pass_q[0] == 2'd2 && te_pass_q[1] == 2'd2 && te_rnext_q == 2'b00;

  // Triangle-test engine: runs the tests the controller hands it (S_TRI), in order, in two
  // stages. The load stage reads a test's records and runs its four passes in the pass
  // engine; the decide stage runs the IT-unit on the passes' outputs and writes a hit's
  // result. The two stages work on consecutive tests: test n + 1's records and passes go
  // while the IT-unit decides test n. So the register files come in banks (a test's bank:
  // the load stage takes them in turn), and a test loaded before the decide stage is free
  // waits there (ld_wait_q; in the queued chip a second, older one in the third bank,
  // wt_q, so the load stage can go on). A test waits in a queue of TriQueue entries while
  // the load stage is busy; with TriQueue = 0 the controller waits for each test
  // (S_TRI_WAIT), and both stages take it in one cycle. Every test carries the event
  // counters as the golden model has them when it runs: a test that stops the query (a
  // first-mode hit, a result error) puts them back, undoing what the controller counted
  // since.
  localparam integer TqDepth = TriQueue > 0 ? TriQueue : 1;
  localparam integer TqW     = TqDepth > 1 ? $clog2(TqDepth) : 1;
  localparam integer SnapW   = 7 * 32;       // counters TUMBLED .. MAX_LIST_LENGTH
  reg  [5:0]        eng_q;                   // the decide stage
  reg  [BankW-1:0]  eng_bank_q;              // its test's bank
  reg  [2*EntW-1:0] eng_ent_q;               // its test's record entries (side s at EntW * s)
  reg  [SnapW-1:0]  eng_snap_q;              // its test's counters
  reg  [BankW-1:0]  ld_bank_q;               // the load stage's test: bank, record entries
  reg  [2*EntW-1:0] ld_ent_q;
  reg               ld_wait_q;               // it waits for the decide stage, with these counters
  reg  [SnapW-1:0]  ld_snap_q;
  reg               wt_q;                    // an older loaded test waits for the decide stage
  reg  [BankW-1:0]  wt_bank_q;
  reg  [2*EntW-1:0] wt_ent_q;
  reg  [SnapW-1:0]  wt_snap_q;
  wire [BankW-1:0]  ld_bank_new = bank_next(ld_bank_q);   // the bank of the test the load stage takes
  reg  [31:0]       tq_rec_a [0:TqDepth-1];
  reg  [31:0]       tq_rec_b [0:TqDepth-1];
  reg  [SnapW-1:0]  tq_snap  [0:TqDepth-1];
  reg  [TqW-1:0]    tq_head_q, tq_tail_q;
  reg  [TqW:0]      tq_count_q;
  // Read ahead (TriQueue > 0): the queue's tests from the head on get their record entries
  // while they wait (a record no entry holds is read then), so the load stage finds them
  // in. ra_n_q tests are done; tq_ra_q marks their slots, tq_ent their entries.
  reg  [2*EntW-1:0] tq_ent   [0:TqDepth-1];
  reg  [TqDepth-1:0] tq_ra_q;
  reg  [TqW:0]      ra_n_q;
  // The record reads of the load stage and the read-ahead: record A's (or B's alone),
  // then record B's (rec_b_next_q).
  reg               rec_req_valid_q;
  reg  [31:0]       rec_req_addr_q, rec_b_addr_q;
  reg  [DestW-1:0]  rec_req_dest_q, rec_b_dest_q;
  reg               rec_b_next_q;
  wire              tq_empty  = tq_count_q == {(TqW + 1){1'b0}};
  wire              eng_idle  = eng_q == E_IDLE && !ld_wait_q && !wt_q && tq_empty;   // no test left to run
  wire              tri_room  = TriQueue == 0 ? eng_q == E_IDLE && te_idle : tq_count_q != TriQueue[TqW:0];
  wire              tri_bad   = bad_ptr(tri_rec_a, 32'd128, 32'd128) || bad_ptr(tri_rec_b, 32'd128, 32'd128);
  wire              tri_push  = state_q == S_TRI && tri_room && !tri_bad;
  // The test the load stage may take next: the queue's head, or the controller's at once.
  wire [31:0]       ld_rec [0:1];
  assign ld_rec[0] = tq_empty ? tri_rec_a : tq_rec_a[tq_head_q];
  assign ld_rec[1] = tq_empty ? tri_rec_b : tq_rec_b[tq_head_q];
  wire [SnapW-1:0]  tri_snap  = {cnt_tumbled_q, cnt_aligned_q, cnt_overlap_q, sat_inc(cnt_tri_q),
                                 cnt_lists_q, cnt_max_stack_q, cnt_max_list_q};
  wire [SnapW-1:0]  ld_snap   = tq_empty ? tri_snap : tq_snap[tq_head_q];
  // The next queued test to read ahead for: slot ra_slot, if there is one.
  wire [TqW:0]      ra_sum    = {1'b0, tq_head_q} + ra_n_q;
  wire [TqW-1:0]    ra_slot   = ra_sum >= TqDepth[TqW:0] ? ra_sum[TqW-1:0] - TqDepth[TqW-1:0] : ra_sum[TqW-1:0];
  wire              ra_cand   = TriQueue > 0 && ra_n_q < tq_count_q;
  wire [31:0]       ra_rec [0:1];
  assign ra_rec[0] = tq_rec_a[ra_slot];
  assign ra_rec[1] = tq_rec_b[ra_slot];
  wire              ld_head_ra = !tq_empty && tq_ra_q[tq_head_q];   // the load stage's test has its entries
  // A record: in an entry already (hit)? In the result area (then never reused nor read
  // ahead, and its test waits until the decide stage is idle)?
  function automatic in_result_area(input [31:0] rec, input [31:0] base, input [31:0] cap);
    in_result_area = {4'd0, rec} + 36'd128 > {4'd0, base} && {4'd0, rec} < {4'd0, base} + {1'b0, cap, 3'd0};
  endfunction
  wire [1:0]        ld_read, ld_in_results, ra_read, ra_in_results, ra_room;
  wire [2*EntW-1:0] ld_sel, ra_sel;
  genvar gs;
  generate
    for (gs = 0; gs < 2; gs = gs + 1) begin : g_ent_side
      // Per side: the entries a test still needs (the decide stage's, the load stage's,
      // the queued tests' read ahead), the lowest one no test needs, and where the load
      // stage's and the read-ahead's records are.
      reg  [RecEntries-1:0] needed;
      reg  [EntW-1:0]       victim, ld_hit_e, ra_hit_e;
      reg                   victim_ok, ld_hit, ra_hit;
      integer               e, q;
      always @(*) begin
        needed = {RecEntries{1'b0}};
        needed[eng_ent_q[EntW * gs +: EntW]] = 1'b1;
        needed[ld_ent_q[EntW * gs +: EntW]] = 1'b1;
        if (wt_q) needed[wt_ent_q[EntW * gs +: EntW]] = 1'b1;
        for (q = 0; q < TqDepth; q = q + 1) begin
          if (tq_ra_q[q]) needed[tq_ent[q][EntW * gs +: EntW]] = 1'b1;
        end
        victim = {EntW{1'b0}};
        victim_ok = 1'b0;
        ld_hit = 1'b0; ld_hit_e = {EntW{1'b0}};
        ra_hit = 1'b0; ra_hit_e = {EntW{1'b0}};
        for (e = RecEntries - 1; e >= 0; e = e - 1) begin
          if (!needed[e]) begin
            victim = e[EntW-1:0]; victim_ok = 1'b1;
          end
          if (ent_valid_q[RecEntries * gs + e] && ent_addr_q[RecEntries * gs + e] == ld_rec[gs]) begin
            ld_hit = 1'b1; ld_hit_e = e[EntW-1:0];
          end
          if (ent_valid_q[RecEntries * gs + e] && ent_addr_q[RecEntries * gs + e] == ra_rec[gs]) begin
            ra_hit = 1'b1; ra_hit_e = e[EntW-1:0];
          end
        end
      end
      assign ld_read[gs] = !ld_head_ra && !ld_hit;
      assign ld_sel[EntW * gs +: EntW] = ld_head_ra ? tq_ent[tq_head_q][EntW * gs +: EntW] :
                                         ld_hit ? ld_hit_e : victim;
      assign ld_in_results[gs] = !ld_head_ra && in_result_area(ld_rec[gs], result_base_q, result_cap_q);
      assign ra_read[gs] = !ra_hit;
      assign ra_sel[EntW * gs +: EntW] = ra_hit ? ra_hit_e : victim;
      assign ra_room[gs] = ra_hit || victim_ok;
      assign ra_in_results[gs] = in_result_area(ra_rec[gs], result_base_q, result_cap_q);
    end
  endgenerate
  // The load stage takes a test when the pass engine has issued the last one's DOTADDs
  // (its last results may still come back), that one has a bank to wait in if the decide
  // stage has not taken it (Banks = 3) or has moved on to the decide stage (Banks = 2),
  // and the record request port is free for the records it reads. The decide stage takes
  // the oldest waiting test, or the load stage's new one in the same cycle. (With
  // TriQueue = 0 the controller hands a test over only with the pass engine idle.)
  wire              ld_start  = (!tq_empty || tri_push) && te_issued && !wt_q &&
                                (Banks > 2 || !ld_wait_q) &&
                                (ld_in_results == 2'b00 || eng_q == E_IDLE) &&
                                !(ld_read != 2'b00 && rec_req_valid_q);
  wire              eng_take  = eng_q == E_IDLE && (wt_q || ld_wait_q || ld_start);
  // The read-ahead takes the next queued test when its records are outside the result
  // area, each side has an entry for it, and the record request port is free for the
  // records it reads (not while the load stage takes a test; a test that stops the
  // query forgets what was read ahead, and the reads land before the query ends).
  wire              ra_take   = ra_cand && ra_in_results == 2'b00 && ra_room == 2'b11 &&
                                !(ra_read != 2'b00 && rec_req_valid_q) && !ld_start;
  wire [1:0]        ld_in = {ent_full_q[{1'b1, ld_ent_q[EntW +: EntW]}],
                             ent_full_q[{1'b0, ld_ent_q[0 +: EntW]}]};   // its records are in

  // Subroutine arguments
  reg  [4:0]  dot_issue_q, dot_done_q;          // DOP transform of tumbled node t_q (S_DOT)
  localparam [4:0] DotN = 5'd24;                // its DOTADDs: one per DOP slab bound
  reg  [1:0]  app_to_q;                     // append: 0/1 list of slot t, 2 leaf-list output
  reg  [31:0] app_entry_q;
  reg         tri_t_q, tri_s_q, tri_side_q;

  // -------------------------------------------------------------------------------------
  // SDRAM requests: the triangle-test engine's (first choice: the decide stage's result
  // write, then the load stage's record reads), the controller's, the look-ahead engine's
  // or the fetch unit's, and the queue of destinations for the responses, which come back
  // in request order.
  // -------------------------------------------------------------------------------------
  reg          res_req_valid_q;                   // the decide stage's: a result
  reg  [31:0]  res_req_addr_q;
  reg  [255:0] res_req_wdata_q;
  reg  [31:0]  res_req_wstrb_q;
  reg          fsm_req_valid_q;                   // the controller's: its tumbled pair
  reg  [31:0]  fsm_req_addr_q;
  reg  [DestW-1:0] fsm_req_dest_q;
  wire         pf_req_valid;
  wire [31:0]  pf_req_addr;
  wire         sp_req_valid = sp_state_q == SP_REQ && !sp_cancel_q;
  wire         eng_req_valid = res_req_valid_q || rec_req_valid_q;
  assign mem_req_valid_o = eng_req_valid || fsm_req_valid_q || sp_req_valid || pf_req_valid;
  assign mem_req_write_o = res_req_valid_q;
  assign mem_req_rec_o   = !res_req_valid_q && rec_req_valid_q;
  assign mem_req_addr_o  = res_req_valid_q ? res_req_addr_q : rec_req_valid_q ? rec_req_addr_q :
                           fsm_req_valid_q ? fsm_req_addr_q : sp_req_valid ? sp_pair_q : pf_req_addr;
  assign mem_req_wdata_o = res_req_wdata_q;
  assign mem_req_wstrb_o = res_req_valid_q ? res_req_wstrb_q : 32'd0;
  wire         res_req_accept = res_req_valid_q && mem_req_ready_i;
  wire         rec_req_accept = !res_req_valid_q && rec_req_valid_q && mem_req_ready_i;
  wire         fsm_req_accept = !eng_req_valid && fsm_req_valid_q && mem_req_ready_i;
  wire         sp_req_accept  = !eng_req_valid && !fsm_req_valid_q && sp_req_valid && mem_req_ready_i;
  wire         pf_req_accept  = !eng_req_valid && !fsm_req_valid_q && !sp_req_valid && pf_req_valid && mem_req_ready_i;
  wire         read_accept    = rec_req_accept || fsm_req_accept || sp_req_accept || pf_req_accept;
  wire [DestW-1:0] read_dest  = rec_req_accept ? rec_req_dest_q : fsm_req_accept ? fsm_req_dest_q :
                                sp_req_accept ? tbuf_dest(sp_bank_q) : D_PAIR;
  // The state the board's profile and timeline show (sim/cc_board.cpp) and the TLM model's
  // trace speaks: the engine's while the controller waits for a test, else the controller's.
  wire [5:0]   trace_state /* verilator public_flat_rd */ =
               !(state_q == S_TRI_WAIT && eng_q != E_IDLE) ? state_q :
               (eng_q == E_TRI_A && rec_req_valid_q && !rec_req_dest_q[0]) ? E_TRI_REQB : eng_q;

  // Every destination is reserved before its read is asked for: responses are always taken.
  assign mem_rsp_ready_o = 1'b1;
  wire [DestW-1:0] rsp_dest;
  // Reads in flight: the fetch unit's FetchAhead pairs, the two tumbled pairs (controller,
  // look-ahead engine) and the records: only into entries a test still needs, two (the
  // load stage's test) without read-ahead. So the queue never overflows.
  localparam integer RecReads   = TriQueue > 0 ? 2 * RecEntries : 2;
  localparam integer DestDepth  = FetchAhead + 2 + RecReads;
  wire         dest_empty, dest_full;
  wire [$clog2(DestDepth + 1)-1:0] dest_count;
  cc_sdram_fifo #(
    .Width (DestW),
    .Depth (DestDepth)
  ) u_dest (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .push_i    (read_accept),
    .wr_data_i (read_dest),
    .pop_i     (mem_rsp_valid_i && mem_rsp_last_i),
    .rd_data_o (rsp_dest),
    .empty_o   (dest_empty),
    .full_o    (dest_full),
    .count_o   (dest_count)
  );
  reg  [2:0]   rsp_beat_q;                  // beat of the response in progress

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
    .root_entry_i     ({root_b_q[31:8], 8'h01}),     // the aligned root: slot 0 of its pair
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
  genvar g;
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
  // Pass p's first correspondence line: 24 (A frame), 33 (B frame), 42 (leaf matrix).
  function automatic [6:0] tri_pass_line(input [1:0] p);
    tri_pass_line = p[1] ? 7'd42 : p[0] ? 7'd33 : 7'd24;
  endfunction
  wire [1:0]  te_issue;                      // side s issues a DOTADD
  wire [95:0] te_ops [0:1];                  // its operands {dn, dm, dk}
  wire [127:0] te_mrow [0:1];                // its matrix row {c, c2, c1, c0}
  wire [13:0] te_unused;                     // per side: the coordinate's high bits, the line's dst
  generate
    for (g = 0; g < 2; g = g + 1) begin : g_te_side
      wire        leaf  = te_pass_q[g][0];
      wire [3:0]  coord = te_k_q[g] % 4'd3;
      wire [19:0] line  = corr_q[tri_pass_line({leaf, g[0]}) + {3'd0, te_k_q[g]}];
      // Forwarding: a leaf-matrix DOTADD's operand that the frame pass writes (its last
      // output with that destination) comes from the frame pass's result buffer as soon as
      // that result is in, not after the whole pass is written.
      reg  [2:0] fw_hit;
      reg  [3:0] fw_o [0:2];
      integer    ff, fo;
      always @(*) begin
        for (ff = 0; ff < 3; ff = ff + 1) begin
          fw_hit[ff] = 1'b0;
          fw_o[ff] = 4'd0;
          for (fo = 0; fo < 9; fo = fo + 1) begin
            if (corr_q[(g == 0 ? 24 : 33) + fo][19:15] == line[5*ff +: 5]) begin
              fw_hit[ff] = 1'b1;
              fw_o[ff] = fo[3:0];
            end
          end
        end
      end
      wire [2:0]  fw_ready;
      wire [95:0] ops;
      genvar f;
      for (f = 0; f < 3; f = f + 1) begin : g_fw
        assign fw_ready[f] = !fw_hit[f] || (!te_rnext_q[g] && (te_rpass_q[g] != 2'd0 || te_rk_q[g] > fw_o[f]));
        assign ops[32*f +: 32] = (leaf && fw_hit[f]) ? triout_q[6'd18 * g[5:0] + {2'd0, fw_o[f]}]
                                                     : dopreg_q[{ld_bank_q, g[0], line[5*f +: 5]}];
      end
      // A frame pass needs its side's vertices loaded; a leaf-matrix DOTADD the other
      // record (its M) and the frame-pass results it reads.
      assign te_issue[g] = te_pass_q[g] != 2'd2 &&
                           (leaf ? ld_in[1 - g] && fw_ready == 3'b111 : vload_q[g]);
      assign te_ops[g] = ops;
      genvar j;
      for (j = 0; j < 4; j = j + 1) begin : g_m
        assign te_mrow[g][32*j +: 32] = leaf ? rec_q[{ld_ent_q[EntW * (1 - g) +: EntW], 1'b1 - g[0], 5'd9 + {1'b0, coord[1:0], 2'd0} + j[4:0]}]
                                             : matrix_q[{(g == 0 ? 6'd24 : 6'd27) + {4'd0, coord[1:0]}, j[1:0]}];
      end
      assign te_unused[7*g +: 7] = {coord[3:2], line[19:15]};
    end
  endgenerate
  wire        te_dot_issue  = te_issue[0];
  // What the load stage does this cycle, for the board's state profile: a side issues a
  // DOTADD (L_ISSUE), else a side waits for its record (L_RECORD) or for forwarded
  // frame-pass results (L_FORWARD); with every DOTADD issued, a test is there to take but
  // waits for a bank (L_BANK: the tests loaded before it have not reached the decide
  // stage) or for something else (L_HOLD: the record port, a result-area record, the
  // last test's results); else it is idle (no test to take, or taking one).
  wire [1:0]  te_wait_record = {te_pass_q[1] == 2'd0 ? !vload_q[1] : te_pass_q[1] == 2'd1 && !ld_in[0],
                                te_pass_q[0] == 2'd0 ? !vload_q[0] : te_pass_q[0] == 2'd1 && !ld_in[1]};
  wire [2:0]  ld_trace /* verilator public_flat_rd */ =
              te_issue != 2'b00        ? L_ISSUE :
              te_wait_record != 2'b00  ? L_RECORD :
              (te_pass_q[0] != 2'd2 || te_pass_q[1] != 2'd2) ? L_FORWARD :
              !(!tq_empty || tri_push) ? L_IDLE :
              (wt_q || (Banks == 2 && ld_wait_q)) ? L_BANK :
              ld_start                 ? L_IDLE : L_HOLD;
  wire        fsm_dot_issue = (state_q == S_DOT) && (dot_issue_q < DotN) && !te_dot_issue;
  localparam  TwoLanes      = TransformLanes == 2;
  wire        sp_dot_issue  = !fsm_dot_issue && !te_dot_issue && sp_state_q == SP_DOT && !sp_cancel_q &&
                              !((sp_node_q || TwoLanes) && sp_i_q == 5'd24);
  // The second lane: node 1's DOTADDs on the pass unit whenever side B does not issue,
  // the controller's before the look-ahead engine's.
  wire        fb_issue      = TwoLanes && !te_issue[1] && fb_i_q != 5'd24;
  wire        sp_b_issue    = TwoLanes && !te_issue[1] && !fb_issue && sp_state_q == SP_DOT && !sp_cancel_q &&
                              sp_i1_q != 5'd24;
  wire        dot_spec      = !fsm_dot_issue && !te_dot_issue;   // whose operands are on the DOTADD's inputs
  wire [4:0]  dot_line_idx  = dot_spec ? sp_i_q : dot_issue_q;
  wire [19:0] dot_corr = corr_q[{2'b00, dot_line_idx}];
  wire [6:0]  dot_node_base = dot_spec ? {sp_bank_q, sp_node_q, 5'd0} : {cur_bank_q, t_q, 5'd0};
  wire [6:0]  tnode_base    = {cur_bank_q, t_q, 5'd0};   // the controller's view of node t
  wire [31:0] dot_op [0:2];
  wire [31:0] dot_m [0:3];
  generate
    for (g = 0; g < 3; g = g + 1) begin : g_dot_op
      wire [4:0] idx = dot_corr[5*g +: 5];
      assign dot_op[g] = te_dot_issue ? te_ops[0][32*g +: 32] : tbuf_q[dot_node_base + {2'b0, idx}];
    end
    for (g = 0; g < 4; g = g + 1) begin : g_dot_m
      assign dot_m[g] = te_dot_issue ? te_mrow[0][32*g +: 32] : matrix_q[{1'b0, dot_line_idx, g[1:0]}];
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
    .tag_i    (te_dot_issue ? 7'b010_0000 : dot_spec ? {1'b1, sp_node_q, sp_i_q} : {2'b00, dot_issue_q}),
    .valid_o  (dot_valid_out),
    .result_o (dot_result),
    .tag_o    (dot_tag)
  );
  // The pass unit: side B's passes (their results come back in issue order) and, with two
  // transform lanes, node 1 of the controller's pair (tag {1, 0, index}) or of the
  // look-ahead engine's (tag {1, 1, index}).
  wire [4:0]  spb_line = fb_issue ? fb_i_q : sp_i1_q;
  wire        spb_bank = fb_issue ? cur_bank_q : sp_bank_q;
  wire [19:0] spb_corr = corr_q[{2'b00, spb_line}];
  wire [95:0] spb_ops;
  wire [127:0] spb_mrow;
  generate
    for (g = 0; g < 3; g = g + 1) begin : g_spb_op
      wire [4:0] idx = spb_corr[5*g +: 5];
      assign spb_ops[32*g +: 32] = tbuf_q[{spb_bank, 1'b1, idx}];
    end
    for (g = 0; g < 4; g = g + 1) begin : g_spb_m
      assign spb_mrow[32*g +: 32] = matrix_q[{1'b0, spb_line, g[1:0]}];
    end
  endgenerate
  wire        pass_valid_out;
  wire [6:0]  pass_tag;
  wire [95:0] pass_ops  = te_issue[1] ? te_ops[1] : spb_ops;
  wire [127:0] pass_mrow = te_issue[1] ? te_mrow[1] : spb_mrow;
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

  // IT-unit (Eq. 4): the decide stage has it run a side's three edges (micro-op TRI) once
  // that side's passes are written (E_TRI_A, E_TRI_B); the operands come from that side's
  // register file in the test's bank. Side B goes in the very cycle side A's miss comes
  // back if its passes are written by then. A hit's test clears the HIT flag (E_RESULT),
  // so it is clear whenever a test starts (a miss leaves it clear).
  //
  // The queued chip (ItPerSide) has a second IT-unit for side B: it runs side B's edges as
  // soon as side B's passes are written, beside side A's; after side A's miss the decide
  // stage waits in E_TRI_B for its answer (b_st_q). A hit of either side is the test's
  // hit, and the unit whose HIT is set is cleared. A side B still running when side A hits
  // is not waited for: it finishes alone (b_orphan_q; its answer is not needed) and is
  // cleared if it hit, before the next test's side B can start.
  localparam       ItPerSide = TriQueue > 0;
  localparam [6:0] ItClear = 7'b001_0000, ItTri = 7'b011_0000;
  localparam [1:0] B_IDLE = 2'd0, B_RUN = 2'd1, B_DONE = 2'd2, B_CLEAR = 2'd3;
  wire        it_uop_ready, it_rsp_valid, it_hit;
  wire [1:0]  eng_done     = {te_done_q[{eng_bank_q, 1'b1}], te_done_q[{eng_bank_q, 1'b0}]};   // the decide stage's test's passes
  reg  [1:0]  b_st_q;                        // side B's IT-unit: its test's side B (ItPerSide)
  reg         eng_unc_q;                     // the decide stage's result is an uncertain pair
  reg         b_hit_q, b_unc_q, b_orphan_q;
  wire        it_a_missed  = eng_q == E_IT && it_rsp_valid && !it_hit && !tri_side_q;
  wire        it_side_go   = it_uop_ready && ((eng_q == E_TRI_A && eng_done[0]) ||
                                              (!ItPerSide && eng_q == E_TRI_B && eng_done[1]));
  wire        it_uop_valid = it_side_go || (!ItPerSide && it_a_missed && eng_done[1]) || eng_q == E_RESULT;
  wire        itb_uop_ready, itb_rsp_valid, itb_hit, itb_unc, it_unc;
  // A side's error bound (cc::ItBound): the query's TRI_ERR_EXP plus the err_exp word (record
  // word 22) of the triangle whose matrix M the side used (the other side's record), and
  // the largest exponent of the side's leaf-matrix pass outputs.
  function automatic [9:0] bound_abs(input [7:0] query, input [7:0] err);
    bound_abs = {{2{query[7]}}, query} + {{2{err[7]}}, err};
  endfunction
  localparam [4:0] ErrWord = TRI_ERR_EXP[6:2];   // the record's err_exp word
  localparam [4:0] IdWord  = TRI_ID[6:2];        // its tri_id word
  wire [31:0] it_err  = rec_q[{eng_ent_q[EntW * (tri_side_q ? 0 : 1) +: EntW], !tri_side_q, ErrWord}];
  wire [31:0] itb_err = rec_q[{eng_ent_q[0 +: EntW], 1'b0, ErrWord}];   // side B uses A's M
  wire        unused_err = &{1'b0, it_err[31:16], itb_err, tri_err_exp_q[31:8]};   // itb_err: only with ItPerSide
  wire        itb_start    = ItPerSide && b_st_q == B_IDLE && eng_done[1] && itb_uop_ready &&
                             (eng_q == E_TRI_A || eng_q == E_IT || eng_q == E_TRI_B);
  wire        itb_clear    = ItPerSide && ((eng_q == E_RESULT && b_st_q == B_DONE && (b_hit_q || b_unc_q)) || b_st_q == B_CLEAR);
  wire        b_answer     = ItPerSide && eng_q == E_TRI_B && b_st_q == B_DONE;   // side B's answer ends the test
  wire [6:0]  itb_corr_line;
  wire [9:0]  itb_dop_idx;
  wire        itb_unused;
  generate
    if (ItPerSide) begin : g_itb
      cc_it_unit u_itb (
        .clk_i       (clk_i),
        .rst_ni      (rst_ni),
        .uop_valid_i (itb_start || itb_clear),
        .uop_ready_o (itb_uop_ready),
        .uop_i       (itb_clear ? ItClear : ItTri),
        .rsp_valid_o (itb_rsp_valid),
        .hit_o       (itb_hit),
        .unc_o       (itb_unc),
        .bound_abs_i (bound_abs(tri_err_exp_q[7:0], itb_err[7:0])),
        .bound_rel_i (itb_err[15:8]),
        .bound_side_exp_i (sexp_q[{eng_bank_q, 1'b1}]),
        .corr_line_o (itb_corr_line),
        .corr_data_i ({12'd0, corr_q[itb_corr_line]}),
        .dop_idx_o   (itb_dop_idx),
        .dop_data_i  ({dopreg_q[{eng_bank_q, 1'b1, itb_dop_idx[9:5]}], dopreg_q[{eng_bank_q, 1'b1, itb_dop_idx[4:0]}]})
      );
      assign itb_unused = 1'b0;
    end else begin : g_no_itb
      assign itb_uop_ready = 1'b0;
      assign itb_rsp_valid = 1'b0;
      assign itb_hit = 1'b0;
      assign itb_unc = 1'b0;
      assign itb_corr_line = 7'd0;
      assign itb_dop_idx = 10'd0;
      assign itb_unused = &{1'b0, itb_corr_line, itb_dop_idx, itb_clear};
    end
  endgenerate
  wire [6:0]  it_corr_line;
  wire [9:0]  it_dop_idx;
  cc_it_unit u_it (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .uop_valid_i (it_uop_valid),
    .uop_ready_o (it_uop_ready),
    .uop_i       (eng_q == E_RESULT ? ItClear : ItTri),
    .rsp_valid_o (it_rsp_valid),
    .hit_o       (it_hit),
    .unc_o       (it_unc),
    .bound_abs_i (bound_abs(tri_err_exp_q[7:0], it_err[7:0])),
    .bound_rel_i (it_err[15:8]),
    .bound_side_exp_i (sexp_q[{eng_bank_q, tri_side_q}]),
    .corr_line_o (it_corr_line),
    .corr_data_i ({12'd0, corr_q[it_corr_line]}),
    .dop_idx_o   (it_dop_idx),
    .dop_data_i  ({dopreg_q[{eng_bank_q, tri_side_q, it_dop_idx[9:5]}], dopreg_q[{eng_bank_q, tri_side_q, it_dop_idx[4:0]}]})
  );

  wire [1:0]  present = cur_mask_q;
  wire [5:0]  snode_base = s_q ? 6'd32 : 6'd0;
  wire [31:0] a_flags = abuf[snode_base + 6'd24];
  wire [31:0] a_ptr   = abuf[snode_base + 6'd25];
  wire        t_leaf  = leaf_q[t_q];

  // BadConfig: a DOP-transform correspondence field names a slot above 23.
  reg bad_config;
  integer ci;
  always @(*) begin
    bad_config = 1'b0;
    for (ci = 0; ci < 24; ci = ci + 1) begin
      if (corr_q[ci][4:0] > 5'd23 || corr_q[ci][9:5] > 5'd23 || corr_q[ci][14:10] > 5'd23) bad_config = 1'b1;
    end
  end

  // BadConfig: a triangle line reads a DOP register its side has not written itself
  // (cc::regs::triangleLinesReadOwnRegisters): then side B may run in a file of its own.
  reg        bad_tri_lines;
  reg [31:0] tri_written [0:2];              // DOP registers written by pass p
  reg [31:0] tri_side_a, tri_side_b, tri_readable;
  integer tl, tf;
  always @(*) begin
    for (tl = 0; tl < 3; tl = tl + 1) begin
      tri_written[tl] = 32'd0;
      for (tf = 0; tf < 9; tf = tf + 1) tri_written[tl] = tri_written[tl] | (32'd1 << corr_q[24 + 9 * tl + tf][19:15]);
    end
    tri_side_a = 32'h0000_01FF | tri_written[0];
    tri_side_b = 32'h0000_01FF | tri_written[1];
    bad_tri_lines = 1'b0;
    for (tl = 24; tl < 66; tl = tl + 1) begin
      tri_readable = (tl < 42) ? 32'h0000_01FF :
                     (tl < 51) ? (tri_side_a & tri_side_b) :
                                 ((tri_side_a | tri_written[2]) & (tri_side_b | tri_written[2]));
      for (tf = 0; tf < 3; tf = tf + 1) begin
        if ((tl < 51 || tf < 2) && !tri_readable[corr_q[tl][5*tf +: 5]]) bad_tri_lines = 1'b1;
      end
    end
  end

  // What a query start finds wrong, in the golden model's order.
  wire [3:0]  init_err = (root_a_q == 32'd0 || root_b_q == 32'd0) ? ERR_NO_ROOTS :
                         (bad_config || bad_tri_lines) ? ERR_BAD_CONFIG :
                         (bad_ptr(root_a_q, 32'd256, 32'd256) || bad_ptr(root_b_q, 32'd256, 32'd256) ||
                          result_base_q[2:0] != 3'd0) ? ERR_BAD_POINTER : ERR_NONE;

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
  wire [5:0]  sp_issued = TwoLanes  ? {1'b0, sp_i_q} + {1'b0, sp_i1_q} :         // DOTADDs issued
                          sp_node_q ? 6'd24 + {1'b0, sp_i_q} : {1'b0, sp_i_q};
  wire [1:0]  sp_res_in = {1'b0, dot_valid_out && dot_tag[6]} + {1'b0, sp_b_out};    // results this cycle
  // The pair the traversal most likely visits after this list: T1's children, else T2's.
  // The engine starts on it as soon as S_TNODE has checked that node (used only there,
  // after the node's VALID flag and child pointer passed).
  wire        spec_start  = !tbuf_q[tnode_base + 7'd24][1] && (!t_q || !present[0] || leaf_q[0]) &&
                            sp_state_q == SP_IDLE;
  // A pair of leaves (this node a leaf, the last present one, the other absent or a leaf)
  // never descends: after its lists the traversal resumes the topmost waiting frame's
  // pair, which the engine fetches and transforms meanwhile.
  wire        resume_start = ResumeAhead != 0 && resume_any && tbuf_q[tnode_base + 7'd24][1] &&
                             (t_q ? (!present[0] || leaf_q[0]) : !present[1]) && sp_state_q == SP_IDLE;
  wire        sp_live   = sp_state_q != SP_IDLE && !sp_cancel_q;   // its pair will be transformed
  wire        spec_hit  = cur_mask_q == 2'b11 && sp_live && sp_pair_q == cur_pair_q;
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
  wire         resume_la = sp_live && sp_pair_q == resume_pair;   // the look-ahead engine has it
  wire        sp_quiet  = sp_state_q == SP_IDLE || (sp_state_q == SP_DOT && sp_cancel_q);   // no read, no issue to come

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
  wire [31:0] result_addr        = result_base_q + (result_count_q << 3);

  // -------------------------------------------------------------------------------------
  // Register files (not reset: the driver loads them before every query). The host writes
  // matrix lines 0..29 and the correspondence file while the chip is idle; the chip shows
  // in lines 30..32 the leaf matrix M of the golden model's last triangle-test side: the
  // aligned triangle's after side A, the tumbled triangle's after side B (the passes take
  // M from the records; the IT-unit's answer that ends a test writes these lines as the
  // golden model leaves them).
  // -------------------------------------------------------------------------------------
  wire load_leaf_m = (eng_q == E_IT && it_rsp_valid && !it_a_missed) || b_answer;
  integer m;
  always @(posedge clk_i) begin
    if (reg_wr && !busy_q && in_matrix && mat_idx < 8'd120) matrix_q[mat_idx] <= reg_wdata_i;
    if (reg_wr && !busy_q && in_corr) corr_q[corr_idx] <= reg_wdata_i[19:0];
    if (load_leaf_m) begin
      for (m = 0; m < 12; m = m + 1) matrix_q[120 + m] <= rec_q[{eng_ent_q[EntW * (tri_side_q ? 0 : 1) +: EntW], !tri_side_q, 5'd9 + m[4:0]}];
    end
  end

  // Bits the controller does not look at (addresses above the SRAM, flag bits, ...).
  wire unused_ok = &{1'b0, ctrl_q[0], trace_state, ld_trace, mat_off[11:10], mat_off[1:0], corr_off[11:9], corr_off[1:0],
                     te_unused, dot_corr[19:15], spb_corr[19:15],
                     a_flags[31:2], dest_full, dest_count, itb_unused};

  // -------------------------------------------------------------------------------------
  // The controller
  // -------------------------------------------------------------------------------------
  // How the engine's test ends this cycle: without stopping the query (a miss, or a
  // result written in mode all), or stopping it (a first-mode hit, a result error).
  wire eng_result_ok = result_count_q < result_cap_q && !bad_ptr(result_addr, 32'd8, 32'd8);
  // An uncertain pair (no certain hit, an undecided edge) is written as a result with its
  // flag and never stops the query.
  wire it_b_unc      = it_unc || b_unc_q;   // ItPerSide: either unit's UNC (b_unc_q is 0 otherwise)
  wire eng_end       = (eng_q == E_IT && it_rsp_valid && !it_a_missed && !it_hit && !it_unc) ||
                       (b_answer && !b_hit_q && !it_b_unc) ||
                       (eng_q == E_RESULT_WAIT && res_req_accept && (!ctrl_q[1] || eng_unc_q));
  wire eng_err_stop  = eng_q == E_RESULT && !eng_result_ok;
  wire eng_stop      = eng_err_stop || (eng_q == E_RESULT_WAIT && res_req_accept && ctrl_q[1] && !eng_unc_q);
  function automatic [TqW-1:0] tq_next(input [TqW-1:0] p);
    tq_next = (p == TqDepth[TqW-1:0] - 1'b1) ? {TqW{1'b0}} : p + 1'b1;
  endfunction

  integer i, v;
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
  // A test's records no entry holds (rd, per side) go into the entries sel, and are
  // requested back to back (the SDRAM interface overlaps them).
  task read_records(input [1:0] rd, input [31:0] rec_a, input [31:0] rec_b,
                    input [2*EntW-1:0] sel, input [1:0] in_results);
    integer r;
    begin
      for (r = 0; r < 2; r = r + 1) begin
        if (rd[r]) begin
          ent_addr_q[{r[0], sel[EntW * r +: EntW]}] <= r == 0 ? rec_a : rec_b;
          ent_valid_q[{r[0], sel[EntW * r +: EntW]}] <= !in_results[r];
          ent_full_q[{r[0], sel[EntW * r +: EntW]}] <= 1'b0;
        end
      end
      if (rd != 2'b00) begin
        rec_req_valid_q <= 1'b1;
        rec_req_addr_q <= rd[0] ? rec_a : rec_b;
        rec_req_dest_q <= rd[0] ? rec_dest(sel[0 +: EntW], 1'b0) : rec_dest(sel[EntW +: EntW], 1'b1);
        rec_b_next_q <= rd == 2'b11;
        rec_b_addr_q <= rec_b;
        rec_b_dest_q <= rec_dest(sel[EntW +: EntW], 1'b1);
      end
    end
  endtask

  // A query's status, result count and event counters: cleared at reset and by START.
  task clear_query_status;
    begin
      done_q <= 1'b0;
      err_q <= 4'd0;
      irq_pending_q <= 1'b0;
      result_count_q <= 32'd0;
      cnt_tumbled_q <= 32'd0;
      cnt_aligned_q <= 32'd0;
      cnt_overlap_q <= 32'd0;
      cnt_tri_q <= 32'd0;
      cnt_lists_q <= 32'd0;
      cnt_max_stack_q <= 32'd0;
      cnt_max_list_q <= 32'd0;
      cnt_unc_q <= 32'd0;
      cnt_cycles_q <= 64'd0;
    end
  endtask

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      busy_q <= 1'b0;
      clear_query_status;
      ctrl_q <= 3'd0;
      root_a_q <= 32'd0;
      root_b_q <= 32'd0;
      result_base_q <= 32'd0;
      result_cap_q <= 32'd0;
      tri_err_exp_q <= 32'd0;
      fsm_req_valid_q <= 1'b0;
      res_req_valid_q <= 1'b0;
      rec_req_valid_q <= 1'b0;
      rec_b_next_q <= 1'b0;
      eng_q <= E_IDLE;
      b_st_q <= B_IDLE;
      b_hit_q <= 1'b0;
      b_unc_q <= 1'b0;
      eng_unc_q <= 1'b0;
      b_orphan_q <= 1'b0;
      ld_wait_q <= 1'b0;
      wt_q <= 1'b0;
      ld_bank_q <= {BankW{1'b0}};
      tq_head_q <= {TqW{1'b0}};
      tq_tail_q <= {TqW{1'b0}};
      tq_count_q <= {(TqW + 1){1'b0}};
      tbuf_ready_q <= 2'b00;
      vload_q <= 2'b11;
      ent_valid_q <= {(2 * RecEntries){1'b0}};
      ent_full_q <= {(2 * RecEntries){1'b0}};
      ld_ent_q <= {(2 * EntW){1'b0}};
      eng_ent_q <= {(2 * EntW){1'b0}};
      tq_ra_q <= {TqDepth{1'b0}};
      ra_n_q <= {(TqW + 1){1'b0}};
      for (i = 0; i < 2; i = i + 1) begin
        te_pass_q[i] <= 2'd2;
        te_k_q[i] <= 4'd0;
        te_rpass_q[i] <= 2'd2;
        te_rk_q[i] <= 4'd0;
        te_rbank_q[i] <= {BankW{1'b0}};
      end
      te_wb_q <= 2'b00;
      te_rnext_q <= 2'b00;
      te_done_q <= {(2 * Banks){1'b0}};
      cur_bank_q <= 1'b0;
      sp_state_q <= SP_IDLE;
      sp_cancel_q <= 1'b0;
      fb_i_q <= 5'd24;
      fb_res_q <= 5'd24;
      fb_node1_q <= 1'b0;
      rsp_beat_q <= 3'd0;
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
      if (res_req_accept) res_req_valid_q <= 1'b0;
      if (rec_req_accept) begin                 // record B next, if it is read too
        rec_req_valid_q <= rec_b_next_q;
        rec_req_addr_q <= rec_b_addr_q; rec_req_dest_q <= rec_b_dest_q;
        rec_b_next_q <= 1'b0;
      end
      if (mem_rsp_valid_i) begin
        for (i = 0; i < 8; i = i + 1) begin
          case (rsp_dest)
            D_TBUF0: tbuf_q[{1'b0, rsp_beat_q, i[2:0]}] <= mem_rsp_data_i[32*i +: 32];
            D_TBUF1: tbuf_q[{1'b1, rsp_beat_q, i[2:0]}] <= mem_rsp_data_i[32*i +: 32];
            default: if (rsp_dest[DestW-1]) rec_q[{rsp_dest[DestW-2:0], rsp_beat_q[1:0], i[2:0]}] <= mem_rsp_data_i[32*i +: 32];
          endcase
        end
        rsp_beat_q <= mem_rsp_last_i ? 3'd0 : rsp_beat_q + 3'd1;
        if (mem_rsp_last_i && (rsp_dest == D_TBUF0 || rsp_dest == D_TBUF1)) tbuf_ready_q[rsp_dest[0]] <= 1'b1;
        if (mem_rsp_last_i && rsp_dest[DestW-1]) ent_full_q[{rsp_dest[0], rsp_dest[DestW-2:1]}] <= 1'b1;
      end

      // ---- host register writes (configuration only while idle; IRQ always) ----
      if (reg_wr && !busy_q) begin
        case (reg_addr_i)
          REG_CTRL:            ctrl_q <= {reg_wdata_i[2:1], 1'b0};
          REG_ROOT_A:          root_a_q <= reg_wdata_i;
          REG_ROOT_B:          root_b_q <= reg_wdata_i;
          REG_RESULT_BASE:     result_base_q <= reg_wdata_i;
          REG_RESULT_CAPACITY: result_cap_q <= reg_wdata_i;
          REG_TRI_ERR_EXP:     tri_err_exp_q <= reg_wdata_i;
          default: ;
        endcase
      end
      if (reg_wr && reg_addr_i == REG_IRQ && reg_wdata_i[0]) irq_pending_q <= 1'b0;

      // ---- DOTADD results land as they come (tag = {look-ahead engine's, node, output index}) ----
      if (dot_valid_out) begin
        if (dot_tag[6]) tdop_q[{sp_bank_q, dot_tag[5:0]}] <= dot_result;
        else if (!dot_tag[5]) tdop_q[{cur_bank_q, t_q, dot_tag[4:0]}] <= dot_result;
      end
      if (sp_b_out) tdop_q[{sp_bank_q, pass_tag[5:0]}] <= te_result[1];
      if (fb_out) tdop_q[{cur_bank_q, 1'b1, pass_tag[4:0]}] <= te_result[1];
      if (fb_issue) fb_i_q <= fb_i_q + 5'd1;
      if (fb_out) fb_res_q <= fb_res_q + 5'd1;

      // ---- triangle pass engine, per side: issue, results (in issue order), write-back ----
      for (i = 0; i < 2; i = i + 1) begin
        if (te_issue[i]) begin
          te_k_q[i] <= (te_k_q[i] == 4'd8) ? 4'd0 : te_k_q[i] + 4'd1;
          if (te_k_q[i] == 4'd8) te_pass_q[i] <= te_pass_q[i] + 2'd1;
        end
        te_wb_q[i] <= te_out[i] && te_rk_q[i] == 4'd8;
        if (te_out[i]) begin
          triout_q[18 * i + 9 * te_rpass_q[i][0] + {28'd0, te_rk_q[i]}] <= te_result[i];
          te_rk_q[i] <= (te_rk_q[i] == 4'd8) ? 4'd0 : te_rk_q[i] + 4'd1;
          if (te_rk_q[i] == 4'd8) begin
            te_wb_leaf_q[i] <= te_rpass_q[i][0];
            te_wb_bank_q[i] <= te_rbank_q[i];
            if (te_rpass_q[i] == 2'd1 && te_rnext_q[i]) begin   // the newer test's frame pass next
              te_rpass_q[i] <= 2'd0;
              te_rbank_q[i] <= bank_next(te_rbank_q[i]);
              te_rnext_q[i] <= 1'b0;
            end else begin
              te_rpass_q[i] <= te_rpass_q[i] + 2'd1;
            end
          end
        end
        if (te_wb_q[i]) begin
          for (v = 0; v < 9; v = v + 1) begin
            dopreg_q[{te_wb_bank_q[i], i[0], corr_q[tri_pass_line({te_wb_leaf_q[i], i[0]}) + v[6:0]][19:15]}] <= triout_q[18 * i + 9 * te_wb_leaf_q[i] + v];
          end
          if (te_wb_leaf_q[i]) begin
            te_done_q[{te_wb_bank_q[i], i[0]}] <= 1'b1;
            sexp_q[{te_wb_bank_q[i], i[0]}] <= leaf_exp[i];
          end
        end
      end
      // A triangle test's vertices go to d0..d8 of their side's register file as soon as
      // the side's record is in (a frame pass reads only d0..d8: the BadConfig rule).
      for (i = 0; i < 2; i = i + 1) begin
        if (ld_in[i] && !vload_q[i]) begin
          for (v = 0; v < 9; v = v + 1) dopreg_q[{ld_bank_q, i[0], v[4:0]}] <= rec_q[{ld_ent_q[EntW * i +: EntW], i[0], v[4:0]}];
          vload_q[i] <= 1'b1;
        end
      end

      // ---- look-ahead engine: fetch sp_pair_q into bank sp_bank_q, transform both nodes;
      //      when cancelled, it only lets its fetch and DOTADDs in flight land ----
      sp_res_q <= sp_res_q + {4'd0, sp_res_in};
      if (sp_dot_issue) begin
        sp_i_q <= (sp_i_q == 5'd23 && !sp_node_q && !TwoLanes) ? 5'd0 : sp_i_q + 5'd1;
        if (sp_i_q == 5'd23 && !sp_node_q && !TwoLanes) sp_node_q <= 1'b1;
      end
      if (sp_b_issue) sp_i1_q <= sp_i1_q + 5'd1;
      case (sp_state_q)
        SP_REQ:  if (sp_cancel_q) sp_state_q <= SP_IDLE;
                 else if (sp_req_accept) sp_state_q <= SP_WAIT;
        SP_WAIT: if (tbuf_ready_q[sp_bank_q]) sp_state_q <= sp_cancel_q ? SP_IDLE : SP_DOT;
        SP_DOT:  if (sp_res_q + {4'd0, sp_res_in} == sp_issued) begin
                   if (sp_cancel_q) sp_state_q <= SP_IDLE;
                   else if (sp_issued == 6'd48) sp_state_q <= SP_DONE;
                 end
        SP_DONE: if (sp_cancel_q) sp_state_q <= SP_IDLE;
        default: ;
      endcase
      if (sp_state_q == SP_IDLE) sp_cancel_q <= 1'b0;

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
          if ((start || busy_q) && mem_phase_i && sp_state_q == SP_IDLE) state_q <= S_INIT;
        end
        S_INIT: begin
          ent_valid_q <= {(2 * RecEntries){1'b0}};  // the host may have written the memory since the last query
          if (init_err != ERR_NONE) begin
            err_q <= init_err; state_q <= S_ERROR;
          end else begin
            // The stack engine writes the first list: the aligned root (se_root).
            wait_q <= {StackFrames{1'b0}};
            list_started_q <= 1'b0;   // a query may have ended between S_ASCEND and S_PAIR_REQ
            top_q <= 32'd1;
            cur_pair_q <= root_a_q; cur_mask_q <= 2'b01; cur_base_q <= 32'd0; cur_len_q <= 32'd1;
            state_q <= S_PAIR_BEGIN;
          end
        end
        S_ERROR: begin
          if (sp_state_q != SP_IDLE) sp_cancel_q <= 1'b1;
          state_q <= S_DRAIN;
        end
        // The query ends once posted writes are done and every test and read has landed; a
        // cancelled look-ahead transform is not waited for (its last DOTADDs land in its
        // own bank; the next query starts after them, S_IDLE).
        S_DRAIN: begin
          if (sp_state_q != SP_IDLE) sp_cancel_q <= 1'b1;
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
            cur_bank_q <= sp_bank_q; spec_used_q <= 1'b1;
            state_q <= S_PAIR_REQ;
          end else begin
            if (sp_state_q != SP_IDLE) sp_cancel_q <= 1'b1;
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
        S_SPEC_WAIT: if (sp_state_q == SP_DONE) begin      // both nodes transformed: take them
          sp_state_q <= SP_IDLE;
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
            if (spec_start || resume_start) begin
              sp_state_q <= SP_REQ; sp_bank_q <= ~cur_bank_q;
              sp_pair_q <= spec_start ? tbuf_q[tnode_base + 7'd25] : resume_pair;
              sp_node_q <= 1'b0; sp_i_q <= 5'd0; sp_i1_q <= 5'd0; sp_res_q <= 6'd0;
              tbuf_ready_q[~cur_bank_q] <= 1'b0;
            end
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

      // ---- the triangle-test queue: the load stage takes its head, or the controller's
      //      test at once when it is empty ----
      if (tri_push && !(ld_start && tq_empty)) begin
        tq_rec_a[tq_tail_q] <= tri_rec_a;
        tq_rec_b[tq_tail_q] <= tri_rec_b;
        tq_snap[tq_tail_q] <= tri_snap;
        tq_tail_q <= tq_next(tq_tail_q);
      end
      if (ld_start && !tq_empty) tq_head_q <= tq_next(tq_head_q);
      tq_count_q <= tq_count_q + {{TqW{1'b0}}, tri_push && !(ld_start && tq_empty)}
                              - {{TqW{1'b0}}, ld_start && !tq_empty};

      // ---- the read-ahead: the next queued test gets its entries, its missing records
      //      are read ----
      if (ra_take) begin
        tq_ent[ra_slot] <= ra_sel;
        tq_ra_q[ra_slot] <= 1'b1;
        read_records(ra_read, ra_rec[0], ra_rec[1], ra_sel, 2'b00);
      end
      if (ld_head_ra && ld_start) tq_ra_q[tq_head_q] <= 1'b0;
      ra_n_q <= ra_n_q + {{TqW{1'b0}}, ra_take} - {{TqW{1'b0}}, ld_head_ra && ld_start};

      // ---- the load stage: tumbled triangle record ld_rec[0] against aligned record
      //      ld_rec[1] into the other bank ----
      if (ld_start) begin
        ld_bank_q <= ld_bank_new;
        ld_ent_q <= ld_sel;
        read_records(ld_read, ld_rec[0], ld_rec[1], ld_sel, ld_in_results);
        // The pass engine starts now: a frame pass goes once its side's vertices are
        // loaded (above), so side A's may run while record B is still on its way.
        vload_q <= 2'b00;
        for (i = 0; i < 2; i = i + 1) begin
          te_pass_q[i] <= 2'd0; te_k_q[i] <= 4'd0;
          // The result counters take the new test at once if the last one's results are
          // all in (or its last comes now), else after them.
          if (te_rpass_q[i] == 2'd2 || (te_out[i] && te_rpass_q[i] == 2'd1 && te_rk_q[i] == 4'd8)) begin
            te_rpass_q[i] <= 2'd0; te_rk_q[i] <= 4'd0; te_rbank_q[i] <= ld_bank_new;
          end else begin
            te_rnext_q[i] <= 1'b1;
          end
        end
        te_done_q[{ld_bank_new, 1'b0}] <= 1'b0;
        te_done_q[{ld_bank_new, 1'b1}] <= 1'b0;
        // The new test waits unless the decide stage takes it now; a test that waited
        // before it and is not taken now waits on in the third bank.
        ld_snap_q <= ld_snap;
        if (ld_wait_q && !eng_take) begin
          wt_q <= 1'b1; wt_bank_q <= ld_bank_q; wt_ent_q <= ld_ent_q; wt_snap_q <= ld_snap_q;
        end
      end
      if (ld_start) ld_wait_q <= ld_wait_q || !eng_take;
      else if (eng_take && !wt_q) ld_wait_q <= 1'b0;

      // ---- the decide stage: takes the oldest test that waits, else the new one ----
      if (eng_take) begin
        if (wt_q) begin
          eng_bank_q <= wt_bank_q; eng_ent_q <= wt_ent_q; eng_snap_q <= wt_snap_q;
          wt_q <= 1'b0;
        end else if (ld_wait_q) begin
          eng_bank_q <= ld_bank_q; eng_ent_q <= ld_ent_q; eng_snap_q <= ld_snap_q;
        end else begin
          eng_bank_q <= ld_bank_new; eng_ent_q <= ld_sel; eng_snap_q <= ld_snap;
        end
        tri_side_q <= 1'b0;
        eng_q <= E_TRI_A;
        if (b_st_q == B_DONE) b_st_q <= B_IDLE;   // the last test's answer, used
      end
      // Side B's IT-unit: started for the decide stage's test, answered (or, orphaned by
      // side A's hit, cleared if it hit and freed), cleared with the test's result.
      if (itb_start) b_st_q <= B_RUN;
      if (itb_rsp_valid && b_st_q == B_RUN) begin
        if (b_orphan_q || eng_q == E_RESULT) b_st_q <= (itb_hit || itb_unc) ? B_CLEAR : B_IDLE;   // (orphaned now)
        else begin
          b_st_q <= B_DONE; b_hit_q <= itb_hit; b_unc_q <= itb_unc;
        end
      end
      if (b_st_q == B_CLEAR) b_st_q <= B_IDLE;
      if (itb_clear && b_st_q == B_DONE) b_st_q <= B_IDLE;
      if (itb_start) b_orphan_q <= 1'b0;
      if (ItPerSide && eng_q == E_RESULT && b_st_q == B_RUN) b_orphan_q <= 1'b1;
      case (eng_q)
        // The IT-unit takes a side when the pass engine has written its leaf-matrix pass.
        E_TRI_A: if (it_side_go) eng_q <= E_IT;
        E_TRI_B: if (it_side_go) eng_q <= E_IT;
                 else if (b_answer) begin                           // ItPerSide
                   eng_q <= (b_hit_q || it_b_unc) ? E_RESULT : E_IDLE;
                   eng_unc_q <= !b_hit_q;
                 end
        // The IT-unit works through the side's edges (cc_it_unit, micro-op TRI). Unless
        // side A hits, side B follows: at once (it_uop_valid) or once its passes are written.
        // A hit makes the pair a result, so does an undecided edge of either side (an
        // uncertain result); else the test ends.
        E_IT: if (it_a_missed) begin
          tri_side_q <= 1'b1;
          eng_q <= (eng_done[1] && !ItPerSide) ? E_IT : E_TRI_B;
        end else if (it_rsp_valid) begin
          eng_q <= (it_hit || it_unc) ? E_RESULT : E_IDLE;
          eng_unc_q <= !it_hit;
        end
        // A hit: the IT-unit clears HIT (it_uop_valid), the pair is written as a result.
        E_RESULT: begin
          if (eng_result_ok) begin
            res_req_valid_q <= 1'b1;
            res_req_addr_q <= result_addr;
            // (A's id, B's id with the UNCERTAIN flag) at every 8-byte slot
            res_req_wdata_q <= {4{rec_q[{eng_ent_q[EntW +: EntW], 1'b1, IdWord}] | ({31'd0, eng_unc_q} << RESULT_UNCERTAIN_BIT),
                                  rec_q[{eng_ent_q[0 +: EntW], 1'b0, IdWord}]}};
            res_req_wstrb_q <= 32'h0000_00FF << result_addr[4:0];
            eng_q <= E_RESULT_WAIT;
          end else begin
            eng_q <= E_IDLE;                                  // the query stops (eng_stop)
          end
        end
        E_RESULT_WAIT: if (res_req_accept) begin            // posted: the write goes on alone
          result_count_q <= result_count_q + 32'd1;
          if (eng_unc_q) cnt_unc_q <= sat_inc(cnt_unc_q);
          eng_q <= E_IDLE;
        end
        default: ;
      endcase
      // A test that ends the query stops the controller wherever it is and puts back the
      // counters as they were at that test; the tests queued behind it never run.
      if (eng_stop) begin
        if (eng_err_stop) err_q <= (result_count_q >= result_cap_q) ? ERR_RESULT_OVERFLOW[3:0] : ERR_BAD_POINTER[3:0];
        state_q <= eng_err_stop ? S_ERROR : S_DRAIN;
        {cnt_tumbled_q, cnt_aligned_q, cnt_overlap_q, cnt_tri_q, cnt_lists_q, cnt_max_stack_q,
         cnt_max_list_q} <= eng_snap_q;
        tq_head_q <= {TqW{1'b0}};
        tq_tail_q <= {TqW{1'b0}};
        tq_count_q <= {(TqW + 1){1'b0}};
        tq_ra_q <= {TqDepth{1'b0}};
        ra_n_q <= {(TqW + 1){1'b0}};
        ld_wait_q <= 1'b0;
        wt_q <= 1'b0;
      end
    end
  end

`ifndef SYNTHESIS
  // A test's passes start only with the pass engine idle (ld_start): so it is whenever
  // the chip is idle (S_DRAIN waits too). The IT-unit is ready whenever the decide stage
  // hands it a micro-op: side B at side A's response, CLEAR after a hit's response.
  always @(posedge clk_i) begin
    if (rst_ni && it_uop_valid) begin
      assert (it_uop_ready) else $error("cc_core: the IT-unit is busy when a triangle test needs it");
    end
    if (rst_ni && state_q == S_IDLE) begin
      assert (te_idle) else $error("cc_core: the chip is idle with the pass engine busy");
    end
  end
`endif
endmodule
