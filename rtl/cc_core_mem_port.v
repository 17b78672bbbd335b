// =======================================================================================
// cc_core_mem_port: the core's one port to the SDRAM interface (cc_sdram_ctrl's request /
// response). Four requesters, in fixed priority:
//   1. the triangle-test engine: its decide stage's result write, else its record reads
//      (cc_tri_engine; a record read says so: mem_req_rec_o);
//   2. the controller's tumbled pair, or its leaf's triangle record (CTRL.LEAF_VERTEX);
//   3. the look-ahead engine's tumbled pair;
//   4. the stack engine's fetch unit: aligned pairs.
// Reads come back in request order, so a queue of destinations (one per read in flight,
// pushed when the read is taken) says where each read's beats go: the fetch unit
// (D_PAIR), bank 0 or 1 of the tumbled-pair buffer (D_TBUF0/1, tbuf_dest), or a triangle
// record entry ({1, entry, side}, rec_dest in cc_core). Every destination is reserved
// before its read is asked for, so responses are always taken and the queue never
// overflows (DestDepth: the most reads that can be in flight).
// With RecBursts = 1 (a record store, cc_rec_store) the engines' record reads go to the
// SDRAM interface as whole bursts (8 beats: the record and the one beside it, which the
// store keeps too), and a read whose burst the store has or waits for (rec_hit_i) is
// taken as any record read, in its place in the priority, but goes neither to the SDRAM
// interface nor into the queue: the store fills the entry.
// =======================================================================================
module cc_core_mem_port #(
  parameter integer DestW     = 3,
  parameter integer DestDepth = 8,
  parameter integer RecBursts = 0
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // requesters (each holds its request until taken)
  input  wire                 res_valid_i,      // triangle-test engine: result write
  input  wire [31:0]          res_addr_i,
  input  wire [255:0]         res_wdata_i,
  input  wire [31:0]          res_wstrb_i,
  output wire                 res_accept_o,
  input  wire                 rec_valid_i,      // triangle-test engine: record read
  input  wire [31:0]          rec_addr_i,
  input  wire [DestW-1:0]     rec_dest_i,
  input  wire                 rec_hit_i,        // ... its record is kept (cc_rec_store)
  output wire                 rec_accept_o,
  input  wire                 fsm_valid_i,      // controller: tumbled pair or record
  input  wire                 fsm_rec_i,        // ... a record
  input  wire [31:0]          fsm_addr_i,
  input  wire [DestW-1:0]     fsm_dest_i,
  output wire                 fsm_accept_o,
  input  wire                 sp_valid_i,       // look-ahead engine: tumbled pair
  input  wire [31:0]          sp_addr_i,
  input  wire [DestW-1:0]     sp_dest_i,
  output wire                 sp_accept_o,
  input  wire                 pf_valid_i,       // fetch unit: aligned pair (D_PAIR)
  input  wire [31:0]          pf_addr_i,
  output wire                 pf_accept_o,
  // SDRAM interface
  output wire                 mem_req_valid_o,
  input  wire                 mem_req_ready_i,
  output wire                 mem_req_write_o,
  output wire                 mem_req_rec_o,
  output wire [31:0]          mem_req_addr_o,
  output wire [255:0]         mem_req_wdata_o,
  output wire [31:0]          mem_req_wstrb_o,
  input  wire                 mem_rsp_valid_i,
  output wire                 mem_rsp_ready_o,
  input  wire                 mem_rsp_last_i,
  // the response beat in progress: where it goes and its number in the burst
  output wire [DestW-1:0]     rsp_dest_o,
  output wire [2:0]           rsp_beat_o,
  output wire                 reads_idle_o      // no read in flight
);
  localparam [DestW-1:0] D_PAIR = 0;

  wire eng_valid = res_valid_i || rec_valid_i;
  assign res_accept_o = res_valid_i && mem_req_ready_i;
  assign rec_accept_o = !res_valid_i && rec_valid_i && mem_req_ready_i;
  assign fsm_accept_o = !eng_valid && fsm_valid_i && mem_req_ready_i;
  assign sp_accept_o  = !eng_valid && !fsm_valid_i && sp_valid_i && mem_req_ready_i;
  assign pf_accept_o  = !eng_valid && !fsm_valid_i && !sp_valid_i && pf_valid_i && mem_req_ready_i;

  assign mem_req_valid_o = res_valid_i || (rec_valid_i ? !rec_hit_i : fsm_valid_i || sp_valid_i || pf_valid_i);
  assign mem_req_write_o = res_valid_i;
  assign mem_req_rec_o   = !res_valid_i && (rec_valid_i ? RecBursts == 0 : fsm_valid_i && fsm_rec_i);
  assign mem_req_addr_o  = res_valid_i ? res_addr_i : rec_valid_i ? rec_addr_i :
                           fsm_valid_i ? fsm_addr_i : sp_valid_i ? sp_addr_i : pf_addr_i;
  assign mem_req_wdata_o = res_wdata_i;
  assign mem_req_wstrb_o = res_valid_i ? res_wstrb_i : 32'd0;
  assign mem_rsp_ready_o = 1'b1;

  wire             read_accept = (rec_accept_o && !rec_hit_i) || fsm_accept_o || sp_accept_o || pf_accept_o;
  wire [DestW-1:0] read_dest   = rec_accept_o ? rec_dest_i : fsm_accept_o ? fsm_dest_i :
                                 sp_accept_o ? sp_dest_i : D_PAIR;
  wire             dest_full;
  wire [$clog2(DestDepth + 1)-1:0] dest_count;
  cc_sdram_fifo #(
    .Width (DestW),
    .Depth (DestDepth)
  ) u_dest (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .push_i    (read_accept),
    .wr_data_i (read_dest),
    .pop_i     (mem_rsp_valid_i && mem_rsp_last_i),
    .rd_data_o (rsp_dest_o),
    .empty_o   (reads_idle_o),
    .full_o    (dest_full),
    .count_o   (dest_count)
  );

  reg  [2:0] beat_q, beat_d;
  always @(*) begin
    beat_d = beat_q;
    if (mem_rsp_valid_i) beat_d = mem_rsp_last_i ? 3'd0 : beat_q + 3'd1;
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) beat_q <= 3'd0;
    else         beat_q <= beat_d;
  end
  assign rsp_beat_o = beat_q;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni && read_accept) begin
      assert (!dest_full || (mem_rsp_valid_i && mem_rsp_last_i))
        else $error("cc_core_mem_port: a read taken with %0d destinations queued (full)", dest_count);
    end
    if (rst_ni && mem_rsp_valid_i) begin
      assert (!reads_idle_o) else $error("cc_core_mem_port: a response beat with no read in flight");
    end
  end
`endif
endmodule
