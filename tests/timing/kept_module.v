// A small cc_chip for cc_timing's test (kept_module_test.sh): two instances of one module
// with paths through it (in to out), into it (in to a flip-flop) and out of it, chained
// across the boundary, so that a path's depth depends on both sides.
module depth_unit (
  input  wire       clk_i,
  input  wire [3:0] a_i,
  output wire [3:0] y_o,   // combinational from a_i
  output reg  [3:0] q_o    // registered
);
  assign y_o = (a_i ^ {a_i[2:0], a_i[3]}) + {a_i[0], a_i[3:1]};
  always @(posedge clk_i) q_o <= y_o & {a_i[1:0], a_i[3:2]};
endmodule

module cc_chip (
  input  wire       clk_i,
  input  wire       pci_clk_i,
  input  wire [3:0] in_i,
  input  wire       idsel_i,   // a PCI pin
  output reg  [3:0] out_o,
  output reg        inta_no
);
  reg  [3:0] r_q;
  wire [3:0] y0, y1, q0, q1;
  always @(posedge clk_i) r_q <= in_i;
  depth_unit u0 (.clk_i(clk_i), .a_i(r_q), .y_o(y0), .q_o(q0));
  depth_unit u1 (.clk_i(clk_i), .a_i(y0 + q0), .y_o(y1), .q_o(q1));
  always @(posedge clk_i) out_o <= y1 ^ q1;
  always @(posedge pci_clk_i) inta_no <= idsel_i;
endmodule
