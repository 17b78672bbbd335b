#!/usr/bin/env bash
# The speed ratios docs/intersection_library.md ("Speed") quotes, over several runs of
# bench_isect: per comparison the range of "faster" percentages and how many runs gave the
# first test the lead. Only the benchmarks the ratios need run (a few minutes per run).
# Usage: scripts/isect_ratios.sh [BUILD [RUNS]]   (take the build lock around it)
set -euo pipefail
build=${1:-build}
runs=${2:-4}
filter='^(tritri|tritri_dop/[a-z_]+)/(hits|misses)/(tropp|guigue)_|^segtri/[a-z0-9_]+/(jimenez|moller_trumbore)(_point)?_'
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((r = 1; r <= runs; ++r)); do
  "$build/bin/bench_isect" --benchmark_filter="$filter" > "$out/run$r.txt"
  echo "run $r of $runs done" >&2
done
# Lines "  NAME  A ns vs B ns CPU  -> +P% faster": the percentage is the last number.
cat "$out"/run*.txt | awk '/ faster$/ {
    line = $0; sub(/ +[0-9.]+ ns vs .*/, "", line); sub(/^ +/, "", line)
    p = $(NF - 1); sub(/%$/, "", p); p += 0
    if (!(line in n)) { order[++k] = line; lo[line] = p; hi[line] = p }
    n[line]++; if (p < lo[line]) lo[line] = p; if (p > hi[line]) hi[line] = p; lead[line] += p > 0
  }
  END {
    for (i = 1; i <= k; ++i) { l = order[i]; printf "%-48s %+6.1f%% .. %+6.1f%%  first faster in %d of %d runs\n", l, lo[l], hi[l], lead[l], n[l] }
  }'
