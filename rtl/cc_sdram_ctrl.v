// ============================================================================================
// cc_sdram_ctrl: the chip's SDRAM interface (paper §4, docs/memory_system.md). It serves the
// master controller's requests to the board's DDR SDRAM: four banks, 256-bit data, bursts of
// eight beats, so one burst moves one 256-byte node pair. The chip clock runs at twice the
// memory clock: commands go out on every other chip cycle (held for the whole memory cycle),
// data moves one beat per chip cycle.
//
// Requests (valid/ready). Responses come back in request order.
//   read pair    req_write_i=0, req_rec_i=0: the 256-byte pair at req_addr_i[31:8];
//                8 response beats, beat i = bytes 32i..32i+31, rsp_last_o on beat 7.
//   read record  req_write_i=0, req_rec_i=1: the 128-byte record (node, triangle) at
//                req_addr_i[31:7]; 4 response beats, rsp_last_o on beat 3.
//   write beat   req_write_i=1: req_wdata_i to the 32-byte beat at req_addr_i[31:5], byte i
//                written iff req_wstrb_i[i] (results, BAR1 uploads). No response.
// Address bits below the unit are ignored (list entries carry their mask there).
//
// Address mapping (must match sim/cc_sdram_device.h):
//   addr = { row | col[ColBits-1:3] | bank | col[2:0] | byte[4:0] }
//   so consecutive node pairs fall into consecutive banks.
//
// Scheduling (closed page, bank look-ahead, reads out of order, responses in order):
//   * Every READ/WRITE carries auto-precharge: node-pair reads are random, a row is
//     practically never hit twice (paper §5), so rows close at once and the bank is ready
//     for its next ACTIVATE tRP later.
//   * Up to QueueDepth requests are held in arrival order; each owns a burst-sized data
//     buffer (the interface "buffers a whole node pair", paper §5).
//   * One command per memory cycle. First choice: READ/WRITE for the oldest request whose
//     row is open and whose burst fits the data bus now; else ACTIVATE for the oldest request
//     whose bank is precharged. A later request may overtake an earlier one whose bank is
//     still busy (that is what keeps the bus full when two requests in a row hit the same
//     bank). Per bank, rows open strictly in request order, so requests to one bank, and
//     with them read-after-write and write-after-read to one address, keep their order.
//   * Read beats land in their request's buffer; the oldest request's beats go to the
//     master controller as soon as they are there (no wait for the whole burst).
//
// Initialization and refresh (docs/memory_system.md, "Initialization and refresh"):
//   * After reset the controller waits TInit memory cycles, then issues PRECHARGE ALL,
//     MODE (CAS latency and burst length), two REFRESHes, and waits for the DLL (TDll after
//     MODE). Until then req_ready_o stays low: the host's BAR1 accesses are retried by the
//     PCI target, the core cannot start a query (its first request would wait).
//   * With Refresh = 1, one REFRESH is owed every TRefi memory cycles from the end of
//     initialization. An owed REFRESH goes out as soon as the request queue is empty;
//     with requests held it is postponed until RefPostpone are owed (1: not postponed past
//     the interval after it fell due).
//     To issue it, no new row is opened; the rows already open get their READ/WRITE (with
//     auto-precharge), and once every bank is precharged and past tRP the REFRESH goes
//     out. No ACTIVATE follows within TRfc. The owed count never exceeds RefPostpone, the
//     device's tREFI rule (JEDEC allows 8).
//   * Query START (sync_i): the refresh interval restarts so that every query finds the
//     schedule in the same phase, whatever the board did before: synced_o is high in the
//     decision cycle in which nothing is queued, in flight or owed, every bank is free and
//     past tRFC, and the device has a REFRESH in hand; the interval counter restarts
//     there and the query starts with the next memory cycle. The REFRESH in hand (one
//     issued ahead of time: JEDEC counts up to 8 pulled in) covers the device's next
//     tick, which may come before the restarted interval's first one, so the device is
//     never owed more than this controller counts. A second interval counter that never
//     restarts mirrors the device's count (dcred_q); while the host owns the port (host_i)
//     or a START waits, a REFRESH is pulled in whenever none is in hand, so a START
//     usually finds one and starts at once. Without refresh synced_o only waits for the
//     quiet bus.
//
//   chip cycle   0   2   4   6   8  10  12  14  16  18  20  22  24
//   command     ACa  .  RDa ACb  .  RDb ACc  .  RDc
//   data                    |a0..........a7|b0..........b7|c0...
//   -> one pair per 8 chip cycles (the bus limit) as long as the look-ahead window holds a
//      request for a bank that is ready; a repeat of one bank needs tRP + tRCD in between.
//
// Parameters: all SDRAM timings in memory cycles (see cc::ChipConfig).
// ============================================================================================
module cc_sdram_ctrl #(
  parameter integer BankBits   = 2,
  parameter integer ColBits    = 9,    // beat (column) address bits per row
  parameter integer DataW      = 256,
  parameter integer BurstLen   = 8,
  parameter integer TRp        = 2,
  parameter integer TRcd       = 2,
  parameter integer TCl        = 2,
  parameter integer TCwl       = 1,
  parameter integer TWr        = 2,
  parameter integer TRas       = 0,
  parameter integer TTurn      = 1,
  parameter integer QueueDepth = 8,    // requests held (look-ahead window), power of two
  parameter integer TInit      = 13000,  // power-up wait before the first command
  parameter integer TMrd       = 2,
  parameter integer TDll       = 200,    // MODE (DLL reset) to the first READ
  parameter integer TRefi      = 507,
  parameter integer TRfc       = 5,
  parameter integer RefPostpone = 8,     // REFRESHes that may be owed (1..8); at this many one is forced
  parameter integer Refresh    = 1,      // 0: no refresh (an ideal memory; measurements only)
  // derived
  parameter integer BeatBits   = $clog2(DataW / 8),
  parameter integer RowBits    = 32 - BeatBits - ColBits - BankBits,
  parameter integer StrbW      = DataW / 8
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // request from the master controller
  input  wire                req_valid_i,
  output wire                req_ready_o,
  input  wire                req_write_i,
  input  wire                req_rec_i,
  input  wire [31:0]         req_addr_i,
  input  wire [DataW-1:0]    req_wdata_i,
  input  wire [StrbW-1:0]    req_wstrb_i,
  // read data to the master controller
  output wire                rsp_valid_o,
  input  wire                rsp_ready_i,
  output wire [DataW-1:0]    rsp_data_o,
  output wire                rsp_last_o,
  // SDRAM pins (command codes: 0 NOP, 1 ACTIVATE, 2 READ, 3 WRITE, 4 PRECHARGE)
  output wire [2:0]          sd_cmd_o,
  output wire [BankBits-1:0] sd_bank_o,
  output wire [RowBits-1:0]  sd_row_o,   // ACTIVATE row; READ/WRITE: the open row (checker)
  output wire [ColBits-1:0]  sd_col_o,
  output wire                sd_ap_o,
  output wire                sd_wvalid_o,
  output wire [DataW-1:0]    sd_wdata_o,
  output wire [StrbW-1:0]    sd_dm_o,     // 1 = byte not written
  input  wire                sd_rvalid_i,
  input  wire [DataW-1:0]    sd_rdata_i,
  // nothing queued, in flight or buffered
  output wire                idle_o,
  // initialization complete (requests are taken from now on)
  output wire                ready_o,
  // the host owns the port (no query runs): REFRESHes may be pulled in
  input  wire                host_i,
  // a query waits to start (the core owns the port and requests nothing until synced_o)
  input  wire                sync_i,
  // the refresh interval restarts at the next memory clock edge: the query starts then
  output wire                synced_o
);
  // ------------------------------------------------------------------------ constants
