#!/usr/bin/env bash
# The Verilated chip's work per chip cycle (docs/rtl_simulation.md): runs one `collide
# --backend rtl` query under valgrind's callgrind and divides the instructions executed in
# the Verilated model's functions (Vcc_chip_*, Verilated*) by the query's chip cycles.
# Unlike the wall-clock speed of bench_chip it does not depend on what else the machine
# runs, so two builds compare exactly on a shared machine (a query takes about 25 times
# its normal time under callgrind). With a second build it prints both and their ratio.
# With -d DEPTH, on a build whose Verilated code has debug information (configured with
# -DCMAKE_CXX_FLAGS=-g), it also charges each line of the generated C++ to the RTL signal
# it assigns or reads, as scripts/rtl_profile.sh does with samples, and lists the top TOP
# (environment, default 30) units (the instance path cut at DEPTH levels; 0: by signal) in
# instructions a cycle.
#
#   scripts/rtl_instructions.sh [-d DEPTH] [BUILD [OTHER_BUILD]] [-- QUERY]
#   QUERY: "fandisk_large blade 0" (default) or "bunny00 armadillo 0.5": A B x-offset
set -euo pipefail
cd "$(dirname "$0")/.."
builds=()
query="fandisk_large blade 0"
depth=""
while [ $# -gt 0 ]; do
  case "$1" in
    -d) depth=$2; shift 2 ;;
    --) query=$2; break ;;
    *) builds+=("$1"); shift ;;
  esac
done
[ ${#builds[@]} -eq 0 ] && builds=(build)
read -r qa qb qoff <<< "$query"
command -v valgrind > /dev/null || { echo "rtl_instructions: valgrind is not installed" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
per_cycle=()
for b in "${builds[@]}"; do
  valgrind -q --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$b/bin/collide" \
    --a "$b/meshes/$qa.off" --b "$b/meshes/$qb.off" --normalize --offset "$qoff" 0 0 \
    --backend rtl --mode all --no-sw -q --json "$tmp/q.json" > /dev/null 2>&1
  cycles=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[0]['cycles'])" "$tmp/q.json")
  chip=$(callgrind_annotate --auto=no --threshold=100 "$tmp/cg.out" 2> /dev/null |
         awk '/^ *[0-9,]+ .*:(Vcc_chip_|Verilated)/ { n = $1; gsub(",", "", n); s += n } END { printf "%.0f", s }')
  pc=$(python3 -c "print('%.0f' % ($chip / $cycles))")
  per_cycle+=("$pc")
  echo "$b: $qa vs $qb, offset $qoff: $cycles chip cycles, $chip instructions in the Verilated chip, $pc a cycle"
  [ -z "$depth" ] && continue
  callgrind_annotate --auto=yes --show-percs=no --context=0 --threshold=100 "$tmp/cg.out" > "$tmp/lines.txt" 2> /dev/null
  python3 - "$tmp/lines.txt" "$cycles" "$depth" << 'PY'
import collections, os, re, sys
lines_file, cycles, depth = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
by_unit, total, unit, in_chip = collections.Counter(), 0, None, False
for line in open(lines_file):
    m = re.match(r'^-- Auto-annotated source: (.*)', line)
    if m:
        in_chip, unit = 'Vcc_chip_' in m.group(1), '(scheduling, triggers)'
        continue
    m = re.match(r'^\s*([0-9,]+|\.)\s+(.*)$', line) if in_chip else None
    if not m or m.group(2).startswith('=>'):      # not a line of the chip's code; a call's inclusive cost
        continue
    s = re.search(r'cc_chip__DOT__((?:\w+?__DOT__)*\w+)', m.group(2))
    if s:
        parts = s.group(1).split('__DOT__')
        unit = 'cc_chip.' + '.'.join(parts if depth == 0 else parts[:depth] if len(parts) > depth else parts[:-1] or parts)
    elif re.match(r'\s*(VL_INLINE_OPT )?(VL_ATTR_COLD )?void ', m.group(2)):
        unit = '(scheduling, triggers)'
    if m.group(1) != '.':
        n = int(m.group(1).replace(',', ''))
        total += n
        by_unit[unit] += n
if not total:
    print('(no line information for the Verilated code: configure a build with -DCMAKE_CXX_FLAGS=-g)')
    sys.exit(0)
print('instructions a cycle by RTL unit (depth %d), of %.0f charged to lines' % (depth, total / cycles))
for u, n in by_unit.most_common(int(os.environ.get("TOP", "30"))):
    print('%8.0f  %5.1f%%  %s' % (n / cycles, 100.0 * n / total, u))
PY
done
if [ ${#builds[@]} -eq 2 ]; then
  python3 -c "print('second over first: %.3f' % (${per_cycle[1]} / ${per_cycle[0]}))"
fi
