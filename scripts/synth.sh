#!/usr/bin/env bash
# Yosys `synth` of every top-level RTL unit listed in rtl/synth_units.txt: fails on any
# inferred latch and on any flop whose asynchronous reset loads a signal rather than a
# constant ($_ALDFF*, $_DFFSR*: no ASIC library has them), prints a cell-count table (also written to OUTDIR/cells.txt). A line
# "unit Param=value ..." synthesizes the unit with those parameters (chparam), named
# "unit:Param=value,...".
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/synth}
mkdir -p "$out"
if [ ! -f rtl/synth_units.txt ]; then echo "synth: rtl/synth_units.txt is missing"; exit 1; fi
mapfile -t files < <(find rtl -name '*.v' | sort)
printf '%-24s %10s\n' unit cells | tee "$out/cells.txt"
status=0
while read -r unit params; do
  [ -z "$unit" ] || [ "${unit:0:1}" = "#" ] && continue
  name=$unit chparam=""
  for kv in $params; do
    chparam+="chparam -set ${kv%%=*} ${kv#*=} $unit; "
  done
  [ -n "$params" ] && name="$unit:$(echo $params | tr ' ' ',')"
  log="$out/$name.log"
  if ! yosys -q -l "$log" -p "read_verilog -Irtl ${files[*]}; $chparam synth -top $unit; tee -o $out/$name.stat stat" >/dev/null 2>&1; then
    echo "synth: $name FAILED (see $log)"; status=1; continue
  fi
  # yosys logs "No latch inferred for ..." for every clean process: match only real ones.
  if grep -qE '\$_DLATCH|\$dlatch|^Latch inferred' "$log"; then
    echo "synth: $name infers a latch (see $log)"; status=1
  fi
  if grep -qE '\$_ALDFF|\$_DFFSR|\$aldff|\$dffsr' "$out/$name.stat"; then
    echo "synth: $name has async-load or set/reset flops (see $out/$name.stat)"; status=1
  fi
  cells=$(awk '/Number of cells:/ {n=$4} END {print n}' "$out/$name.stat")
  printf '%-24s %10s\n' "$name" "$cells" | tee -a "$out/cells.txt"
done < rtl/synth_units.txt
exit $status
