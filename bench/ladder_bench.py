#!/usr/bin/env python3
"""RC ladder: kelvin-cli against ngspice in one run, at several sizes.

For each N (default 1000 10000 100000) the ladder of make_rc_ladder.py is written as a Kelvin
model (Kelvin's defaults: rtol 1e-6, atol 1e-9; output every 10 ns) and as two ngspice
netlists: ngspice at its defaults (no .options, `.tran 10n 1u UIC`) and ngspice at Kelvin's
tolerances (reltol 1e-6, vntol 1e-9, abstol 1e-12, maximum step 10 ns). Rounds alternate the
three programs over every N (the order rotates from round to round, so a change of machine
load hits all of them alike); a size whose runs are short (1,000 sections: some 25 ms) is
alternated several times a round; each table cell is the median of all its runs. Each run's peak
memory is its maximum resident set (GNU time's %M).

With --rise T both are driven by a ramp from 0 to 1 V over T (issue #16's benchmark: 1 ns)
instead of a step.

Accuracy: Kelvin's samples at 0.1, 0.2, 0.5 and 1 us at nodes 1, 10 and 100 against the closed
form of tests/data/make_references.py (a semi-infinite ladder driven by a 1 V step: exact for
these nodes of any N >= 1000; for a ramp, the step response's mean over the ramp's last T
before t, by Simpson's rule). ngspice's accuracy is read from one more run of each netlist
with a PWL source on a separate node whose corners put time points exactly at those times
(as tests/data does), so its values are not interpolated.

Phases: one more Kelvin run per N with --log-level debug, split at its log lines (ms stamps).

Usage: bench/ladder_bench.py [N ...] [--repeat R] [--rise T] [--data FILE] [--plot FILE.png]
Environment: KELVIN_CLI (default build/app/kelvin-cli). Needs ngspice and GNU time
(/usr/bin/time, Debian package `time`); gnuplot for --plot.
"""

import argparse
import datetime
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SAMPLE_TIMES = (0.1e-6, 0.2e-6, 0.5e-6, 1e-6)
CHECKED_NODES = (1, 10, 100)


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ladder = load("make_rc_ladder", os.path.join(HERE, "make_rc_ladder.py"))
references = load("make_references", os.path.join(ROOT, "tests", "data", "make_references.py"))


# Alternations a round for a size whose slowest run is short (see main).
SAMPLE_SECONDS = 0.25
MAX_SAMPLES = 8


def timed(cmd, stdout_path=os.devnull):
    """Runs cmd; returns (wall s, cpu s, peak resident MB). Raises with stderr on failure.
    The peak is measured by GNU time (/usr/bin/time), whose child is cmd itself: the
    ru_maxrss of a child forked from this script would count the script's own pages."""
    with open(stdout_path, "w") as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        start = time.perf_counter()
        child = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss.name] + cmd, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"failed ({child.returncode}): {' '.join(cmd)}\n{err.read().decode(errors='replace')}")
        peak_kb = float(rss.read().split()[-1])
    return wall, usage.ru_utime + usage.ru_stime, peak_kb / 1024.0


def signals_of(n):
    return ",".join(f"S{k}.y" for k in ladder.sensed(n))


RAMP_PANELS = 64  # Simpson panels over the ramp: the step response changes on the scale of t >= 100 T,
#                  so the rule's error, ~(T / 64 / t)^4, is below 1e-15


def exact(k, t, rise=0.0):
    """Node k at time t for a step (rise 0) or a ramp over `rise` seconds: by superposition the
    ramp's response is (1/rise) times the integral of the step response over [t - rise, t]."""
    if not rise:
        return references.ladder_analytic(k, t)
    h = rise / RAMP_PANELS
    weights = [1 if i in (0, RAMP_PANELS) else 4 if i % 2 else 2 for i in range(RAMP_PANELS + 1)]
    total = sum(w * references.ladder_analytic(k, t - rise + i * h) for i, w in enumerate(weights) if t - rise + i * h > 0)
    return total * h / 3 / rise


