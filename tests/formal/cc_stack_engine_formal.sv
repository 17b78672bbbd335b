// Proof wrapper of rtl/cc_stack_engine.v (scripts/formal.sh, docs/formal.md): the push/pop
// bookkeeping of the stack of traversal frames (the level register depth_o) only.
//
// The list fetch unit (u_fetch) is cut out by scripts/formal.sh: its outputs are free inputs
// of the proof, so the proof holds whatever the fetch unit does. The stack SRAM's read data
// is free too (any frame contents, waiting or not). The environment is the master
// controller as the unit's header describes it: a command only when ready_o, one at a time,
// push only when not full_o, resume only with frames on the stack; list appends only with
// app_room2_o high in the cycle before (the controller registers them).
`include "cc_formal.vh"

module cc_stack_engine_formal #(
  parameter integer ListWords   = 16,
  parameter integer StackFrames = 4,
  parameter integer SramAddrW   = 6
) (
  input wire                 clk_i,
  input wire                 rst_ni,
  input wire [31:0]          sram_rdata_i,
  input wire                 root_i,
  input wire [31:0]          root_entry_i,
  input wire                 push_i,
  input wire [31:0]          push_next_pair_i,
  input wire [31:0]          push_list_base_i,
  input wire [31:0]          push_len_bit_i,
  input wire                 resume_i,
  input wire                 app0_i,
  input wire [SramAddrW-1:0] app0_addr_i,
  input wire [31:0]          app0_data_i,
  input wire                 app1_i,
  input wire [SramAddrW-1:0] app1_addr_i,
  input wire [31:0]          app1_data_i
);
  wire                 ready, found, full, room2, lists_written;
  wire [31:0]          depth, resume_pair, resume_base, resume_len;
  wire                 sram_en, sram_we;
  wire [SramAddrW-1:0] sram_addr;
  wire [31:0]          sram_wdata;

  cc_stack_engine #(
    .ListWords   (ListWords),
    .StackFrames (StackFrames),
    .SramAddrW   (SramAddrW)
  ) u_dut (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .sram_en_o           (sram_en),
    .sram_we_o           (sram_we),
    .sram_addr_o         (sram_addr),
    .sram_wdata_o        (sram_wdata),
    .sram_rdata_i        (sram_rdata_i),
    .ready_o             (ready),
    .root_i              (root_i),
    .root_entry_i        (root_entry_i),
    .result_base_i       (32'd0),
    .result_cap_i        (32'd0),
    .push_i              (push_i),
    .push_next_pair_i    (push_next_pair_i),
    .push_list_base_i    (push_list_base_i),
    .push_len_bit_i      (push_len_bit_i),
    .resume_i            (resume_i),
    .resume_found_o      (found),
    .resume_pair_o       (resume_pair),
    .resume_base_o       (resume_base),
    .resume_len_o        (resume_len),
    .depth_o             (depth),
    .full_o              (full),
    .app0_i              (app0_i),
    .app0_addr_i         (app0_addr_i),
    .app0_data_i         (app0_data_i),
    .app1_i              (app1_i),
    .app1_addr_i         (app1_addr_i),
    .app1_data_i         (app1_data_i),
    .app_room2_o         (room2),
    .lists_written_o     (lists_written),
    .fetch_start_i       (1'b0),
    .fetch_base_i        (32'd0),
    .fetch_len_i         (32'd0),
    .fetch_stop_i        (1'b0),
    .fetch_follow_i      (1'b0),
    .fetch_follow_base_i (32'd0),
    .fetch_follow_end_i  (32'd0),
    .head_valid_o        (),
    .head_entry_o        (),
    .head_bad_o          (),
    .head_pair_o         (),
    .head_pop_i          (1'b0),
    .mem_req_valid_o     (),
    .mem_req_addr_o      (),
    .mem_req_accept_i    (1'b0),
    .rsp_valid_i         (1'b0),
    .rsp_data_i          (256'd0),
    .rsp_last_i          (1'b0)
  );

  // ---- shadow model ----------------------------------------------------------------------
  reg        init_q = 1'b1;
  reg        past_valid_q;     // the cycle before was out of reset
  reg        room2_past_q;
  reg        ready_past_q, push_past_q, root_past_q, resume_past_q;
  reg [31:0] depth_past_q;
  reg        resuming_q;       // a resume is in progress

  always @(posedge clk_i) init_q <= 1'b0;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      past_valid_q <= 1'b0;
      room2_past_q <= 1'b0;
      resuming_q <= 1'b0;
    end else begin
      past_valid_q <= 1'b1;
      room2_past_q <= room2;
      if (resume_i) resuming_q <= 1'b1;
      else if (ready) resuming_q <= 1'b0;
    end
  end
  always @(posedge clk_i) begin
    ready_past_q <= ready;
    push_past_q <= push_i;
    root_past_q <= root_i;
    resume_past_q <= resume_i;
    depth_past_q <= depth;
  end

  // ---- the environment -------------------------------------------------------------------
  always @(*) begin
    `CC_ASSUME(ResetAtStart, !init_q || !rst_ni)
    if (rst_ni) begin
      `CC_ASSUME(CommandsOnlyWhenReady, ready || !(root_i || push_i || resume_i))
      `CC_ASSUME(OneCommandAtATime, root_i + push_i + resume_i <= 1)
      `CC_ASSUME(PushOnlyWhenNotFull, !push_i || !full)
      `CC_ASSUME(ResumeOnlyWithFrames, !resume_i || depth != 0)
      `CC_ASSUME(AppendsOnlyWithRoomTheCycleBefore, !(app0_i || app1_i) || room2_past_q)
    end
  end

  // ---- promises --------------------------------------------------------------------------
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(DepthNeverAboveStackFrames, depth <= StackFrames)
      `CC_ASSERT(FullIffDepthIsStackFrames, full == (depth == StackFrames))
      `CC_ASSERT(BusyOnlyWithFrames, ready || depth != 0)
      `CC_ASSERT(ResumeEndsWithAListOrAnEmptyStack, !(resuming_q && ready) || found || depth == 0)
    end
    if (rst_ni && past_valid_q) begin
      `CC_ASSERT(PushAddsOneFrame, !(ready_past_q && push_past_q) || depth == depth_past_q + 1)
      `CC_ASSERT(RootEmptiesTheStack, !(ready_past_q && root_past_q) || depth == 0)
      `CC_ASSERT(IdleKeepsTheDepth, !(ready_past_q && !push_past_q && !root_past_q && !resume_past_q)
                                    || depth == depth_past_q)
      `CC_ASSERT(ResumePopsOneFrameAtATime, !(ready_past_q && resume_past_q || !ready_past_q)
                                            || depth == depth_past_q || depth == depth_past_q - 1)
    end
  end

  // ---- auxiliary invariants on the unit's registers --------------------------------------
  // A resume walks E_READ (three frame words requested), E_WAIT (until the third is back),
  // E_DECIDE; the words requested and not yet back are the two read pipeline stages.
  localparam [2:0] E_IDLE = 3'd0, E_PUSH = 3'd1, E_READ = 3'd2, E_WAIT = 3'd3, E_DECIDE = 3'd4;
  `CC_PEEK(peek_state, 3, u_dut.state_q)
  `CC_PEEK(peek_word, 2, u_dut.word_q)
  `CC_PEEK(peek_got, 2, u_dut.got_q)
  `CC_PEEK(peek_rd1, 1, u_dut.rd1_q)
  `CC_PEEK(peek_rd2, 1, u_dut.rd2_q)
  `CC_PEEK(peek_rd_frame1, 1, u_dut.rd_frame1_q)
  `CC_PEEK(peek_rd_frame2, 1, u_dut.rd_frame2_q)
  wire       reading = peek_state == E_READ || peek_state == E_WAIT;
  wire [2:0] in_flight = peek_rd_frame1 + peek_rd_frame2;
  wire [2:0] asked = (peek_state == E_READ) ? peek_word : 3'd3;   // frame words requested
  always @(*) begin
    if (rst_ni) begin
      `CC_ASSERT(AuxStateIsAState, peek_state <= E_DECIDE)
      `CC_ASSERT(AuxReadingOnlyInAResume, !(reading || peek_state == E_DECIDE) || resuming_q)
      `CC_ASSERT(AuxNoResumeWhilePushing, !(peek_state == E_PUSH) || !resuming_q)
      `CC_ASSERT(AuxFrameReadsOnlyWhileReading, !(peek_rd_frame1 || peek_rd_frame2) || reading)
      `CC_ASSERT(AuxFrameReadsAreReads, (!peek_rd_frame1 || peek_rd1) && (!peek_rd_frame2 || peek_rd2))
      `CC_ASSERT(AuxWordsBackPlusInFlightAreAsked, !reading || peek_got + in_flight == asked)
      `CC_ASSERT(AuxReadWordBelowThree, !(peek_state == E_READ) || peek_word <= 2)
      `CC_ASSERT(AuxDecideWithAllWordsBack, !(peek_state == E_DECIDE) || (peek_got == 3 && in_flight == 0))
    end
  end

  // ---- covers ----------------------------------------------------------------------------
  always @(*) begin
    if (rst_ni) begin
      `CC_COVER(StackFills, full && ready)
      `CC_COVER(ResumeFindsAList, resuming_q && ready && found && depth == 2)
      `CC_COVER(ResumeEmptiesTheStack, resuming_q && ready && depth == 0 && depth_past_q == 1 && !found)
    end
  end
endmodule
