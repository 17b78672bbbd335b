#!/usr/bin/env bash
# make coverage (docs/coverage.md): what the test suite exercises, measured in a separate
# build tree configured with CC_COVERAGE=ON (the normal build is untouched).
#   scripts/coverage.sh [BUILD_DIR]   (default build-coverage)
# Runs `ctest -LE soak` (make test's suite) minus CC_COVERAGE_EXCLUDE (a ctest -E regex).
# A partial run: CC_COVERAGE_TARGETS (build only these targets) and CC_COVERAGE_TESTS (a
# ctest -R regex). Then writes under
# BUILD_DIR/coverage/: rtl.txt (Verilator line and toggle coverage of each rtl/ module, as
# the Verilated chips saw it), rtl_annotated/ (the sources with their counts), cpp.txt and
# cpp_folders.txt (gcov line coverage per file and per folder), cpp/index.html.
# Every build and test step takes the shared build lock, target by target.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build-coverage}
EXCLUDE=${CC_COVERAGE_EXCLUDE-}
TESTS=${CC_COVERAGE_TESTS-}
TARGETS=${CC_COVERAGE_TARGETS-}
LOCK="flock -o /tmp/collisionchip-build.lock"  # -o: as the Makefile's
export CCACHE_BASEDIR=$PWD
scripts/deps.sh
$LOCK cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DCC_COVERAGE=ON -DCC_MESH_DIR="$PWD/$B/meshes" >/dev/null
scripts/meshes.sh "$B/meshes" >/dev/null
# The Verilated chips first (the longest part), each target under its own hold of the lock.
if [ -n "$TARGETS" ]; then
  for t in $TARGETS; do $LOCK cmake --build "$B" -j2 --target "$t"; done
else
  $LOCK cmake --build "$B" -j2 --target cc_chips
  $LOCK cmake --build "$B" -j2
fi

C=$B/coverage
rm -rf "$C"
find "$B" -name '*.gcda' -delete
mkdir -p "$C/rtl" "$C/cpp"
status=0
(cd "$B" && $LOCK ctest -j2 -LE soak ${TESTS:+-R "$TESTS"} ${EXCLUDE:+-E "$EXCLUDE"} --timeout 900 --output-on-failure) >"$C/ctest.log" 2>&1 || status=$?
tail -n 3 "$C/ctest.log"

shopt -s nullglob
dats=("$C"/rtl/*.dat)
if [ ${#dats[@]} -gt 0 ]; then
  verilator_coverage --write "$C/rtl.dat" "${dats[@]}"
  verilator_coverage --annotate "$C/rtl_annotated" "$C/rtl.dat" >/dev/null
  python3 scripts/coverage_rtl.py "$C/rtl.dat" >"$C/rtl.txt"
fi
$LOCK gcovr -j 2 -r . "$B" --exclude 'tests/' --exclude "$B/" \
  --txt "$C/cpp.txt" --json-summary "$C/cpp.json" --html-details "$C/cpp/index.html"
python3 - "$C/cpp.json" >"$C/cpp_folders.txt" <<'PY'
import collections, json, os, sys
folders = collections.defaultdict(lambda: [0, 0])
for f in json.load(open(sys.argv[1]))["files"]:
    d = os.path.dirname(f["filename"])
    folders[d][0] += f["line_covered"]
    folders[d][1] += f["line_total"]
tot = [sum(v[0] for v in folders.values()), sum(v[1] for v in folders.values())]
for d, (c, t) in sorted(folders.items()) + [("TOTAL", tot)]:
    print(f"{d:32} {100.0 * c / max(t, 1):5.1f}% ({c}/{t})")
PY
echo "coverage: $C/rtl.txt, $C/cpp_folders.txt, $C/cpp.txt, $C/cpp/index.html (ctest exit $status)"
[ -f "$C/rtl.txt" ] && cat "$C/rtl.txt"
cat "$C/cpp_folders.txt"
exit $status