def kelvin_error(csv_path, rise):
    """Largest |Kelvin - closed form| over the checked nodes and sample times."""
    with open(csv_path, encoding="utf-8") as f:
        header = f.readline().strip().split(",")
        rows = [[float(x) for x in line.split(",")] for line in f if line.strip()]
    worst = 0.0
    for t in SAMPLE_TIMES:
        row = min(rows, key=lambda r: abs(r[0] - t))
        if abs(row[0] - t) > 1e-12:
            raise RuntimeError(f"Kelvin has no sample at {t}")
        for k in CHECKED_NODES:
            worst = max(worst, abs(row[header.index(f"S{k}.y")] - exact(k, t, rise)))
    return worst


def accuracy_netlist(text, data_path):
    """The netlist with breakpoints at the sample times and a .control block writing the nodes."""
    assert text.endswith(".end\n")
    extra = [
        "Vbreak brk 0 PWL(0 0 0.1u 1 0.2u 0 0.5u 1 1u 0)",
        "Rbreak brk 0 1k",
        ".control",
        "set numdgt=16",
        "set wr_singlescale",
        "set wr_vecnames",
        "run",
        f"wrdata {data_path} " + " ".join(f"v(n{k})" for k in CHECKED_NODES),
        "quit 0",
        ".endc",
    ]
    return text[: -len(".end\n")] + "\n".join(extra) + "\n.end\n"


def ngspice_error(netlist_text, work, rise):
    cir, data = os.path.join(work, "accuracy.cir"), os.path.join(work, "accuracy.data")
    with open(cir, "w", encoding="utf-8") as f:
        f.write(accuracy_netlist(netlist_text, data))
    timed(["ngspice", "-b", cir])
    with open(data, encoding="utf-8") as f:
        f.readline()
        rows = [[float(x) for x in line.split()] for line in f if line.strip()]
    worst = 0.0
    for t in SAMPLE_TIMES:
        row = min(rows, key=lambda r: abs(r[0] - t))
        if abs(row[0] - t) > 1e-9 * t:
            raise RuntimeError(f"ngspice has no time point at {t}")
        for column, k in enumerate(CHECKED_NODES, start=1):
            worst = max(worst, abs(row[column] - exact(k, t, rise)))
    return worst


PHASES = [  # (name, the log line that ends it)
    ("load", r"compile .*: elaborating"),
    ("elaborate", r"elaborate .*eliminating aliases"),
    ("eliminate", r"compile .*: \d+ explicit unknowns substituted"),
    ("compile", r"compile .*: done"),
    ("initialise", r"IDA: consistent initial state found"),
    ("integrate", r"IDA: \d+ unknowns"),
]


def phase_row(cli, model, n, work):
    """Seconds per phase of one Kelvin run with --log-level debug ('write' ends at the process end)."""
    out = os.path.join(work, f"phases_{n}.csv")
    start = time.time()
    run = subprocess.run([cli, "--log-level", "debug", "simulate", model, "--signals", signals_of(n), "--out", out],
                         capture_output=True, text=True)
    end = time.time()
    if run.returncode != 0:
        raise RuntimeError(f"kelvin-cli failed:\n{run.stderr}")
    marks = {}
    for line in run.stderr.splitlines():
        m = re.match(r"\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3})\]", line)
        if not m:
            continue
        stamp = datetime.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S.%f").timestamp()
        for name, pattern in PHASES:
            if name not in marks and re.search(pattern, line):
                marks[name] = stamp
    cells, previous = [], start
    for name, _ in PHASES:
        if name not in marks:
            cells.append("-")
            continue
        cells.append(f"{marks[name] - previous:.3f}")
        previous = marks[name]
    cells.append(f"{end - previous:.3f}")
    return f"| {n:,} | " + " | ".join(cells) + f" | {end - start:.3f} |"


def seconds_of(text):
    """'1n' -> 1e-9 (the SPICE suffixes the rise time is written with)."""
    scale = {"f": 1e-15, "p": 1e-12, "n": 1e-9, "u": 1e-6, "m": 1e-3}
    return float(text[:-1]) * scale[text[-1]] if text[-1] in scale else float(text)


