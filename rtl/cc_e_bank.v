// ---------------------------------------------------------------------------------------
// cc_e_bank: registers e0..e23 (paper §4.1): the aligned node's DOP, loaded from memory in
// three 256-bit beats (8 words each) under control of the master controller.
//
//   beat b (0..2) word w -> e[8*b + w]; beat 3 (flags, pointer) is not stored.
// ---------------------------------------------------------------------------------------
module cc_e_bank (
  input  wire         clk_i,
  input  wire         wr_valid_i,
  input  wire [1:0]   wr_beat_i,
  input  wire [255:0] wr_data_i,
  output wire [767:0] e_o
);

  reg [255:0] beats_q [0:2];

  integer b;
  always @(posedge clk_i) begin
    for (b = 0; b < 3; b = b + 1) begin
      if (wr_valid_i && wr_beat_i == b[1:0]) beats_q[b] <= wr_data_i;
    end
  end

  assign e_o = {beats_q[2], beats_q[1], beats_q[0]};

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (wr_valid_i) begin
      assert (wr_beat_i != 2'd3) else $error("cc_e_bank: beat 3 holds no DOP words");
    end
  end
`endif

endmodule
