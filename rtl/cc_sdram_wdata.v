// ============================================================================================
// cc_sdram_wdata: the write-data side of the SDRAM interface. A WRITE decided in chip cycle
// 2m-1 goes out at memory cycle m; its BurstLen data beats must be on DQ from chip cycle
// 2(m + TCwl). The write request carries one 32-byte beat with byte enables, so the burst
// drives that data in every beat and masks (DM = 1) all bytes except the enabled bytes of
// the addressed beat.
//
//   start_i (cycle 2m-1) -> pend (2*TCwl cycles) -> act: beat 0 .. BurstLen-1 on DQ
//
// A new start may come while earlier bursts are pending or on DQ: the controller spaces
// WRITEs by at least BurstLen/2 memory cycles (BurstLen chip cycles), so bursts follow each
// other back to back and at most Pend are pending at once (one with the paper's TCwl = 1,
// three with DDR4's 9): their data waits in a FIFO (cc_sdram_fifo, at least two entries),
// their start in a delay line of 2*TCwl cycles that says when the oldest goes to DQ.
// ============================================================================================
module cc_sdram_wdata #(
  parameter integer DataW    = 256,
  parameter integer BurstLen = 8,
  parameter integer TCwl     = 1,
  parameter integer StrbW    = DataW / 8,
  parameter integer SelW     = $clog2(BurstLen)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             start_i,   // a WRITE was decided this cycle
  input  wire [DataW-1:0] data_i,
  input  wire [StrbW-1:0] strb_i,
  input  wire [SelW-1:0]  sel_i,     // the beat of the burst that is written
  output wire             busy_o,    // a burst is pending or on DQ
  output wire             wvalid_o,
  output wire [DataW-1:0] wdata_o,
  output wire [StrbW-1:0] dm_o
);
  localparam integer Pend  = (2 * TCwl - 1) / BurstLen + 1;
  localparam integer Depth = Pend < 2 ? 2 : Pend;  // cc_sdram_fifo needs two entries

  // The pending burst moves to DQ in the cycle before its first beat: 2*TCwl cycles after
  // its start.
  wire go;
  wire unused_delay_data;  // the line carries only the valid bit
  cc_delay #(.Width(1), .Depth(2 * TCwl)) u_start_delay (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (start_i),
    .data_i  (1'b0),
    .valid_o (go),
    .data_o  (unused_delay_data)
  );

  reg               act_q, act_d;   // a burst is on DQ
  reg [SelW-1:0]    beat_q, beat_d;
  reg [DataW-1:0]   act_data_q;
  reg [StrbW-1:0]   act_strb_q;
  reg [SelW-1:0]    act_sel_q;

  wire [DataW-1:0] pend_data;
  wire [StrbW-1:0] pend_strb;
  wire [SelW-1:0]  pend_sel;
  wire             pend_empty;
  wire             unused_pend_full;
  wire [$clog2(Depth + 1)-1:0] unused_pend_count;
  cc_sdram_fifo #(.Width(DataW + StrbW + SelW), .Depth(Depth)) u_pending (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .push_i    (start_i),
    .wr_data_i ({data_i, strb_i, sel_i}),
    .pop_i     (go),
    .rd_data_o ({pend_data, pend_strb, pend_sel}),
    .empty_o   (pend_empty),
    .full_o    (unused_pend_full),
    .count_o   (unused_pend_count)
  );

  always @* begin
    act_d      = act_q;
    beat_d     = beat_q;
    if (act_q) begin
      beat_d = beat_q + 1'b1;
      if (beat_q == {SelW{1'b1}}) act_d = 1'b0;
    end
    if (go) begin
      act_d  = 1'b1;
      beat_d = {SelW{1'b0}};
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      act_q      <= 1'b0;
      beat_q     <= {SelW{1'b0}};
    end else begin
      act_q      <= act_d;
      beat_q     <= beat_d;
    end
  end

  // Data registers need no reset: they only reach DQ together with act_q.
  always @(posedge clk_i) begin
    if (go) begin
      act_data_q <= pend_data;
      act_strb_q <= pend_strb;
      act_sel_q  <= pend_sel;
    end
  end

  assign busy_o   = !pend_empty || act_q;
  assign wvalid_o = act_q;
  assign wdata_o  = act_data_q;
  assign dm_o     = (act_q && beat_q == act_sel_q) ? ~act_strb_q : {StrbW{1'b1}};

  // ------------------------------------------------------------------------ assertions
`ifndef SYNTHESIS
  initial begin
    assert (TCwl >= 1) else $error("cc_sdram_wdata: need TCwl >= 1");
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(go && act_q && beat_q != {SelW{1'b1}})) else $error("cc_sdram_wdata: write bursts overlap");
    end
  end
`endif
endmodule
