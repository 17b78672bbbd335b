// Proof wrapper of rtl/cc_sdram_fifo.v (scripts/formal.sh, docs/formal.md).
//
// The environment keeps the unit's interface promise: no push while the queue is full
// unless an entry leaves in the same cycle, no pop while it is empty. A shadow count
// follows the pushes and pops; one push, chosen freely by the solver (track_i), is
// tracked with its data and the number of entries ahead of it, and must be the head
// (rd_data_o) with that data once the entries ahead have left.
`include "cc_formal.vh"

module cc_sdram_fifo_formal #(
  parameter integer Width = 4,
  parameter integer Depth = 4
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             push_i,
  input wire [Width-1:0] wr_data_i,
  input wire             pop_i,
  input wire             track_i        // follow this cycle's push (when none is followed)
);
  localparam integer CntW = $clog2(Depth + 1);
  localparam integer PtrW = $clog2(Depth);

  wire [Width-1:0] rd_data;
  wire             empty, full;
  wire [CntW-1:0]  count;

  cc_sdram_fifo #(.Width(Width), .Depth(Depth)) u_dut (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .push_i    (push_i),
    .wr_data_i (wr_data_i),
    .pop_i     (pop_i),
    .rd_data_o (rd_data),
    .empty_o   (empty),
    .full_o    (full),
    .count_o   (count)
  );

  // ---- shadow model: the true count and one tracked entry --------------------------------
  reg              init_q = 1'b1;
  reg [CntW:0]     cnt_q;          // entries pushed and not popped
  reg              trk_q;          // an entry is tracked ...
  reg [CntW:0]     tpos_q;         // ... with this many entries ahead of it
  reg [Width-1:0]  tdata_q;        // ... and this data

  always @(posedge clk_i) init_q <= 1'b0;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= 0;
      trk_q <= 1'b0;
      tpos_q <= 0;
    end else begin
      cnt_q <= cnt_q + push_i - pop_i;
      if (trk_q && pop_i) begin
        if (tpos_q == 0) trk_q <= 1'b0;
        else tpos_q <= tpos_q - 1'b1;
      end
      if (!trk_q && push_i && track_i) begin
        trk_q <= 1'b1;
        tpos_q <= cnt_q - pop_i;
      end
    end
  end
  always @(posedge clk_i) if (!trk_q && push_i && track_i) tdata_q <= wr_data_i;

  // ---- the environment -------------------------------------------------------------------
  always @(*) begin
    `CC_ASSUME(ResetAtStart, !init_q || !rst_ni)
    if (rst_ni) begin
      `CC_ASSUME(PushOnlyWhenNotFullOrPopping, !(push_i && cnt_q == Depth && !pop_i))
      `CC_ASSUME(PopOnlyWhenNotEmpty, !(pop_i && cnt_q == 0))
    end
  end

  // ---- promises (ports) ------------------------------------------------------------------
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(CountFollowsPushesAndPops, count == cnt_q)
      `CC_ASSERT(CountWithinDepth, count <= Depth)
      `CC_ASSERT(EmptyFlagIffCountZero, empty == (count == 0))
      `CC_ASSERT(FullFlagIffCountDepth, full == (count == Depth))
      `CC_ASSERT(TrackedEntryBehindFewerThanCount, !trk_q || tpos_q < cnt_q)
      `CC_ASSERT(TrackedEntryLeavesInOrderWithItsData, !(trk_q && tpos_q == 0) || rd_data == tdata_q)
    end
  end

  // ---- auxiliary invariants on the unit's registers (what makes the induction close) -----
  `CC_PEEK(peek_rd_ptr, PtrW, u_dut.rd_ptr_q)
  `CC_PEEK(peek_wr_ptr, PtrW, u_dut.wr_ptr_q)
  `CC_PEEK(peek_mem, Depth * Width, u_dut.mem_q[*])
  // Slot arithmetic in CntW + 1 bits (a pointer plus a count stays below 2 * Depth).
  function automatic [CntW:0] wrap(input [CntW:0] v);
    wrap = (v >= Depth) ? v - Depth : v;
  endfunction
  wire [CntW:0] wr_expect = wrap(peek_rd_ptr + cnt_q);
  wire [CntW:0] tslot     = wrap(peek_rd_ptr + tpos_q);
  reg [Width-1:0] tslot_data;     // the word in the tracked entry's slot (constant selects)
  integer i;
  always @(*) begin
    tslot_data = peek_mem[Width-1:0];
    for (i = 1; i < Depth; i = i + 1) if (tslot == i) tslot_data = peek_mem[i * Width +: Width];
  end
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(AuxPointersInRange, peek_rd_ptr < Depth && peek_wr_ptr < Depth)
      `CC_ASSERT(AuxWritePointerIsReadPlusCount, peek_wr_ptr == wr_expect)
      `CC_ASSERT(AuxTrackedSlotHoldsItsData, !trk_q || tslot_data == tdata_q)
    end
  end

  // ---- covers: the environment lets the queue fill, wrap and hand the tracked entry out --
  always @(*) begin
    if (rst_ni) begin
      `CC_COVER(QueueFills, full)
      `CC_COVER(PushAndPopWhileFull, full && push_i && pop_i)
      `CC_COVER(TrackedEntryLeavesBehindOthers, trk_q && tpos_q == 0 && pop_i && peek_rd_ptr == Depth - 1)
    end
  end
endmodule
