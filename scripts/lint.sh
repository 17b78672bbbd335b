#!/usr/bin/env bash
# verilator --lint-only -Wall over every RTL module, with the waivers of rtl/lint.vlt.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find rtl -name '*.v' | sort)
if [ ${#files[@]} -eq 0 ]; then echo "lint: no RTL found under rtl/"; exit 1; fi
waiver=()
[ -f rtl/lint.vlt ] && waiver=(rtl/lint.vlt)
verilator --lint-only -Wall -Wno-MULTITOP --assert -Irtl "${waiver[@]}" "${files[@]}"
echo "lint: clean (${#files[@]} files)"
