#!/usr/bin/env python3
"""Hostile input files for kelvin-cli (issue #15), and the table of how they are answered.

Each case is a file built to break the reader, the validator, the elaborator or the run: nesting
far deeper than a call stack, sizes far beyond a hand-drawn model, numbers beyond a double,
control characters in names, runs that cannot finish. The acceptance of issue #15: each is
answered with exit 0, 2 or 3 and a clear message, never a signal, within 20 s.

  hostile_files.py --cli build/app/kelvin-cli             all cases, a Markdown table on stdout
  hostile_files.py --cli ... --fast                       the cases that take a second or less
                                                          (the CTest test hostile_files_fast)
  hostile_files.py --cli ... --only ladder_250k,nest_5000 some cases
  hostile_files.py --write DIR                            only write the files

A case is `validate` and then `simulate` (SPICE netlists: `import-spice`, then both on the
imported model). Each command's exit code must be the expected one and stderr must hold the
expected words; the script exits 1 when one is not, or when a command ends by a signal or runs
longer than --limit seconds (default 20). Times are wall seconds of one run on this machine.
"""

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

HEADER = {"format": "kelvin-model", "version": 1}


def model(blocks, connections=(), settings=None, **extra):
    m = dict(HEADER)
    m["settings"] = settings or {"stop_time": "1m", "solver": "ida"}
    m.update(extra)
    m["blocks"] = list(blocks)
    m["connections"] = list(connections)
    return json.dumps(m)


def rc(settings=None, v="1", r="1k", c="1u", v_id="V1"):
    """A 1 V source charging 1 µF through 1 kΩ (τ = 1 ms)."""
    return model(
        [{"id": v_id, "type": "electrical.VoltageSource", "params": {"V": v}},
         {"id": "R1", "type": "electrical.Resistor", "params": {"R": r}},
         {"id": "C1", "type": "electrical.Capacitor", "params": {"C": c}},
         {"id": "G", "type": "electrical.Ground"}],
        [{"from": f"{v_id}.p", "to": "R1.p"}, {"from": "R1.n", "to": "C1.p"},
         {"from": "C1.n", "to": "G.p"}, {"from": f"{v_id}.n", "to": "G.p"}],
        settings)


def nested_subsystems(depth):
    """Subsystem s0 holding s1 ... holding s(depth-1) holding a constant."""
    head = json.dumps(HEADER)[:-1] + ', "settings": {"stop_time": "1m"}, "blocks": ['
    text = head
    for i in range(depth):
        text += '{"id": "s%d", "type": "Subsystem", "ports": [], "blocks": [' % i
    text += '{"id": "K", "type": "signal.Constant", "params": {"value": "1"}}'
    text += '], "connections": []}' * depth
    return text + '], "connections": []}'


def deep_unknown_key(depth, opener, closer):
    return json.dumps(HEADER)[:-1] + ', "future": ' + opener * depth + closer * depth + \
        ', "blocks": [], "connections": []}'


