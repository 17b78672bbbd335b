#!/usr/bin/env python3
"""A traced rtl run's waveform survives any interrupt (issue 30, docs/driver.md "Interrupts").

  trace_interrupt.py BIN_DIR MESH_DIR

Starts `collide --backend rtl` with CC_TRACE set, and once a pose has finished sends two
signals back to back (SIGINT, then SIGTERM): the run must end (killed by one of them, or with
128 + SIGINT if the first one's stop came before the second arrived), say that it closes the trace, and leave
a complete FST file. The same check on a truncated copy must fail, so it can tell.
"""
import os, re, signal, subprocess, sys, tempfile, time

BIN, MESHES = sys.argv[1], sys.argv[2]
VC_BLOCKS = {1, 5, 8}  # FST_BL_VCDATA, _DYN_ALIAS, _DYN_ALIAS2 (fstapi.h)
HIER_BLOCKS = {4, 6, 7}
GEOM, SKIP, SECTION_COUNT_AT = 3, 255, 65  # the header's value-change section count (fstapi.c)


def fst_problem(path):
    """None if the FST file is complete: its blocks tile the file, none is still being
    written, the geometry and hierarchy blocks (written on close) are there and the header
    counts the value-change blocks present. Otherwise what is wrong."""
    data = open(path, "rb").read()
    if len(data) < SECTION_COUNT_AT + 8 or data[0] != 0:
        return f"{len(data)} bytes, no FST header"
    types, pos = [], 0
    while pos < len(data):
        if pos + 9 > len(data):
            return f"a block header cut at byte {pos}"
        kind, length = data[pos], int.from_bytes(data[pos + 1:pos + 9], "big")
        if kind == SKIP:
            return f"a block still being written at byte {pos}"
        if length < 8 or pos + 1 + length > len(data):
            return f"block {kind} at byte {pos} runs past the end ({len(data)} bytes)"
        types.append(kind)
        pos += 1 + length
    sections = int.from_bytes(data[SECTION_COUNT_AT:SECTION_COUNT_AT + 8], "big")
    vc = sum(t in VC_BLOCKS for t in types)
    if GEOM not in types or not HIER_BLOCKS & set(types):
        return f"no geometry/hierarchy block (blocks {sorted(set(types))}): never closed"
    if vc == 0 or vc != sections:
        return f"the header counts {sections} value-change blocks, the file holds {vc}"
    return None


work = tempfile.mkdtemp(prefix="cc_trace_int_")
fst = os.path.join(work, "run.fst")
mesh = os.path.join(work, "cube.off")  # small: each traced query takes a fraction of a second
with open(mesh, "w") as f:
    f.write("OFF\n8 12 0\n" + "".join(f"{x} {y} {z}\n" for x in (0, 1) for y in (0, 1) for z in (0, 1)))
    for t in ((0, 1, 3), (0, 3, 2), (4, 6, 7), (4, 7, 5), (0, 4, 5), (0, 5, 1),
              (2, 3, 7), (2, 7, 6), (0, 2, 6), (0, 6, 4), (1, 5, 7), (1, 7, 3)):
        f.write("3 %d %d %d\n" % t)
env = dict(os.environ, CC_TRACE=fst)
p = subprocess.Popen([os.path.join(BIN, "collide"), "--a", mesh, "--b", mesh, "--normalize", "--sweep", "100000", "--offset", "0.5", "0", "0",
                      "--backend", "rtl", "--no-sw"],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace", env=env)
deadline = time.time() + 600
for line in p.stdout:
    if re.match(r"\s*\d+\s+\d", line) or time.time() > deadline:
        break
p.send_signal(signal.SIGINT)
p.send_signal(signal.SIGTERM)
try:
    _, err = p.communicate(timeout=300)
except subprocess.TimeoutExpired:
    p.kill()
    sys.exit("FAIL: the traced run did not stop after two signals")
# Ended by one of the two signals (the handler keeps the last one it saw), or cleanly by the first.
if p.returncode not in (-signal.SIGINT, -signal.SIGTERM, 128 + signal.SIGINT):
    sys.exit(f"FAIL: exit {p.returncode}: {err[-300:]}")
if p.returncode < 0 and "closing the waveform trace" not in err:
    sys.exit(f"FAIL: ended by the second signal without saying it closes the trace: {err[-300:]!r}")
if os.path.exists(fst + ".hier"):
    sys.exit(f"FAIL: the FST writer's temporary {fst}.hier is left: the trace was not closed")
problem = fst_problem(fst)
if problem:
    sys.exit(f"FAIL: {fst}: {problem}")
size = os.path.getsize(fst)
cut = fst + ".cut"
with open(fst, "rb") as f, open(cut, "wb") as g:
    g.write(f.read(size // 2))
if fst_problem(cut) is None:
    sys.exit("FAIL: the check accepts a truncated FST file")
how = "the second signal" if p.returncode < 0 else "the first signal's clean stop"
os.remove(cut)
os.remove(fst)
print(f"ok: ended by {how} (exit {p.returncode}), {fst} complete ({size} bytes); a truncated copy is refused")
