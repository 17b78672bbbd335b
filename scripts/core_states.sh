#!/usr/bin/env bash
# Prints "NAME NUMBER" for every state number cc_core's trace_state takes (the master
# controller's S_* and the triangle-test engine's E_* localparams of rtl/cc_core_states.vh,
# generated from model/common/cc/core_states.h), for the scripts that name the states of
# CC_STATE_PROFILE and CC_TIMELINE files.
set -euo pipefail
cd "$(dirname "$0")/.."
grep -oE "[SE]_[A-Z0-9_]+ = 6'd[0-9]+" rtl/cc_core_states.vh | sed -E "s/ = 6'd/ /"
