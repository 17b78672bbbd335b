// ---------------------------------------------------------------------------------------
// cc_pci_cfg: the type-0 configuration space header of the CollisionChip's PCI function
// (PCI Local Bus Specification 3.0, §6.1). Lives in the PCI clock domain; cc_pci_target
// reads it with a dword index and writes it with byte enables.
//
//   dword  31            24 23            16 15             8 7              0
//   0x00   Device ID (DeviceId)              | Vendor ID (VendorId)              RO
//   0x04   Status                            | Command                           see below
//   0x08   Class code (ClassCode)                             | Revision ID      RO
//   0x0C   BIST 0       | Header type 0x00   | Latency tmr 0  | Cache line size  CLS RW
//   0x10   BAR0: 4 KiB, 32-bit memory, not prefetchable: [31:12] RW, [11:0] = 0x000
//   0x14   BAR1: 2**Bar1Bits bytes, 32-bit memory, prefetchable: [31:Bar1Bits] RW, 0x8
//   0x18..0x28  BAR2..5, CardBus CIS: 0 (not implemented)
//   0x2C   Subsystem ID (SubsysId)           | Subsystem vendor ID (SubsysVendorId)
//   0x30..0x38  expansion ROM, capabilities, reserved: 0
//   0x3C   Max_Lat 0    | Min_Gnt 0          | Interrupt pin 1| Interrupt line   IL RW
//
//   Command: bit 1 Memory Space (RW), bit 6 Parity Error Response (RW), bit 8 SERR# Enable
//            (RW, stored only: SERR# is not driven), bit 10 Interrupt Disable (RW); the
//            rest reads 0 (no I/O space, never a bus master).
//   Status:  bit 3 Interrupt Status (RO), bits 10:9 DEVSEL timing = 01 (medium),
//            bit 15 Detected Parity Error (write 1 to clear); the rest reads 0.
// BAR sizing works the usual way: write all ones, read back, the zero bits give the size.
// ---------------------------------------------------------------------------------------
module cc_pci_cfg #(
  parameter [15:0] VendorId       = 16'h1234,
  parameter [15:0] DeviceId       = 16'hCC24,
  parameter [7:0]  RevisionId     = 8'h01,
  parameter [23:0] ClassCode      = 24'h120000,  // processing accelerator
  parameter [15:0] SubsysVendorId = 16'h1234,
  parameter [15:0] SubsysId       = 16'h0001,
  parameter integer Bar1Bits      = 30           // BAR1 window = 2**Bar1Bits bytes
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // access from the bus state machine
  input  wire [5:0]  idx_i,        // dword index (address bits 7:2)
  output reg  [31:0] rdata_o,
  input  wire        we_i,
  input  wire [31:0] wdata_i,
  input  wire [3:0]  be_i,         // active-high byte enables
  // events and state
  input  wire        set_dpe_i,    // a parity error was detected
  input  wire        irq_i,        // the function's interrupt request (synchronized)
  output wire        mem_en_o,
  output wire        perr_en_o,
  output wire        int_dis_o,
  output wire [31:12]       bar0_o,
  output wire [31:Bar1Bits] bar1_o
);
/* verilator lint_off UNUSEDPARAM */   // a unit uses the constants of its part
`include "cc_regmap.vh"
/* verilator lint_on UNUSEDPARAM */

  reg [3:0]           cmd_d, cmd_q;      // {int_dis, serr_en, perr_en, mem_en}
  reg                 dpe_d, dpe_q;
  reg [7:0]           cls_d, cls_q;
  reg [7:0]           il_d, il_q;
  reg [31:12]         bar0_d, bar0_q;
  reg [31:Bar1Bits]   bar1_d, bar1_q;

  wire [15:0] command = {5'd0, cmd_q[3], 1'b0, cmd_q[2], 1'b0, cmd_q[1], 4'd0, cmd_q[0], 1'b0};
  wire [15:0] status  = {dpe_q, 4'd0, 2'b01, 5'd0, irq_i, 3'd0};

  // Byte-enable merge of a write into an existing dword.
  function automatic [31:0] merge(input [31:0] old, input [31:0] wd, input [3:0] be);
    integer b;
    for (b = 0; b < 4; b = b + 1) merge[8*b +: 8] = be[b] ? wd[8*b +: 8] : old[8*b +: 8];
  endfunction

  wire [31:0] bar0_word = {bar0_q, 12'h000};
  wire [31:0] bar1_word = {bar1_q, {(Bar1Bits-4){1'b0}}, 4'b1000};

  always @(*) begin
    case (idx_i)
      6'd0:    rdata_o = {DeviceId, VendorId};
      6'd1:    rdata_o = {status, command};
      6'd2:    rdata_o = {ClassCode, RevisionId};
      6'd3:    rdata_o = {8'h00, 8'h00, 8'h00, cls_q};
      6'd4:    rdata_o = bar0_word;
      6'd5:    rdata_o = bar1_word;
      6'd11:   rdata_o = {SubsysId, SubsysVendorId};
      6'd15:   rdata_o = {8'h00, 8'h00, 8'h01, il_q};
      default: rdata_o = 32'h0000_0000;
    endcase
  end

  reg [31:0] m;
  always @(*) begin
    cmd_d  = cmd_q;
    dpe_d  = dpe_q | set_dpe_i;
    cls_d  = cls_q;
    il_d   = il_q;
    bar0_d = bar0_q;
    bar1_d = bar1_q;
    m      = 32'h0;
    if (we_i) begin
      case (idx_i)
        6'd1: begin
          m = merge({16'h0, command}, wdata_i, be_i);
          cmd_d = {m[10], m[8], m[6], m[1]};
          if (be_i[3] && wdata_i[31]) dpe_d = set_dpe_i;  // W1C (a new error wins)
        end
        6'd3: begin m = merge({24'h0, cls_q}, wdata_i, be_i); cls_d = m[7:0]; end
        6'd4: begin m = merge(bar0_word, wdata_i, be_i); bar0_d = m[31:12]; end
        6'd5: begin m = merge(bar1_word, wdata_i, be_i); bar1_d = m[31:Bar1Bits]; end
        6'd15: begin m = merge({24'h0, il_q}, wdata_i, be_i); il_d = m[7:0]; end
        default: ;
      endcase
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cmd_q  <= 4'd0;
      dpe_q  <= 1'b0;
      cls_q  <= 8'd0;
      il_q   <= 8'd0;
      bar0_q <= {20{1'b0}};
      bar1_q <= {(32-Bar1Bits){1'b0}};
    end else begin
      cmd_q  <= cmd_d;
      dpe_q  <= dpe_d;
      cls_q  <= cls_d;
      il_q   <= il_d;
      bar0_q <= bar0_d;
      bar1_q <= bar1_d;
    end
  end

  assign mem_en_o  = cmd_q[0];
  assign perr_en_o = cmd_q[1];
  assign int_dis_o = cmd_q[3];
  assign bar0_o    = bar0_q;
  assign bar1_o    = bar1_q;

  // The merge helper reads whole dwords; bits that are not stored are dropped on purpose.
  wire unused_m = &{1'b0, m[31:11], m[9], m[7], m[5:2], m[0]};

`ifndef SYNTHESIS
  initial begin
    assert (Bar1Bits >= 12 && Bar1Bits <= 31) else $fatal(1, "cc_pci_cfg: Bar1Bits out of 12..31");
  end
`endif

`ifndef SYNTHESIS
  // BAR0's size is fixed by the [31:12] base register: the register map must fit.
  initial begin
    if (REG_BAR0_BYTES != 32'd4096) $fatal(1, "cc_pci_cfg: BAR0 is 4 KiB, the register map says %0d bytes", REG_BAR0_BYTES);
  end
`endif
endmodule
