#!/usr/bin/env python3
"""The robustness suite (issue 30, docs/driver.md "Input rules"): malformed and extreme inputs
run against the tools, each asserting a clear error (non-zero exit, a message naming the
problem) or a result equal to the exact reference, every run under a timeout so a hang
fails. Then seeded random mutations of valid mesh files (truncate, flip bytes, swap numbers,
duplicate or drop a line): each must give a clear error or an answer on which golden and the
TLM model agree. The seed comes from CC_SEED (else random) and is printed.

  robust.py BIN_DIR MESH_DIR [--mutations N] [--rtl]
"""
import json, math, os, random, re, signal, socket, stat as st, struct, subprocess, sys, tempfile, threading, time

BIN, MESHES = sys.argv[1], sys.argv[2]
MUTATIONS = int(sys.argv[sys.argv.index("--mutations") + 1]) if "--mutations" in sys.argv else 40
RTL = "--rtl" in sys.argv
SEED = int(os.environ.get("CC_SEED", random.randrange(1 << 31)))
print(f"robust: seed {SEED} (replay with CC_SEED={SEED})", flush=True)
rng = random.Random(SEED)
W = tempfile.mkdtemp(prefix="cc_robust_")
os.chdir(W)
failures = []


def run(args, timeout=60, env=None):
    e = dict(os.environ)
    e.update(env or {})
    try:
        p = subprocess.run([os.path.join(BIN, args[0])] + args[1:], capture_output=True, text=True, errors="replace", timeout=timeout, env=e)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def fail(name, why):
    failures.append(f"{name}: {why}")
    print(f"FAIL {name}: {why}", flush=True)


def expect_error(name, args, pattern, **kw):
    rc, out, err = run(args, **kw)
    if rc == "timeout":
        return fail(name, "hung (timeout)")
    if rc == 0 or rc < 0 or rc > 100:
        return fail(name, f"exit {rc}, expected a clear error; stderr: {err[-300:]}")
    if not re.search(pattern, err, re.I):
        return fail(name, f"exit {rc} but the message does not say /{pattern}/: {err[-300:]!r}")
    print(f"ok   {name}: {err.strip().splitlines()[-1][:150] if err.strip() else ''}", flush=True)


def expect_ok(name, args, **kw):
    rc, out, err = run(args, **kw)
    if rc != 0:
        fail(name, f"exit {rc}: {err[-300:]}")
        return None
    return out


f32 = lambda x: struct.unpack("f", struct.pack("f", x))[0]


def sphere(st=8, sl=12):
    V = [(0.0, 0.0, 1.0)]
    for i in range(1, st):
        th = math.pi * i / st
        for j in range(sl):
            ph = 2 * math.pi * j / sl
            V.append((f32(math.sin(th) * math.cos(ph)), f32(math.sin(th) * math.sin(ph)), f32(math.cos(th))))
    V.append((0.0, 0.0, -1.0))
    S = len(V) - 1
    ring = lambda i, j: 1 + (i - 1) * sl + (j % sl)
    F = [(0, ring(1, j), ring(1, j + 1)) for j in range(sl)]
    for i in range(1, st - 1):
        for j in range(sl):
            F += [(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1)), (ring(i, j), ring(i + 1, j + 1), ring(i, j + 1))]
    F += [(ring(st - 1, j), S, ring(st - 1, j + 1)) for j in range(sl)]
    return V, F


def write_off(path, V, F, scale=1.0, shift=(0, 0, 0)):
    with open(path, "w") as f:
        f.write(f"OFF\n{len(V)} {len(F)} 0\n")
        for v in V:
            f.write(" ".join(repr(v[k] * scale + shift[k]) for k in range(3)) + "\n")
        for t in F:
            f.write(f"{len(t)} " + " ".join(map(str, t)) + "\n")


def pairs(path):
    return open(path).read() if os.path.exists(path) else None


V, F = sphere()
write_off("s.off", V, F)

# --- the wrong answers: scale, far from the origin -------------------------------
ref = {}
for be in ("golden", "sw"):
    expect_ok("sphere unit " + be, ["collide", "--a", "s.off", "--b", "s.off", "--sweep", "6", "--offset", "0.5", "0", "0",
                                     "--backend", be, "-q", "--no-sw", "--pairs-out", f"ref_{be}.txt"])
    ref[be] = pairs(f"ref_{be}.txt")
