// =======================================================================================
// cc_tri_decide: the triangle-test engine's decide stage. It runs the IT-unit (Eq. 4,
// cc_it_unit) on a test's passes as each side's leaf-matrix pass is written, and writes
// the pair as a result when it hits or cannot be decided (an uncertain pair).
//
//   E_IDLE --take--> E_TRI_A --A's passes written--> E_IT --A misses--> E_TRI_B / E_IT (B)
//                                                    |  \--hit / uncertain--> E_RESULT --> E_RESULT_WAIT
//                                                    +--B misses--> E_IDLE
//                                                    +--answered before its turn--> E_TURN
//
// Side B goes in the very cycle side A's miss comes back if its passes are written by
// then. A hit's test clears the IT-unit's HIT flag (micro-op CLEAR in E_RESULT), so it is
// clear whenever a test starts (a miss leaves it clear).
//
// The queued chip (ItPerSide) has a second IT-unit for side B: it runs side B's edges as
// soon as side B's passes are written, beside side A's; after side A's miss the stage
// waits in E_TRI_B for its answer (b_st_q). A hit of either side is the test's hit. In
// E_RESULT side B's unit is aborted (cc_it_unit's abort_i): its HIT or UNC cleared, and a
// side B still running when side A hit dropped at once, so the next test's side B starts
// in a cycle that does not depend on the dropped side's data.
//
// Each side's error bound (cc::ItBound): the query's TRI_ERR_EXP plus the err_exp word of
// the triangle whose matrix M the side used (the other side's record), and the largest
// exponent of the side's leaf-matrix pass outputs (cc_tri_pass).
//
// How the test ends: without stopping the query (a miss; a result written in mode all;
// an uncertain result in either mode) or stopping it (a first-mode hit written; a result
// that does not fit: ResultOverflow, or points outside the board: BadPointer).
//
// Several engines (cc_tri_engines) end their tests in the golden model's order: a test
// answers (ends, or goes on to its result) only on its turn (turn_i: every test before it
// has ended); an answer that comes earlier waits in E_TURN (side B's unit's answer waits
// in E_TRI_B). The query's result count is the wrapper's (result_count_i), counted by
// this stage's counted_o. A test flushed because one ahead of it stopped the query
// (flush_i) ends at once, unwritten and uncounted, its IT-units aborted.
// =======================================================================================
module cc_tri_decide #(
  parameter integer ItPerSide      = 0,
  parameter integer ItMulStages    = 2,     // the IT-unit's multiplier and add/sub (cc_it_unit)
  parameter integer ItAddStages    = 2,
  parameter integer Banks          = 2,
  parameter integer BankW          = 1,
  parameter integer BoardBytesLog2 = 30
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 turn_i,           // every test before this one has ended
  input  wire                 flush_i,          // a test before it stopped the query: drop it
  // the test taken (cc_tri_engine) and its records: per side {err_exp, id, M[12]} at 448 s
  input  wire                 take_i,
  input  wire [BankW-1:0]     bank_i,
  input  wire [2*14*32-1:0]   rec_i,
  input  wire [2*Banks-1:0]   pass_done_i,      // {bank, side}: leaf-matrix pass written
  input  wire [2*Banks*8-1:0] sexp_i,
  // the IT-units' operands: correspondence file, DOP registers {bank, side, register}
  input  wire [66*20-1:0]     corr_i,
  output wire [2*(BankW+6)-1:0] it_rd_addr_o,   // u_it's two operand reads
  input  wire [2*32-1:0]      it_rd_data_i,
  output wire [2*(BankW+6)-1:0] itb_rd_addr_o,  // u_itb's (ItPerSide)
  input  wire [2*32-1:0]      itb_rd_data_i,
  output wire [1:0]           rd_o,             // {u_itb, u_it} reads (else its data is a don't-care)
  // the query's configuration
  input  wire                 mode_first_i,
  input  wire [31:0]          result_base_i,
  input  wire [31:0]          result_cap_i,
  input  wire [7:0]           tri_err_exp_i,
  // the result write (cc_core_mem_port)
  output reg                  res_valid_o,
  output reg  [31:0]          res_addr_o,
  output reg  [255:0]         res_wdata_o,
  output reg  [31:0]          res_wstrb_o,
  input  wire                 res_accept_i,
  // the test's end; the query's result count and the counting of this test's result
  input  wire [31:0]          result_count_i,
  output wire                 counted_o,        // a result written: count it ...
  output wire                 counted_unc_o,    // ... as an uncertain pair
  output wire [5:0]           state_o,
  output wire                 end_o,            // the test ends, the query goes on
  output wire                 stop_o,           // the test ends the query
  output wire                 err_stop_o,       // ... with an error (err_o)
  output wire [3:0]           err_o,
  output wire                 leaf_m_load_o,    // matrix lines 30..32 take leaf_m_o
  output wire [12*32-1:0]     leaf_m_o
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_off UNUSEDPARAM */
`include "cc_core_states.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam [32:0] BoardBytes = 33'd1 << BoardBytesLog2;
`include "cc_board_ptr.vh"
  localparam [5:0] E_IDLE = 6'd0;   // never traced
  localparam [6:0] ItClear = 7'b001_0000, ItTri = 7'b011_0000;
  localparam [1:0] B_IDLE = 2'd0, B_RUN = 2'd1, B_DONE = 2'd2;

  // Side s's record words: M (12), id, err_exp.
  function automatic [31:0] rec_word(input integer side, input integer w);
    rec_word = rec_i[448 * side + 32 * w +: 32];
  endfunction
  function automatic [9:0] bound_abs(input [7:0] query, input [7:0] err);
    bound_abs = {{2{query[7]}}, query} + {{2{err[7]}}, err};
  endfunction

  reg  [5:0]  eng_q, eng_d;
  reg         side_q, side_d;                // the side the IT-unit decides (u_it)
  reg  [1:0]  b_st_q, b_st_d;                // side B's IT-unit (ItPerSide)
  reg         unc_q, unc_d;                  // the result is an uncertain pair
  reg         res_q, res_d;                  // E_TURN: the answer makes the pair a result
  reg         b_hit_q, b_hit_d, b_unc_q, b_unc_d;
  reg         res_valid_d;

  wire [1:0]  done = {pass_done_i[{bank_i, 1'b1}], pass_done_i[{bank_i, 1'b0}]};
  wire        it_uop_ready, it_rsp_valid, it_hit, it_unc;
  wire        itb_uop_ready, itb_rsp_valid, itb_hit, itb_unc;
  wire        it_a_missed  = eng_q == E_IT && it_rsp_valid && !it_hit && !side_q;
  wire        it_answer    = eng_q == E_IT && it_rsp_valid && !it_a_missed;   // the test's answer
  wire        it_side_go   = !flush_i && it_uop_ready && ((eng_q == E_TRI_A && done[0]) ||
                                              (ItPerSide == 0 && eng_q == E_TRI_B && done[1]));
  wire        it_uop_valid = it_side_go || (ItPerSide == 0 && it_a_missed && done[1] && !flush_i) ||
                             eng_q == E_RESULT;
  wire        itb_start    = ItPerSide != 0 && !flush_i && b_st_q == B_IDLE && done[1] && itb_uop_ready &&
                             (eng_q == E_TRI_A || eng_q == E_IT || eng_q == E_TRI_B);
  wire        itb_abort    = ItPerSide != 0 && (eng_q == E_RESULT || flush_i);
  wire        b_answer     = ItPerSide != 0 && eng_q == E_TRI_B && b_st_q == B_DONE && turn_i;   // side B's answer ends the test
  wire        turn_answer  = eng_q == E_TURN && turn_i;                        // a held answer's turn
  wire        m_side       = !side_q;        // the side whose M u_it's side used
  wire [31:0] it_err       = m_side ? rec_word(1, 13) : rec_word(0, 13);
  wire [31:0] itb_err      = rec_word(0, 13);                  // side B uses A's M
  // The IT-units' error bounds, only while the stage has a test (a don't-care otherwise:
  // a unit reads them only while it works on this test's side).
  reg  [9:0]  it_babs, itb_babs;
  reg  [7:0]  it_brel, it_bexp, itb_brel, itb_bexp;
  always @(*) begin
    {it_babs, it_brel, it_bexp, itb_babs, itb_brel, itb_bexp} = 52'bx;
    if (eng_q != E_IDLE) begin
      it_babs  = bound_abs(tri_err_exp_i, it_err[7:0]);
      it_brel  = it_err[15:8];
      it_bexp  = sexp_i[8 * {bank_i, side_q} +: 8];
      itb_babs = bound_abs(tri_err_exp_i, itb_err[7:0]);
      itb_brel = itb_err[15:8];
      itb_bexp = sexp_i[8 * {bank_i, 1'b1} +: 8];
    end
  end
  // The result's address and check, only in E_RESULT (a don't-care otherwise).
  reg  [31:0] result_addr;
  reg         result_ok;
  always @(*) begin
    {result_addr, result_ok} = 33'bx;
    if (eng_q == E_RESULT) begin
      result_addr = result_base_i + (result_count_i << 3);
      result_ok   = result_count_i < result_cap_i && !bad_ptr(result_addr, RESULT_BYTES, RESULT_BYTES);
    end
  end
  wire        it_b_unc     = it_unc || b_unc_q;   // either unit's UNC (b_unc_q is 0 without ItPerSide)

  assign leaf_m_load_o = (it_answer && turn_i) || b_answer || turn_answer;
  // M only when lines 30..32 take it (a don't-care otherwise).
  reg  [12*32-1:0] leaf_m;
  always @(*) begin
    leaf_m = {(12 * 32){1'bx}};
    if (leaf_m_load_o) leaf_m = m_side ? rec_i[448 +: 384] : rec_i[0 +: 384];
  end
  assign leaf_m_o      = leaf_m;
  assign end_o      = (it_answer && turn_i && !it_hit && !it_unc) ||
                      (b_answer && !b_hit_q && !it_b_unc) ||
                      (turn_answer && !res_q) ||
                      (eng_q == E_RESULT_WAIT && res_accept_i && (!mode_first_i || unc_q));
  assign err_stop_o = eng_q == E_RESULT && !result_ok;
  assign stop_o     = err_stop_o || (eng_q == E_RESULT_WAIT && res_accept_i && mode_first_i && !unc_q);
  assign err_o      = (result_count_i >= result_cap_i) ? ERR_RESULT_OVERFLOW : ERR_BAD_POINTER;
  assign counted_o     = eng_q == E_RESULT_WAIT && res_accept_i;
  assign counted_unc_o = counted_o && unc_q;

  // ---- side B's IT-unit: started for the test's side B, answered, aborted with the
  //      test's result (running or done) ----
  always @(*) begin
    b_st_d = b_st_q;
    b_hit_d = b_hit_q;
    b_unc_d = b_unc_q;
    if (take_i && b_st_q == B_DONE) b_st_d = B_IDLE;   // the last test's miss, used
    if (itb_start) b_st_d = B_RUN;
    if (itb_rsp_valid && b_st_q == B_RUN) begin
      b_st_d = B_DONE; b_hit_d = itb_hit; b_unc_d = itb_unc;
    end
    if (itb_abort) b_st_d = B_IDLE;
  end

  // ---- the stage ----
  always @(*) begin
    eng_d = eng_q;
    side_d = side_q;
    unc_d = unc_q;
    res_d = res_q;
    res_valid_d = res_valid_o && !res_accept_i;
    if (take_i) begin
      side_d = 1'b0;
      eng_d = E_TRI_A;
    end
    case (eng_q)
      // The IT-unit takes a side when the pass engine has written its leaf-matrix pass.
      E_TRI_A: if (it_side_go) eng_d = E_IT;
      E_TRI_B: if (it_side_go) eng_d = E_IT;
               else if (b_answer) begin                           // ItPerSide
                 eng_d = (b_hit_q || it_b_unc) ? E_RESULT : E_IDLE;
                 unc_d = !b_hit_q;
               end
      // The IT-unit works through the side's edges (cc_it_unit, micro-op TRI). Unless
      // side A hits, side B follows: at once (it_uop_valid) or once its passes are
      // written. A hit makes the pair a result, so does an undecided edge of either side;
      // an answer before the test's turn waits in E_TURN.
      E_IT: if (it_a_missed) begin
              side_d = 1'b1;
              eng_d = (done[1] && ItPerSide == 0) ? E_IT : E_TRI_B;
            end else if (it_rsp_valid) begin
              eng_d = !turn_i ? E_TURN : (it_hit || it_unc) ? E_RESULT : E_IDLE;
              unc_d = !it_hit;
              res_d = it_hit || it_unc;
            end
      E_TURN: if (turn_i) eng_d = res_q ? E_RESULT : E_IDLE;
      // The IT-unit clears HIT (it_uop_valid); the pair is written as a result: (A's id,
      // B's id with the UNCERTAIN flag) at every 8-byte slot of the beat.
      E_RESULT: if (result_ok) begin
                  res_valid_d = 1'b1;                             // the write's words below
                  eng_d = E_RESULT_WAIT;
                end else begin
                  eng_d = E_IDLE;                                 // the query stops (stop_o)
                end
      E_RESULT_WAIT: if (res_accept_i) eng_d = E_IDLE;        // posted: the write goes on alone (counted_o)
      default: ;
    endcase
    if (flush_i) eng_d = E_IDLE;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      eng_q <= E_IDLE;
      b_st_q <= B_IDLE;
      b_hit_q <= 1'b0;
      b_unc_q <= 1'b0;
      unc_q <= 1'b0;
      res_valid_o <= 1'b0;
    end else begin
      eng_q <= eng_d;
      b_st_q <= b_st_d;
      b_hit_q <= b_hit_d;
      b_unc_q <= b_unc_d;
      unc_q <= unc_d;
      res_valid_o <= res_valid_d;
    end
  end
  // Loaded before they are looked at (take_i, E_RESULT): no reset needed. The write's
  // words are loaded with it (the enable inside the clocked block: a simulator copies them
  // only then).
  always @(posedge clk_i) begin
    side_q <= side_d;
    res_q <= res_d;
    if (eng_q == E_RESULT && result_ok) begin
      res_addr_o <= result_addr;
      res_wdata_o <= {4{rec_word(1, 12) | ({31'd0, unc_q} << RESULT_UNCERTAIN_BIT), rec_word(0, 12)}};
      res_wstrb_o <= 32'h0000_00FF << result_addr[4:0];
    end
  end

  assign state_o         = eng_q;

  // ---- the IT-units ----
  // Line l of the correspondence file, read where it is used (a simulator evaluates only
  // the lines read, not an unpacked copy of the whole file every cycle).
  function automatic [19:0] corr_line(input [6:0] l);
    corr_line = corr_i[20*l +: 20];
  endfunction
  wire [6:0]  it_corr_line;
  wire [9:0]  it_dop_idx;
  wire        it_rd, itb_rd;
  reg  [19:0] it_corr, itb_corr;     // the line read, only while the unit reads
  always @(*) begin
    {it_corr, itb_corr} = 40'bx;
    if (it_rd) it_corr = corr_line(it_corr_line);
    if (itb_rd) itb_corr = corr_line(itb_corr_line);
  end
  assign rd_o = {itb_rd, it_rd};
  assign it_rd_addr_o = {bank_i, side_q, it_dop_idx[9:5], bank_i, side_q, it_dop_idx[4:0]};
  cc_it_unit #(
    .MulStages (ItMulStages),
    .AddStages (ItAddStages)
  ) u_it (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .uop_valid_i      (it_uop_valid),
    .uop_ready_o      (it_uop_ready),
    .uop_i            (eng_q == E_RESULT ? ItClear : ItTri),
    .abort_i          (flush_i),
    .rsp_valid_o      (it_rsp_valid),
    .hit_o            (it_hit),
    .unc_o            (it_unc),
    .bound_abs_i      (it_babs),
    .bound_rel_i      (it_brel),
    .bound_side_exp_i (it_bexp),
    .corr_line_o      (it_corr_line),
    .corr_data_i      ({12'd0, it_corr}),
    .dop_idx_o        (it_dop_idx),
    .dop_data_i       (it_rd_data_i),
    .rd_o             (it_rd)
  );
  wire [6:0]  itb_corr_line;
  wire [9:0]  itb_dop_idx;
  assign itb_rd_addr_o = {bank_i, 1'b1, itb_dop_idx[9:5], bank_i, 1'b1, itb_dop_idx[4:0]};
  generate
    if (ItPerSide != 0) begin : g_itb
      cc_it_unit #(
        .MulStages (ItMulStages),
        .AddStages (ItAddStages)
      ) u_itb (
        .clk_i            (clk_i),
        .rst_ni           (rst_ni),
        .uop_valid_i      (itb_start),
        .uop_ready_o      (itb_uop_ready),
        .uop_i            (ItTri),
        .abort_i          (itb_abort),
        .rsp_valid_o      (itb_rsp_valid),
        .hit_o            (itb_hit),
        .unc_o            (itb_unc),
        .bound_abs_i      (itb_babs),
        .bound_rel_i      (itb_brel),
        .bound_side_exp_i (itb_bexp),
        .corr_line_o      (itb_corr_line),
        .corr_data_i      ({12'd0, itb_corr}),
        .dop_idx_o        (itb_dop_idx),
        .dop_data_i       (itb_rd_data_i),
        .rd_o             (itb_rd)
      );
    end else begin : g_no_itb
      assign itb_uop_ready = 1'b0;
      assign itb_rsp_valid = 1'b0;
      assign itb_hit = 1'b0;
      assign itb_unc = 1'b0;
      assign itb_corr_line = 7'd0;
      assign itb_dop_idx = 10'd0;
      assign itb_rd = 1'b0;
      wire unused_itb = &{1'b0, itb_abort, itb_rd_data_i, itb_corr_line, itb_corr, itb_babs, itb_brel, itb_bexp};
    end
  endgenerate
  wire unused_ok = &{1'b0, it_err[31:16], itb_err};   // itb_err: only with ItPerSide

`ifndef SYNTHESIS
  // The IT-unit is ready whenever the stage hands it a micro-op: side B at side A's
  // response, CLEAR after a hit's response.
  always @(posedge clk_i) begin
    if (rst_ni && it_uop_valid) begin
      assert (it_uop_ready) else $error("cc_tri_decide: the IT-unit is busy when a triangle test needs it");
    end
    if (rst_ni && take_i) begin
      assert (eng_q == E_IDLE) else $error("cc_tri_decide: a test taken while the stage is busy");
      assert (b_st_q != B_RUN && !(b_st_q == B_DONE && (b_hit_q || b_unc_q)))
        else $error("cc_tri_decide: a test taken while side B's unit holds the last test's side");
    end
    if (rst_ni && itb_start) begin
      assert (!itb_hit && !itb_unc) else $error("cc_tri_decide: side B started on a unit with HIT or UNC set");
    end
  end
`endif
endmodule
