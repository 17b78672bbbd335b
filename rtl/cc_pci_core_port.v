// ---------------------------------------------------------------------------------------
// cc_pci_core_port: the core-clock end of the PCI target. It takes the requests that
// cc_pci_target queued in the PCI domain (one 32-bit word each, strictly in bus order),
// hands them to the register bus (BAR0) or to the memory port (BAR1) and queues read data
// back towards the PCI domain.
//
//   request entry (from the PCI->core FIFO)       both ports (prefix reg_ / mem_):
//   [67] bar1  [66] write  [65:62] byte enables     req_valid_o/req_ready_i handshake,
//   [61:32] word offset in the BAR  [31:0] data     req_write_o, req_addr_o (byte offset
//                                                   in the BAR), req_wdata_o, req_be_o;
//                                                   rsp_valid_i/rsp_data_i: one response
//                                                   per read, in order, no back-pressure.
//
// Why reads are throttled: responses have no back-pressure, so a read is only issued when
// the response FIFO is sure to have room for it (its writer-side level plus the reads
// still outstanding stays below its depth). Responses of the two ports must come back in
// request order; reads only go to one port at a time, so no reordering is ever needed.
// Writes are posted and never wait for responses.
// ---------------------------------------------------------------------------------------
module cc_pci_core_port #(
  parameter integer RspDepthBits = 4,
  parameter integer Bar1Bits     = 30
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // request FIFO head
  input  wire                  head_valid_i,
  input  wire [67:0]           head_i,
  output wire                  head_pop_o,
  // response FIFO tail
  output wire                  rsp_push_o,
  output wire [31:0]           rsp_data_o,
  input  wire [RspDepthBits:0] rsp_level_i,
  // register bus (BAR0)
  output wire                  reg_req_valid_o,
  input  wire                  reg_req_ready_i,
  output wire                  reg_req_write_o,
  output wire [11:0]           reg_req_addr_o,
  output wire [31:0]           reg_req_wdata_o,
  output wire [3:0]            reg_req_be_o,
  input  wire                  reg_rsp_valid_i,
  input  wire [31:0]           reg_rsp_data_i,
  // memory port (BAR1)
  output wire                  mem_req_valid_o,
  input  wire                  mem_req_ready_i,
  output wire                  mem_req_write_o,
  output wire [Bar1Bits-1:0]   mem_req_addr_o,
  output wire [31:0]           mem_req_wdata_o,
  output wire [3:0]            mem_req_be_o,
  input  wire                  mem_rsp_valid_i,
  input  wire [31:0]           mem_rsp_data_i
);

  localparam integer RspDepth = 1 << RspDepthBits;
  localparam integer CntW     = RspDepthBits + 2;

  wire        head_bar1  = head_i[67];
  wire        head_write = head_i[66];
  wire [3:0]  head_be    = head_i[65:62];
  wire [29:0] head_word  = head_i[61:32];
  wire [31:0] head_data  = head_i[31:0];

  reg  [CntW-1:0] out_d, out_q;       // reads issued, response not yet seen
  reg             out_bar1_d, out_bar1_q;

  wire [CntW-1:0] rsp_room_used = {1'b0, rsp_level_i} + out_q;
  wire read_ok  = (rsp_room_used < RspDepth[CntW-1:0]) && (out_q == {CntW{1'b0}} || out_bar1_q == head_bar1);
  wire issue_ok = head_valid_i && (head_write || read_ok);

  assign reg_req_valid_o = issue_ok && !head_bar1;
  assign mem_req_valid_o = issue_ok && head_bar1;
  assign reg_req_write_o = head_write;
  assign mem_req_write_o = head_write;
  assign reg_req_addr_o  = {head_word[9:0], 2'b00};
  assign mem_req_addr_o  = {head_word[Bar1Bits-3:0], 2'b00};
  assign reg_req_wdata_o = head_data;
  assign mem_req_wdata_o = head_data;
  assign reg_req_be_o    = head_be;
  assign mem_req_be_o    = head_be;

  wire issued = (reg_req_valid_o && reg_req_ready_i) || (mem_req_valid_o && mem_req_ready_i);
  assign head_pop_o = issued;

  wire issued_read = issued && !head_write;
  assign rsp_push_o = reg_rsp_valid_i || mem_rsp_valid_i;
  assign rsp_data_o = mem_rsp_valid_i ? mem_rsp_data_i : reg_rsp_data_i;

  always @(*) begin
    out_d      = out_q;
    out_bar1_d = out_bar1_q;
    if (issued_read) begin
      out_bar1_d = head_bar1;
    end
    out_d = out_q + {{(CntW-1){1'b0}}, issued_read} - {{(CntW-1){1'b0}}, rsp_push_o};
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      out_q      <= {CntW{1'b0}};
      out_bar1_q <= 1'b0;
    end else begin
      out_q      <= out_d;
      out_bar1_q <= out_bar1_d;
    end
  end

  // Offsets above the BAR size never reach the queue (the PCI side decodes them away).
  wire unused_word = &{1'b0, head_word[29:Bar1Bits-2]};

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (reg_rsp_valid_i && mem_rsp_valid_i)
        $fatal(1, "cc_pci_core_port: register and memory responses in the same cycle");
      if (rsp_push_o && out_q == {CntW{1'b0}})
        $fatal(1, "cc_pci_core_port: read response without an outstanding read");
      if (reg_rsp_valid_i && out_bar1_q)
        $fatal(1, "cc_pci_core_port: register response while memory reads are outstanding");
      if (mem_rsp_valid_i && !out_bar1_q)
        $fatal(1, "cc_pci_core_port: memory response while register reads are outstanding");
    end
  end
`endif

endmodule
