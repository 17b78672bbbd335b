// Pointer check of cc::golden::Chip::checkPointer, as every unit that follows a board
// pointer makes it: null, misaligned, or the object runs past the board memory. Include
// inside a module body that defines `localparam [32:0] BoardBytes`.
function automatic bad_ptr(input [31:0] addr, input [31:0] align, input [31:0] bytes);
  bad_ptr = (addr == 32'd0) || ((addr & (align - 32'd1)) != 32'd0) ||
            ({1'b0, addr} + {1'b0, bytes} > BoardBytes);
endfunction
