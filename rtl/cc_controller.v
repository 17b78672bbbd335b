// =======================================================================================
// cc_controller: the master controller. It runs the traversal of docs/traversal.md from
// the root pointers (paper §3.2, §4.1): for each tumbled pair, it takes the pair (fetched
// itself or by the look-ahead engine), checks and transforms its nodes (S_TNODE, S_DOT),
// has the pair's list worked off (cc_list_compare: entries against the comparators, the
// new lists, the leaf-list passes, the triangle tests handed over), and goes down and up
// the stack of frames (S_DESCEND, S_ASCEND). The golden model (cc::golden::Chip) is its
// specification: the same lists, counters and errors, in order.
//
// It holds the one state register: cc_list_compare computes the next state of its own
// states (S_LIST_INIT ... S_LL_NEXT, S_APPEND, S_TRI, S_TRI_WAIT), and its errors are the
// controller's.
//
// It owns the query's status (BUSY, DONE, the error code, the interrupt) and the event
// counters; a triangle test that ends the query hands back the counters as they were at
// that test (cc_tri_engine, eng_snap_i). An error of the traversal waits (S_HOLD) for the
// tests handed over before it: one of them may end the query first.
//
// Two transform lanes (TransformLanes = 2): while node 0 is transformed in S_DOT on the
// shared unit, node 1 is transformed on the pass unit in the cycles side B's triangle
// passes leave (fb_i_q, fb_res_q).
//
// CTRL.LEAF_VERTEX (docs/triangle_tests.md): a present tumbled leaf's DOP comes from its
// triangle's vertices instead (S_LV_DOT): its record pointer checked in S_TNODE, the
// record read into the vertex buffer (cc_dop_datapath), then 72 DOTADDs on the shared
// unit, vertex-major (vertex k's slot i after vertex k-1's), each later vertex's result
// merged into its slot. A leaf's DOP transform done ahead (the look-ahead engine, node 1
// on the pass unit) is not used: S_LV_DOT redoes the leaf, after the pass unit's results
// for it are in.
//
// The stack's frames whose slot-1 list still waits (pushed with both child lists, not yet
// resumed) and their pairs are kept beside the stack engine's copy in the SRAM
// (cc_wait_frames): the topmost is the pair the next resume hands over, which the
// look-ahead engine fetches and transforms meanwhile (ResumeAhead).
// =======================================================================================
module cc_controller #(
  parameter integer ListWords      = 262144,
  parameter integer StackFrames    = 64,
  parameter integer BoardBytesLog2 = 30,
  parameter integer SramAddrW      = 20,
  parameter integer TriQueue       = 0,
  parameter integer TransformLanes = 2,
  parameter integer ListFollow     = 1,
  parameter integer ResumeAhead    = 1,
  parameter integer SnapW          = 7 * 32    // counters TUMBLED .. MAX_LIST_LENGTH
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // the register block: START, the interrupt's acknowledge, the query's roots
  input  wire                 start_i,
  input  wire                 irq_ack_i,
  input  wire [31:0]          root_a_i,
  input  wire                 leaf_vertex_i,     // CTRL.LEAF_VERTEX
  input  wire [3:0]           init_err_i,        // cc_config_check
  // START handshake with the SDRAM interface (cc_sdram_ctrl sync_i / synced_o): the query
  // waits; the interface's START REFRESH goes out at the next memory clock edge
  output wire                 mem_sync_o,
  input  wire                 mem_synced_i,
  // the query's status and counters
  output wire [5:0]           state_o,
  output wire                 busy_o,
  output wire                 done_o,
  output wire                 irq_pending_o,
  output wire [3:0]           err_o,
  output wire [SnapW-1:0]     counters_o,        // TUMBLED .. MAX_LIST_LENGTH
  output wire [63:0]          cycles_o,
  // the tumbled-pair buffer: node t_o's flags and pointer in bank bank_o; a pair's read
  output wire                 bank_o,
  output wire                 t_o,
  input  wire [31:0]          tnode_flags_i,
  input  wire [31:0]          tnode_ptr_i,
  output wire                 pair_req_valid_o,
  output wire [31:0]          pair_req_addr_o,
  output wire                 pair_req_bank_o,   // the tumbled-pair buffer bank it fills
  output wire                 pair_req_lv_o,     // the request is a leaf's record (CTRL.LEAF_VERTEX)
  input  wire                 lv_in_i,           // the record's last beat comes in
  input  wire                 pair_req_accept_i,
  input  wire [1:0]           pair_in_i,         // the last beat of bank b's pair comes in
  output wire [1:0]           pair_ready_o,      // all beats of bank b's pair are in
  input  wire                 mem_quiet_i,       // no other request, no read in flight, SDRAM idle
  // the fetch unit's head entry; node s_o of its aligned pair; the comparators
  output wire                 s_o,
  input  wire                 head_valid_i,
  input  wire [31:0]          head_entry_i,
  input  wire                 head_bad_i,
  input  wire [31:0]          aligned_flags_i,
  input  wire [31:0]          aligned_ptr_i,
  output wire                 compare_o,         // the comparators decide this cycle
  input  wire [1:0]           overlap_i,         // node s_o against tumbled node 0 / 1
  input  wire                 plane_need_i,      // CTRL.LEAF_PLANE: node s_o's plane (cc_list_compare)
  input  wire                 plane_bad_i,
  input  wire                 plane_ready_i,
  output wire                 plane_start_o,
  output wire                 plane_have_o,
  // DOTADDs: node t_o's transform on the shared unit (index dot_index_o), node 1's on the
  // pass unit (two lanes, index pass_index_o); either unit busy with a triangle pass
  output wire                 dot_issue_o,
  output wire [4:0]           dot_index_o,
  output wire                 dot_lv_o,          // the issue is S_LV_DOT's: vertex dot_lv_vertex_o
  output wire [1:0]           dot_lv_vertex_o,
  output wire                 dot_lv_keep_o,     // the result leaving merges into its slot
  input  wire                 dot_busy_i,
  input  wire                 dot_out_i,
  output wire                 pass_issue_o,
  output wire [4:0]           pass_index_o,
  input  wire                 pass_busy_i,
  input  wire                 pass_out_i,
  // the stack engine: frames, list appends, the fetch unit
  input  wire                 se_ready_i,
  input  wire                 se_full_i,
  input  wire [31:0]          se_depth_i,
  input  wire                 se_found_i,
  input  wire [31:0]          se_res_pair_i,
  input  wire [31:0]          se_res_base_i,
  input  wire [31:0]          se_res_len_i,
  output wire                 se_root_o,
  output wire                 se_push_o,
  output wire [31:0]          push_next_pair_o,
  output wire [31:0]          push_list_base_o,
  output wire [31:0]          push_len_bit_o,
  output wire                 se_resume_o,
  input  wire                 app_room2_i,
  input  wire                 lists_written_i,
  output wire                 app0_o,
  output wire [SramAddrW-1:0] app0_addr_o,
  output wire [31:0]          app0_data_o,
  output wire                 app1_o,
  output wire [SramAddrW-1:0] app1_addr_o,
  output wire [31:0]          app1_data_o,
  output wire                 fetch_start_o,
  output wire [31:0]          fetch_base_o,
  output wire [31:0]          fetch_len_o,
  output wire                 fetch_stop_o,
  output wire                 fetch_follow_o,
  output wire [31:0]          fetch_follow_base_o,
  output wire [31:0]          fetch_follow_end_o,
  output wire                 head_pop_o,
  // the look-ahead engine
  input  wire [2:0]           sp_state_i,
  input  wire                 sp_cancelled_i,
  input  wire                 sp_bank_i,
  input  wire [31:0]          sp_pair_i,
  output wire                 sp_start_o,
  output wire [31:0]          sp_start_pair_o,
  output wire                 sp_cancel_o,
  output wire                 sp_take_o,
  // the triangle-test engine: the test handed over (tumbled node tri_t_o's record against
  // aligned node tri_s_o's), and the tests' ends
  output wire                 tri_t_o,
  output wire                 tri_s_o,
  input  wire [31:0]          tri_rec_a_i,
  input  wire [31:0]          tri_rec_b_i,
  input  wire                 tri_room_i,
  output wire                 tri_push_o,
  output wire [SnapW-1:0]     tri_snap_o,
  output wire                 tri_clear_o,       // a query starts
  output wire                 tri_forget_o,      // its records may have changed
  input  wire                 eng_idle_i,
  input  wire                 pass_idle_i,
  input  wire                 eng_end_i,
  input  wire                 eng_stop_i,
  input  wire                 eng_err_stop_i,
  input  wire [3:0]           eng_err_i,
  input  wire [SnapW-1:0]     eng_snap_i
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_off UNUSEDPARAM */
`include "cc_core_states.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam [32:0] BoardBytes = 33'd1 << BoardBytesLog2;
`include "cc_board_ptr.vh"
  localparam [4:0] DotN = 5'd24;             // DOTADDs of a node's transform: one per slab bound
  localparam [6:0] LvN  = 7'd72;             // S_LV_DOT's: three vertices per slab bound
  localparam       TwoLanes = TransformLanes == 2;

  // ---- registers (_q) and their next values (_d) ----
  reg  [5:0]  state_q, state_d;
  reg  [3:0]  held_err_q, held_err_d;        // an error of the traversal waiting in S_HOLD
  reg         busy_q, busy_d, done_q, done_d, irq_pending_q, irq_pending_d;
  reg  [3:0]  err_q, err_d;
  // events for the counters (cc_event_counters), this cycle
  reg         ev_tumbled, ev_pair_list, ev_push;
  // traversal
  reg  [31:0] cur_pair_q, cur_pair_d, cur_base_q, cur_base_d, cur_len_q, cur_len_d;
  reg  [1:0]  cur_mask_q, cur_mask_d;
  reg  [1:0]  leaf_q, leaf_d;
  reg  [31:0] childp_q [0:1], childp_d [0:1];
  reg         t_q, t_d;                      // the tumbled node checked and transformed
  reg  [1:0]  t2_q, t2_d;                    // loop counter that reaches 2
  reg  [1:0]  tbuf_ready_q, tbuf_ready_d;    // all beats of bank b's tumbled pair are in
  reg         cur_bank_q, cur_bank_d;        // the bank of the current list's tumbled pair
  reg         spec_used_q, spec_used_d;      // the current pair came from the look-ahead engine
  reg  [4:0]  fb_i_q, fb_i_d, fb_res_q, fb_res_d;   // node 1 on the pass unit: next DOTADD, results in (24: none to do)
  reg         fb_node1_q, fb_node1_d;        // node 1 of the current pair is done there
  // subroutine arguments
  reg  [4:0]  dot_issue_q, dot_issue_d, dot_done_q, dot_done_d;   // S_DOT: node t_q's transform
  reg  [4:0]  lv_i_q, lv_i_d;                // S_LV_DOT: next slot, vertex (3: all issued), results in
  reg  [1:0]  lv_k_q, lv_k_d;
  reg  [6:0]  lv_done_q, lv_done_d;
  reg         lv_ready_q, lv_ready_d;        // the leaf's vertices are in the vertex buffer
  // commands
  reg         fsm_req_valid_q, fsm_req_valid_d;
  reg  [31:0] fsm_req_addr_q, fsm_req_addr_d;
  reg         fsm_req_bank_q, fsm_req_bank_d;
  reg         fsm_req_lv_q, fsm_req_lv_d;
  reg         pf_start_q, pf_start_d;        // a tumbled pair's list (its leaf-list passes: cc_list_compare)
  reg  [31:0] pf_base_q, pf_base_d, pf_len_q, pf_len_d;
  reg         list_started_q, list_started_d;   // the fetch unit is on the resumed list already
  reg         fail_now;                      // an error of the traversal this cycle: fail_err
  reg  [3:0]  fail_err;

  // ---- what the states look at ----
  wire [1:0]  present = cur_mask_q;
  // the pair's two new lists (cc_list_compare)
  wire [31:0] obase [0:1], olen [0:1];
  // After a list: the tumbled nodes that go down (inner, with a non-empty child list). The
  // frame pushed keeps slot 1's list when the descent starts with slot 0, else it is done.
  wire [1:0]  go = {present[1] && !leaf_q[1] && olen[1] != 32'd0, present[0] && !leaf_q[0] && olen[0] != 32'd0};
  wire        descend = go != 2'b00;
  assign push_next_pair_o = (go == 2'b11) ? childp_q[1] : 32'd0;
  assign push_list_base_o = go[0] ? obase[1] : 32'd0;
  assign push_len_bit_o   = !go[0] ? 32'd1 << FRAME_BIT : (present[1] && !leaf_q[1]) ? {1'b0, olen[1][30:0]} : 32'd0;
  assign se_root_o   = state_q == S_INIT && init_err_i == ERR_NONE;
  assign se_push_o   = state_q == S_DESCEND && descend && se_ready_i && !se_full_i;
  assign se_resume_o = state_q == S_ASCEND && se_ready_i && se_depth_i != 32'd0;
  wire        asc_found = state_q == S_ASC_WAIT && se_ready_i && se_found_i;   // a list resumed

  // The frames whose slot-1 list waits, and the topmost one's pair and list.
  wire        resume_any;
  wire [31:0] resume_pair, resume_base, resume_len;
  cc_wait_frames #(
    .StackFrames (StackFrames)
  ) u_wait_frames (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .clear_i (se_root_o),
    .push_i  (se_push_o),
    .depth_i (se_depth_i),
    .waits_i (go == 2'b11),                  // T2's list waits in it
    .pair_i  (push_next_pair_o),
    .base_i  (push_list_base_o),
    .len_i   (push_len_bit_o),               // its bit is 0 where a list waits
    .take_i  (asc_found),
    .any_o   (resume_any),
    .pair_o  (resume_pair),
    .base_o  (resume_base),
    .len_o   (resume_len)
  );

  // The look-ahead engine. The pair the traversal most likely visits after this list: T1's
  // children, else T2's; it starts on it as soon as S_TNODE has checked that node. A pair
  // of leaves (this node a leaf, the last present one, the other absent or a leaf) never
  // descends: after its lists the traversal resumes the topmost waiting frame's pair, which
  // the engine fetches and transforms meanwhile. It is cancelled when the controller goes
  // elsewhere (a pair it does not have, an error, the end) and taken in S_SPEC_WAIT.
  wire        spec_start   = !tnode_flags_i[FLAG_LEAF_BIT] && (!t_q || !present[0] || leaf_q[0]) && sp_state_i == SP_IDLE;
  wire        resume_start = ResumeAhead != 0 && resume_any && tnode_flags_i[FLAG_LEAF_BIT] &&
                             (t_q ? (!present[0] || leaf_q[0]) : !present[1]) && sp_state_i == SP_IDLE;
  wire        sp_live   = sp_state_i != SP_IDLE && !sp_cancelled_i;   // its pair will be transformed
  wire        spec_hit  = cur_mask_q == 2'b11 && sp_live && sp_pair_i == cur_pair_q;
  wire        resume_la = sp_live && sp_pair_i == resume_pair;        // the look-ahead engine has it
  wire        sp_quiet  = sp_state_i == SP_IDLE || (sp_state_i == SP_DOT && sp_cancelled_i);   // no read, no issue to come
  // CTRL.LEAF_VERTEX: node t_q is a leaf whose DOP comes from its vertices; its record
  // pointer is checked where the golden model checks it (after VALID, before the transform).
  wire        lv_leaf   = leaf_vertex_i && tnode_flags_i[FLAG_LEAF_BIT];
  wire        tnode_bad = !tnode_flags_i[FLAG_VALID_BIT] ||
                          (!tnode_flags_i[FLAG_LEAF_BIT] && bad_ptr(tnode_ptr_i, PAIR_BYTES, PAIR_BYTES)) ||
                          (lv_leaf && bad_ptr(tnode_ptr_i, TRI_BYTES, TRI_BYTES));
  wire        tnode_ok  = state_q == S_TNODE && t2_q != 2'd2 && present[t_q] && !tnode_bad;
  assign sp_start_o      = tnode_ok && (spec_start || resume_start);
  assign sp_start_pair_o = spec_start ? tnode_ptr_i : resume_pair;
  assign sp_cancel_o     = state_q == S_ERROR || state_q == S_DRAIN ||
                           (state_q == S_PAIR_BEGIN && !bad_ptr(cur_pair_q, PAIR_BYTES, PAIR_BYTES) && !spec_hit);
  assign sp_take_o       = state_q == S_SPEC_WAIT && sp_state_i == SP_DONE;

  // The pair's list work: from S_LIST_INIT to S_DESCEND (cc_list_compare).
  wire        lc_fail, lc_aligned, lc_tri, lc_list, lc_fetch_start;
  wire [5:0]  lc_next_state;
  wire [3:0]  lc_fail_err;
  wire [1:0]  lc_overlaps;
  wire [31:0] lc_list_len, lc_fetch_base, lc_fetch_len;
  cc_list_compare #(
    .ListWords      (ListWords),
    .BoardBytesLog2 (BoardBytesLog2),
    .SramAddrW      (SramAddrW),
    .TriQueue       (TriQueue),
    .ListFollow     (ListFollow)
  ) u_lists (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .state_i             (state_q),
    .next_state_o        (lc_next_state),
    .present_i           (present),
    .leaf_i              (leaf_q),
    .list_len_i          (cur_len_q),
    .top_load_i          (se_root_o || asc_found),   // a query's first list, a resumed list
    .top_i               (se_root_o ? 32'd1 : se_res_base_i + se_res_len_i),
    .list_base0_o        (obase[0]),
    .list_len0_o         (olen[0]),
    .list_base1_o        (obase[1]),
    .list_len1_o         (olen[1]),
    .fail_o              (lc_fail),
    .fail_err_o          (lc_fail_err),
    .ev_aligned_o        (lc_aligned),
    .ev_overlaps_o       (lc_overlaps),
    .ev_tri_o            (lc_tri),
    .ev_list_o           (lc_list),
    .ev_list_len_o       (lc_list_len),
    .head_valid_i        (head_valid_i),
    .head_entry_i        (head_entry_i),
    .head_bad_i          (head_bad_i),
    .head_pop_o          (head_pop_o),
    .s_o                 (s_o),
    .aligned_flags_i     (aligned_flags_i),
    .aligned_ptr_i       (aligned_ptr_i),
    .compare_o           (compare_o),
    .overlap_i           (overlap_i),
    .plane_need_i        (plane_need_i),
    .plane_bad_i         (plane_bad_i),
    .plane_ready_i       (plane_ready_i),
    .plane_start_o       (plane_start_o),
    .plane_have_o        (plane_have_o),
    .fetch_start_o       (lc_fetch_start),
    .fetch_base_o        (lc_fetch_base),
    .fetch_len_o         (lc_fetch_len),
    .fetch_follow_o      (fetch_follow_o),
    .fetch_follow_base_o (fetch_follow_base_o),
    .fetch_follow_end_o  (fetch_follow_end_o),
    .app_room2_i         (app_room2_i),
    .lists_written_i     (lists_written_i),
    .app0_o              (app0_o),
    .app0_addr_o         (app0_addr_o),
    .app0_data_o         (app0_data_o),
    .app1_o              (app1_o),
    .app1_addr_o         (app1_addr_o),
    .app1_data_o         (app1_data_o),
    .tri_t_o             (tri_t_o),
    .tri_s_o             (tri_s_o),
    .tri_rec_a_i         (tri_rec_a_i),
    .tri_rec_b_i         (tri_rec_b_i),
    .tri_room_i          (tri_room_i),
    .tri_push_o          (tri_push_o),
    .eng_end_i           (eng_end_i)
  );

  // DOTADD issue: side A's triangle passes go first on the shared unit, side B's on the
  // pass unit.
  wire        fsm_dot_issue = (state_q == S_DOT) && (dot_issue_q < DotN) && !dot_busy_i;
  wire        fb_issue      = TwoLanes && !pass_busy_i && fb_i_q != DotN;
  // S_LV_DOT issues once the vertices are in and no result of the pass unit's transform
  // of this node can still land (fb_res_q: node 1's transform there is done).
  wire        lv_issue      = state_q == S_LV_DOT && lv_ready_q && fb_res_q == DotN && lv_k_q != 2'd3 && !dot_busy_i;
  assign dot_issue_o  = fsm_dot_issue || lv_issue;
  assign dot_index_o  = state_q == S_LV_DOT ? lv_i_q : dot_issue_q;
  assign dot_lv_o        = state_q == S_LV_DOT;
  assign dot_lv_vertex_o = lv_k_q;
  assign dot_lv_keep_o   = state_q == S_LV_DOT && lv_done_q >= {2'b00, DotN};
  assign pass_issue_o = fb_issue;
  assign pass_index_o = fb_i_q;

  wire        query_clear = state_q == S_IDLE && start_i;   // START: status and counters cleared
  assign tri_clear_o  = query_clear;
  assign tri_forget_o = state_q == S_INIT;

  // The event counters: the events the states below report, the query's cycles, START's
  // clear and a test's restore.
  cc_event_counters #(
    .SnapW (SnapW)
  ) u_counters (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .clear_i    (query_clear),
    .cycle_i    (busy_q && state_q != S_IDLE),
    .tumbled_i  (ev_tumbled),
    .aligned_i  (lc_aligned),
    .overlaps_i (lc_overlaps),
    .tri_i      (lc_tri),
    .list_i     (ev_pair_list || lc_list),   // a tumbled pair's list, a leaf-list pass
    .list_len_i (ev_pair_list ? cur_len_q : lc_list_len),
    .push_i     (ev_push),
    .depth_i    (se_depth_i),
    .restore_i  (eng_stop_i),
    .snap_i     (eng_snap_i),
    .counters_o (counters_o),
    .cycles_o   (cycles_o),
    .tri_snap_o (tri_snap_o)
  );

  // ---- next state ----
  integer n;
  always @(*) begin
    state_d = state_q; held_err_d = held_err_q;
    busy_d = busy_q; done_d = done_q; irq_pending_d = irq_pending_q; err_d = err_q;
    {ev_tumbled, ev_pair_list, ev_push} = 3'd0;
    cur_pair_d = cur_pair_q; cur_base_d = cur_base_q; cur_len_d = cur_len_q; cur_mask_d = cur_mask_q;
    leaf_d = leaf_q; t_d = t_q; t2_d = t2_q;
    for (n = 0; n < 2; n = n + 1) childp_d[n] = childp_q[n];
    tbuf_ready_d = tbuf_ready_q; cur_bank_d = cur_bank_q; spec_used_d = spec_used_q;
    fb_i_d = fb_i_q; fb_res_d = fb_res_q; fb_node1_d = fb_node1_q;
    dot_issue_d = dot_issue_q; dot_done_d = dot_done_q;
    lv_i_d = lv_i_q; lv_k_d = lv_k_q; lv_done_d = lv_done_q; lv_ready_d = lv_ready_q;
    fsm_req_valid_d = fsm_req_valid_q; fsm_req_addr_d = fsm_req_addr_q; fsm_req_bank_d = fsm_req_bank_q;
    fsm_req_lv_d = fsm_req_lv_q;
    pf_base_d = pf_base_q; pf_len_d = pf_len_q; list_started_d = list_started_q;
    {fail_now, fail_err} = {lc_fail, lc_fail_err};   // (the list states')
    pf_start_d = 1'b0;                       // a one-cycle command

    if (pair_req_accept_i) fsm_req_valid_d = 1'b0;
    if (pair_in_i[0]) tbuf_ready_d[0] = 1'b1;
    if (pair_in_i[1]) tbuf_ready_d[1] = 1'b1;
    if (lv_in_i) lv_ready_d = 1'b1;
    if (irq_ack_i) irq_pending_d = 1'b0;
    if (fb_issue) fb_i_d = fb_i_q + 5'd1;
    if (pass_out_i) fb_res_d = fb_res_q + 5'd1;
    if (query_clear) begin
      done_d = 1'b0; err_d = ERR_NONE; irq_pending_d = 1'b0;   // (and the counters: cc_event_counters)
    end

    case (state_q)
      // ================================================================ start / end
      // A query starts (S_INIT) in the chip cycle right after the memory clock edge at which
      // the SDRAM interface's START REFRESH goes out (mem_sync_o / mem_synced_i), so its
      // cycle count depends neither on when the host's START write arrived nor on where the
      // refresh interval stood (docs/rtl_core.md, docs/memory_system.md); BUSY is up from
      // the write on, the wait for the interface (REFRESHes owed, banks closing) is not
      // counted.
      S_IDLE: begin
        if (start_i) busy_d = 1'b1;           // (and the query's status is cleared: query_clear)
        if (busy_q && mem_synced_i) state_d = S_INIT;
      end
      S_INIT: begin
        // (the triangle-test engine forgets its records: the host may have written the memory)
        if (init_err_i != ERR_NONE) begin
          err_d = init_err_i; state_d = S_ERROR;
        end else begin
          // The stack engine writes the first list: the aligned root (se_root); the list
          // area is free from word 1 on and no frame waits.
          list_started_d = 1'b0;   // a query may have ended between S_ASCEND and S_PAIR_REQ
          cur_pair_d = root_a_i; cur_mask_d = 2'b01; cur_base_d = 32'd0; cur_len_d = 32'd1;
          state_d = S_PAIR_BEGIN;
        end
      end
      S_ERROR: state_d = S_DRAIN;
      // The query ends once posted writes are done and every test and read has landed; a
      // cancelled look-ahead transform is not waited for (its last DOTADDs land in its
      // own bank; the next query starts after them, S_IDLE).
      S_DRAIN: begin
        if (sp_quiet && mem_quiet_i && !fsm_req_valid_q && lists_written_i && se_ready_i &&
            eng_idle_i && pass_idle_i && fb_res_q == 5'd24) begin
          busy_d = 1'b0;
          done_d = 1'b1;
          irq_pending_d = 1'b1;
          state_d = S_IDLE;
        end
      end

      // ================================================================ a tumbled pair
      S_PAIR_BEGIN: begin
        fb_node1_d = 1'b0;
        ev_pair_list = 1'b1;
        if (bad_ptr(cur_pair_q, PAIR_BYTES, PAIR_BYTES)) begin
          {fail_now, fail_err} = {1'b1, ERR_BAD_POINTER};
        end else if (spec_hit) begin
          // the look-ahead engine has this pair (or is getting it) in the other bank
          cur_bank_d = sp_bank_i; spec_used_d = 1'b1;
          state_d = S_PAIR_REQ;
        end else begin
          spec_used_d = 1'b0;
          fsm_req_valid_d = 1'b1; fsm_req_lv_d = 1'b0;
          fsm_req_addr_d = cur_pair_q; fsm_req_bank_d = cur_bank_q;
          tbuf_ready_d[cur_bank_q] = 1'b0;
          state_d = S_PAIR_REQ;
        end
      end
      // The tumbled pair is asked for first; then the fetch unit starts on the list (its
      // words must all be in the SRAM: the write queue is empty).
      S_PAIR_REQ: if (!fsm_req_valid_q && lists_written_i) begin
        if (!list_started_q) begin
          pf_start_d = 1'b1; pf_base_d = cur_base_q; pf_len_d = cur_len_q;
        end
        list_started_d = 1'b0;
        state_d = spec_used_q ? S_SPEC_WAIT : S_PAIR_WAIT;
      end
      S_PAIR_WAIT: if (tbuf_ready_q[cur_bank_q]) begin
        t_d = 1'b0; t2_d = 2'd0;
        state_d = S_TNODE;
      end
      S_SPEC_WAIT: if (sp_state_i == SP_DONE) begin      // both nodes transformed: take them (sp_take)
        t_d = 1'b0; t2_d = 2'd0;
        state_d = S_TNODE;
      end
      S_TNODE: begin
        if (t2_q == 2'd2) begin
          state_d = S_LIST_INIT;
        end else if (!present[t_q]) begin
          t_d = ~t_q; t2_d = t2_q + 2'd1;
        end else if (tnode_bad) begin
          {fail_now, fail_err} = {1'b1, ERR_BAD_POINTER};
        end else begin
          leaf_d[t_q] = tnode_flags_i[FLAG_LEAF_BIT];
          childp_d[t_q] = tnode_ptr_i;
          if (sp_start_o) tbuf_ready_d[~cur_bank_q] = 1'b0;   // the look-ahead engine's bank
          if (lv_leaf) begin                            // its record's vertices (S_LV_DOT)
            if (TwoLanes && !t_q && present[1] && !spec_used_q) begin   // node 1 as in S_DOT's case
              fb_i_d = 5'd0; fb_res_d = 5'd0; fb_node1_d = 1'b1;
            end
            if (t_q) fb_node1_d = 1'b0;
            fsm_req_valid_d = 1'b1; fsm_req_lv_d = 1'b1; fsm_req_addr_d = tnode_ptr_i;
            lv_ready_d = 1'b0;
            lv_i_d = 5'd0; lv_k_d = 2'd0; lv_done_d = 7'd0;
            state_d = S_LV_DOT;
          end else if (spec_used_q) begin
            state_d = S_TNODE_DONE;                   // transformed ahead of time
          end else if (t_q && fb_node1_q) begin        // transformed on the pass unit
            fb_node1_d = 1'b0;
            state_d = fb_res_q == DotN ? S_TNODE_DONE : S_DOT_WAIT;
          end else begin
            if (TwoLanes && !t_q && present[1]) begin // node 1 on the pass unit meanwhile
              fb_i_d = 5'd0; fb_res_d = 5'd0; fb_node1_d = 1'b1;
            end
            dot_issue_d = 5'd0; dot_done_d = 5'd0;
            state_d = S_DOT;
          end
        end
      end
      S_TNODE_DONE: begin
        ev_tumbled = 1'b1;
        t_d = ~t_q; t2_d = t2_q + 2'd1;
        state_d = S_TNODE;
      end
      // ---------------------------------------------------------------- stack of frames
      S_DESCEND: begin
        if (!descend) begin
          state_d = S_ASCEND;
        end else if (se_full_i) begin
          {fail_now, fail_err} = {1'b1, ERR_STACK_OVERFLOW};
        end else if (se_ready_i) begin            // se_push: the frame goes onto the stack
          ev_push = 1'b1;
          cur_pair_d = childp_q[go[0] ? 0 : 1]; cur_base_d = obase[go[0] ? 0 : 1];
          cur_len_d = olen[go[0] ? 0 : 1]; cur_mask_d = 2'b11;
          state_d = S_PAIR_BEGIN;
        end
      end
      // Up the stack (se_resume): the stack engine finds the next slot-1 list waiting.
      S_ASCEND: if (se_ready_i) begin
        state_d = (se_depth_i == 32'd0) ? S_DRAIN : S_ASC_WAIT;
        // The list resumed next is in the SRAM and nothing is in flight: start on it, if
        // the look-ahead engine has its pair (else the pair is asked for first, S_PAIR_REQ).
        if (ResumeAhead != 0 && resume_any && resume_la) begin
          pf_start_d = 1'b1; pf_base_d = resume_base; pf_len_d = resume_len;
          list_started_d = 1'b1;
        end
      end
      S_ASC_WAIT: if (se_ready_i) begin
        if (se_found_i) begin
          cur_pair_d = se_res_pair_i; cur_mask_d = 2'b11;   // (its frame no longer waits)
          cur_base_d = se_res_base_i; cur_len_d = se_res_len_i;
          state_d = S_PAIR_BEGIN;
        end else begin
          state_d = S_DRAIN;                 // the stack is empty
        end
      end

      // ================================================================ subroutines
      // Node t_q's transform: issue DotN DOTADDs, wait for all results.
      S_DOT: begin
        if (fsm_dot_issue) dot_issue_d = dot_issue_q + 5'd1;   // side A's passes go first
        if (dot_out_i) dot_done_d = dot_done_q + 5'd1;
        if (dot_out_i && dot_done_q + 5'd1 == DotN) state_d = S_TNODE_DONE;
      end
      // CTRL.LEAF_VERTEX: node t_q's DOP from its record's vertices (lv_issue), then the
      // node is done as after S_DOT.
      S_LV_DOT: begin
        if (lv_issue) begin
          lv_i_d = lv_i_q == DotN - 5'd1 ? 5'd0 : lv_i_q + 5'd1;
          if (lv_i_q == DotN - 5'd1) lv_k_d = lv_k_q + 2'd1;
        end
        if (dot_out_i) lv_done_d = lv_done_q + 7'd1;
        if (dot_out_i && lv_done_q + 7'd1 == LvN) state_d = S_TNODE_DONE;
      end
      // Node 1's transform on the pass unit (two lanes): wait for its last result.
      S_DOT_WAIT: if (fb_res_q + {4'd0, pass_out_i} == DotN) state_d = S_TNODE_DONE;
      // An error of the traversal waits for the tests before it: one of them may stop
      // the query first (a first-mode hit, a result error).
      S_HOLD: if (eng_idle_i) begin
        err_d = held_err_q; state_d = S_ERROR;
      end
      default: state_d = lc_next_state;      // the list states (cc_list_compare), else S_IDLE
    endcase

    // An error of the traversal: at once, or after the tests handed to the engine before it.
    if (fail_now) begin
      if (eng_idle_i) begin
        err_d = fail_err; state_d = S_ERROR;
      end else begin
        held_err_d = fail_err; state_d = S_HOLD;
      end
    end
    // A test that ends the query stops the controller wherever it is and puts back the
    // counters as they were at that test; the tests queued behind it never run.
    if (eng_stop_i) begin
      if (eng_err_stop_i) err_d = eng_err_i;
      state_d = eng_err_stop_i ? S_ERROR : S_DRAIN;   // (counters: cc_event_counters, restore_i)
    end
  end

  // ---- registers: reset where a query or the bus looks at them before loading them ----
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      busy_q <= 1'b0;
      done_q <= 1'b0;
      err_q <= ERR_NONE;
      irq_pending_q <= 1'b0;
      fsm_req_valid_q <= 1'b0;
      fsm_req_lv_q <= 1'b0;
      tbuf_ready_q <= 2'b00;
      cur_bank_q <= 1'b0;
      fb_i_q <= DotN;
      fb_res_q <= DotN;
      fb_node1_q <= 1'b0;
      pf_start_q <= 1'b0;
      list_started_q <= 1'b0;
    end else begin
      state_q <= state_d;
      busy_q <= busy_d;
      done_q <= done_d;
      err_q <= err_d;
      irq_pending_q <= irq_pending_d;
      fsm_req_valid_q <= fsm_req_valid_d;
      fsm_req_lv_q <= fsm_req_lv_d;
      tbuf_ready_q <= tbuf_ready_d;
      cur_bank_q <= cur_bank_d;
      fb_i_q <= fb_i_d;
      fb_res_q <= fb_res_d;
      fb_node1_q <= fb_node1_d;
      pf_start_q <= pf_start_d;
      list_started_q <= list_started_d;
    end
  end
  // Loaded by the states before they are looked at: no reset needed.
  always @(posedge clk_i) begin
    held_err_q <= held_err_d;
    cur_pair_q <= cur_pair_d;
    cur_base_q <= cur_base_d;
    cur_len_q <= cur_len_d;
    cur_mask_q <= cur_mask_d;
    childp_q[0] <= childp_d[0];
    childp_q[1] <= childp_d[1];
    leaf_q <= leaf_d;
    t_q <= t_d;
    t2_q <= t2_d;
    spec_used_q <= spec_used_d;
    dot_issue_q <= dot_issue_d;
    dot_done_q <= dot_done_d;
    lv_i_q <= lv_i_d;
    lv_k_q <= lv_k_d;
    lv_done_q <= lv_done_d;
    lv_ready_q <= lv_ready_d;
    fsm_req_addr_q <= fsm_req_addr_d;
    fsm_req_bank_q <= fsm_req_bank_d;
    pf_base_q <= pf_base_d;
    pf_len_q <= pf_len_d;
  end

  // ---- outputs ----
  assign state_o          = state_q;
  assign busy_o           = busy_q;
  assign mem_sync_o       = state_q == S_IDLE && busy_q && sp_state_i == SP_IDLE;
  assign done_o           = done_q;
  assign irq_pending_o    = irq_pending_q;
  assign err_o            = err_q;
  assign bank_o           = cur_bank_q;
  assign t_o              = t_q;
  assign pair_req_valid_o = fsm_req_valid_q;
  assign pair_req_addr_o  = fsm_req_addr_q;
  assign pair_req_bank_o  = fsm_req_bank_q;
  assign pair_req_lv_o    = fsm_req_lv_q;
  assign pair_ready_o     = tbuf_ready_q;
  // the fetch unit starts a tumbled pair's list (here) or a leaf-list pass (cc_list_compare)
  assign fetch_start_o    = pf_start_q || lc_fetch_start;
  assign fetch_base_o     = lc_fetch_start ? lc_fetch_base : pf_base_q;
  assign fetch_len_o      = lc_fetch_start ? lc_fetch_len : pf_len_q;
  assign fetch_stop_o     = state_q == S_ERROR || state_q == S_DRAIN;
  wire unused_ok = &{1'b0, tnode_flags_i[31:2]};   // flag bits above VALID and LEAF

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (state_q != S_DOT || dot_done_q <= dot_issue_q)
        else $error("cc_controller: %0d transform results for %0d DOTADDs issued", dot_done_q, dot_issue_q);
      assert (fb_res_q <= fb_i_q) else $error("cc_controller: %0d pass-unit results for %0d issued", fb_res_q, fb_i_q);
      assert (state_q != S_LV_DOT || lv_done_q <= 7'd24 * {5'd0, lv_k_q} + {2'b00, lv_i_q})
        else $error("cc_controller: %0d leaf-vertex results for %0d DOTADDs issued", lv_done_q, 7'd24 * {5'd0, lv_k_q} + {2'b00, lv_i_q});
      assert (state_q != S_LV_DOT || leaf_vertex_i) else $error("cc_controller: S_LV_DOT without CTRL.LEAF_VERTEX");
      assert (!(lv_in_i && !fsm_req_lv_q)) else $error("cc_controller: a leaf record came in that was not asked for");
      assert (!(state_q == S_LV_DOT && dot_out_i && !lv_ready_q))
        else $error("cc_controller: a leaf-vertex result before the vertices came in");
      assert (!(se_push_o && se_depth_i >= StackFrames))
        else $error("cc_controller: a frame pushed onto a full stack (depth %0d)", se_depth_i);
      assert (!(pf_start_q && lc_fetch_start)) else $error("cc_controller: two lists started at once");
    end
  end
`endif
endmodule
