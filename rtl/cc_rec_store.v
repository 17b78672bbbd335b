// =======================================================================================
// cc_rec_store: triangle records kept for the triangle-test engines (RecStore > 0).
//
// A tumbled triangle meets several aligned ones and an aligned one several tumbled ones,
// and the tests go to the engines in turn, each reading the records of its own tests into
// its own entries: most record reads of a test-heavy query are of a record the query read
// shortly before, or of the record beside it (the next leaf's), often while that read is
// still on its way (docs/results.md, "What the worst case would take"). So the engines'
// record reads go to the SDRAM as whole 256-byte bursts (cc_core_mem_port RecBursts: the
// record and the one beside it), and the core keeps the last Lines bursts they asked for:
//
// - A keepable read (its burst outside the result area, where a result may land) that
//   finds no line of its burst takes the line replaced next (the oldest), unless that line
//   still waits for its burst or has reads waiting on it (then the burst is not kept); the
//   line is pending until the burst's last beat, kept from the cycle after.
// - A read that finds a line of its burst, pending or kept, is taken by the memory port
//   without the SDRAM interface (hit_o) and waits in a queue (in order); the queue's head
//   is served once its line is kept: the record, its half of the burst, is registered
//   (fill_*_o) and written into the engine's entry in the next cycle, which has it from
//   the cycle after. One read is served a cycle.
// - Nothing is kept across queries (clear_i at the query start: the host may have written
//   the memory); idle_o says that no read waits and no record is on its way to an entry,
//   which the controller's drain waits for with the SDRAM reads.
// =======================================================================================
module cc_rec_store #(
  parameter integer Lines     = 16,
  parameter integer DestW     = 3,
  parameter integer ReadDepth = 8    // record reads in flight (or waiting here) at most
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               clear_i,          // a query starts
  input  wire [31:0]        result_base_i,
  input  wire [31:0]        result_cap_i,     // in result pairs of 8 bytes
  // the engines' record read offered to the memory port this cycle
  input  wire               req_valid_i,
  input  wire [31:7]        req_addr_i,       // a record's address (128-byte aligned)
  input  wire [DestW-1:0]   req_dest_i,
  output wire               hit_o,            // a line holds its burst or waits for it
  input  wire               accept_i,         // the port took it this cycle
  // a kept record into the entry of a read that waited here
  output reg                fill_valid_o,
  output reg  [DestW-1:0]   fill_dest_o,
  output reg  [1023:0]      fill_data_o,
  output wire               idle_o,
  // record bursts coming back from the SDRAM (8 beats, in request order)
  input  wire               rsp_valid_i,
  input  wire               rsp_rec_i,        // the beat goes to a record entry
  input  wire [2:0]         rsp_beat_i,
  input  wire               rsp_last_i,
  input  wire [255:0]       rsp_data_i
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer LineW = Lines > 1 ? $clog2(Lines) : 1;
  localparam integer CntW  = $clog2(ReadDepth + 1);