def rc_ladder(n, stop="1u"):
    blocks = [{"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
              {"id": "G", "type": "electrical.Ground"}]
    conns = [{"from": "V1.n", "to": "G.p"}, {"from": "V1.p", "to": "R1.p"}]
    for k in range(1, n + 1):
        blocks.append({"id": f"R{k}", "type": "electrical.Resistor", "params": {"R": "1k"}})
        blocks.append({"id": f"C{k}", "type": "electrical.Capacitor", "params": {"C": "1p"}})
        conns.append({"from": f"R{k}.n", "to": f"C{k}.p"})
        conns.append({"from": f"C{k}.n", "to": "G.p"})
        if k < n:
            conns.append({"from": f"R{k}.n", "to": f"R{k + 1}.p"})
    return model(blocks, conns, {"stop_time": stop, "solver": "ida"})


def spice_ladder(n):
    lines = [f"* {n}-section RC ladder", "V1 n0 0 1"]
    for k in range(1, n + 1):
        lines.append(f"R{k} n{k - 1} n{k} 1k")
        lines.append(f"C{k} n{k} 0 1p")
    lines += [".tran 1n 1u", ".end", ""]
    return "\n".join(lines)


def spice_subckt_chain(depth):
    """sub0 holds a resistor and an instance of sub1 ... sub(depth-1) holds a resistor only."""
    lines = [f"* subcircuits instantiated {depth} deep", "V1 a 0 1", "X0 a 0 sub0"]
    for i in range(depth):
        lines.append(f".subckt sub{i} p n")
        lines.append(f"R{i} p n 1k")
        if i + 1 < depth:
            lines.append(f"X{i + 1} p n sub{i + 1}")
        lines.append(".ends")
    lines += [".tran 1u 1m", ".end", ""]
    return "\n".join(lines)


def unconnected(n):
    blocks = [{"id": f"B{i}", "type": "signal.Constant" if i % 2 == 0 else "signal.Sine"} for i in range(n)]
    return model(blocks, [], {"stop_time": "1m", "solver": "ida"})


def star(n):
    """n resistors from one node to ground, fed by one source."""
    blocks = [{"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}},
              {"id": "G", "type": "electrical.Ground"}]
    conns = [{"from": "V1.n", "to": "G.p"}]
    for k in range(n):
        blocks.append({"id": f"R{k}", "type": "electrical.Resistor", "params": {"R": "1k"}})
        conns += [{"from": "V1.p", "to": f"R{k}.p"}, {"from": f"R{k}.n", "to": "G.p"}]
    return model(blocks, conns, {"stop_time": "1m", "solver": "ida"})


def constant_param(value):
    return model([{"id": "K", "type": "signal.Constant", "params": {"value": value}},
                  {"id": "S", "type": "signal.Scope", "params": {"inputs": "1"}}],
                 [{"from": "K.y", "to": "S.u1"}])


# x' = 800·x with implicit Euler at 1 ms: x(n+1) = 5·x(n), inf after ~441 steps.
EULER_BLOWUP = model([{"id": "I", "type": "signal.Integrator", "params": {"y0": "1"}},
                      {"id": "K", "type": "signal.Gain", "params": {"k": "800"}}],
                     [{"from": "I.y", "to": "K.u"}, {"from": "K.y", "to": "I.u"}],
                     {"stop_time": "1", "solver": "euler", "step": "1m"})

def variable_chain(n, last):
    """v0 = v1 + 1, ..., v(n-2) = v(n-1) + 1, v(n-1) = last: each uses one defined after it."""
    variables = [{"name": f"v{i}", "value": f"v{i + 1} + 1"} for i in range(n - 1)]
    variables.append({"name": f"v{n - 1}", "value": last})
    return model([{"id": "K", "type": "signal.Constant", "params": {"value": "v0"}}], variables=variables)


VARIABLE_CYCLE = model([{"id": "R1", "type": "electrical.Resistor", "params": {"R": "a"}},
                        {"id": "G", "type": "electrical.Ground"}],
                       [{"from": "R1.p", "to": "G.p"}, {"from": "R1.n", "to": "G.p"}],
                       variables=[{"name": "a", "value": "b+1"}, {"name": "b", "value": "a+1"}])

# Each case: name, (filename, bytes or str), then per command (exit code, words stderr must
# hold); None skips the command. `fast` cases make the CTest subset.
# pylint: disable=line-too-long
CASES = [
    # -- nesting beyond a call stack
    dict(name="nest_5000", what="subsystems nested 5,000 deep", file=lambda: nested_subsystems(5000),
         validate=(2, "nested too deeply"), simulate=(2, "nested too deeply"), fast=True),
    dict(name="nest_1000", what="subsystems nested 1,000 deep (the limit) around a constant",
         file=lambda: nested_subsystems(1000), validate=(0, ""), simulate=(0, ""), fast=True),
    dict(name="deep_array_300k", what="an unknown key holding a JSON array 300,000 deep",
         file=lambda: deep_unknown_key(300000, "[", "]"), validate=(2, "JSON nested too deeply"),
         simulate=(2, "JSON nested too deeply"), fast=True),
    dict(name="deep_object_300k", what="an unknown key holding objects 300,000 deep",
         file=lambda: deep_unknown_key(300000, '{"a":', "}"), validate=(2, "JSON nested too deeply"),
         simulate=(2, "JSON nested too deeply"), fast=True),
    dict(name="deep_parentheses", what="a parameter of 100,000 nested parentheses",
         file=lambda: constant_param("(" * 100000 + "1" + ")" * 100000), validate=(None, ""),
         simulate=(None, ""), fast=True),
    dict(name="long_sum", what="a parameter 1+1+...+1 of 200,000 terms",
         file=lambda: constant_param("+".join(["1"] * 200000)), validate=(0, ""), simulate=(0, ""), fast=True),
    dict(name="spice_subckt_5000", what="SPICE subcircuits instantiated 5,000 deep", ext=".cir",
         file=lambda: spice_subckt_chain(5000), validate=(2, "subcircuits nested more than 32 deep"), simulate=None,
         fast=True),
    dict(name="spice_subckt_self", what="a SPICE subcircuit that instantiates itself", ext=".cir",
         file=lambda: "* self\nV1 a 0 1\nX1 a 0 s\n.subckt s p n\nR1 p n 1k\nX2 p n s\n.ends\n.end\n",
         validate=(2, "contains an instance of itself"), simulate=None, fast=True),
    # -- sizes far beyond a drawn model
    dict(name="ladder_250k", what="a 250,000-section RC ladder (500,002 blocks)", file=lambda: rc_ladder(250000),
         validate=(0, ""), simulate=(0, "")),
    dict(name="spice_ladder_20k", what="a 20,000-section RC ladder as a SPICE netlist", ext=".cir",
         file=lambda: spice_ladder(20000), validate=(0, ""), simulate=(0, "")),
    dict(name="unconnected_100k", what="100,000 unconnected signal sources", file=lambda: unconnected(100000),
         validate=(0, ""), simulate=(0, "")),
    dict(name="star_50k", what="50,000 resistors on one node", file=lambda: star(50000),
         validate=(0, ""), simulate=(0, "")),
    dict(name="flat_array_1m", what="an unknown key holding a flat array of 1,000,000 numbers",
         file=lambda: json.dumps(HEADER)[:-1] + ', "future": [' + ",".join(["1"] * 1000000) +
         '], "blocks": [], "connections": []}', validate=(0, ""), simulate=(None, ""), fast=True),
    dict(name="long_id", what="a block id of 1,000,000 letters", file=lambda: model(
        [{"id": "K" * 1000000, "type": "signal.Constant"}]), validate=(None, ""), simulate=(None, ""), fast=True),
    # -- runs that cannot finish
    dict(name="step_1e-300", what="a fixed step of 1e-300 s", file=lambda: rc(
        {"stop_time": "1", "solver": "euler", "step": "1e-300"}), validate=(None, ""),
         simulate=(2, "more than 1e+09"), fast=True),
    dict(name="euler_blowup", what="implicit Euler on x' = 800x at 1 ms (blows up)", file=lambda: EULER_BLOWUP,
         validate=(0, ""), simulate=(3, "blew up"), fast=True),
    dict(name="stop_1e300", what="stop time 1e300 s", file=lambda: rc({"stop_time": "1e300", "solver": "ida"}),
         validate=(0, ""), simulate=(0, ""), fast=True),
    dict(name="stop_negative", what="stop time -1 s", file=lambda: rc({"stop_time": "-1", "solver": "ida"}),
         validate=(2, "stop"), simulate=(2, "stop"), fast=True),
    dict(name="rtol_zero", what="rtol = 0", file=lambda: rc({"stop_time": "1m", "solver": "ida", "rtol": 0}),
         validate=(2, "rtol"), simulate=(2, "rtol"), fast=True),
    # -- numbers and names
    dict(name="number_1e999", what="a JSON number beyond a double (1e999)", file=lambda: rc(
        {"stop_time": "1m", "solver": "ida"}).replace('"solver": "ida"', '"solver": "ida", "rtol": 1e999'),
         validate=(2, "rtol"), simulate=(2, "rtol"), fast=True),
    dict(name="v_1e308", what="V = 1e308", file=lambda: rc(v="1e308"), validate=(2, "too large"),
         simulate=(2, "too large"), fast=True),
    dict(name="temperature_negative", what="temperature -5 K", file=lambda: rc(
        {"stop_time": "1m", "solver": "ida", "temperature": -5}), validate=(2, "temperature"),
         simulate=(2, "temperature"), fast=True),
    dict(name="id_nul", what="a NUL in a block id", file=lambda: rc(v_id="V\u00001"),
         validate=(2, "\\x00"), simulate=(2, "\\x00"), fast=True),
    dict(name="id_esc", what="an ESC sequence in a block id", file=lambda: rc(v_id="V\u001b[31m1"),
         validate=(2, "\\x1b"), simulate=(2, "\\x1b"), fast=True),
    dict(name="id_newline", what="a newline in a block id", file=lambda: rc(v_id="V\n1"),
         validate=(2, "\\x0a"), simulate=(2, "\\x0a"), fast=True),
    dict(name="variable_cycle", what="variables a = b+1, b = a+1", file=lambda: VARIABLE_CYCLE,
         validate=(2, "cycle among variables"), simulate=(2, "cycle among variables"), fast=True),
    dict(name="variables_reversed_100k", what="100,000 variables, each using the next one, in reverse order",
         file=lambda: variable_chain(100000, "1"), validate=(2, "which is defined after it"),
         simulate=(2, "which is defined after it"), fast=True),
    dict(name="variable_cycle_100k", what="a cycle of 100,000 variables", file=lambda: variable_chain(100000, "v0"),
         validate=(2, "(100000 variables)"), simulate=(2, "(100000 variables)"), fast=True),
    dict(name="spice_empty", what="an empty SPICE netlist", ext=".cir", file=lambda: "",
         validate=(2, "empty"), simulate=None, fast=True),
    dict(name="not_utf8", what="bytes that are not UTF-8 in an id", file=lambda: rc(v_id="V@1").encode().replace(
        b"V@1", b"V\xff\xfe1"), validate=(2, ""), simulate=(2, ""), fast=True),
    dict(name="truncated", what="a model cut in the middle", file=lambda: rc()[:200],
         validate=(2, ""), simulate=(2, ""), fast=True),
    dict(name="binary", what="4 KiB of pseudo-random bytes", file=lambda: bytes(
        (i * 2654435761 >> 13) & 0xFF for i in range(4096)), validate=(2, ""), simulate=(2, ""), fast=True),
]


def write_case(case, directory):
    path = os.path.join(directory, case["name"] + case.get("ext", ".kelvin"))
    content = case["file"]()
    with open(path, "wb") as f:
        f.write(content.encode() if isinstance(content, str) else content)
    return path


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(cmd, limit):
    """Exit code (None when killed after 10 × limit), stderr, wall seconds, CPU seconds."""
    cpu = children_cpu()
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=limit * 10)
        code, err = p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        code, err = None, (e.stderr or b"").decode("utf-8", "replace")
    return code, err, time.monotonic() - start, children_cpu() - cpu


def first_lines(err, count=2, width=150):
    """The first `count` lines of stderr that are not warnings, joined by ' / ', shortened."""
    lines = [line.strip() for line in err.splitlines() if line.strip() and not line.startswith("warning:")]
    text = " / ".join(lines[:count])
    return text if len(text) <= width else text[:width - 1] + "…"


def check(label, expected, code, err, seconds, limit, problems):
    """Appends to problems what is wrong with one command's answer."""
    if code is None:
        problems.append(f"{label}: still running after {limit * 10} s (killed)")
    elif code < 0:
        problems.append(f"{label}: ended by signal {signal.Signals(-code).name}")
    elif code not in (0, 2, 3):
        problems.append(f"{label}: exit {code} (expected 0, 2 or 3)")
    elif expected[0] is not None and code != expected[0]:
        problems.append(f"{label}: exit {code}, expected {expected[0]}: {first_lines(err)}")
    elif expected[1] and expected[1] not in err:
        problems.append(f"{label}: stderr lacks '{expected[1]}': {first_lines(err)}")
    if seconds > limit:
        problems.append(f"{label}: {seconds:.1f} s, more than {limit} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", help="kelvin-cli to run")
    parser.add_argument("--fast", action="store_true", help="only the fast cases")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds a command may take (default 20)")
    parser.add_argument("--write", metavar="DIR", help="write the files into DIR and stop")
    args = parser.parse_args()
    cases = [c for c in CASES if (not args.fast or c.get("fast")) and
             (not args.only or c["name"] in args.only.split(","))]
    if args.write:
        os.makedirs(args.write, exist_ok=True)
        for case in cases:
            print(write_case(case, args.write))
        return 0
    if not args.cli:
        parser.error("--cli or --write is needed")
    problems = []
    print(f"kelvin-cli: {args.cli}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
          f"{os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}")
    print()
    print("| case | file | command | exit | wall s | CPU s | stderr (first lines) |")
    print("|---|---|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as work:
        for case in cases:
            path = write_case(case, work)
            size = f"{os.path.getsize(path) / 1e6:.1f} MB" if os.path.getsize(path) > 1e5 else \
                f"{os.path.getsize(path)} B"
            commands = []
            if path.endswith(".cir"):
                imported = os.path.join(work, case["name"] + ".kelvin")
                commands.append(("import-spice", [args.cli, "import-spice", path, "--out", imported],
                                 case["validate"] if case["simulate"] is None else (0, "")))
                if case["simulate"] is not None:
                    commands.append(("validate", [args.cli, "validate", imported], case["validate"]))
                    commands.append(("simulate", [args.cli, "simulate", imported, "--out",
                                                  os.path.join(work, "out.csv")],
                                     case["simulate"]))
            else:
                commands.append(("validate", [args.cli, "validate", path], case["validate"]))
                if case["simulate"] is not None:
                    commands.append(("simulate", [args.cli, "simulate", path, "--out",
                                                  os.path.join(work, "out.csv")], case["simulate"]))
            for i, (label, cmd, expected) in enumerate(commands):
                code, err, seconds, cpu = run(cmd, args.limit)
                check(f"{case['name']} {label}", expected, code, err, seconds, args.limit, problems)
                shown = "killed" if code is None else (signal.Signals(-code).name if code < 0 else str(code))
                message = first_lines(err).replace("|", "\\|").replace(work + "/", "")
                print(f"| {case['name'] if i == 0 else ''} | {size if i == 0 else ''} | {label} | {shown} | "
                      f"{seconds:.2f} | {cpu:.2f} | {message} |", flush=True)
                if code != 0 and label == "import-spice":
                    break  # nothing was imported to validate
            for leftover in os.listdir(work):
                if ".tmp-" in leftover:
                    problems.append(f"{case['name']}: temporary file {leftover} left behind")
                    os.remove(os.path.join(work, leftover))
    print()
    for problem in problems:
        print("PROBLEM:", problem)
    print(f"{len(cases)} cases, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
