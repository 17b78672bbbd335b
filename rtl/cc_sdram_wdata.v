// ============================================================================================
// cc_sdram_wdata: the write-data side of the SDRAM interface. A WRITE decided in chip cycle
// 2m-1 goes out at memory cycle m; its BurstLen data beats must be on DQ from chip cycle
// 2(m + TCwl). The write request carries one 32-byte beat with byte enables, so the burst
// drives that data in every beat and masks (DM = 1) all bytes except the enabled bytes of
// the addressed beat.
//
//   start_i (cycle 2m-1) -> pend (2*TCwl cycles) -> act: beat 0 .. BurstLen-1 on DQ
//
// A new start may come while the previous burst is still on DQ (bursts follow each other
// back to back), but never while one is pending: the controller spaces WRITEs by at least
// BurstLen/2 memory cycles and 2*TCwl < BurstLen.
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
  localparam integer WCntW = $clog2(2 * TCwl + 1);

  reg               pend_q, pend_d;
  reg [WCntW-1:0]   pend_cnt_q, pend_cnt_d;
  reg [DataW-1:0]   pend_data_q;
  reg [StrbW-1:0]   pend_strb_q;
  reg [SelW-1:0]    pend_sel_q;
  reg               act_q, act_d;
  reg [SelW-1:0]    beat_q, beat_d;
  reg [DataW-1:0]   act_data_q;
  reg [StrbW-1:0]   act_strb_q;
  reg [SelW-1:0]    act_sel_q;

  // The pending burst moves to DQ in the cycle before its first beat.
  wire go = pend_q && (pend_cnt_q == {{(WCntW - 1){1'b0}}, 1'b1});

  always @* begin
    pend_d     = pend_q;
    pend_cnt_d = pend_cnt_q;
    act_d      = act_q;
    beat_d     = beat_q;
    if (pend_q) pend_cnt_d = pend_cnt_q - 1'b1;
    if (go) pend_d = 1'b0;
    if (act_q) begin
      beat_d = beat_q + 1'b1;
      if (beat_q == {SelW{1'b1}}) act_d = 1'b0;
    end
    if (go) begin
      act_d  = 1'b1;
      beat_d = {SelW{1'b0}};
    end
    if (start_i) begin
      pend_d     = 1'b1;
      pend_cnt_d = 2 * TCwl[WCntW-1:0];
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pend_q     <= 1'b0;
      pend_cnt_q <= {WCntW{1'b0}};
      act_q      <= 1'b0;
      beat_q     <= {SelW{1'b0}};
    end else begin
      pend_q     <= pend_d;
      pend_cnt_q <= pend_cnt_d;
      act_q      <= act_d;
      beat_q     <= beat_d;
    end
  end

  // Data registers need no reset: they only reach DQ together with act_q.
  always @(posedge clk_i) begin
    if (start_i) begin
      pend_data_q <= data_i;
      pend_strb_q <= strb_i;
      pend_sel_q  <= sel_i;
    end
    if (go) begin
      act_data_q <= pend_data_q;
      act_strb_q <= pend_strb_q;
      act_sel_q  <= pend_sel_q;
    end
  end

  assign busy_o   = pend_q || act_q;
  assign wvalid_o = act_q;
  assign wdata_o  = act_data_q;
  assign dm_o     = (act_q && beat_q == act_sel_q) ? ~act_strb_q : {StrbW{1'b1}};

  // ------------------------------------------------------------------------ assertions
`ifndef SYNTHESIS
  initial begin
    assert (TCwl >= 1 && 2 * TCwl < BurstLen) else $error("cc_sdram_wdata: need 1 <= TCwl < BurstLen/2");
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(start_i && pend_q)) else $error("cc_sdram_wdata: WRITE while another is pending");
      assert (!(go && act_q && beat_q != {SelW{1'b1}})) else $error("cc_sdram_wdata: write bursts overlap");
    end
  end
`endif
endmodule
