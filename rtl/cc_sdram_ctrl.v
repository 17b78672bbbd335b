// ============================================================================================
// cc_sdram_ctrl: the chip's SDRAM interface (paper §4, DESIGN §6). It serves the master
// controller's requests to the board's DDR SDRAM: four banks, 256-bit data, bursts of eight
// beats, so one burst moves one 256-byte node pair. The chip clock runs at twice the memory
// clock: commands go out on every other chip cycle (held for the whole memory cycle), data
// moves one beat per chip cycle.
//
// Requests (valid/ready, served strictly in order):
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
// Scheduling (closed page, in order):
//   * Every READ/WRITE carries auto-precharge: node-pair reads are random, a row is
//     practically never hit twice (paper §5), so rows are closed at once and the bank is
//     ready for its next ACTIVATE tRP later.
//   * Up to QueueDepth requests wait for their READ/WRITE. READ/WRITE commands go out in
//     request order (so responses need no reordering); ACTIVATEs go out ahead, for the
//     oldest waiting request whose bank is free, so while one burst is on the data bus the
//     next requests' rows are already opening in the other banks.
//   * One command per memory cycle; READ/WRITE of the oldest request has priority over
//     ACTIVATEs. A READ only goes out when the response buffer has room for all its beats
//     (so the data bus never stalls on a slow consumer and nothing is dropped).
//
//   chip cycle   0   2   4   6   8  10  12  14  16  18  20  22  24
//   command     ACa  .  RDa ACb  .  RDb ACc  .  RDc
//   data                    |a0..........a7|b0..........b7|c0...
//   -> one pair per 8 chip cycles (the bus limit) while consecutive requests use
//      different banks; a repeat of the previous bank costs tRP+tRCD (8 chip cycles).
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
  parameter integer QueueDepth = 4,    // requests waiting for READ/WRITE (power of two)
  parameter integer RspBeats   = 16,   // response buffer: two node pairs
  // derived
  parameter integer BeatBits   = $clog2(DataW / 8),
  parameter integer RowBits    = 32 - BeatBits - ColBits - BankBits,
  parameter integer StrbW      = DataW / 8
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  // request from the master controller
  input  wire               req_valid_i,
  output wire               req_ready_o,
  input  wire               req_write_i,
  input  wire               req_rec_i,
  input  wire [31:0]        req_addr_i,
  input  wire [DataW-1:0]   req_wdata_i,
  input  wire [StrbW-1:0]   req_wstrb_i,
  // read data to the master controller
  output wire               rsp_valid_o,
  input  wire               rsp_ready_i,
  output wire [DataW-1:0]   rsp_data_o,
  output wire               rsp_last_o,
  // SDRAM pins (command codes: 0 NOP, 1 ACTIVATE, 2 READ, 3 WRITE, 4 PRECHARGE)
  output wire [2:0]         sd_cmd_o,
  output wire [BankBits-1:0] sd_bank_o,
  output wire [RowBits-1:0] sd_row_o,   // ACTIVATE row; READ/WRITE: the open row (checker)
  output wire [ColBits-1:0] sd_col_o,
  output wire               sd_ap_o,
  output wire               sd_wvalid_o,
  output wire [DataW-1:0]   sd_wdata_o,
  output wire [StrbW-1:0]   sd_dm_o,     // 1 = byte not written
  input  wire               sd_rvalid_i,
  input  wire [DataW-1:0]   sd_rdata_i,
  // nothing queued, in flight or buffered
  output wire               idle_o
);
  // ------------------------------------------------------------------------ constants
  localparam integer Banks     = 1 << BankBits;
  localparam integer BurstBits = $clog2(BurstLen);
  localparam integer PairOff   = BeatBits + BurstBits;  // bank bits start here
  localparam integer ColHiBits = ColBits - BurstBits;
  localparam integer QIdxW     = $clog2(QueueDepth);
  localparam integer CntW      = 6;
  localparam integer RspCntW   = $clog2(RspBeats + 1);
  localparam integer BeatCntW  = $clog2(RspBeats + BurstLen + 1);

  localparam [2:0] CmdNop   = 3'd0;
  localparam [2:0] CmdAct   = 3'd1;
  localparam [2:0] CmdRead  = 3'd2;
  localparam [2:0] CmdWrite = 3'd3;

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
  reg [BankBits-1:0]  q_bank_q  [0:QueueDepth-1];
  reg [RowBits-1:0]   q_row_q   [0:QueueDepth-1];
  reg [ColHiBits-1:0] q_colhi_q [0:QueueDepth-1];
  reg [BurstBits-1:0] q_sel_q   [0:QueueDepth-1];  // write: beat; record read: half in MSB
  reg                 q_write_q [0:QueueDepth-1];
  reg                 q_rec_q   [0:QueueDepth-1];
  reg [QueueDepth-1:0] q_act_q, q_act_d;           // row opened for this entry
  reg [DataW-1:0]     q_wdata_q [0:QueueDepth-1];
  reg [StrbW-1:0]     q_wstrb_q [0:QueueDepth-1];
  reg [QIdxW-1:0]     hd_q, hd_d;
  reg [QIdxW:0]       cnt_q, cnt_d;

  wire               enq  = req_valid_i && req_ready_o;
  wire [QIdxW-1:0]   tail = hd_q + cnt_q[QIdxW-1:0];
  assign req_ready_o = (cnt_q != QueueDepth[QIdxW:0]);

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
  wire [Banks-1:0] bank_act_ok, bank_cas_ok, bank_open;
  reg  [Banks-1:0] bank_act, bank_cas;
  reg              cas_write;

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
        .cas_write_i(cas_write),
        .open_o     (bank_open[gb]),
        .act_ok_o   (bank_act_ok[gb]),
        .cas_ok_o   (bank_cas_ok[gb])
      );
    end
  endgenerate

  // ------------------------------------------------------------------------ scheduler
  reg [2:0]           cmd_q, cmd_d;
  reg [BankBits-1:0]  cbank_q, cbank_d;
  reg [RowBits-1:0]   crow_q, crow_d;
  reg [ColBits-1:0]   ccol_q, ccol_d;
  reg                 cap_q, cap_d;
  reg [CntW-1:0]      rd_wait_q, rd_wait_d;  // memory cycles until a READ may go out
  reg [CntW-1:0]      wr_wait_q, wr_wait_d;  // ... a WRITE
  reg [BeatCntW-1:0]  inflight_q, inflight_d;  // response beats promised, not yet buffered

  wire [RspCntW-1:0]  rsp_count;
  wire                rsp_push;
  wire [QIdxW-1:0]    hd = hd_q;
  wire                head_valid = (cnt_q != {(QIdxW + 1){1'b0}});
  wire [BeatCntW-1:0] head_beats = q_rec_q[hd] ? BurstLen[BeatCntW-1:0] / 2 : BurstLen[BeatCntW-1:0];
  // Room for the head's beats in the response buffer after all promised ones.
  wire                credit_ok = ({{(BeatCntW - RspCntW){1'b0}}, rsp_count} + inflight_q + head_beats)
                                  <= RspBeats[BeatCntW-1:0];
  wire                head_can_cas = head_valid && q_act_q[hd] && bank_cas_ok[q_bank_q[hd]] &&
                                     (q_write_q[hd] ? (wr_wait_q == {CntW{1'b0}})
                                                    : (rd_wait_q == {CntW{1'b0}}) && credit_ok);
  reg                 do_cas, do_act;
  reg [QIdxW-1:0]     act_idx;
  reg [QIdxW-1:0]     k;
  integer             i;
  reg                 act_found;
  reg [QIdxW-1:0]     act_cand;

  // ACTIVATE candidate: the oldest waiting request whose bank can open a row now.
  always @* begin
    act_found = 1'b0;
    act_cand = hd;
    k = hd;
    for (i = 0; i < QueueDepth; i = i + 1) begin
      k = hd + i[QIdxW-1:0];
      if (!act_found && (i < cnt_q) && !q_act_q[k] && bank_act_ok[q_bank_q[k]]) begin
        act_found = 1'b1;
        act_cand = k;
      end
    end
  end

  always @* begin
    cmd_d = cmd_q; cbank_d = cbank_q; crow_d = crow_q; ccol_d = ccol_q; cap_d = cap_q;
    rd_wait_d = rd_wait_q; wr_wait_d = wr_wait_q;
    bank_act = {Banks{1'b0}};
    bank_cas = {Banks{1'b0}};
    cas_write = q_write_q[hd];
    do_cas = 1'b0;
    do_act = 1'b0;
    act_idx = hd;
    if (decide) begin
      cmd_d = CmdNop;
      cap_d = 1'b0;
      rd_wait_d = dec(rd_wait_q);
      wr_wait_d = dec(wr_wait_q);
      if (head_can_cas) begin
        do_cas = 1'b1;
        bank_cas[q_bank_q[hd]] = 1'b1;
        cmd_d   = q_write_q[hd] ? CmdWrite : CmdRead;
        cbank_d = q_bank_q[hd];
        crow_d  = q_row_q[hd];
        ccol_d  = {q_colhi_q[hd], {BurstBits{1'b0}}};
        cap_d   = 1'b1;
        if (q_write_q[hd]) begin
          wr_wait_d = max2(wr_wait_d, cnt(WrToWr));
          rd_wait_d = max2(rd_wait_d, cnt(WrToRd));
        end else begin
          rd_wait_d = max2(rd_wait_d, cnt(RdToRd));
          wr_wait_d = max2(wr_wait_d, cnt(RdToWr));
        end
      end else if (act_found) begin
        do_act = 1'b1;
        act_idx = act_cand;
        bank_act[q_bank_q[act_cand]] = 1'b1;
        cmd_d   = CmdAct;
        cbank_d = q_bank_q[act_cand];
        crow_d  = q_row_q[act_cand];
        ccol_d  = {ColBits{1'b0}};
      end
    end
  end

  // Queue bookkeeping.
  always @* begin
    hd_d = hd_q;
    cnt_d = cnt_q;
    q_act_d = q_act_q;
    if (do_act) q_act_d[act_idx] = 1'b1;
    if (do_cas) begin
      q_act_d[hd_q] = 1'b0;
      hd_d = hd_q + 1'b1;
    end
    if (enq) q_act_d[tail] = 1'b0;
    cnt_d = cnt_q + {{QIdxW{1'b0}}, enq} - {{QIdxW{1'b0}}, do_cas};
  end

  // ------------------------------------------------------------------------ read data path
  // Each READ's kind (pair / which record half) waits in trk until its 8 beats came back.
  wire                do_cas_rd = do_cas && !q_write_q[hd];
  wire [1:0]          trk_in = {q_rec_q[hd], q_sel_q[hd][BurstBits-1]};
  wire [1:0]          trk_out;
  wire                trk_full;
  wire [2:0]          trk_count;
  wire                trk_empty;
  reg  [BurstBits-1:0] rbeat_q, rbeat_d;
  wire                trk_rec  = trk_out[1];
  wire                trk_half = trk_out[0];
  wire                rbeat_end = sd_rvalid_i && (rbeat_q == {BurstBits{1'b1}});
  wire                rlast = trk_rec ? (rbeat_q[BurstBits-2:0] == {(BurstBits - 1){1'b1}})
                                      : (rbeat_q == {BurstBits{1'b1}});
  assign rsp_push = sd_rvalid_i && (!trk_rec || rbeat_q[BurstBits-1] == trk_half);

  always @* begin
    rbeat_d = rbeat_q;
    if (sd_rvalid_i) rbeat_d = rbeat_q + 1'b1;
    inflight_d = inflight_q + (do_cas_rd ? head_beats : {BeatCntW{1'b0}}) -
                 {{(BeatCntW - 1){1'b0}}, rsp_push};
  end

  cc_sdram_fifo #(.Width(2), .Depth(4)) u_trk (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .push_i   (do_cas_rd),
    .wr_data_i(trk_in),
    .pop_i    (rbeat_end),
    .rd_data_o(trk_out),
    .empty_o  (trk_empty),
    .full_o   (trk_full),
    .count_o  (trk_count)
  );

  wire rsp_empty, rsp_full;
  cc_sdram_fifo #(.Width(DataW + 1), .Depth(RspBeats)) u_rsp (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .push_i   (rsp_push),
    .wr_data_i({rlast, sd_rdata_i}),
    .pop_i    (rsp_valid_o && rsp_ready_i),
    .rd_data_o({rsp_last_o, rsp_data_o}),
    .empty_o  (rsp_empty),
    .full_o   (rsp_full),
    .count_o  (rsp_count)
  );
  assign rsp_valid_o = !rsp_empty;

  // Byte offsets below the beat select nothing (documented above); the FIFOs' status
  // outputs are covered by the credit scheme and only checked by assertions.
  wire unused_ok = ^{req_addr_i[BeatBits-1:0], trk_full, trk_count, rsp_full};

  // ------------------------------------------------------------------------ write data path
  // A WRITE decided in chip cycle 2m-1 goes out at memory cycle m; its data beats must be
  // on DQ from chip cycle 2(m + TCwl). wpend holds the data until then, wact drives it.
  localparam integer WCntW = $clog2(2 * TCwl + 1);
  reg               wpend_q, wpend_d;
  reg [WCntW-1:0]   wpend_cnt_q, wpend_cnt_d;
  reg [DataW-1:0]   wpend_data_q;
  reg [StrbW-1:0]   wpend_strb_q;
  reg [BurstBits-1:0] wpend_sel_q;
  reg               wact_q, wact_d;
  reg [BurstBits-1:0] wbeat_q, wbeat_d;
  reg [DataW-1:0]   wact_data_q;
  reg [StrbW-1:0]   wact_strb_q;
  reg [BurstBits-1:0] wact_sel_q;
  wire              do_cas_wr = do_cas && q_write_q[hd];
  wire              wstart = wpend_q && (wpend_cnt_q == {{(WCntW - 1){1'b0}}, 1'b1});

  always @* begin
    wpend_d = wpend_q;
    wpend_cnt_d = wpend_cnt_q;
    wact_d = wact_q;
    wbeat_d = wbeat_q;
    if (wpend_q) wpend_cnt_d = wpend_cnt_q - 1'b1;
    if (wstart) wpend_d = 1'b0;
    if (wact_q) begin
      wbeat_d = wbeat_q + 1'b1;
      if (wbeat_q == {BurstBits{1'b1}}) wact_d = 1'b0;
    end
    if (wstart) begin
      wact_d = 1'b1;
      wbeat_d = {BurstBits{1'b0}};
    end
    if (do_cas_wr) begin
      wpend_d = 1'b1;
      wpend_cnt_d = 2 * TCwl[WCntW-1:0];
    end
  end

  always @(posedge clk_i) begin
    if (do_cas_wr) begin
      wpend_data_q <= q_wdata_q[hd];
      wpend_strb_q <= q_wstrb_q[hd];
      wpend_sel_q  <= q_sel_q[hd];
    end
    if (wstart) begin
      wact_data_q <= wpend_data_q;
      wact_strb_q <= wpend_strb_q;
      wact_sel_q  <= wpend_sel_q;
    end
  end

  assign sd_wvalid_o = wact_q;
  assign sd_wdata_o  = wact_data_q;
  assign sd_dm_o     = (wact_q && wbeat_q == wact_sel_q) ? ~wact_strb_q : {StrbW{1'b1}};

  // ------------------------------------------------------------------------ registers
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hd_q        <= {QIdxW{1'b0}};
      cnt_q       <= {(QIdxW + 1){1'b0}};
      q_act_q     <= {QueueDepth{1'b0}};
      cmd_q       <= CmdNop;
      cbank_q     <= {BankBits{1'b0}};
      crow_q      <= {RowBits{1'b0}};
      ccol_q      <= {ColBits{1'b0}};
      cap_q       <= 1'b0;
      rd_wait_q   <= {CntW{1'b0}};
      wr_wait_q   <= {CntW{1'b0}};
      inflight_q  <= {BeatCntW{1'b0}};
      rbeat_q     <= {BurstBits{1'b0}};
      wpend_q     <= 1'b0;
      wpend_cnt_q <= {WCntW{1'b0}};
      wact_q      <= 1'b0;
      wbeat_q     <= {BurstBits{1'b0}};
    end else begin
      hd_q        <= hd_d;
      cnt_q       <= cnt_d;
      q_act_q     <= q_act_d;
      cmd_q       <= cmd_d;
      cbank_q     <= cbank_d;
      crow_q      <= crow_d;
      ccol_q      <= ccol_d;
      cap_q       <= cap_d;
      rd_wait_q   <= rd_wait_d;
      wr_wait_q   <= wr_wait_d;
      inflight_q  <= inflight_d;
      rbeat_q     <= rbeat_d;
      wpend_q     <= wpend_d;
      wpend_cnt_q <= wpend_cnt_d;
      wact_q      <= wact_d;
      wbeat_q     <= wbeat_d;
    end
  end

  assign sd_cmd_o  = cmd_q;
  assign sd_bank_o = cbank_q;
  assign sd_row_o  = crow_q;
  assign sd_col_o  = ccol_q;
  assign sd_ap_o   = cap_q;
  assign idle_o    = !head_valid && (inflight_q == {BeatCntW{1'b0}}) && rsp_empty && trk_empty &&
                     !wpend_q && !wact_q;

  // ------------------------------------------------------------------------ assertions
`ifndef SYNTHESIS
  initial begin
    assert ((1 << QIdxW) == QueueDepth) else $error("cc_sdram_ctrl: QueueDepth must be a power of two");
    assert (BurstLen * DataW / 8 == 256) else $error("cc_sdram_ctrl: one burst must be one 256-byte node pair");
    assert (RspBeats >= BurstLen) else $error("cc_sdram_ctrl: response buffer smaller than a pair");
    assert (TCwl >= 1 && 2 * TCwl < BurstLen) else $error("cc_sdram_ctrl: need 1 <= TCwl < BurstLen/2");
    assert (RowBits >= 1) else $error("cc_sdram_ctrl: geometry needs more than 32 address bits");
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(do_cas_rd && trk_full)) else $error("cc_sdram_ctrl: more READs in flight than tracked");
      // Read data only arrives for READs this controller issued.
      assert (!(sd_rvalid_i && trk_empty)) else $error("cc_sdram_ctrl: read beat without a READ in flight");
      // Only the head's bank opens a row it did not ask for: never two ACTIVATEs per entry.
      assert (!(do_act && q_act_q[act_idx])) else $error("cc_sdram_ctrl: second ACTIVATE for one request");
      // The head's ACTIVATE opened its bank; nobody else's.
      assert (!(head_valid && q_act_q[hd] && !bank_open[q_bank_q[hd]])) else $error("cc_sdram_ctrl: head's row not open");
      // Promised beats always fit the response buffer (credit check above).
      assert ({{(BeatCntW - RspCntW){1'b0}}, rsp_count} + inflight_q <= RspBeats[BeatCntW-1:0])
        else $error("cc_sdram_ctrl: response buffer overcommitted");
      // Commands change only at memory clock edges.
      assert (decide || (cmd_d == cmd_q)) else $error("cc_sdram_ctrl: command changed off a memory edge");
      assert (!(wstart && wact_q && wbeat_q != {BurstBits{1'b1}})) else $error("cc_sdram_ctrl: write bursts overlap");
    end
  end
`endif
endmodule