for k in (-126, -100, -70, 70, 100, 126):  # powers of two: the same exact scene
    write_off(f"s{k}.off", V, F, scale=2.0 ** k)
    for be in ("golden", "sw"):
        if expect_ok(f"sphere 2^{k} {be}", ["collide", "--a", f"s{k}.off", "--b", f"s{k}.off", "--sweep", "6", "--offset",
                                            repr(0.5 * 2.0 ** k), "0", "0", "--backend", be, "-q", "--no-sw", "--pairs-out", "p.txt"]) is not None:
            if pairs("p.txt") != ref[be]:
                fail(f"sphere 2^{k} {be}", "pairs differ from the unscaled scene's")
write_off("far.off", V, F, shift=(1e7, 1e7, 1e7))
# The bench programs take positional arguments only: --help prints their usage (exit 0),
# an option is refused before any work, never read as a mesh folder or a number.
for bench in ("bench_chip", "bench_perf", "bench_ccd", "bench_memory"):
    rc, out, err = run([bench, "--help"])
    if rc != 0 or "usage: " + bench not in out:
        fail(bench + " --help", f"exit {rc}, stdout {out[:200]!r}")
    expect_error(bench + " --no-such-option", [bench, "--no-such-option"], r"unknown option '--no-such-option'")
expect_error("bench_memory --timeline without a count", ["bench_memory", "--timeline"], r"needs a request count")

expect_error("sphere at 1e7 without --normalize", ["collide", "--a", "far.off", "--b", "far.off"], r"far\.off.*float.*--normalize")
for be in ("golden", "sw"):
    expect_ok(f"sphere at 1e7 --normalize {be}", ["collide", "--a", "s.off", "--b", "s.off", "--normalize", "--pose", "1", "1", "1", "30", "0.3",
                                                   "0", "0", "--backend", be, "-q", "--no-sw", "--pairs-out", "n1.txt"])
    expect_ok(f"sphere at 1e7 --normalize {be}", ["collide", "--a", "far.off", "--b", "far.off", "--normalize", "--pose", "1", "1", "1", "30",
                                                   "0.3", "0", "0", "--backend", be, "-q", "--no-sw", "--pairs-out", "n2.txt"])
    if pairs("n1.txt") != pairs("n2.txt"):
        fail(f"sphere at 1e7 --normalize {be}", "pairs differ from the sphere at the origin")
expect_error("board memory", ["collide", "--a", "s.off", "--b", "s.off", "--set", "board_bytes=8192"], r"board memory")
# OBJ is read in float (assimp): a sphere at 1e7 lost its shape when read, --normalize or not
with open("far.obj", "w") as f:
    f.write("".join("v %r %r %r\n" % (x + 1e7, y + 1e7, z + 1e7) for x, y, z in V) + "".join("f %d %d %d\n" % (t[0] + 1, t[1] + 1, t[2] + 1) for t in F))
for extra in ([], ["--normalize"]):
    expect_error("OBJ sphere at 1e7 " + " ".join(extra), ["collide", "--a", "far.obj", "--b", "far.obj"] + extra, r"far\.obj.*read in float.*OFF")
# OFF beyond float's range: kept in double, the scene scaled by a power of two, the same pairs
for k in (1000, -1000):
    write_off(f"s2e{k}.off", V, F, scale=2.0 ** k)
    if expect_ok(f"sphere 2^{k} (beyond float)", ["collide", "--a", f"s2e{k}.off", "--b", f"s2e{k}.off", "--sweep", "6", "--offset",
                                                   repr(0.5 * 2.0 ** k), "0", "0", "--backend", "golden", "-q", "--no-sw", "--pairs-out", "p.txt"]) is not None:
        if pairs("p.txt") != ref["golden"]:
            fail(f"sphere 2^{k} (beyond float)", "pairs differ from the unscaled scene's")

