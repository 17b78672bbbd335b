// =======================================================================================
// cc_tri_pass: the triangle-test engine's pass engine and its DOP register files.
//
// A triangle test (docs/traversal.md, cc::golden::Chip::triangleTest) runs two DOTADD
// passes per side before the IT-unit: the frame pass (lines 24 / 33 of the correspondence
// file: the side's vertices into the other triangle's frame, matrix lines 24..26 / 27..29)
// and the leaf-matrix pass (lines 42..50: the frame pass's outputs times the other
// triangle's leaf matrix M, straight from its record). A sequencer per side issues the
// side's two passes, nine DOTADDs each, one a cycle: side A's on the shared DOTADD unit
// (first choice there), side B's on the pass unit. A frame pass waits until its side's
// vertices are loaded (its record is in); a leaf-matrix DOTADD until the other side's
// record (its M) is in and the frame-pass results it reads are: forwarded from the pass's
// result buffer (triout) as soon as they are in, not after the whole pass is written.
//
// A pass's outputs are written to its side's register file together, after its last
// result, as the golden model writes them after all reads. The register files come in
// banks, one per test in the engine (cc_tri_engine): the next test's DOTADDs may issue
// while the last results of the test before come back, so the result counters go on with
// the newer test (rnext) and each pass is written into the bank of its own test. (A
// leaf-matrix DOTADD's forwarding waits for rnext to clear; that matters only with more
// than 8 DOTADD stages: with fewer, the older test's results are in before the newer
// test's nine frame-pass DOTADDs are issued.)
//
// A side's leaf-matrix pass written (done_o), the IT-unit may take it; with it, the
// largest biased exponent of its outputs (sexp_o, cc::itCoordExp) for the error bound.
// =======================================================================================
module cc_tri_pass #(
  parameter integer Banks = 2,
  parameter integer BankW = 1
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // the load stage: a new test into bank new_bank_i; the current test's bank and records
  input  wire                 start_i,
  input  wire [BankW-1:0]     new_bank_i,
  input  wire [BankW-1:0]     bank_i,
  input  wire [1:0]           rec_in_i,         // side s's record is in
  input  wire [2*9*32-1:0]    verts_i,          // side s's vertices (record words 0..8) at 288 s
  input  wire [2*12*32-1:0]   m_i,              // side s's leaf matrix M (words 9..20) at 384 s
  output wire [1:0]           verts_rd_o,       // verts_i side s is read this cycle (else a don't-care)
  output wire [1:0]           m_rd_o,           // m_i side s is read this cycle (else a don't-care)
  // register files: the correspondence file, matrix lines 24..29 (the two frames)
  input  wire [66*20-1:0]     corr_i,
  input  wire [6*4*32-1:0]    frames_i,
  // DOTADDs: side s issues (ops {dn, dm, dk}, matrix row {c, c2, c1, c0}); its results
  output wire [1:0]           issue_o,
  output wire [2*96-1:0]      ops_o,
  output wire [2*128-1:0]     mrow_o,
  input  wire [1:0]           out_i,
  input  wire [2*32-1:0]      result_i,
  // state
  output wire                 idle_o,           // no result to come, nothing to write
  output wire                 issued_o,         // every DOTADD of the current test issued
  output wire [2*Banks-1:0]   done_o,           // {bank, side}: leaf-matrix pass written
  output wire [2*Banks*8-1:0] sexp_o,           // {bank, side}: its outputs' largest exponent
  output wire [1:0]           wait_record_o,    // side s waits for a record (board's profile)
  output wire                 issuing_o,        // a side has DOTADDs left to issue
  // DOP register reads of the IT-units (two each): {bank, side, register}
  input  wire [4*(BankW+6)-1:0] rd_addr_i,
  input  wire [1:0]           rd_i,             // reader u pair reads (else its data is a don't-care)
  output wire [4*32-1:0]      rd_data_o
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer Regs = DOP_REGS;       // per side and bank

  // Pass p's first correspondence line: 24 (A frame), 33 (B frame), 42 (leaf matrix).
  function automatic [6:0] pass_line(input [1:0] p);
    pass_line = p[1] ? 7'd42 : p[0] ? 7'd33 : 7'd24;
  endfunction
  function automatic [BankW-1:0] bank_next(input [BankW-1:0] b);
    bank_next = (b == Banks[BankW-1:0] - 1'b1) ? {BankW{1'b0}} : b + 1'b1;
  endfunction

  // Line l of the correspondence file, read where it is used (a simulator evaluates only
  // the lines read, not an unpacked copy of the whole file every cycle).
  function automatic [19:0] corr_line(input [6:0] l);
    corr_line = corr_i[20*l +: 20];
  endfunction
  function automatic [4:0] corr_dst(input [6:0] l);   // its destination field
    corr_dst = corr_i[20*l + 15 +: 5];
  endfunction
  genvar g;

  reg  [31:0] dopreg_q [0:Regs*2*Banks-1];   // {bank, side, register}
  reg  [31:0] triout_q [0:35];               // side s, pass p (0 frame, 1 leaf matrix) at 18s + 9p
  reg  [7:0]  sexp_q   [0:2*Banks-1];

  reg  [1:0]  pass_q  [0:1], pass_d  [0:1];  // side s: pass being issued; 2: all issued
  reg  [3:0]  k_q     [0:1], k_d     [0:1];  // its next DOTADD
  reg  [1:0]  rpass_q [0:1], rpass_d [0:1];  // pass whose results come back; 2: all back
  reg  [3:0]  rk_q    [0:1], rk_d    [0:1];  // its results in so far
  reg  [BankW-1:0] rbank_q [0:1], rbank_d [0:1];   // the bank of their test
  reg  [1:0]  rnext_q, rnext_d;              // side s: a newer test's results follow these
  reg  [1:0]  wb_q, wb_d;                    // side s: a pass is complete: write it
  reg  [1:0]  wb_leaf_q, wb_leaf_d;
  reg  [BankW-1:0] wb_bank_q [0:1], wb_bank_d [0:1];
  reg  [2*Banks-1:0] done_q, done_d;
  reg  [1:0]  vload_q, vload_d;              // the current test's side s vertices are loaded

  // ---- issue: operands per side, forwarding from the frame pass's result buffer ----
  generate
    for (g = 0; g < 2; g = g + 1) begin : g_side
      wire        leaf   = pass_q[g][0];
      // The DOTADD this side issues next: its correspondence line and output coordinate,
      // operands and matrix row are made only while the side has DOTADDs to issue (a
      // don't-care once its passes are issued: a simulator then skips them).
      wire        active = pass_q[g] != 2'd2;
      reg  [3:0]  coord;
      reg  [19:0] line;
      always @(*) begin
        {coord, line} = 24'bx;
        if (active) begin
          coord = k_q[g] % 4'd3;
          line  = corr_line(pass_line({leaf, g[0]}) + {3'd0, k_q[g]});
        end
      end
      // A leaf-matrix operand the frame pass writes (its last output with that destination);
      // searched only while the leaf-matrix pass issues (a don't-care otherwise: a
      // simulator skips the search).
      reg  [2:0] fw_hit;
      reg  [3:0] fw_o [0:2];
      integer    ff, fo;
      always @(*) begin
        fo = 0;
        for (ff = 0; ff < 3; ff = ff + 1) begin
          fw_hit[ff] = 1'bx;
          fw_o[ff] = 4'bx;
          if (leaf) begin
            fw_hit[ff] = 1'b0;
            fw_o[ff] = 4'd0;
            for (fo = 0; fo < 9; fo = fo + 1) begin
              if (corr_dst((g == 0 ? 7'd24 : 7'd33) + fo[6:0]) == line[5*ff +: 5]) begin
                fw_hit[ff] = 1'b1;
                fw_o[ff] = fo[3:0];
              end
            end
          end
        end
      end
      wire [2:0]  fw_ready;
      genvar f;
      for (f = 0; f < 3; f = f + 1) begin : g_fw
        assign fw_ready[f] = !fw_hit[f] || (!rnext_q[g] && (rpass_q[g] != 2'd0 || rk_q[g] > fw_o[f]));
      end
      // A frame pass needs its side's vertices; a leaf-matrix DOTADD the other record
      // (its M) and the frame-pass results it reads.
      assign issue_o[g] = active && (leaf ? rec_in_i[1 - g] && fw_ready == 3'b111 : vload_q[g]);
      reg  [95:0]  ops;
      reg  [127:0] mrow;
      wire [31:0]  c = {30'd0, coord[1:0]};
      integer      oj;
      always @(*) begin
        {ops, mrow} = 224'bx;
        for (oj = 0; oj < 4; oj = oj + 1) begin
          if (active && oj < 3)
            ops[32*oj +: 32] = (leaf && fw_hit[oj]) ? triout_q[6'd18 * g[5:0] + {2'd0, fw_o[oj]}]
                                                    : dopreg_q[{bank_i, g[0], line[5*oj +: 5]}];
          if (active)
            mrow[32*oj +: 32] = leaf ? m_i[384 * (1 - g) + 32 * (4 * c + oj) +: 32]
                                     : frames_i[32 * (4 * (3 * g + c) + oj) +: 32];
        end
      end
      assign ops_o[96*g +: 96]   = ops;
      assign mrow_o[128*g +: 128] = mrow;
      assign wait_record_o[g] = pass_q[g] == 2'd0 ? !vload_q[g] : pass_q[g] == 2'd1 && !rec_in_i[1 - g];
      wire unused_ok = &{1'b0, coord[3:2], line[19:15]};
    end
  endgenerate

  // ---- sequencers: issue, results (in issue order), write-back; a new test (start_i) ----
  integer s;
  always @(*) begin
    wb_d = 2'b00;
    for (s = 0; s < 2; s = s + 1) begin
      pass_d[s] = pass_q[s];
      k_d[s] = k_q[s];
      rpass_d[s] = rpass_q[s];
      rk_d[s] = rk_q[s];
      rbank_d[s] = rbank_q[s];
      wb_bank_d[s] = wb_bank_q[s];
    end
    rnext_d = rnext_q;
    wb_leaf_d = wb_leaf_q;
    done_d = done_q;
    vload_d = vload_q;
    for (s = 0; s < 2; s = s + 1) begin
      if (issue_o[s]) begin
        k_d[s] = (k_q[s] == 4'd8) ? 4'd0 : k_q[s] + 4'd1;
        if (k_q[s] == 4'd8) pass_d[s] = pass_q[s] + 2'd1;
      end
      wb_d[s] = out_i[s] && rk_q[s] == 4'd8;
      if (out_i[s]) begin
        rk_d[s] = (rk_q[s] == 4'd8) ? 4'd0 : rk_q[s] + 4'd1;
        if (rk_q[s] == 4'd8) begin
          wb_leaf_d[s] = rpass_q[s][0];
          wb_bank_d[s] = rbank_q[s];
          if (rpass_q[s] == 2'd1 && rnext_q[s]) begin     // the newer test's frame pass next
            rpass_d[s] = 2'd0;
            rbank_d[s] = bank_next(rbank_q[s]);
            rnext_d[s] = 1'b0;
          end else begin
            rpass_d[s] = rpass_q[s] + 2'd1;
          end
        end
      end
      if (wb_q[s] && wb_leaf_q[s]) done_d[{wb_bank_q[s], s[0]}] = 1'b1;
      if (rec_in_i[s] && !vload_q[s]) vload_d[s] = 1'b1;
    end
    if (start_i) begin
      // Frame passes go once their side's vertices are loaded, so side A's may run while
      // record B is still on its way. The result counters take the new test at once if
      // the last one's results are all in (or its last comes now), else after them.
      vload_d = 2'b00;
      for (s = 0; s < 2; s = s + 1) begin
        pass_d[s] = 2'd0;
        k_d[s] = 4'd0;
        if (rpass_q[s] == 2'd2 || (out_i[s] && rpass_q[s] == 2'd1 && rk_q[s] == 4'd8)) begin
          rpass_d[s] = 2'd0;
          rk_d[s] = 4'd0;
          rbank_d[s] = new_bank_i;
        end else begin
          rnext_d[s] = 1'b1;
        end
      end
      done_d[{new_bank_i, 1'b0}] = 1'b0;
      done_d[{new_bank_i, 1'b1}] = 1'b0;
    end
  end

  integer r;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (r = 0; r < 2; r = r + 1) begin
        pass_q[r] <= 2'd2;
        k_q[r] <= 4'd0;
        rpass_q[r] <= 2'd2;
        rk_q[r] <= 4'd0;
        rbank_q[r] <= {BankW{1'b0}};
      end
      rnext_q <= 2'b00;
      wb_q <= 2'b00;
      done_q <= {(2 * Banks){1'b0}};
      vload_q <= 2'b11;
    end else begin
      for (r = 0; r < 2; r = r + 1) begin
        pass_q[r] <= pass_d[r];
        k_q[r] <= k_d[r];
        rpass_q[r] <= rpass_d[r];
        rk_q[r] <= rk_d[r];
        rbank_q[r] <= rbank_d[r];
      end
      rnext_q <= rnext_d;
      wb_q <= wb_d;
      done_q <= done_d;
      vload_q <= vload_d;
    end
  end
  // Loaded with the write-back they describe (wb_q): no reset needed.
  always @(posedge clk_i) begin
    wb_leaf_q <= wb_leaf_d;
    wb_bank_q[0] <= wb_bank_d[0];
    wb_bank_q[1] <= wb_bank_d[1];
  end

  // ---- storage: result buffer, register files (write-back, then vertices), exponents ----
  // The largest biased exponent of side s's leaf-matrix pass outputs (cc::itCoordExp).
  // Found only when a leaf-matrix pass is written (a don't-care otherwise).
  reg  [7:0]  leaf_exp [0:1];
  integer     e, v;
  always @(*) begin
    v = 0;
    for (e = 0; e < 2; e = e + 1) begin
      leaf_exp[e] = 8'bx;
      if (wb_q[e] && wb_leaf_q[e]) begin
        leaf_exp[e] = 8'd0;
        for (v = 0; v < 9; v = v + 1)
          if (triout_q[18 * e + 9 + v][30:23] > leaf_exp[e]) leaf_exp[e] = triout_q[18 * e + 9 + v][30:23];
      end
    end
  end
  integer w, x;
  always @(posedge clk_i) begin
    for (w = 0; w < 2; w = w + 1) begin
      if (out_i[w]) triout_q[18 * w + 9 * rpass_q[w][0] + {28'd0, rk_q[w]}] <= result_i[32*w +: 32];
      if (wb_q[w]) begin
        for (x = 0; x < 9; x = x + 1)
          dopreg_q[{wb_bank_q[w], w[0], corr_dst(pass_line({wb_leaf_q[w], w[0]}) + x[6:0])}] <= triout_q[18 * w + 9 * wb_leaf_q[w] + x];
        if (wb_leaf_q[w]) sexp_q[{wb_bank_q[w], w[0]}] <= leaf_exp[w];
      end
    end
    // A test's vertices go to d0..d8 of their side's file as soon as the side's record is
    // in (a frame pass reads only d0..d8: the BadConfig rule).
    for (w = 0; w < 2; w = w + 1) begin
      if (rec_in_i[w] && !vload_q[w]) begin
        for (x = 0; x < 9; x = x + 1) dopreg_q[{bank_i, w[0], x[4:0]}] <= verts_i[288 * w + 32 * x +: 32];
      end
    end
  end

  assign idle_o    = rpass_q[0] == 2'd2 && rpass_q[1] == 2'd2 && wb_q == 2'b00;
  assign issued_o  = pass_q[0] == 2'd2 && pass_q[1] == 2'd2 && rnext_q == 2'b00;
  assign issuing_o = pass_q[0] != 2'd2 || pass_q[1] != 2'd2;
  assign done_o    = done_q;
  // The record words read: side s's vertices when they are loaded, its M while the other
  // side's leaf-matrix pass issues.
  assign verts_rd_o = rec_in_i & ~vload_q;
  assign m_rd_o     = {pass_q[0] == 2'd1, pass_q[1] == 2'd1};
  generate
    for (g = 0; g < 2 * Banks; g = g + 1) begin : g_sexp
      assign sexp_o[8*g +: 8] = sexp_q[g];
    end
    // Read only while the reader reads (a don't-care otherwise).
    for (g = 0; g < 4; g = g + 1) begin : g_rd
      reg [31:0] rd;
      always @(*) begin
        rd = 32'bx;
        if (rd_i[g / 2]) rd = dopreg_q[rd_addr_i[(BankW+6)*g +: BankW+6]];
      end
      assign rd_data_o[32*g +: 32] = rd;
    end
  endgenerate

`ifndef SYNTHESIS
  integer t;
  always @(posedge clk_i) begin
    if (rst_ni) begin
      for (t = 0; t < 2; t = t + 1) begin
        assert (!(out_i[t] && rpass_q[t] == 2'd2)) else $error("cc_tri_pass: side %0d: a result with no pass waiting for it", t);
        assert (!(issue_o[t] && pass_q[t] == 2'd2)) else $error("cc_tri_pass: side %0d issues past its passes", t);
      end
      if (start_i) begin
        assert (issued_o) else $error("cc_tri_pass: a test starts before the last one's DOTADDs are issued");
      end
    end
  end
`endif
endmodule
