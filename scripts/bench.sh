#!/usr/bin/env bash
# Runs every benchmark the build produced (executables named bench_* in BUILD/bin).
set -euo pipefail
build=${1:-build}
shopt -s nullglob
ran=0
for b in "$build"/bin/bench_*; do
  echo "=== $(basename "$b")"
  "$b"
  ran=$((ran + 1))
done
[ $ran -gt 0 ] || echo "bench: no benchmarks built yet"
