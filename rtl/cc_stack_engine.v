// =======================================================================================
// cc_stack_engine: the stack SRAM and everything kept in it (paper §4.1 "stack engine",
// docs/traversal.md). The master controller decides what goes where; this unit
// owns the SRAM port and does the moving:
//   - hands out list entries: the aligned-pair fetch unit (cc_list_fetch) reads a list's
//     words and the node pairs they point to ahead of the comparators;
//   - collects new list entries, up to two per cycle (one for each tumbled node's child
//     list), through the list write queue (cc_list_write_queue);
//   - keeps the stack of traversal frames and the level register (depth_o): a push writes
//     a frame in the background; a resume walks up from the top frame, popping finished
//     frames, until one still has its slot-1 list waiting, sets that frame's bit and
//     hands the list over, or the stack is empty;
//   - writes the root list at the start of a query.
//
// Stack SRAM (one word per cycle; read data two cycles after the request is registered):
//   words 0 .. ListWords-1          list entries
//   words ListWords + 3f + w        frame f, word w (FRAME_* in cc_regmap.vh, layout.h)
// Port priority: the engine's own frame and root accesses, then the write queue, then the
// fetch unit's reads. Frames and lists never share a word, so a frame write may pass list
// entries still queued.
//
// Commands (root_i, push_i, resume_i) are taken only when ready_o; push_i only when not
// full_o (the controller raises the stack overflow), resume_i only with depth_o > 0.
// =======================================================================================
module cc_stack_engine #(
  parameter integer FetchAhead     = 4,
  parameter integer FetchKeep      = 0,     // aligned pairs the fetch unit keeps after use
  parameter integer ListFollow     = 1,     // the fetch unit reads ahead into the next list
  parameter integer ListWords      = 262144,
  parameter integer StackFrames    = 64,
  parameter integer BoardBytesLog2 = 30,
  parameter integer SramAddrW      = 20
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // stack SRAM pins
  output reg                  sram_en_o,
  output reg                  sram_we_o,
  output reg  [SramAddrW-1:0] sram_addr_o,
  output reg  [31:0]          sram_wdata_o,
  input  wire [31:0]          sram_rdata_i,
  // frame commands
  output wire                 ready_o,         // no command in progress
  input  wire                 root_i,          // query start: word 0 = root_entry_i, empty stack
  input  wire [31:0]          root_entry_i,
  input  wire [31:0]          result_base_i,   // the result area (the fetch unit keeps no pair of it)
  input  wire [31:0]          result_cap_i,
  input  wire                 push_i,          // push {next_pair, list_base, {bit, len}}
  input  wire [31:0]          push_next_pair_i,
  input  wire [31:0]          push_list_base_i,
  input  wire [31:0]          push_len_bit_i,
  input  wire                 resume_i,        // find the next waiting slot-1 list
  output wire                 resume_found_o,  // (when ready again) a list was found ...
  output wire [31:0]          resume_pair_o,   // ... for this tumbled pair
  output wire [31:0]          resume_base_o,
  output wire [31:0]          resume_len_o,
  output reg  [31:0]          depth_o,         // frames on the stack (the level register)
  output wire                 full_o,          // StackFrames frames: a push would overflow
  // list entries in: registered pushes of the controller (entry 0 first)
  input  wire                 app0_i,
  input  wire [SramAddrW-1:0] app0_addr_i,
  input  wire [31:0]          app0_data_i,
  input  wire                 app1_i,
  input  wire [SramAddrW-1:0] app1_addr_i,
  input  wire [31:0]          app1_data_i,
  output wire                 app_room2_o,     // two more appends fit after this cycle's
  output wire                 lists_written_o, // every append is in the SRAM
  // list entries out: the fetch unit
  input  wire                 fetch_start_i,
  input  wire [31:0]          fetch_base_i,
  input  wire [31:0]          fetch_len_i,
  input  wire                 fetch_stop_i,
  input  wire                 fetch_follow_i,  // the list at fetch_follow_base_i comes next
  input  wire [31:0]          fetch_follow_base_i,
  input  wire [31:0]          fetch_follow_end_i,
  output wire                 head_valid_o,
  output wire [31:0]          head_entry_o,
  output wire                 head_bad_o,
  output wire [2047:0]        head_pair_o,
  input  wire                 head_pop_i,
  // the fetch unit's node-pair reads
  output wire                 mem_req_valid_o,
  output wire [31:0]          mem_req_addr_o,
  input  wire                 mem_req_accept_i,
  input  wire                 rsp_valid_i,
  input  wire [255:0]         rsp_data_i,
  input  wire                 rsp_last_i
);
`include "cc_regmap.vh"
  localparam integer QueueDepth = LIST_WQ_DEPTH;  // layout.h kListWriteQueueDepth

  localparam [2:0] E_IDLE = 3'd0, E_PUSH = 3'd1, E_READ = 3'd2, E_WAIT = 3'd3, E_DECIDE = 3'd4;

  reg  [2:0]  state_q, state_d;
  reg  [1:0]  word_q, word_d;               // frame word being written / read next
  reg  [1:0]  got_q, got_d;                 // frame words read back
  reg  [31:0] frame_q [0:2];               // the frame last pushed (words 1, 2) or read back
  reg  [31:0] frame_d [0:2];
  reg  [31:0] frame_addr_q, frame_addr_d;   // word 0 of the frame being pushed / read
  reg  [31:0] depth_d;

  // The frame read back still has its slot-1 list waiting. After a resume, frame_q holds
  // the frame it stopped at: the list handed over, or the last frame popped.
  wire [30:0] frame_len     = frame_q[FRAME_LEN_BIT][FRAME_BIT-1:0];
  wire        frame_waiting = !frame_q[FRAME_LEN_BIT][FRAME_BIT] && frame_len != 31'd0;

  assign ready_o        = state_q == E_IDLE;
  assign full_o         = depth_o >= StackFrames;
  assign resume_found_o = frame_waiting;
  assign resume_pair_o  = frame_q[FRAME_NEXT_PAIR];
  assign resume_base_o  = frame_q[FRAME_LIST_BASE];
  assign resume_len_o   = {1'b0, frame_len};

  // The engine's own SRAM access this cycle.
  wire        own_write = root_i || push_i || state_q == E_PUSH || (state_q == E_DECIDE && frame_waiting);
  wire        own_read  = state_q == E_READ;
  wire        own       = own_write || own_read;

  // -------------------------------------------------------------------------------------
  // List entries in and out
  // -------------------------------------------------------------------------------------
  wire                 wq_valid, wq_empty;
  wire [SramAddrW-1:0] wq_addr;
  wire [31:0]          wq_data;
  wire                 wq_pop = !own && wq_valid;
  wire                 pf_sram_req;
  wire [31:0]          pf_sram_addr;
  wire                 pf_sram_gnt = !own && !wq_valid && pf_sram_req;
  reg                  rd1_q, rd2_q;        // a read in the SRAM pipeline ...
  reg                  rd_frame1_q, rd_frame2_q;   // ... and it is a frame word

  assign lists_written_o = wq_empty && !app0_i && !app1_i;

  cc_list_write_queue #(
    .Depth (QueueDepth),
    .AddrW (SramAddrW)
  ) u_wq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push0_i (app0_i),
    .addr0_i (app0_addr_i),
    .data0_i (app0_data_i),
    .push1_i (app1_i),
    .addr1_i (app1_addr_i),
    .data1_i (app1_data_i),
    .room2_o (app_room2_o),
    .empty_o (wq_empty),
    .valid_o (wq_valid),
    .addr_o  (wq_addr),
    .data_o  (wq_data),
    .pop_i   (wq_pop)
  );

  cc_list_fetch #(
    .Ahead          (FetchAhead),
    .BoardBytesLog2 (BoardBytesLog2),
    .Follow         (ListFollow),
    .Keep           (FetchKeep)
  ) u_fetch (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .clear_i          (root_i),
    .result_base_i    (result_base_i),
    .result_cap_i     (result_cap_i),
    .start_i          (fetch_start_i),
    .base_i           (fetch_base_i),
    .len_i            (fetch_len_i),
    .stop_i           (fetch_stop_i),
    .follow_i         (fetch_follow_i),
    .follow_base_i    (fetch_follow_base_i),
    .follow_end_i     (fetch_follow_end_i),
    .wr_i             (wq_pop),
    .wr_addr_i        ({{(32 - SramAddrW){1'b0}}, wq_addr}),
    .sram_req_o       (pf_sram_req),
    .sram_addr_o      (pf_sram_addr),
    .sram_gnt_i       (pf_sram_gnt),
    .sram_rvalid_i    (rd2_q && !rd_frame2_q),
    .sram_rdata_i     (sram_rdata_i),
    .mem_req_valid_o  (mem_req_valid_o),
    .mem_req_addr_o   (mem_req_addr_o),
    .mem_req_accept_i (mem_req_accept_i),
    .rsp_valid_i      (rsp_valid_i),
    .rsp_data_i       (rsp_data_i),
    .rsp_last_i       (rsp_last_i),
    .head_valid_o     (head_valid_o),
    .head_entry_o     (head_entry_o),
    .head_bad_o       (head_bad_o),
    .head_pair_o      (head_pair_o),
    .pop_i            (head_pop_i)
  );

  // -------------------------------------------------------------------------------------
  // Frames
  // -------------------------------------------------------------------------------------
  wire [31:0] push_addr   = ListWords + FRAME_WORDS * depth_o;          // frame depth_o, word 0
  wire [31:0] top_addr    = push_addr - FRAME_WORDS;                     // the top frame
  wire [31:0] own_addr    = root_i ? 32'd0 : push_i ? push_addr + FRAME_NEXT_PAIR :
                            state_q == E_DECIDE ? frame_addr_q + FRAME_LEN_BIT : frame_addr_q + {30'd0, word_q};
  wire [31:0] own_wdata   = root_i ? root_entry_i : push_i ? push_next_pair_i :
                            state_q == E_DECIDE ? {1'b1, frame_len} : frame_q[word_q];
  wire        last_word_in = rd2_q && rd_frame2_q && got_q == 2'd2;

  // Bits the engine does not look at (addresses above the SRAM).
  wire unused_ok = &{1'b0, own_addr[31:SramAddrW], pf_sram_addr[31:SramAddrW], top_addr[31:SramAddrW],
                     push_addr[31:SramAddrW]};

  integer w;
  always @(*) begin
    state_d = state_q; word_d = word_q; got_d = got_q; frame_addr_d = frame_addr_q; depth_d = depth_o;
    for (w = 0; w < 3; w = w + 1) frame_d[w] = frame_q[w];
    case (state_q)
      E_IDLE: begin
        if (root_i) depth_d = 32'd0;
        if (push_i) begin
          // word 0 goes out now, words 1 and 2 in E_PUSH
          frame_d[FRAME_LIST_BASE] = push_list_base_i;
          frame_d[FRAME_LEN_BIT] = push_len_bit_i;
          frame_addr_d = push_addr;
          word_d = 2'd1;
          depth_d = depth_o + 32'd1;
          state_d = E_PUSH;
        end
        if (resume_i) begin
          frame_addr_d = top_addr;
          word_d = 2'd0;
          got_d = 2'd0;
          state_d = E_READ;
        end
      end
      E_PUSH: begin
        word_d = word_q + 2'd1;
        if (word_q == 2'd2) state_d = E_IDLE;
      end
      // Read the top frame's three words back to back.
      E_READ: begin
        word_d = word_q + 2'd1;
        if (word_q == 2'd2) state_d = E_WAIT;
      end
      E_WAIT: if (last_word_in) state_d = E_DECIDE;
      // Its slot-1 list still waiting: set the bit (own_write), hand the list over.
      // Otherwise pop it and look at the next frame, or report an empty stack.
      E_DECIDE: begin
        if (frame_waiting) begin
          state_d = E_IDLE;
        end else begin
          depth_d = depth_o - 32'd1;
          if (depth_o == 32'd1) begin
            state_d = E_IDLE;                 // the stack is empty
          end else begin
            frame_addr_d = frame_addr_q - FRAME_WORDS;
            word_d = 2'd0;
            got_d = 2'd0;
            state_d = E_READ;
          end
        end
      end
      default: state_d = E_IDLE;
    endcase
    // frame words read come back in order (into frame_q below)
    if (rd2_q && rd_frame2_q) got_d = got_q + 2'd1;
  end

  // The state, the level register and the SRAM port's enables: reset.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= E_IDLE;
      depth_o <= 32'd0;
      sram_en_o <= 1'b0;
      sram_we_o <= 1'b0;
      rd1_q <= 1'b0;
      rd2_q <= 1'b0;
      rd_frame1_q <= 1'b0;
      rd_frame2_q <= 1'b0;
    end else begin
      state_q <= state_d;
      depth_o <= depth_d;
      sram_en_o <= own || wq_pop || pf_sram_gnt;
      sram_we_o <= own_write || (!own && wq_pop);
      rd1_q <= own_read || pf_sram_gnt;
      rd_frame1_q <= own_read;
      rd2_q <= rd1_q;
      rd_frame2_q <= rd_frame1_q;
    end
  end

  // Data registers: no reset (read only where the state or an enable above says they hold
  // something).
  always @(posedge clk_i) begin
    sram_addr_o <= own ? own_addr[SramAddrW-1:0] : wq_pop ? wq_addr : pf_sram_addr[SramAddrW-1:0];
    sram_wdata_o <= own ? own_wdata : wq_data;
    word_q <= word_d;
    got_q <= got_d;
    frame_addr_q <= frame_addr_d;
    for (w = 0; w < 3; w = w + 1) frame_q[w] <= frame_d[w];
    // A frame word read back lands at the edge, not through frame_d: nothing else depends on
    // the SRAM's read data between edges (a simulator evaluates it once a cycle).
    if (rd2_q && rd_frame2_q) frame_q[got_q] <= sram_rdata_i;
  end

`ifndef SYNTHESIS
  // Commands only when ready (push only when not full, resume only with frames); one at a
  // time; frame words come back only while a frame is read.
  always @(posedge clk_i) begin
    if (rst_ni && (root_i || push_i || resume_i)) begin
      assert (state_q == E_IDLE) else $error("cc_stack_engine: command while busy (state %0d)", state_q);
      assert ({2'b0, root_i} + {2'b0, push_i} + {2'b0, resume_i} == 3'd1)
        else $error("cc_stack_engine: two commands in one cycle");
    end
    if (rst_ni && push_i) begin
      assert (!full_o) else $error("cc_stack_engine: push onto a full stack (%0d frames)", depth_o);
    end
    if (rst_ni && resume_i) begin
      assert (depth_o != 32'd0) else $error("cc_stack_engine: resume of an empty stack");
    end
    if (rst_ni && rd2_q && rd_frame2_q) begin
      assert (state_q == E_READ || state_q == E_WAIT) else $error("cc_stack_engine: frame word outside a read");
    end
  end
`endif
endmodule
