#!/usr/bin/env bash
# The ctest `slurm_study` (docs/cluster.md): a small study run as a Slurm job array on a
# one-node cluster this script starts (scripts/slurm_local.sh) and always stops.
#   1. the study in one process (the reference);
#   2. the same study submitted with --slurm --no-wait as 4 array tasks over 12 shards (2
#      mesh pairs x {golden, RTL paper, RTL queued} x 2 pose ranges), one shard made to fail
#      (CC_SHARD_FAIL) and one task killed with scancel while it measures a shard: the
#      merge job must name the failed and the killed shard with their logs and exit 3;
#   3. submitted again (waiting, with progress): only the unfinished shards run (the
#      others' result files untouched), the merge writes the outputs;
#   4. every output equals the single run's byte for byte (all its columns are chip columns:
#      golden counters, Eq. 5, RTL cycles);
#   5. cc_sweep's grid through the same cluster equals its single run (but wall-clock columns);
#   6. the daemons are gone afterwards.
# A cluster that cannot start is a failure, not a skip. Usage: test_slurm_study.sh BUILD
set -euo pipefail
build=$(cd "${1:?usage: test_slurm_study.sh BUILD}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/bin/cc_perf
[ -x "$bin" ] || { echo "FAIL: $bin not built"; exit 1; }
[ -f "$build/meshes/sphere.off" ] || { echo "FAIL: $build/meshes not extracted (make meshes)"; exit 1; }

root=$(mktemp -d /tmp/cc_slurm_study.XXXXXX)
cluster=$root/cluster
cleanup() {
  "$here/slurm_local.sh" down "$cluster" || true
  rm -rf "$root"
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP  # a signal ends the script through its EXIT trap: the cluster stops
t0=$SECONDS
if ! "$here/slurm_local.sh" up "$cluster"; then
  echo "FAIL: the one-node Slurm cluster did not start on this machine (scripts/slurm_local.sh up; packages slurm-wlm and munge, root)"
  exit 1
fi
# shellcheck disable=SC1091
. "$cluster/env.sh"
echo "cluster up in $((SECONDS - t0)) s"

study=(--meshes "$build/meshes" --pairs sphere,pipe:ellipsoid --steps 6 --distances 0.5,1 --mode first
       --backends golden,rtl --rtl-configs paper,queued --shard-poses 6 --deterministic -q)
outputs=(poses.csv summary.csv perf.json table1.md angle.dat lists.dat speedup.dat)

t=$SECONDS
"$bin" "${study[@]}" --out "$root/single" > "$root/single.txt"
echo "single process: $((SECONDS - t)) s"

# 2. Submitted without waiting; one shard fails in its task (CC_SHARD_FAIL), and another
#    task is killed (scancel) while it measures a shard.
bad=1_pipe_ellipsoid.rtl_queued.06-11
t=$SECONDS
CC_SHARD_FAIL=$bad "$bin" "${study[@]}" --out "$root/slurm" --slurm --tasks 4 --no-wait > "$root/first.txt" 2> "$root/first.err" \
  || { cat "$root/first.err"; echo "FAIL: the submission failed"; exit 1; }
cat "$root/first.err"
grep -q "submitted array job .* (4 tasks, 12 of 12 shards)" "$root/first.err" || { echo "FAIL: not 4 tasks over 12 shards"; exit 1; }
array=$(sed -n 's/.*submitted array job \([0-9]*\) .*/\1/p' "$root/first.err")
victim=""
for _ in $(seq 1500); do
  for r in "$root"/slurm/shards/*.rtl_*.running; do
    [ -e "$r" ] || continue
    name=$(basename "$r" .running)
    [ "$name" != "$bad" ] || continue
    task=$(sed -n 's/.*"slurm_task":"\([0-9]*\)".*/\1/p' "$r")
    [ -n "$task" ] || continue
    scancel "${array}_${task}"
    victim=$name
    echo "killed array task ${array}_${task} while it measured $victim"
    break 2
  done
  sleep 0.1
done
[ -n "$victim" ] || { echo "FAIL: no RTL shard seen running to kill"; exit 1; }
"$bin" --status "$root/slurm"
for _ in $(seq 3000); do [ -f "$root/slurm/shards/merge.json" ] && break; sleep 0.1; done
echo "first submission: merged in $((SECONDS - t)) s: $(cat "$root/slurm/shards/merge.json")"
grep -q '"exit":3' "$root/slurm/shards/merge.json" || { echo "FAIL: the merge of a study with missing shards did not exit 3"; exit 1; }
merge_log=$(ls "$root"/slurm/slurm/*.merge.log)
cat "$merge_log"
grep -q "  $bad: failed: failure injected by CC_SHARD_FAIL" "$merge_log" || { echo "FAIL: the failed shard is not named"; exit 1; }
grep -q "log: $root/slurm/logs/$bad.log" "$merge_log" || { echo "FAIL: the failed shard's log is not given"; exit 1; }
# scancel's SIGTERM: the worker ends the shard it measures as failed (interrupted) and leaves the rest pending.
grep -qE "  $victim: (failed: interrupted|started but did not finish)" "$merge_log" || { echo "FAIL: the killed shard is not named"; exit 1; }
grep -q "failure injected" "$root/slurm/logs/$bad.log" || { echo "FAIL: the shard's log lacks the failure"; exit 1; }
[ ! -e "$root/slurm/summary.csv" ] || { echo "FAIL: a merge with a missing shard wrote summary.csv"; exit 1; }
"$bin" --status "$root/slurm" | tee "$root/status.txt"
grep -q "failed: $bad " "$root/status.txt" || { echo "FAIL: --status does not show the failed shard"; exit 1; }

# 3. Submitted again: only the shards without a result run.
stat -c '%n %i %Y' "$root"/slurm/shards/*.json | grep -v -e plan.json -e merge.json | sort > "$root/done_before.txt"
done_before=$(wc -l < "$root/done_before.txt")
missing=$((12 - done_before))
echo "$done_before shards done, $missing to redo"
t=$SECONDS
"$bin" "${study[@]}" --out "$root/slurm" --slurm --tasks 4 --poll 0.5 > "$root/second.txt" 2> "$root/second.err" \
  || { cat "$root/second.err"; echo "FAIL: the resubmission failed"; exit 1; }
cat "$root/second.err"
echo "resubmission: $((SECONDS - t)) s"
tasks=$((missing < 4 ? missing : 4))
grep -q "submitted array job .* ($tasks tasks, $missing of 12 shards)" "$root/second.err" || { echo "FAIL: the resubmission did not run exactly the $missing unfinished shards"; exit 1; }
grep -q "shards 0 pending, 0 running, $missing done, 0 failed" "$root/second.err" || { echo "FAIL: no final progress line"; exit 1; }
stat -c '%n %i %Y' "$root"/slurm/shards/*.json | grep -v -e plan.json -e merge.json | sort | grep -F -f <(cut -d' ' -f1 "$root/done_before.txt") > "$root/done_after.txt"
cmp "$root/done_before.txt" "$root/done_after.txt" || { echo "FAIL: finished shards were redone"; exit 1; }
[ "$(grep -c '^=== cc_perf shard' "$root/slurm/logs/$bad.log")" -eq 2 ] || { echo "FAIL: the failed shard's log does not show two attempts"; exit 1; }

# 4. The merged outputs equal the single run's, byte for byte.
for f in "${outputs[@]}"; do
  cmp "$root/single/$f" "$root/slurm/$f" || { echo "FAIL: $f differs between the single run and the Slurm run"; exit 1; }
done
grep -q "| pipe:ellipsoid |" "$root/slurm/table1.md" || { echo "FAIL: table1.md lacks a pair"; exit 1; }
echo "outputs identical: ${outputs[*]}"

# A third submission has nothing to measure: it merges here.
"$bin" "${study[@]}" --out "$root/slurm" --slurm --poll 0.5 > /dev/null 2> "$root/third.err"
grep -q "all 12 shards are done; merging here" "$root/third.err" || { echo "FAIL: a complete folder was resubmitted"; exit 1; }

# cc_sweep through the same cluster: 4 configuration points x 12 poses in shards of 4 poses
# as 3 array tasks; its CSVs equal the single run's but for the wall-clock columns.
sweep=(--a "$build/meshes/sphere.off" --b "$build/meshes/pipe.off" --normalize --poses 12 --offset 0.5 0 0
       --config paper --config modern --grid t_cl=2,4 -q)
chip_columns() {  # every column but wall_s and queries_per_s
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) skip[i] = ($i == "wall_s" || $i == "queries_per_s") }
           { line = ""; for (i = 1; i <= NF; i++) if (!skip[i]) line = line $i ","; print line }' "$1"
}
t=$SECONDS
"$build/bin/cc_sweep" "${sweep[@]}" --out "$root/sweep1.csv" > /dev/null
"$build/bin/cc_sweep" "${sweep[@]}" --out "$root/sweep2.csv" --shard-poses 4 --slurm --tasks 3 --poll 0.5 > "$root/sweep.txt" 2>&1 \
  || { cat "$root/sweep.txt"; echo "FAIL: cc_sweep --slurm failed"; exit 1; }
grep -q "submitted array job .* (3 tasks, 12 of 12 shards)" "$root/sweep.txt" || { cat "$root/sweep.txt"; echo "FAIL: cc_sweep: not 3 tasks over 12 shards"; exit 1; }
cmp <(chip_columns "$root/sweep1.csv") <(chip_columns "$root/sweep2.csv") || { echo "FAIL: cc_sweep's CSV differs"; exit 1; }
cmp <(chip_columns "$root/sweep1_summary.csv") <(chip_columns "$root/sweep2_summary.csv") || { echo "FAIL: cc_sweep's summary differs"; exit 1; }
echo "cc_sweep through Slurm: $((SECONDS - t)) s, chip columns identical"

# 5. The daemons stop.
pids=$(cat "$cluster"/run/*.pid)
"$here/slurm_local.sh" down "$cluster"
for p in $pids; do
  if kill -0 "$p" 2>/dev/null; then echo "FAIL: daemon $p still runs after down"; exit 1; fi
done
echo "PASS in $((SECONDS - t0)) s"
