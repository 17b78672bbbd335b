// Test-only board memory behind BAR1 of cc_pci_target: 2**(AddrBits-2) words with byte
// enables, requests held off while stall_i is high, read data RspLatency cycles after
// acceptance (no back-pressure on responses, as the core port expects).
module cc_tb_pci_mem #(
  parameter integer AddrBits   = 16,
  parameter integer RspLatency = 6
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                stall_i,
  input  wire                req_valid_i,
  output wire                req_ready_o,
  input  wire                req_write_i,
  input  wire [AddrBits-1:0] req_addr_i,
  input  wire [31:0]         req_wdata_i,
  input  wire [3:0]          req_be_i,
  output wire                rsp_valid_o,
  output wire [31:0]         rsp_data_o
);
  reg [31:0] mem_q [0:(1 << (AddrBits-2))-1];
  reg [RspLatency-1:0] v_q;
  reg [31:0] d_q [0:RspLatency-1];
  wire fire = req_valid_i && !stall_i;
  wire [AddrBits-3:0] idx = req_addr_i[AddrBits-1:2];
  integer b, s;
  always @(posedge clk_i) begin
    if (fire && req_write_i)
      for (b = 0; b < 4; b = b + 1) if (req_be_i[b]) mem_q[idx][8*b +: 8] <= req_wdata_i[8*b +: 8];
    d_q[0] <= mem_q[idx];
    for (s = 1; s < RspLatency; s = s + 1) d_q[s] <= d_q[s-1];
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) v_q <= {RspLatency{1'b0}};
    else v_q <= {v_q[RspLatency-2:0], fire && !req_write_i};
  end
  assign req_ready_o = !stall_i;
  assign rsp_valid_o = v_q[RspLatency-1];
  assign rsp_data_o  = d_q[RspLatency-1];
  wire unused = &{1'b0, req_addr_i[1:0]};
endmodule
