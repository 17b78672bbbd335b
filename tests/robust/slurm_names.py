#!/usr/bin/env python3
"""Hostile folder names for scripts/slurm_local.sh (issue 55): the folder's name is written
into env.sh (shell text a user sources) and slurm.conf. A name holding shell syntax must stay
a name: `up` starts the cluster, sourcing env.sh sets SLURM_CONF to the real path and runs
nothing, `down` stops it and runs nothing. A name slurm.conf cannot hold (a blank, '#', ...)
is refused with a clear error before anything is made. Needs root and slurm-wlm/munge, as
the ctest slurm_study.

  slurm_names.py
"""
import os, shutil, subprocess, sys, tempfile

SCRIPT = os.environ.get("CC_SLURM_LOCAL") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "slurm_local.sh")
W = tempfile.mkdtemp(prefix="cc_slurm_names_")
failures = []


def fail(name, why):
    failures.append(f"{name}: {why}")
    print(f"FAIL {name}: {why}", flush=True)


def run(args, timeout=120):
    try:
        p = subprocess.run(args, cwd=W, capture_output=True, text=True, errors="replace", timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def injected():
    return [n for n in os.listdir(W) if n.startswith("PWNED")]


# Refused before anything is made.
for name in ("c d", "c#d", "c%d", "c\nd"):
    d = os.path.join(W, name)
    rc, out, err = run([SCRIPT, "up", d])
    if rc in (0, "timeout") or "slurm.conf cannot hold" not in err:
        fail(f"up {name!r}", f"exit {rc}, expected a clear error: {err[-300:]!r}")
    elif os.path.lexists(d):
        fail(f"up {name!r}", "the folder was made")
    else:
        print(f"ok   up {name!r}: {err.strip().splitlines()[-1][:150]}", flush=True)

# Shell syntax in the name: command substitution, backquotes (no blank: slurm.conf would refuse it).
d = os.path.join(W, "c$(>PWNED_SUBST)`>PWNED_BQ`")
pids = []
try:
    rc, out, err = run([SCRIPT, "up", d], timeout=180)
    if rc != 0:
        fail("up", f"exit {rc}: {(out + err)[-600:]!r}")
    else:
        rc, out, err = run(["bash", "-c", '. "$1/env.sh" && printf "%s\\n" "$SLURM_CONF" && sinfo -h -o %t', "sh", d])
        if rc != 0 or out.split("\n")[0] != d + "/slurm.conf":
            fail("env.sh", f"exit {rc}, SLURM_CONF {out.splitlines()[:1]!r}, expected {d + '/slurm.conf'!r}: {err[-300:]!r}")
        else:
            print(f"ok   env.sh: SLURM_CONF is the folder's slurm.conf, sinfo: {out.split()[1:2]}", flush=True)
    for f in ("slurmctld.pid", "slurmd.pid", "munged.pid"):
        try:
            pids.append(int(open(os.path.join(d, "run", f)).read().split()[0]))
        except (OSError, ValueError, IndexError):
            pass
finally:
    rc, out, err = run([SCRIPT, "down", d])
if rc != 0:
    fail("down", f"exit {rc}: {err[-300:]!r}")
if os.path.lexists(d):
    fail("down", "the folder is left")
for pid in pids:
    try:
        os.kill(pid, 0)
        fail("down", f"daemon {pid} still runs")
    except ProcessLookupError:
        pass
if injected():
    fail("names", f"a command in the folder's name ran: {injected()}")

if failures:
    print(f"slurm_names: {len(failures)} failures (files in {W})")
    sys.exit(1)
shutil.rmtree(W)
print("slurm_names: all passed")
