// ---------------------------------------------------------------------------------------
// cc_pipe_reg: one optional pipeline register with a valid bit.
//
// Arithmetic units place these at their natural cut points and enable as many as their
// stage-count parameter asks for; a disabled cut is a wire, so one RTL source serves every
// pipeline depth. Valid is reset (asynchronous, active low); data is not, because it is
// only ever looked at together with valid (saves reset wiring on wide buses). Data is only
// captured with valid, so idle cycles do not toggle the wide data registers.
// ---------------------------------------------------------------------------------------
module cc_pipe_reg #(
  parameter integer Width  = 32,
  parameter integer Enable = 1     // 1: register, 0: wire
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             valid_i,
  input  wire [Width-1:0] data_i,
  output wire             valid_o,
  output wire [Width-1:0] data_o
);

  generate
    if (Enable != 0) begin : g_reg
      reg             valid_q;
      reg [Width-1:0] data_q;

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) valid_q <= 1'b0;
        else         valid_q <= valid_i;
      end

      // The enable inside the clocked block: a simulator copies the data only with valid.
      always @(posedge clk_i) if (valid_i) data_q <= data_i;

      assign valid_o = valid_q;
      assign data_o  = data_q;
    end else begin : g_wire
      // A wire needs neither clock nor reset; consumed so lint stays quiet.
      wire unused_clk_rst = &{1'b0, clk_i, rst_ni};
      assign valid_o = valid_i;
      assign data_o  = data_i;
    end
  endgenerate

endmodule
