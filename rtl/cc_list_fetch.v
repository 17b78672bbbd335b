// =======================================================================================
// cc_list_fetch: the aligned-pair fetch unit. While the master controller compares one
// aligned node pair, this unit runs ahead through the same list: it reads the next list
// words from the stack SRAM, checks their pair pointers, requests the node pairs from the
// SDRAM interface and buffers their eight beats, so that the comparators find the next
// pair waiting (paper §5: "the load of the second node pair has been initiated such that
// processing can continue uninterrupted"). Up to Ahead entries are read, in flight or
// buffered at once; the SDRAM interface keeps their reads in flight together and
// interleaves its banks.
//
// The unit only reads: it never raises an error or counts an event. An entry with a bad
// pointer is handed to the controller marked bad (no request is made for it, nor for any
// entry behind it), and the controller raises the error when it reaches the entry, in the
// golden model's order. After stop_i it issues nothing more; data already in flight still
// arrives (the core's response router delivers it here) before the next start_i.
//
// Following the next list (Follow = 1): the controller names the list it will
// process after this one (follow_i; its words are follow_base_i .. follow_end_i - 1 at
// most) while that list is still being written. Once the current list's words are all
// read, the unit reads the followed list's words as the write queue puts them into the
// SRAM (it watches wr_i / wr_addr_i: the list's words are written in order, and the end
// keeps the next list's first word out) and requests their pairs into the same ring,
// behind the current list's. When the controller then starts
// the followed list, the unit keeps its ring and goes on where it is (a continued start),
// so the list's first pairs are already in or on their way. The followed list is always
// the next one started when it has entries (docs/rtl_core.md, the fetch unit), so a fresh
// start still finds nothing in flight.
//
//   slot ring (Ahead slots):   head ......... word ....... req ........ alloc
//                              |consumed next |words read  |pairs asked |SRAM reads granted
//
// Keeping pairs (Keep > 0): the traversal reads the same aligned pairs again and again
// (a pair of one list is in the lists of the tumbled node's children, and in its leaf
// lists), mostly within a few dozen lists. So the unit keeps the last Keep pairs it read
// from the SDRAM and the controller used (replacing the oldest kept one), and a word whose
// pair is kept takes it from there, in the cycle its pair would be asked for, without the
// SDRAM interface; the pair is in the slot the cycle after. Reads then no longer come back
// for consecutive slots, so a queue of slot numbers (mq) says where each read's beats go.
// Nothing is kept across queries (clear_i at the query start), nor a pair in the result
// area (a result may land in it, as for the triangle-test engine's record entries).
// =======================================================================================
module cc_list_fetch #(
  parameter integer Ahead          = 4,    // power of two, >= 2
  parameter integer BoardBytesLog2 = 30,
  parameter integer Follow         = 1,    // read ahead into the followed list
  parameter integer Keep           = 0     // pairs kept after use (0: none)
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          clear_i,        // query start: no pair kept
  input  wire [31:0]   result_base_i,  // the result area: its pairs are not kept
  input  wire [31:0]   result_cap_i,
  input  wire          start_i,        // begin the list base_i .. base_i + len_i - 1
  input  wire [31:0]   base_i,
  input  wire [31:0]   len_i,
  input  wire          stop_i,         // issue nothing more (error, early end)
  input  wire          follow_i,       // the list at follow_base_i is the next one started
  input  wire [31:0]   follow_base_i,
  input  wire [31:0]   follow_end_i,
  input  wire          wr_i,           // a list word goes into the SRAM at wr_addr_i
  input  wire [31:0]   wr_addr_i,
  // stack SRAM reads: granted by the core, one word per grant, data in grant order
  output wire          sram_req_o,
  output wire [31:0]   sram_addr_o,
  input  wire          sram_gnt_i,
  input  wire          sram_rvalid_i,
  input  wire [31:0]   sram_rdata_i,
  // node-pair read requests (accepted = taken by the SDRAM interface this cycle)
  output wire          mem_req_valid_o,
  output wire [31:0]   mem_req_addr_o,
  input  wire          mem_req_accept_i,
  // node-pair data: eight beats per request, in request order
  input  wire          rsp_valid_i,
  input  wire [255:0]  rsp_data_i,
  input  wire          rsp_last_i,
  // the oldest entry, for the controller
  output wire          head_valid_o,   // its word is read and its pair buffered (or it is bad)
  output wire [31:0]   head_entry_o,
  output wire          head_bad_o,
  output wire [2047:0] head_pair_o,    // beat i at bits 256i .. 256i + 255
  input  wire          pop_i           // the controller is done with the head entry
);
  localparam integer   PtrW       = $clog2(Ahead);
  localparam [32:0]    BoardBytes = 33'd1 << BoardBytesLog2;
  localparam [PtrW:0]  Full       = Ahead[PtrW:0];
  localparam integer   KeepN      = Keep > 0 ? Keep : 1;
  localparam integer   KeepW      = KeepN > 1 ? $clog2(KeepN) : 1;
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
`include "cc_board_ptr.vh"
`include "cc_result_area.vh"

  reg              active_q, active_d, blocked_q, blocked_d;
  reg  [31:0]      next_addr_q, next_addr_d, left_q, left_d;   // next list word to read, words left
  reg  [PtrW:0]    count_q, count_d, unreq_q, unreq_d;         // slots allocated; of them not yet requested
  reg  [PtrW-1:0]  head_q, head_d, word_q, word_d, req_q, req_d, rsp_q, rsp_d, alloc_q, alloc_d;
  reg  [2:0]       beat_q, beat_d;
  reg  [Ahead-1:0] word_ok_q, word_ok_d, data_ok_q, data_ok_d, bad_q, bad_d;
  reg  [31:0]      entry_q [0:Ahead-1];
  reg  [255:0]     beat_q_data [0:8*Ahead-1];     // no reset: read only after written
  reg              fol_q, fol_d;                  // following a list: ...
  reg  [31:0]      fol_base_q, fol_base_d, fol_end_q, fol_end_d;   // its words, at most
  reg  [31:0]      fol_rd_q, fol_rd_d, fol_wr_q, fol_wr_d;         // its next word to read, to be written

  wire cur_words = left_q != 32'd0;                                // the current list's words first
  wire fol_words = Follow != 0 && fol_q && fol_rd_q != fol_wr_q;   // then the followed list's written ones
  wire cont      = Follow != 0 && fol_q && base_i == fol_base_q;   // start_i continues the followed list
  wire fresh     = start_i && !cont;                               // start_i empties the ring

  // The oldest word without its pair, good, and its pair kept or to be asked for.
  wire pair_due = active_q && !stop_i && unreq_q != {(PtrW + 1){1'b0}} && word_ok_q[req_q] && !bad_q[req_q];
  wire keep_hit;                     // its pair is kept: taken this cycle
  wire [PtrW-1:0] rsp_slot;          // the slot the response beat in progress goes to
  wire reads_idle;                   // no pair read in flight
  wire do_read = sram_req_o && sram_gnt_i;
  wire do_req  = mem_req_valid_o && mem_req_accept_i;
  wire do_next = do_req || keep_hit;  // the oldest word without its pair gets it
  wire do_pop  = pop_i && head_valid_o;
  wire [31:0] fol_rd_next = fol_rd_q + {31'd0, do_read && !cur_words};   // after this cycle's read
  // The check of a list word arriving from the SRAM goes straight into the registers (bad_q,
  // blocked_q), not through the next-state logic: nothing else depends on the SRAM's read
  // data between edges (a simulator evaluates it once a cycle).
  wire word_bad = bad_ptr({sram_rdata_i[31:8], 8'd0}, PAIR_BYTES, PAIR_BYTES);
  wire word_lands = sram_rvalid_i && !fresh;
  wire word_lands_bad = word_lands && word_bad;

  assign sram_req_o      = active_q && !stop_i && !blocked_q && (cur_words || fol_words) && count_q != Full;
  assign sram_addr_o     = cur_words ? next_addr_q : fol_rd_q;
  assign mem_req_valid_o = pair_due && !keep_hit;
  assign mem_req_addr_o  = {entry_q[req_q][31:8], 8'd0};

  assign head_valid_o = count_q != {(PtrW + 1){1'b0}} && word_ok_q[head_q] && (bad_q[head_q] || data_ok_q[head_q]);
  assign head_entry_o = entry_q[head_q];
  assign head_bad_o   = bad_q[head_q];
  // The head slot's pair (eight beats), gathered only while the head is valid: no one reads
  // it otherwise, and a simulator then skips copying its 2048 bits every cycle.
  reg [2047:0] head_pair;
  integer hb;
  always @(*) begin
    head_pair = {2048{1'bx}};
    for (hb = 0; hb < 8; hb = hb + 1)
      if (head_valid_o) head_pair[256*hb +: 256] = beat_q_data[{head_q, hb[2:0]}];
  end
  assign head_pair_o = head_pair;

  // Pair data land in the oldest slot still waiting for its pair; list words in the slot
  // whose read comes back.
  wire [2047:0] kept_pair;           // the kept pair keep_hit takes
  integer kb;
  always @(posedge clk_i) begin
    if (rsp_valid_i) beat_q_data[{rsp_slot, beat_q}] <= rsp_data_i;
    if (keep_hit)
      for (kb = 0; kb < 8; kb = kb + 1) beat_q_data[{req_q, kb[2:0]}] <= kept_pair[256*kb +: 256];
    if (sram_rvalid_i) entry_q[word_q] <= sram_rdata_i;
  end

  generate
    if (Keep > 0) begin : g_keep
      reg  [31:8]      tag_q [0:KeepN-1];
      reg  [KeepN-1:0] valid_q;
      reg  [KeepW-1:0] next_q;                       // the kept pair replaced next
      reg  [255:0]     data_q [0:8*KeepN-1];         // no reset: read only after written
      reg  [Ahead-1:0] from_keep_q;                  // per slot: its pair came from here
      reg  [PtrW-1:0]  mq_slot_q [0:Ahead-1];        // the slots of the reads in flight, in order
      reg  [PtrW-1:0]  mq_wr_q;                      // next free place; rsp_q counts the reads back
      reg              hit;
      reg  [KeepW-1:0] hit_sel;
      reg  [2047:0]    hit_pair;
      integer k, b;
      // The lookup runs only while a word waits for its pair, the gathering only on a hit.
      always @(*) begin
        k = 0;
        b = 0;
        hit = 1'b0;
        hit_sel = {KeepW{1'bx}};
        if (pair_due) begin
          for (k = 0; k < KeepN; k = k + 1)
            if (valid_q[k] && tag_q[k] == entry_q[req_q][31:8]) begin
              hit = 1'b1;
              hit_sel = k[KeepW-1:0];
            end
        end
        hit_pair = {2048{1'bx}};
        if (hit)
          for (b = 0; b < 8; b = b + 1) hit_pair[256*b +: 256] = data_q[{hit_sel, b[2:0]}];
      end
      assign keep_hit = hit;
      assign kept_pair = hit_pair;
      assign rsp_slot = mq_slot_q[rsp_q];
      assign reads_idle = rsp_q == mq_wr_q;
      // A popped pair read from the SDRAM is kept, unless it is in the result area.
      wire [31:0] head_addr = {entry_q[head_q][31:8], 8'd0};
      wire in_results = in_result_area(head_addr, PAIR_BYTES, result_base_i, result_cap_i);
      wire keep_pop = do_pop && !from_keep_q[head_q] && !bad_q[head_q] && !in_results;
      always @(posedge clk_i) begin
        if (do_req) mq_slot_q[mq_wr_q] <= req_q;
        if (keep_pop) begin
          tag_q[next_q] <= entry_q[head_q][31:8];
          for (b = 0; b < 8; b = b + 1) data_q[{next_q, b[2:0]}] <= beat_q_data[{head_q, b[2:0]}];
        end
      end
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          valid_q <= {KeepN{1'b0}};
          next_q <= {KeepW{1'b0}};
          from_keep_q <= {Ahead{1'b0}};
          mq_wr_q <= {PtrW{1'b0}};
        end else begin
          if (clear_i) begin
            valid_q <= {KeepN{1'b0}};
            next_q <= {KeepW{1'b0}};
          end else if (keep_pop) begin
            valid_q[next_q] <= 1'b1;
            next_q <= next_q == KeepN[KeepW-1:0] - 1'b1 ? {KeepW{1'b0}} : next_q + 1'b1;
          end
          if (do_read) from_keep_q[alloc_q] <= 1'b0;
          if (keep_hit) from_keep_q[req_q] <= 1'b1;
          if (fresh) mq_wr_q <= {PtrW{1'b0}};
          else if (do_req) mq_wr_q <= mq_wr_q + 1'b1;
        end
      end
    end else begin : g_no_keep
      // Reads come back for consecutive slots.
      assign keep_hit = 1'b0;
      assign kept_pair = {2048{1'bx}};
      assign rsp_slot = rsp_q;
      assign reads_idle = rsp_q == req_q;
      wire unused_keep = &{1'b0, clear_i, result_base_i, result_cap_i};
    end
  endgenerate

  always @(*) begin
    active_d = active_q; blocked_d = blocked_q; next_addr_d = next_addr_q; left_d = left_q;
    count_d = count_q; unreq_d = unreq_q; head_d = head_q; word_d = word_q; req_d = req_q;
    rsp_d = rsp_q; alloc_d = alloc_q; beat_d = beat_q;
    word_ok_d = word_ok_q; data_ok_d = data_ok_q; bad_d = bad_q;
    fol_d = fol_q; fol_base_d = fol_base_q; fol_end_d = fol_end_q; fol_rd_d = fol_rd_q; fol_wr_d = fol_wr_q;
    if (fresh) begin
      // Only started afresh when nothing is in flight (every read granted or requested has
      // landed, beat_q is 0): empty the ring. Slot flags need no clearing: a slot's are
      // cleared when it is allocated, and only allocated slots are looked at.
      active_d = 1'b1;
      blocked_d = 1'b0;
      next_addr_d = base_i;
      left_d = len_i;
      count_d = {(PtrW + 1){1'b0}};
      unreq_d = {(PtrW + 1){1'b0}};
      {head_d, word_d, req_d, rsp_d, alloc_d} = {(5 * PtrW){1'b0}};
    end else begin
      // A continued start keeps the ring and everything in flight: the followed list's
      // words up to fol_rd_next are in it already, the rest become the current words.
      if (start_i) begin
        active_d = 1'b1;
        next_addr_d = fol_rd_next;
        left_d = base_i + len_i - fol_rd_next;
      end else begin
        if (stop_i) active_d = 1'b0;
        if (do_read && cur_words) begin
          next_addr_d = next_addr_q + 32'd1;
          left_d = left_q - 32'd1;
        end
      end
      if (!(start_i || stop_i || follow_i)) begin
        if (wr_i && wr_addr_i == fol_wr_q && fol_wr_q != fol_end_q) fol_wr_d = fol_wr_q + 32'd1;
        fol_rd_d = fol_rd_next;
      end
      if (do_read) begin
        alloc_d = alloc_q + 1'b1;
        word_ok_d[alloc_q] = 1'b0;
        data_ok_d[alloc_q] = 1'b0;
      end
      count_d = count_q + {{PtrW{1'b0}}, do_read} - {{PtrW{1'b0}}, do_pop};
      unreq_d = unreq_q + {{PtrW{1'b0}}, do_read} - {{PtrW{1'b0}}, do_next};
      if (sram_rvalid_i) begin             // its check lands in bad_q, blocked_q below
        word_ok_d[word_q] = 1'b1;
        word_d = word_q + 1'b1;
      end
      if (do_next) req_d = req_q + 1'b1;
      if (keep_hit) data_ok_d[req_q] = 1'b1;
      if (rsp_valid_i) begin
        beat_d = beat_q + 3'd1;
        if (rsp_last_i) begin
          data_ok_d[rsp_slot] = 1'b1;
          rsp_d = rsp_q + 1'b1;
        end
      end
      if (do_pop) begin
        head_d = head_q + 1'b1;
        word_ok_d[head_q] = 1'b0;
        data_ok_d[head_q] = 1'b0;
      end
    end
    // Follow the list at follow_base_i from now on, or none; nothing of it written yet.
    if (start_i || stop_i || follow_i) begin
      fol_d = follow_i && (fresh || !stop_i);
      fol_base_d = follow_base_i;
      fol_end_d = follow_end_i;
      fol_rd_d = follow_base_i;
      fol_wr_d = follow_base_i;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      active_q <= 1'b0;
      blocked_q <= 1'b0;
      next_addr_q <= 32'd0;
      left_q <= 32'd0;
      count_q <= {(PtrW + 1){1'b0}};
      unreq_q <= {(PtrW + 1){1'b0}};
      {head_q, word_q, req_q, rsp_q, alloc_q} <= {(5 * PtrW){1'b0}};
      beat_q <= 3'd0;
      word_ok_q <= {Ahead{1'b0}};
      data_ok_q <= {Ahead{1'b0}};
      bad_q <= {Ahead{1'b0}};
      fol_q <= 1'b0;
      fol_base_q <= 32'd0;
      fol_end_q <= 32'd0;
      fol_rd_q <= 32'd0;
      fol_wr_q <= 32'd0;
    end else begin
      active_q <= active_d;
      blocked_q <= blocked_d || word_lands_bad;
      next_addr_q <= next_addr_d;
      left_q <= left_d;
      count_q <= count_d;
      unreq_q <= unreq_d;
      {head_q, word_q, req_q, rsp_q, alloc_q} <= {head_d, word_d, req_d, rsp_d, alloc_d};
      beat_q <= beat_d;
      word_ok_q <= word_ok_d;
      data_ok_q <= data_ok_d;
      bad_q <= bad_d;
      if (word_lands) bad_q[word_q] <= word_bad;
      fol_q <= fol_d;
      fol_base_q <= fol_base_d;
      fol_end_q <= fol_end_d;
      fol_rd_q <= fol_rd_d;
      fol_wr_q <= fol_wr_d;
    end
  end

`ifndef SYNTHESIS
  // The ring's counts stay in range; a fresh start finds nothing in flight; pops, grants
  // and responses come only when there is something to take.
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (count_q <= Full && unreq_q <= count_q)
        else $error("cc_list_fetch: %0d slots, %0d unrequested, of %0d", count_q, unreq_q, Ahead);
    end
    if (rst_ni && fresh) begin
      assert (word_q == alloc_q && reads_idle && beat_q == 3'd0)
        else $error("cc_list_fetch: started afresh with reads in flight");
    end
    if (rst_ni && pop_i) begin
      assert (head_valid_o) else $error("cc_list_fetch: pop without a valid head entry");
    end
    if (rst_ni && sram_gnt_i) begin
      assert (sram_req_o) else $error("cc_list_fetch: SRAM granted without a request");
    end
  end
`endif

  wire unused_ok = &{1'b0, entry_q[req_q][7:0]};
endmodule