# ccd: the answer is 1/3 at every scale (two cubes, gap 1, travel 3, expel 1e-6 of the scene)
def cube(path, x0, s):
    P = [(x0 + dx * s, dy * s, dz * s) for dx in (0, 1) for dy in (0, 1) for dz in (0, 1)]
    T = [(0, 1, 3), (0, 3, 2), (4, 6, 7), (4, 7, 5), (0, 4, 5), (0, 5, 1), (2, 3, 7), (2, 7, 6), (0, 2, 6), (0, 6, 4), (1, 5, 7), (1, 7, 3)]
    write_off(path, P, T)
for e in (-37, -20, -10, 0, 12, 20, 30):
    s = 10.0 ** e
    cube("ca.off", -3 * s, 2 * s)
    cube("cb.off", 0, 2 * s)
    out = expect_ok(f"ccd 1e{e}", ["ccd", "--a", "ca.off", "--b", "cb.off", "--translate", repr(3 * s), "0", "0"])
    if out is not None:
        toi = float(re.search(r"toi: (\S+)", out).group(1))
        if abs(toi - 1 / 3) > 1e-5:
            fail(f"ccd 1e{e}", f"toi {toi}, expected 1/3")

# isect: separated triangles at extreme scales are not hits
for s in (1e-160, 1e-150, 1e-24, 1e38, 1e160):
    with open("sep.txt", "w") as f:
        f.write(" ".join(repr(x * s) for x in [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1e-3, 1, 0, 1e-3, 0, 1, 1e-3]) + "\n")
    for algo in ("moller_f64", "guigue_f64", "held_f64", "tropp_f64", "moller_f32"):
        out = expect_ok(f"isect {algo} {s}", ["isect", "--test", "tritri", "--algo", algo, "--in", "sep.txt"])
        if out is not None and out.split()[0] != "0":
            fail(f"isect {algo} {s}", "a false hit")

# --- malformed meshes -------------------------------------------------------------------
bad = {
    "noend.ply": ("ply\nformat ascii 1.0\n", r"end_header"),
    "abc.off": ("OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 abc\n", r"abc"),
    "float_index.off": ("OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 1.5\n", r"1\.5"),
    "neg_count.off": ("OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n-3 0 1 2\n", r"vertex count"),
    "few_faces.off": ("OFF\n3 2 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", r"face"),
    "nan.off": ("OFF\n3 1 0\nnan 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", r"NaN|infinite"),
    "big_index.off": ("OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 7\n", r"vertex 7"),
    "empty.off": ("", r"empty"),
    "short.ply": ("ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\n"
                  "property list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n", r"ends inside"),
    "noendsolid.stl": ("solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\n", r"."),
}
for name, (text, pat) in bad.items():
    open(name, "w").write(text)
    expect_error("mesh " + name, ["collide", "--a", name, "--b", "s.off"], pat)
# a 100-gon fans into 98 triangles; COFF is read
with open("gon.off", "w") as f:
    f.write("OFF\n100 1 0\n" + "".join(f"{math.cos(2*math.pi*i/100)!r} {math.sin(2*math.pi*i/100)!r} 0\n" for i in range(100)))
    f.write("100 " + " ".join(map(str, range(100))) + "\n")
out = expect_ok("100-gon", ["collide", "--a", "gon.off", "--b", "s.off", "--no-sw"])
if out is not None and "98 triangles" not in out:
    fail("100-gon", "not 98 triangles")
open("c.off", "w").write("COFF\n3 1\n0 0 0 1 0 0 1\n1 0 0 0 1 0 1\n0 1 0 0 0 1 1\n3 0 1 2\n")
expect_ok("COFF", ["collide", "--a", "c.off", "--b", "s.off", "--no-sw"])

# --- outputs: never destroy, never half -------------------------------------------------
S = ["collide", "--a", "s.off", "--b", "s.off", "--no-sw", "-q"]
before = open("s.off").read()
expect_error("--pairs-out = --a", S + ["--pairs-out", "s.off"], r"input")
expect_error("--json = --b (./)", S + ["--json", "./s.off"], r"input")
if open("s.off").read() != before:
    fail("output = input", "the input was changed")
# a configuration's base file is an input too
open("mybase.cfg", "w").write("base = paper\nname = mybase\n")
open("mine.cfg", "w").write("base = mybase.cfg\nname = mine\n")
expect_error("--json = the config's base", S + ["--config", "mine.cfg", "--json", "mybase.cfg"], r"input")
if open("mybase.cfg").read() != "base = paper\nname = mybase\n":
    fail("--json = the config's base", "the base file was changed")
