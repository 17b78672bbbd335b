#!/usr/bin/env python3
"""Design space: each chip's time per query against its area (docs/results.md, "Time against
area"). `make pareto` runs it after `make timing`.

  pareto.py [--build B] [--pairs P] [--steps N] [--distances D] [--skip C,...] [--out DIR] [--img DIR]
  pareto.py --self-test

For every chip `make timing` measured (B/timing/timing.json: its configuration, configured
and achievable core clock, and the yosys netlist whose `stat` gives its cell count), it runs
the TLM model of that configuration (but those --skip names: by default `small`, the test
chip whose 8 stack frames real meshes overflow) on the pairs with cc_perf (mode first, the paper's
protocol; the TLM is cycle-exact to the RTL on every chip the rtl backend builds) and writes

  DIR/pareto.csv   config, cells, clocks, per pair avg/worst µs, the two summary times,
                   and whether the chip is on the Pareto front of each (no other chip is
                   both smaller and faster)
  pareto.png, .svg (in --img, default DIR)   time against cells, the fronts drawn as steps (gnuplot)

The summary times: `avg_us` is the geometric mean over the pairs of each pair's average
time per query, `worst_us` the slowest query of all pairs; both at the configured clock.
"""
import argparse, csv, json, math, os, re, subprocess, sys, tempfile

DEFAULT_PAIRS = "bunny00:armadillo,fandisk_large:blade,blade,fandisk_large"


def fail(msg):
    print(f"pareto: {msg}", file=sys.stderr)
    sys.exit(2)


def cells_of(netlist):
    """The cell count of a netlist from the `stat` yosys wrote beside it (scripts/timing.sh):
    the flat chip's, or, where a module was kept whole (several triangle-test engines), the
    design hierarchy's total, which counts the module once per instance."""
    stat = re.sub(r"\.json$", ".stat", netlist)
    try:
        text = open(stat, encoding="utf-8").read()
    except OSError as e:
        fail(f"{stat}: {e.strerror} (make timing writes it)")
    text = text[text.find("=== design hierarchy ==="):] if "=== design hierarchy ===" in text else text
    m = re.search(r"Number of cells:\s+(\d+)", text)
    if not m:
        fail(f"{stat}: no 'Number of cells' line")
    return int(m.group(1))


def chips_of(build):
    """The chips of make timing's last run: name, clocks and cells."""
    path = os.path.join(build, "timing", "timing.json")
    try:
        rows = json.load(open(path, encoding="utf-8"))
    except OSError:
        fail(f"{path} missing: run make timing first")
    except ValueError as e:
        fail(f"{path}: {e}")
    return [{"config": r["config"], "core_mhz": r["core_mhz"], "core_max_mhz": r["core_max_mhz"],
             "cells": cells_of(r["netlist"])} for r in rows]