`include "cc_regmap.vh"
  localparam integer Banks     = 1 << BankBits;
  localparam integer BurstBits = $clog2(BurstLen);
  localparam integer PairOff   = BeatBits + BurstBits;  // bank bits start here
  localparam integer ColHiBits = ColBits - BurstBits;
  localparam integer QIdxW     = $clog2(QueueDepth);
  // Wait counters hold the longest wait in memory cycles: a bank's, a write's burst and
  // recovery or tRAS, then tRP (cc_sdram_bank checks WrBusy + TRp + TRas fits); the bus's,
  // a read's CL and burst plus the turnaround before a write (RdToWr). The sum bounds both.
  localparam integer CntW      = $clog2(TCwl + BurstLen / 2 + TWr + TRp + TRas + TCl + TTurn + 1);

  localparam [2:0] CmdNop   = 3'd0;
  localparam [2:0] CmdAct   = 3'd1;
  localparam [2:0] CmdRead  = 3'd2;
  localparam [2:0] CmdWrite = 3'd3;
  localparam [2:0] CmdPre   = 3'd4;
  localparam [2:0] CmdRef   = 3'd5;
  localparam [2:0] CmdMode  = 3'd6;
  // Mode register 0: CAS latency and burst length (the device model's encoding,
  // sim/cc_sdram_device.h sdramModeValue).
  localparam integer ModeValue = TCl * 16 + BurstBits;
  // Initialization: one counter of memory cycles serves every wait of the sequence, and
  // after it the refresh interval.
  localparam integer LockWait  = (TDll - TMrd - TRfc > TRfc) ? TDll - TMrd - TRfc : TRfc;
  localparam integer IcntMax   = (TInit > LockWait) ? ((TInit > TRefi) ? TInit : TRefi)
                                                    : ((LockWait > TRefi) ? LockWait : TRefi);
  localparam integer IcntW     = $clog2(IcntMax + 1);
  localparam integer RfcW      = $clog2(TRfc + 1);
  localparam integer OwedW     = $clog2(RefPostpone + 2);
  // The device's REFRESH balance, mirrored: 8 + (REFRESHes counted - REFRESHes due), the
  // count of pulled-in ones clamped at 8 as the device does (0 .. 16; at least
  // 8 - RefPostpone while the tREFI rule holds).
  localparam integer PullIn    = SDRAM_REFRESH_PULL_IN;
  localparam integer CredW     = 5;
  localparam integer CredMaxI = 2 * PullIn;
  localparam [CredW-1:0] CredMax = CredMaxI[CredW-1:0];
  localparam [2:0] InitWait = 3'd0, InitPre = 3'd1, InitMode = 3'd2, InitRef1 = 3'd3,
                   InitRef2 = 3'd4, InitReady = 3'd5;

  // Memory cycles from one READ/WRITE to the earliest next one such that their data
  // bursts follow each other on the bus (with a turnaround gap when direction changes).
  localparam integer RdToRd = BurstLen / 2;
  localparam integer WrToWr = BurstLen / 2;
  localparam integer RdToWr = TCl + BurstLen / 2 + TTurn - TCwl;
  localparam integer WrToRd = TCwl + BurstLen / 2 + TTurn - TCl;

  function automatic [CntW-1:0] cnt(input integer v);  // "allowed d cycles later" -> d - 1
    cnt = (v > 1) ? v[CntW-1:0] - 1'b1 : {CntW{1'b0}};
  endfunction
  function automatic [CntW-1:0] dec(input [CntW-1:0] v);
    dec = (v == {CntW{1'b0}}) ? v : v - 1'b1;
  endfunction
  function automatic [CntW-1:0] max2(input [CntW-1:0] a, input [CntW-1:0] b);
    max2 = (a > b) ? a : b;
  endfunction

  // ------------------------------------------------------------------------ memory phase
  // phase_q = 1 in the chip cycle before a memory clock edge: the decision cycle.
  reg phase_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) phase_q <= 1'b0;
    else         phase_q <= !phase_q;
  end
  wire decide = phase_q;

  // ------------------------------------------------------------------------ request queue
  // Entries hd_q .. hd_q+cnt_q-1 in arrival order. Per entry: act (row opened for it),
  // cas (READ/WRITE issued), rcv (read beats arrived in its buffer).
  reg [BankBits-1:0]   q_bank_q  [0:QueueDepth-1];
  reg [RowBits-1:0]    q_row_q   [0:QueueDepth-1];
  reg [ColHiBits-1:0]  q_colhi_q [0:QueueDepth-1];
  reg [BurstBits-1:0]  q_sel_q   [0:QueueDepth-1];  // write: beat; record read: half in MSB
  reg                  q_write_q [0:QueueDepth-1];
  reg                  q_rec_q   [0:QueueDepth-1];
  reg [DataW-1:0]      q_wdata_q [0:QueueDepth-1];
  reg [StrbW-1:0]      q_wstrb_q [0:QueueDepth-1];
  reg [QueueDepth-1:0] q_act_q, q_act_d;
  reg [QueueDepth-1:0] q_cas_q, q_cas_d;
  localparam integer RcvW = BurstBits + 1;
  reg [QueueDepth*RcvW-1:0] q_rcv_q, q_rcv_d;      // entry e at [e*RcvW +: RcvW]
  reg [QIdxW-1:0]      hd_q, hd_d;
  reg [QIdxW:0]        cnt_q, cnt_d;
  // Read buffers: one burst per entry, beat b of entry e at e*BurstLen + b.
  reg [DataW-1:0]      rbuf_q [0:QueueDepth*BurstLen-1];

  wire             enq  = req_valid_i && req_ready_o;
  wire [QIdxW-1:0] tail = hd_q + cnt_q[QIdxW-1:0];
  wire             ready;  // initialization complete
  assign req_ready_o = ready && (cnt_q != QueueDepth[QIdxW:0]);

  // Entry fields are plain storage: written on enqueue, read while the entry is valid.
  always @(posedge clk_i) begin
    if (enq) begin
      q_bank_q[tail]  <= req_addr_i[PairOff +: BankBits];
      q_row_q[tail]   <= req_addr_i[31 -: RowBits];
      q_colhi_q[tail] <= req_addr_i[PairOff + BankBits +: ColHiBits];
      q_sel_q[tail]   <= req_addr_i[BeatBits +: BurstBits];
      q_write_q[tail] <= req_write_i;
      q_rec_q[tail]   <= req_rec_i && !req_write_i;
      q_wdata_q[tail] <= req_wdata_i;
      q_wstrb_q[tail] <= req_wstrb_i;
    end
  end

  // ------------------------------------------------------------------------ banks
  reg [CntW-1:0]  rd_wait_q, rd_wait_d;  // memory cycles until a READ may go out
  reg [CntW-1:0]  wr_wait_q, wr_wait_d;  // ... a WRITE
  wire            trk_full, trk_empty;  // read tracking (below)
  wire            wbusy;                // write data still to go out (below)
  reg             act_found, cas_found;
  reg [QIdxW-1:0] act_cand, cas_cand, k;
  integer         i;
  wire [Banks-1:0] bank_act_ok, bank_cas_ok, bank_open;
  reg  [Banks-1:0] bank_act, bank_cas;

  genvar gb;
  generate
    for (gb = 0; gb < Banks; gb = gb + 1) begin : g_bank
      cc_sdram_bank #(
        .TRp(TRp), .TRcd(TRcd), .TRas(TRas), .TCwl(TCwl), .TWr(TWr), .BurstLen(BurstLen), .CntW(CntW)
      ) u_bank (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .tick_i     (decide),
        .act_i      (bank_act[gb]),
        .cas_i      (bank_cas[gb]),
        .cas_write_i(q_write_q[cas_cand]),
        .open_o     (bank_open[gb]),
        .act_ok_o   (bank_act_ok[gb]),
        .cas_ok_o   (bank_cas_ok[gb])
      );
    end
  endgenerate

  // ------------------------------------------------------------------------ initialization, refresh
  reg [2:0]         ist_q, ist_d;      // initialization step: the last command issued (InitReady: done)
  reg [IcntW-1:0]   icnt_q, icnt_d;    // memory cycles to wait (init), to the next tREFI tick
  reg [RfcW-1:0]    rfc_q, rfc_d;      // memory cycles until ACTIVATE/REFRESH after a REFRESH
  reg [OwedW-1:0]   owed_q, owed_d;    // REFRESHes owed
  reg [IcntW-1:0]   drefi_q, drefi_d;  // memory cycles to the device's next tREFI tick (never restarted)
  reg [CredW-1:0]   dcred_q, dcred_d;  // the device's REFRESH balance + PullIn
  assign ready = (ist_q == InitReady);
  // A REFRESH is wanted when one is owed and the queue is empty, or the limit is reached;
  // from then on no row is opened until it went out.
  wire ref_want    = (Refresh != 0) && ready && (owed_q != {OwedW{1'b0}}) &&
                     ((cnt_q == {(QIdxW + 1){1'b0}}) || (owed_q >= RefPostpone[OwedW-1:0]));
  // Outside a query, with nothing queued or owed, one REFRESH is pulled in when the device
  // has none in hand (a START needs one).
  wire in_hand     = (dcred_q > PullIn[CredW-1:0]);
  wire pull_want   = (Refresh != 0) && ready && (host_i || sync_i) && !in_hand &&
                     (owed_q == {OwedW{1'b0}}) && (cnt_q == {(QIdxW + 1){1'b0}});
  wire rfc_done    = (rfc_q == {RfcW{1'b0}});
  wire act_allowed = ready && !ref_want && !pull_want && rfc_done;
  wire all_idle    = &bank_act_ok;       // every bank precharged and past tRP
  wire ref_go      = (ref_want || pull_want) && all_idle && rfc_done;
  wire tick        = decide && (icnt_q == {IcntW{1'b0}});  // the wait of this step is over
  wire dtick       = (Refresh != 0) && decide && ready && (drefi_q == {IcntW{1'b0}});  // the device's tREFI tick
  // A query's START: nothing queued, in flight or owed, every bank free and past tRFC, the
  // bus quiet, a REFRESH in hand (no tick of either interval in this decision: it would
  // change that).
  wire bus_quiet   = (cnt_q == {(QIdxW + 1){1'b0}}) && trk_empty && !wbusy &&
                     (rd_wait_q == {CntW{1'b0}}) && (wr_wait_q == {CntW{1'b0}});
  wire sync_go     = sync_i && decide && ready && bus_quiet && all_idle && rfc_done &&
                     ((Refresh == 0) || ((owed_q == {OwedW{1'b0}}) && in_hand && !tick && !dtick));

  function automatic [IcntW-1:0] icnt(input integer v);  // "next step v cycles later" -> v - 1
    icnt = (v > 1) ? v[IcntW-1:0] - 1'b1 : {IcntW{1'b0}};
  endfunction

  // ------------------------------------------------------------------------ candidates

  // Scan the window oldest first. ACTIVATE: the oldest request without a row whose bank
  // is precharged. READ/WRITE: the oldest request with an open row that may go now.
  // Because a bank holds one request's row at a time and rows open oldest first, requests
  // to one bank (so all requests to one address) are served in arrival order; only
  // requests to different banks overtake each other.
  // Scanned only in a decision cycle, the only one that uses it (a don't-care otherwise: a
  // simulator skips the scan every other chip cycle).
  always @* begin
    {act_found, cas_found, act_cand, cas_cand, k} = {(2 + 3 * QIdxW){1'bx}};
    i = 0;
    if (decide) begin
      act_found = 1'b0;
      cas_found = 1'b0;
      act_cand  = hd_q;
      cas_cand  = hd_q;
      k         = hd_q;
      for (i = 0; i < QueueDepth; i = i + 1) begin
        k = hd_q + i[QIdxW-1:0];
        if ((i < cnt_q) && !q_cas_q[k]) begin
          if (!act_found && !q_act_q[k] && bank_act_ok[q_bank_q[k]] && act_allowed) begin
            act_found = 1'b1;
            act_cand  = k;
          end
          if (!cas_found && q_act_q[k] && bank_cas_ok[q_bank_q[k]] &&
              (q_write_q[k] ? (wr_wait_q == {CntW{1'b0}})
                            : (rd_wait_q == {CntW{1'b0}}) && !trk_full)) begin
            cas_found = 1'b1;
            cas_cand  = k;
          end
        end
      end
    end
  end

  // ------------------------------------------------------------------------ command
  reg [2:0]          cmd_q, cmd_d;
  reg [BankBits-1:0] cbank_q, cbank_d;
  reg [RowBits-1:0]  crow_q, crow_d;
  reg [ColBits-1:0]  ccol_q, ccol_d;
  reg                cap_q, cap_d;
  reg                do_cas, do_act;

  always @* begin
    cmd_d = cmd_q; cbank_d = cbank_q; crow_d = crow_q; ccol_d = ccol_q; cap_d = cap_q;
    rd_wait_d = rd_wait_q;
    wr_wait_d = wr_wait_q;
    bank_act = {Banks{1'b0}};
    bank_cas = {Banks{1'b0}};
    do_cas = 1'b0;
    do_act = 1'b0;
    if (decide) begin
      cmd_d = CmdNop;
      cap_d = 1'b0;
      rd_wait_d = dec(rd_wait_q);
      wr_wait_d = dec(wr_wait_q);
      if (!ready) begin
        if (tick) begin
          cbank_d = {BankBits{1'b0}};
          crow_d  = {RowBits{1'b0}};
          ccol_d  = {ColBits{1'b0}};
          case (ist_q)
            InitWait: begin cmd_d = CmdPre; cap_d = 1'b1; end          // PRECHARGE ALL
            InitPre:  begin cmd_d = CmdMode; crow_d = ModeValue[RowBits-1:0]; end
            InitMode, InitRef1: cmd_d = CmdRef;
            default: ;
          endcase
        end
      end else if (cas_found) begin
        do_cas = 1'b1;
        bank_cas[q_bank_q[cas_cand]] = 1'b1;
        cmd_d   = q_write_q[cas_cand] ? CmdWrite : CmdRead;
        cbank_d = q_bank_q[cas_cand];
        crow_d  = q_row_q[cas_cand];
        ccol_d  = {q_colhi_q[cas_cand], {BurstBits{1'b0}}};
        cap_d   = 1'b1;
        if (q_write_q[cas_cand]) begin
          wr_wait_d = max2(wr_wait_d, cnt(WrToWr));
          rd_wait_d = max2(rd_wait_d, cnt(WrToRd));
        end else begin
          rd_wait_d = max2(rd_wait_d, cnt(RdToRd));
          wr_wait_d = max2(wr_wait_d, cnt(RdToWr));
        end
      end else if (ref_go) begin
        cmd_d = CmdRef;
      end else if (act_found) begin
        do_act = 1'b1;
        bank_act[q_bank_q[act_cand]] = 1'b1;
        cmd_d   = CmdAct;
        cbank_d = q_bank_q[act_cand];
        crow_d  = q_row_q[act_cand];
        ccol_d  = {ColBits{1'b0}};
      end
    end
  end

  // Initialization steps and the refresh bookkeeping, one step per memory cycle.
  always @* begin
    ist_d  = ist_q;
    icnt_d = icnt_q;
    rfc_d  = rfc_q;
    owed_d = owed_q;
    drefi_d = drefi_q;
    dcred_d = dcred_q;
    if (decide) begin
      icnt_d = (icnt_q == {IcntW{1'b0}}) ? icnt_q : icnt_q - 1'b1;
      rfc_d  = rfc_done ? rfc_q : rfc_q - 1'b1;
      if (tick) begin
        case (ist_q)
          InitWait:  begin ist_d = InitPre;   icnt_d = icnt(TRp);  end
          InitPre:   begin ist_d = InitMode;  icnt_d = icnt(TMrd); end
          InitMode:  begin ist_d = InitRef1;  icnt_d = icnt(TRfc); end
          InitRef1:  begin ist_d = InitRef2;  icnt_d = icnt(LockWait); end
          InitRef2:  begin ist_d = InitReady; icnt_d = icnt(TRefi); drefi_d = icnt(TRefi); end
          default:   begin icnt_d = icnt(TRefi); if (Refresh != 0) owed_d = owed_q + 1'b1; end
        endcase
      end
      if (dtick) begin
        drefi_d = icnt(TRefi);
        dcred_d = dcred_q - 1'b1;
      end else if (ready) begin
        drefi_d = drefi_q - 1'b1;
      end
      if (ref_go) begin   // pays an owed one, or is pulled in (the device counts at most 8 ahead)
        rfc_d  = TRfc[RfcW-1:0] - 1'b1;
        if (owed_d != {OwedW{1'b0}}) owed_d = owed_d - 1'b1;
        if (dcred_d != CredMax) dcred_d = dcred_d + 1'b1;
      end
      if (sync_go && (Refresh != 0)) begin  // the query's refresh interval starts here
        icnt_d = icnt(TRefi);
      end
    end
  end

  // ------------------------------------------------------------------------ read data in
  // Each READ's queue entry waits in trk until its beats came back (bursts return in
  // READ order); beat rbeat_q of the burst goes to that entry's buffer.
  wire             do_cas_rd = do_cas && !q_write_q[cas_cand];
  wire [QIdxW-1:0] trk_idx;
  wire [2:0]       trk_count;
  reg [BurstBits-1:0] rbeat_q, rbeat_d;
  wire             rbeat_end = sd_rvalid_i && (rbeat_q == {BurstBits{1'b1}});

  cc_sdram_fifo #(.Width(QIdxW), .Depth(4)) u_trk (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .push_i   (do_cas_rd),
    .wr_data_i(cas_cand),
    .pop_i    (rbeat_end),
    .rd_data_o(trk_idx),
    .empty_o  (trk_empty),
    .full_o   (trk_full),
    .count_o  (trk_count)
  );

  always @(posedge clk_i) begin
    if (sd_rvalid_i) rbuf_q[{trk_idx, rbeat_q}] <= sd_rdata_i;
  end

  // ------------------------------------------------------------------------ responses out
  // The oldest entry, once it is a READ whose next beat has arrived, hands that beat over.
  // A record read hands over only its half of the burst.
  reg [BurstBits-1:0] dcnt_q, dcnt_d;  // beats of the head already handed over
  wire                head_valid = (cnt_q != {(QIdxW + 1){1'b0}});
  wire                head_rec   = q_rec_q[hd_q];
  localparam integer  HalfM1 = BurstLen / 2 - 1;  // last beat index of a record read
  wire [BurstBits-1:0] head_beats_m1 = head_rec ? HalfM1[BurstBits-1:0] : {BurstBits{1'b1}};
  wire [BurstBits-1:0] dbeat = head_rec ? {q_sel_q[hd_q][BurstBits-1], dcnt_q[BurstBits-2:0]} : dcnt_q;
  wire                head_rd = head_valid && !q_write_q[hd_q] && q_cas_q[hd_q];
  wire [RcvW-1:0]     head_rcv = q_rcv_q[hd_q*RcvW +: RcvW];
  reg                 hdone_q, hdone_d;  // the head handed over all its beats
  assign rsp_valid_o = head_rd && !hdone_q && ({1'b0, dbeat} < head_rcv);
  assign rsp_data_o  = rbuf_q[{hd_q, dbeat}];
  assign rsp_last_o  = (dcnt_q == head_beats_m1);
  wire rsp_fire = rsp_valid_o && rsp_ready_i;
  // The head leaves the queue once all its beats were handed over and its whole burst has
  // arrived (a record read from the low half must not free its buffer while the rest of
  // the burst is still coming), or, a WRITE, once issued.
  wire retire = (head_rd && (hdone_q || (rsp_fire && rsp_last_o)) && head_rcv == BurstLen[RcvW-1:0]) ||
                (head_valid && q_write_q[hd_q] && q_cas_q[hd_q]);

  // ------------------------------------------------------------------------ bookkeeping
  always @* begin
    hd_d    = hd_q;
    q_act_d = q_act_q;
    q_cas_d = q_cas_q;
    dcnt_d  = dcnt_q;
    rbeat_d = rbeat_q;
    q_rcv_d = q_rcv_q;
    if (do_act) q_act_d[act_cand] = 1'b1;
    if (do_cas) q_cas_d[cas_cand] = 1'b1;
    if (sd_rvalid_i) begin
      rbeat_d = rbeat_q + 1'b1;
      q_rcv_d[trk_idx*RcvW +: RcvW] = q_rcv_q[trk_idx*RcvW +: RcvW] + 1'b1;
    end
    hdone_d = hdone_q;
    if (rsp_fire) dcnt_d = dcnt_q + 1'b1;
    if (rsp_fire && rsp_last_o) hdone_d = 1'b1;
    if (retire) begin
      hd_d    = hd_q + 1'b1;
      dcnt_d  = {BurstBits{1'b0}};
      hdone_d = 1'b0;
    end
    if (enq) begin
      q_act_d[tail] = 1'b0;
      q_cas_d[tail] = 1'b0;
      q_rcv_d[tail*RcvW +: RcvW] = {RcvW{1'b0}};
    end
    cnt_d = cnt_q + {{QIdxW{1'b0}}, enq} - {{QIdxW{1'b0}}, retire};
  end

  // ------------------------------------------------------------------------ write data out
  cc_sdram_wdata #(.DataW(DataW), .BurstLen(BurstLen), .TCwl(TCwl)) u_wdata (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .start_i (do_cas && q_write_q[cas_cand]),
    .data_i  (q_wdata_q[cas_cand]),
    .strb_i  (q_wstrb_q[cas_cand]),
    .sel_i   (q_sel_q[cas_cand]),
    .busy_o  (wbusy),
    .wvalid_o(sd_wvalid_o),
    .wdata_o (sd_wdata_o),
    .dm_o    (sd_dm_o)
  );

  // ------------------------------------------------------------------------ registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hd_q      <= {QIdxW{1'b0}};
      cnt_q     <= {(QIdxW + 1){1'b0}};
      q_act_q   <= {QueueDepth{1'b0}};
      q_cas_q   <= {QueueDepth{1'b0}};
      cmd_q     <= CmdNop;
      cbank_q   <= {BankBits{1'b0}};
      crow_q    <= {RowBits{1'b0}};
      ccol_q    <= {ColBits{1'b0}};
      cap_q     <= 1'b0;
      rd_wait_q <= {CntW{1'b0}};
      wr_wait_q <= {CntW{1'b0}};
      rbeat_q   <= {BurstBits{1'b0}};
      dcnt_q    <= {BurstBits{1'b0}};
      q_rcv_q   <= {(QueueDepth * RcvW){1'b0}};
      hdone_q   <= 1'b0;
      ist_q     <= InitWait;
      icnt_q    <= icnt(TInit);
      rfc_q     <= {RfcW{1'b0}};
      owed_q    <= {OwedW{1'b0}};
      drefi_q   <= {IcntW{1'b0}};
      dcred_q   <= PullIn[CredW-1:0];
    end else begin
      hd_q      <= hd_d;
      cnt_q     <= cnt_d;
      q_act_q   <= q_act_d;
      q_cas_q   <= q_cas_d;
      cmd_q     <= cmd_d;
      cbank_q   <= cbank_d;
      crow_q    <= crow_d;
      ccol_q    <= ccol_d;
      cap_q     <= cap_d;
      rd_wait_q <= rd_wait_d;
      wr_wait_q <= wr_wait_d;
      rbeat_q   <= rbeat_d;
      dcnt_q    <= dcnt_d;
      q_rcv_q   <= q_rcv_d;
      hdone_q   <= hdone_d;
      ist_q     <= ist_d;
      icnt_q    <= icnt_d;
      rfc_q     <= rfc_d;
      owed_q    <= owed_d;
      drefi_q   <= drefi_d;
      dcred_q   <= dcred_d;
    end
  end

  assign sd_cmd_o  = cmd_q;
  assign sd_bank_o = cbank_q;
  assign sd_row_o  = crow_q;
  assign sd_col_o  = ccol_q;
  assign sd_ap_o   = cap_q;
  assign idle_o    = !head_valid && trk_empty && !wbusy;
  assign ready_o   = ready;
  assign synced_o  = sync_go;

  // Byte offsets below the beat select nothing (documented above); the open flags and the
  // tracking count are only checked by assertions.
  wire unused_ok = ^{req_addr_i[BeatBits-1:0], bank_open, trk_count};

  // ------------------------------------------------------------------------ assertions
`ifndef SYNTHESIS
  integer a;
  initial begin
    assert ((1 << QIdxW) == QueueDepth && QueueDepth >= 2) else $error("cc_sdram_ctrl: QueueDepth must be a power of two >= 2");
    assert (BurstLen * DataW / 8 == 256) else $error("cc_sdram_ctrl: one burst must be one 256-byte node pair");
    assert (RowBits >= 1) else $error("cc_sdram_ctrl: geometry needs more than 32 address bits");
    assert (ModeValue < (1 << RowBits)) else $error("cc_sdram_ctrl: the mode value does not fit the row pins");
    assert (TInit >= 1 && TRfc >= 1 && TRefi > TRfc && RefPostpone >= 1 && RefPostpone <= 8) else $error("cc_sdram_ctrl: bad refresh timing");
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // Read data only arrives for READs this controller issued.
      assert (!(sd_rvalid_i && trk_empty)) else $error("cc_sdram_ctrl: read beat without a READ in flight");
      // A READ/WRITE goes only to the row its own ACTIVATE opened.
      assert (!(do_cas && !(q_act_q[cas_cand] && bank_open[q_bank_q[cas_cand]])))
        else $error("cc_sdram_ctrl: READ/WRITE without its row open");
      assert (!(do_act && (q_act_q[act_cand] || q_cas_q[act_cand]))) else $error("cc_sdram_ctrl: second ACTIVATE for one request");
      // Same-bank requests are served in arrival order (memory ordering rests on this).
      for (a = 0; a < QueueDepth; a = a + 1)
        if (do_cas && a < cnt_q) begin
          assert (!(((cas_cand - hd_q) > a[QIdxW-1:0]) && !q_cas_q[hd_q + a[QIdxW-1:0]] &&
                    q_bank_q[hd_q + a[QIdxW-1:0]] == q_bank_q[cas_cand]))
            else $error("cc_sdram_ctrl: request overtakes an older one to the same bank");
        end
      // Never more REFRESHes owed than the device allows (JEDEC: 8 postponed).
      assert (owed_q <= RefPostpone[OwedW-1:0])
        else $error("cc_sdram_ctrl: %0d REFRESHes owed", owed_q);
      assert (!(do_act && ref_want)) else $error("cc_sdram_ctrl: ACTIVATE while a REFRESH is wanted");
      // A START restarts the interval with nothing held and nothing else decided.
      assert (!(sync_go && (do_act || do_cas || ref_go || enq))) else $error("cc_sdram_ctrl: START synchronised with a command or request");
      // The mirrored device never owes more than the tREFI rule allows (it owes no more
      // than this controller counts).
      assert (Refresh == 0 || dcred_q + RefPostpone[CredW-1:0] >= PullIn[CredW-1:0])
        else $error("cc_sdram_ctrl: the device would owe more than %0d REFRESHes", RefPostpone);
      // Commands change only at memory clock edges.
      assert (decide || (cmd_d == cmd_q)) else $error("cc_sdram_ctrl: command changed off a memory edge");
      // No entry receives more beats than a burst.
      for (a = 0; a < QueueDepth; a = a + 1)
        assert (q_rcv_q[a*RcvW +: RcvW] <= BurstLen[RcvW-1:0]) else $error("cc_sdram_ctrl: buffer overrun in entry %0d", a);
    end
  end
`endif
endmodule
