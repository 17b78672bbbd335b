// ---------------------------------------------------------------------------------------
// cc_delay: a chain of Depth pipeline registers (valid + data); Depth = 0 is a wire.
//
// Used to carry side-band data (tags, the DOTADD's c operand) alongside an arithmetic
// pipeline and to add output stages that a synthesis tool may retime into the logic.
//
//   valid_i/data_i --> [reg 0] --> [reg 1] --> ... --> [reg Depth-1] --> valid_o/data_o
// ---------------------------------------------------------------------------------------
module cc_delay #(
  parameter integer Width = 32,
  parameter integer Depth = 1
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             valid_i,
  input  wire [Width-1:0] data_i,
  output wire             valid_o,
  output wire [Width-1:0] data_o
);

  // Stage s feeds stage s+1; index 0 is the input, index Depth the output.
  wire             valid_w [0:Depth];
  wire [Width-1:0] data_w  [0:Depth];

  assign valid_w[0] = valid_i;
  assign data_w[0]  = data_i;

  genvar s;
  generate
    if (Depth == 0) begin : g_no_clock
      // A wire needs neither clock nor reset; consumed so lint stays quiet.
      wire unused_clk_rst = &{1'b0, clk_i, rst_ni};
    end
    for (s = 0; s < Depth; s = s + 1) begin : g_stage
      cc_pipe_reg #(
        .Width  (Width),
        .Enable (1)
      ) u_reg (
        .clk_i   (clk_i),
        .rst_ni  (rst_ni),
        .valid_i (valid_w[s]),
        .data_i  (data_w[s]),
        .valid_o (valid_w[s+1]),
        .data_o  (data_w[s+1])
      );
    end
  endgenerate

  assign valid_o = valid_w[Depth];
  assign data_o  = data_w[Depth];

`ifndef SYNTHESIS
  initial begin
    assert (Depth >= 0) else $fatal(1, "cc_delay: Depth must be >= 0");
  end
`endif

endmodule
