// ---------------------------------------------------------------------------------------
// cc_mem_bridge: BAR1 word accesses from the PCI target's core port onto the SDRAM
// interface, which moves 32-byte beats.
//   write: one beat write with only the word's bytes enabled (posted, no response);
//   read:  one 128-byte record read; the word is picked from its beats and returned as
//          the port's single response. Reads are rare (results, read-back), so the
//          bridge keeps it simple and does not merge neighbouring words.
// The word selects of outstanding reads wait in a small FIFO (responses come in order;
// the PCI core port never has more than 2**RspDepthBits reads outstanding).
// ---------------------------------------------------------------------------------------
module cc_mem_bridge #(
  parameter integer Bar1Bits     = 28,
  parameter integer RspDepthBits = 4
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // from cc_pci_target (BAR1 port)
  input  wire                pci_req_valid_i,
  output wire                pci_req_ready_o,
  input  wire                pci_req_write_i,
  input  wire [Bar1Bits-1:0] pci_req_addr_i,
  input  wire [31:0]         pci_req_wdata_i,
  input  wire [3:0]          pci_req_be_i,
  output reg                 pci_rsp_valid_o,
  output reg  [31:0]         pci_rsp_data_o,
  // to the SDRAM interface
  output wire                mem_req_valid_o,
  input  wire                mem_req_ready_i,
  output wire                mem_req_write_o,
  output wire                mem_req_rec_o,
  output wire [31:0]         mem_req_addr_o,
  output wire [255:0]        mem_req_wdata_o,
  output wire [31:0]         mem_req_wstrb_o,
  input  wire                mem_rsp_valid_i,
  input  wire [255:0]        mem_rsp_data_i,
  input  wire                mem_rsp_last_i
);
  localparam integer Depth = 1 << RspDepthBits;

  wire [2:0] word = pci_req_addr_i[4:2];
  assign mem_req_valid_o = pci_req_valid_i;
  assign pci_req_ready_o = mem_req_ready_i;
  assign mem_req_write_o = pci_req_write_i;
  assign mem_req_rec_o   = !pci_req_write_i;
  assign mem_req_addr_o  = {{(32 - Bar1Bits){1'b0}}, pci_req_addr_i};
  assign mem_req_wdata_o = {8{pci_req_wdata_i}};
  assign mem_req_wstrb_o = {28'd0, pci_req_be_i} << {word, 2'b00};

  // Word selects (beat within the record, word within the beat) of reads in flight.
  reg  [4:0]              sel_q [0:Depth-1];
  reg  [RspDepthBits-1:0] wr_q, rd_q;
  reg  [1:0]              beat_q;
  wire                    read_issued = pci_req_valid_i && mem_req_ready_i && !pci_req_write_i;
  wire [4:0]              sel = sel_q[rd_q];

  always @(posedge clk_i) begin
    if (read_issued) sel_q[wr_q] <= pci_req_addr_i[6:2];
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q <= {RspDepthBits{1'b0}};
      rd_q <= {RspDepthBits{1'b0}};
      beat_q <= 2'd0;
      pci_rsp_valid_o <= 1'b0;
      pci_rsp_data_o <= 32'd0;
    end else begin
      pci_rsp_valid_o <= 1'b0;
      if (read_issued) wr_q <= wr_q + 1'b1;
      if (mem_rsp_valid_i) begin
        beat_q <= beat_q + 2'd1;
        if (beat_q == sel[4:3]) begin
          pci_rsp_valid_o <= 1'b1;
          pci_rsp_data_o <= mem_rsp_data_i[32*sel[2:0] +: 32];
        end
        if (mem_rsp_last_i) begin
          rd_q <= rd_q + 1'b1;
          beat_q <= 2'd0;
        end
      end
    end
  end
endmodule
