// Proof wrapper of rtl/cc_sdram_bank.v (scripts/formal.sh, docs/formal.md).
//
// The environment is the SDRAM controller: it decides commands only in decision cycles
// (tick_i), ACTIVATE only when act_ok_o, READ/WRITE (with auto-precharge) only when cas_ok_o.
// A shadow model counts memory cycles (decisions) since the last ACTIVATE and since the last
// READ/WRITE, and remembers when that READ/WRITE's auto-precharge starts (after the burst,
// or after the write data and tWR, and not before ACTIVATE + tRAS). The unit's flags must say
// exactly what the timing rules allow: never earlier (a violation), never later (a needless
// stall).
`include "cc_formal.vh"

module cc_sdram_bank_formal #(
  parameter integer TRp      = 2,
  parameter integer TRcd     = 2,
  parameter integer TRas     = 0,
  parameter integer TCwl     = 1,
  parameter integer TWr      = 2,
  parameter integer BurstLen = 8,
  parameter integer CntW     = 6
) (
  input wire clk_i,
  input wire rst_ni,
  input wire tick_i,
  input wire act_i,
  input wire cas_i,
  input wire cas_write_i
);
  localparam integer RdBusy = BurstLen / 2;               // READ to precharge start
  localparam integer WrBusy = TCwl + BurstLen / 2 + TWr;  // WRITE to precharge start
  localparam integer Sat    = WrBusy + TRp + TRas + TRcd + 2;  // counters saturate here
  localparam integer SW     = $clog2(Sat + 1) + 1;

  wire open_o, act_ok, cas_ok;

  cc_sdram_bank #(
    .TRp(TRp), .TRcd(TRcd), .TRas(TRas), .TCwl(TCwl), .TWr(TWr), .BurstLen(BurstLen), .CntW(CntW)
  ) u_dut (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .tick_i      (tick_i),
    .act_i       (act_i),
    .cas_i       (cas_i),
    .cas_write_i (cas_write_i),
    .open_o      (open_o),
    .act_ok_o    (act_ok),
    .cas_ok_o    (cas_ok)
  );

  // ---- shadow model: memory cycles since the commands --------------------------------------
  // At the decision for memory cycle m, since_act_q = m - (the ACTIVATE's cycle) and
  // since_cas_q = m - (the READ/WRITE's cycle), saturating at Sat; pre_at_q is how many
  // cycles after its READ/WRITE the auto-precharge starts.
  reg          init_q = 1'b1;
  reg          open_q;           // a row is open
  reg          cas_seen_q;       // a READ/WRITE since reset (else: precharged since reset)
  reg [SW-1:0] since_act_q, since_cas_q, pre_at_q;
  function automatic [SW-1:0] inc(input [SW-1:0] v);
    inc = (v >= Sat) ? v : v + 1'b1;
  endfunction
  wire [SW-1:0] busy     = cas_write_i ? WrBusy : RdBusy;
  wire [SW-1:0] ras_wait = (since_act_q >= TRas) ? 0 : TRas - since_act_q;   // tRAS still to run
  wire          act_legal = !open_q && (!cas_seen_q || since_cas_q >= pre_at_q + TRp);
  wire          cas_legal = open_q && since_act_q >= TRcd;

  always @(posedge clk_i) init_q <= 1'b0;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      open_q <= 1'b0;
      cas_seen_q <= 1'b0;
      since_act_q <= Sat;
      since_cas_q <= Sat;
      pre_at_q <= 0;
    end else if (tick_i) begin
      since_act_q <= act_i ? 1 : inc(since_act_q);
      since_cas_q <= cas_i ? 1 : inc(since_cas_q);
      if (act_i) open_q <= 1'b1;
      if (cas_i) begin
        open_q <= 1'b0;
        cas_seen_q <= 1'b1;
        pre_at_q <= (busy > ras_wait) ? busy : ras_wait;
      end
    end
  end

  // ---- the environment -------------------------------------------------------------------
  always @(*) begin
    `CC_ASSUME(ResetAtStart, !init_q || !rst_ni)
    if (rst_ni) begin
      `CC_ASSUME(CommandsOnlyInDecisionCycles, tick_i || !(act_i || cas_i))
      `CC_ASSUME(ActivateOnlyWhenActOk, !act_i || act_ok)
      `CC_ASSUME(ReadWriteOnlyWhenCasOk, !cas_i || cas_ok)
      `CC_ASSUME(OneCommandPerDecision, !(act_i && cas_i))
    end
  end

  // ---- promises --------------------------------------------------------------------------
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(OpenFlagTellsAnOpenRow, open_o == open_q)
      `CC_ASSERT(NoReadWriteBeforeTrcdAfterActivate, !cas_ok || cas_legal)
      `CC_ASSERT(ReadWriteAllowedOnceTrcdPassed, cas_ok || !cas_legal)
      `CC_ASSERT(NoActivateBeforeTrpAfterPrecharge, !act_ok || act_legal)
      `CC_ASSERT(ActivateAllowedOnceTrpPassed, act_ok || !act_legal)
    end
  end

  // ---- auxiliary invariants on the unit's counters ---------------------------------------
  `CC_PEEK(peek_cas_wait, CntW, u_dut.cas_wait_q)
  `CC_PEEK(peek_act_wait, CntW, u_dut.act_wait_q)
  `CC_PEEK(peek_ras_left, CntW, u_dut.ras_left_q)
  wire [SW+1:0] act_due = pre_at_q + TRp;      // since_cas_q from which ACTIVATE is legal
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(AuxCasWaitCountsDownTrcd, peek_cas_wait == ((since_act_q >= TRcd) ? 0 : TRcd - since_act_q))
      `CC_ASSERT(AuxRasLeftCountsDownTras, peek_ras_left == ((since_act_q >= TRas) ? 0 : TRas - since_act_q))
      `CC_ASSERT(AuxActWaitCountsDownTrp, peek_act_wait == ((!cas_seen_q || since_cas_q >= act_due) ? 0 : act_due - since_cas_q))
      `CC_ASSERT(AuxPrechargeWithinReach, !cas_seen_q || pre_at_q <= WrBusy + TRas)
    end
  end

  // ---- covers ----------------------------------------------------------------------------
  always @(*) begin
    if (rst_ni) begin
      `CC_COVER(ReadRightAtTrcd, cas_i && !cas_write_i && since_act_q == TRcd)
      `CC_COVER(WriteRightAtTrcd, cas_i && cas_write_i && since_act_q == TRcd)
      `CC_COVER(ActivateRightAfterWriteRecovery, act_i && cas_seen_q && since_cas_q == pre_at_q + TRp && pre_at_q == WrBusy)
    end
  end
endmodule
