#!/usr/bin/env bash
# A build tree whose Verilated chips are compiled with GCC's profile-guided optimisation
# (docs/rtl_simulation.md, "Profile-guided optimisation"): configured with
# CC_RTL_PGO=generate, the instrumented collide runs training queries on every chip the rtl
# backend builds, then the tree is reconfigured with CC_RTL_PGO=use and rebuilt. Same RTL,
# same checks and assertions: only the compiler's choices change.
#
#   scripts/rtl_pgo.sh [OUT [MESHES]]     (default build-pgo, build/meshes)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build-pgo}
meshes=${2:-build/meshes}
lock="flock -o /tmp/collisionchip-build.lock"
for m in fandisk_large blade bunny00 armadillo; do
  [ -f "$meshes/$m.off" ] || { echo "rtl_pgo: $meshes/$m.off missing (make meshes)" >&2; exit 2; }
done
export CCACHE_BASEDIR=$PWD
step() { echo "rtl_pgo: $*"; }

step "instrumented build in $out"
cmake -S . -B "$out" -DCMAKE_BUILD_TYPE=Release -DCC_RTL_PGO=generate > /dev/null
# A fresh profile: the tree's profile folder (CC_RTL_PGO_DIR, $out/pgo unless set otherwise).
pgo_dir=$(sed -n 's/^CC_RTL_PGO_DIR:PATH=//p' "$out/CMakeCache.txt")
[ -n "$pgo_dir" ] || { echo "rtl_pgo: no CC_RTL_PGO_DIR in $out/CMakeCache.txt" >&2; exit 2; }
rm -rf "$pgo_dir"
$lock cmake --build "$out" -j2 --target collide > "$out/pgo_generate.log"   # what the training runs

# Training: the two bench_chip queries' kinds (list-heavy, triangle-heavy), a few poses each,
# on every chip (each is its own Verilated model, so each needs its own profile). A query
# that ends in the chip's error status (collide exits 3: `small`'s stack is too small for
# these meshes) still ran on the chip and trains it; any other failure stops the script.
train() {
  local rc=0
  "$out/bin/collide" "$@" --backend rtl --no-sw -q > /dev/null || rc=$?
  [ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || { echo "rtl_pgo: collide $* failed ($rc)" >&2; exit 1; }
}
mapfile -t chips < <(cut -d' ' -f1 "$out/timing/chips.txt")
for chip in "${chips[@]}"; do
  step "training on $chip"
  train --a "$meshes/fandisk_large.off" --b "$meshes/blade.off" --normalize --offset 0 0 0 \
    --sweep 2 --config "$chip" --mode all
  train --a "$meshes/bunny00.off" --b "$meshes/armadillo.off" --normalize --offset 0.5 0 0 \
    --sweep 2 --config "$chip" --mode first
done

step "optimised build in $out"
cmake -S . -B "$out" -DCC_RTL_PGO=use > /dev/null
$lock cmake --build "$out" -j2 > "$out/pgo_use.log"
step "done: $out/bin/collide, $out/bin/bench_chip (compare: scripts/rtl_instructions.sh build $out)"
