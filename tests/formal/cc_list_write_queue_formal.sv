// Proof wrapper of rtl/cc_list_write_queue.v (scripts/formal.sh, docs/formal.md).
//
// The environment is the stack engine's controller as the unit's header describes it: it
// registers its pushes, so the pushes of a cycle (none, entry 0, entry 1 or both) are made
// only when room2_o was high in the cycle before; it pops only a valid entry. A shadow count
// follows pushes and pops; one pushed entry (track_i, entry 1 of the cycle when track1_i),
// chosen freely by the solver, is tracked with its address, data and the number of entries
// ahead of it, and must be the head with that address and data once those have left.
`include "cc_formal.vh"

module cc_list_write_queue_formal #(
  parameter integer Depth = 8,
  parameter integer AddrW = 2
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             push0_i,
  input wire [AddrW-1:0] addr0_i,
  input wire [31:0]      data0_i,
  input wire             push1_i,
  input wire [AddrW-1:0] addr1_i,
  input wire [31:0]      data1_i,
  input wire             pop_i,
  input wire             track_i,      // follow one of this cycle's pushes ...
  input wire             track1_i      // ... entry 1 (else entry 0)
);
  localparam integer PtrW = $clog2(Depth);
  localparam integer CntW = PtrW + 2;  // holds Depth + 2 (an overflow would show)

  wire             room2, empty, valid;
  wire [AddrW-1:0] addr;
  wire [31:0]      data;

  cc_list_write_queue #(.Depth(Depth), .AddrW(AddrW)) u_dut (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push0_i (push0_i),
    .addr0_i (addr0_i),
    .data0_i (data0_i),
    .push1_i (push1_i),
    .addr1_i (addr1_i),
    .data1_i (data1_i),
    .room2_o (room2),
    .empty_o (empty),
    .valid_o (valid),
    .addr_o  (addr),
    .data_o  (data),
    .pop_i   (pop_i)
  );

  // ---- shadow model ----------------------------------------------------------------------
  reg                init_q = 1'b1;
  reg                room2_past_q;   // room2_o in the cycle before (low after reset)
  reg [CntW-1:0]     cnt_q;
  reg                trk_q;
  reg [CntW-1:0]     tpos_q;
  reg [AddrW+31:0]   tentry_q;
  wire [CntW-1:0]    pushes = push0_i + push1_i;
  wire               track_now = !trk_q && track_i && (track1_i ? push1_i : push0_i);

  always @(posedge clk_i) init_q <= 1'b0;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      room2_past_q <= 1'b0;
      cnt_q <= 0;
      trk_q <= 1'b0;
      tpos_q <= 0;
    end else begin
      room2_past_q <= room2;
      cnt_q <= cnt_q + pushes - pop_i;
      if (trk_q && pop_i) begin
        if (tpos_q == 0) trk_q <= 1'b0;
        else tpos_q <= tpos_q - 1'b1;
      end
      if (track_now) begin
        trk_q <= 1'b1;
        tpos_q <= cnt_q - pop_i + (track1_i && push0_i);
      end
    end
  end
  always @(posedge clk_i) if (track_now) tentry_q <= track1_i ? {addr1_i, data1_i} : {addr0_i, data0_i};

  // ---- the environment -------------------------------------------------------------------
  always @(*) begin
    `CC_ASSUME(ResetAtStart, !init_q || !rst_ni)
    if (rst_ni) begin
      `CC_ASSUME(PushOnlyWithRoomTheCycleBefore, !(push0_i || push1_i) || room2_past_q)
      `CC_ASSUME(PopOnlyWhenValid, !pop_i || cnt_q != 0)
    end
  end

  // ---- promises (ports) ------------------------------------------------------------------
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(PushesAlwaysFit, cnt_q + pushes <= Depth)
      `CC_ASSERT(RoomMeansFourMoreFit, !room2 || cnt_q + 4 <= Depth)
      `CC_ASSERT(RoomWheneverFourMoreFit, room2 || cnt_q + 4 > Depth)
      `CC_ASSERT(EmptyIffNoEntries, empty == (cnt_q == 0))
      `CC_ASSERT(ValidIffEntries, valid == (cnt_q != 0))
      `CC_ASSERT(TrackedEntryBehindFewerThanCount, !trk_q || tpos_q < cnt_q)
      `CC_ASSERT(TrackedEntryLeavesInOrderWithItsData, !(trk_q && tpos_q == 0) || {addr, data} == tentry_q)
    end
  end

  // ---- auxiliary invariants on the unit's registers --------------------------------------
  `CC_PEEK(peek_rd, PtrW, u_dut.rd_q)
  `CC_PEEK(peek_wr, PtrW, u_dut.wr_q)
  `CC_PEEK(peek_count, PtrW + 1, u_dut.count_q)
  `CC_PEEK(peek_mem, Depth * (AddrW + 32), u_dut.mem_q[*])
  wire [PtrW-1:0] tslot = peek_rd + tpos_q[PtrW-1:0];   // Depth is a power of two
  reg [AddrW+31:0] tslot_entry;
  integer i;
  always @(*) begin
    tslot_entry = peek_mem[AddrW+31:0];
    for (i = 1; i < Depth; i = i + 1) if (tslot == i) tslot_entry = peek_mem[i * (AddrW + 32) +: AddrW + 32];
  end
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(AuxCountIsShadowCount, peek_count == cnt_q)
      `CC_ASSERT(AuxWritePointerIsReadPlusCount, peek_wr == peek_rd + cnt_q[PtrW-1:0])
      `CC_ASSERT(AuxTrackedSlotHoldsItsEntry, !trk_q || tslot_entry == tentry_q)
    end
  end

  // ---- covers ----------------------------------------------------------------------------
  always @(*) begin
    if (rst_ni) begin
      `CC_COVER(QueueFills, cnt_q == Depth)
      `CC_COVER(TwoPushesAndAPop, push0_i && push1_i && pop_i)
      `CC_COVER(TrackedEntryLeavesAcrossTheWrap, trk_q && tpos_q == 0 && pop_i && peek_rd == Depth - 1)
    end
  end
endmodule
