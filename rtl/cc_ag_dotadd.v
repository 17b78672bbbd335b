// ---------------------------------------------------------------------------------------
// cc_ag_dotadd: Address Generators 2 and 3 of the paper (§4.1): sequences the DOTADD
// operations of one command through the correspondence and matrix register files.
//
//   command          ops  correspondence line   matrix line            result goes to
//   DOP transform    24   k                     k                      results bank
//   (slot s)                                                           [s][k]
//   triangle pass p   9   24 + 9p + k           24 + 3p + (k mod 3)    DOP reg dst(k)
//
// One operation is issued per cycle (the DOTADD is fully pipelined); the tag sent with it
// is where its result must be written (Address Generator 3 "delays an index i for the
// duration of the pipeline": here the index rides in the DOTADD's tag pipeline, so no
// counter has to know the latency). The command is done when all its results retired.
//
//   cycle      0     1     2    ...  N-1   N ...        N-1+Stages  N+Stages
//   issue     op0   op1   op2   ...  opN-1
//   retire                            (op0 at Stages) ...  opN-1
//   done_o                                                            pulse
//
// Checks, reported with done_o as err_o (BAD_CONFIG in the register map):
//   - DOP transform: a source index >= 24 (the golden model's BadConfig rule);
//   - triangle pass: a source register that an earlier operation of the same pass writes.
//     The golden model reads all sources before writing (cc golden triPass); pipelined
//     write-back could overtake a later read, so such a configuration is refused instead
//     of silently computing something else. The standard lines 24..50 never do this.
//
// Paper difference: the paper issues the 24 lines out of order as soon as their DOP
// elements arrive from memory; here the transform starts when the DOP is loaded (the
// controller decides when) and issues lines in order. Documented in docs/rtl_datapath.md.
// ---------------------------------------------------------------------------------------
module cc_ag_dotadd (
  input  wire        clk_i,
  input  wire        rst_ni,
  // command (from the datapath's command decoder)
  input  wire        start_valid_i,
  output wire        start_ready_o,
  input  wire        start_tri_i,     // 0: DOP transform, 1: triangle pass
  input  wire        start_slot_i,    // DOP transform: results bank slot
  input  wire [1:0]  start_pass_i,    // triangle pass 0..2
  // register file addresses
  output wire [6:0]  corr_line_o,
  input  wire [31:0] corr_data_i,
  output wire [5:0]  mat_line_o,
  output wire [14:0] dop_idx_o,       // src2, src1, src0 (5 bits each)
  // DOTADD issue and retirement
  output wire        issue_valid_o,
  output wire [6:0]  issue_tag_o,     // {kind (1: DOP reg, 0: results bank), slot, index}
  input  wire        retire_valid_i,
  // completion
  output wire        done_o,
  output wire        err_o,
  // what the register files may not be loaded during (see cc_datapath's beat_ready_o)
  output wire        reading_o,       // DOP register file operands being read
  output wire        tri_busy_o,      // a triangle pass runs (it writes DOP registers)
  output wire        leaf_busy_o      // pass 2 runs (it reads matrix lines 30..32)
);

  localparam [1:0] StIdle  = 2'd0;
  localparam [1:0] StIssue = 2'd1;
  localparam [1:0] StDrain = 2'd2;

  reg [1:0]  state_d, state_q;
  reg        tri_d, tri_q;
  reg        slot_d, slot_q;
  reg [1:0]  pass_d, pass_q;
  reg [4:0]  k_d, k_q;         // operation being issued
  reg [1:0]  k3_d, k3_q;       // k mod 3 (matrix row of a triangle pass)
  reg [4:0]  ret_d, ret_q;     // results retired
  reg [31:0] wmask_d, wmask_q; // DOP registers written by this pass so far
  reg        err_d, err_q;
  reg        done_d, done_q;

  wire [4:0] num_ops = tri_q ? 5'd9 : 5'd24;
  wire [4:0] src0 = corr_data_i[4:0];
  wire [4:0] src1 = corr_data_i[9:5];
  wire [4:0] src2 = corr_data_i[14:10];
  wire [4:0] dst  = corr_data_i[19:15];

  wire       issuing = (state_q == StIssue);
  wire       unused_corr_hi = &{1'b0, corr_data_i[31:20]};  // bits above dst are not used
  wire       src_out_of_range = (src0 >= 5'd24) || (src1 >= 5'd24) || (src2 >= 5'd24);
  wire       src_hazard = wmask_q[src0] || wmask_q[src1] || wmask_q[src2];

  always @(*) begin
    state_d = state_q;
    tri_d   = tri_q;
    slot_d  = slot_q;
    pass_d  = pass_q;
    k_d     = k_q;
    k3_d    = k3_q;
    ret_d   = ret_q + {4'd0, retire_valid_i};
    wmask_d = wmask_q;
    err_d   = err_q;
    done_d  = 1'b0;
    case (state_q)
      StIdle: begin
        ret_d = 5'd0;
        if (start_valid_i) begin
          state_d = StIssue;
          tri_d   = start_tri_i;
          slot_d  = start_slot_i;
          pass_d  = start_pass_i;
          k_d     = 5'd0;
          k3_d    = 2'd0;
          wmask_d = 32'd0;
          err_d   = 1'b0;
        end
      end
      StIssue: begin
        if (tri_q) begin
          if (src_hazard) err_d = 1'b1;
          wmask_d = wmask_q | (32'd1 << dst);
        end else if (src_out_of_range) begin
          err_d = 1'b1;
        end
        k_d  = k_q + 5'd1;
        k3_d = (k3_q == 2'd2) ? 2'd0 : k3_q + 2'd1;
        if (k_q == num_ops - 5'd1) state_d = StDrain;
      end
      StDrain: begin
        if (ret_d == num_ops) begin
          state_d = StIdle;
          done_d  = 1'b1;
        end
      end
      default: state_d = StIdle;
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      tri_q   <= 1'b0;
      slot_q  <= 1'b0;
      pass_q  <= 2'd0;
      k_q     <= 5'd0;
      k3_q    <= 2'd0;
      ret_q   <= 5'd0;
      wmask_q <= 32'd0;
      err_q   <= 1'b0;
      done_q  <= 1'b0;
    end else begin
      state_q <= state_d;
      tri_q   <= tri_d;
      slot_q  <= slot_d;
      pass_q  <= pass_d;
      k_q     <= k_d;
      k3_q    <= k3_d;
      ret_q   <= ret_d;
      wmask_q <= wmask_d;
      err_q   <= err_d;
      done_q  <= done_d;
    end
  end

  // Line arithmetic: 24 + 9p + k and 24 + 3p + k3 (p <= 2, so both stay below 66 / 33).
  wire [6:0] tri_corr = 7'd24 + ({5'd0, pass_q} * 7'd9) + {2'd0, k_q};
  wire [5:0] tri_mat  = 6'd24 + ({4'd0, pass_q} * 6'd3) + {4'd0, k3_q};

  assign start_ready_o = (state_q == StIdle);
  assign corr_line_o   = tri_q ? tri_corr : {2'd0, k_q};
  assign mat_line_o    = tri_q ? tri_mat  : {1'b0, k_q};
  assign dop_idx_o     = {src2, src1, src0};
  assign issue_valid_o = issuing;
  assign issue_tag_o   = tri_q ? {1'b1, 1'b0, dst} : {1'b0, slot_q, k_q};
  assign done_o        = done_q;
  assign reading_o     = issuing;
  assign tri_busy_o    = (state_q != StIdle) && tri_q;
  assign leaf_busy_o   = (state_q != StIdle) && tri_q && (pass_q == 2'd2);
  assign err_o         = err_q;

`ifndef SYNTHESIS
  // (state_q is reset asynchronously, so these hold during reset as well.)
  always @(posedge clk_i) begin
    assert (!(retire_valid_i && state_q == StIdle))
      else $error("cc_ag_dotadd: a result retired with no command running");
    assert (state_q == StIdle || ret_q <= num_ops)
      else $error("cc_ag_dotadd: more results than operations");
    assert (!(state_q != StIdle && tri_q && pass_q == 2'd3))
      else $error("cc_ag_dotadd: triangle pass 3 does not exist");
  end
`endif

endmodule
