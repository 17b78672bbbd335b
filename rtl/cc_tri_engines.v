// =======================================================================================
// cc_tri_engines: Engines copies of the triangle-test engine (cc_tri_engine: queue, record
// entries, load and decide stages, IT-units) behind one interface to the controller, the
// memory port and the DOTADD units. With Engines = 1 it is the one engine and the query's
// result counters.
//
// Order. The controller's tests go to the engines in turn (test k to engine k mod Engines:
// push_q), and end in the same turn (turn_q: the engine holding the oldest test that has
// not ended). An engine answers a test only on its turn (cc_tri_decide's E_TURN), so
// results, uncertain pairs, the result count, matrix lines 30..32 and the query's end come
// in the golden model's order. A test that stops the query (a first-mode hit, a result
// error) flushes the other engines: the tests they hold are all later ones and are neither
// written nor counted.
//
// Sharing. Engine 0 issues side A's passes on the shared DOTADD unit and side B's on the
// pass unit (cc_dop_datapath, first choice on both), as the single engine does; every
// other engine has two DOTADD units of its own. The record reads go to the memory port one
// engine at a time, the oldest test's engine first (priority rotating from turn_q); the
// read's destination names the engine ({1, engine, entry, side}). Only the engine on its
// turn writes a result, so the result write needs no arbitration (asserted).
// =======================================================================================
module cc_tri_engines #(
  parameter integer Engines        = 1,
  parameter integer TriQueue       = 0,
  parameter integer DotaddStages   = 6,     // the other engines' DOTADD units (cc_dotadd)
  parameter integer ItMulStages    = 2,
  parameter integer ItAddStages    = 2,
  parameter integer BoardBytesLog2 = 30,
  parameter integer RecEntries     = 2,
  parameter integer Banks          = 2,
  // A read's destination: {1, engine, entry, side} (no engine bits with one engine).
  parameter integer DestW          = 3,
  // 1: records come back as whole bursts of 8 beats (cc_rec_store; the record's half kept)
  parameter integer RecBursts      = 0,
  // derived
  parameter integer EngW           = Engines > 1 ? $clog2(Engines) : 1,
  parameter integer EDestW         = DestW - (Engines > 1 ? $clog2(Engines) : 0),   // an engine's own
  parameter integer SnapW          = 7 * 32
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 clear_i,          // a query starts: counters and turns to 0
  input  wire                 forget_i,
  output wire                 room_o,
  input  wire                 push_i,
  input  wire [31:0]          push_rec_a_i,
  input  wire [31:0]          push_rec_b_i,
  input  wire [SnapW-1:0]     push_snap_i,
  output wire                 idle_o,
  output wire                 pass_idle_o,
  output wire                 end_o,
  output wire                 stop_o,
  output wire                 err_stop_o,
  output wire [3:0]           err_o,
  output wire [SnapW-1:0]     snap_o,
  output wire [31:0]          result_count_o,
  output wire [31:0]          cnt_uncertain_o,
  input  wire                 mode_first_i,
  input  wire [31:0]          result_base_i,
  input  wire [31:0]          result_cap_i,
  input  wire [7:0]           tri_err_exp_i,
  input  wire [66*20-1:0]     corr_i,
  input  wire [6*4*32-1:0]    frames_i,
  output wire                 leaf_m_load_o,
  output wire [12*32-1:0]     leaf_m_o,
  // engine 0's DOTADDs on the shared and the pass unit
  output wire [1:0]           dot_issue_o,
  output wire [2*96-1:0]      dot_ops_o,
  output wire [2*128-1:0]     dot_mrow_o,
  input  wire [1:0]           dot_out_i,
  input  wire [2*32-1:0]      dot_result_i,
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
  input  wire                 fill_valid_i,     // a kept record into entry fill_dest_i (cc_rec_store)
  input  wire [DestW-1:0]     fill_dest_i,
  input  wire [1023:0]        fill_data_i,
  // traces: the oldest test's decide stage, engine 0's load stage, the tests queued in all
  output wire [5:0]           state_o,
  output wire [2:0]           ld_trace_o,
  output wire [31:0]          queued_o,
  output wire                 rec_b_pending_o
);
  function automatic [EngW-1:0] eng_next(input [EngW-1:0] e);
    eng_next = (e == Engines[EngW-1:0] - 1'b1) ? {EngW{1'b0}} : e + 1'b1;
  endfunction
  localparam [Engines-1:0] EngOne = 1;        // engine 0's bit
  function automatic [31:0] sat_inc(input [31:0] v);
    sat_inc = (v == 32'hFFFF_FFFF) ? v : v + 32'd1;
  endfunction

  // ---- per engine ----
  wire [Engines-1:0]          room, idle, pass_idle, ends, stops, err_stops, counted, counted_unc;
  wire [Engines-1:0]          leaf_load, rec_valid, rec_accept, res_valid, res_accept, rec_b_pending;
  wire [Engines*4-1:0]        errs;
  wire [Engines*SnapW-1:0]    snaps;
  wire [Engines*384-1:0]      leaf_ms;
  wire [Engines*32-1:0]       rec_addr, res_addr, res_wstrb, queued;
  wire [Engines*EDestW-1:0]   rec_dest;
  wire [Engines*256-1:0]      res_wdata;
  wire [Engines*6-1:0]        states;
  wire [Engines*3-1:0]        ld_traces;

  reg  [EngW-1:0] push_q, push_d, turn_q, turn_d;
  reg  [31:0]     count_q, count_d, cnt_unc_q, cnt_unc_d;

  // ---- the record port: the oldest test's engine first ----
  reg  [EngW-1:0] rec_g;                       // the engine granted
  integer i;
  reg  [31:0] k;
  always @(*) begin
    rec_g = turn_q;
    for (i = Engines - 1; i >= 0; i = i - 1) begin
      k = ({{(32 - EngW){1'b0}}, turn_q} + i) % Engines;
      if (rec_valid[k]) rec_g = k[EngW-1:0];
    end
  end
  wire unused_k = &{1'b0, k[31:EngW]};

  genvar ge;
  generate
    for (ge = 0; ge < Engines; ge = ge + 1) begin : g_eng
      // Engine 0 on the datapath's two units, the others on their own.
      wire [1:0]       issue, out;
      wire [2*96-1:0]  ops;
      wire [2*128-1:0] mrow;
      wire [2*32-1:0]  result;
      wire             mine = Engines == 1 || rsp_dest_i[DestW-1 -: EngW + 1] == {1'b1, ge[EngW-1:0]};
      wire             fill_mine = Engines == 1 || fill_dest_i[DestW-1 -: EngW + 1] == {1'b1, ge[EngW-1:0]};
      wire [EDestW-1:0] dest, fill_dest;
      if (Engines == 1) begin : g_dest_one
        assign dest = rsp_dest_i[EDestW-1:0];
        assign fill_dest = fill_dest_i[EDestW-1:0];
      end else begin : g_dest
        assign dest = {rsp_dest_i[DestW-1], rsp_dest_i[EDestW-2:0]};
        assign fill_dest = {fill_dest_i[DestW-1], fill_dest_i[EDestW-2:0]};
      end
      assign rec_accept[ge] = rec_accept_i && rec_g == ge[EngW-1:0];
      assign res_accept[ge] = res_accept_i && res_valid[ge];
      cc_tri_engine #(
        .TriQueue       (TriQueue),
        .ItMulStages    (ItMulStages),
        .ItAddStages    (ItAddStages),
        .BoardBytesLog2 (BoardBytesLog2),
        .RecEntries     (RecEntries),
        .RecBursts      (RecBursts),
        .Banks          (Banks),
        .DestW          (EDestW)
      ) u_tri (
        .clk_i           (clk_i),
        .rst_ni          (rst_ni),
        .forget_i        (forget_i),
        .turn_i          (turn_q == ge[EngW-1:0]),
        .flush_i         ((stops & ~(EngOne << ge)) != {Engines{1'b0}}),
        .room_o          (room[ge]),
        .push_i          (push_i && push_q == ge[EngW-1:0]),
        .push_rec_a_i    (push_rec_a_i),
        .push_rec_b_i    (push_rec_b_i),
        .push_snap_i     (push_snap_i),
        .idle_o          (idle[ge]),
        .pass_idle_o     (pass_idle[ge]),
        .end_o           (ends[ge]),
        .stop_o          (stops[ge]),
        .err_stop_o      (err_stops[ge]),
        .err_o           (errs[4*ge +: 4]),
        .snap_o          (snaps[SnapW*ge +: SnapW]),
        .result_count_i  (count_q),
        .counted_o       (counted[ge]),
        .counted_unc_o   (counted_unc[ge]),
        .mode_first_i    (mode_first_i),
        .result_base_i   (result_base_i),
        .result_cap_i    (result_cap_i),
        .tri_err_exp_i   (tri_err_exp_i),
        .corr_i          (corr_i),
        .frames_i        (frames_i),
        .leaf_m_load_o   (leaf_load[ge]),
        .leaf_m_o        (leaf_ms[384*ge +: 384]),
        .dot_issue_o     (issue),
        .dot_ops_o       (ops),
        .dot_mrow_o      (mrow),
        .dot_out_i       (out),
        .dot_result_i    (result),
        .rec_valid_o     (rec_valid[ge]),
        .rec_addr_o      (rec_addr[32*ge +: 32]),
        .rec_dest_o      (rec_dest[EDestW*ge +: EDestW]),
        .rec_accept_i    (rec_accept[ge]),
        .res_valid_o     (res_valid[ge]),
        .res_addr_o      (res_addr[32*ge +: 32]),
        .res_wdata_o     (res_wdata[256*ge +: 256]),
        .res_wstrb_o     (res_wstrb[32*ge +: 32]),
        .res_accept_i    (res_accept[ge]),
        .rsp_valid_i     (rsp_valid_i && mine),
        .rsp_dest_i      (dest),
        .rsp_beat_i      (rsp_beat_i),
        .rsp_last_i      (rsp_last_i),
        .rsp_data_i      (rsp_data_i),
        .fill_valid_i    (fill_valid_i && fill_mine),
        .fill_dest_i     (fill_dest),
        .fill_data_i     (fill_data_i),
        .state_o         (states[6*ge +: 6]),
        .ld_trace_o      (ld_traces[3*ge +: 3]),
        .queued_o        (queued[32*ge +: 32]),
        .rec_b_pending_o (rec_b_pending[ge])
      );
      if (ge == 0) begin : g_shared_units
        assign dot_issue_o = issue;
        assign dot_ops_o   = ops;
        assign dot_mrow_o  = mrow;
        assign out         = dot_out_i;
        assign result      = dot_result_i;
      end else begin : g_own_units
        genvar gs;
        for (gs = 0; gs < 2; gs = gs + 1) begin : g_side
          wire unused_tag;
          cc_dotadd #(
            .Stages   (DotaddStages),
            .TagWidth (1)
          ) u_dotadd (
            .clk_i    (clk_i),
            .rst_ni   (rst_ni),
            .valid_i  (issue[gs]),
            .dk_i     (ops[96*gs +: 32]),
            .dm_i     (ops[96*gs + 32 +: 32]),
            .dn_i     (ops[96*gs + 64 +: 32]),
            .c0_i     (mrow[128*gs +: 32]),
            .c1_i     (mrow[128*gs + 32 +: 32]),
            .c2_i     (mrow[128*gs + 64 +: 32]),
            .c_i      (mrow[128*gs + 96 +: 32]),
            .tag_i    (1'b0),
            .valid_o  (out[gs]),
            .result_o (result[32*gs +: 32]),
            .tag_o    (unused_tag)
          );
        end
      end
    end
  endgenerate

  // ---- turns, the result counters ----
  always @(*) begin
    push_d = push_i ? eng_next(push_q) : push_q;
    turn_d = ends != {Engines{1'b0}} ? eng_next(turn_q) : turn_q;
    count_d = count_q;
    cnt_unc_d = cnt_unc_q;
    if (clear_i) begin
      push_d = {EngW{1'b0}};
      turn_d = {EngW{1'b0}};
      count_d = 32'd0;
      cnt_unc_d = 32'd0;
    end
    if (counted != {Engines{1'b0}}) count_d = count_q + 32'd1;
    if (counted_unc != {Engines{1'b0}}) cnt_unc_d = sat_inc(cnt_unc_q);
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      push_q <= {EngW{1'b0}};
      turn_q <= {EngW{1'b0}};
      count_q <= 32'd0;
      cnt_unc_q <= 32'd0;
    end else begin
      push_q <= push_d;
      turn_q <= turn_d;
      count_q <= count_d;
      cnt_unc_q <= cnt_unc_d;
    end
  end

  // ---- to the controller, the register block, the memory port ----
  // The engine on its turn ends, stops, writes and loads lines 30..32; the others wait.
  reg  [EngW-1:0] res_e;                       // the engine writing a result (at most one)
  reg  [31:0]     queued_sum;
  always @(*) begin
    res_e = {EngW{1'b0}};
    queued_sum = 32'd0;
    for (i = 0; i < Engines; i = i + 1) begin
      if (res_valid[i]) res_e = i[EngW-1:0];
      queued_sum = queued_sum + queued[32*i +: 32];
    end
  end
  assign room_o          = room[push_q];
  assign idle_o          = &idle;
  assign pass_idle_o     = &pass_idle;
  assign end_o           = |ends;
  assign stop_o          = |stops;
  assign err_stop_o      = |err_stops;
  assign err_o           = errs[4*turn_q +: 4];
  assign snap_o          = snaps[SnapW*turn_q +: SnapW];
  assign result_count_o  = count_q;
  assign cnt_uncertain_o = cnt_unc_q;
  assign leaf_m_load_o   = |leaf_load;
  assign leaf_m_o        = leaf_ms[384*turn_q +: 384];
  assign rec_valid_o     = |rec_valid;
  assign rec_addr_o      = rec_addr[32*rec_g +: 32];
  assign res_valid_o     = |res_valid;
  assign res_addr_o      = res_addr[32*res_e +: 32];
  assign res_wdata_o     = res_wdata[256*res_e +: 256];
  assign res_wstrb_o     = res_wstrb[32*res_e +: 32];
  assign state_o         = states[6*turn_q +: 6];
  assign ld_trace_o      = ld_traces[2:0];
  assign queued_o        = queued_sum;
  assign rec_b_pending_o = rec_b_pending[0];
  generate
    if (Engines == 1) begin : g_dest_one
      assign rec_dest_o = rec_dest;
    end else begin : g_dest
      wire [EDestW-1:0] d = rec_dest[EDestW*rec_g +: EDestW];
      assign rec_dest_o = {d[EDestW-1], rec_g, d[EDestW-2:0]};
    end
  endgenerate
  wire unused_ok = &{1'b0, ld_traces, rec_b_pending, states};

`ifndef SYNTHESIS
  // Tests end in the order they were handed over; one result write at a time.
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (((ends | stops | leaf_load) & ~(EngOne << turn_q)) == {Engines{1'b0}})
        else $error("cc_tri_engines: a test ended out of turn (ends %b, stops %b; turn: engine %0d)", ends, stops, turn_q);
      assert ((res_valid & (res_valid - 1'b1)) == {Engines{1'b0}})
        else $error("cc_tri_engines: two engines write results at once (%b)", res_valid);
      assert (res_valid == {Engines{1'b0}} || res_valid == (EngOne << turn_q))
        else $error("cc_tri_engines: a result written out of turn");
      assert (!(push_i && !room_o)) else $error("cc_tri_engines: a test handed over without room");
    end
  end
`endif
endmodule
