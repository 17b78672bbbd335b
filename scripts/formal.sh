#!/usr/bin/env bash
# make formal (docs/formal.md): proves by k-induction the invariants of the small RTL units
# with yosys and yosys-smtbmc, then shows that each proof is able to fail.
#
#   scripts/formal.sh OUT [--proofs | --planted] [PROOF ...]
#
# Proofs: each wrapper tests/formal/<unit>_formal.sv instantiates the unit unchanged (read with
# SYNTHESIS defined, like the synthesized chip) and states its promises as named properties
# (tests/formal/cc_formal.vh). Per proof: a BMC run of depth K (the base case, from reset) and a
# k-induction run of the same depth (any K consecutive states that satisfy every assertion are
# followed by one that does too); both pass: proved (k = K). Then every cover statement must be
# reached within the proof's cover depth (the environment's assumptions leave room for the
# interesting cases).
# Planted bugs: each proof runs again against a copy of the unit in OUT/planted with one sed
# edit, without its auxiliary invariants (Aux*): the base case must fail, and on the promise
# the table names.
# Exit status: 0 when every proof is proved, every cover reached and every planted bug caught.
# CC_FORMAL_SOLVER=cvc5 (or cvc4) swaps the solver (docs/formal.md: z3 is the one that scales).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)

usage() { echo "usage: scripts/formal.sh OUT [--proofs | --planted] [PROOF ...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
OUT=$1; shift
MODE=all
ONLY=()
for a in "$@"; do
  case "$a" in
    --proofs) MODE=proofs ;;
    --planted) MODE=planted ;;
    -*) usage ;;
    *) ONLY+=("$a") ;;
  esac
done
SOLVER=${CC_FORMAL_SOLVER:-z3}
for tool in yosys yosys-smtbmc "$SOLVER"; do
  command -v "$tool" >/dev/null || { echo "formal: $tool not found (make deps installs it)" >&2; exit 1; }
done

# name | wrapper top (tests/formal/<top>.sv) | unit files (rtl/) | wrapper parameters | clocking | depth K | cover depth
#   clocking: sync  - one clock, the asynchronous resets made synchronous (async2sync): one
#                     solver step per clock cycle
#             multi - yosys's multiclock support (clk2fflogic): the clocks are free inputs of
#                     the wrapper, sampled at every step of one global formal clock
#   cut=MODULE    - the instances of MODULE are left out: their outputs become free inputs
#   cover depth - - the covers are not run (they need more steps than make formal's budget;
#                   docs/formal.md gives the depth and time they take)
PROOFS=(
  "sdram_fifo_d3|cc_sdram_fifo_formal|cc_sdram_fifo.v|Depth=3 Width=4|sync|6|8"
  "sdram_fifo_d4|cc_sdram_fifo_formal|cc_sdram_fifo.v|Depth=4 Width=4|sync|6|8"
  "sdram_fifo_d8|cc_sdram_fifo_formal|cc_sdram_fifo.v|Depth=8 Width=4|sync|6|12"
  "list_write_queue_d4|cc_list_write_queue_formal|cc_list_write_queue.v|Depth=4 AddrW=2|sync|6|10"
  "list_write_queue_d8|cc_list_write_queue_formal|cc_list_write_queue.v|Depth=8 AddrW=2|sync|6|12"
  "async_fifo_d2|cc_async_fifo_formal|cc_sync.v cc_async_fifo.v|DepthBits=1 Width=4|multi|8|16"
  "async_fifo_d4|cc_async_fifo_formal|cc_sync.v cc_async_fifo.v|DepthBits=2 Width=4|multi|8|16"
  "async_fifo_d16|cc_async_fifo_formal|cc_sync.v cc_async_fifo.v|DepthBits=4 Width=4|multi|8|-"
  "sdram_bank_paper|cc_sdram_bank_formal|cc_sdram_bank.v|TRp=2 TRcd=2 TRas=0 TCwl=1 TWr=2 BurstLen=8 CntW=4|sync|6|16"
  "sdram_bank_tras|cc_sdram_bank_formal|cc_sdram_bank.v|TRp=2 TRcd=2 TRas=9 TCwl=1 TWr=2 BurstLen=8 CntW=5|sync|6|16"
  "sdram_bank_modern|cc_sdram_bank_formal|cc_sdram_bank.v|TRp=11 TRcd=11 TRas=28 TCwl=9 TWr=12 BurstLen=8 CntW=7|sync|6|-"
  "stack_engine_small|cc_stack_engine_formal|cc_stack_engine.v cc_list_write_queue.v cc_list_fetch.v|ListWords=16 StackFrames=4 SramAddrW=6 cut=cc_list_fetch|sync|6|24"
  "stack_engine_chip|cc_stack_engine_formal|cc_stack_engine.v cc_list_write_queue.v cc_list_fetch.v|ListWords=262144 StackFrames=64 SramAddrW=20 cut=cc_list_fetch|sync|6|-"
)