`include "cc_result_area.vh"

  reg  [31:8]      tag_q [0:Lines-1];
  reg  [Lines-1:0] valid_q, kept_q;          // a line is in use; its burst is in
  reg  [CntW-1:0]  waits_q [0:Lines-1];      // reads waiting on the line
  reg  [LineW-1:0] next_q;                   // the line replaced next
  reg  [255:0]     data_q [0:8*Lines-1];     // no reset: read only after written

  // ---- the lookup (only while a record read is offered) ----
  wire        keepable = !in_result_area({req_addr_i[31:8], 8'd0}, PAIR_BYTES, result_base_i, result_cap_i);
  reg         hit;
  reg  [LineW-1:0] hit_sel;
  integer k;
  always @(*) begin
    k = 0;
    hit = 1'b0;
    hit_sel = {LineW{1'bx}};
    if (req_valid_i && keepable) begin
      for (k = 0; k < Lines; k = k + 1)
        if (valid_q[k] && tag_q[k] == req_addr_i[31:8]) begin
          hit = 1'b1;
          hit_sel = k[LineW-1:0];
        end
    end
  end
  assign hit_o = hit;
  wire take_waiting = accept_i && hit;
  wire next_free    = !valid_q[next_q] || (kept_q[next_q] && waits_q[next_q] == {CntW{1'b0}});
  wire allocate     = accept_i && !hit && keepable && next_free;

  // ---- the SDRAM reads in flight: {line, kept}, in request order ----
  wire              read_taken = accept_i && !hit;
  wire              rec_beat   = rsp_valid_i && rsp_rec_i;
  wire              rec_last   = rec_beat && rsp_last_i;   // a record read's last beat
  wire [LineW:0]    back;                    // the oldest read in flight
  wire              reads_empty, reads_full;
  wire [CntW-1:0]   reads_count;
  cc_sdram_fifo #(
    .Width (LineW + 1),
    .Depth (ReadDepth)
  ) u_reads (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .push_i    (read_taken),
    .wr_data_i ({next_q, allocate}),
    .pop_i     (rec_last),
    .rd_data_o (back),
    .empty_o   (reads_empty),
    .full_o    (reads_full),
    .count_o   (reads_count)
  );
  wire             back_in   = rec_last && back[0];
  wire [LineW-1:0] back_line = back[LineW:1];

  // ---- the reads waiting on a line: {line, destination, half}, served in order ----
  localparam integer WaitW = LineW + DestW + 1;
  wire [WaitW-1:0] head;
  wire             waits_empty, waits_full;
  wire [CntW-1:0]  waits_count;
  wire [LineW-1:0] head_line = head[WaitW-1 -: LineW];
  wire             serve     = !waits_empty && kept_q[head_line];
  cc_sdram_fifo #(
    .Width (WaitW),
    .Depth (ReadDepth)
  ) u_waits (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .push_i    (take_waiting),
    .wr_data_i ({hit_sel, req_dest_i, req_addr_i[7]}),
    .pop_i     (serve),
    .rd_data_o (head),
    .empty_o   (waits_empty),
    .full_o    (waits_full),
    .count_o   (waits_count)
  );
  assign idle_o = waits_empty && !fill_valid_o;

  // A kept burst's beats go straight into its line: the line is pending until the last
  // one, so no read is served from it before (and it was replaced only with none waiting).
  integer b;
  always @(posedge clk_i) begin
    if (rec_beat && back[0]) data_q[{back_line, rsp_beat_i}] <= rsp_data_i;
    if (allocate) tag_q[next_q] <= req_addr_i[31:8];
    if (serve) begin                         // the record's half of the burst
      fill_dest_o <= head[1 +: DestW];
      for (b = 0; b < 4; b = b + 1) fill_data_o[256 * b +: 256] <= data_q[{head_line, head[0], b[1:0]}];
    end
  end
  integer l;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= {Lines{1'b0}};
      kept_q <= {Lines{1'b0}};
      for (l = 0; l < Lines; l = l + 1) waits_q[l] <= {CntW{1'b0}};
      next_q <= {LineW{1'b0}};
      fill_valid_o <= 1'b0;
    end else begin
      fill_valid_o <= serve;
      if (clear_i) begin
        valid_q <= {Lines{1'b0}};
        kept_q <= {Lines{1'b0}};
        next_q <= {LineW{1'b0}};
      end else begin
        if (back_in) kept_q[back_line] <= 1'b1;
        if (allocate) begin
          valid_q[next_q] <= 1'b1;
          kept_q[next_q] <= 1'b0;
          next_q <= next_q == Lines[LineW-1:0] - 1'b1 ? {LineW{1'b0}} : next_q + 1'b1;
        end
      end
      for (l = 0; l < Lines; l = l + 1)
        waits_q[l] <= waits_q[l] + {{(CntW-1){1'b0}}, take_waiting && hit_sel == l[LineW-1:0]}
                                 - {{(CntW-1){1'b0}}, serve && head_line == l[LineW-1:0]};
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni && read_taken) begin
      assert (!reads_full || rec_last)
        else $error("cc_rec_store: a record read taken with %0d in flight (full)", reads_count);
    end
    if (rst_ni && take_waiting) begin
      assert (!waits_full || serve) else $error("cc_rec_store: a read waits with %0d waiting (full)", waits_count);
    end
    if (rst_ni && rec_beat) begin
      assert (!reads_empty) else $error("cc_rec_store: a record beat with no record read in flight");
    end
    if (rst_ni && clear_i) begin
      assert (reads_empty && waits_empty) else $error("cc_rec_store: a query starts with record reads in flight or waiting");
    end
  end
`endif
endmodule
