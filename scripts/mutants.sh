#!/usr/bin/env bash
# make mutants: applies each mutant of scripts/mutants.txt, one at a time, to a scratch git
# worktree of the current commit (never the checkout this runs from), rebuilds only the
# targets the mutant names, runs its tests (a subset of `make test`: ctest -LE soak -R ...)
# and requires them to fail. Prints a kill table; exits 1 if a mutant survived, 2 if the
# unmutated baseline fails its tests (then no kill means anything).
#
#   scripts/mutants.sh [ID_REGEX]     e.g. scripts/mutants.sh '^G-'  (default: every mutant)
#   MUTANT_DIR=/tmp/cc_mutants        where the worktree and its build live (reused)
#   MUTANT_RTL=0                      skip the RTL mutants
#
# The whole run holds /tmp/collisionchip-build.lock (one build or test run at a time on
# this machine), and builds with -j2.
set -euo pipefail
if [[ -z "${CC_MUTANTS_LOCKED:-}" ]]; then
  CC_MUTANTS_LOCKED=1 exec flock -o /tmp/collisionchip-build.lock "$0" "$@"
fi

repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
list="$repo/scripts/mutants.txt"
select=${1:-.}
dir=${MUTANT_DIR:-/tmp/cc_mutants}
wt="$dir/src"
build="$dir/build"
jobs=${JOBS:-2}
commit=$(git -C "$repo" rev-parse HEAD)
export CCACHE_BASEDIR="$wt"

# The mutant list as it is in the checkout (committed or not), so a new line can be tried.
mapfile -t lines < <(grep -v '^\s*#' "$list" | grep -v '^\s*$')
ids=() files=() exprs=() targets=() tests=() whats=()
for l in "${lines[@]}"; do
  IFS=$'\x1f' read -r id file expr tgt tst what <<<"$(sed 's/ ;; /\x1f/g' <<<"$l")"
  [[ "$id" =~ $select ]] || continue
  [[ "${MUTANT_RTL:-1}" == 0 && "$file" == rtl/* ]] && continue
  ids+=("$id") files+=("$file") exprs+=("$expr") targets+=("$tgt") tests+=("$tst") whats+=("$what")
done
[[ ${#ids[@]} -gt 0 ]] || { echo "no mutant matches '$select'"; exit 1; }

# The scratch worktree at this commit (created once, reset every run).
mkdir -p "$dir"
if [[ ! -e "$wt/.git" ]]; then
  git -C "$repo" worktree add --detach "$wt" "$commit" >/dev/null
fi
git -C "$wt" checkout -q --detach -f "$commit"
git -C "$wt" reset -q --hard "$commit"
git -C "$wt" clean -qfd
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$wt" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
[[ -e "$build/meshes" || ! -d "$repo/build/meshes" ]] || ln -s "$repo/build/meshes" "$build/meshes"

all_targets=$(printf '%s\n' "${targets[@]}" | tr ' ' '\n' | sort -u | tr '\n' ' ')
runTests() {  # regex -> 0 when every selected test passes
  (cd "$build" && ctest -j"$jobs" -LE soak --timeout 900 -R "$1" >"$dir/last_ctest.log" 2>&1)
}

echo "baseline: building $all_targets"
cmake --build "$build" -j"$jobs" --target $all_targets >"$dir/baseline_build.log" 2>&1 ||
  { echo "baseline build failed: $dir/baseline_build.log"; exit 2; }
(cd "$build" && cmake -S "$wt" -B "$build" >/dev/null)  # gtest discovery of new tests
for i in "${!ids[@]}"; do
  n=$(cd "$build" && ctest -N -LE soak -R "${tests[$i]}" | grep -c 'Test *#' || true)
  [[ "$n" -gt 0 ]] || { echo "baseline: ${ids[$i]}'s regex '${tests[$i]}' selects no test"; exit 2; }
done
union=$(printf '%s|' "${tests[@]}")
if ! runTests "${union%|}"; then
  echo "baseline: the mutants' tests fail without a mutant ($dir/last_ctest.log)"
  exit 2
fi
echo "baseline: every mutant's tests pass unmutated"

results=()
survived=0
for i in "${!ids[@]}"; do
  id=${ids[$i]} file=${files[$i]}
  t0=$(date +%s)
  git -C "$wt" checkout -q -- .
  sed -i -e "${exprs[$i]}" "$wt/$file"
  if git -C "$wt" diff --quiet; then
    status="NOT APPLIED (the pattern no longer matches)"
    survived=1
  elif ! cmake --build "$build" -j"$jobs" --target ${targets[$i]} >"$dir/$id.build.log" 2>&1; then
    status="BUILD FAILED (not a valid mutant: $dir/$id.build.log)"
    survived=1
  elif runTests "${tests[$i]}"; then
    status="SURVIVED"
    survived=1
  else
    failed=$(sed -n '/The following tests FAILED/,$p' "$dir/last_ctest.log" | grep -E '^\s+[0-9]+ - ' |
      sed -E 's/^\s+[0-9]+ - ([^ ]+).*/\1/' | head -3 | tr '\n' ' ')
    status="killed by ${failed:-(see log)}"
  fi
  cp "$dir/last_ctest.log" "$dir/$id.ctest.log" 2>/dev/null || true
  results+=("$(printf '%-16s %-40s %5ss  %s' "$id" "$file" "$(($(date +%s) - t0))" "$status")")
  printf '%s\n' "${results[-1]}"
  git -C "$wt" checkout -q -- .
done

echo
echo "mutant kill table (commit ${commit:0:12})"
printf '%-16s %-40s %6s  %s\n' "mutant" "file" "time" "result"
printf '%s\n' "${results[@]}"
for i in "${!ids[@]}"; do printf '  %-16s %s\n' "${ids[$i]}" "${whats[$i]}"; done
# The worktree's sources are back at the commit; the next run rebuilds what the last
# mutant touched.
exit $survived