expect_error("--json X --pairs-out X", S + ["--json", "x.out", "--pairs-out", "x.out"], r"same file")
expect_error("--json ''", S + ["--json", ""], r"empty")
expect_error("--json /dev/full", S + ["--json", "/dev/full"], r"/dev/full")
expect_error("--pairs-out /dev/full", S + ["--pairs-out", "/dev/full"], r"/dev/full")
expect_error("--json into a missing folder", S + ["--json", "nodir/x.json"], r"nodir")
expect_error("ccd --json /dev/full", ["ccd", "--a", "s.off", "--b", "s.off", "--translate", "1", "0", "0", "--json", "/dev/full"], r"/dev/full")
expect_error("ccd --json = --a", ["ccd", "--a", "s.off", "--b", "s.off", "--translate", "1", "0", "0", "--json", "s.off"], r"input")
open("cases.txt", "w").write("0 0 0 1 0 0 0 1 0 0 0 1 1 0 1 0 1 1\n")
expect_error("isect --in F --out F", ["isect", "--test", "tritri", "--algo", "moller_f64", "--in", "cases.txt", "--out", "cases.txt"], r"input")
with open("/dev/full", "w") as full:
    r = subprocess.run([os.path.join(BIN, "isect"), "--list"], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
if r.returncode == 0 or "cannot write" not in r.stderr:
    fail("isect --list > /dev/full", f"exit {r.returncode}: {r.stderr[-200:]}")
expect_error("isect --out /dev/full", ["isect", "--test", "tritri", "--algo", "moller_f64", "--in", "cases.txt", "--out", "/dev/full"], r"/dev/full")
SW = ["cc_sweep", "--a", "s.off", "--b", "s.off", "--poses", "2", "--backend", "golden", "-q"]
# ccd: a motion that dwarfs the meshes is refused, not answered wrongly; a rotation of a
# billion degrees costs one turn's work; a mesh inside another is said
expect_error("ccd motion 1e100", ["ccd", "--a", "s.off", "--b", "s.off", "--translate", "-1e100", "0", "0"], r"more than 2\^32 times")
expect_error("ccd start 1e15", ["ccd", "--a", "s.off", "--b", "s.off", "--translate", "-2e15", "0", "0", "--start", "1e15", "0", "0",
                                "--expel", "0"], r"more than 2\^32 times")
expect_ok("ccd rotate 1e9 degrees", ["ccd", "--a", "s.off", "--b", "s.off", "--start", "5", "0", "0", "--translate", "0", "0", "0",
                                     "--rotate", "0", "0", "1", "1e9"], timeout=20)
write_off("s_small.off", V, F, scale=0.25)
out = expect_ok("ccd A inside B", ["ccd", "--a", "s_small.off", "--b", "s.off", "--translate", "0.1", "0", "0"])
if out is not None and "start: A starts inside B" not in out:
    fail("ccd A inside B", "no word of A starting inside B: " + out[:200])
# endless or huge inputs: refused at once, before memory runs out
for name, args, pattern in (
        ("collide --sweep 2e9", ["collide", "--a", "s.off", "--b", "s.off", "--sweep", "2000000000"], r"at most 10000000"),
        ("collide --poses /dev/zero", ["collide", "--a", "s.off", "--b", "s.off", "--poses", "/dev/zero"], r"/dev/zero:1: a line longer"),
        ("collide --config /dev/zero", ["collide", "--a", "s.off", "--b", "s.off", "--config", "/dev/zero"], r"a line longer"),
        ("isect --in /dev/zero", ["isect", "--test", "tritri", "--algo", "moller_f64", "--in", "/dev/zero"], r"a line longer"),
        ("cc_vectors --replay /dev/zero", ["cc_vectors", "--replay", "/dev/zero"], r"a line longer"),
        ("cc_sweep --poses 2e9", ["cc_sweep", "--a", "s.off", "--b", "s.off", "--poses", "2000000000"], r"at most 10000000"),
        ("cc_perf --steps 2e9", ["cc_perf", "--pairs", "s", "--meshes", ".", "--steps", "2000000000", "--out", "ccp"], r"at most 10000000")):
    expect_error(name, args, pattern, timeout=30)
expect_error("cc_tritests --csv = its mesh", ["cc_tritests", "--meshes", ".", "--pairs", "s", "--steps", "1", "--csv", "s.off"], r"input")
expect_error("cc_tritests missing mesh", ["cc_tritests", "--meshes", ".", "--pairs", "nosuchmesh", "--steps", "1"], r"nosuchmesh")
if open("s.off").read() != before:
    fail("cc_tritests --csv = its mesh", "the input was changed")
expect_error("cc_sweep --out = --a", SW + ["--out", "s.off"], r"input")
expect_error("cc_sweep --out /dev/full", SW + ["--out", "/dev/full"], r"/dev/full")
expect_error("cc_sweep --plot p.jpg", SW + ["--out", "o.csv", "--plot", "p.jpg"], r"\.png or \.svg")
expect_error("cc_sweep repeated --grid", SW + ["--out", "o.csv", "--grid", "t_cl=2,4", "--grid", "t_cl=8"], r"twice")
# gnuplot's own pipes (issue 55): `set output '|cmd'` and a data file '<cmd' run commands.
# The names stay file names: the chart and its data files appear under them, nothing runs.
for n, plot in enumerate(["|touch PIPED_OUT;x.png", "<touch PIPED_DATA;x.svg", " |touch PIPED_BLANK;x.png"]):
    if expect_ok(f"cc_sweep --plot {plot!r}", SW + ["--out", f"pipe{n}.csv", "--plot", plot]) is not None:
        if not all(os.path.isfile(plot + ext) for ext in ("", ".dat", ".gp")):
            fail(f"cc_sweep --plot {plot!r}", "the chart or its .dat/.gp is not a file of that name")
ran = [n for n in os.listdir(".") if n.startswith("PIPED_")]
if ran:
    fail("cc_sweep --plot pipes", f"gnuplot ran a command from the file name: {ran}")

# An output that is a symbolic link, a device, a FIFO or a socket is never replaced by a
# rename (issue 55: /dev/full became a regular file). A link is followed: the link stays, its
# target gets the output; what is not a regular file is written in place.
def kind(path):
    m = os.lstat(path).st_mode
    return "link" if st.S_ISLNK(m) else "char" if st.S_ISCHR(m) else "fifo" if st.S_ISFIFO(m) else \
           "socket" if st.S_ISSOCK(m) else "file" if st.S_ISREG(m) else "other"

def check_link_followed(name, args, link, target, parse):
    open(target, "w").write("stale\n")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(target, link)
    if expect_ok(name, args) is None:
        return
    if kind(link) != "link" or os.readlink(link) != target:
        return fail(name, f"the link {link} was replaced (now a {kind(link)})")
    try:
        parse(open(target).read())
        print(f"ok   {name}: the link kept, its target written", flush=True)
    except Exception as e:
        fail(name, f"the link's target does not hold the output ({e}): {open(target).read()[:80]!r}")

def csv_header(t):
    assert t.startswith("config,"), "no CSV header"

def not_empty(t):
    assert t.strip(), "empty"

os.mkdir("linked")
check_link_followed("collide --json LINK", S + ["--json", "j.link"], "j.link", "j.json", json.loads)
check_link_followed("collide --pairs-out LINK (into a folder)", S + ["--pairs-out", "p.link"], "p.link", "linked/p.txt", lambda t: None)
check_link_followed("cc_sweep --out LINK", SW + ["--out", "sw.link"], "sw.link", "sw_real.csv", csv_header)
check_link_followed("ccd --json LINK", ["ccd", "--a", "s.off", "--b", "s.off", "--translate", "1", "0", "0", "--json", "ccd.link"],
                    "ccd.link", "ccd_real.json", json.loads)
check_link_followed("isect --out LINK", ["isect", "--test", "tritri", "--algo", "moller_f64", "--in", "cases.txt", "--out", "is.link"],
                    "is.link", "is_real.txt", not_empty)
# A dangling link: its target is created, the link stays.
os.symlink("dangling_target.json", "dangling.link")
if expect_ok("collide --json DANGLING-LINK", S + ["--json", "dangling.link"]) is not None:
    if kind("dangling.link") != "link" or not os.path.isfile("dangling_target.json"):
        fail("collide --json DANGLING-LINK", f"the link was replaced (now a {kind('dangling.link')}) or its target not written")
# A link into /proc (what /dev/stdout is): written in place through it, the link not replaced
# by a file (as /dev/stdout was when standard output was a file). Here descriptor k, a file.
with open("fd.txt", "w") as fd_file:
    k = fd_file.fileno()
    os.symlink(f"/proc/self/fd/{k}", "fd.link")
    p = subprocess.run([os.path.join(BIN, "collide")] + S[1:] + ["--json", "fd.link"], pass_fds=(k,), capture_output=True,
                       text=True, timeout=60)
if p.returncode != 0 or kind("fd.link") != "link" or '"pairs"' not in open("fd.txt").read():
    fail("collide --json LINK-TO-/proc/self/fd/K", f"exit {p.returncode}, the link now a {kind('fd.link')}, "
         f"descriptor {k}'s file {open('fd.txt').read()[:80]!r}: {p.stderr[-200:]!r}")
else:
    print("ok   collide --json LINK-TO-/proc/self/fd/K: written through the descriptor, the link kept", flush=True)
# A loop of links is an error, and both links stay.
os.symlink("loop_b", "loop_a")
os.symlink("loop_a", "loop_b")
expect_error("collide --json LINK-LOOP", S + ["--json", "loop_a"], r"loop_a.*(symbolic links|loop)")
if kind("loop_a") != "link" or kind("loop_b") != "link":
    fail("collide --json LINK-LOOP", "a link of the loop was replaced")
# A device through a link: the device's write error, the device and the link stay.
os.symlink("/dev/full", "full.link")
expect_error("collide --json LINK-TO-/dev/full", S + ["--json", "full.link"], r"full\.link")
if kind("full.link") != "link":
    fail("collide --json LINK-TO-/dev/full", "the link was replaced")
# A FIFO: written in place (a reader takes the JSON), still a FIFO afterwards; bounded time.
os.mkfifo("out.fifo")
got = {}
reader = threading.Thread(target=lambda: got.update(text=open("out.fifo").read()), daemon=True)
reader.start()
rc, out, err = run(S + ["--json", "out.fifo"], timeout=60)
reader.join(10)
if reader.is_alive():  # the tool never opened it: let the reader go
    os.close(os.open("out.fifo", os.O_WRONLY | os.O_NONBLOCK))
if rc != 0 or kind("out.fifo") != "fifo" or '"pairs"' not in got.get("text", ""):
    fail("collide --json FIFO", f"exit {rc}, now a {kind('out.fifo')}, the reader got {got.get('text', '')[:80]!r}: {err[-200:]!r}")
else:
    print("ok   collide --json FIFO: the reader got the JSON, still a FIFO", flush=True)
# A socket cannot be opened: a clear error, still a socket.
sock = socket.socket(socket.AF_UNIX)
sock.bind("out.sock")
expect_error("collide --json SOCKET", S + ["--json", "out.sock"], r"out\.sock")
if kind("out.sock") != "socket":
    fail("collide --json SOCKET", f"replaced (now a {kind('out.sock')})")
sock.close()
for dev in ("/dev/full", "/dev/null"):
    if kind(dev) != "char":
        fail("devices", f"{dev} is no longer a character device")

if [n for n in os.listdir(".") if ".tmp." in n]:
    fail("temporaries", "left behind: " + str([n for n in os.listdir(".") if ".tmp." in n]))

# --- options that contradict each other or make no sense --------------------------------
os.mkdir("adir")
open("dup.cfg", "w").write("t_cl = 2\nt_cl = 3\n")
for name, extra, pat in [
    ("--pose with --sweep", ["--pose", "1", "0", "0", "0", "0", "0", "0", "--sweep", "4"], r"--sweep"),
    ("--pose with --offset", ["--pose", "1", "0", "0", "0", "0", "0", "0", "--offset", "1", "0", "0"], r"--offset"),
    ("--pose with --axis", ["--pose", "1", "0", "0", "0", "0", "0", "0", "--axis", "1", "0", "0"], r"--axis"),
    ("--config DIR", ["--config", "adir/"], r"folder"),
    ("--set t_cl=010", ["--set", "t_cl=010"], r"010"),
    ("core_mhz=1e-300", ["--set", "core_mhz=1e-300"], r"core_mhz"),
    ("duplicate .cfg key", ["--config", "dup.cfg"], r"twice"),
    ("--backend rtl --cosim golden,tlm", ["--backend", "rtl", "--cosim", "golden,tlm"], r"--cosim"),
]:
    expect_error(name, S + extra, pat)
open("motion.txt", "w").write("1 0 0 0 0 0 0\n")
expect_error("--poses with --sweep", S + ["--poses", "motion.txt", "--sweep", "3"], r"--sweep")
expect_error("isect --eps inf", ["isect", "--test", "tritri", "--algo", "moller_f64", "--in", "cases.txt", "--eps", "inf"], r"eps")
expect_error("isect --seed -1", ["isect", "--report", "--seed", "-1", "--cases", "1"], r"seed")
expect_error("isect --in DIR", ["isect", "--test", "tritri", "--algo", "moller_f64", "--in", "adir"], r"folder")
open("empty.vec", "w").write("")
expect_error("cc_vectors --replay empty", ["cc_vectors", "--replay", "empty.vec"], r"empty\.vec")
expect_error("cc_vectors --replay DIR", ["cc_vectors", "--replay", "adir"], r"folder")

# --- -q does not hide an error status -----------------------------------------------------
rc, out, err = run(S + ["--set", "result_capacity=1"]) if False else (None, None, None)  # (no such key: see below)
rc, out, err = run(["collide", "--a", "s.off", "--b", "s.off", "--no-sw", "-q", "--set", "list_words=2"])
if rc != 3 or "error" not in err.lower():
    fail("-q with an error status", f"exit {rc}, stderr {err[-200:]!r}")

# --- SIGINT: finished poses kept, the JSON complete, no temporaries ------------------------
# The signal goes in once poses have finished (their rows come out), however busy the machine.
p = subprocess.Popen([os.path.join(BIN, "collide"), "--a", os.path.join(MESHES, "bunny00.off"), "--b", os.path.join(MESHES, "bunny00.off"),
                      "--normalize", "--sweep", "100000", "--backend", "golden", "--no-sw", "--json", "int.json", "--pairs-out", "int.txt"],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")
deadline = time.time() + 120
for line in p.stdout:
    if re.match(r"\s*\d+\s+\d", line) or time.time() > deadline:
        break
p.send_signal(signal.SIGINT)
try:
    _, err = p.communicate(timeout=60)
    if p.returncode != 128 + signal.SIGINT:
        fail("SIGINT", f"exit {p.returncode}: {err[-200:]}")
    else:
        rows = json.load(open("int.json")) if os.path.exists("int.json") else []
        got = {int(l.split()[0]) for l in open("int.txt")} if os.path.exists("int.txt") else set()
        if not rows or (got and max(got) >= len(rows)):
            fail("SIGINT", "the outputs do not hold the finished poses")
        else:
            print(f"ok   SIGINT: {len(rows)} finished poses kept, exit {p.returncode}", flush=True)
except subprocess.TimeoutExpired:
    p.kill()
    fail("SIGINT", "did not stop")
if [n for n in os.listdir(".") if ".tmp." in n]:
    fail("SIGINT temporaries", "left behind")
# SIGHUP and SIGQUIT stop a run as SIGINT does; a reader that goes away (SIGPIPE) ends it
# with nothing half-written left behind
for sig in (signal.SIGHUP, signal.SIGQUIT):
    p = subprocess.Popen([os.path.join(BIN, "collide"), "--a", "s.off", "--b", "s.off", "--sweep", "10000000", "--backend", "golden",
                          "--no-sw", "--json", "sig.json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")
    for line in p.stdout:
        if re.match(r"\s*\d+\s+\d", line):
            break
    p.send_signal(sig)
    try:
        p.communicate(timeout=60)
        if p.returncode != 128 + sig or not os.path.exists("sig.json") or not json.load(open("sig.json")):
            fail(sig.name, f"exit {p.returncode}, or the finished poses not written")
    except subprocess.TimeoutExpired:
        p.kill()
        fail(sig.name, "did not stop")
p = subprocess.Popen([os.path.join(BIN, "collide"), "--a", "s.off", "--b", "s.off", "--sweep", "10000000", "--backend", "golden",
                      "--no-sw", "--json", "pipe.json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
p.stdout.readline()
p.stdout.close()  # the reader goes away, as `| head` does
try:
    p.wait(timeout=60)
    if p.returncode == 0:
        fail("SIGPIPE", "exit 0 although its output went nowhere")
except subprocess.TimeoutExpired:
    p.kill()
    fail("SIGPIPE", "did not stop")
if [n for n in os.listdir(".") if ".tmp." in n]:
    fail("SIGHUP/SIGQUIT/SIGPIPE temporaries", "left behind")

# --- rtl: a couple of cases only (slow) --------------------------------------------------
if RTL:
    expect_error("CC_WATCHDOG=-1", S + ["--backend", "rtl"], r"CC_WATCHDOG", env={"CC_WATCHDOG": "-1"}, timeout=300)
    expect_error("CC_TRACE unwritable", S + ["--backend", "rtl"], r"CC_TRACE", env={"CC_TRACE": "nodir/w.fst"}, timeout=300)

# --- random mutations of valid files: a clear error, or golden and TLM agree -------------
def mutate(text):
    b = bytearray(text.encode())
    op = rng.choice(["truncate", "flip", "swap", "dupline", "dropline", "bignum", "neg"])
    if op == "truncate":
        b = b[: rng.randrange(len(b))]
    elif op == "flip":
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(b))
            b[i] = rng.choice(b"0123456789-.eE+ \n#xnai") if rng.random() < 0.7 else rng.randrange(256)
    else:
        lines = b.decode(errors="replace").split("\n")
        if op == "dupline":
            i = rng.randrange(len(lines)); lines.insert(i, lines[i])
        elif op == "dropline":
            del lines[rng.randrange(len(lines))]
        else:
            i = rng.randrange(len(lines)); words = lines[i].split()
            if words:
                j = rng.randrange(len(words))
                if op == "swap":
                    k = rng.randrange(len(words)); words[j], words[k] = words[k], words[j]
                elif op == "bignum":
                    words[j] = rng.choice(["1e39", "1e-40", "4294967296", "1e308", "99999999999999999999"])
                else:
                    words[j] = "-" + words[j]
                lines[i] = " ".join(words)
        b = "\n".join(lines).encode(errors="replace")
    return op, bytes(b)

seeds = {"off": open("s.off").read()}
seeds["ply"] = ("ply\nformat ascii 1.0\nelement vertex %d\nproperty float x\nproperty float y\nproperty float z\nelement face %d\n"
                "property list uchar int vertex_indices\nend_header\n" % (len(V), len(F)) +
                "".join("%r %r %r\n" % v for v in V) + "".join("3 %d %d %d\n" % t for t in F))
seeds["obj"] = "".join("v %r %r %r\n" % v for v in V) + "".join("f %d %d %d\n" % (t[0] + 1, t[1] + 1, t[2] + 1) for t in F)
seeds["stl"] = "solid s\n" + "".join("facet normal 0 0 0\nouter loop\n" + "".join("vertex %r %r %r\n" % V[i] for i in t) +
                                     "endloop\nendfacet\n" for t in F) + "endsolid s\n"
for n in range(MUTATIONS):
    ext = rng.choice(sorted(seeds))
    op, data = mutate(seeds[ext])
    name = f"m{n}.{ext}"
    open(name, "wb").write(data)
    what = f"mutation {n} ({ext}, {op})"
    rc, out, err = run(["collide", "--a", name, "--b", "s.off", "--cosim", "golden,tlm", "--sweep", "3", "--offset", "0.5", "0", "0", "-q", "--no-sw"], timeout=120)
    if rc == "timeout":
        fail(what, "hung (timeout); the file is " + os.path.join(W, name))
    elif rc == 2 and re.search(r"collide: (error: )?\S", err):
        continue
    elif rc == 0 and "identical" in out:
        continue
    else:
        fail(what, f"exit {rc}: {err[-300:]!r}; the file is " + os.path.join(W, name))
print(f"robust: {MUTATIONS} mutations run", flush=True)

if failures:
    print(f"robust: {len(failures)} failures (seed {SEED}; files in {W})")
    sys.exit(1)
print(f"robust: all passed (seed {SEED})")