# proof | unit file | sed edit | property that must fail | BMC depth | the bug
PLANTED=(
  "sdram_fifo_d4|cc_sdram_fifo.v|s/count_d = count_q - 1'b1;/count_d = count_q;/|CountFollowsPushesAndPops|8|the count does not decrement on a pop"
  "sdram_fifo_d4|cc_sdram_fifo.v|s/(count_q == Depth\[CntW-1:0\])/(count_q == Depth[CntW-1:0] - 1'b1)/|FullFlagIffCountDepth|8|the full flag rises one entry early"
  "sdram_fifo_d4|cc_sdram_fifo.v|s/if (do_pop)  rd_ptr_d/if (do_pop \&\& !do_push) rd_ptr_d/|TrackedEntryLeavesInOrderWithItsData|8|a pop made together with a push does not advance the read pointer"
  "list_write_queue_d8|cc_list_write_queue.v|s/- 3'd4;/- 3'd3;/|RoomMeansFourMoreFit|12|room2_o promises one entry too many"
  "list_write_queue_d8|cc_list_write_queue.v|s/mem_q\[push0_i ? wr_next : wr_q\]/mem_q[wr_q]/|TrackedEntryLeavesInOrderWithItsData|12|entry 1 of a two-entry push overwrites entry 0"
  "async_fifo_d4|cc_async_fifo.v|s/bin2gray = b ^ (b >> 1);/bin2gray = b;/|WriteGrayPointerChangesOneBitAtATime|16|the Gray conversion drops its XOR"
  "async_fifo_d4|cc_async_fifo.v|s/(wlevel == Depth\[PtrW-1:0\])/(wlevel == Depth[PtrW-1:0] + 1'b1)/|NoPushWhenTrulyFull|16|the full flag compares against depth + 1"
  "async_fifo_d4|cc_async_fifo.v|s/rgray_q <= bin2gray(rptr_d);/rgray_q <= bin2gray(rptr_d + 1'b1);/|WriteLevelNeverBelowEntries|16|the read side publishes its pointer one entry ahead"
  "sdram_bank_paper|cc_sdram_bank.v|s/cas_wait_d = cnt(TRcd);/cas_wait_d = cnt(TRcd - 1);/|NoReadWriteBeforeTrcdAfterActivate|8|tRCD counted one cycle short"
  "sdram_bank_paper|cc_sdram_bank.v|s/act_wait_d = pre_off + cnt(TRp);/act_wait_d = pre_off + cnt(TRp - 1);/|NoActivateBeforeTrpAfterPrecharge|16|tRP counted one cycle short"
  "sdram_bank_tras|cc_sdram_bank.v|/if (ras_left_q > pre_off) pre_off = ras_left_q;/d|NoActivateBeforeTrpAfterPrecharge|12|the precharge does not wait for tRAS"
  "stack_engine_small|cc_stack_engine.v|s/if (depth_o == 32'd1) begin/if (depth_o == 32'd0) begin/|BusyOnlyWithFrames|16|a resume pops past the last frame"
  "stack_engine_small|cc_stack_engine.v|s/assign full_o         = depth_o >= StackFrames;/assign full_o         = depth_o > StackFrames;/|FullIffDepthIsStackFrames|24|full_o one frame late"
  "stack_engine_small|cc_stack_engine.v|s/depth_d = depth_o + 32'd1;/depth_d = depth_o;/|PushAddsOneFrame|8|a push does not count its frame"
)

