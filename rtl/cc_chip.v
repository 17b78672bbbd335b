// =======================================================================================
// cc_chip: the CollisionChip as it sits on the board (paper Figure 5), version 1: the core
// (register block, register files, datapath, master controller) and the SDRAM interface.
// The PCI target (rtl/cc_pci_target.v, its own 33 MHz domain) goes in front of the
// register bus in the board top; until then the harness drives the register bus directly
// and loads board memory through the SDRAM device's back door (docs/rtl_core.md).
//
//   reg bus ---> cc_core ---> cc_sdram_ctrl ---> sd_* pins (DDR SDRAM device)
//                   |
//                   +-------> sram_* pins (stack SRAM)
// =======================================================================================
module cc_chip #(
  parameter integer DotaddStages   = 6,
  parameter integer ListWords      = 262144,
  parameter integer StackFrames    = 64,
  parameter integer BoardBytesLog2 = 30,
  parameter integer SramAddrW      = 20,
  parameter integer TRp            = 2,
  parameter integer TRcd           = 2,
  parameter integer TCl            = 2
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 reg_valid_i,
  input  wire                 reg_write_i,
  input  wire [11:0]          reg_addr_i,
  input  wire [31:0]          reg_wdata_i,
  output wire                 reg_rvalid_o,
  output wire [31:0]          reg_rdata_o,
  output wire [2:0]           sd_cmd_o,
  output wire [1:0]           sd_bank_o,
  output wire [15:0]          sd_row_o,
  output wire [8:0]           sd_col_o,
  output wire                 sd_ap_o,
  output wire                 sd_wvalid_o,
  output wire [255:0]         sd_wdata_o,
  output wire [31:0]          sd_dm_o,
  input  wire                 sd_rvalid_i,
  input  wire [255:0]         sd_rdata_i,
  output wire                 sram_en_o,
  output wire                 sram_we_o,
  output wire [SramAddrW-1:0] sram_addr_o,
  output wire [31:0]          sram_wdata_o,
  input  wire [31:0]          sram_rdata_i,
  output wire                 busy_o,
  output wire                 irq_o
);
  wire         req_valid, req_ready, req_write, req_rec, rsp_valid, rsp_ready, rsp_last, mem_idle;
  wire [31:0]  req_addr, req_wstrb;
  wire [255:0] req_wdata, rsp_data;

  cc_core #(
    .DotaddStages   (DotaddStages),
    .ListWords      (ListWords),
    .StackFrames    (StackFrames),
    .BoardBytesLog2 (BoardBytesLog2),
    .SramAddrW      (SramAddrW)
  ) u_core (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .reg_valid_i     (reg_valid_i),
    .reg_write_i     (reg_write_i),
    .reg_addr_i      (reg_addr_i),
    .reg_wdata_i     (reg_wdata_i),
    .reg_rvalid_o    (reg_rvalid_o),
    .reg_rdata_o     (reg_rdata_o),
    .mem_req_valid_o (req_valid),
    .mem_req_ready_i (req_ready),
    .mem_req_write_o (req_write),
    .mem_req_rec_o   (req_rec),
    .mem_req_addr_o  (req_addr),
    .mem_req_wdata_o (req_wdata),
    .mem_req_wstrb_o (req_wstrb),
    .mem_rsp_valid_i (rsp_valid),
    .mem_rsp_ready_o (rsp_ready),
    .mem_rsp_data_i  (rsp_data),
    .mem_rsp_last_i  (rsp_last),
    .mem_idle_i      (mem_idle),
    .sram_en_o       (sram_en_o),
    .sram_we_o       (sram_we_o),
    .sram_addr_o     (sram_addr_o),
    .sram_wdata_o    (sram_wdata_o),
    .sram_rdata_i    (sram_rdata_i),
    .busy_o          (busy_o),
    .irq_o           (irq_o)
  );

  cc_sdram_ctrl #(
    .TRp  (TRp),
    .TRcd (TRcd),
    .TCl  (TCl)
  ) u_sdram (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .req_valid_i (req_valid),
    .req_ready_o (req_ready),
    .req_write_i (req_write),
    .req_rec_i   (req_rec),
    .req_addr_i  (req_addr),
    .req_wdata_i (req_wdata),
    .req_wstrb_i (req_wstrb),
    .rsp_valid_o (rsp_valid),
    .rsp_ready_i (rsp_ready),
    .rsp_data_o  (rsp_data),
    .rsp_last_o  (rsp_last),
    .sd_cmd_o    (sd_cmd_o),
    .sd_bank_o   (sd_bank_o),
    .sd_row_o    (sd_row_o),
    .sd_col_o    (sd_col_o),
    .sd_ap_o     (sd_ap_o),
    .sd_wvalid_o (sd_wvalid_o),
    .sd_wdata_o  (sd_wdata_o),
    .sd_dm_o     (sd_dm_o),
    .sd_rvalid_i (sd_rvalid_i),
    .sd_rdata_i  (sd_rdata_i),
    .idle_o      (mem_idle)
  );
endmodule