def machine():
    model = "unknown CPU"
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{os.cpu_count()} cores, {model}"


def load_average():
    with open("/proc/loadavg", encoding="utf-8") as f:
        return " ".join(f.read().split()[:3])


def ngspice_version():
    run = subprocess.run(["ngspice", "--version"], capture_output=True, text=True)
    m = re.search(r"ngspice-[0-9.]+", run.stdout)
    return m.group(0) if m else "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sizes", nargs="*", type=int, default=[1000, 10000, 100000])
    parser.add_argument("--repeat", type=int, default=5, help="rounds (median kept; default 5)")
    parser.add_argument("--data", help="write the medians here (whitespace-separated, for gnuplot)")
    parser.add_argument("--plot", help="draw the log-log scaling plot into this PNG (needs gnuplot)")
    parser.add_argument("--rise", help="drive with a ramp of this rise time (issue #16: 1n) instead of a step")
    args = parser.parse_args()
    rise = seconds_of(args.rise) if args.rise else 0.0
    cli = os.environ.get("KELVIN_CLI", os.path.join(ROOT, "build", "app", "kelvin-cli"))
    if not os.access(cli, os.X_OK):
        sys.exit(f"ladder_bench: {cli} not found; build first or set KELVIN_CLI")
    if not shutil.which("ngspice"):
        sys.exit("ladder_bench: ngspice is not installed (apt-get install ngspice)")

    drive = f"1 V ramp over {args.rise}" if args.rise else "1 V step"
    print(f"RC ladder (1 kOhm / 1 pF sections, {drive}, 1 us): kelvin-cli against ngspice.")
    print(f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {machine()}, "
          f"load average before: {load_average()}")
    print(f"kelvin-cli: {cli}; {ngspice_version()}; {args.repeat} alternating rounds, medians.\n")

    programs = ("kelvin", "ngspice defaults", "ngspice reltol 1e-6")
    with tempfile.TemporaryDirectory() as work:
        files, runs, errors = {}, {}, {}
        for n in args.sizes:
            model = os.path.join(work, f"ladder_{n}.kelvin")
            with open(model, "w", encoding="utf-8") as f:
                f.write(ladder.kelvin_model(n, 1e-6, "10n", args.rise))
            default_text = ladder.spice_netlist(n, None, None, None, "10n", None, True, defaults=True, rise=args.rise)
            tight_text = ladder.spice_netlist(n, "1e-6", "1e-12", "1e-9", "10n", "10n", True, rise=args.rise)
            files[n] = {"kelvin": model}
            for name, text in (("ngspice defaults", default_text), ("ngspice reltol 1e-6", tight_text)):
                path = os.path.join(work, f"ladder_{n}_{name.split()[1]}.cir")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                files[n][name] = path
                errors[(n, name)] = ngspice_error(text, work, rise)
            for program in programs:
                runs[(n, program)] = []

        def command(n, program):
            if program == "kelvin":
                return [cli, "simulate", files[n]["kelvin"], "--signals", signals_of(n),
                        "--out", os.path.join(work, f"kelvin_{n}.csv")]
            return ["ngspice", "-b", files[n][program]]

        # A size whose runs are short gets several alternations a round (as many as fill about
        # SAMPLE_SECONDS, at most MAX_SAMPLES): a median of five 25 ms runs still moves with a single
        # slow run of the VM, while a few more take no time.
        samples = {n: 1 for n in args.sizes}
        for r in range(args.repeat):
            for n in args.sizes:
                for s in range(samples[n]):
                    turn = r * samples[n] + s
                    order = programs[turn % 3:] + programs[: turn % 3]
                    for program in order:
                        runs[(n, program)].append(timed(command(n, program)))
                if r == 0:
                    slowest = max(runs[(n, program)][0][0] for program in programs)
                    samples[n] = max(1, min(MAX_SAMPLES, int(SAMPLE_SECONDS / slowest)))
            print(f"round {r + 1}/{args.repeat} done, load average {load_average()}", file=sys.stderr)
        print("Runs of each program (medians over them): " + ", ".join(
            f"N = {n:,}: {len(runs[(n, 'kelvin')])}" for n in args.sizes) + ".\n")
        for n in args.sizes:
            errors[(n, "kelvin")] = kelvin_error(os.path.join(work, f"kelvin_{n}.csv"), rise)

        def median(n, program, what):
            return statistics.median(run[what] for run in runs[(n, program)])

        print("### Both at their defaults (Kelvin: rtol 1e-6, atol 1e-9; ngspice: no .options)\n")
        print("Wall and CPU seconds (medians), peak resident memory, and the largest error at nodes 1, 10, 100")
        print("(0.1, 0.2, 0.5, 1 us) against the closed form.\n")
        print("| N | kelvin wall | kelvin cpu | kelvin MB | kelvin error | ngspice wall | ngspice cpu | ngspice MB "
              "| ngspice error | kelvin/ngspice |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for n in args.sizes:
            k, s = (n, "kelvin"), (n, "ngspice defaults")
            print(f"| {n:,} | {median(*k, 0):.3f} | {median(*k, 1):.3f} | {median(*k, 2):.0f} | {errors[k]:.1e} "
                  f"| {median(*s, 0):.3f} | {median(*s, 1):.3f} | {median(*s, 2):.0f} | {errors[s]:.1e} "
                  f"| {median(*k, 0) / median(*s, 0):.2f} |")
        print("\n### Equal tolerances (ngspice: reltol 1e-6, vntol 1e-9, abstol 1e-12, maximum step 10 ns)\n")
        print("| N | kelvin wall | ngspice wall | ngspice cpu | ngspice MB | ngspice error | kelvin/ngspice |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for n in args.sizes:
            k, s = (n, "kelvin"), (n, "ngspice reltol 1e-6")
            print(f"| {n:,} | {median(*k, 0):.3f} | {median(*s, 0):.3f} | {median(*s, 1):.3f} | {median(*s, 2):.0f} "
                  f"| {errors[s]:.1e} | {median(*k, 0) / median(*s, 0):.2f} |")
        print("\nScaling of Kelvin's wall time: " + ", ".join(
            f"t({b:,})/t({a:,}) = {median(b, 'kelvin', 0) / median(a, 'kelvin', 0):.1f}"
            for a, b in zip(args.sizes, args.sizes[1:])))

        print("\n### Kelvin's wall time by phase (one run with --log-level debug; seconds)\n")
        print("| N | " + " | ".join(name for name, _ in PHASES) + " | write | total |")
        print("|---:|" + "---:|" * (len(PHASES) + 2))
        for n in args.sizes:
            print(phase_row(cli, files[n]["kelvin"], n, work))
        print(f"\nload average after: {load_average()}")

        if args.data or args.plot:
            data = args.data or os.path.join(work, "ladder_bench.dat")
            with open(data, "w", encoding="utf-8") as f:
                f.write("# N kelvin ngspice_defaults ngspice_reltol_1e-6 (median wall seconds)\n")
                for n in args.sizes:
                    f.write(f"{n} " + " ".join(f"{median(n, p, 0):.4f}" for p in programs) + "\n")
            if args.plot:
                plot(data, args.plot)


def plot(data, png):
    if not shutil.which("gnuplot"):
        print("ladder_bench: gnuplot not installed, no plot", file=sys.stderr)
        return
    script = f"""
set terminal pngcairo size 800,560 font ",11"
set output "{png}"
set logscale xy
set format x "10^{{%L}}"
set grid
set key top left
set xlabel "sections N"
set ylabel "wall time (s), median"
set title "RC ladder, 1 us: wall time against size"
plot "{data}" using 1:2 with linespoints lw 2 pt 7 title "kelvin-cli (rtol 1e-6)", \\
     "{data}" using 1:3 with linespoints lw 2 pt 5 title "ngspice, defaults", \\
     "{data}" using 1:4 with linespoints lw 2 pt 9 title "ngspice, reltol 1e-6", \\
     "{data}" using 1:($1*{1e-5}) with lines dt 2 lc "gray" title "slope 1 (linear)"
"""
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


if __name__ == "__main__":
    main()
