// Proof wrapper of rtl/cc_async_fifo.v (scripts/formal.sh, docs/formal.md).
//
// Two clocks: wclk_i and rclk_i are free inputs, and scripts/formal.sh runs yosys's multiclock
// support (clk2fflogic): every solver step is one tick of a global formal clock, at which either
// clock, both or neither may rise, so the proof covers every ratio and phase of the two clocks.
// The synchronizers are modelled as their flip-flops (a sampled Gray pointer is an old or the
// new value, never a mix: that is what the one-bit-per-step property below makes true of the
// real, metastable sampling). Both sides are reset together (one rst_ni), as the unit requires.
//
// The environment may push and pop at any time (wvalid_i, rready_i free): the unit itself
// refuses a push while wready_o is low and a pop while rvalid_o is low. A shadow count of the
// handshakes (push: wvalid_i && wready_o at a write edge; pop: rready_i && rvalid_o at a read
// edge) is the true number of entries; one push chosen by the solver (track_i) is tracked and
// must be rdata_o with its data once the entries ahead of it have been popped.
`include "cc_formal.vh"

module cc_async_fifo_formal #(
  parameter integer Width     = 4,
  parameter integer DepthBits = 2
) (
  input wire             wclk_i,
  input wire             rclk_i,
  input wire             rst_ni,
  input wire             wvalid_i,
  input wire [Width-1:0] wdata_i,
  input wire             rready_i,
  input wire             track_i
);
  localparam integer Depth = 1 << DepthBits;
  localparam integer PtrW  = DepthBits + 1;
  localparam integer WideW = PtrW + 2;     // sums of two distances without wrapping

  wire               wready, rvalid;
  wire [Width-1:0]   rdata;
  wire [PtrW-1:0]    wlevel, rlevel;

  cc_async_fifo #(.Width(Width), .DepthBits(DepthBits)) u_dut (
    .wclk_i   (wclk_i),
    .wrst_ni  (rst_ni),
    .wvalid_i (wvalid_i),
    .wready_o (wready),
    .wdata_i  (wdata_i),
    .wlevel_o (wlevel),
    .rclk_i   (rclk_i),
    .rrst_ni  (rst_ni),
    .rvalid_o (rvalid),
    .rready_i (rready_i),
    .rdata_o  (rdata),
    .rlevel_o (rlevel)
  );

  function automatic [PtrW-1:0] gray2bin(input [PtrW-1:0] g);
    integer k;
    begin
      gray2bin[PtrW-1] = g[PtrW-1];
      for (k = PtrW - 2; k >= 0; k = k - 1) gray2bin[k] = gray2bin[k+1] ^ g[k];
    end
  endfunction
  function automatic integer ones(input [PtrW-1:0] v);
    integer k;
    begin
      ones = 0;
      for (k = 0; k < PtrW; k = k + 1) ones = ones + v[k];
    end
  endfunction

  // ---- shadow model (each side in its own clock domain) ----------------------------------
  wire push = wvalid_i && wready;
  wire pop  = rready_i && rvalid;
  reg  [PtrW-1:0]  pushes_q, pops_q;     // handshakes so far, modulo 2 * Depth
  reg              trk_q;                // a push is tracked ...
  reg  [PtrW-1:0]  tnum_q;               // ... it was push number tnum_q
  reg  [Width-1:0] tdata_q;              // ... with this data
  reg              tgone_q;              // ... and it has been popped (read side)
  wire [PtrW-1:0]  count = pushes_q - pops_q;        // entries in the queue
  wire [PtrW-1:0]  tpos  = tnum_q - pops_q;          // entries ahead of the tracked one
  wire             tin   = trk_q && !tgone_q;        // the tracked entry is in the queue

  always @(posedge wclk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pushes_q <= 0;
      trk_q <= 1'b0;
    end else if (push) begin
      pushes_q <= pushes_q + 1'b1;
      if (!trk_q && track_i) trk_q <= 1'b1;
    end
  end
  always @(posedge wclk_i) if (push && !trk_q && track_i) begin
    tnum_q <= pushes_q;
    tdata_q <= wdata_i;
  end
  always @(posedge rclk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pops_q <= 0;
      tgone_q <= 1'b0;
    end else if (pop) begin
      pops_q <= pops_q + 1'b1;
      if (tin && tpos == 0) tgone_q <= 1'b1;
    end
  end

  reg init_q = 1'b1;
  reg past_valid_q = 1'b0;
  always @($global_clock) begin
    init_q <= 1'b0;
    past_valid_q <= 1'b1;
  end

  // ---- the environment -------------------------------------------------------------------
  always @(*) begin
    `CC_ASSUME(ResetAtStart, !init_q || !rst_ni)
  end

  // ---- promises --------------------------------------------------------------------------
  `CC_PEEK(peek_wgray, PtrW, u_dut.wgray_q)
  `CC_PEEK(peek_rgray, PtrW, u_dut.rgray_q)
  reg [PtrW-1:0] wgray_past_q, rgray_past_q;
  reg            rst_past_q;
  always @($global_clock) begin
    wgray_past_q <= peek_wgray;
    rgray_past_q <= peek_rgray;
    rst_past_q <= rst_ni;
  end
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(NeverMoreEntriesThanDepth, count <= Depth)
      `CC_ASSERT(NoPushWhenTrulyFull, !wready || count < Depth)
      `CC_ASSERT(NoPopWhenTrulyEmpty, !rvalid || count != 0)
      `CC_ASSERT(WriteLevelNeverBelowEntries, wlevel >= count && wlevel <= Depth)
      `CC_ASSERT(ReadLevelNeverAboveEntries, rlevel <= count)
      `CC_ASSERT(TrackedEntryLeavesInOrderWithItsData, !(tin && tpos == 0 && rvalid) || rdata == tdata_q)
    end
    if (past_valid_q && rst_past_q && rst_ni) begin
      `CC_ASSERT(WriteGrayPointerChangesOneBitAtATime, ones(peek_wgray ^ wgray_past_q) <= 1)
      `CC_ASSERT(ReadGrayPointerChangesOneBitAtATime, ones(peek_rgray ^ rgray_past_q) <= 1)
    end
  end

  // ---- auxiliary invariants on the unit's registers --------------------------------------
  // Each side's binary pointer counts its handshakes and its Gray register encodes it; each
  // synchronizer stage holds an older (or the same) pointer than the stage before it, and the
  // other side's view lags behind the truth by no more than the entries allow.
  `CC_PEEK(peek_wptr, PtrW, u_dut.wptr_q)
  `CC_PEEK(peek_rptr, PtrW, u_dut.rptr_q)
  `CC_PEEK(peek_rsync, 2 * PtrW, u_dut.u_sync_rgray.stage_q[*])   // read pointer, in wclk
  `CC_PEEK(peek_wsync, 2 * PtrW, u_dut.u_sync_wgray.stage_q[*])   // write pointer, in rclk
  `CC_PEEK(peek_mem, Depth * Width, u_dut.mem_q[*])
  wire [PtrW-1:0]  r0_lag = peek_rptr - gray2bin(peek_rsync[PtrW-1:0]);      // stage 0
  wire [PtrW-1:0]  r1_lag = peek_rptr - gray2bin(peek_rsync[2*PtrW-1:PtrW]); // stage 1 (used)
  wire [PtrW-1:0]  w0_lag = peek_wptr - gray2bin(peek_wsync[PtrW-1:0]);
  wire [PtrW-1:0]  w1_lag = peek_wptr - gray2bin(peek_wsync[2*PtrW-1:PtrW]);
  wire [DepthBits-1:0] tslot = tnum_q[DepthBits-1:0];
  reg  [Width-1:0] tslot_data;
  integer i;
  always @(*) begin
    tslot_data = peek_mem[Width-1:0];
    for (i = 1; i < Depth; i = i + 1) if (tslot == i) tslot_data = peek_mem[i * Width +: Width];
  end
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(AuxWritePointerCountsPushes, peek_wptr == pushes_q)
      `CC_ASSERT(AuxReadPointerCountsPops, peek_rptr == pops_q)
      `CC_ASSERT(AuxGrayRegistersEncodePointers,
                 peek_wgray == (peek_wptr ^ (peek_wptr >> 1)) && peek_rgray == (peek_rptr ^ (peek_rptr >> 1)))
      `CC_ASSERT(AuxReadSyncStagesInOrder, r0_lag <= r1_lag && {2'b0, r1_lag} + count <= Depth)
      `CC_ASSERT(AuxWriteSyncStagesInOrder, w0_lag <= w1_lag && w1_lag <= count)
      `CC_ASSERT(AuxTrackedEntryInTheQueue, !tin || tpos < count)
      `CC_ASSERT(AuxTrackedSlotHoldsItsData, !tin || tslot_data == tdata_q)
    end
  end

  // ---- covers ----------------------------------------------------------------------------
  always @(*) begin
    if (rst_ni) begin
      `CC_COVER(QueueFills, count == Depth && !wready)
      `CC_COVER(ReaderSeesEntriesLate, count != 0 && !rvalid)
      `CC_COVER(TrackedEntryLeaves, tin && tpos == 0 && pop)
    end
  end
endmodule
