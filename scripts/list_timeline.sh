#!/usr/bin/env bash
# Draws one list of a CC_TIMELINE file (sim/cc_board.cpp) as a timing diagram, one line per
# core cycle, with the controller's and the look-ahead engine's state names taken from
# rtl/cc_core_states.vh. A list starts where the controller enters S_PAIR_BEGIN and runs to the
# next list or the end of the query.
#   CC_TIMELINE=/tmp/tl.txt build/bin/collide ... --backend rtl && scripts/list_timeline.sh /tmp/tl.txt 3
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 TIMELINE_FILE [LIST_NUMBER (1 = first, default 1)]" >&2; exit 2; }
list="${2:-1}"
{
  scripts/core_states.sh | sed -E "s/^/S /"
  grep -oE "SP_[A-Z]+ = 3'd[0-9]+" rtl/cc_core_states.vh | sed -E "s/ = 3'd/ /; s/^SP_/P /"
} | awk -v want="$list" '
  FILENAME == "-" { if ($1 == "S") state[$3] = $2; else la[$3] = $2; next }
  /^#/ { next }
  {
    name = ($2 in state) ? state[$2] : "state_" $2
    starts = (name == "S_PAIR_BEGIN" && (prev != "S_PAIR_BEGIN" || $1 != last + 1))
    if (starts) n++
    if ($1 != last + 1 && n == want && printed) exit   # the query ended
    prev = name; last = $1
    if (n != want) { if (n > want) exit; next }
    if (!printed) {
      printf "list %d from core cycle %d (runs of identical cycles merged: first..last)\n", want, $1
      printf "%-9s  %-14s %4s %-9s %4s %4s %5s  %s\n", "+cycles", "controller", "sram", "sdram", "beat", "dot", "entry", "look-ahead"
      first = $1; printed = 1
    }
    row = sprintf("%-14s %4s %-9s %4s %4s %5s  %s", name, $3, ($4 == "NOP" ? "." : $4), ($5 ? "#" : "."), ($6 ? "D" : "."),
                  ($7 ? "E" : "."), (($8 in la) ? la[$8] : $8))
    if (row != run_row) { flush(); run_row = row; run_from = $1 - first }
    run_to = $1 - first
  }
  function flush() { if (run_row != "") printf "%-9s  %s\n", (run_from == run_to ? run_from : run_from ".." run_to), run_row }
  END { if (!printed) { print "no list " want " in the timeline" > "/dev/stderr"; exit 1 } flush() }
' - "$1"
