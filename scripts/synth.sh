#!/usr/bin/env bash
# Yosys `synth` of every top-level RTL unit listed in rtl/synth_units.txt: fails on any
# inferred latch, prints a cell-count table (also written to OUTDIR/cells.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/synth}
mkdir -p "$out"
if [ ! -f rtl/synth_units.txt ]; then echo "synth: no units listed yet"; exit 0; fi
mapfile -t files < <(find rtl -name '*.v' | sort)
printf '%-24s %10s\n' unit cells | tee "$out/cells.txt"
status=0
while read -r unit; do
  [ -z "$unit" ] || [ "${unit:0:1}" = "#" ] && continue
  log="$out/$unit.log"
  if ! yosys -q -l "$log" -p "read_verilog -Irtl ${files[*]}; synth -top $unit; tee -o $out/$unit.stat stat" >/dev/null 2>&1; then
    echo "synth: $unit FAILED (see $log)"; status=1; continue
  fi
  # yosys logs "No latch inferred for ..." for every clean process: match only real ones.
  if grep -qE '\$_DLATCH|\$dlatch|^Latch inferred' "$log"; then
    echo "synth: $unit infers a latch (see $log)"; status=1
  fi
  cells=$(awk '/Number of cells:/ {n=$4} END {print n}' "$out/$unit.stat")
  printf '%-24s %10s\n' "$unit" "$cells" | tee -a "$out/cells.txt"
done < rtl/synth_units.txt
exit $status
