#!/usr/bin/env bash
# Names the states of a CC_STATE_PROFILE file (sim/cc_board.cpp: cc_core's trace_state, the
# master controller's or the triangle-test engine's while the controller waits for a test)
# from the localparams of rtl/cc_core.v (scripts/core_states.sh) and prints them by cycles,
# largest first, with percentages.
#   CC_STATE_PROFILE=/tmp/prof.txt build/bin/bench_chip && scripts/state_profile.sh /tmp/prof.txt
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 PROFILE_FILE" >&2; exit 2; }
scripts/core_states.sh |
  awk 'NR == FNR { name[$2] = $1; next }
       { n[FNR] = ($1 in name) ? name[$1] : "state_" $1; c[FNR] = $2; total += $2 }
       END { for (i in n) printf "%-16s %14d %6.1f%%\n", n[i], c[i], 100 * c[i] / total }' - "$1" |
  sort -k2,2nr
