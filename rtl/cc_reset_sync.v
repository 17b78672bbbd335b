// ---------------------------------------------------------------------------------------
// cc_reset_sync: a board reset entering a clock domain. Asserted asynchronously (the
// domain's flops reset at once, with or without a clock), released synchronously: the
// domain leaves reset at the second clk_i edge after rst_ni rises, so no flop of the domain
// sees the release near its clock edge (recovery/removal), and the release itself passes
// two flops against metastability (as cc_sync does for levels).
//
// Two stages: an even count keeps the core's memory phase (cc_sdram_ctrl, one memory cycle
// = two core cycles) where it was relative to the board's reset, so every query starts on
// the same memory clock edge as without the synchronizer (docs/rtl_core.md).
// ---------------------------------------------------------------------------------------
module cc_reset_sync (
  input  wire clk_i,
  input  wire rst_ni,   // the board's reset, asynchronous to clk_i
  output wire rst_no    // the domain's reset: low with rst_ni, high two clk_i edges after it
);

  reg [1:0] sync_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) sync_q <= 2'b00;
    else         sync_q <= {sync_q[0], 1'b1};
  end

  assign rst_no = sync_q[1];

endmodule
