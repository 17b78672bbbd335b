#!/usr/bin/env bash
# make sta: static timing of RTL units on a real cell library (docs/timing.md, "Signed off by
# OpenSTA on OSU 0.18 µm (units)"). For each unit: yosys maps it onto the OSU 0.18 µm
# standard cells (qflow-tech-osu018: dfflibmap for the flops, abc -liberty for the logic),
# writes a structural Verilog netlist, and OpenSTA times it (every input and output at
# 0 ns against the one clock, no wires). Prints per unit: cells, the critical path (ns:
# clock-to-Q + logic + setup, i.e. the smallest period), the clock it allows and the cells
# on that path (logic levels). Then the library's FO4 delay (scripts/sta_fo4.sh).
# Usage: scripts/sta.sh [OUTDIR] [UNIT[:Param=value,...] ...]   (default OUTDIR build/sta)
# Per unit OUTDIR/UNIT.{log,stat,v,tcl,sta.txt}; the table in OUTDIR/sta.txt.
# STA_ABC: the abc options (default: a delay-oriented script with buffering and sizing;
# docs/timing.md compares it with abc's default scripts).
# Also per unit: the logic levels of its deepest path on make timing's generic gates (the
# same flow as scripts/timing.sh, yosys's ltp -noff) and what make timing's rule makes of
# them at this library's FO4: (levels + 4) x FO4 (4 FO4 = clock-to-Q + setup; no skew here).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/sta}
[ $# -gt 0 ] && shift
units=("$@")
[ ${#units[@]} -eq 0 ] && units=(cc_fp32_mul cc_fp32_add cc_dotadd cc_dop_overlap cc_it_unit)
lib=${STA_LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
abc_opts=${STA_ABC--constr -script +strash;dch,-f;map,-D,1000;topo;buffer,-p;upsize,-D,1000;dnsize,-D,1000;stime,-p}
period=20   # ns, only the reference for the slack: the result is period - worst slack
for t in yosys sta; do
  command -v $t >/dev/null || { echo "sta: no $t (scripts/deps.sh installs it)"; exit 2; }
done
[ -f "$lib" ] || { echo "sta: no $lib (scripts/deps.sh installs qflow-tech-osu018)"; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
fo4_line=$(scripts/sta_fo4.sh "$out")
fo4_ps=$(echo "$fo4_line" | sed -n 's/.*: \([0-9.]*\) ps$/\1/p')
mapfile -t files < <(find rtl/ -name '*.v' | sort)
# abc -constr: the driving cell of every input and the load of every output (pF): an
# inverter drives, four inverter inputs (4 x 0.0093 pF) load. With it abc also buffers
# high-fanout nets and sizes cells for the delay target -D (ps).
constr=$out/abc.constr
printf 'set_driving_cell INVX1\nset_load 0.037\n' > "$constr"
abc_opts=${abc_opts//-constr/-constr $constr}
printf '%-16s %6s %8s %8s %7s %8s %8s %6s   %s\n' unit cells path_ns max_MHz levels gen_lvl rule_ns ratio \
  'critical path (start -> end)' | tee "$out/sta.txt"
status=0
for spec in "${units[@]}"; do
  unit=${spec%%:*} chparam="" name=$spec
  if [ "$spec" != "$unit" ]; then
    for kv in $(echo "${spec#*:}" | tr ',' ' '); do chparam+="chparam -set ${kv%%=*} ${kv#*=} $unit; "; done
  fi
  base=$out/$(echo "$name" | tr ':,=' '_._')
  # synth, then the library: flops by dfflibmap, logic by abc; constants stay constants
  # (the library has no tie cells; OpenSTA reads 1'b0 / 1'b1 on a pin as a constant).
  if ! nice -n 10 yosys -q -l "$base.log" -p "read_verilog -Irtl ${files[*]}; $chparam
      synth -flatten -top $unit; rename -wire -suffix _reg t:\$_*DFF*; dfflibmap -liberty $lib; abc $abc_opts -liberty $lib;
      setundef -zero; splitnets; opt_clean -purge; tee -q -o $base.stat stat -liberty $lib;
      write_verilog -noattr -noexpr -nohex -nodec $base.v" >/dev/null 2>&1; then
    echo "sta: $name: yosys FAILED (see $base.log)"; status=1; continue
  fi
  top=$(sed -n 's/^module \([^(]*\)(.*/\1/p' "$base.v" | tail -1)
  cat > "$base.tcl" <<EOF
read_liberty $lib
read_verilog $base.v
link_design $top
set clk [get_ports -quiet clk_i]
if {[llength \$clk]} {
  create_clock -name clk -period $period \$clk
  set ins [all_inputs]
  set ins [lsearch -all -inline -not -exact \$ins [lindex \$clk 0]]
} else {
  create_clock -name clk -period $period
  set ins [all_inputs]
}
set_input_delay 0 -clock clk \$ins
set_output_delay 0 -clock clk [all_outputs]
if {[llength [get_ports -quiet rst_ni]]} { set_false_path -from [get_ports rst_ni] }
report_checks -path_delay max -digits 3 -fields {fanout cap slew}
report_worst_slack -digits 3
EOF
  if ! nice -n 10 sta -exit "$base.tcl" > "$base.sta.txt" 2>&1 \
      || ! grep -q '^worst slack' "$base.sta.txt"; then
    echo "sta: $name: OpenSTA FAILED (see $base.sta.txt)"; status=1; continue
  fi
  cells=$(awk '/Number of cells:/ {n=$4} END {print n}' "$base.stat")
  slack=$(awk '/^worst slack/ {print $3}' "$base.sta.txt")
  ns=$(awk -v p=$period -v s="$slack" 'BEGIN {printf "%.3f", p - s}')
  mhz=$(awk -v t="$ns" 'BEGIN {printf "%.0f", 1000 / t}')
  # the path's cells: every output pin between the start point and the end point,
  # combinational cells only (the launching flop's clock-to-Q and the capturing flop's
  # setup are in the delay, not in the levels)
  read -r levels start end < <(awk '
    /^Startpoint:/ {s=$2} /^Endpoint:/ {e=$2}
    /data arrival time/ && !done {done=1; print n, s, e}
    !done && NF > 1 && $(NF-1) ~ /\// && $NF ~ /^\(/ && $NF !~ /^\((DFF|LATCH)/ {n++}' "$base.sta.txt")
  # make timing's view of the same unit: generic gates, the deepest path's levels
  gen=""
  if nice -n 10 yosys -q -l "$base.generic.log" -p "read_verilog -Irtl ${files[*]}; $chparam
      synth -flatten -top $unit -noabc -noshare; abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX; opt_clean;
      tee -q -o $base.ltp ltp -noff" >/dev/null 2>&1; then
    gen=$(sed -n 's/.*(length=\([0-9]*\)).*/\1/p' "$base.ltp" | tail -1)
  fi
  rule=$(awk -v l="${gen:-0}" -v f="$fo4_ps" 'BEGIN {printf "%.3f", (l + 4) * f / 1000}')
  ratio=$(awk -v t="$ns" -v r="$rule" 'BEGIN {printf "%.2f", t / r}')
  printf '%-16s %6s %8s %8s %7s %8s %8s %6s   %s -> %s\n' "$name" "$cells" "$ns" "$mhz" "$levels" \
    "${gen:--}" "$rule" "$ratio" "$start" "$end" | tee -a "$out/sta.txt"
done
echo "$fo4_line" | tee -a "$out/sta.txt"
exit $status
