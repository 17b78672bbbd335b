// in_result_area: the `bytes` bytes at `addr` overlap the result area (`cap` records of 8
// bytes at `base`). A result may land there while the chip runs, so a unit that keeps what
// it read (the fetch unit's kept pairs, an engine's reused records, the record store)
// keeps nothing from it. 36-bit sums: no wrap at the top of the address space.
function automatic in_result_area(input [31:0] addr, input [31:0] bytes, input [31:0] base, input [31:0] cap);
  in_result_area = {4'd0, addr} + {4'd0, bytes} > {4'd0, base} && {4'd0, addr} < {4'd0, base} + {1'b0, cap, 3'd0};
endfunction
