// Named formal properties for the proofs of scripts/formal.sh (docs/formal.md). Every
// property carries a name that states the promise; yosys gives the assert/assume/cover
// cell that name, and yosys-smtbmc prints it when the property fails or the cover is hit.
// Use them inside always blocks:
//   `CC_ASSERT(CountWithinDepth, count_o <= Depth)
//   `CC_ASSUME(PopOnlyWhenNotEmpty, !(pop_i && empty))
//   `CC_COVER(QueueFills, full_o)
// CC_PEEK declares a wire that scripts/formal.sh connects, after flattening, to a register
// inside the unit under proof (the unit's Verilog stays unchanged). PATH is the flattened
// name, u_dut.<register>; u_dut.<memory>[*] is every word of a memory, word 0 in the
// lowest bits. Peeks carry the auxiliary invariants that let k-induction close; the
// promises themselves are stated on the unit's ports.
`ifndef CC_FORMAL_VH
`define CC_FORMAL_VH
`define CC_ASSERT(Name, Cond) Name: assert (Cond);
`define CC_ASSUME(Name, Cond) Name: assume (Cond);
`define CC_COVER(Name, Cond) Name: cover (Cond);
`define CC_PEEK(Name, Width, Path) (* keep *) wire [(Width)-1:0] Name;
`endif
