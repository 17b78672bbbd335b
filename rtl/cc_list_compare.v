// =======================================================================================
// cc_list_compare: a tumbled pair's list work, the part of the master controller's
// traversal between "both tumbled nodes transformed" (S_TNODE) and "go down the stack"
// (S_DESCEND), docs/traversal.md. It compares the pair's list entry by entry with the fetch
// unit's aligned pairs (S_ENTRY, S_SLOT, S_TEST), writes the two new lists through the
// stack engine's write queue, runs the leaf-list passes of a tumbled leaf (S_LL_*), and
// hands the triangle tests to the triangle-test engine (S_TRI) in the golden model's order.
//
// The controller (cc_controller) holds the one state register; this unit computes the next
// state while the state is one of its own, and S_IDLE for any other. It hands
// back S_DESCEND when the pair's lists are done, with the two new lists (base, length)
// the descent takes. Errors of the traversal it finds (fail_o) the controller handles as
// its own.
//
// Its subroutine states return to the loop that called them: S_APPEND and S_TRI to
// S_TEST_NEXT from the main list, to S_LL_NEXT from a leaf-list pass.
//
// CTRL.LEAF_PLANE: an aligned leaf with a plane is compared only after the plane unit has
// tested it against both tumbled nodes: S_SLOT and S_LL_SLOT start the test and wait in
// S_PLANE for it (DotaddStages cycles), then decide with its outcome (plane_have_q, until
// the slot moves on). A malformed plane met by a tumbled DOP ends the query (BadPointer)
// in S_TEST or S_LL_SLOT, at the golden model's test.
//
// The list area: the next free word is top_q (the controller loads it at a query's start
// and when it resumes a list); a pair's two new lists go from top_q on, slot 0's first
// (at most two entries per entry of the list), slot 1's behind it; a leaf-list pass writes
// its output from top_q on.
// =======================================================================================
module cc_list_compare #(
  parameter integer ListWords      = 262144,
  parameter integer BoardBytesLog2 = 30,
  parameter integer SramAddrW      = 20,
  parameter integer TriQueue       = 0,
  parameter integer ListFollow     = 1
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // the controller: its state, this unit's next state, the pair's nodes and list
  input  wire [5:0]           state_i,
  output reg  [5:0]           next_state_o,
  input  wire [1:0]           present_i,         // the pair's tumbled nodes
  input  wire [1:0]           leaf_i,
  input  wire [31:0]          list_len_i,        // entries of the pair's list
  input  wire                 top_load_i,        // the list area's next free word is top_i
  input  wire [31:0]          top_i,
  output wire [31:0]          list_base0_o,      // the new lists, slot 0 and slot 1
  output wire [31:0]          list_len0_o,
  output wire [31:0]          list_base1_o,
  output wire [31:0]          list_len1_o,
  output reg                  fail_o,            // an error of the traversal: fail_err_o
  output reg  [3:0]           fail_err_o,
  // events for the counters
  output reg                  ev_aligned_o,
  output reg  [1:0]           ev_overlaps_o,
  output reg                  ev_tri_o,
  output reg                  ev_list_o,
  output reg  [31:0]          ev_list_len_o,
  // the fetch unit: its head entry, node s_o of the aligned pair, the comparators
  input  wire                 head_valid_i,
  input  wire [31:0]          head_entry_i,
  input  wire                 head_bad_i,
  output wire                 head_pop_o,
  output wire                 s_o,
  input  wire [31:0]          aligned_flags_i,
  input  wire [31:0]          aligned_ptr_i,
  output wire                 compare_o,         // the states that read overlap_i
  input  wire [1:0]           overlap_i,         // node s_o against tumbled node 0 / 1
  // CTRL.LEAF_PLANE (cc_dop_datapath's plane unit): node s_o is a leaf with a well-formed
  // plane (need) or a malformed one (bad); the test started (start) is done (ready); its
  // outcome is node s_o's and overlap_i uses it (have)
  input  wire                 plane_need_i,
  input  wire                 plane_bad_i,
  input  wire                 plane_ready_i,
  output wire                 plane_start_o,
  output wire                 plane_have_o,
  output wire                 fetch_start_o,     // a leaf-list pass's list
  output wire [31:0]          fetch_base_o,
  output wire [31:0]          fetch_len_o,
  output wire                 fetch_follow_o,    // the list started after this one
  output wire [31:0]          fetch_follow_base_o,
  output wire [31:0]          fetch_follow_end_o,
  // the write queue
  input  wire                 app_room2_i,
  input  wire                 lists_written_i,
  output wire                 app0_o,
  output wire [SramAddrW-1:0] app0_addr_o,
  output wire [31:0]          app0_data_o,
  output wire                 app1_o,
  output wire [SramAddrW-1:0] app1_addr_o,
  output wire [31:0]          app1_data_o,
  // the triangle-test engine: tumbled node tri_t_o's record against aligned node tri_s_o's
  output wire                 tri_t_o,
  output wire                 tri_s_o,
  input  wire [31:0]          tri_rec_a_i,
  input  wire [31:0]          tri_rec_b_i,
  input  wire                 tri_room_i,
  output wire                 tri_push_o,
  input  wire                 eng_end_i
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_off UNUSEDPARAM */
`include "cc_core_states.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam [32:0] BoardBytes = 33'd1 << BoardBytesLog2;
`include "cc_board_ptr.vh"

  // ---- registers (_q) and their next values (_d) ----
  reg  [31:0] top_q, top_d;                  // the list area's next free word
  reg  [31:0] obase_q [0:1], obase_d [0:1], olen_q [0:1], olen_d [0:1];   // slot t's new list
  reg  [31:0] k_q, k_d, entry_q, entry_d;    // entries compared, the current one
  reg         in_ll_q, in_ll_d;              // the list being compared is a leaf-list pass
  reg         tn_q, tn_d, s_q, s_d;          // tumbled node (S_TEST), aligned node
  reg  [1:0]  tn2_q, tn2_d, s2_q, s2_d;      // loop counters that reach 2
  reg  [1:0]  leafmask_q [0:1], leafmask_d [0:1];
  reg  [1:0]  lt_q, lt_d;                    // the tumbled leaf whose leaf list is checked
  reg  [31:0] ll_base_q, ll_base_d, ll_len_q, ll_len_d, ll_out_q, ll_out_d, ll_olen_q, ll_olen_d;
  reg  [1:0]  app_to_q, app_to_d;            // S_APPEND: 0/1 list of slot tn, 2 leaf-list output
  reg  [31:0] app_entry_q, app_entry_d;
  reg         tri_t_q, tri_t_d, tri_s_q, tri_s_d;
  reg         wq_push0_q, wq_push0_d, wq_push1_q, wq_push1_d;   // list appends, registered
  reg  [SramAddrW-1:0] wq_addr0_q, wq_addr0_d, wq_addr1_q, wq_addr1_d;
  reg  [31:0] wq_data0_q, wq_data0_d, wq_data1_q, wq_data1_d;
  reg         pf_start_q, pf_start_d;
  reg  [31:0] pf_base_q, pf_base_d, pf_len_q, pf_len_d;
  reg         pf_follow_q, pf_follow_d;      // the list at pf_follow_base_q is the next one started
  reg         plane_have_q, plane_have_d;    // the plane unit's outcome is the current slot's
  reg  [31:0] pf_follow_base_q, pf_follow_base_d, pf_follow_end_q, pf_follow_end_d;   // its words, at most

  // ---- what the states look at ----
  wire [1:0]  present = present_i;
  wire [31:0] a_flags = aligned_flags_i;
  wire [31:0] a_ptr   = aligned_ptr_i;
  wire [1:0]  overlap = overlap_i;
  // The comparators decide only for these states (cc_dop_overlap's en_i).
  assign compare_o = state_i == S_SLOT || state_i == S_TEST || state_i == S_LL_SLOT;
  wire        ll_node = lt_q[0];             // the tumbled leaf of a leaf-list pass
  wire [31:0] child_entry = {a_ptr[31:8], 8'h03};   // an inner aligned node's child pair, both slots
  wire [5:0]  ret_state = in_ll_q ? S_LL_NEXT : S_TEST_NEXT;   // where S_APPEND, S_TRI return
  // Addresses.
  wire [31:0] ll_append_addr = ll_out_q + ll_olen_q;
  wire [31:0] app_addr [0:1];                // next free word of slot t's new list
  assign app_addr[0] = obase_q[0] + olen_q[0];
  assign app_addr[1] = obase_q[1] + olen_q[1];
  wire [31:0] list_append_addr = app_addr[app_to_q[0]];
  // A list's new lists: T1's from the top on (at most 2 x len words), T2's behind them.
  wire [31:0] t2_list_base = top_q + (list_len_i << 1);
  wire        follow_t2 = present[1] && leaf_i[1] && !leaf_i[0];   // T2's leaf list comes next

  // One aligned node against both tumbled nodes (S_SLOT): the common outcomes in one cycle;
  // a leaf x leaf hit (triangle test) or an error goes through S_TEST, one node at a time.
  wire [1:0]  hit = present & overlap;
  wire        slot_tri = a_flags[FLAG_LEAF_BIT] && ((hit[0] && leaf_i[0]) || (hit[1] && leaf_i[1]));
  wire        slot_err = !a_flags[FLAG_LEAF_BIT] && hit != 2'b00 &&
                         (bad_ptr(a_ptr, PAIR_BYTES, PAIR_BYTES) || (hit[0] && app_addr[0] >= ListWords) ||
                          (hit[1] && app_addr[1] >= ListWords));
  wire        slot_slow = slot_tri || slot_err || (plane_bad_i && hit != 2'b00);
  // The slot's aligned leaf waits for its plane test (S_PLANE), started as it goes there.
  wire        plane_wait = plane_need_i && !plane_have_q;
  wire        slot_state = (state_i == S_SLOT || state_i == S_LL_SLOT) && s2_q != 2'd2;
  assign plane_start_o = slot_state && entry_q[{4'd0, s_q}] && a_flags[FLAG_VALID_BIT] && plane_wait;
  assign plane_have_o  = plane_have_q;
  wire        leafent_overflow = (leafmask_q[0] != 2'd0 && app_addr[0] >= ListWords) ||
                                 (leafmask_q[1] != 2'd0 && app_addr[1] >= ListWords);
  wire        leafent_go = (leafmask_q[0] == 2'd0 && leafmask_q[1] == 2'd0) ||
                           (!leafent_overflow && app_room2_i);   // never true with an overflow
  assign head_pop_o = (state_i == S_LEAFENT && leafent_go) || (state_i == S_LL_SLOT && s2_q == 2'd2);

  // The triangle test handed over in S_TRI: counted, its record pointers checked.
  wire        tri_bad = bad_ptr(tri_rec_a_i, TRI_BYTES, TRI_BYTES) || bad_ptr(tri_rec_b_i, TRI_BYTES, TRI_BYTES);
  assign tri_push_o = state_i == S_TRI && tri_room_i && !tri_bad;

  // ---- next state ----
  integer n;
  always @(*) begin
    next_state_o = S_IDLE;
    {fail_o, fail_err_o} = {1'b0, ERR_NONE};
    {ev_aligned_o, ev_overlaps_o, ev_tri_o, ev_list_o} = 5'd0;
    ev_list_len_o = 32'd0;
    top_d = top_q; k_d = k_q; entry_d = entry_q; in_ll_d = in_ll_q;
    tn_d = tn_q; tn2_d = tn2_q; s_d = s_q; s2_d = s2_q; lt_d = lt_q;
    for (n = 0; n < 2; n = n + 1) begin
      obase_d[n] = obase_q[n]; olen_d[n] = olen_q[n]; leafmask_d[n] = leafmask_q[n];
    end
    ll_base_d = ll_base_q; ll_len_d = ll_len_q; ll_out_d = ll_out_q; ll_olen_d = ll_olen_q;
    app_to_d = app_to_q; app_entry_d = app_entry_q; tri_t_d = tri_t_q; tri_s_d = tri_s_q;
    wq_addr0_d = wq_addr0_q; wq_addr1_d = wq_addr1_q; wq_data0_d = wq_data0_q; wq_data1_d = wq_data1_q;
    pf_base_d = pf_base_q; pf_len_d = pf_len_q; pf_follow_base_d = pf_follow_base_q; pf_follow_end_d = pf_follow_end_q;
    plane_have_d = plane_have_q;
    // one-cycle commands
    wq_push0_d = 1'b0; wq_push1_d = 1'b0; pf_start_d = 1'b0; pf_follow_d = 1'b0;
    if (top_load_i) top_d = top_i;

    case (state_i)
      S_LIST_INIT: begin
        in_ll_d = 1'b0;
        obase_d[0] = top_q;
        obase_d[1] = t2_list_base;
        // The list processed after this one, if it gets entries: a tumbled leaf's leaf
        // list (T1's first), else T1's child list (S_LL_CHECK, S_DESCEND). T1's list
        // ends where T2's begins.
        pf_follow_d = ListFollow != 0;
        pf_follow_base_d = follow_t2 ? t2_list_base : top_q;
        pf_follow_end_d = follow_t2 ? ListWords : t2_list_base;
        olen_d[0] = 32'd0;
        olen_d[1] = 32'd0;
        k_d = 32'd0;
        next_state_o = S_ENTRY;
      end

      // ---------------------------------------------------------------- list entries
      // A list entry from the fetch unit (main list or leaf-list pass): count it, check
      // its pointer, then test its slots. After the last entry of a pass, the next pass
      // works off what this one wrote.
      S_ENTRY: begin
        next_state_o = S_ENTRY;
        if (k_q == (in_ll_q ? ll_len_q : list_len_i)) begin
          if (in_ll_q) begin
            top_d = ll_out_q + ll_olen_q;
            ll_base_d = ll_out_q;
            ll_len_d = ll_olen_q;
            next_state_o = S_LL_PASS;
          end else begin
            next_state_o = S_LIST_END;
          end
        end else if (head_valid_i) begin
          entry_d = head_entry_i;
          ev_aligned_o = 1'b1;
          if (head_bad_i) begin
            {fail_o, fail_err_o} = {1'b1, ERR_BAD_POINTER};
          end else begin
            s_d = 1'b0; s2_d = 2'd0;
            leafmask_d[0] = 2'd0; leafmask_d[1] = 2'd0;
            next_state_o = in_ll_q ? S_LL_SLOT : S_SLOT;
          end
        end
      end
      // One aligned node against both tumbled nodes in one cycle; a triangle test or an
      // error among its outcomes takes the step-by-step path (S_TEST) instead.
      S_SLOT: begin
        next_state_o = S_SLOT;
        if (s2_q == 2'd2) begin
          next_state_o = S_LEAFENT;
        end else if (!entry_q[{4'd0, s_q}]) begin
          s_d = ~s_q; s2_d = s2_q + 2'd1;
        end else if (!a_flags[FLAG_VALID_BIT]) begin
          {fail_o, fail_err_o} = {1'b1, ERR_BAD_POINTER};
        end else if (plane_wait) begin
          next_state_o = S_PLANE;
        end else if (slot_slow) begin
          tn_d = 1'b0; tn2_d = 2'd0;
          next_state_o = S_TEST;
        end else if (app_room2_i || a_flags[FLAG_LEAF_BIT] || hit == 2'b00) begin
          ev_overlaps_o = {1'b0, present[0]} + {1'b0, present[1]};
          if (!a_flags[FLAG_LEAF_BIT]) begin
            // inner aligned node: its child pair goes to the list of every tumbled node it meets
            wq_push0_d = hit[0]; wq_addr0_d = app_addr[0][SramAddrW-1:0]; wq_data0_d = child_entry;
            wq_push1_d = hit[1]; wq_addr1_d = app_addr[1][SramAddrW-1:0]; wq_data1_d = child_entry;
            if (hit[0]) olen_d[0] = olen_q[0] + 32'd1;
            if (hit[1]) olen_d[1] = olen_q[1] + 32'd1;
          end else begin
            // aligned leaf, inner tumbled node (slot_slow covers leaf x leaf)
            if (hit[0]) leafmask_d[0] = leafmask_q[0] | (s_q ? 2'b10 : 2'b01);
            if (hit[1]) leafmask_d[1] = leafmask_q[1] | (s_q ? 2'b10 : 2'b01);
          end
          s_d = ~s_q; s2_d = s2_q + 2'd1;
        end
      end
      S_TEST: begin
        next_state_o = S_TEST;
        if (tn2_q == 2'd2) begin
          s_d = ~s_q; s2_d = s2_q + 2'd1;
          next_state_o = S_SLOT;
        end else if (!present[tn_q]) begin
          tn_d = ~tn_q; tn2_d = tn2_q + 2'd1;
        end else begin
          ev_overlaps_o = 2'd1;
          if (!overlap[tn_q]) begin
            tn_d = ~tn_q; tn2_d = tn2_q + 2'd1;
          end else if (!a_flags[FLAG_LEAF_BIT]) begin
            // inner aligned node: its child pair goes to tn's list
            if (bad_ptr(a_ptr, PAIR_BYTES, PAIR_BYTES)) begin
              {fail_o, fail_err_o} = {1'b1, ERR_BAD_POINTER};
            end else begin
              app_to_d = {1'b0, tn_q}; app_entry_d = child_entry;
              next_state_o = S_APPEND;
            end
          end else if (plane_bad_i) begin
            {fail_o, fail_err_o} = {1'b1, ERR_BAD_POINTER};
          end else if (!leaf_i[tn_q]) begin
            leafmask_d[tn_q] = leafmask_q[tn_q] | (s_q ? 2'b10 : 2'b01);
            tn_d = ~tn_q; tn2_d = tn2_q + 2'd1;
          end else begin
            tri_t_d = tn_q; tri_s_d = s_q;
            next_state_o = S_TRI;
          end
        end
      end
      S_TEST_NEXT: begin
        tn_d = ~tn_q; tn2_d = tn2_q + 2'd1;
        next_state_o = S_TEST;
      end
      // The aligned leaves of this pair that met an inner tumbled node stay in its list,
      // one merged entry per tumbled node; then the fetch unit moves on (head_pop).
      S_LEAFENT: begin
        next_state_o = S_LEAFENT;
        if (leafent_overflow) begin
          {fail_o, fail_err_o} = {1'b1, ERR_LIST_OVERFLOW};
        end else if (leafent_go) begin
          wq_push0_d = leafmask_q[0] != 2'd0; wq_addr0_d = app_addr[0][SramAddrW-1:0];
          wq_data0_d = {entry_q[31:8], 6'd0, leafmask_q[0]};
          wq_push1_d = leafmask_q[1] != 2'd0; wq_addr1_d = app_addr[1][SramAddrW-1:0];
          wq_data1_d = {entry_q[31:8], 6'd0, leafmask_q[1]};
          if (leafmask_q[0] != 2'd0) olen_d[0] = olen_q[0] + 32'd1;
          if (leafmask_q[1] != 2'd0) olen_d[1] = olen_q[1] + 32'd1;
          k_d = k_q + 32'd1;
          next_state_o = S_ENTRY;
        end
      end
      S_LIST_END: begin
        top_d = obase_q[1] + olen_q[1];
        lt_d = 2'd0;
        next_state_o = S_LL_CHECK;
      end

      // ---------------------------------------------------------------- leaf lists
      S_LL_CHECK: begin
        next_state_o = S_LL_CHECK;
        if (lt_q == 2'd2) begin
          top_d = obase_q[1] + olen_q[1];
          next_state_o = S_DESCEND;
        end else if (present[lt_q[0]] && leaf_i[lt_q[0]] && olen_q[lt_q[0]] != 32'd0) begin
          ll_base_d = obase_q[lt_q[0]];
          ll_len_d = olen_q[lt_q[0]];
          next_state_o = S_LL_PASS;
        end else begin
          lt_d = lt_q + 2'd1;
        end
      end
      S_LL_PASS: begin
        next_state_o = S_LL_PASS;
        if (ll_len_q == 32'd0) begin
          lt_d = lt_q + 2'd1;
          next_state_o = S_LL_CHECK;
        end else if (lists_written_i) begin            // the pass reads what the last one wrote
          ev_list_o = 1'b1; ev_list_len_o = ll_len_q;
          ll_out_d = top_q;
          ll_olen_d = 32'd0;
          k_d = 32'd0;
          pf_start_d = 1'b1; pf_base_d = ll_base_q; pf_len_d = ll_len_q;
          pf_follow_d = ListFollow != 0; pf_follow_base_d = top_q; pf_follow_end_d = ListWords;   // the next pass
          in_ll_d = 1'b1;
          next_state_o = S_ENTRY;
        end
      end
      S_LL_SLOT: begin
        next_state_o = S_LL_SLOT;
        if (s2_q == 2'd2) begin
          k_d = k_q + 32'd1;
          next_state_o = S_ENTRY;
        end else if (!entry_q[{4'd0, s_q}]) begin
          s_d = ~s_q; s2_d = s2_q + 2'd1;
        end else if (!a_flags[FLAG_VALID_BIT]) begin
          {fail_o, fail_err_o} = {1'b1, ERR_BAD_POINTER};
        end else if (plane_wait) begin
          next_state_o = S_PLANE;
        end else begin
          ev_overlaps_o = 2'd1;
          if (!overlap[ll_node]) begin
            s_d = ~s_q; s2_d = s2_q + 2'd1;
          end else if (plane_bad_i) begin
            {fail_o, fail_err_o} = {1'b1, ERR_BAD_POINTER};
          end else if (a_flags[FLAG_LEAF_BIT]) begin
            tri_t_d = ll_node; tri_s_d = s_q;
            next_state_o = S_TRI;
          end else if (bad_ptr(a_ptr, PAIR_BYTES, PAIR_BYTES)) begin
            {fail_o, fail_err_o} = {1'b1, ERR_BAD_POINTER};
          end else begin
            app_to_d = 2'd2; app_entry_d = child_entry;
            next_state_o = S_APPEND;
          end
        end
      end
      S_LL_NEXT: begin
        s_d = ~s_q; s2_d = s2_q + 2'd1;
        next_state_o = S_LL_SLOT;
      end

      // The plane unit's test of the slot's aligned leaf: back to the slot with its outcome.
      S_PLANE: begin
        next_state_o = S_PLANE;
        if (plane_ready_i) begin
          plane_have_d = 1'b1;
          next_state_o = in_ll_q ? S_LL_SLOT : S_SLOT;
        end
      end

      // ---------------------------------------------------------------- subroutines
      // Append app_entry_q to a list; past the list area is ListOverflow.
      S_APPEND: begin
        next_state_o = S_APPEND;
        if ((app_to_q == 2'd2 ? ll_append_addr : list_append_addr) >= ListWords) begin
          {fail_o, fail_err_o} = {1'b1, ERR_LIST_OVERFLOW};
        end else if (app_room2_i) begin
          wq_push0_d = 1'b1; wq_data0_d = app_entry_q;
          if (app_to_q == 2'd2) begin
            wq_addr0_d = ll_append_addr[SramAddrW-1:0];
            ll_olen_d = ll_olen_q + 32'd1;
          end else begin
            wq_addr0_d = list_append_addr[SramAddrW-1:0];
            olen_d[app_to_q[0]] = olen_q[app_to_q[0]] + 32'd1;
          end
          next_state_o = ret_state;
        end
      end
      // Tumbled node tri_t_q (tbuf) against aligned node tri_s_q (abuf): counted and its
      // record pointers checked here, in the golden model's order; then the engine's load
      // stage takes it (tri_push; at once when it is free and nothing waits) or the queue
      // does. With TriQueue = 0 the unit waits for the engine to be free (after a hit on
      // side A, side B's passes go on) and then for the test's end.
      S_TRI: begin
        next_state_o = S_TRI;
        if (tri_room_i) begin
          ev_tri_o = 1'b1;
          if (tri_bad) {fail_o, fail_err_o} = {1'b1, ERR_BAD_POINTER};
          else next_state_o = TriQueue == 0 ? S_TRI_WAIT : ret_state;
        end
      end
      S_TRI_WAIT: next_state_o = eng_end_i ? ret_state : S_TRI_WAIT;
      default: next_state_o = S_IDLE;          // not this unit's state
    endcase
    if (s2_d != s2_q || state_i == S_ENTRY) plane_have_d = 1'b0;   // a new slot: its own test
  end

  // ---- registers: reset where the stack engine looks at them before they are loaded ----
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wq_push0_q <= 1'b0;
      wq_push1_q <= 1'b0;
      pf_start_q <= 1'b0;
      pf_follow_q <= 1'b0;
      plane_have_q <= 1'b0;
    end else begin
      wq_push0_q <= wq_push0_d;
      wq_push1_q <= wq_push1_d;
      pf_start_q <= pf_start_d;
      pf_follow_q <= pf_follow_d;
      plane_have_q <= plane_have_d;
    end
  end
  // Loaded by the states before they are looked at: no reset needed.
  integer r;
  always @(posedge clk_i) begin
    top_q <= top_d;
    for (r = 0; r < 2; r = r + 1) begin
      obase_q[r] <= obase_d[r];
      olen_q[r] <= olen_d[r];
      leafmask_q[r] <= leafmask_d[r];
    end
    k_q <= k_d;
    entry_q <= entry_d;
    in_ll_q <= in_ll_d;
    tn_q <= tn_d;
    tn2_q <= tn2_d;
    s_q <= s_d;
    s2_q <= s2_d;
    lt_q <= lt_d;
    ll_base_q <= ll_base_d;
    ll_len_q <= ll_len_d;
    ll_out_q <= ll_out_d;
    ll_olen_q <= ll_olen_d;
    app_to_q <= app_to_d;
    app_entry_q <= app_entry_d;
    tri_t_q <= tri_t_d;
    tri_s_q <= tri_s_d;
    wq_addr0_q <= wq_addr0_d;
    wq_addr1_q <= wq_addr1_d;
    wq_data0_q <= wq_data0_d;
    wq_data1_q <= wq_data1_d;
    pf_base_q <= pf_base_d;
    pf_len_q <= pf_len_d;
    pf_follow_base_q <= pf_follow_base_d;
    pf_follow_end_q <= pf_follow_end_d;
  end

  // ---- outputs ----
  assign list_base0_o        = obase_q[0];
  assign list_len0_o         = olen_q[0];
  assign list_base1_o        = obase_q[1];
  assign list_len1_o         = olen_q[1];
  assign s_o                 = s_q;
  assign tri_t_o             = tri_t_q;
  assign tri_s_o             = tri_s_q;
  assign app0_o              = wq_push0_q;
  assign app0_addr_o         = wq_addr0_q;
  assign app0_data_o         = wq_data0_q;
  assign app1_o              = wq_push1_q;
  assign app1_addr_o         = wq_addr1_q;
  assign app1_data_o         = wq_data1_q;
  assign fetch_start_o       = pf_start_q;
  assign fetch_base_o        = pf_base_q;
  assign fetch_len_o         = pf_len_q;
  assign fetch_follow_o      = pf_follow_q;
  assign fetch_follow_base_o = pf_follow_base_q;
  assign fetch_follow_end_o  = pf_follow_end_q;
  wire unused_ok = &{1'b0, a_flags[31:2]};   // flag bits above VALID and LEAF

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(wq_push0_q && wq_push1_q && wq_addr0_q == wq_addr1_q))
        else $error("cc_list_compare: two appends to one list word %0d", wq_addr0_q);
    end
  end
`endif
endmodule
