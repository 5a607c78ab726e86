#!/usr/bin/env python3
"""Writes a Kelvin model of N unconnected signal sources (constants and sines side by side, no
wires) to stdout. Valid, so validation goes through elaboration: the worst case for any
per-block loop over every other block's outputs."""
import json
import sys

n = int(sys.argv[1])
blocks = []
for i in range(n):
    kind = "signal.Constant" if i % 2 == 0 else "signal.Sine"
    blocks.append({"id": f"B{i}", "type": kind, "pos": [40 * (i % 100), 40 * (i // 100)]})
json.dump({"format": "kelvin-model", "version": 1, "settings": {"stop_time": "1"},
           "blocks": blocks, "connections": []}, sys.stdout)