def measure(build, chips, args):
    """Runs cc_perf (golden + the TLM of every chip) and returns {config: {pair: (avg, worst)}} in µs."""
    perf_out = os.path.join(args.out, "perf")
    cmd = [os.path.join(build, "bin", "cc_perf"), "--meshes", os.path.join(build, "meshes"),
           "--pairs", args.pairs, "--steps", str(args.steps), "--distances", args.distances,
           "--mode", "first", "--backends", "golden,tlm",
           "--tlm-configs", ",".join(c["config"] for c in chips), "--out", perf_out]
    print("pareto: " + " ".join(cmd), flush=True)
    if subprocess.run(cmd).returncode != 0:
        fail("cc_perf failed")
    times = {c["config"]: {} for c in chips}
    with open(os.path.join(perf_out, "summary.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["distance"] != "all":
                continue
            for c in chips:
                name = c["config"]
                times[name][row["pair"]] = (float(row[f"avg_tlm_{name}_us"]), float(row[f"worst_tlm_{name}_us"]))
    return times


def pareto_front(points):
    """Indices of the points (cells, time) no other point beats in both (smaller or equal in
    each, smaller in one)."""
    front = []
    for i, (a, t) in enumerate(points):
        dominated = any((a2 <= a and t2 <= t) and (a2 < a or t2 < t) for j, (a2, t2) in enumerate(points) if j != i)
        if not dominated:
            front.append(i)
    return front


def geometric_mean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def write_csv(path, chips, pairs):
    chip_cols = ["config", "cells", "core_mhz", "core_max_mhz", "avg_us", "worst_us", "front_avg", "front_worst"]
    cols = chip_cols + [f"{p}_{k}_us" for p in pairs for k in ("avg", "worst")]
    tmp = path + ".tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for c in chips:
            row = {k: c[k] for k in chip_cols}
            for p in pairs:
                row[f"{p}_avg_us"], row[f"{p}_worst_us"] = c["times"][p]
            w.writerow(row)
    os.replace(tmp, path)


def plot(csv_path, out_base, pairs):
    # gnuplot gets the names as quoted variables (no shell in between); a quote would end them.
    # Quoting is not enough: gnuplot runs an output '|CMD' and a data file '<CMD' as commands,
    # so the file names go absolute (a name beginning '|' or '<' stays a name).
    csv_path, out_base = os.path.abspath(csv_path), os.path.abspath(out_base)
    for s in (csv_path, out_base, pairs):
        if "'" in s:
            fail(f"a quote in '{s}' cannot be passed to gnuplot")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pareto.gp")
    r = subprocess.run(["gnuplot", "-e", f"data='{csv_path}'; out='{out_base}'; pairs='{pairs}'", script])
    if r.returncode != 0:
        fail("gnuplot failed")


def self_test():
    pts = [(100, 10.0), (200, 5.0), (150, 12.0), (300, 5.0), (100, 11.0)]
    assert pareto_front(pts) == [0, 1], pareto_front(pts)
    assert pareto_front([(1, 1)]) == [0]
    assert pareto_front([(1, 2), (1, 2)]) == [0, 1]  # equal points dominate neither
    assert abs(geometric_mean([1, 100]) - 10) < 1e-9
    with tempfile.TemporaryDirectory() as build:  # make timing's outputs as chips_of reads them
        os.mkdir(os.path.join(build, "timing"))
        net = os.path.join(build, "timing", "cc_chip-x.json")
        open(net.replace(".json", ".stat"), "w").write("=== cc_chip ===\n   Number of cells:             417811\n")
        json.dump([{"config": "paper", "core_mhz": 130, "core_max_mhz": 142, "netlist": net}],
                  open(os.path.join(build, "timing", "timing.json"), "w"))
        assert chips_of(build) == [{"config": "paper", "core_mhz": 130, "core_max_mhz": 142, "cells": 417811}]
        open(net.replace(".json", ".stat"), "w").write(  # a kept module: the hierarchy's total
            "=== cc_chip ===\n   Number of cells:   29\n=== depth_unit ===\n   Number of cells:   23\n"
            "=== design hierarchy ===\n   Number of cells:   73\n")
        assert chips_of(build)[0]["cells"] == 73
    with tempfile.TemporaryDirectory() as d:  # folders named like gnuplot's pipes stay folders
        cwd = os.getcwd()
        os.chdir(d)
        try:
            os.mkdir("<touch PIPED_DATA;")
            os.mkdir("|touch PIPED_OUT;")
            chips = [{"config": c, "cells": a, "core_mhz": 130, "core_max_mhz": 142, "avg_us": t, "worst_us": 2 * t,
                      "front_avg": 1, "front_worst": 1, "times": {"p": (t, 2 * t)}} for c, a, t in (("x", 1000, 2.0), ("y", 2000, 1.0))]
            write_csv("<touch PIPED_DATA;/pareto.csv", chips, ["p"])
            plot("<touch PIPED_DATA;/pareto.csv", "|touch PIPED_OUT;/pareto", "p")
            assert not [n for n in os.listdir(".") if n.startswith("PIPED")], f"gnuplot ran a file name: {os.listdir('.')}"
            assert os.path.isfile("|touch PIPED_OUT;/pareto.png") and os.path.isfile("|touch PIPED_OUT;/pareto.svg")
        finally:
            os.chdir(cwd)
    print("pareto: self-test passed")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--pairs", default=DEFAULT_PAIRS)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--distances", default="0.5,1,1.5")
    ap.add_argument("--skip", default="small", help="chips left out, comma separated")
    ap.add_argument("--out", default=None, help="output folder (default BUILD/pareto)")
    ap.add_argument("--img", default=None, help="folder of the plots (default: the output folder)")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if args.steps < 1:
        fail("--steps must be at least 1")
    args.out = args.out or os.path.join(args.build, "pareto")
    os.makedirs(args.out, exist_ok=True)
    skip = set(filter(None, args.skip.split(",")))
    chips = [c for c in chips_of(args.build) if c["config"] not in skip]
    if not chips:
        fail("make timing measured no chip")
    times = measure(args.build, chips, args)
    pairs = args.pairs.split(",")
    for c in chips:
        c["times"] = times[c["config"]]
        c["avg_us"] = geometric_mean([c["times"][p][0] for p in pairs])
        c["worst_us"] = max(c["times"][p][1] for p in pairs)
    for key in ("avg", "worst"):
        front = set(pareto_front([(c["cells"], c[f"{key}_us"]) for c in chips]))
        for i, c in enumerate(chips):
            c[f"front_{key}"] = int(i in front)
    chips.sort(key=lambda c: c["cells"])
    csv_path = os.path.join(args.out, "pareto.csv")
    write_csv(csv_path, chips, pairs)
    img = os.path.join(args.img or args.out, "pareto")
    plot(csv_path, img, args.pairs)
    print(f"{'config':<16} {'cells':>8} {'MHz':>5} {'max':>5} {'avg us':>8} {'worst us':>9}  front")
    for c in chips:
        fronts = ",".join(k for k in ("avg", "worst") if c[f"front_{k}"]) or "-"
        print(f"{c['config']:<16} {c['cells']:>8} {c['core_mhz']:>5.0f} {c['core_max_mhz']:>5.0f} "
              f"{c['avg_us']:>8.2f} {c['worst_us']:>9.2f}  {fronts}")
    print(f"pareto: wrote {csv_path} and {img}.png/.svg")


if __name__ == "__main__":
    main()
