// ---------------------------------------------------------------------------------------
// cc_async_fifo: a first-in first-out queue between two unrelated clock domains.
//
// Classic Gray-pointer design (Cummings, SNUG 2002): each side keeps a binary pointer one
// bit wider than the address (the extra bit tells full from empty) and publishes it Gray
// coded from a register; the other side synchronizes the Gray pointer with cc_sync (only
// one bit changes per step, so the synchronized value is always an old or the new pointer,
// never a mix) and converts it back to binary.
//
//   write side (wclk)                                 read side (rclk)
//   wptr_q --gray--> wgray_q ==cc_sync==> wgray_s --bin--> empty, rlevel
//   wfull, wlevel <--bin-- rgray_s <==cc_sync== rgray_q <--gray-- rptr_q
//
// Both flags are pessimistic (full and empty are seen late by the side that did not cause
// them), which is safe: a writer never overwrites unread data, a reader never reads
// unwritten data. wlevel_o is the writer's (over-)estimate of the entries in the queue,
// rlevel_o the reader's (under-)estimate of the entries it can pop.
//
// Handshakes: push when wvalid_i && wready_o; pop when rready_i && rvalid_o. rdata_o shows
// the head entry whenever rvalid_o is high (read from the storage without a register).
// Each side's reset must be asserted together (both domains reset at once).
// ---------------------------------------------------------------------------------------
module cc_async_fifo #(
  parameter integer Width     = 32,
  parameter integer DepthBits = 3      // 2**DepthBits entries
) (
  // write side
  input  wire               wclk_i,
  input  wire               wrst_ni,
  input  wire               wvalid_i,
  output wire               wready_o,
  input  wire [Width-1:0]   wdata_i,
  output wire [DepthBits:0] wlevel_o,
  // read side
  input  wire               rclk_i,
  input  wire               rrst_ni,
  output wire               rvalid_o,
  input  wire               rready_i,
  output wire [Width-1:0]   rdata_o,
  output wire [DepthBits:0] rlevel_o
);

  localparam integer Depth = 1 << DepthBits;
  localparam integer PtrW  = DepthBits + 1;

  function automatic [PtrW-1:0] bin2gray(input [PtrW-1:0] b);
    bin2gray = b ^ (b >> 1);
  endfunction

  function automatic [PtrW-1:0] gray2bin(input [PtrW-1:0] g);
    integer i;
    begin
      gray2bin[PtrW-1] = g[PtrW-1];
      for (i = PtrW - 2; i >= 0; i = i - 1) gray2bin[i] = gray2bin[i+1] ^ g[i];
    end
  endfunction

  reg [Width-1:0] mem_q [0:Depth-1];

  // ---- write side ------------------------------------------------------------------------
  reg  [PtrW-1:0] wptr_d, wptr_q, wgray_q;
  wire [PtrW-1:0] rgray_s;
  wire [PtrW-1:0] rptr_w = gray2bin(rgray_s);
  wire [PtrW-1:0] wlevel = wptr_q - rptr_w;
  wire            wfull  = (wlevel == Depth[PtrW-1:0]);
  wire            push   = wvalid_i && !wfull;

  always @(*) begin
    wptr_d = wptr_q;
    if (push) wptr_d = wptr_q + 1'b1;
  end

  always @(posedge wclk_i or negedge wrst_ni) begin
    if (!wrst_ni) begin
      wptr_q  <= {PtrW{1'b0}};
      wgray_q <= {PtrW{1'b0}};
    end else begin
      wptr_q  <= wptr_d;
      wgray_q <= bin2gray(wptr_d);
    end
  end

  // Storage is written only on push and needs no reset: nothing reads an empty slot.
  always @(posedge wclk_i) begin
    if (push) mem_q[wptr_q[DepthBits-1:0]] <= wdata_i;
  end

  cc_sync #(.Width(PtrW)) u_sync_rgray (
    .clk_i  (wclk_i),
    .rst_ni (wrst_ni),
    .d_i    (rgray_q),
    .q_o    (rgray_s)
  );

  assign wready_o = !wfull;
  assign wlevel_o = wlevel;

  // ---- read side -------------------------------------------------------------------------
  reg  [PtrW-1:0] rptr_d, rptr_q, rgray_q;
  wire [PtrW-1:0] wgray_s;
  wire [PtrW-1:0] wptr_r = gray2bin(wgray_s);
  wire [PtrW-1:0] rlevel = wptr_r - rptr_q;
  wire            rempty = (rlevel == {PtrW{1'b0}});
  wire            pop    = rready_i && !rempty;

  always @(*) begin
    rptr_d = rptr_q;
    if (pop) rptr_d = rptr_q + 1'b1;
  end

  always @(posedge rclk_i or negedge rrst_ni) begin
    if (!rrst_ni) begin
      rptr_q  <= {PtrW{1'b0}};
      rgray_q <= {PtrW{1'b0}};
    end else begin
      rptr_q  <= rptr_d;
      rgray_q <= bin2gray(rptr_d);
    end
  end

  cc_sync #(.Width(PtrW)) u_sync_wgray (
    .clk_i  (rclk_i),
    .rst_ni (rrst_ni),
    .d_i    (wgray_q),
    .q_o    (wgray_s)
  );

  assign rvalid_o = !rempty;
  assign rdata_o  = mem_q[rptr_q[DepthBits-1:0]];
  assign rlevel_o = rlevel;

  // ---- invariants ------------------------------------------------------------------------
`ifndef SYNTHESIS
  initial begin
    assert (DepthBits >= 1) else $fatal(1, "cc_async_fifo: DepthBits must be >= 1");
  end
  // A producer that pushes into a full queue or a consumer that pops an empty one has a
  // handshake bug: the data would be lost or invented, so stop the simulation.
  always @(posedge wclk_i) begin
    if (wrst_ni && wvalid_i && wfull) $fatal(1, "cc_async_fifo: push while full");
    if (wrst_ni && wlevel > Depth[PtrW-1:0]) $fatal(1, "cc_async_fifo: write level overflow");
  end
  always @(posedge rclk_i) begin
    if (rrst_ni && rready_i && rempty) $fatal(1, "cc_async_fifo: pop while empty");
    if (rrst_ni && rlevel > Depth[PtrW-1:0]) $fatal(1, "cc_async_fifo: read level overflow");
  end
`endif

endmodule
