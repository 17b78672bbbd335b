#!/usr/bin/env bash
# The whole performance study of docs/results.md: `make results` (or bench/results.sh BUILD).
# 1. table1: the paper's protocol on five identical pairs and three mixed pairs, golden
#    counters (Eq. 5), the TLM model (paper and modern configurations), the software
#    traversal and FCL (OBBRSS on every pose, KDOP24 on every 10th), plus the all-pairs
#    comparison with FCL and CGAL.
# 2. rtl: a small run with the cycle-accurate RTL chip beside the rest.
# 3. plots (gnuplot) into docs/img.
# STEPS and RTL_STEPS override the step counts (e.g. STEPS=24 for a quick look).
set -euo pipefail
build=${1:-build}
out=$build/perf
bin=$build/bin/cc_perf
steps=${STEPS:-120}
rtl_steps=${RTL_STEPS:-24}
[ -x "$bin" ] || { echo "results: $bin not built (make build)"; exit 2; }
mkdir -p "$out" docs/img

"$bin" --meshes "$build/meshes" \
  --pairs bunny00,armadillo,refined_elephant,fandisk_large,blade,bunny00:armadillo,fandisk_large:blade,refined_elephant:bunny00 \
  --steps "$steps" --distances 0.5,1,1.5 --mode first \
  --backends golden,tlm,sw,fcl_obbrss,fcl_kdop24 --kdop-every 10 --tlm-configs paper,modern \
  --repeat 3 --check --exact-limit 500 --out "$out/table1" | tee "$out/table1.txt"

"$bin" --meshes "$build/meshes" --pairs bunny00,fandisk_large:blade \
  --steps "$rtl_steps" --distances 0.5,1 --mode first \
  --backends golden,rtl,tlm,sw,fcl_obbrss --tlm-configs paper,modern \
  --repeat 3 --out "$out/rtl" | tee "$out/rtl.txt"

gnuplot -e "tdir='$out/rtl'; sdir='$out/table1'; img='docs/img'; title_angle='(bunny00, d = 0.5)'" bench/plots.gp
ls -l docs/img
