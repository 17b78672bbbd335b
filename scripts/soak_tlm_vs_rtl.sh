#!/usr/bin/env bash
# The TLM model against the RTL chip on real mesh pairs: `collide --cosim tlm,rtl` on a
# sweep of POSES poses per pair, both modes, every configuration both time exactly
# (results, counters and cycle counts must be identical; collide prints a command that
# reproduces the first difference). Part of `make soak`; 432 queries, about two minutes at 24 poses.
#   scripts/soak_tlm_vs_rtl.sh BIN_DIR MESH_DIR [POSES]      (e.g. build/bin build/meshes)
set -euo pipefail
bin=${1:?usage: $0 BIN_DIR MESH_DIR [POSES]}
meshes=${2:?usage: $0 BIN_DIR MESH_DIR [POSES]}
poses=${3:-24}
for m in blade fandisk_large armadillo bunny00; do
  [ -f "$meshes/$m.off" ] || { echo "soak_tlm_vs_rtl: $meshes/$m.off missing (make meshes)" >&2; exit 2; }
done
fail=0
for cfg in paper paper_one_lane modern; do
  for mode in first all; do
    for pair in blade:blade fandisk_large:blade armadillo:bunny00; do
      a=${pair%%:*} b=${pair##*:}
      if out=$("$bin/collide" --a "$meshes/$a.off" --b "$meshes/$b.off" --normalize --sweep "$poses" \
               --axis 0.3 1 0.7 --offset 0.45 0.1 0 --mode "$mode" --cosim tlm,rtl --config "$cfg" -q --no-sw 2>&1); then
        echo "$cfg $mode $pair: $(grep -o 'identical on all [0-9]* poses' <<<"$out")"
      else
        echo "$cfg $mode $pair: FAILED"
        grep -E 'MISMATCH|reproduce|error' <<<"$out" || true
        fail=1
      fi
    done
  done
done
exit $fail
