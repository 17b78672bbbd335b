# =======================================================================================
# cc_chip timing constraints (SDC, Tcl). Parameterised by the configuration: set CORE_MHZ,
# PCI_MHZ and SKEW_NS before sourcing this file (make timing writes BUILD/timing/NAME.sdc
# for every chip it measures, which does exactly that); the defaults are configs/paper.cfg's.
# docs/timing.md explains the clocks and budgets; `make timing` applies the same budgets to
# the generic netlist (tools/cc_timing.cpp).
# =======================================================================================
if {![info exists CORE_MHZ]} { set CORE_MHZ 133 }
if {![info exists PCI_MHZ]}  { set PCI_MHZ 33 }
if {![info exists SKEW_NS]}  { set SKEW_NS 0.094 }
set core_period [expr {1000.0 / $CORE_MHZ}]
set pci_period  [expr {1000.0 / $PCI_MHZ}]

# ---- Clocks -----------------------------------------------------------------------------
# clk_i: the core, the register files, the stack engine and the SDRAM interface. The DDR
# SDRAM's clock is the board's, half of clk_i and aligned to it (docs/memory_system.md,
# "Clocks"); the chip has no pin for it, so it is no clock here: the SDRAM pins are timed
# against clk_i (below). pci_clk_i: the PCI target (docs/pci.md).
create_clock -name core_clk -period $core_period [get_ports clk_i]
create_clock -name pci_clk  -period $pci_period  [get_ports pci_clk_i]
set_clock_uncertainty $SKEW_NS [get_clocks {core_clk pci_clk}]

# ---- Clock-domain crossings ---------------------------------------------------------------
# The clocks are unrelated. Everything that crosses goes through cc_async_fifo (Gray-coded
# pointers, each bit through a two-flop cc_sync; the FIFO memory is read only after the
# pointer that announces an entry has been synchronized) or, for the interrupt level,
# through a cc_sync (docs/pci.md, "Clock-domain crossing"). No setup/hold relation exists
# between the domains; instead every crossing path is bounded by one period of the faster
# clock, so the bits of one pointer change arrive in the same destination cycle and FIFO
# data is settled before the synchronized pointer that announces it.
set xing_max [expr {min($core_period, $pci_period)}]
set_max_delay $xing_max -from [get_clocks pci_clk]  -to [get_clocks core_clk]
set_max_delay $xing_max -from [get_clocks core_clk] -to [get_clocks pci_clk]
set_min_delay 0.0 -from [get_clocks pci_clk]  -to [get_clocks core_clk]
set_min_delay 0.0 -from [get_clocks core_clk] -to [get_clocks pci_clk]

# ---- Resets -------------------------------------------------------------------------------
# The board's resets are asynchronous to both clocks. Each reaches only the asynchronous
# clear of its domain's cc_reset_sync (u_rst, u_pci_rst), which releases the domain on its
# own clock; the paths from the synchronizers to the flops' clears are timed (recovery and
# removal) like any other path of their clock.
set_false_path -from [get_ports {rst_ni pci_rst_ni}]

# ---- PCI pins (PCI Local Bus Specification 2.x, 33 MHz) ---------------------------------
# Input setup Tsu = 7 ns, hold Th = 0 ns; clock to output valid Tval = 2 .. 11 ns (bused
# signals). The chip gets what the bus leaves: an input arrives Tsu before the next edge,
# an output must be valid Tval after the edge.
set pci_in  [get_ports {ad_i[*] cbe_ni[*] par_i frame_ni irdy_ni idsel_i}]
set pci_out [get_ports {ad_o[*] ad_oe_o par_o par_oe_o trdy_no stop_no devsel_no ctl_oe_o
                        perr_no perr_oe_o inta_no}]
set_input_delay  -clock pci_clk -max [expr {$pci_period - 7.0}]  $pci_in
set_input_delay  -clock pci_clk -min 0.0                         $pci_in
set_output_delay -clock pci_clk -max [expr {$pci_period - 11.0}] $pci_out
set_output_delay -clock pci_clk -min -2.0                        $pci_out

# ---- Core pins: SDRAM, stack SRAM, status ----------------------------------------------
# The board (pads, traces, the memories' own clock-to-output and setup) takes half of the
# core period on each side. The SDRAM's command and address pins are sampled on the memory
# clock's edges and held for a whole memory cycle (two core cycles), hence a multicycle
# path of 2 to them; its data (DDR, one beat per core cycle) and the stack SRAM (on the
# core clock) have one cycle.
set core_in  [get_ports {sd_rvalid_i sd_rdata_i[*] sram_rdata_i[*]}]
set core_out [get_ports {sd_cmd_o[*] sd_bank_o[*] sd_row_o[*] sd_col_o[*] sd_ap_o sd_wvalid_o
                         sd_wdata_o[*] sd_dm_o[*] sram_en_o sram_we_o sram_addr_o[*]
                         sram_wdata_o[*] busy_o irq_o sd_ready_o}]
set_input_delay  -clock core_clk [expr {0.5 * $core_period}] $core_in
set_output_delay -clock core_clk [expr {0.5 * $core_period}] $core_out
set sd_cmd [get_ports {sd_cmd_o[*] sd_bank_o[*] sd_row_o[*] sd_col_o[*] sd_ap_o}]
set_multicycle_path 2 -setup -to $sd_cmd
set_multicycle_path 1 -hold  -to $sd_cmd
