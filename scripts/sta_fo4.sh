#!/usr/bin/env bash
# The FO4 inverter delay of the OSU 0.18 µm library, measured by OpenSTA (docs/timing.md,
# "Signed off by OpenSTA on OSU 0.18 µm (units)"). Writes a netlist of a chain of Stages
# INVX1 inverters, each driving the next and three more INVX1 loads (fanout 4), driven by
# a chain of the same kind (so the first measured stage sees a realistic input slew); OpenSTA
# reports the delay through the measured stages; FO4 = that / Stages.
# Usage: scripts/sta_fo4.sh [OUTDIR]   (default build/sta; writes OUTDIR/fo4.{v,tcl,txt})
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/sta}
lib=${STA_LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
pre=4      # stages before the measured ones (slew settles)
stages=10  # measured stages
mkdir -p "$out"
n=$((pre + stages + 1))   # nets s0..s{n-1}; s0 the input, the last stage drives its own FO4 too
{
  echo "module fo4_chain (in_i, out_o);"
  echo "  input in_i; output out_o;"
  printf '  wire'; for ((i = 0; i <= n; i++)); do printf ' s%d%s' $i "$([ $i -lt $n ] && echo , || echo ';')"; done; echo
  echo "  assign s0 = in_i;"
  for ((i = 0; i < n; i++)); do
    echo "  INVX1 inv$i (.A(s$i), .Y(s$((i + 1))));"
    for l in 1 2 3; do echo "  INVX1 load${i}_$l (.A(s$((i + 1))), .Y());"; done
  done
  echo "  assign out_o = s$n;"
  echo "endmodule"
} > "$out/fo4.v"
cat > "$out/fo4.tcl" <<EOF
read_liberty $lib
read_verilog $out/fo4.v
link_design fo4_chain
create_clock -name vclk -period 10
set_input_delay 0 -clock vclk [get_ports in_i]
set_output_delay 0 -clock vclk [get_ports out_o]
report_checks -rise_from [get_ports in_i] -to [get_ports out_o] -fields {input_pins slew cap} -digits 4
report_checks -fall_from [get_ports in_i] -to [get_ports out_o] -fields {input_pins slew cap} -digits 4
EOF
sta -exit "$out/fo4.tcl" > "$out/fo4.txt" 2>&1
# the arrival time at inv$pre/A and at inv$((pre + stages))/A, per report (rising, falling input)
awk -v k=$stages -v a0="inv$pre/A" -v a1="inv$((pre + stages))/A" '
  $0 ~ "^Startpoint" {r++}
  { for (i = 1; i <= NF; i++) if ($i == a0) t0[r] = $(i - 2); else if ($i == a1) t1[r] = $(i - 2) }
  END { if (!(2 in t1)) { print "fo4: OpenSTA reported no path"; exit 1 }
        d1 = (t1[1] - t0[1]) / k * 1000; d2 = (t1[2] - t0[2]) / k * 1000
        printf "FO4 (INVX1 driving 4 INVX1, OpenSTA, mean of %d stages, each edge): %.1f ps\n", k, (d1 + d2) / 2 }' "$out/fo4.txt"
