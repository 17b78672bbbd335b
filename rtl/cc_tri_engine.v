// =======================================================================================
// cc_tri_engine: the triangle-test engine. It runs the tests the controller hands it
// (S_TRI), in order, in two stages: the load stage reads a test's two triangle records and
// runs its four DOTADD passes (cc_tri_pass); the decide stage runs the IT-unit on the
// passes' outputs and writes a hit's result (cc_tri_decide). The stages work on
// consecutive tests: test n + 1's records and passes go while the IT-unit decides test n.
// So the DOP register files come in banks (the load stage takes them in turn), and a test
// loaded before the decide stage is free waits there (ld_wait_q; in the queued chip a
// second, older one in the third bank, wt_q, so the load stage can go on).
//
// With TriQueue = 0 the controller waits for each test (S_TRI_WAIT) and both stages take it
// in one cycle. With TriQueue = N > 0 a test waits in a queue of N entries while the load
// stage is busy, and the queue's tests from the head on get their record entries while
// they wait (read-ahead), so the load stage finds their records in.
//
// Every test carries the event counters as the golden model has them when it runs: a test
// that stops the query (a first-mode hit, a result error) hands them back (snap_o).
//
// Triangle records: RecEntries per side (A tumbled, B aligned), index {side, entry}: the
// address each holds, whether a test may reuse it (valid) and whether its beats are in
// (full). A test reads only the records no entry holds, into the side's lowest entry that
// no test still needs (`victim`: not the decide stage's test's, not the load stage's or a
// waiting one's, not a queued test's read ahead). Only results are written while the chip
// runs, so a record outside the result area never changes: it is reused, and read ahead
// of the tests before it. A record in the result area is never reused, and its test reads
// it only after every test before it has ended (its result written). A new query forgets
// all (forget_i).
//
// Several engines (cc_tri_engines) run the tests in turn and end them in order: turn_i says
// that every test before the oldest one this engine holds has ended (the decide stage
// answers only then; a result-area record is read only then), flush_i that a test ahead
// stopped the query (this engine's tests are dropped as its own stop drops the queue).
// The result count is the wrapper's (result_count_i; counted_o counts).
// =======================================================================================
module cc_tri_engine #(
  parameter integer TriQueue       = 0,
  parameter integer ItMulStages    = 2,     // the IT-unit's multiplier and add/sub (cc_it_unit)
  parameter integer ItAddStages    = 2,
  parameter integer BoardBytesLog2 = 30,
  // Triangle-record entries per side (two: the decide stage's test's and the load stage's;
  // the queued chip two more for the records read ahead), banks of DOP register files (the
  // two stages' tests; the queued chip a third for a test that waits between them), and
  // the width of a read's destination ({1, entry, side}): set by cc_core, which sizes its
  // memory port with them.
  parameter integer RecEntries     = 2,
  parameter integer Banks          = 2,
  parameter integer DestW          = 3,
  // 1: a record comes back as the whole burst it lies in (8 beats; cc_rec_store), of which
  // the entry takes the record's half; 0: as its 4 beats.
  parameter integer RecBursts      = 0,
  // derived
  parameter integer EntW           = $clog2(RecEntries),
  parameter integer BankW          = $clog2(Banks),
  parameter integer TqDepth        = TriQueue > 0 ? TriQueue : 1,
  parameter integer TqW            = TqDepth > 1 ? $clog2(TqDepth) : 1,
  parameter integer SnapW          = 7 * 32          // counters TUMBLED .. MAX_LIST_LENGTH
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 forget_i,         // a query's records may have changed (S_INIT)
  input  wire                 turn_i,           // every test before this engine's oldest has ended
  input  wire                 flush_i,          // a test in another engine stopped the query
  // the controller's test: tumbled record A, aligned record B, the counters with it counted
  output wire                 room_o,           // a test may be handed over
  input  wire                 push_i,
  input  wire [31:0]          push_rec_a_i,
  input  wire [31:0]          push_rec_b_i,
  input  wire [SnapW-1:0]     push_snap_i,
  // the tests' ends
  output wire                 idle_o,           // no test left to run
  output wire                 pass_idle_o,      // the pass engine has nothing in flight
  output wire                 end_o,            // a test ends, the query goes on
  output wire                 stop_o,           // a test ends the query ...
  output wire                 err_stop_o,       // ... with an error (err_o)
  output wire [3:0]           err_o,
  output wire [SnapW-1:0]     snap_o,           // the counters as they were at that test
  input  wire [31:0]          result_count_i,   // the query's results so far
  output wire                 counted_o,        // a result written: count it ...
  output wire                 counted_unc_o,    // ... as an uncertain pair
  // the query's configuration and register files
  input  wire                 mode_first_i,
  input  wire [31:0]          result_base_i,
  input  wire [31:0]          result_cap_i,
  input  wire [7:0]           tri_err_exp_i,
  input  wire [66*20-1:0]     corr_i,
  input  wire [6*4*32-1:0]    frames_i,         // matrix lines 24..29
  output wire                 leaf_m_load_o,    // matrix lines 30..32 take leaf_m_o
  output wire [12*32-1:0]     leaf_m_o,
  // DOTADDs: side A's on the shared unit, side B's on the pass unit (first choice on both)
  output wire [1:0]           dot_issue_o,
  output wire [2*96-1:0]      dot_ops_o,
  output wire [2*128-1:0]     dot_mrow_o,
  input  wire [1:0]           dot_out_i,
  input  wire [2*32-1:0]      dot_result_i,
  // memory: record reads, result writes (cc_core_mem_port), record beats coming back
  output wire                 rec_valid_o,
  output wire [31:0]          rec_addr_o,
  output wire [DestW-1:0]     rec_dest_o,
  input  wire                 rec_accept_i,
  output wire                 res_valid_o,
  output wire [31:0]          res_addr_o,
  output wire [255:0]         res_wdata_o,
  output wire [31:0]          res_wstrb_o,
  input  wire                 res_accept_i,
  input  wire                 rsp_valid_i,
  input  wire [DestW-1:0]     rsp_dest_i,
  input  wire [2:0]           rsp_beat_i,
  input  wire                 rsp_last_i,
  input  wire [255:0]         rsp_data_i,
  input  wire                 fill_valid_i,     // a kept record, whole, into entry fill_dest_i
  input  wire [DestW-1:0]     fill_dest_i,      // (cc_rec_store; {1, entry, side})
  input  wire [1023:0]        fill_data_i,
  // traces (the board's profile)
  output wire [5:0]           state_o,          // the decide stage
  output wire [2:0]           ld_trace_o,       // the load stage (L_*)
  output wire [31:0]          queued_o,         // tests in the queue
  output wire                 rec_b_pending_o   // record A's read waits on the port (E_TRI_REQB)
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_off UNUSEDPARAM */
`include "cc_core_states.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam [5:0] E_IDLE = 6'd0;
  localparam [4:0] ErrWord = TRI_ERR_EXP[6:2];   // the record's err_exp word
  localparam [4:0] IdWord  = TRI_ID[6:2];        // its tri_id word
  localparam [4:0] MWord   = TRI_MATRIX[6:2];    // its first M word
  localparam [4:0] VertWord = TRI_VERTS[6:2];    // its first vertex word

  function automatic [BankW-1:0] bank_after(input [BankW-1:0] b);
    bank_after = (b == Banks[BankW-1:0] - 1'b1) ? {BankW{1'b0}} : b + 1'b1;
  endfunction
  function automatic [DestW-1:0] rec_dest(input [EntW-1:0] entry, input side);
    rec_dest = {1'b1, entry, side};
  endfunction
  function automatic [TqW-1:0] tq_next(input [TqW-1:0] p);
    tq_next = (p == TqDepth[TqW-1:0] - 1'b1) ? {TqW{1'b0}} : p + 1'b1;
  endfunction
  // A record in the result area is never reused nor read ahead; its test waits until the
  // decide stage is idle.
`include "cc_result_area.vh"

  // ---- state ----
  reg  [31:0]            ent_addr_q [0:2*RecEntries-1], ent_addr_d [0:2*RecEntries-1];
  reg  [2*RecEntries-1:0] ent_valid_q, ent_valid_d, ent_full_q, ent_full_d;
  reg  [31:0]            rec_q [0:64*RecEntries-1];   // {entry, side, word}
  reg                    rec_valid_q, rec_valid_d, rec_b_next_q, rec_b_next_d;
  reg  [31:0]            rec_addr_q, rec_addr_d, rec_b_addr_q, rec_b_addr_d;
  reg  [DestW-1:0]       rec_dest_q, rec_dest_d, rec_b_dest_q, rec_b_dest_d;
  reg  [31:0]            tq_rec_a [0:TqDepth-1];
  reg  [31:0]            tq_rec_b [0:TqDepth-1];
  reg  [SnapW-1:0]       tq_snap  [0:TqDepth-1];
  reg  [2*EntW-1:0]      tq_ent   [0:TqDepth-1];
  reg  [TqW-1:0]         tq_head_q, tq_head_d, tq_tail_q, tq_tail_d;
  reg  [TqW:0]           tq_count_q, tq_count_d, ra_n_q, ra_n_d;
  reg  [TqDepth-1:0]     tq_ra_q, tq_ra_d;
  reg  [BankW-1:0]       ld_bank_q, ld_bank_d, wt_bank_q, wt_bank_d, eng_bank_q, eng_bank_d;
  reg  [2*EntW-1:0]      ld_ent_q, ld_ent_d, wt_ent_q, wt_ent_d, eng_ent_q, eng_ent_d;
  reg  [SnapW-1:0]       ld_snap_q, wt_snap_q, eng_snap_q;   // loaded with their tests (below)
  reg                    ld_wait_q, ld_wait_d, wt_q, wt_d;

  wire [5:0]  eng_state;
  wire        pass_issued, stop;
  wire [1:0]  pass_wait_record;
  wire        pass_issuing;

  // ---- the next test for the load stage, for the read-ahead ----
  wire        tq_empty = tq_count_q == {(TqW + 1){1'b0}};
  wire [31:0] ld_rec [0:1];                  // the queue's head, or the controller's at once
  assign ld_rec[0] = tq_empty ? push_rec_a_i : tq_rec_a[tq_head_q];
  assign ld_rec[1] = tq_empty ? push_rec_b_i : tq_rec_b[tq_head_q];
  reg  [SnapW-1:0] ld_snap;                  // read only when the load stage takes the test
  wire             ld_start;
  always @(*) begin
    ld_snap = {SnapW{1'bx}};
    if (ld_start) ld_snap = tq_empty ? push_snap_i : tq_snap[tq_head_q];
  end
  wire [BankW-1:0] ld_bank_new = bank_after(ld_bank_q);
  wire [TqW:0]     ra_sum  = {1'b0, tq_head_q} + ra_n_q;
  wire [TqW-1:0]   ra_slot = ra_sum >= TqDepth[TqW:0] ? ra_sum[TqW-1:0] - TqDepth[TqW-1:0] : ra_sum[TqW-1:0];
  wire             ra_cand = TriQueue > 0 && ra_n_q < tq_count_q;
  wire [31:0] ra_rec [0:1];
  assign ra_rec[0] = tq_rec_a[ra_slot];
  assign ra_rec[1] = tq_rec_b[ra_slot];
  wire        ld_head_ra = !tq_empty && tq_ra_q[tq_head_q];   // the load stage's test has its entries

  // ---- record entries per side: hits, the lowest entry no test needs ----
  // Looked up only while a test is there for the load stage or the read-ahead (a don't-care
  // otherwise: neither takes a test then).
  wire              lookup = !tq_empty || push_i || ra_cand;
  wire [1:0]        ld_read, ld_in_results, ra_read, ra_in_results, ra_room;
  wire [2*EntW-1:0] ld_sel, ra_sel;
  genvar gs;
  generate
    for (gs = 0; gs < 2; gs = gs + 1) begin : g_ent_side
      reg  [RecEntries-1:0] needed;
      reg  [EntW-1:0]       victim, ld_hit_e, ra_hit_e;
      reg                   victim_ok, ld_hit, ra_hit;
      reg                   ld_res, ra_res;         // the records lie in the result area
      integer               e, q;
      always @(*) begin
        {needed, victim, victim_ok, ld_hit, ld_hit_e, ra_hit, ra_hit_e} = {(RecEntries + 3 * EntW + 3){1'bx}};
        {ld_res, ra_res} = 2'bx;
        e = 0;
        q = 0;
        if (lookup) begin
          ld_res = in_result_area(ld_rec[gs], TRI_BYTES, result_base_i, result_cap_i);
          ra_res = in_result_area(ra_rec[gs], TRI_BYTES, result_base_i, result_cap_i);
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
      end
      assign ld_read[gs] = !ld_head_ra && !ld_hit;
      assign ld_sel[EntW * gs +: EntW] = ld_head_ra ? tq_ent[tq_head_q][EntW * gs +: EntW] :
                                         ld_hit ? ld_hit_e : victim;
      assign ld_in_results[gs] = !ld_head_ra && ld_res;
      assign ra_read[gs] = !ra_hit;
      assign ra_sel[EntW * gs +: EntW] = ra_hit ? ra_hit_e : victim;
      assign ra_room[gs] = ra_hit || victim_ok;
      assign ra_in_results[gs] = ra_res;
    end
  endgenerate

  // ---- handshakes ----
  // The load stage takes a test when the pass engine has issued the last one's DOTADDs
  // (its last results may still come back), that one has a bank to wait in if the decide
  // stage has not taken it (Banks = 3) or has moved on to the decide stage (Banks = 2),
  // and the record request port is free for the records it reads. The decide stage takes
  // the oldest waiting test, or the load stage's new one in the same cycle.
  // A test with a record in the result area starts only when every test before it has
  // ended: the decide stage idle, no loaded test waiting for it, and the other engines'
  // tests before it ended (turn_i). A flushed engine starts nothing.
  assign ld_start = (!tq_empty || push_i) && pass_issued && !wt_q && (Banks > 2 || !ld_wait_q) &&
                  (ld_in_results == 2'b00 || (eng_state == E_IDLE && !ld_wait_q && turn_i)) &&
                  !(ld_read != 2'b00 && rec_valid_q) && !flush_i;
  wire eng_take = eng_state == E_IDLE && (wt_q || ld_wait_q || ld_start) && !flush_i;
  // The read-ahead takes the next queued test when its records are outside the result
  // area, each side has an entry for it, and the record request port is free for the
  // records it reads (not while the load stage takes a test; a test that stops the query
  // forgets what was read ahead, and the reads land before the query ends).
  wire ra_take = ra_cand && ra_in_results == 2'b00 && ra_room == 2'b11 &&
                 !(ra_read != 2'b00 && rec_valid_q) && !ld_start;
  wire [1:0] ld_in = {ent_full_q[{1'b1, ld_ent_q[EntW +: EntW]}], ent_full_q[{1'b0, ld_ent_q[0 +: EntW]}]};
  wire pass_idle;
  assign idle_o = eng_state == E_IDLE && !ld_wait_q && !wt_q && tq_empty;
  assign room_o = TriQueue == 0 ? eng_state == E_IDLE && pass_idle : tq_count_q != TriQueue[TqW:0];
  wire push_queue = push_i && !(ld_start && tq_empty);   // else the load stage takes it at once
  wire pop_queue  = ld_start && !tq_empty;

  // A test's records no entry holds go into the entries chosen and are requested back to
  // back (the SDRAM interface overlaps them): the load stage's, or the read-ahead's.
  wire [1:0]        rr_read    = ld_start ? ld_read : ra_take ? ra_read : 2'b00;
  wire [31:0]       rr_rec [0:1];
  assign rr_rec[0] = ld_start ? ld_rec[0] : ra_rec[0];
  assign rr_rec[1] = ld_start ? ld_rec[1] : ra_rec[1];
  wire [2*EntW-1:0] rr_sel     = ld_start ? ld_sel : ra_sel;
  wire [1:0]        rr_results = ld_start ? ld_in_results : 2'b00;

  // ---- records: entries, request port ----
  integer r;
  always @(*) begin
    for (r = 0; r < 2 * RecEntries; r = r + 1) ent_addr_d[r] = ent_addr_q[r];
    ent_valid_d = ent_valid_q;
    ent_full_d = ent_full_q;
    rec_valid_d = rec_valid_q;
    rec_addr_d = rec_addr_q;
    rec_dest_d = rec_dest_q;
    rec_b_next_d = rec_b_next_q;
    rec_b_addr_d = rec_b_addr_q;
    rec_b_dest_d = rec_b_dest_q;
    if (rec_accept_i) begin                      // record B next, if it is read too
      rec_valid_d = rec_b_next_q;
      rec_addr_d = rec_b_addr_q;
      rec_dest_d = rec_b_dest_q;
      rec_b_next_d = 1'b0;
    end
    if (rsp_valid_i && rsp_last_i && rsp_dest_i[DestW-1]) ent_full_d[{rsp_dest_i[0], rsp_dest_i[DestW-2:1]}] = 1'b1;
    if (fill_valid_i) ent_full_d[{fill_dest_i[0], fill_dest_i[DestW-2:1]}] = 1'b1;
    if (forget_i) ent_valid_d = {(2 * RecEntries){1'b0}};
    for (r = 0; r < 2; r = r + 1) begin
      if (rr_read[r]) begin
        ent_addr_d[{r[0], rr_sel[EntW * r +: EntW]}] = rr_rec[r];
        ent_valid_d[{r[0], rr_sel[EntW * r +: EntW]}] = !rr_results[r];
        ent_full_d[{r[0], rr_sel[EntW * r +: EntW]}] = 1'b0;
      end
    end
    if (rr_read != 2'b00) begin
      rec_valid_d = 1'b1;
      rec_addr_d = rr_read[0] ? rr_rec[0] : rr_rec[1];
      rec_dest_d = rr_read[0] ? rec_dest(rr_sel[0 +: EntW], 1'b0) : rec_dest(rr_sel[EntW +: EntW], 1'b1);
      rec_b_next_d = rr_read == 2'b11;
      rec_b_addr_d = rr_rec[1];
      rec_b_dest_d = rec_dest(rr_sel[EntW +: EntW], 1'b1);
    end
  end

  // ---- the queue, the read-ahead, the stages' tests ----
  always @(*) begin
    tq_head_d = tq_head_q;
    tq_tail_d = tq_tail_q;
    tq_count_d = tq_count_q + {{TqW{1'b0}}, push_queue} - {{TqW{1'b0}}, pop_queue};
    tq_ra_d = tq_ra_q;
    ra_n_d = ra_n_q + {{TqW{1'b0}}, ra_take} - {{TqW{1'b0}}, ld_head_ra && ld_start};
    ld_bank_d = ld_bank_q;
    ld_ent_d = ld_ent_q;
    ld_wait_d = ld_wait_q;
    wt_d = wt_q;
    wt_bank_d = wt_bank_q;
    wt_ent_d = wt_ent_q;
    eng_bank_d = eng_bank_q;
    eng_ent_d = eng_ent_q;
    if (push_queue) tq_tail_d = tq_next(tq_tail_q);
    if (pop_queue) tq_head_d = tq_next(tq_head_q);
    if (ra_take) tq_ra_d[ra_slot] = 1'b1;
    if (ld_head_ra && ld_start) tq_ra_d[tq_head_q] = 1'b0;
    // The load stage: tumbled record ld_rec[0] against aligned record ld_rec[1] into the
    // next bank. A test that waited and is not taken now waits on in the third bank.
    if (ld_start) begin
      ld_bank_d = ld_bank_new;
      ld_ent_d = ld_sel;
      if (ld_wait_q && !eng_take) begin
        wt_d = 1'b1; wt_bank_d = ld_bank_q; wt_ent_d = ld_ent_q;
      end
      ld_wait_d = ld_wait_q || !eng_take;
    end else if (eng_take && !wt_q) begin
      ld_wait_d = 1'b0;
    end
    // The decide stage: the oldest test that waits, else the new one.
    if (eng_take) begin
      if (wt_q) begin
        eng_bank_d = wt_bank_q; eng_ent_d = wt_ent_q;
        wt_d = 1'b0;
      end else if (ld_wait_q) begin
        eng_bank_d = ld_bank_q; eng_ent_d = ld_ent_q;
      end else begin
        eng_bank_d = ld_bank_new; eng_ent_d = ld_sel;
      end
    end
    // A test that ends the query: the tests queued behind it never run (nor, with several
    // engines, those of the other engines).
    if (stop || flush_i) begin
      tq_head_d = {TqW{1'b0}};
      tq_tail_d = {TqW{1'b0}};
      tq_count_d = {(TqW + 1){1'b0}};
      tq_ra_d = {TqDepth{1'b0}};
      ra_n_d = {(TqW + 1){1'b0}};
      ld_wait_d = 1'b0;
      wt_d = 1'b0;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ent_valid_q <= {(2 * RecEntries){1'b0}};
      ent_full_q <= {(2 * RecEntries){1'b0}};
      rec_valid_q <= 1'b0;
      rec_b_next_q <= 1'b0;
      tq_head_q <= {TqW{1'b0}};
      tq_tail_q <= {TqW{1'b0}};
      tq_count_q <= {(TqW + 1){1'b0}};
      tq_ra_q <= {TqDepth{1'b0}};
      ra_n_q <= {(TqW + 1){1'b0}};
      ld_bank_q <= {BankW{1'b0}};
      ld_ent_q <= {(2 * EntW){1'b0}};
      eng_ent_q <= {(2 * EntW){1'b0}};
      ld_wait_q <= 1'b0;
      wt_q <= 1'b0;
    end else begin
      ent_valid_q <= ent_valid_d;
      ent_full_q <= ent_full_d;
      rec_valid_q <= rec_valid_d;
      rec_b_next_q <= rec_b_next_d;
      tq_head_q <= tq_head_d;
      tq_tail_q <= tq_tail_d;
      tq_count_q <= tq_count_d;
      tq_ra_q <= tq_ra_d;
      ra_n_q <= ra_n_d;
      ld_bank_q <= ld_bank_d;
      ld_ent_q <= ld_ent_d;
      eng_ent_q <= eng_ent_d;
      ld_wait_q <= ld_wait_d;
      wt_q <= wt_d;
    end
  end
  // Loaded before they are looked at (valid bits above): no reset needed.
  integer c;
  always @(posedge clk_i) begin
    for (c = 0; c < 2 * RecEntries; c = c + 1) ent_addr_q[c] <= ent_addr_d[c];
    rec_addr_q <= rec_addr_d;
    rec_dest_q <= rec_dest_d;
    rec_b_addr_q <= rec_b_addr_d;
    rec_b_dest_q <= rec_b_dest_d;
    wt_bank_q <= wt_bank_d;
    wt_ent_q <= wt_ent_d;
    eng_bank_q <= eng_bank_d;
  end
  // The counters' snapshots move with their tests (the enables inside the clocked block: a
  // simulator copies the 224 bits only then), as the banks and entries above.
  always @(posedge clk_i) begin
    if (ld_start) ld_snap_q <= ld_snap;
    if (ld_start && ld_wait_q && !eng_take) wt_snap_q <= ld_snap_q;
    if (eng_take) eng_snap_q <= wt_q ? wt_snap_q : ld_wait_q ? ld_snap_q : ld_snap;
  end
  // Storage: the queue's slots, the record entries' words. A whole burst's beats 4..7 are
  // the second record of the burst (address bit 7).
  wire rsp_half = RecBursts != 0 && ent_addr_q[{rsp_dest_i[0], rsp_dest_i[DestW-2:1]}][7];
  integer bw;   // a beat's word
  always @(posedge clk_i) begin
    if (push_queue) begin
      tq_rec_a[tq_tail_q] <= push_rec_a_i;
      tq_rec_b[tq_tail_q] <= push_rec_b_i;
      tq_snap[tq_tail_q] <= push_snap_i;
    end
    if (ra_take) tq_ent[ra_slot] <= ra_sel;
    if (rsp_valid_i && rsp_dest_i[DestW-1] && rsp_beat_i[2] == rsp_half) begin
      for (bw = 0; bw < 8; bw = bw + 1) rec_q[{rsp_dest_i[DestW-2:0], rsp_beat_i[1:0], bw[2:0]}] <= rsp_data_i[32*bw +: 32];
    end
    if (fill_valid_i) begin
      for (bw = 0; bw < 32; bw = bw + 1) rec_q[{fill_dest_i[DestW-2:0], bw[4:0]}] <= fill_data_i[32*bw +: 32];
    end
  end
  wire unused_fill_flag = &{1'b0, fill_dest_i[DestW-1]};   // always a record entry's: {1, entry, side}

  // ---- the two stages ----
  // Record words of the load stage's tests, per side, gathered only in the cycles the pass
  // engine reads them (a don't-care otherwise): the vertices when they are loaded, M while
  // the other side's leaf-matrix pass issues (pass_verts_rd, pass_m_rd), both only once
  // the side's record is in (ld_in).
  reg  [2*9*32-1:0]  ld_verts;
  reg  [2*12*32-1:0] ld_m;
  wire [1:0]         pass_verts_rd, pass_m_rd;
  integer rs, rw;
  always @(*) begin
    rw = 0;
    ld_verts = {(2 * 9 * 32){1'bx}};
    ld_m = {(2 * 12 * 32){1'bx}};
    for (rs = 0; rs < 2; rs = rs + 1) begin
      if (pass_verts_rd[rs]) begin
        for (rw = 0; rw < 9; rw = rw + 1)
          ld_verts[288 * rs + 32 * rw +: 32] = rec_q[{ld_ent_q[EntW * rs +: EntW], rs[0], VertWord + rw[4:0]}];
      end
      if (pass_m_rd[rs] && ld_in[rs]) begin
        for (rw = 0; rw < 12; rw = rw + 1)
          ld_m[384 * rs + 32 * rw +: 32] = rec_q[{ld_ent_q[EntW * rs +: EntW], rs[0], MWord + rw[4:0]}];
      end
    end
  end
  // The decide stage's record words (per side: M, id, err_exp), gathered only when it
  // reads them: err_exp while it has a test, the id in E_RESULT, M when matrix lines 30..32
  // take it.
  reg  [2*14*32-1:0] eng_rec;
  integer es, ew;
  always @(*) begin
    ew = 0;
    eng_rec = {(2 * 14 * 32){1'bx}};
    for (es = 0; es < 2; es = es + 1) begin
      if (eng_state != E_IDLE)
        eng_rec[448 * es + 32 * 13 +: 32] = rec_q[{eng_ent_q[EntW * es +: EntW], es[0], ErrWord}];
      if (eng_state == E_RESULT)
        eng_rec[448 * es + 32 * 12 +: 32] = rec_q[{eng_ent_q[EntW * es +: EntW], es[0], IdWord}];
      if (leaf_m_load_o) begin
        for (ew = 0; ew < 12; ew = ew + 1)
          eng_rec[448 * es + 32 * ew +: 32] = rec_q[{eng_ent_q[EntW * es +: EntW], es[0], MWord + ew[4:0]}];
      end
    end
  end

  wire [2*Banks-1:0]     pass_done;
  wire [2*Banks*8-1:0]   pass_sexp;
  wire [2*(BankW+6)-1:0] it_rd_addr, itb_rd_addr;
  wire [2*32-1:0]        it_rd_data, itb_rd_data;
  wire [1:0]             it_rd;
  cc_tri_pass #(
    .Banks (Banks),
    .BankW (BankW)
  ) u_pass (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .start_i       (ld_start),
    .new_bank_i    (ld_bank_new),
    .bank_i        (ld_bank_q),
    .rec_in_i      (ld_in),
    .verts_i       (ld_verts),
    .m_i           (ld_m),
    .verts_rd_o    (pass_verts_rd),
    .m_rd_o        (pass_m_rd),
    .corr_i        (corr_i),
    .frames_i      (frames_i),
    .issue_o       (dot_issue_o),
    .ops_o         (dot_ops_o),
    .mrow_o        (dot_mrow_o),
    .out_i         (dot_out_i),
    .result_i      (dot_result_i),
    .idle_o        (pass_idle),
    .issued_o      (pass_issued),
    .done_o        (pass_done),
    .sexp_o        (pass_sexp),
    .wait_record_o (pass_wait_record),
    .issuing_o     (pass_issuing),
    .rd_addr_i     ({itb_rd_addr, it_rd_addr}),
    .rd_i          (it_rd),
    .rd_data_o     ({itb_rd_data, it_rd_data})
  );
  cc_tri_decide #(
    .ItPerSide      (TriQueue > 0 ? 1 : 0),
    .ItMulStages    (ItMulStages),
    .ItAddStages    (ItAddStages),
    .Banks          (Banks),
    .BankW          (BankW),
    .BoardBytesLog2 (BoardBytesLog2)
  ) u_decide (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .turn_i          (turn_i),
    .flush_i         (flush_i),
    .take_i          (eng_take),
    .bank_i          (eng_bank_q),
    .rec_i           (eng_rec),
    .pass_done_i     (pass_done),
    .sexp_i          (pass_sexp),
    .corr_i          (corr_i),
    .it_rd_addr_o    (it_rd_addr),
    .it_rd_data_i    (it_rd_data),
    .itb_rd_addr_o   (itb_rd_addr),
    .itb_rd_data_i   (itb_rd_data),
    .rd_o            (it_rd),
    .mode_first_i    (mode_first_i),
    .result_base_i   (result_base_i),
    .result_cap_i    (result_cap_i),
    .tri_err_exp_i   (tri_err_exp_i),
    .res_valid_o     (res_valid_o),
    .res_addr_o      (res_addr_o),
    .res_wdata_o     (res_wdata_o),
    .res_wstrb_o     (res_wstrb_o),
    .res_accept_i    (res_accept_i),
    .state_o         (eng_state),
    .end_o           (end_o),
    .stop_o          (stop),
    .err_stop_o      (err_stop_o),
    .err_o           (err_o),
    .leaf_m_load_o   (leaf_m_load_o),
    .leaf_m_o        (leaf_m_o),
    .result_count_i  (result_count_i),
    .counted_o       (counted_o),
    .counted_unc_o   (counted_unc_o)
  );
  assign stop_o      = stop;
  assign snap_o      = eng_snap_q;
  assign pass_idle_o = pass_idle;
  assign rec_valid_o = rec_valid_q;
  assign rec_addr_o  = rec_addr_q;
  assign rec_dest_o  = rec_dest_q;
  assign state_o     = eng_state;
  assign queued_o    = {{(31 - TqW){1'b0}}, tq_count_q};
  assign rec_b_pending_o = rec_valid_q && !rec_dest_q[0];

  // What the load stage does this cycle: a side issues a DOTADD (L_ISSUE), else a side
  // waits for its record (L_RECORD) or for forwarded frame-pass results (L_FORWARD); with
  // every DOTADD issued, a test is there to take but waits for a bank (L_BANK: the tests
  // loaded before it have not reached the decide stage) or for something else (L_HOLD:
  // the record port, a result-area record, the last test's results); else it is idle.
  assign ld_trace_o = dot_issue_o != 2'b00        ? L_ISSUE :
                      pass_wait_record != 2'b00   ? L_RECORD :
                      pass_issuing                ? L_FORWARD :
                      !(!tq_empty || push_i)      ? L_IDLE :
                      (wt_q || (Banks == 2 && ld_wait_q)) ? L_BANK :
                      ld_start                    ? L_IDLE : L_HOLD;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(push_queue && tq_count_q == TqDepth[TqW:0] && !pop_queue))
        else $error("cc_tri_engine: a test pushed into a full queue");
      assert (!(pop_queue && tq_empty)) else $error("cc_tri_engine: a test popped from an empty queue");
      assert (!(push_i && !room_o)) else $error("cc_tri_engine: a test handed over without room");
      assert (ra_n_q <= tq_count_q) else $error("cc_tri_engine: %0d tests read ahead of %0d queued", ra_n_q, tq_count_q);
      assert (!(ld_start && ra_take)) else $error("cc_tri_engine: the load stage and the read-ahead both read records");
      assert (!(rr_read != 2'b00 && rec_valid_q && !rec_accept_i))
        else $error("cc_tri_engine: new record reads while the request port is busy");
    end
  end
`endif
endmodule
