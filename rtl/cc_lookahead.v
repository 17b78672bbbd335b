// =======================================================================================
// cc_lookahead: the look-ahead engine. While the controller compares a list (the DOTADD
// units are idle then), it fetches the tumbled pair the traversal most likely visits next
// into the other bank of the tumbled-pair buffer and transforms both of its nodes, so the
// controller finds them ready (S_SPEC_WAIT) instead of fetching and transforming itself.
//
//   SP_IDLE --start--> SP_REQ --request taken--> SP_WAIT --pair in--> SP_DOT --48 results--> SP_DONE
//      ^                                                                                   |
//      +----------------------------- taken by the controller (take_i) --------------------+
//
// One lane (TwoLanes = 0): the 24 DOTADDs of node 0, then node 1's, on the shared unit
// (dot_issue_i grants them). Two lanes: node 0 on the shared unit, node 1 on the pass unit
// (pass_issue_i) in the cycles side B's triangle passes and the controller leave.
//
// Cancelled (cancel_i: the controller went elsewhere, or the query ends), the engine only
// lets its read and its DOTADDs in flight land, then goes idle: what is in flight always
// lands in its own bank.
// =======================================================================================
module cc_lookahead #(
  parameter integer TwoLanes = 1   // 1: node 1 on the pass unit (TransformLanes = 2)
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // the controller: start on a pair into a bank, cancel, take the transformed pair
  input  wire        start_i,
  input  wire        start_bank_i,
  input  wire [31:0] start_pair_i,
  input  wire        cancel_i,
  input  wire        take_i,
  // the pair's read (cc_core_mem_port) and its arrival in the tumbled-pair buffer
  output wire        req_valid_o,
  input  wire        req_accept_i,
  input  wire        pair_in_i,               // all beats of bank_o's pair are in
  // DOTADDs: what it would issue next, what it was granted, results received this cycle
  output wire        want_dot_o,              // shared unit: node node_o, output index_o
  input  wire        dot_issue_i,
  output wire        want_pass_o,             // two lanes, pass unit: node 1, output index1_o
  input  wire        pass_issue_i,
  input  wire [1:0]  results_i,
  // state
  output wire [2:0]  state_o,
  output wire        cancelled_o,
  output wire        bank_o,
  output wire [31:0] pair_o,
  output wire        node_o,
  output wire [4:0]  index_o,
  output wire [4:0]  index1_o
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_core_states.vh"
/* verilator lint_on UNUSEDPARAM */

  localparam [4:0] DotN = 5'd24;             // DOTADDs per node: one per DOP slab bound

  reg  [2:0]  state_q, state_d;
  reg         cancel_q, cancel_d;
  reg         bank_q, bank_d, node_q, node_d;
  reg  [31:0] pair_q, pair_d;
  reg  [4:0]  i_q, i_d;                      // next DOTADD of node node_q (two lanes: of node 0)
  reg  [4:0]  i1_q, i1_d;                    // two lanes: next DOTADD of node 1
  reg  [5:0]  res_q, res_d;                  // results received

  wire [5:0]  issued = TwoLanes != 0 ? {1'b0, i_q} + {1'b0, i1_q} :
                       node_q ? 6'd24 + {1'b0, i_q} : {1'b0, i_q};
  wire        last_of_node0 = i_q == DotN - 5'd1 && !node_q && TwoLanes == 0;

  always @(*) begin
    state_d = state_q;
    cancel_d = cancel_q;
    bank_d = bank_q;
    node_d = node_q;
    pair_d = pair_q;
    i_d = i_q;
    i1_d = i1_q;
    res_d = res_q + {4'd0, results_i};
    if (dot_issue_i) begin
      i_d = last_of_node0 ? 5'd0 : i_q + 5'd1;
      if (last_of_node0) node_d = 1'b1;
    end
    if (pass_issue_i) i1_d = i1_q + 5'd1;
    case (state_q)
      SP_REQ:  if (cancel_q) state_d = SP_IDLE;
               else if (req_accept_i) state_d = SP_WAIT;
      SP_WAIT: if (pair_in_i) state_d = cancel_q ? SP_IDLE : SP_DOT;
      SP_DOT:  if (res_d == issued) begin
                 if (cancel_q) state_d = SP_IDLE;
                 else if (issued == 6'd48) state_d = SP_DONE;
               end
      SP_DONE: if (cancel_q) state_d = SP_IDLE;
      default: ;
    endcase
    if (state_q == SP_IDLE) cancel_d = 1'b0;
    if (cancel_i && state_q != SP_IDLE) cancel_d = 1'b1;
    if (take_i) state_d = SP_IDLE;
    if (start_i) begin
      state_d = SP_REQ;
      bank_d = start_bank_i;
      pair_d = start_pair_i;
      node_d = 1'b0;
      i_d = 5'd0;
      i1_d = 5'd0;
      res_d = 6'd0;
    end
  end

  // The pair, bank and counters need no reset: they are loaded with every start.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= SP_IDLE;
      cancel_q <= 1'b0;
    end else begin
      state_q <= state_d;
      cancel_q <= cancel_d;
    end
  end
  always @(posedge clk_i) begin
    bank_q <= bank_d;
    node_q <= node_d;
    pair_q <= pair_d;
    i_q <= i_d;
    i1_q <= i1_d;
    res_q <= res_d;
  end

  assign req_valid_o = state_q == SP_REQ && !cancel_q;
  assign want_dot_o  = state_q == SP_DOT && !cancel_q && !((node_q || TwoLanes != 0) && i_q == DotN);
  assign want_pass_o = TwoLanes != 0 && state_q == SP_DOT && !cancel_q && i1_q != DotN;
  assign state_o     = state_q;
  assign cancelled_o = cancel_q;
  assign bank_o      = bank_q;
  assign pair_o      = pair_q;
  assign node_o      = node_q;
  assign index_o     = i_q;
  assign index1_o    = i1_q;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni && start_i) begin
      assert (state_q == SP_IDLE) else $error("cc_lookahead: started while busy (state %0d)", state_q);
    end
    if (rst_ni && state_q == SP_DOT) begin
      assert (res_q <= issued) else $error("cc_lookahead: %0d results for %0d DOTADDs issued", res_q, issued);
    end
    if (rst_ni && take_i) begin
      assert (state_q == SP_DONE) else $error("cc_lookahead: pair taken before it is transformed");
    end
  end
`endif
endmodule
