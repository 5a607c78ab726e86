#!/usr/bin/env python3
"""Regenerates the independent reference data in tests/data/ (see README.md there).

  rc_ladder_1000.cir             the 1000-section RC ladder netlist (from bench/make_rc_ladder.py,
                                 with tight tolerances, a small maximum step and exact sample times)
  rc_ladder_1000_ngspice.csv     v(n1), v(n10), v(n100), v(n1000) at 0.1u, 0.2u, 0.5u, 1u, by ngspice
  rc_ladder_1000_analytic.csv    the same, from the closed form of the semi-infinite ladder
  half_wave_rectifier_ngspice.csv  the rectifier's load voltage every 0.1 ms, by ngspice
                                 (netlist half_wave_rectifier.cir, written by hand)

  bjt_ce_stage_op.csv, bjt_ce_stage_noise.csv, bjt_ce_stage_tran.csv
                                 the BJT common-emitter stage's operating point, output noise
                                 density and transient from the operating point, by ngspice
                                 (netlist bjt_ce_stage.cir, written by hand)
  mosfet_cs_stage_op.csv, mosfet_cs_stage_noise.csv, mosfet_cs_stage_tran.csv
                                 the same for the MOSFET common-source stage (mosfet_cs_stage.cir)
  opamp_subckt_op.csv, opamp_subckt_noise.csv, opamp_subckt_tran.csv
                                 the same for the op-amp subcircuit amplifier (opamp_subckt.cir)
  jfet_cs_stage_op.csv, jfet_cs_stage_noise.csv, jfet_cs_stage_tran.csv
                                 the same for the JFET common-source stage (jfet_cs_stage.cir)
  diode_switch_op.csv, diode_switch_noise.csv, diode_switch_tran.csv
                                 the diode's forward operating point, noise and reverse recovery
                                 (diode_switch.cir)
  bjt_ce_stage_flicker.cir, mosfet_cs_stage_flicker.cir and their _op.csv, _noise.csv
                                 the BJT and MOSFET stages with flicker noise (KF, AF added to
                                 the .model card, the noise sweep from 1 Hz), written from the
                                 stages' netlists
  bjt_ce_stage_hot.cir, mosfet_cs_stage_hot.cir and their _op.csv, _noise.csv
                                 the same stages run at 80 C (their cards measured at 27 C)

Prints the rectifier ripple (max - min of the load voltage over 80..100 ms).
Needs ngspice (Debian package ngspice) and python3 only.
Usage: tests/data/make_references.py
"""

import importlib.util
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

LADDER_N = 1000
LADDER_NODES = (1, 10, 100, 1000)
LADDER_TIMES = (0.1e-6, 0.2e-6, 0.5e-6, 1e-6)
LADDER_RC = 1e3 * 1e-12
RECTIFIER_OUTPUT_STEP = 1e-4
RECTIFIER_STOP = 0.1


