// =======================================================================================
// cc_wait_frames: the stack's frames whose slot-1 list still waits (pushed with both child
// lists, not yet resumed), kept on chip beside the stack engine's copy in the SRAM, and
// the topmost of them: the pair, list base and length the next resume hands over, which
// the look-ahead engine fetches and transforms meanwhile (ResumeAhead, cc_controller).
// =======================================================================================
module cc_wait_frames #(
  parameter integer StackFrames = 64
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        clear_i,          // a query starts: no frame waits
  input  wire        push_i,           // a frame is pushed at depth depth_i ...
  input  wire [31:0] depth_i,
  input  wire        waits_i,          // ... and its slot-1 list waits: these are its words
  input  wire [31:0] pair_i,
  input  wire [31:0] base_i,
  input  wire [31:0] len_i,
  input  wire        take_i,           // the frame below depth_i is resumed
  output reg         any_o,            // a frame waits; the topmost one's words
  output reg  [31:0] pair_o,
  output reg  [31:0] base_o,
  output reg  [31:0] len_o
);
  localparam integer FrameIdxW = StackFrames > 1 ? $clog2(StackFrames) : 1;
  wire [FrameIdxW-1:0] frame = depth_i[FrameIdxW-1:0];

  reg  [StackFrames-1:0] wait_q, wait_d;
  always @(*) begin
    wait_d = wait_q;
    if (clear_i) wait_d = {StackFrames{1'b0}};
    if (push_i) wait_d[frame] = waits_i;
    if (take_i) wait_d[frame - 1'b1] = 1'b0;
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) wait_q <= {StackFrames{1'b0}};
    else         wait_q <= wait_d;
  end

  // The words, written as the frame is pushed (no reset: read only where wait_q is set).
  reg  [31:0] pair_q [0:StackFrames-1];
  reg  [31:0] base_q [0:StackFrames-1];
  reg  [31:0] len_q  [0:StackFrames-1];
  always @(posedge clk_i)
    if (push_i) begin
      pair_q[frame] <= pair_i;
      base_q[frame] <= base_i;
      len_q[frame]  <= len_i;
    end

  // The topmost waiting frame: the highest index set, found by halving (is a bit set in the
  // upper half of what is left?), then its words read at that index. A simulator evaluates
  // this every cycle: a search of FrameIdxW steps instead of a scan of every frame, and in
  // gates a log-depth encoder and one read mux instead of a chain of StackFrames muxes.
  localparam integer Span = 1 << FrameIdxW;           // StackFrames rounded up to a power of 2
  function automatic [FrameIdxW-1:0] topmost(input [StackFrames-1:0] w);
    reg [Span-1:0] left;                              // the bits still in question, at the bottom
    integer lvl;
    begin
      left = {{(Span - StackFrames){1'b0}}, w};
      topmost = {FrameIdxW{1'b0}};
      for (lvl = FrameIdxW - 1; lvl >= 0; lvl = lvl - 1) begin
        topmost[lvl] = (left >> (1 << lvl)) != {Span{1'b0}};
        left = topmost[lvl] ? left >> (1 << lvl) : left & ({Span{1'b1}} >> (Span - (1 << lvl)));
      end
    end
  endfunction
  wire [FrameIdxW-1:0] top = topmost(wait_q);
  always @(*) begin
    any_o  = wait_q != {StackFrames{1'b0}};
    pair_o = any_o ? pair_q[top] : 32'd0;
    base_o = any_o ? base_q[top] : 32'd0;
    len_o  = any_o ? len_q[top] : 32'd0;
  end
  wire unused_ok = &{1'b0, depth_i[31:FrameIdxW]};
endmodule
