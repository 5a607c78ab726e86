#!/usr/bin/env bash
# RC ladder benchmark, kelvin-cli against ngspice: see bench/ladder_bench.py (this wrapper
# keeps the old entry point). Example: bench/ladder_bench.sh 1000 10000 --repeat 3
exec python3 "$(dirname "${BASH_SOURCE[0]}")/ladder_bench.py" "$@"
