#!/usr/bin/env bash
# make timing: synthesizes every chip the rtl backend builds (BUILD/timing/chips.txt, written
# by sim/CMakeLists.txt with the same Verilog parameters as its Verilated chips) with yosys
# into generic gates, flattened (but for the engine of a chip with several, below), and has
# cc_timing measure the logic depth of every path and turn it into clocks with each
# configuration's process (docs/timing.md). A netlist is cached in BUILD/timing under a hash
# of the RTL, the yosys flow and the chip's parameters, so configurations that differ only
# in keys the RTL does not see (clocks, process) share one.
# Writes BUILD/timing/timing.json and .csv; fails when a configured clock is too fast.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=$build/timing
chips=$out/chips.txt
if [ ! -f "$chips" ]; then echo "timing: no $chips (configure first: make configure)"; exit 2; fi
mapfile -t files < <(find rtl -name '*.v' | sort)
# The flow after the chip's parameters (chparam); part of the cache key. With several
# triangle-test engines, the engine module (one, as every copy has the same parameters)
# is kept whole: yosys synthesizes it once instead of four times in one flat netlist, which
# needed more than this machine's 24 GB; cc_timing puts a copy in per instance, so paths
# through it and across its ports are measured as in a flat netlist (docs/timing.md).
flow="synth -flatten -top cc_chip -noabc -noshare; abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX; opt_clean"
flow_kept="hierarchy -top cc_chip; setattr -mod -set keep_hierarchy 1 \$paramod*cc_tri_engine; $flow"
rtl_hash=$( (cat "${files[@]}" rtl/*.vh; echo "$flow") | sha1sum | cut -c1-12)
rtl_hash_kept=$( (cat "${files[@]}" rtl/*.vh; echo "$flow_kept") | sha1sum | cut -c1-12)
# CHIPS="modern paper": only these chips, in this order (default: all, as chips.txt lists them).
mapfile -t lines < "$chips"
if [ -n "${CHIPS:-}" ]; then
  sel=()
  for c in $CHIPS; do
    line=$(printf '%s\n' "${lines[@]}" | grep "^$c " || true)
    if [ -z "$line" ]; then echo "timing: '$c' is not a chip of this build ($chips)"; exit 2; fi
    sel+=("$line")
  done
  lines=("${sel[@]}")
fi
args=()
unmeasured=()
mem_gb=$(free -g | awk '/^Mem:/ {print $2}')
for line in "${lines[@]}"; do
  read -r name flags <<< "$line"
  [ -z "$name" ] && continue
  chparam=""
  for f in $flags; do
    kv=${f#-G}
    chparam+="chparam -set ${kv%%=*} ${kv#*=} cc_chip; "
  done
  engines=$(echo " $flags " | sed -n 's/.* -GTriEngines=\([0-9]*\) .*/\1/p')
  chip_flow=$flow
  chip_hash=$rtl_hash
  if [ "${engines:-1}" -gt 1 ]; then
    chip_flow=$flow_kept
    chip_hash=$rtl_hash_kept
  fi
  key=$(echo "$chip_hash $(echo $flags | tr ' ' '\n' | sort | tr '\n' ' ')" | sha1sum | cut -c1-12)
  net=$out/cc_chip-$key.json
  if [ -f "$net" ]; then
    echo "timing: $name: $net (cached)"
  else
    echo "timing: $name: yosys synth -flatten, abc -g (one chip takes minutes) -> $net"
    start=$(date +%s)
    rc=0
    yosys -qq -l "$out/cc_chip-$key.log" -p "read_verilog -Irtl ${files[*]}; $chparam $chip_flow;
      tee -q -o $out/cc_chip-$key.stat stat; write_json $net.tmp" >/dev/null || rc=$?
    if [ "$rc" -ne 0 ]; then
      rm -f "$net.tmp"
      # 137 = SIGKILL: the kernel's out-of-memory killer.
      reason="exit $rc, see $out/cc_chip-$key.log"
      [ "$rc" -eq 137 ] && reason="killed (out of memory: $mem_gb GB on this machine)"
      echo "timing: $name: NOT MEASURED: yosys failed, $reason"
      unmeasured+=("$name")
      continue
    fi
    mv "$net.tmp" "$net"
    echo "timing: $name: synthesized in $(( $(date +%s) - start )) s"
  fi
  args+=(--chip "$name=$net")
done
if [ ${#args[@]} -gt 0 ]; then
  "$build/bin/cc_timing" "${args[@]}" --out "$out/timing" --sdc "$PWD/rtl/cc_chip.sdc"
fi
# A chip whose clock could not be measured fails the run (exit 3) after the others are
# measured: its configured clock is not backed by its paths.
if [ ${#unmeasured[@]} -gt 0 ]; then
  echo "timing: not measured: ${unmeasured[*]} (their configured clocks are not backed; CHIPS=\"...\" times the others)"
  exit 3
fi
