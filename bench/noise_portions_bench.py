#!/usr/bin/env python3
"""The portion method against the element method on a 1,000-resistor two-port mesh.

Writes a 12 × 44 grid of nodes joined by 1,000 resistors (1 kΩ·(1 + (k mod 7)/10)), node (0,0)
grounded, noise sensors (noise bandwidth 10 kHz) at the far corner and in the middle of the first
row, and runs kelvin-cli on it:

- noise --transient --monte-carlo N --step 10u --stop 1m with --method elements and portions:
  wall time, and the independent sources drawn a step (kelvin-cli says it on stderr);
- noise --transient (the covariance envelope) with both methods;
- noise --psd --points 200 --no-refine with both methods, and their largest relative difference.

Every figure is the median CPU time (user + system) of --repeat runs (default 3), the methods
and programs alternating.
Usage: noise_portions_bench.py [--cli build/app/kelvin-cli] [--base OTHER_KELVIN_CLI] [--repeat 3]
With --base, the element-method envelope and PSD are timed with that build too (before/after).
"""

import argparse
import csv
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile


def mesh(rows, columns):
    blocks = ['{"id": "G", "type": "electrical.Ground"}']
    first = {}
    wires = []

    def join(node, member):
        if node in first:
            wires.append('{"from": "%s", "to": "%s"}' % (first[node], member))
        else:
            first[node] = member

    k = 0
    for i in range(rows):
        for j in range(columns):
            node = i * columns + j
            for other in ([node + 1] if j + 1 < columns else []) + ([node + columns] if i + 1 < rows else []):
                r = 1e3 * (1.0 + (k % 7) / 10.0)
                k += 1
                blocks.append('{"id": "R%d", "type": "electrical.Resistor", "params": {"R": "%g"}}' % (k, r))
                join(node, "R%d.p" % k)
                join(other, "R%d.n" % k)
    join(0, "G.p")
    for s, node in enumerate([rows * columns - 1, columns // 2], 1):
        blocks.append('{"id": "NS%d", "type": "electrical.NoiseSensor", "params": {"bandwidth": "10k"}}' % s)
        join(node, "NS%d.p" % s)
        join(0, "NS%d.n" % s)
    return k, ('{"format": "kelvin-model", "version": 1, "name": "mesh", "settings": {"temperature": 300, '
               '"stop_time": "1m", "step": "10u"}, "blocks": [%s], "connections": [%s]}'
               % (", ".join(blocks), ", ".join(wires)))


def timed(cmd):
    """CPU seconds (user + system) of the run: steadier than wall time on a shared machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), run.stderr))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, run.stdout, run.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", default="build/app/kelvin-cli")
    parser.add_argument("--base")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    resistors, text = mesh(12, 44)
    work = tempfile.mkdtemp()
    model = os.path.join(work, "mesh.kelvin")
    with open(model, "w") as f:
        f.write(text)
    print("mesh: %d resistors, 2 sensors, %s" % (resistors, model))
    cases = {
        "monte carlo (%d runs)" % args.runs: ["noise", model, "--transient", "--monte-carlo", str(args.runs)],
        "envelope": ["noise", model, "--transient"],
        "psd (200 points)": ["noise", model, "--psd", "--points", "200", "--no-refine", "--fmin", "1", "--fmax", "1e6"],
    }
    programs = [("after", args.cli)] + ([("before", args.base)] if args.base else [])
    times, outputs, drawn = {}, {}, {}
    for _ in range(args.repeat):
        for case, cmd in cases.items():
            for label, cli in programs:
                for method in ["elements", "portions"]:
                    if label == "before" and (method == "portions" or case.startswith("monte")):
                        continue
                    extra = [] if label == "before" else ["--method", method]
                    elapsed, out, err = timed([cli] + cmd + extra)
                    times.setdefault((case, label, method), []).append(elapsed)
                    outputs[(case, label, method)] = out
                    m = re.search(r"draws (\d+) independent noise sources a step \(the model has (\d+)", err)
                    if m:
                        drawn[method] = (int(m.group(1)), int(m.group(2)))
    for key, values in sorted(times.items()):
        print("%-26s %-7s %-9s median %.3f s cpu  (runs: %s)"
              % (key + (statistics.median(values), ", ".join("%.3f" % v for v in values))))
    for method, (d, e) in sorted(drawn.items()):
        print("monte carlo, %s: %d sources drawn a step (%d element sources)" % (method, d, e))
    psd = "psd (200 points)"
    rows = {m: list(csv.reader(outputs[(psd, "after", m)].splitlines()))[1:] for m in ["elements", "portions"]}
    worst = max(abs(float(p) / float(e) - 1.0)
                for re_, rp in zip(rows["elements"], rows["portions"]) for e, p in zip(re_[1:], rp[1:]))
    print("psd: largest relative difference portions vs elements %.3g over %d frequencies" % (worst, len(rows["elements"])))
    env = "envelope"
    last = {m: outputs[(env, "after", m)].strip().splitlines()[-1].split(",") for m in ["elements", "portions"]}
    print("envelope at the end: elements %s, portions %s" % (last["elements"][2], last["portions"][2]))


if __name__ == "__main__":
    main()
