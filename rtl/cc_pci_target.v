// ---------------------------------------------------------------------------------------
// cc_pci_target: the CollisionChip's 33 MHz, 32-bit PCI target (docs/pci.md).
//
//   PCI pins (pci_clk_i) --> bus state machine, config space --> req FIFO  --> core port
//                        <-- (this file, cc_pci_cfg)         <-- rsp FIFO  <-- (clk_i)
//                                                                  irq_i --> cc_sync --> INTA#
//
// Bus side. Tri-state pins are split into value and output enable (_o/_oe_o) so that a
// harness can resolve the bus; the turnaround ("sustained tri-state") cycle after our
// transactions drives TRDY#/STOP#/DEVSEL# high for one clock before ctl_oe_o drops.
//   * Decode is medium: DEVSEL# is driven in the second clock after the address phase.
//   * Config: type-0 cycles with IDSEL, function 0, one data phase (a longer burst gets
//     Disconnect-with-data).
//   * BAR0 (4 KiB registers): writes are posted linear bursts like BAR1's (the register
//     files take the pose in one transaction), up to the BAR's end; reads get one data
//     phase per transaction, Disconnect-with-data (a register read may have effects, so
//     nothing is read ahead).
//   * BAR1 (2**Bar1Bits bytes of board memory): linear bursts. Writes are posted into the
//     request FIFO; when it is full for WaitLimit clocks the target signals Retry (first
//     data phase) or Disconnect-without-data (later phases). Reads are delayed
//     transactions: the request is queued for the core and, if no data is back within
//     InitialWait clocks, the target Retries; the master repeats the same read and gets
//     the data then. BAR1 reads prefetch PrefetchWords words ahead of the master and keep
//     that distance while the burst goes on (never past the window); at the window end
//     the target asserts STOP# with the last word (Disconnect-with-data).
//     Words prefetched but not taken are dropped when the transaction ends; a write or a
//     read of another address also drops a pending delayed read.
//   * Non-linear burst orders (AD[1:0] != 0 on memory commands) get one data phase.
//   * PAR is generated for read data and checked for address and write data; a mismatch
//     sets Status.DPE and, for write data with Command.PER set, asserts PERR#.
//   * INTA# (open drain: inta_no = 0 asserts) follows irq_i unless Command.ID is set.
// ---------------------------------------------------------------------------------------
module cc_pci_target #(
  parameter [15:0] VendorId       = 16'h1234,
  parameter [15:0] DeviceId       = 16'hCC24,
  parameter [7:0]  RevisionId     = 8'h01,
  parameter [23:0] ClassCode      = 24'h120000,
  parameter [15:0] SubsysVendorId = 16'h1234,
  parameter [15:0] SubsysId       = 16'h0001,
  parameter integer Bar1Bits      = 30,   // BAR1 window: 1 GiB (= cc_chip BoardBytesLog2)
  parameter integer ReqDepthBits  = 4,    // PCI -> core request FIFO: 16 words
  parameter integer RspDepthBits  = 4,    // core -> PCI read data FIFO: 16 words
  parameter integer PrefetchWords = 8,    // BAR1 read prefetch (<= 2**RspDepthBits)
  parameter integer InitialWait   = 12,   // clocks to first TRDY# before Retry (<= 15)
  parameter integer WaitLimit     = 6     // clocks per later data phase before Disconnect
) (
  // ---- PCI bus ----
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
  output wire        ctl_oe_o,      // enables trdy_no, stop_no, devsel_no
  output wire        perr_no,
  output wire        perr_oe_o,
  output wire        inta_no,       // open drain: 0 = asserted, 1 = released
  // ---- core clock domain ----
  input  wire        clk_i,
  input  wire        rst_ni,
  output wire        reg_req_valid_o,
  input  wire        reg_req_ready_i,
  output wire        reg_req_write_o,
  output wire [11:0] reg_req_addr_o,
  output wire [31:0] reg_req_wdata_o,
  output wire [3:0]  reg_req_be_o,
  input  wire        reg_rsp_valid_i,
  input  wire [31:0] reg_rsp_data_i,
  output wire        mem_req_valid_o,
  input  wire        mem_req_ready_i,
  output wire        mem_req_write_o,
  output wire [Bar1Bits-1:0] mem_req_addr_o,
  output wire [31:0] mem_req_wdata_o,
  output wire [3:0]  mem_req_be_o,
  input  wire        mem_rsp_valid_i,
  input  wire [31:0] mem_rsp_data_i,
  input  wire        irq_i
);

  localparam integer ReqDepth = 1 << ReqDepthBits;
  localparam integer PfW      = 5;   // prefetch / in-flight counters (PrefetchWords <= 16)

  // Bus commands: the values on C/BE#[3:0] in the address phase (PCI 3.0 table 3-1).
  localparam [3:0] CmdMemRead      = 4'b0110;
  localparam [3:0] CmdMemWrite     = 4'b0111;
  localparam [3:0] CmdCfgRead      = 4'b1010;
  localparam [3:0] CmdCfgWrite     = 4'b1011;
  localparam [3:0] CmdMemReadMult  = 4'b1100;
  localparam [3:0] CmdMemReadLine  = 4'b1110;
  localparam [3:0] CmdMemWriteInv  = 4'b1111;

  // Bus state machine.
  localparam [2:0] SIdle   = 3'd0;  // bus idle: the next FRAME# is an address phase
  localparam [2:0] SBusy   = 3'd1;  // someone else's transaction: wait for the idle bus
  localparam [2:0] SDecode = 3'd2;  // clock after the address phase (medium decode)
  localparam [2:0] SData   = 3'd3;  // our data phases
  localparam [2:0] STurn   = 3'd4;  // drive TRDY#/STOP#/DEVSEL# high once, then release

  wire frame = !frame_ni;
  wire irdy  = !irdy_ni;
  wire [3:0] be_in = ~cbe_ni;

  // ---- configuration space ---------------------------------------------------------------
  wire [31:0]          cfg_rdata;
  wire                 cfg_we;
  wire                 set_dpe;
  wire                 irq_s;
  wire                 mem_en, perr_en, int_dis;
  wire [31:12]         bar0;
  wire [31:Bar1Bits]   bar1;
  reg  [31:0] addr_q;

  cc_pci_cfg #(
    .VendorId       (VendorId),
    .DeviceId       (DeviceId),
    .RevisionId     (RevisionId),
    .ClassCode      (ClassCode),
    .SubsysVendorId (SubsysVendorId),
    .SubsysId       (SubsysId),
    .Bar1Bits       (Bar1Bits)
  ) u_cfg (
    .clk_i     (pci_clk_i),
    .rst_ni    (pci_rst_ni),
    .idx_i     (addr_q[7:2]),
    .rdata_o   (cfg_rdata),
    .we_i      (cfg_we),
    .wdata_i   (ad_i),
    .be_i      (be_in),
    .set_dpe_i (set_dpe),
    .irq_i     (irq_s),
    .mem_en_o  (mem_en),
    .perr_en_o (perr_en),
    .int_dis_o (int_dis),
    .bar0_o    (bar0),
    .bar1_o    (bar1)
  );

  cc_sync #(.Width(1)) u_sync_irq (
    .clk_i  (pci_clk_i),
    .rst_ni (pci_rst_ni),
    .d_i    (irq_i),
    .q_o    (irq_s)
  );

  // ---- clock-crossing FIFOs ---------------------------------------------------------------
  wire                  req_wready;
  wire [ReqDepthBits:0] req_wlevel;
  wire                  req_push;
  wire [67:0]           req_wdata;
  wire                  req_rvalid, req_pop;
  wire [67:0]           req_rdata;
  wire [ReqDepthBits:0] req_rlevel;

  cc_async_fifo #(.Width(68), .DepthBits(ReqDepthBits)) u_req_fifo (
    .wclk_i   (pci_clk_i),
    .wrst_ni  (pci_rst_ni),
    .wvalid_i (req_push),
    .wready_o (req_wready),
    .wdata_i  (req_wdata),
    .wlevel_o (req_wlevel),
    .rclk_i   (clk_i),
    .rrst_ni  (rst_ni),
    .rvalid_o (req_rvalid),
    .rready_i (req_pop),
    .rdata_o  (req_rdata),
    .rlevel_o (req_rlevel)
  );

  wire                  rsp_push;
  wire [31:0]           rsp_wdata;
  wire                  rsp_wready;
  wire [RspDepthBits:0] rsp_wlevel;
  wire                  rsp_rvalid;
  wire                  rsp_pop;
  wire [31:0]           rsp_rdata;
  wire [RspDepthBits:0] rsp_rlevel;

  cc_async_fifo #(.Width(32), .DepthBits(RspDepthBits)) u_rsp_fifo (
    .wclk_i   (clk_i),
    .wrst_ni  (rst_ni),
    .wvalid_i (rsp_push),
    .wready_o (rsp_wready),
    .wdata_i  (rsp_wdata),
    .wlevel_o (rsp_wlevel),
    .rclk_i   (pci_clk_i),
    .rrst_ni  (pci_rst_ni),
    .rvalid_o (rsp_rvalid),
    .rready_i (rsp_pop),
    .rdata_o  (rsp_rdata),
    .rlevel_o (rsp_rlevel)
  );

  cc_pci_core_port #(
    .RspDepthBits (RspDepthBits),
    .Bar1Bits     (Bar1Bits)
  ) u_core_port (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .head_valid_i    (req_rvalid),
    .head_i          (req_rdata),
    .head_pop_o      (req_pop),
    .rsp_push_o      (rsp_push),
    .rsp_data_o      (rsp_wdata),
    .rsp_level_i     (rsp_wlevel),
    .reg_req_valid_o (reg_req_valid_o),
    .reg_req_ready_i (reg_req_ready_i),
    .reg_req_write_o (reg_req_write_o),
    .reg_req_addr_o  (reg_req_addr_o),
    .reg_req_wdata_o (reg_req_wdata_o),
    .reg_req_be_o    (reg_req_be_o),
    .reg_rsp_valid_i (reg_rsp_valid_i),
    .reg_rsp_data_i  (reg_rsp_data_i),
    .mem_req_valid_o (mem_req_valid_o),
    .mem_req_ready_i (mem_req_ready_i),
    .mem_req_write_o (mem_req_write_o),
    .mem_req_addr_o  (mem_req_addr_o),
    .mem_req_wdata_o (mem_req_wdata_o),
    .mem_req_be_o    (mem_req_be_o),
    .mem_rsp_valid_i (mem_rsp_valid_i),
    .mem_rsp_data_i  (mem_rsp_data_i)
  );

  // ---- bus state machine ------------------------------------------------------------------
  reg [2:0]     state_q;
  reg [3:0]     cmd_q;
  reg           idsel_q;
  reg           is_cfg_q, is_bar1_q, is_write_q;
  reg           linear_q;
  reg           first_q;      // no data moved yet in this transaction
  reg [3:0]     wait_q;       // clocks waited in the current data phase
  reg           devsel_q, trdy_q, stop_q, ctl_oe_q;
  reg           ad_oe_q;
  reg [31:0]    ad_q;
  // delayed read / prefetch bookkeeping
  reg           dr_valid_q, dr_bar1_q;
  reg [31:2]    dr_addr_q;
  reg [31:2]    rq_addr_q;   // next word to request from the core
  reg [PfW-1:0] rq_left_q;   // words still to request
  reg [PfW-1:0] infl_q;      // words requested, not yet delivered or dropped
  reg [PfW+1:0] discard_q;   // responses to drop (abandoned reads)
  // parity
  reg           pchk_q, pdata_q, pexp_q;
  reg           perr_q, perr_hold_q;
  reg           par_q, par_oe_q;

  // Decode of the captured address phase.
  wire cmd_mem_rd = (cmd_q == CmdMemRead) || (cmd_q == CmdMemReadMult) || (cmd_q == CmdMemReadLine);
  wire cmd_mem_wr = (cmd_q == CmdMemWrite) || (cmd_q == CmdMemWriteInv);
  wire cmd_cfg    = (cmd_q == CmdCfgRead) || (cmd_q == CmdCfgWrite);
  wire hit_cfg    = cmd_cfg && idsel_q && addr_q[1:0] == 2'b00 && addr_q[10:8] == 3'd0;
  wire hit_bar0   = (cmd_mem_rd || cmd_mem_wr) && mem_en && addr_q[31:12] == bar0;
  wire hit_bar1   = (cmd_mem_rd || cmd_mem_wr) && mem_en && addr_q[31:Bar1Bits] == bar1 && !hit_bar0;

  // Words from an address to the end of the BAR1 window, capped at PrefetchWords.
  wire [Bar1Bits-3:0] words_to_end = ~addr_q[Bar1Bits-1:2];   // minus one
  wire [PfW-1:0] pf_words = ({{(34-Bar1Bits){1'b0}}, words_to_end} >= PrefetchWords - 1)
                            ? PrefetchWords[PfW-1:0]
                            : words_to_end[PfW-1:0] + 1'b1;
  wire at_window_end = &addr_q[Bar1Bits-1:2];
  wire at_bar0_end   = &addr_q[11:2];
  // Streaming prefetch: while a BAR1 read burst goes on, every word taken by the master
  // queues one more, as long as the next word to request is still inside the window
  // (the window is aligned to its size, so leaving it wraps the offset to zero).
  wire [31:2] rq_next = rq_addr_q + {{(30-PfW){1'b0}}, rq_left_q};
  wire        rq_more = rq_next[Bar1Bits-1:2] != {(Bar1Bits-2){1'b0}};

  // Data-phase events at this clock edge (values sampled from the bus).
  wire in_data  = (state_q == SData);
  wire complete = in_data && irdy && (trdy_q || stop_q);
  wire xfer     = in_data && irdy && trdy_q;
  wire final_ph = complete && !frame;

  // One request FIFO write per clock: write data first, then read requests.
  wire wr_push  = xfer && is_write_q && !is_cfg_q;
  wire rd_push  = !wr_push && rq_left_q != {PfW{1'b0}} && req_wready;
  wire disc_pop = discard_q != {(PfW+2){1'b0}} && rsp_rvalid;
  wire [ReqDepthBits+1:0] req_used = {1'b0, req_wlevel} + {{(ReqDepthBits+1){1'b0}}, (wr_push | rd_push)};
  wire req_room = req_used < ReqDepth[ReqDepthBits+1:0];

  assign cfg_we  = xfer && is_cfg_q && is_write_q;

  // The FIFOs' ports at this edge: a write burst's data word or the next read request, a
  // read word offered to the master or a response of an abandoned read dropped.
  // A new data phase of a read offers the next word when it is in and none is to be dropped.
  wire new_phase  = in_data && !final_ph && !stop_q && !(trdy_q && !xfer);
  wire offer_read = new_phase && !is_write_q && !is_cfg_q && discard_q == {(PfW+2){1'b0}} &&
                    rsp_rvalid && infl_q != {PfW{1'b0}};
  assign req_push  = wr_push || rd_push;
  assign req_wdata = wr_push ? {is_bar1_q, 1'b1, be_in, addr_q[31:2], ad_i}
                             : {dr_bar1_q, 1'b0, 4'hF, rq_addr_q, 32'h0};
  assign rsp_pop   = disc_pop || offer_read;

  // The bus state machine. Its next state is computed at the edge that takes it, from the
  // pins as they are at that edge: nothing reads it between edges, so a simulator
  // evaluates it once a clock instead of at every change of a pin.
  always @(posedge pci_clk_i or negedge pci_rst_ni) begin : bus_step
    reg [2:0]     state_d;   // the next state of each register x_q
    reg [3:0]     cmd_d, wait_d;
    reg [31:0]    addr_d, ad_d;
    reg [31:2]    dr_addr_d, rq_addr_d;
    reg [PfW-1:0] rq_left_d, infl_d;
    reg [PfW+1:0] discard_d;
    reg           idsel_d, is_cfg_d, is_bar1_d, is_write_d, linear_d, first_d;
    reg           devsel_d, trdy_d, stop_d, ctl_oe_d, ad_oe_d, dr_valid_d, dr_bar1_d;
    reg           pchk_d, pdata_d, pexp_d, perr_d;
    if (!pci_rst_ni) begin
      state_q     <= SIdle;
      cmd_q       <= 4'd0;
      idsel_q     <= 1'b0;
      addr_q      <= 32'd0;
      is_cfg_q    <= 1'b0;
      is_bar1_q   <= 1'b0;
      is_write_q  <= 1'b0;
      linear_q    <= 1'b0;
      first_q     <= 1'b0;
      wait_q      <= 4'd0;
      devsel_q    <= 1'b0;
      trdy_q      <= 1'b0;
      stop_q      <= 1'b0;
      ctl_oe_q    <= 1'b0;
      ad_oe_q     <= 1'b0;
      ad_q        <= 32'd0;
      dr_valid_q  <= 1'b0;
      dr_bar1_q   <= 1'b0;
      dr_addr_q   <= 30'd0;
      rq_addr_q   <= 30'd0;
      rq_left_q   <= {PfW{1'b0}};
      infl_q      <= {PfW{1'b0}};
      discard_q   <= {(PfW+2){1'b0}};
      pchk_q      <= 1'b0;
      pdata_q     <= 1'b0;
      pexp_q      <= 1'b0;
      perr_q      <= 1'b0;
      perr_hold_q <= 1'b0;
      par_q       <= 1'b0;
      par_oe_q    <= 1'b0;
    end else begin
      state_d    = state_q;
      cmd_d      = cmd_q;
      idsel_d    = idsel_q;
      addr_d     = addr_q;
      is_cfg_d   = is_cfg_q;
      is_bar1_d  = is_bar1_q;
      is_write_d = is_write_q;
      linear_d   = linear_q;
      first_d    = first_q;
      wait_d     = wait_q;
      devsel_d   = devsel_q;
      trdy_d     = trdy_q;
      stop_d     = stop_q;
      ctl_oe_d   = ctl_oe_q;
      ad_oe_d    = ad_oe_q;
      ad_d       = ad_q;
      dr_valid_d = dr_valid_q;
      dr_bar1_d  = dr_bar1_q;
      dr_addr_d  = dr_addr_q;
      rq_addr_d  = rq_addr_q;
      rq_left_d  = rq_left_q;
      pchk_d     = 1'b0;
      pdata_d    = 1'b0;
      pexp_d     = pexp_q;
      perr_d     = 1'b0;

      // -- read-request engine: feeds the pending delayed read into the request FIFO
      infl_d    = infl_q;
      discard_d = discard_q - {{(PfW+1){1'b0}}, disc_pop};
      if (rd_push) begin
        rq_addr_d = rq_addr_q + 30'd1;
        rq_left_d = rq_left_q - 1'b1;
        infl_d    = infl_q + 1'b1;
      end

      // -- parity of what the master drove in the clock before this edge, checked next edge
      if (state_q == SIdle && frame) begin
        pchk_d = 1'b1;
        pexp_d = ^{ad_i, cbe_ni};
      end else if (xfer && is_write_q) begin
        pchk_d  = 1'b1;
        pdata_d = 1'b1;
        pexp_d  = ^{ad_i, cbe_ni};
      end
      if (pchk_q && par_i != pexp_q && pdata_q && perr_en) perr_d = 1'b1;

      case (state_q)
        SIdle: begin
          if (frame) begin
            state_d = SDecode;
            addr_d  = ad_i;
            cmd_d   = cbe_ni;   // the command code is the value on C/BE#[3:0]
            idsel_d = idsel_i;
          end
        end

        SBusy: begin
          if (!frame && !irdy) state_d = SIdle;
        end

        SDecode: begin
          if (hit_cfg || hit_bar0 || hit_bar1) begin
            state_d    = SData;
            is_cfg_d   = hit_cfg;
            is_bar1_d  = hit_bar1;
            is_write_d = hit_cfg ? cmd_q[0] : cmd_mem_wr;
            linear_d   = !hit_cfg && (!hit_bar0 || cmd_mem_wr) && addr_q[1:0] == 2'b00;
            first_d    = 1'b1;
            wait_d     = 4'd1;
            devsel_d   = 1'b1;
            ctl_oe_d   = 1'b1;
            ad_oe_d    = !(hit_cfg ? cmd_q[0] : cmd_mem_wr);
            if (hit_cfg) begin
              // Config data is at hand: TRDY# with DEVSEL#, and STOP# too (one data phase).
              trdy_d = 1'b1;
              stop_d = 1'b1;
              ad_d   = cfg_rdata;
            end else if (cmd_mem_wr) begin
              // A write makes any pending delayed read stale: drop it.
              discard_d  = discard_d + {2'b00, infl_d};
              infl_d     = {PfW{1'b0}};
              rq_left_d  = {PfW{1'b0}};
              dr_valid_d = 1'b0;
              trdy_d     = req_room;
              stop_d     = req_room && (addr_q[1:0] != 2'b00 || (hit_bar0 ? at_bar0_end : at_window_end));
            end else if (!(dr_valid_q && dr_bar1_q == hit_bar1 && dr_addr_q == addr_q[31:2])) begin
              // A new read (not the repeat of a retried one): drop the old, queue the new.
              discard_d  = discard_d + {2'b00, infl_d};
              infl_d     = {PfW{1'b0}};
              dr_valid_d = 1'b1;
              dr_bar1_d  = hit_bar1;
              dr_addr_d  = addr_q[31:2];
              rq_addr_d  = addr_q[31:2];
              rq_left_d  = (hit_bar1 && addr_q[1:0] == 2'b00) ? pf_words : {{(PfW-1){1'b0}}, 1'b1};
            end
          end else begin
            state_d = SBusy;
          end
        end

        SData: begin
          if (xfer) begin
            first_d = 1'b0;
            addr_d  = addr_q + 32'd4;
            if (!is_write_q && is_bar1_q && linear_q && frame && rq_more) rq_left_d = rq_left_d + 1'b1;
          end
          if (final_ph) begin
            state_d  = STurn;
            devsel_d = 1'b0;
            trdy_d   = 1'b0;
            stop_d   = 1'b0;
            ad_oe_d  = 1'b0;
            // A read that moved data is over: what it prefetched beyond is dropped.
            if (!is_write_q && !is_cfg_q && (xfer || !first_q)) begin
              discard_d  = discard_d + {2'b00, infl_d};
              infl_d     = {PfW{1'b0}};
              rq_left_d  = {PfW{1'b0}};
              dr_valid_d = 1'b0;
            end
          end else if (stop_q) begin
            // Once STOP# is out it stays until FRAME# goes; a finished phase takes TRDY#.
            if (complete) trdy_d = 1'b0;
          end else if (trdy_q && !xfer) begin
            // TRDY# is out and the master is not ready yet: hold everything.
          end else begin
            // A new data phase starts: offer data/space now, wait, or stop.
            if (is_write_q) begin
              trdy_d = req_room;
              stop_d = req_room && (!linear_q || (is_bar1_q ? &addr_d[Bar1Bits-1:2] : &addr_d[11:2]));
            end else if (offer_read) begin
              trdy_d  = 1'b1;
              stop_d  = ({1'b0, infl_q} + {1'b0, rq_left_q} == {{PfW{1'b0}}, 1'b1}) || !linear_q;
              ad_d    = rsp_rdata;
              infl_d  = infl_d - 1'b1;
            end else begin
              trdy_d = 1'b0;
            end
            if (!trdy_d) begin
              if (is_cfg_q || wait_q >= (first_q && !xfer ? InitialWait[3:0] : WaitLimit[3:0])) begin
                stop_d = 1'b1;   // Retry (no data yet) or Disconnect-without-data
              end else begin
                wait_d = wait_q + 4'd1;
              end
            end else begin
              wait_d = 4'd0;
            end
            if (xfer) wait_d = trdy_d ? 4'd0 : 4'd1;
          end
        end

        STurn: begin
          ctl_oe_d = 1'b0;
          state_d  = (!frame && !irdy) ? SIdle : SBusy;
        end

        default: state_d = SIdle;
      endcase

      state_q     <= state_d;
      cmd_q       <= cmd_d;
      idsel_q     <= idsel_d;
      addr_q      <= addr_d;
      is_cfg_q    <= is_cfg_d;
      is_bar1_q   <= is_bar1_d;
      is_write_q  <= is_write_d;
      linear_q    <= linear_d;
      first_q     <= first_d;
      wait_q      <= wait_d;
      devsel_q    <= devsel_d;
      trdy_q      <= trdy_d;
      stop_q      <= stop_d;
      ctl_oe_q    <= ctl_oe_d;
      ad_oe_q     <= ad_oe_d;
      ad_q        <= ad_d;
      dr_valid_q  <= dr_valid_d;
      dr_bar1_q   <= dr_bar1_d;
      dr_addr_q   <= dr_addr_d;
      rq_addr_q   <= rq_addr_d;
      rq_left_q   <= rq_left_d;
      infl_q      <= infl_d;
      discard_q   <= discard_d;
      pchk_q      <= pchk_d;
      pdata_q     <= pdata_d;
      pexp_q      <= pexp_d;
      perr_q      <= perr_d;
      perr_hold_q <= perr_q;
      // PAR follows the AD value it covers by one clock (AD and C/BE# of that clock).
      par_q       <= ^{ad_q, cbe_ni};
      par_oe_q    <= ad_oe_q;
    end
  end

  assign set_dpe = pchk_q && (par_i != pexp_q);

  assign ad_o      = ad_q;
  assign ad_oe_o   = ad_oe_q;
  assign par_o     = par_q;
  assign par_oe_o  = par_oe_q;
  assign trdy_no   = !trdy_q;
  assign stop_no   = !stop_q;
  assign devsel_no = !devsel_q;
  assign ctl_oe_o  = ctl_oe_q;
  assign perr_no   = !perr_q;
  assign perr_oe_o = perr_q || perr_hold_q;
  assign inta_no   = !(irq_s && !int_dis);

  // The FIFO levels of the far sides are not needed here (pessimistic flags suffice).
  wire unused_lvl = &{1'b0, req_rlevel, rsp_rlevel, rsp_wready, rq_next[31:Bar1Bits]};

`ifndef SYNTHESIS
  initial begin
    assert (PrefetchWords >= 1 && PrefetchWords <= (1 << RspDepthBits) && PrefetchWords <= 15)
      else $fatal(1, "cc_pci_target: PrefetchWords must be 1..min(15, 2**RspDepthBits)");
    assert (InitialWait >= 1 && InitialWait <= 13) else $fatal(1, "cc_pci_target: InitialWait 1..13");
    assert (WaitLimit >= 1 && WaitLimit <= 6) else $fatal(1, "cc_pci_target: WaitLimit 1..6");
  end
  always @(posedge pci_clk_i) begin
    if (pci_rst_ni) begin
      // PCI: TRDY# and STOP# only with DEVSEL#; the target never drives AD on a write.
      if ((trdy_q || stop_q) && !devsel_q) $fatal(1, "cc_pci_target: TRDY#/STOP# without DEVSEL#");
      if (ad_oe_q && is_write_q) $fatal(1, "cc_pci_target: driving AD during a write");
      if (rsp_pop && !rsp_rvalid) $fatal(1, "cc_pci_target: read data popped from an empty FIFO");
      if (req_push && !req_wready) $fatal(1, "cc_pci_target: request pushed into a full FIFO");
      if (wr_push && !req_wready) $fatal(1, "cc_pci_target: write accepted without room");
    end
  end
`endif

endmodule
