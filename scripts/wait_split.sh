#!/usr/bin/env bash
# Splits a CC_TIMELINE file's waits (sim/cc_board.cpp) by where they start: the cycles in
# S_ENTRY (waiting for the fetch unit's head entry) by the state the controller came from
# (S_LIST_INIT: a list's first entry, S_LL_PASS: a leaf pass's, S_LEAFENT or S_LL_SLOT: the
# next entry), the passes by what came before them (S_LL_CHECK: a leaf's first pass, S_ENTRY:
# a later one), and the cycles in S_PAIR_WAIT and S_SPEC_WAIT by how the tumbled pair was
# reached (S_DESCEND: a child pair, S_ASC_WAIT: a pair resumed from the stack).
#   CC_TIMELINE=/tmp/tl.txt build/bin/collide ... --backend rtl && scripts/wait_split.sh /tmp/tl.txt
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 TIMELINE_FILE" >&2; exit 2; }
scripts/core_states.sh | awk '
  FILENAME == "-" { name[$2] = $1; next }
  /^#/ { next }
  {
    s = name[$2]
    if (s != prev) {
      if (s == "S_ENTRY") entry_from = prev
      if (s == "S_LL_PASS") { pass_from = prev; passes[prev]++ }
      if (s == "S_PAIR_BEGIN") { pair_from = prev; pairs[prev]++ }
    }
    if (s == "S_ENTRY") {
      entry[entry_from]++
      if (entry_from == "S_LL_PASS") pass_wait[pass_from]++
    }
    if (s == "S_PAIR_WAIT") pair_wait[pair_from]++
    if (s == "S_SPEC_WAIT") spec_wait[pair_from]++
    prev = s
  }
  END {
    for (k in entry) printf "S_ENTRY after %-14s %8d cycles\n", k, entry[k]
    for (k in passes) printf "S_ENTRY at passes after %-14s %8d cycles, %d passes\n", k, pass_wait[k], passes[k]
    for (k in pairs) printf "pairs after %-14s %5d: S_PAIR_WAIT %8d, S_SPEC_WAIT %8d cycles\n", k, pairs[k], pair_wait[k], spec_wait[k]
  }
' - "$1" | sort