def load_ladder_generator():
    path = os.path.join(ROOT, "bench", "make_rc_ladder.py")
    spec = importlib.util.spec_from_file_location("make_rc_ladder", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ladder_netlist():
    ladder = load_ladder_generator()
    text = ladder.spice_netlist(LADDER_N, reltol="1e-6", abstol="1e-15", vntol="1e-12",
                                tstep="1n", tmax="0.1n", print_nodes=False)
    assert text.endswith(".end\n")
    extra = [
        "* Breakpoints only: a PWL source whose corners force solver time points exactly at the sample",
        "* times, so the values read there are not interpolated. It is not connected to the ladder.",
        "Vbreak brk 0 PWL(0 0 0.1u 1 0.2u 0 0.5u 1 1u 0)",
        "Rbreak brk 0 1k",
        ".control",
        "set numdgt=16",
        "set wr_singlescale",
        "set wr_vecnames",
        "run",
        "wrdata {out} " + " ".join(f"v(n{k})" for k in LADDER_NODES),
        "quit 0",
        ".endc",
    ]
    return text[: -len(".end\n")] + "\n".join(extra) + "\n.end\n"


def run_ngspice(netlist_path, data_path):
    """Runs ngspice in batch mode on a netlist whose .control block writes `{out}`; returns rows of floats."""
    with open(netlist_path, encoding="utf-8") as f:
        text = f.read().replace("{out}", data_path)
    with tempfile.NamedTemporaryFile("w", suffix=".cir", delete=False) as tmp:
        tmp.write(text)
    try:
        done = subprocess.run(["ngspice", "-b", tmp.name], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"ngspice failed on {netlist_path}:\n{done.stderr}")
    finally:
        os.unlink(tmp.name)
    with open(data_path, encoding="utf-8") as f:
        header = f.readline().split()
        rows = [[float(x) for x in line.split()] for line in f if line.strip()]
    return header, rows


def run_ngspice_outputs(netlist_path, outputs):
    """Runs ngspice in batch mode on a netlist whose .control block writes to the placeholders
    `{name}` of `outputs` (name -> path); returns {name: (header, rows)}."""
    with open(netlist_path, encoding="utf-8") as f:
        text = f.read()
    for name, path in outputs.items():
        text = text.replace("{" + name + "}", path)
    with tempfile.NamedTemporaryFile("w", suffix=".cir", delete=False) as tmp:
        tmp.write(text)
    try:
        done = subprocess.run(["ngspice", "-b", tmp.name], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"ngspice failed on {netlist_path}:\n{done.stderr}")
    finally:
        os.unlink(tmp.name)
    result = {}
    for name, path in outputs.items():
        with open(path, encoding="utf-8") as f:
            header = f.readline().split()
            result[name] = (header, [[float(x) for x in line.split()] for line in f if line.strip()])
    return result


def bjt_ce_stage():
    """The BJT stage's operating point (v(b), v(c), v(e), i(vcc)), its output noise PSD (the square
    of ngspice's onoise_spectrum density, V^2/Hz) at 5 points per decade from 10 Hz to 100 MHz, and
    v(c) every 50 us of the transient from the operating point (interpolated, maximum step 0.2 us)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = run_ngspice_outputs(os.path.join(HERE, "bjt_ce_stage.cir"),
                                  {k: os.path.join(tmp, k + ".txt") for k in ("op", "noise", "tran")})
    _, op_rows = out["op"]
    names = ["v_b", "v_c", "v_e", "i_vcc"]
    write_csv(os.path.join(HERE, "bjt_ce_stage_op.csv"), ["signal", "value"],
              [[n, v] for n, v in zip(names, op_rows[0][1:])])
    _, noise_rows = out["noise"]
    write_csv(os.path.join(HERE, "bjt_ce_stage_noise.csv"), ["freq_hz", "psd_v2_per_hz"],
              [[f, d * d] for f, d in noise_rows])
    _, tran_rows = out["tran"]
    grid = [[i * 5e-5, value_at_or_interpolate(tran_rows, i * 5e-5)] for i in range(61)]
    write_csv(os.path.join(HERE, "bjt_ce_stage_tran.csv"), ["time", "v_c"], grid)
    swing = max(r[1] for r in tran_rows) - min(r[1] for r in tran_rows)
    print(f"BJT CE stage: op v(b) {op_rows[0][1]:.12g} V, v(c) {op_rows[0][2]:.12g} V, v(e) {op_rows[0][3]:.12g} V; "
          f"{len(noise_rows)} noise points; {len(tran_rows)} transient points, v(c) swing {swing:.6g} V")


def mosfet_cs_stage():
    """The MOSFET stage's operating point (v(g), v(d), v(s), i(vdd)), output noise PSD at 5 points per
    decade from 10 Hz to 100 MHz, and v(d) every 5 us of the transient from the operating point
    (maximum step 0.05 us)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = run_ngspice_outputs(os.path.join(HERE, "mosfet_cs_stage.cir"),
                                  {k: os.path.join(tmp, k + ".txt") for k in ("op", "noise", "tran")})
    _, op_rows = out["op"]
    write_csv(os.path.join(HERE, "mosfet_cs_stage_op.csv"), ["signal", "value"],
              [[n, v] for n, v in zip(["v_g", "v_d", "v_s", "i_vdd"], op_rows[0][1:])])
    _, noise_rows = out["noise"]
    write_csv(os.path.join(HERE, "mosfet_cs_stage_noise.csv"), ["freq_hz", "psd_v2_per_hz"],
              [[f, d * d] for f, d in noise_rows])
    _, tran_rows = out["tran"]
    grid = [[i * 5e-6, value_at_or_interpolate(tran_rows, i * 5e-6)] for i in range(61)]
    write_csv(os.path.join(HERE, "mosfet_cs_stage_tran.csv"), ["time", "v_d"], grid)
    swing = max(r[1] for r in tran_rows) - min(r[1] for r in tran_rows)
    print(f"MOSFET CS stage: op v(d) {op_rows[0][2]:.12g} V, v(s) {op_rows[0][3]:.12g} V; {len(noise_rows)} noise "
          f"points; {len(tran_rows)} transient points, v(d) swing {swing:.6g} V")


def opamp_subckt():
    """The op-amp subcircuit amplifier's operating point (v(in), v(fb), v(out), v(x1.x)), output noise
    PSD at 5 points per decade from 10 Hz to 1 MHz, and v(out) every 20 us of the transient from the
    operating point (maximum step 0.5 us)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = run_ngspice_outputs(os.path.join(HERE, "opamp_subckt.cir"),
                                  {k: os.path.join(tmp, k + ".txt") for k in ("op", "noise", "tran")})
    _, op_rows = out["op"]
    write_csv(os.path.join(HERE, "opamp_subckt_op.csv"), ["signal", "value"],
              [[n, v] for n, v in zip(["v_in", "v_fb", "v_out", "v_x1.x"], op_rows[0][1:])])
    _, noise_rows = out["noise"]
    write_csv(os.path.join(HERE, "opamp_subckt_noise.csv"), ["freq_hz", "psd_v2_per_hz"],
              [[f, d * d] for f, d in noise_rows])
    _, tran_rows = out["tran"]
    grid = [[i * 2e-5, value_at_or_interpolate(tran_rows, i * 2e-5)] for i in range(101)]
    write_csv(os.path.join(HERE, "opamp_subckt_tran.csv"), ["time", "v_out"], grid)
    swing = max(r[1] for r in tran_rows) - min(r[1] for r in tran_rows)
    print(f"Op-amp subcircuit: op v(out) {op_rows[0][3]:.12g} V; {len(noise_rows)} noise points; "
          f"{len(tran_rows)} transient points, v(out) swing {swing:.6g} V")


def stage(name, op_names, tran_name, tran_step, tran_points):
    """Runs tests/data/<name>.cir (its .control block writes {op}, {noise}, {tran}) and writes
    <name>_op.csv (op_names: the columns of its op line), <name>_noise.csv (the square of
    onoise_spectrum, V^2/Hz) and <name>_tran.csv (the transient every tran_step, interpolated
    between ngspice's time points); returns the op values and the swing of the transient."""
    with tempfile.TemporaryDirectory() as tmp:
        out = run_ngspice_outputs(os.path.join(HERE, name + ".cir"),
                                  {k: os.path.join(tmp, k + ".txt") for k in ("op", "noise", "tran")})
    _, op_rows = out["op"]
    write_csv(os.path.join(HERE, name + "_op.csv"), ["signal", "value"],
              [[n, v] for n, v in zip(op_names, op_rows[0][1:])])
    _, noise_rows = out["noise"]
    write_csv(os.path.join(HERE, name + "_noise.csv"), ["freq_hz", "psd_v2_per_hz"],
              [[f, d * d] for f, d in noise_rows])
    _, tran_rows = out["tran"]
    grid = [[i * tran_step, value_at_or_interpolate(tran_rows, i * tran_step)] for i in range(tran_points)]
    write_csv(os.path.join(HERE, name + "_tran.csv"), ["time", tran_name], grid)
    swing = max(r[1] for r in tran_rows) - min(r[1] for r in tran_rows)
    print(f"{name}: op " + ", ".join(f"{n} {v:.12g}" for n, v in zip(op_names, op_rows[0][1:])) +
          f"; {len(noise_rows)} noise points; {len(tran_rows)} transient points, swing {swing:.6g} V")


def variant(name, suffix, replacements, note, op_names):
    """Writes <name>_<suffix>.cir: <name>.cir with each (old, new) of `replacements` made once (each
    old text must occur), runs it and writes <name>_<suffix>_op.csv (op_names: the columns of its op
    line) and <name>_<suffix>_noise.csv (V^2/Hz)."""
    with open(os.path.join(HERE, name + ".cir"), encoding="utf-8") as f:
        text = f.read()
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    text = "* Written by make_references.py from " + name + ".cir: " + note + ".\n" + text
    path = os.path.join(HERE, f"{name}_{suffix}.cir")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    with tempfile.TemporaryDirectory() as tmp:
        out = run_ngspice_outputs(path, {k: os.path.join(tmp, k + ".txt") for k in ("op", "noise", "tran")})
    _, op_rows = out["op"]
    write_csv(os.path.join(HERE, f"{name}_{suffix}_op.csv"), ["signal", "value"],
              [[n, v] for n, v in zip(op_names, op_rows[0][1:])])
    _, noise_rows = out["noise"]
    write_csv(os.path.join(HERE, f"{name}_{suffix}_noise.csv"), ["freq_hz", "psd_v2_per_hz"],
              [[f, d * d] for f, d in noise_rows])
    print(f"{name}_{suffix}: op " + ", ".join(f"{n} {v:.12g}" for n, v in zip(op_names, op_rows[0][1:])) +
          f"; {len(noise_rows)} noise points, {noise_rows[0][1] ** 2:.6g} V^2/Hz at {noise_rows[0][0]} Hz")


def value_at(rows, column, t):
    """The value at a solver time point equal to t (to 1e-9 relative); such points exist by construction."""
    for row in rows:
        if abs(row[0] - t) <= 1e-9 * t:
            return row[column]
    raise RuntimeError(f"ngspice has no time point at {t}")


def scaled_bessel_i(x, m_max):
    """e^{-x} I_m(x) for m = 0..m_max by Miller's backward recurrence, normalised with
    I_0 + 2 sum_{m>=1} I_m = e^x."""
    start = int(x + 60 * math.sqrt(x) + 100) + m_max
    values = [0.0] * (start + 2)
    values[start] = 1e-300
    for m in range(start, 0, -1):
        values[m - 1] = values[m + 1] + (2.0 * m / x) * values[m]
        if values[m - 1] > 1e250:  # rescale to stay in range
            values = [v * 1e-250 for v in values]
    total = values[0] + 2.0 * sum(values[1:])
    return [v / total for v in values[: m_max + 1]], [v / total for v in values]


def ladder_analytic(k, t):
    """Node k of a semi-infinite RC ladder driven by a 1 V step, all capacitors starting at 0:
    C dv_k/dt = (v_{k-1} - 2 v_k + v_{k+1}) / R, v_0 = 1. With s = t/RC and G_m = e^{-2s} I_m(2s)
    (the lattice heat kernel), images give v_k(t) = G_k + 2 sum_{m>k} G_m. The 1000-section ladder's
    open end is ~1000 sections away from the diffusion front (~sqrt(2s) <= 45 sections at 1 us), so
    its effect on these nodes is far below double precision."""
    s = t / LADDER_RC
    _, g = scaled_bessel_i(2 * s, k)
    return g[k] + 2.0 * sum(g[k + 1:])


def write_csv(path, header, rows):
    with open(path, "w", encoding="utf-8") as f:
        f.write(",".join(header) + "\n")
        for row in rows:
            f.write(",".join(f"{v:.10e}" if isinstance(v, float) else str(v) for v in row) + "\n")


def main():
    columns = ["time"] + [f"v_n{k}" for k in LADDER_NODES]

    cir = os.path.join(HERE, "rc_ladder_1000.cir")
    with open(cir, "w", encoding="utf-8") as f:
        f.write(ladder_netlist())
    with tempfile.TemporaryDirectory() as tmp:
        _, rows = run_ngspice(cir, os.path.join(tmp, "ladder.txt"))
    table = [[t] + [value_at(rows, 1 + i, t) for i in range(len(LADDER_NODES))] for t in LADDER_TIMES]
    write_csv(os.path.join(HERE, "rc_ladder_1000_ngspice.csv"), columns, table)

    analytic = [[t] + [ladder_analytic(k, t) for k in LADDER_NODES] for t in LADDER_TIMES]
    write_csv(os.path.join(HERE, "rc_ladder_1000_analytic.csv"), columns, analytic)

    print("RC ladder, 1000 sections: ngspice | closed form")
    for spice_row, exact_row in zip(table, analytic):
        cells = "  ".join(f"{a:.9e} | {b:.9e}" for a, b in zip(spice_row[1:], exact_row[1:]))
        print(f"  t = {spice_row[0]:.1e}: {cells}")

    with tempfile.TemporaryDirectory() as tmp:
        _, rows = run_ngspice(os.path.join(HERE, "half_wave_rectifier.cir"), os.path.join(tmp, "rect.txt"))
    samples = round(RECTIFIER_STOP / RECTIFIER_OUTPUT_STEP)
    grid = [[i * RECTIFIER_OUTPUT_STEP, value_at_or_interpolate(rows, i * RECTIFIER_OUTPUT_STEP)]
            for i in range(samples + 1)]
    write_csv(os.path.join(HERE, "half_wave_rectifier_ngspice.csv"), ["time", "v_load"], grid)
    last = [row[1] for row in rows if 0.08 - 1e-12 <= row[0] <= 0.1 + 1e-12]
    print(f"Half-wave rectifier: {len(rows)} ngspice time points; over 80..100 ms: "
          f"max {max(last):.9f} V, min {min(last):.9f} V, ripple {max(last) - min(last):.9f} V")
    bjt_ce_stage()
    opamp_subckt()
    mosfet_cs_stage()
    stage("jfet_cs_stage", ["v_g", "v_d", "v_s", "i_vdd"], "v_d", 1e-5, 61)
    stage("diode_switch", ["v_a", "i_v1"], "v_a", 1e-9, 251)
    bjt_op = ["v_b", "v_c", "v_e", "i_vcc"]
    mos_op = ["v_g", "v_d", "v_s", "i_vdd"]
    from_1hz = ("dec 5 10 ", "dec 5 1 ")
    variant("bjt_ce_stage", "flicker", [("TR=10n)", "TR=10n KF=1e-14 AF=1.2)"), from_1hz],
            "KF=1e-14 AF=1.2, noise from 1 Hz", bjt_op)
    variant("mosfet_cs_stage", "flicker", [("CGDO=0.3n)", "CGDO=0.3n KF=1e-31 AF=1.2)"), from_1hz],
            "KF=1e-31 AF=1.2, noise from 1 Hz", mos_op)
    hot = (".options reltol", ".options temp=80 reltol")
    variant("bjt_ce_stage", "hot", [hot], "run at 80 C (TNOM 27 C)", bjt_op)
    variant("mosfet_cs_stage", "hot", [hot], "run at 80 C (TNOM 27 C)", mos_op)
    return 0


def value_at_or_interpolate(rows, t):
    """Linear interpolation between the solver's time points (exact at t = 0)."""
    lo, hi = 0, len(rows) - 1
    if t <= rows[0][0]:
        return rows[0][1]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if rows[mid][0] <= t:
            lo = mid
        else:
            hi = mid
    (t0, v0), (t1, v1) = rows[lo][:2], rows[hi][:2]
    return v0 + (v1 - v0) * (t - t0) / (t1 - t0) if t1 > t0 else v0


if __name__ == "__main__":
    sys.exit(main())