selected() {
  [ ${#ONLY[@]} -eq 0 ] && return 0
  local n; for n in "${ONLY[@]}"; do [ "$n" = "$1" ] && return 0; done
  return 1
}

proof_line() {
  local p; for p in "${PROOFS[@]}"; do [ "${p%%|*}" = "$1" ] && { echo "$p"; return 0; }; done
  echo "formal: no proof named $1" >&2; return 1
}

# build DIR RTLDIR TOP FILES PARAMS CLOCKING: OUT/DIR/model.smt2 from the wrapper and the
# unit's files in RTLDIR (rtl/ or a planted copy).
build_model() {
  local dir=$1 rtldir=$2 top=$3 files=$4 params=$5 clocking=$6 planted=${7:-}
  local wrapper="$REPO/tests/formal/$top.sv" reads="" f p chparams="" cuts="" peeks=""
  for f in $files; do reads+="read_verilog -DSYNTHESIS -sv -I$rtldir -I$REPO/rtl $rtldir/$f; "; done
  for p in $params; do
    case "$p" in
      cut=*) cuts+="${p#cut=} " ;;
      *) chparams+="chparam -set ${p%%=*} ${p#*=} $top; " ;;
    esac
  done
  # Stage 1: the flattened design with its memories as registers, so that peeks can name them.
  local blackbox="" cutcells=""
  for f in $cuts; do blackbox+="blackbox $f; "; cutcells+="delete t:$f t:\\\$paramod\\$f\\*; "; done
  if ! yosys -q -l "$dir/yosys1.log" -p "$reads read_verilog -formal -sv -I$REPO/tests/formal $wrapper; $blackbox \
        $chparams hierarchy -top $top; prep -top $top; flatten; $cutcells memory_map; opt_clean; write_rtlil $dir/stage1.il" \
        >/dev/null 2>&1; then
    echo "yosys failed, see $dir/yosys1.log"; return 1
  fi
  # Peeks: `CC_PEEK(name, width, u_dut.path) in the wrapper, connected to the flattened register.
  local name path base words w n lo hi
  while read -r name path; do
    [ -n "$name" ] || continue
    if [[ "$path" == *'[*]' ]]; then
      base=${path%'[*]'}
      words=$(grep -E "^ *wire (width [0-9]+ )?\\\\$(printf '%s' "$base" | sed 's/[.[\]/\\&/g')\[[0-9]+\]\$" "$dir/stage1.il" || true)
      if [ -z "$words" ]; then
        [ -n "$planted" ] && continue   # a planted bug may remove the register; no Aux reads it
        echo "peek $name: no words $base[*] in the design"; return 1
      fi
      while read -r line; do
        w=$(sed -n 's/^ *wire width \([0-9]*\) .*/\1/p' <<<"$line"); w=${w:-1}
        n=$(sed -n 's/.*\[\([0-9]*\)\]$/\1/p' <<<"$line")
        lo=$((n * w)); hi=$((lo + w - 1))
        peeks+="connect -set $name[$hi:$lo] $base[$n]; "
      done <<<"$words"
    else
      if ! grep -qE "^ *wire .*\\\\$(printf '%s' "$path" | sed 's/[.[\]/\\&/g')\$" "$dir/stage1.il"; then
        [ -n "$planted" ] && continue
        echo "peek $name: no register $path in the design"; return 1
      fi
      peeks+="connect -set $name $path; "
    fi
  done < <(sed -n 's/^ *`CC_PEEK(\([A-Za-z0-9_]*\),.*, *\([^,]*\))[^)]*$/\1 \2/p' "$wrapper")
  local clk="async2sync;"
  [ "$clocking" = multi ] && clk="clk2fflogic;"
  # A planted bug must break a promise: the auxiliary invariants (Aux*) are left out.
  local aux=""
  [ -n "$planted" ] && aux="chformal -assert -remove c:Aux*;"
  # Stage 2: undriven wires (a cut instance's outputs) and x bits become free inputs.
  if ! yosys -q -l "$dir/yosys2.log" -p "read_rtlil $dir/stage1.il; hierarchy -top $top; $aux $peeks $clk \
        setundef -undriven -anyseq; setundef -anyseq; opt -keepdc -fast; dffunmap; opt_clean; check -assert; \
        write_smt2 -wires $dir/model.smt2" >/dev/null 2>&1; then
    echo "yosys failed, see $dir/yosys2.log"; return 1
  fi
}

# smtbmc DIR KIND ARGS...: runs yosys-smtbmc, log OUT/DIR/KIND.log, trace OUT/DIR/KIND.vcd.
smtbmc() {
  local dir=$1 kind=$2; shift 2
  # --unroll: yosys-smtbmc expands the model's functions itself; z3 4.8 takes seconds to
  # minutes to define the transition function of even a small unit without it.
  yosys-smtbmc -s "$SOLVER" --unroll --noprogress "$@" --dump-vcd "$dir/$kind.vcd" "$dir/model.smt2" >"$dir/$kind.log" 2>&1
}

# failed_props LOG: the names of the properties that failed; failed_step LOG: at which step.
failed_props() {
  local p
  p=$(sed -n 's/.*Assert failed in [^:]*: \(.*\)$/\1/p' "$1" | sed 's/.*(\(.*\))$/\1/' | sort -u | paste -sd ' ')
  echo "${p:-no property (yosys-smtbmc stopped: see $1)}"
}
failed_step() { grep -aoE '(Checking assertions in|Trying induction in) step [0-9]+' "$1" | tail -1 | grep -oE '[0-9]+$'; }

