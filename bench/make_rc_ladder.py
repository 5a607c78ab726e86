#!/usr/bin/env python3
"""Writes an N-section RC ladder as a Kelvin model and as an equivalent ngspice netlist.

The circuit: a 1 V source (a step at t = 0, or with --rise a ramp from 0 to 1 V over that
time, as issue #16 describes the benchmark; every capacitor starts at 0 V) drives
R1 into node n1; section k is Rk from n(k-1) to nk (n0 is the source node `in`)
and Ck from nk to ground. R = 1k, C = 1p (RC = 1 ns). Voltage sensors read
nodes 1, 10, 100 and 1000 when they exist (Kelvin signals S<k>.y, ngspice v(n<k>)).
The run lasts 1 us.

Usage: make_rc_ladder.py N [--kelvin FILE] [--spice FILE]
                           [--reltol R] [--abstol A] [--vntol V] [--tstep H] [--tmax H] [--print]
                           [--spice-defaults] [--rise T]
"""

import argparse
import json
import sys

R_OHM = "1k"
C_FARAD = "1p"
STOP = "1u"
SENSED_NODES = (1, 10, 100, 1000)
ROW_LENGTH = 50  # sections per row of the Kelvin layout


def sensed(n):
    return [k for k in SENSED_NODES if k <= n]


def kelvin_source(rise):
    """The 1 V source: a constant (a step at t = 0) or, with a rise time, a pulse whose ramp is that
    long and whose top lasts far beyond the run."""
    if not rise:
        return {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}}
    return {"id": "V1", "type": "electrical.PulseVoltage",
            "params": {"v1": "0", "v2": "1", "delay": "0", "rise": rise, "fall": rise, "width": "1", "period": "3"}}


def spice_source(rise):
    return f"V1 in 0 PULSE(0 1 0 {rise} {rise} 1 3)" if rise else "V1 in 0 DC 1"


def kelvin_model(n, rtol, step, rise=None):
    def pos(x, y):
        return [x, y]

    blocks = [
        dict(kelvin_source(rise), pos=pos(-120, 40), rotation=90),
        {"id": "G", "type": "electrical.Ground", "pos": pos(-120, 160)},
    ]
    connections = [{"from": "V1.n", "to": "G.p"}, {"from": "V1.p", "to": "R1.p"}]
    for k in range(1, n + 1):
        col, row = (k - 1) % ROW_LENGTH, (k - 1) // ROW_LENGTH
        x, y = 120 * col, 240 * row
        blocks.append({"id": f"R{k}", "type": "electrical.Resistor", "params": {"R": R_OHM}, "pos": pos(x, y)})
        blocks.append({"id": f"C{k}", "type": "electrical.Capacitor", "params": {"C": C_FARAD, "v0": "0"},
                       "pos": pos(x + 60, y + 60), "rotation": 90})
        connections.append({"from": f"R{k}.n", "to": f"C{k}.p"})
        connections.append({"from": f"C{k}.n", "to": "G.p"})
        if k < n:
            connections.append({"from": f"R{k}.n", "to": f"R{k + 1}.p"})
    for k in sensed(n):
        col, row = (k - 1) % ROW_LENGTH, (k - 1) // ROW_LENGTH
        blocks.append({"id": f"S{k}", "type": "electrical.VoltageSensor", "pos": pos(120 * col + 60, 240 * row + 140)})
        connections.append({"from": f"S{k}.p", "to": f"R{k}.n"})
        connections.append({"from": f"S{k}.n", "to": "G.p"})
    model = {
        "format": "kelvin-model",
        "version": 1,
        "name": f"rc_ladder_{n}",
        "settings": {"stop_time": STOP, "solver": "ida", "rtol": rtol, "atol": 1e-9, "step": step},
        "blocks": blocks,
        "connections": connections,
    }
    return compact_json(model)


def compact_json(model):
    """Pretty at the top level, one line per block and per connection (diff- and grep-friendly)."""
    def one(value):
        return json.dumps(value, separators=(", ", ": "))

    lines = ["{"]
    keys = list(model)
    for i, key in enumerate(keys):
        comma = "," if i + 1 < len(keys) else ""
        value = model[key]
        if isinstance(value, list):
            lines.append(f'  "{key}": [')
            lines += [f"    {one(item)}{',' if j + 1 < len(value) else ''}" for j, item in enumerate(value)]
            lines.append(f"  ]{comma}")
        else:
            lines.append(f'  "{key}": {one(value)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def spice_netlist(n, reltol, abstol, vntol, tstep, tmax, print_nodes, defaults=False, rise=None):
    drive = f"1 V ramp over {rise}" if rise else "1 V step"
    lines = [
        f"* RC ladder, {n} sections, R = {R_OHM}, C = {C_FARAD}, {drive} (UIC, capacitors start at 0 V)",
        spice_source(rise),
    ]
    for k in range(1, n + 1):
        left = "in" if k == 1 else f"n{k - 1}"
        lines.append(f"R{k} {left} n{k} {R_OHM}")
        lines.append(f"C{k} n{k} 0 {C_FARAD} IC=0")
    nodes = " ".join(f"v(n{k})" for k in sensed(n))
    if not defaults:
        lines.append(f".options reltol={reltol} abstol={abstol} vntol={vntol}")
    lines.append(f".save {nodes}")
    lines.append(f".tran {tstep} {STOP} UIC" if defaults else f".tran {tstep} {STOP} 0 {tmax} UIC")
    if print_nodes:
        lines.append(f".print tran {nodes}")
    lines.append(".end")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int, help="number of RC sections (>= 1)")
    parser.add_argument("--kelvin", help="write the Kelvin model here")
    parser.add_argument("--spice", help="write the ngspice netlist here")
    parser.add_argument("--rtol", type=float, default=1e-6, help="Kelvin rtol (default 1e-6)")
    parser.add_argument("--step", default="10n", help="Kelvin output interval (default 10n)")
    parser.add_argument("--reltol", default="1e-6", help="ngspice reltol (default 1e-6, as Kelvin's rtol)")
    parser.add_argument("--abstol", default="1e-12", help="ngspice abstol, amperes (default 1e-12)")
    parser.add_argument("--vntol", default="1e-9", help="ngspice vntol, volts (default 1e-9, as Kelvin's atol)")
    parser.add_argument("--tstep", default="10n", help="ngspice .tran step (default 10n)")
    parser.add_argument("--tmax", default="10n", help="ngspice maximum internal step (default 10n)")
    parser.add_argument("--print", action="store_true", help="add a .print of the sensed nodes")
    parser.add_argument("--spice-defaults", action="store_true",
                        help="ngspice at its defaults: no .options line, no maximum step (--tstep still applies)")
    parser.add_argument("--rise", help="drive with a ramp of this rise time (e.g. 1n) instead of a step")
    args = parser.parse_args()
    if args.n < 1:
        parser.error("N must be at least 1")
    if not args.kelvin and not args.spice:
        parser.error("nothing to do: give --kelvin and/or --spice")
    if args.kelvin:
        with open(args.kelvin, "w", encoding="utf-8") as f:
            f.write(kelvin_model(args.n, args.rtol, args.step, args.rise))
    if args.spice:
        with open(args.spice, "w", encoding="utf-8") as f:
            f.write(spice_netlist(args.n, args.reltol, args.abstol, args.vntol, args.tstep, args.tmax, args.print,
                                  args.spice_defaults, args.rise))
    return 0


if __name__ == "__main__":
    sys.exit(main())
