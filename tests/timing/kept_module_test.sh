#!/usr/bin/env bash
# cc_timing reads a netlist with a module kept whole (scripts/timing.sh keeps the
# triangle-test engine of a chip with several) as the flat netlist of the same gates:
# kept_module.v's mapped netlist, once with depth_unit kept and once flattened by yosys
# after mapping, must give the same rows (levels, start and end). Usage: kept_module_test.sh CC_TIMING
set -euo pipefail
cc_timing=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
map="hierarchy -top cc_chip; setattr -mod -set keep_hierarchy 1 depth_unit; synth -flatten -top cc_chip -noabc -noshare; abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX; opt_clean"
yosys -qq -p "read_verilog $here/kept_module.v; $map; write_json $tmp/kept.json"
yosys -qq -p "read_verilog $here/kept_module.v; $map; setattr -mod -unset keep_hierarchy depth_unit; flatten; opt_clean; write_json $tmp/flat.json"
grep -q '"depth_unit"' "$tmp/kept.json" || { echo "FAIL: depth_unit was not kept"; exit 1; }
grep -q '"depth_unit"' "$tmp/flat.json" && { echo "FAIL: depth_unit was not flattened"; exit 1; }
"$cc_timing" --chip "paper=$tmp/kept.json" --out "$tmp/kept" > "$tmp/kept.txt"
"$cc_timing" --chip "paper=$tmp/flat.json" --out "$tmp/flat" > "$tmp/flat.txt"
cat "$tmp/kept.txt"
# Every column but the netlist's file name.
if ! diff <(cut -d, -f1,3- "$tmp/kept.csv") <(cut -d, -f1,3- "$tmp/flat.csv"); then
  echo "FAIL: the kept module's netlist gives other rows than the flat one"
  exit 1
fi
# The deepest core path crosses both instances: it is deeper than one instance's logic.
levels=$(awk -F, '$7 == "core" {print $8}' "$tmp/kept.csv")
inside=$(yosys -qq -p "read_verilog $here/kept_module.v; $map; tee -q -o $tmp/ltp.txt ltp -noff depth_unit" >/dev/null; grep -o 'length=[0-9]*' "$tmp/ltp.txt" | cut -d= -f2)
echo "core levels $levels, longest path inside one depth_unit $inside"
[ "$levels" -gt "$inside" ] || { echo "FAIL: the core path does not cross the boundary"; exit 1; }
echo "PASS"
