// ============================================================================================
// cc_sdram_fifo: small synchronous FIFO of flip-flops (the SDRAM interface's response buffer
// and its read-tracking queue). Show-ahead: rd_data_o is the oldest entry while !empty_o.
// Push and pop in the same cycle are allowed, also when full (the pop frees the slot).
// ============================================================================================
module cc_sdram_fifo #(
  parameter integer Width = 8,
  parameter integer Depth = 4,               // any value >= 2
  parameter integer CntW  = $clog2(Depth + 1)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             push_i,
  input  wire [Width-1:0] wr_data_i,
  input  wire             pop_i,
  output wire [Width-1:0] rd_data_o,
  output wire             empty_o,
  output wire             full_o,
  output wire [CntW-1:0]  count_o
);
  localparam integer PtrW = $clog2(Depth);

  // Storage has no reset: like an SRAM, an entry is only read after it was written.
  reg [Width-1:0] mem_q [0:Depth-1];
  reg [PtrW-1:0]  rd_ptr_q, rd_ptr_d;
  reg [PtrW-1:0]  wr_ptr_q, wr_ptr_d;
  reg [CntW-1:0]  count_q, count_d;

  wire do_push = push_i && (!full_o || pop_i);
  wire do_pop  = pop_i && !empty_o;

  function automatic [PtrW-1:0] incr(input [PtrW-1:0] p);
    incr = (p == Depth[PtrW-1:0] - 1'b1) ? {PtrW{1'b0}} : p + 1'b1;
  endfunction

  always @* begin
    rd_ptr_d = rd_ptr_q;
    wr_ptr_d = wr_ptr_q;
    count_d  = count_q;
    if (do_push) wr_ptr_d = incr(wr_ptr_q);
    if (do_pop)  rd_ptr_d = incr(rd_ptr_q);
    if (do_push && !do_pop) count_d = count_q + 1'b1;
    if (do_pop && !do_push) count_d = count_q - 1'b1;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_ptr_q <= {PtrW{1'b0}};
      wr_ptr_q <= {PtrW{1'b0}};
      count_q  <= {CntW{1'b0}};
    end else begin
      rd_ptr_q <= rd_ptr_d;
      wr_ptr_q <= wr_ptr_d;
      count_q  <= count_d;
    end
  end

  always @(posedge clk_i) begin
    if (do_push) mem_q[wr_ptr_q] <= wr_data_i;
  end

  assign rd_data_o = mem_q[rd_ptr_q];
  assign empty_o   = (count_q == {CntW{1'b0}});
  assign full_o    = (count_q == Depth[CntW-1:0]);
  assign count_o   = count_q;

  // ------------------------------------------------------------------------ assertions
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(push_i && full_o && !pop_i)) else $error("cc_sdram_fifo: push while full");
      assert (!(pop_i && empty_o)) else $error("cc_sdram_fifo: pop while empty");
    end
  end
  // Only where the counter can hold more than Depth (not for Depth = 3, 7, ...).
  if ((1 << CntW) > Depth + 1) begin : g_count_check
    always @(posedge clk_i) begin
      if (rst_ni) assert (count_q <= Depth[CntW-1:0]) else $error("cc_sdram_fifo: count beyond depth");
    end
  end
`endif
endmodule
