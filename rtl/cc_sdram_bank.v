// ============================================================================================
// cc_sdram_bank: the SDRAM controller's view of one bank (closed-page policy: every READ or
// WRITE carries auto-precharge). It tracks whether the bank holds an open row and counts
// down, in memory cycles, until the next ACTIVATE (tRP after the auto-precharge) and the
// next READ/WRITE (tRCD after ACTIVATE) are legal.
//
// Counter convention: the controller decides the command for memory cycle m in the chip
// cycle before m's clock edge, and tick_i marks exactly those decision cycles. A command at
// m that allows X from m + d loads X's counter with d - 1; the counter then drops by one per
// decision, so it reads 0 at the decision for m + d.
//
//   ACT(m)          READ/WRITE+AP(m')           ACT allowed
//     |-- tRCD --->|-- burst (+CWL+tWR), tRAS --|-- tRP -->|
// ============================================================================================
module cc_sdram_bank #(
  parameter integer TRp      = 2,
  parameter integer TRcd     = 2,
  parameter integer TRas     = 0,  // 0: no minimum row-active time
  parameter integer TCwl     = 1,
  parameter integer TWr      = 2,
  parameter integer BurstLen = 8,
  parameter integer CntW     = 6
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire tick_i,       // a decision cycle (one memory cycle passes)
  input  wire act_i,        // ACTIVATE to this bank decided (with tick_i)
  input  wire cas_i,        // READ/WRITE with auto-precharge decided (with tick_i)
  input  wire cas_write_i,
  output wire open_o,       // a row is open (ACTIVATE done, no READ/WRITE yet)
  output wire act_ok_o,     // ACTIVATE is legal at the next memory edge
  output wire cas_ok_o      // READ/WRITE is legal at the next memory edge
);
  // Memory cycles from READ/WRITE to the start of the auto-precharge (the array is busy
  // until the burst has been read out / the last write beat has recovered).
  localparam integer RdBusy = BurstLen / 2;
  localparam integer WrBusy = TCwl + BurstLen / 2 + TWr;

  function automatic [CntW-1:0] cnt(input integer v);  // d - 1, clamped at 0
    cnt = (v > 1) ? v[CntW-1:0] - 1'b1 : {CntW{1'b0}};
  endfunction
  function automatic [CntW-1:0] dec(input [CntW-1:0] v);
    dec = (v == {CntW{1'b0}}) ? v : v - 1'b1;
  endfunction

  reg            open_q, open_d;
  reg [CntW-1:0] act_wait_q, act_wait_d;
  reg [CntW-1:0] cas_wait_q, cas_wait_d;
  reg [CntW-1:0] ras_left_q, ras_left_d;
  reg [CntW-1:0] pre_off;  // memory cycles from this READ/WRITE to the precharge start

  always @* begin
    open_d     = open_q;
    act_wait_d = act_wait_q;
    cas_wait_d = cas_wait_q;
    ras_left_d = ras_left_q;
    pre_off    = {CntW{1'bx}};   // made only for a READ/WRITE (a don't-care otherwise)
    if (tick_i) begin
      act_wait_d = dec(act_wait_q);
      cas_wait_d = dec(cas_wait_q);
      ras_left_d = dec(ras_left_q);
      if (act_i) begin
        open_d     = 1'b1;
        cas_wait_d = cnt(TRcd);
        ras_left_d = cnt(TRas);
      end
      if (cas_i) begin
        pre_off    = cas_write_i ? WrBusy[CntW-1:0] : RdBusy[CntW-1:0];
        // tRAS: ras_left_q is how far the earliest precharge is from the cycle being decided.
        if (ras_left_q > pre_off) pre_off = ras_left_q;
        open_d     = 1'b0;
        act_wait_d = pre_off + cnt(TRp);
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      open_q     <= 1'b0;
      act_wait_q <= {CntW{1'b0}};
      cas_wait_q <= {CntW{1'b0}};
      ras_left_q <= {CntW{1'b0}};
    end else begin
      open_q     <= open_d;
      act_wait_q <= act_wait_d;
      cas_wait_q <= cas_wait_d;
      ras_left_q <= ras_left_d;
    end
  end

  assign open_o   = open_q;
  assign act_ok_o = !open_q && (act_wait_q == {CntW{1'b0}});
  assign cas_ok_o = open_q && (cas_wait_q == {CntW{1'b0}});

  // ------------------------------------------------------------------------ assertions
`ifndef SYNTHESIS
  initial begin
    assert (TRp >= 1 && TRcd >= 1) else $error("cc_sdram_bank: tRP and tRCD must be >= 1");
    assert (WrBusy + TRp + TRas < (1 << CntW)) else $error("cc_sdram_bank: counters too narrow");
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(act_i && !tick_i) && !(cas_i && !tick_i)) else $error("cc_sdram_bank: command off a decision cycle");
      assert (!(act_i && !act_ok_o)) else $error("cc_sdram_bank: ACTIVATE to a bank that is not ready");
      assert (!(cas_i && !cas_ok_o)) else $error("cc_sdram_bank: READ/WRITE to a bank that is not ready");
    end
  end
`endif
endmodule
