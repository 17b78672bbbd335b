#!/usr/bin/env bash
# The whole performance study of docs/results.md: `make results` (or bench/results.sh BUILD).
# 1. table1: the paper's protocol on five identical pairs, three mixed pairs, four coarse CAD
#    parts against fine meshes of other families (part:armadillo, joint:bear,
#    anchor:diplodocus, rotor:man) and a flat-faced CAD mesh against itself (cube-meshed):
#    golden counters (Eq. 5), the TLM model on every pose in the configurations paper,
#    queued, modern, modern_queued, the named modern_host (the modern_queued chip with its
#    host policy), modern_records and modern_planes (the leaf planes with the roles by leaf
#    size), each answer checked against golden driven the same way; the cycle-accurate RTL
#    chips paper and modern_planes on every 10th pose, whose cycles must equal the TLM's
#    (table1.md says on how many poses); the software traversal and FCL (OBBRSS on every
#    pose with its own test counts, KDOP24 on every 10th), plus the all-pairs comparison
#    with FCL and CGAL.
# 2. the tables into docs/results.md (between its table1.md markers), plots (gnuplot) into
#    docs/img.
# STEPS overrides the step count (e.g. STEPS=24 for a quick look). SHARDING passes options
# of a sharded run to cc_perf (docs/cluster.md), e.g. SHARDING="--jobs 2 --shard-poses 60".
set -euo pipefail
build=${1:-build}
out=$build/perf
bin=$build/bin/cc_perf
steps=${STEPS:-60}
read -r -a sharding <<< "${SHARDING:-}"
[ -x "$bin" ] || { echo "results: $bin not built (make build)"; exit 2; }
mkdir -p "$out" docs/img

"$bin" --meshes "$build/meshes" \
  --pairs bunny00,armadillo,refined_elephant,fandisk_large,blade,bunny00:armadillo,fandisk_large:blade,refined_elephant:bunny00,part:armadillo,joint:bear,anchor:diplodocus,rotor:man,cube-meshed \
  --steps "$steps" --distances 0.5,1,1.5 --mode first \
  --backends golden,tlm,rtl,sw,fcl_obbrss,fcl_kdop24 --kdop-every 10 \
  --tlm-configs paper,queued,modern,modern_queued,modern_host,modern_records,modern_planes --rtl-configs paper,modern_planes --rtl-every 10 \
  --repeat 3 --check --exact-limit 500 "${sharding[@]}" --out "$out/table1" | tee "$out/table1.txt"

# docs/results.md: the tables between the markers are table1.md as printed.
doc=docs/results.md
begin="<!-- begin build/perf/table1/table1.md -->" end="<!-- end build/perf/table1/table1.md -->"
grep -qx -- "$begin" "$doc" && grep -qx -- "$end" "$doc" || { echo "results: $doc lacks the table1.md markers"; exit 2; }
awk -v b="$begin" -v e="$end" -v t="$out/table1/table1.md" '
  $0 == b { print; print ""; while ((getline l < t) > 0) print l; print ""; skip = 1; next }
  $0 == e { skip = 0 }
  !skip' "$doc" > "$doc.new" && mv "$doc.new" "$doc"

# A folder as a gnuplot string: absolute (gnuplot runs a data file '<CMD' and an output '|CMD'
# as commands), its quotes doubled (a single-quoted gnuplot string).
gp_folder() { local p; p=$(CDPATH='' cd -- "$1" && pwd); printf "'%s'" "${p//\'/\'\'}"; }
gnuplot -e "tdir=$(gp_folder "$out/table1"); sdir=$(gp_folder "$out/table1"); img=$(gp_folder docs/img); title_angle='(bunny00, d = 0.5)'" bench/plots.gp
ls -l docs/img
