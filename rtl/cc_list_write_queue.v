// =======================================================================================
// cc_list_write_queue: list entries on their way into the stack SRAM. The comparators
// append up to two entries in one cycle (one aligned node overlapping both tumbled nodes
// adds one entry to each of their lists); the SRAM takes one word per cycle when the
// controller does not need its port. Entries leave in the order they came (entry 0 of a
// two-entry push first), so every list is written in the golden model's order. The
// controller registers its pushes, so room2_o keeps room for the two of the cycle before.
// =======================================================================================
module cc_list_write_queue #(
  parameter integer Depth = 8,             // power of two, >= 4
  parameter integer AddrW = 20
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             push0_i,         // push0 and push1 together: entry 0 goes first
  input  wire [AddrW-1:0] addr0_i,
  input  wire [31:0]      data0_i,
  input  wire             push1_i,
  input  wire [AddrW-1:0] addr1_i,
  input  wire [31:0]      data1_i,
  output wire             room2_o,         // two more pushes fit after any made last cycle
  output wire             empty_o,
  output wire             valid_o,         // oldest entry, written when pop_i
  output wire [AddrW-1:0] addr_o,
  output wire [31:0]      data_o,
  input  wire             pop_i
);
  localparam integer PtrW = $clog2(Depth);

  reg [AddrW+31:0] mem_q [0:Depth-1];      // {addr, data}; no reset, read only after written
  reg [PtrW-1:0]   rd_q, rd_d, wr_q, wr_d;
  reg [PtrW:0]     count_q, count_d;

  wire             do_pop = pop_i && valid_o;
  wire [PtrW-1:0]  wr_next = wr_q + 1'b1;

  assign empty_o = count_q == {(PtrW + 1){1'b0}};
  assign valid_o = !empty_o;
  assign room2_o = count_q <= Depth[PtrW:0] - 3'd4;
  assign {addr_o, data_o} = mem_q[rd_q];

  always @(*) begin
    wr_d = wr_q + {{(PtrW - 1){1'b0}}, push0_i} + {{(PtrW - 1){1'b0}}, push1_i};
    rd_d = do_pop ? rd_q + 1'b1 : rd_q;
    count_d = count_q + {{PtrW{1'b0}}, push0_i} + {{PtrW{1'b0}}, push1_i} - {{PtrW{1'b0}}, do_pop};
  end

  // The queue's words: a write port (entry 0 of a two-entry push first).
  always @(posedge clk_i) begin
    if (push0_i) mem_q[wr_q] <= {addr0_i, data0_i};
    if (push1_i) mem_q[push0_i ? wr_next : wr_q] <= {addr1_i, data1_i};
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q <= {PtrW{1'b0}};
      wr_q <= {PtrW{1'b0}};
      count_q <= {(PtrW + 1){1'b0}};
    end else begin
      rd_q <= rd_d;
      wr_q <= wr_d;
      count_q <= count_d;
    end
  end

`ifndef SYNTHESIS
  // The controller pushes only with room2_o (two more fit after last cycle's); a pop takes
  // the oldest entry only when there is one.
  wire [PtrW+1:0] pushes = {{(PtrW + 1){1'b0}}, push0_i} + {{(PtrW + 1){1'b0}}, push1_i};
  always @(posedge clk_i) begin
    if (rst_ni && pushes != 0) begin
      assert ({1'b0, count_q} + pushes <= Depth[PtrW+1:0])
        else $error("cc_list_write_queue: %0d pushes into %0d of %0d entries", pushes, count_q, Depth);
    end
    if (rst_ni && pop_i) begin
      assert (valid_o) else $error("cc_list_write_queue: pop of an empty queue");
    end
  end
`endif
endmodule
