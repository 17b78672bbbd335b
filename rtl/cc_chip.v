// =======================================================================================
// cc_chip: the CollisionChip ASIC (paper Figure 5): the PCI target in its own 33 MHz
// domain, the core (register block, register files, datapath, master controller) and the
// SDRAM interface, with the stack SRAM and the DDR SDRAM on the board outside.
//
//   PCI pins --> cc_pci_target --BAR0 words--> cc_core register bus
//                  (CDC FIFOs)  --BAR1 words--> cc_mem_bridge --+
//                               <-- INTA# <-- core irq          |  (mux: core while busy)
//                                             cc_core ----------+--> cc_sdram_ctrl --> sd_*
//                                               +--> sram_* (stack SRAM)
//
// The SDRAM interface serves the host's BAR1 accesses while the chip is idle and the core
// while a query runs; ownership changes only when the interface is idle, so a response
// always returns to whoever asked. BAR0 writes with partial byte enables are ignored (the
// registers are whole words).
// =======================================================================================
module cc_chip #(
  parameter integer DotaddStages   = 6,
  parameter integer ItMulStages    = 2,     // the IT-unit's multiplier and add/sub (cc_it_unit)
  parameter integer ItAddStages    = 2,
  parameter integer ListWords      = 262144,
  parameter integer StackFrames    = 64,
  parameter integer BoardBytesLog2 = 30,
  parameter integer SramAddrW      = 20,
  parameter integer FetchAhead     = 4,     // aligned pairs read ahead (cc_core)
  parameter integer FetchKeep      = 0,     // aligned pairs kept after use (cc_core)
  parameter integer TriQueue       = 0,     // triangle tests the controller may run ahead (cc_core)
  parameter integer TriEngines     = 1,     // triangle-test engines (cc_core, with TriQueue > 0)
  parameter integer RecStore       = 0,     // triangle records kept for the engines (cc_core)
  parameter integer LeafPlane      = 0,     // the plane unit of CTRL.LEAF_PLANE (cc_core)
  parameter integer TransformLanes = 2,     // DOTADD units the look-ahead transforms on (cc_core)
  parameter integer ListFollow     = 1,     // the fetch unit reads ahead into the next list (cc_core)
  parameter integer ResumeAhead    = 1,     // the look-ahead engine fetches the resumed pair (cc_core)
  // SDRAM (cc_sdram_ctrl): geometry, timings in memory cycles, requests held
  parameter integer BankBits       = 2,
  parameter integer ColBits        = 9,
  parameter integer TRp            = 2,
  parameter integer TRcd           = 2,
  parameter integer TCl            = 2,
  parameter integer TCwl           = 1,
  parameter integer TWr            = 2,
  parameter integer TRas           = 0,
  parameter integer TTurn          = 1,
  parameter integer SdramQueue     = 8,
  parameter integer TInit          = 13000,
  parameter integer TMrd           = 2,
  parameter integer TDll           = 200,
  parameter integer TRefi          = 507,
  parameter integer TRfc           = 5,
  parameter integer RefPostpone    = 8,
  parameter integer Refresh        = 1,
  // derived: row address bits of a 32-bit byte address with 256-bit beats (cc_sdram_ctrl's)
  parameter integer RowBits        = 32 - $clog2(256 / 8) - ColBits - BankBits
) (
  // PCI
  input  wire                 pci_clk_i,
  // The board's resets (PCI RST#, the core's): asynchronous; each enters its clock domain
  // through a cc_reset_sync (below).
  input  wire                 pci_rst_ni,
  input  wire [31:0]          ad_i,
  output wire [31:0]          ad_o,
  output wire                 ad_oe_o,
  input  wire [3:0]           cbe_ni,
  input  wire                 par_i,
  output wire                 par_o,
  output wire                 par_oe_o,
  input  wire                 frame_ni,
  input  wire                 irdy_ni,
  input  wire                 idsel_i,
  output wire                 trdy_no,
  output wire                 stop_no,
  output wire                 devsel_no,
  output wire                 ctl_oe_o,
  output wire                 perr_no,
  output wire                 perr_oe_o,
  output wire                 inta_no,
  // core clock domain
  input  wire                 clk_i,
  input  wire                 rst_ni,
  output wire [2:0]           sd_cmd_o,
  output wire [BankBits-1:0]  sd_bank_o,
  output wire [RowBits-1:0]   sd_row_o,
  output wire [ColBits-1:0]   sd_col_o,
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
  output wire                 irq_o,
  // The SDRAM interface has initialized the board memory (docs/memory_system.md): the
  // board's power-on logic waits for it before the host may use the board.
  output wire                 sd_ready_o
);
  localparam integer Bar1Bits = 28;  // BAR1: 256 MiB window onto board memory

  // ---- Resets: each domain's reset asserted with the board's, released on its own clock ----
  // The units use only these (their flops asynchronously; the simulation-only assertions
  // also as an enable, which Verilator sees as a synchronous use).
  /* verilator lint_off SYNCASYNCNET */
  wire pci_rst_n, rst_n;
  /* verilator lint_on SYNCASYNCNET */
  cc_reset_sync u_pci_rst (.clk_i(pci_clk_i), .rst_ni(pci_rst_ni), .rst_no(pci_rst_n));
  cc_reset_sync u_rst     (.clk_i(clk_i),     .rst_ni(rst_ni),     .rst_no(rst_n));

  // ---- PCI target ----
  wire                reg_req_valid, reg_req_write, reg_rsp_valid;
  wire [11:0]         reg_req_addr;
  wire [31:0]         reg_req_wdata, reg_rsp_data;
  wire [3:0]          reg_req_be;
  wire                br_req_valid, br_req_ready, br_req_write, br_rsp_valid;
  wire [Bar1Bits-1:0] br_req_addr;
  wire [31:0]         br_req_wdata, br_rsp_data;
  wire [3:0]          br_req_be;
  wire                core_irq;

  cc_pci_target #(
    .Bar1Bits (Bar1Bits)
  ) u_pci (
    .pci_clk_i       (pci_clk_i),
    .pci_rst_ni      (pci_rst_n),
    .ad_i            (ad_i),
    .ad_o            (ad_o),
    .ad_oe_o         (ad_oe_o),
    .cbe_ni          (cbe_ni),
    .par_i           (par_i),
    .par_o           (par_o),
    .par_oe_o        (par_oe_o),
    .frame_ni        (frame_ni),
    .irdy_ni         (irdy_ni),
    .idsel_i         (idsel_i),
    .trdy_no         (trdy_no),
    .stop_no         (stop_no),
    .devsel_no       (devsel_no),
    .ctl_oe_o        (ctl_oe_o),
    .perr_no         (perr_no),
    .perr_oe_o       (perr_oe_o),
    .inta_no         (inta_no),
    .clk_i           (clk_i),
    .rst_ni          (rst_n),
    .reg_req_valid_o (reg_req_valid),
    .reg_req_ready_i (1'b1),
    .reg_req_write_o (reg_req_write),
    .reg_req_addr_o  (reg_req_addr),
    .reg_req_wdata_o (reg_req_wdata),
    .reg_req_be_o    (reg_req_be),
    .reg_rsp_valid_i (reg_rsp_valid),
    .reg_rsp_data_i  (reg_rsp_data),
    .mem_req_valid_o (br_req_valid),
    .mem_req_ready_i (br_req_ready),
    .mem_req_write_o (br_req_write),
    .mem_req_addr_o  (br_req_addr),
    .mem_req_wdata_o (br_req_wdata),
    .mem_req_be_o    (br_req_be),
    .mem_rsp_valid_i (br_rsp_valid),
    .mem_rsp_data_i  (br_rsp_data),
    .irq_i           (core_irq)
  );

  // Register bus: every read gets its response the next cycle; partial writes are dropped.
  wire reg_valid = reg_req_valid && (!reg_req_write || reg_req_be == 4'hF);

  // ---- SDRAM ownership: the host (BAR1 bridge) while idle, the core while busy ----
  wire         core_busy, mem_idle, mem_sync, mem_synced;
  wire         c_req_valid, c_req_write, c_req_rec;
  wire [31:0]  c_req_addr, c_req_wstrb;
  wire [255:0] c_req_wdata;
  wire         b_req_valid, b_req_write, b_req_rec;
  wire [31:0]  b_req_addr, b_req_wstrb;
  wire [255:0] b_req_wdata;
  wire         req_ready, rsp_valid, rsp_last, c_rsp_ready;
  wire [255:0] rsp_data;
  reg          core_owns_q;
  always @(posedge clk_i or negedge rst_n) begin
    if (!rst_n) core_owns_q <= 1'b0;
    else if (!core_owns_q && core_busy && mem_idle && !b_req_valid) core_owns_q <= 1'b1;
    else if (core_owns_q && !core_busy) core_owns_q <= 1'b0;
  end
  wire         req_valid = core_owns_q ? c_req_valid : b_req_valid;
  wire         req_write = core_owns_q ? c_req_write : b_req_write;
  wire         req_rec   = core_owns_q ? c_req_rec   : b_req_rec;
  wire [31:0]  req_addr  = core_owns_q ? c_req_addr  : b_req_addr;
  wire [31:0]  req_wstrb = core_owns_q ? c_req_wstrb : b_req_wstrb;
  wire [255:0] req_wdata = core_owns_q ? c_req_wdata : b_req_wdata;
  wire         rsp_ready = core_owns_q ? c_rsp_ready : 1'b1;

  cc_mem_bridge #(
    .Bar1Bits (Bar1Bits)
  ) u_bridge (
    .clk_i           (clk_i),
    .rst_ni          (rst_n),
    .pci_req_valid_i (br_req_valid),
    .pci_req_ready_o (br_req_ready),
    .pci_req_write_i (br_req_write),
    .pci_req_addr_i  (br_req_addr),
    .pci_req_wdata_i (br_req_wdata),
    .pci_req_be_i    (br_req_be),
    .pci_rsp_valid_o (br_rsp_valid),
    .pci_rsp_data_o  (br_rsp_data),
    .mem_req_valid_o (b_req_valid),
    .mem_req_ready_i (req_ready && !core_owns_q),
    .mem_req_write_o (b_req_write),
    .mem_req_rec_o   (b_req_rec),
    .mem_req_addr_o  (b_req_addr),
    .mem_req_wdata_o (b_req_wdata),
    .mem_req_wstrb_o (b_req_wstrb),
    .mem_rsp_valid_i (rsp_valid && !core_owns_q),
    .mem_rsp_data_i  (rsp_data),
    .mem_rsp_last_i  (rsp_last)
  );

  cc_core #(
    .DotaddStages   (DotaddStages),
    .ItMulStages    (ItMulStages),
    .ItAddStages    (ItAddStages),
    .ListWords      (ListWords),
    .StackFrames    (StackFrames),
    .BoardBytesLog2 (BoardBytesLog2),
    .SramAddrW      (SramAddrW),
    .FetchAhead     (FetchAhead),
    .FetchKeep      (FetchKeep),
    .TriQueue       (TriQueue),
    .TriEngines     (TriEngines),
    .RecStore       (RecStore),
    .LeafPlane      (LeafPlane),
    .TransformLanes (TransformLanes),
    .ListFollow     (ListFollow),
    .ResumeAhead    (ResumeAhead)
  ) u_core (
    .clk_i           (clk_i),
    .rst_ni          (rst_n),
    .reg_valid_i     (reg_valid),
    .reg_write_i     (reg_req_write),
    .reg_addr_i      (reg_req_addr),
    .reg_wdata_i     (reg_req_wdata),
    .reg_rvalid_o    (reg_rsp_valid),
    .reg_rdata_o     (reg_rsp_data),
    .mem_req_valid_o (c_req_valid),
    .mem_req_ready_i (req_ready && core_owns_q),
    .mem_req_write_o (c_req_write),
    .mem_req_rec_o   (c_req_rec),
    .mem_req_addr_o  (c_req_addr),
    .mem_req_wdata_o (c_req_wdata),
    .mem_req_wstrb_o (c_req_wstrb),
    .mem_rsp_valid_i (rsp_valid && core_owns_q),
    .mem_rsp_ready_o (c_rsp_ready),
    .mem_rsp_data_i  (rsp_data),
    .mem_rsp_last_i  (rsp_last),
    .mem_idle_i      (mem_idle),
    .mem_sync_o      (mem_sync),
    .mem_synced_i    (mem_synced),
    .sram_en_o       (sram_en_o),
    .sram_we_o       (sram_we_o),
    .sram_addr_o     (sram_addr_o),
    .sram_wdata_o    (sram_wdata_o),
    .sram_rdata_i    (sram_rdata_i),
    .busy_o          (core_busy),
    .irq_o           (core_irq)
  );
  assign busy_o = core_busy;
  assign irq_o  = core_irq;

  cc_sdram_ctrl #(
    .BankBits   (BankBits),
    .ColBits    (ColBits),
    .TRp        (TRp),
    .TRcd       (TRcd),
    .TCl        (TCl),
    .TCwl       (TCwl),
    .TWr        (TWr),
    .TRas       (TRas),
    .TTurn      (TTurn),
    .QueueDepth (SdramQueue),
    .TInit      (TInit),
    .TMrd       (TMrd),
    .TDll       (TDll),
    .TRefi      (TRefi),
    .TRfc       (TRfc),
    .RefPostpone(RefPostpone),
    .Refresh    (Refresh)
  ) u_sdram (
    .clk_i       (clk_i),
    .rst_ni      (rst_n),
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
    .idle_o      (mem_idle),
    .ready_o     (sd_ready_o),
    // REFRESHes are pulled in while the host owns the port; a START synchronises only once
    // the core owns it (the host's accesses are done)
    .host_i      (!core_owns_q),
    .sync_i      (mem_sync && core_owns_q),
    .synced_o    (mem_synced)
  );
endmodule