since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

for n in ${ONLY[@]+"${ONLY[@]}"}; do proof_line "$n" >/dev/null || exit 2; done

errors=0
t_all=$(date +%s.%N)
mkdir -p "$OUT"

if [ "$MODE" != planted ]; then
  echo "formal: proofs (solver $SOLVER; base case = BMC from reset, then k-induction, then covers)"
  for line in "${PROOFS[@]}"; do
    IFS='|' read -r name top files params clocking depth cdepth <<<"$line"
    selected "$name" || continue
    dir="$OUT/$name"; rm -rf "$dir"; mkdir -p "$dir"
    t0=$(date +%s.%N)
    if ! msg=$(build_model "$dir" "$REPO/rtl" "$top" "$files" "$params" "$clocking"); then
      printf '  %-22s ERROR: %s\n' "$name" "$msg"; errors=$((errors + 1)); continue
    fi
    if ! smtbmc "$dir" base --presat -t "$depth"; then
      printf '  %-22s FAILED: %s at step %s (base case), trace %s\n' "$name" "$(failed_props "$dir/base.log")" \
        "$(failed_step "$dir/base.log")" "$dir/base.vcd"
      errors=$((errors + 1)); continue
    fi
    if ! smtbmc "$dir" induction -i -t "$depth"; then
      printf '  %-22s NOT CLOSED at k = %s: the induction step fails on %s, counterexample trace %s\n' "$name" "$depth" \
        "$(failed_props "$dir/induction.log")" "$dir/induction.vcd"
      errors=$((errors + 1)); continue
    fi
    if [ "$cdepth" = - ]; then
      printf '  %-22s proved (k = %s), covers not run, %s s  [%s]\n' "$name" "$depth" "$(since "$t0")" "$params"
      continue
    fi
    if ! smtbmc "$dir" cover -c -t "$cdepth"; then
      printf '  %-22s proved (k = %s) but a cover is not reached within %s steps: see %s\n' "$name" "$depth" "$cdepth" "$dir/cover.log"
      errors=$((errors + 1)); continue
    fi
    ncov=$(grep -c 'Reached cover statement' "$dir/cover.log" || true)
    printf '  %-22s proved (k = %s), %s covers reached, %.1f s  [%s]\n' "$name" "$depth" "$ncov" \
      "$(since "$t0")" "$params"
  done
fi

if [ "$MODE" != proofs ]; then
  echo "formal: planted bugs (each must make its proof's base case fail)"
  i=0
  for line in "${PLANTED[@]}"; do
    i=$((i + 1))
    IFS='|' read -r name file edit want pdepth what <<<"$line"
    selected "$name" || continue
    IFS='|' read -r _ top files params clocking depth _ <<<"$(proof_line "$name")"
    dir="$OUT/planted/$i-$name"; rm -rf "$dir"; mkdir -p "$dir/rtl"
    for f in $files; do cp "rtl/$f" "$dir/rtl/$f"; done
    sed -i -e "$edit" "$dir/rtl/$file"
    if cmp -s "rtl/$file" "$dir/rtl/$file"; then
      printf '  %-2s %-20s ERROR: the edit %s no longer changes rtl/%s\n' "$i" "$name" "$edit" "$file"
      errors=$((errors + 1)); continue
    fi
    t0=$(date +%s.%N)
    if ! msg=$(build_model "$dir" "$dir/rtl" "$top" "$files" "$params" "$clocking" planted); then
      printf '  %-2s %-20s ERROR: %s\n' "$i" "$name" "$msg"; errors=$((errors + 1)); continue
    fi
    if smtbmc "$dir" base -t "$pdepth"; then
      printf '  %-2s %-20s WRONG: %s: the promises still hold for %s steps\n' "$i" "$name" "$what" "$pdepth"
      errors=$((errors + 1)); continue
    fi
    got=$(failed_props "$dir/base.log")
    if [[ " $got " != *" $want "* ]]; then
      printf '  %-2s %-20s WRONG: %s: fails on %s, not on %s\n' "$i" "$name" "$what" "${got:-nothing (see $dir/base.log)}" "$want"
      errors=$((errors + 1)); continue
    fi
    printf '  %-2s %-20s caught: %s -> %s at step %s, %.1f s, trace %s\n' "$i" "$name" "$what" "$got" \
      "$(failed_step "$dir/base.log")" "$(since "$t0")" "$dir/base.vcd"
  done
fi

printf 'formal: %s, %.0f s\n' "$([ $errors -eq 0 ] && echo "all as expected" || echo "$errors wrong outcome(s)")" \
  "$(since "$t_all")"
[ $errors -eq 0 ]
