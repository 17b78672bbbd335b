// =======================================================================================
// cc_event_counters: the query's event counters (docs/register_map.md, CNT_*): tumbled
// nodes transformed, aligned pairs fetched, overlap tests, triangle tests, lists, the
// deepest stack and the longest list, and the query's cycles. The master controller
// reports events as they happen; every counter saturates at 2^32 - 1 as the golden model's
// (cc::golden::Counters) does. A triangle test that ends the query hands back the counters
// as they were when that test was counted (restore_i, snap_i): the tests and traversal
// after it never count.
// =======================================================================================
module cc_event_counters #(
  parameter integer SnapW = 7 * 32          // TUMBLED .. MAX_LIST_LENGTH
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             clear_i,          // START: every counter to zero
  input  wire             cycle_i,          // a cycle of the query
  input  wire             tumbled_i,        // a tumbled node transformed
  input  wire             aligned_i,        // an aligned pair fetched
  input  wire [1:0]       overlaps_i,       // overlap tests made this cycle
  input  wire             tri_i,            // a triangle test
  input  wire             list_i,           // a list processed ...
  input  wire [31:0]      list_len_i,       // ... of this length
  input  wire             push_i,           // a frame pushed ...
  input  wire [31:0]      depth_i,          // ... onto a stack of this depth
  input  wire             restore_i,        // a test ended the query: back to snap_i
  input  wire [SnapW-1:0] snap_i,
  output wire [SnapW-1:0] counters_o,       // {TUMBLED, ALIGNED, OVERLAP, TRI, LISTS, MAX_STACK, MAX_LIST}
  output wire [63:0]      cycles_o,
  output wire [SnapW-1:0] tri_snap_o        // the counters with this cycle's triangle test counted
);
  function automatic [31:0] sat_inc(input [31:0] v);
    sat_inc = (v == 32'hFFFF_FFFF) ? v : v + 32'd1;
  endfunction
  function automatic [31:0] sat_add(input [31:0] v, input [1:0] n);
    sat_add = ({1'b0, v} + {31'd0, n} > 33'h0_FFFF_FFFF) ? 32'hFFFF_FFFF : v + {30'd0, n};
  endfunction
  function automatic [31:0] max32(input [31:0] a, input [31:0] b);
    max32 = (a > b) ? a : b;
  endfunction

  reg  [31:0] tumbled_q, tumbled_d, aligned_q, aligned_d, overlap_q, overlap_d, tri_q, tri_d;
  reg  [31:0] lists_q, lists_d, max_stack_q, max_stack_d, max_list_q, max_list_d;
  reg  [63:0] cycles_q, cycles_d;

  // The overlap count after 1, 2 or 3 tests, computed from the register alone: the
  // comparator's count arrives late in the cycle (its list state decides it), so it only
  // selects among these (docs/timing.md).
  wire [31:0] overlap_plus [1:3];
  assign overlap_plus[1] = sat_add(overlap_q, 2'd1);
  assign overlap_plus[2] = sat_add(overlap_q, 2'd2);
  assign overlap_plus[3] = sat_add(overlap_q, 2'd3);

  always @(*) begin
    tumbled_d = tumbled_q; aligned_d = aligned_q; overlap_d = overlap_q; tri_d = tri_q;
    lists_d = lists_q; max_stack_d = max_stack_q; max_list_d = max_list_q; cycles_d = cycles_q;
    if (cycle_i) cycles_d = cycles_q + 64'd1;
    if (clear_i) begin
      {tumbled_d, aligned_d, overlap_d, tri_d, lists_d, max_stack_d, max_list_d} = {SnapW{1'b0}};
      cycles_d = 64'd0;
    end
    if (tumbled_i) tumbled_d = sat_inc(tumbled_q);
    if (aligned_i) aligned_d = sat_inc(aligned_q);
    if (overlaps_i != 2'd0) overlap_d = overlap_plus[overlaps_i];
    if (tri_i) tri_d = sat_inc(tri_q);
    if (list_i) begin
      lists_d = sat_inc(lists_q);
      max_list_d = max32(max_list_q, list_len_i);
    end
    if (push_i) max_stack_d = max32(max_stack_q, depth_i + 32'd1);
    if (restore_i) {tumbled_d, aligned_d, overlap_d, tri_d, lists_d, max_stack_d, max_list_d} = snap_i;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      {tumbled_q, aligned_q, overlap_q, tri_q, lists_q, max_stack_q, max_list_q} <= {SnapW{1'b0}};
      cycles_q <= 64'd0;
    end else begin
      {tumbled_q, aligned_q, overlap_q, tri_q, lists_q, max_stack_q, max_list_q} <=
          {tumbled_d, aligned_d, overlap_d, tri_d, lists_d, max_stack_d, max_list_d};
      cycles_q <= cycles_d;
    end
  end

  assign counters_o = {tumbled_q, aligned_q, overlap_q, tri_q, lists_q, max_stack_q, max_list_q};
  assign cycles_o   = cycles_q;
  assign tri_snap_o = {tumbled_q, aligned_q, overlap_q, sat_inc(tri_q), lists_q, max_stack_q, max_list_q};

`ifndef SYNTHESIS
  // One list and one push event at most per cycle, and never while the query is cleared.
  always @(posedge clk_i) begin
    if (rst_ni && clear_i) begin
      assert (!(tumbled_i || aligned_i || overlaps_i != 2'd0 || tri_i || list_i || push_i || restore_i))
        else $error("cc_event_counters: an event in the cycle START clears the counters");
    end
  end
`endif
endmodule
