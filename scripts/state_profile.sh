#!/usr/bin/env bash
# Names the states of a CC_STATE_PROFILE file (sim/cc_board.cpp) from the localparams of
# rtl/cc_core_states.vh (scripts/core_states.sh) and prints, by cycles, largest first, with
# percentages: cc_core's trace_state (the master controller's state, or the triangle-test
# engine's while the controller waits for a test), then over the busy cycles the engine's
# decide stage (which the queued chip runs beside the controller), its load stage
# (cc_core's ld_trace, L_* localparams) and the tests waiting in its queue; last the SDRAM
# device's commands and data-bus beats over the busy cycles (one beat a core cycle at most).
#   CC_STATE_PROFILE=/tmp/prof.txt build/bin/bench_chip && scripts/state_profile.sh /tmp/prof.txt
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 PROFILE_FILE" >&2; exit 2; }
names=$(mktemp)
trap 'rm -f "$names"' EXIT
scripts/core_states.sh > "$names"
grep -oE "L_[A-Z]+ = 3'd[0-9]+" rtl/cc_core_states.vh | sed -E "s/ = 3'd/ load:/" >> "$names"
# section KIND: the lines of that kind ("" = the controller's "state cycles" lines).
section() {
  awk -v kind="$1" 'NR == FNR { name[$2] = $1; next }
       kind == "" && NF == 2 { s = $1; c = $2 }
       kind != "" && NF == 3 && $1 == kind { s = $2; c = $3 }
       (kind == "" && NF == 2) || (kind != "" && NF == 3 && $1 == kind) {
         if (kind == "queue") label = s " waiting";
         else if (kind == "engine" && s == 0) label = "E_IDLE";
         else if (kind == "load") label = ("load:" s in name) ? name["load:" s] : "load_" s;
         else label = (s in name) ? name[s] : "state_" s;
         n[++k] = label; v[k] = c; total += c }
       END { for (i = 1; i <= k; ++i) printf "%-16s %14d %6.1f%%\n", n[i], v[i], 100 * v[i] / total }' "$names" "$2" |
    sort -k2,2nr
}
section "" "$1"
if grep -q '^engine ' "$1"; then
  echo "--- triangle-test engine (decide stage), busy cycles"
  section engine "$1"
  echo "--- triangle-test engine (load stage), busy cycles"
  section load "$1"
  echo "--- tests waiting in the engine's queue, busy cycles"
  section queue "$1"
fi
if grep -q '^sdram ' "$1"; then
  echo "--- SDRAM over the busy cycles"
  awk '$1 == "engine" { busy += $3 } $1 == "sdram" { n[$2] = $3 }
       END { printf "activates %d, reads %d (of %d distinct bursts), writes %d, refreshes %d\n", n["activates"], n["reads"],
                    n["distinct_reads"], n["writes"], n["refreshes"];
             beats = n["read_beats"] + n["write_beats"];
             printf "data-bus beats %d (read %d, write %d): %.1f%% of the %d busy cycles\n", beats, n["read_beats"], n["write_beats"],
                    busy ? 100 * beats / busy : 0, busy;
             printf "reads a store of the last 16 / 64 / 256 bursts read would hold: %d / %d / %d\n",
                    n["kept_by_16"], n["kept_by_64"], n["kept_by_256"] }' "$1"
fi
