#!/usr/bin/env bash
# Where the rtl backend's time goes (docs/rtl_simulation.md): runs one `collide --backend
# rtl` query under `perf record`, pinned to one CPU, and prints the share of the samples
# by function (the Verilated chip's evaluation functions, the board models, the driver),
# then, when the Verilated code was compiled with debug information (a build configured
# with -DCMAKE_CXX_FLAGS=-g), the Verilated code's share by RTL unit: each sampled line of
# the generated C++ is charged to the hierarchical signal name it assigns or reads
# (cc_chip.u_core.u_tri...), cut to DEPTH levels (default 2; DEPTH 0 lists the signals).
#
#   scripts/rtl_profile.sh [BUILD [DEPTH [QUERY]]]
#   QUERY: "bunny00 armadillo 0.5" (default) or "fandisk_large blade 0": A B x-offset
#
# The samples include the process's set-up (mesh loading, tree building, the upload); the
# query's own share is what the Verilated functions, the board models and the PCI host
# model take. perf must be installed (Debian package linux-perf) and allowed to sample
# (kernel.perf_event_paranoid <= 2 for one's own processes).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
depth=${2:-2}
read -r qa qb qoff <<< "${3:-bunny00 armadillo 0.5}"
command -v perf > /dev/null || { echo "rtl_profile: perf is not installed" >&2; exit 2; }
data=$(mktemp)
trap 'rm -f "$data" "$data.lines"' EXIT
cpu=${CC_BENCH_CPU:-$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')}
taskset -c "$cpu" perf record -q -o "$data" "$build/bin/collide" --a "$build/meshes/$qa.off" --b "$build/meshes/$qb.off" \
  --normalize --offset "$qoff" 0 0 --backend rtl --mode all --no-sw -q > /dev/null 2>&1
echo "== $qa vs $qb, offset $qoff, mode all, cpu $cpu: share of samples by function (top 25)"
perf report -i "$data" --no-children --sort symbol 2> /dev/null | grep -v '^#' | grep -E '^ +[0-9.]+%' | sort -rn | sed -n 1,25p |
  sed -E 's/ +$//' | cut -c1-130
echo "== by part: the Verilated chip (Vcc_chip_*), the board and host models (cc::sim::), the rest (set-up, driver, libraries, kernel)"
perf report -i "$data" --no-children --sort symbol 2> /dev/null | grep -v '^#' | grep -E '^ +[0-9.]+%' |
  awk '{ p = $1; sub("%", "", p); sym = $0; sub(/^ *[0-9.]+% +\[[.k]\] +/, "", sym)
         if (sym ~ /^Vcc_chip_/ || sym ~ /^Verilated/ || sym ~ /^VerilatedContext/) chip += p
         else if (sym ~ /cc::sim::/) board += p
         else rest += p }
       END { printf "%6.2f%%  Verilated chip\n%6.2f%%  board and host models\n%6.2f%%  rest\n", chip, board, rest }'
perf report -i "$data" --no-children --sort srcline -F overhead,srcline 2> /dev/null | grep -v '^#' |
  grep 'Vcc_chip_' > "$data.lines" || true
if [ ! -s "$data.lines" ]; then
  echo "(no line information for the Verilated code: configure a build with -DCMAKE_CXX_FLAGS=-g for the breakdown by unit)"
  exit 0
fi
echo "== the Verilated code's samples by RTL unit (instance path cut at depth $depth; 0: by signal)"
python3 - "$build" "$depth" "$data.lines" << 'EOF'
import collections, glob, os, re, sys
build, depth, lines_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sources = {}
def source(name):
    if name not in sources:
        found = glob.glob(os.path.join(build, 'sim', '**', name), recursive=True)
        sources[name] = open(found[0]).read().split('\n') if found else []
    return sources[name]
by_unit = collections.Counter()
total = 0.0
for line in open(lines_file):
    m = re.match(r'\s*([\d.]+)%\s+(\S+):(\d+)', line)
    if not m:
        continue
    share, name, n = float(m.group(1)), m.group(2), int(m.group(3))
    total += share
    text = source(name)
    unit = '(scheduling, triggers)'
    for k in range(min(n, len(text)) - 1, max(n - 40, -1), -1):
        s = re.search(r'cc_chip__DOT__((?:\w+?__DOT__)*\w+)', text[k])
        if s:
            parts = s.group(1).split('__DOT__')
            if depth == 0:    # the signal itself
                unit = 'cc_chip.' + '.'.join(parts)
            else:             # its unit: the instance path, cut to DEPTH levels
                unit = 'cc_chip.' + '.'.join(parts[:depth] if len(parts) > depth else parts[:-1] or parts)
            break
        if re.match(r'^(VL_INLINE_OPT )?void ', text[k]):
            break
    by_unit[unit] += share
print('% of all samples, % of the Verilated code\'s')
print('%6.2f%%  %6.1f%%  all Verilated code' % (total, 100.0))
for unit, share in by_unit.most_common(30):
    print('%6.2f%%  %6.1f%%  %s' % (share, 100 * share / total, unit))
EOF
