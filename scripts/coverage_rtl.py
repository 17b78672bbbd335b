#!/usr/bin/env python3
"""Per-module summary of Verilator line and toggle coverage (make coverage, docs/coverage.md).

  coverage_rtl.py MERGED.dat > summary.txt

A point is covered when its count is above zero. Points are keyed by Verilator's `page`
(v_line/MODULE, v_toggle/MODULE, v_branch/MODULE ...); v_branch and v_line both count as
line coverage, as verilator_coverage does. Prints one row per module and the totals.
"""
import collections, re, sys

KIND = {"v_line": "line", "v_branch": "line", "v_toggle": "toggle"}
points = collections.defaultdict(lambda: [0, 0])  # (module, kind) -> [covered, total]
for raw in open(sys.argv[1], encoding="latin-1"):
    m = re.match(r"C '(.*)' (\d+)\s*$", raw)
    if not m:
        continue
    fields = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if "\x02" in kv)
    page = fields.get("page", "")
    kind = KIND.get(page.split("/")[0])
    if not kind:
        continue
    module = page.split("/", 1)[1] if "/" in page else "?"
    cell = points[(module, kind)]
    cell[0] += int(m.group(2)) > 0
    cell[1] += 1


def pct(cell):
    return f"{100.0 * cell[0] / cell[1]:5.1f}% ({cell[0]}/{cell[1]})" if cell[1] else "   -"


modules = sorted({mod for mod, _ in points})
print(f"{'module':24} {'line':>22} {'toggle':>24}")
total = {"line": [0, 0], "toggle": [0, 0]}
for mod in modules:
    row = {k: points.get((mod, k), [0, 0]) for k in total}
    for k in total:
        total[k][0] += row[k][0]
        total[k][1] += row[k][1]
    print(f"{mod:24} {pct(row['line']):>22} {pct(row['toggle']):>24}")
print(f"{'TOTAL':24} {pct(total['line']):>22} {pct(total['toggle']):>24}")
