// ---------------------------------------------------------------------------------------
// cc_sync: a Stages-flop synchronizer for signals that cross into clk_i's domain.
//
// Use it only for signals that are stable for several destination cycles (levels such as
// an interrupt) or that change one bit at a time (Gray-coded FIFO pointers): each bit is
// synchronized on its own, so a multi-bit binary value could be seen half old, half new.
// Two stages give a mean time between failures far beyond the chip's life at 266 MHz.
// ---------------------------------------------------------------------------------------
module cc_sync #(
  parameter integer Width     = 1,
  parameter integer Stages    = 2,
  parameter [Width-1:0] ResetValue = {Width{1'b0}}
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [Width-1:0] d_i,
  output wire [Width-1:0] q_o
);

  reg [Width-1:0] stage_q [0:Stages-1];

  integer s;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (s = 0; s < Stages; s = s + 1) stage_q[s] <= ResetValue;
    end else begin
      stage_q[0] <= d_i;
      for (s = 1; s < Stages; s = s + 1) stage_q[s] <= stage_q[s-1];
    end
  end

  assign q_o = stage_q[Stages-1];

`ifndef SYNTHESIS
  initial begin
    assert (Stages >= 2) else $fatal(1, "cc_sync: Stages must be >= 2");
  end
`endif

endmodule
