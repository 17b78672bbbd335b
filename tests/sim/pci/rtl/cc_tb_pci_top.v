// Test-only top: cc_pci_target with the scratch register block on BAR0 and a small
// memory on BAR1 (window = memory = 2**Bar1Bits bytes). The bench drives the PCI pins
// (sim/cc_pci_host), both clocks, and the core-side stall and interrupt inputs.
module cc_tb_pci_top #(
  parameter integer Bar1Bits = 16
) (
  input  wire        pci_clk_i,
  input  wire        pci_rst_ni,
  input  wire [31:0] ad_i,
  output wire [31:0] ad_o,
  output wire        ad_oe_o,
  input  wire [3:0]  cbe_ni,
  input  wire        par_i,
  output wire        par_o,
  output wire        par_oe_o,
  input  wire        frame_ni,
  input  wire        irdy_ni,
  input  wire        idsel_i,
  output wire        trdy_no,
  output wire        stop_no,
  output wire        devsel_no,
  output wire        ctl_oe_o,
  output wire        perr_no,
  output wire        perr_oe_o,
  output wire        inta_no,
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        reg_stall_i,
  input  wire        mem_stall_i,
  input  wire        irq_i
);
  wire        reg_req_valid, reg_req_ready, reg_req_write, reg_rsp_valid;
  wire [11:0] reg_req_addr;
  wire [31:0] reg_req_wdata, reg_rsp_data;
  wire [3:0]  reg_req_be;
  wire        mem_req_valid, mem_req_ready, mem_req_write, mem_rsp_valid;
  wire [Bar1Bits-1:0] mem_req_addr;
  wire [31:0] mem_req_wdata, mem_rsp_data;
  wire [3:0]  mem_req_be;

  cc_pci_target #(.Bar1Bits(Bar1Bits)) u_target (
    .pci_clk_i (pci_clk_i), .pci_rst_ni (pci_rst_ni),
    .ad_i (ad_i), .ad_o (ad_o), .ad_oe_o (ad_oe_o), .cbe_ni (cbe_ni),
    .par_i (par_i), .par_o (par_o), .par_oe_o (par_oe_o),
    .frame_ni (frame_ni), .irdy_ni (irdy_ni), .idsel_i (idsel_i),
    .trdy_no (trdy_no), .stop_no (stop_no), .devsel_no (devsel_no), .ctl_oe_o (ctl_oe_o),
    .perr_no (perr_no), .perr_oe_o (perr_oe_o), .inta_no (inta_no),
    .clk_i (clk_i), .rst_ni (rst_ni),
    .reg_req_valid_o (reg_req_valid), .reg_req_ready_i (reg_req_ready),
    .reg_req_write_o (reg_req_write), .reg_req_addr_o (reg_req_addr),
    .reg_req_wdata_o (reg_req_wdata), .reg_req_be_o (reg_req_be),
    .reg_rsp_valid_i (reg_rsp_valid), .reg_rsp_data_i (reg_rsp_data),
    .mem_req_valid_o (mem_req_valid), .mem_req_ready_i (mem_req_ready),
    .mem_req_write_o (mem_req_write), .mem_req_addr_o (mem_req_addr),
    .mem_req_wdata_o (mem_req_wdata), .mem_req_be_o (mem_req_be),
    .mem_rsp_valid_i (mem_rsp_valid), .mem_rsp_data_i (mem_rsp_data),
    .irq_i (irq_i)
  );

  cc_tb_pci_regs u_regs (
    .clk_i (clk_i), .rst_ni (rst_ni), .stall_i (reg_stall_i),
    .req_valid_i (reg_req_valid), .req_ready_o (reg_req_ready), .req_write_i (reg_req_write),
    .req_addr_i (reg_req_addr), .req_wdata_i (reg_req_wdata), .req_be_i (reg_req_be),
    .rsp_valid_o (reg_rsp_valid), .rsp_data_o (reg_rsp_data)
  );

  cc_tb_pci_mem #(.AddrBits(Bar1Bits)) u_mem (
    .clk_i (clk_i), .rst_ni (rst_ni), .stall_i (mem_stall_i),
    .req_valid_i (mem_req_valid), .req_ready_o (mem_req_ready), .req_write_i (mem_req_write),
    .req_addr_i (mem_req_addr), .req_wdata_i (mem_req_wdata), .req_be_i (mem_req_be),
    .rsp_valid_o (mem_rsp_valid), .rsp_data_o (mem_rsp_data)
  );
endmodule
