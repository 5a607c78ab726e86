#!/usr/bin/env bash
# Sweep throughput: runs per second of `kelvin-cli sweep` (one process, the model
# compiled once) with --jobs 1, --jobs 2 and under `mpirun -np 2` (when kelvin-cli was
# built with MPI), against the same number of separate `kelvin-cli simulate` calls (each
# reading and compiling the model again), for the RC low-pass and the half-wave rectifier.
#
#   bench/sweep_bench.sh [RUNS]          # default 1000; SIMULATE_RUNS (default RUNS) for the baseline
#   KELVIN_CLI=path bench/sweep_bench.sh
#
# Each sweep is a Monte Carlo study of RUNS runs varying one resistor by 5 %, with one
# measure; each simulate call sets the same resistor to its own value (a model file per
# value, written beforehand, outside the timing) and writes its CSV. Prints a Markdown table.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cli=${KELVIN_CLI:-$root/build/app/kelvin-cli}
runs=${1:-1000}
simulate_runs=${SIMULATE_RUNS:-$runs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

mpirun_cmd=()
if command -v mpirun >/dev/null && ldd "$cli" | grep -q libmpi; then
  mpirun_cmd=(mpirun --allow-run-as-root --oversubscribe -np 2)
fi

seconds() { # runs "$@", prints the wall seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

row() { # name runs seconds baseline-seconds-per-run
  local rate speedup
  rate=$(echo "$2 / $3" | bc -l)
  speedup=$(echo "$4 * $2 / $3" | bc -l)
  printf '| %s | %d | %.2f | %.0f | %.1f× |\n' "$1" "$2" "$3" "$rate" "$speedup"
}

bench_model() { # title model resistor measure
  local title=$1 model=$2 resistor=$3 measure=$4
  echo "### $title"
  echo
  echo "| how | runs | wall s | runs/s | vs simulate |"
  echo "|---|---:|---:|---:|---:|"
  # Baseline: one process per run, each on its own model file.
  local nominal
  nominal=$(python3 -c "import json,sys; m=json.load(open('$model')); print([b for b in m['blocks'] if b['id']=='$resistor'][0]['params']['R'])")
  python3 - "$model" "$resistor" "$simulate_runs" "$work" <<'PY'
import json, random, sys
model, resistor, n, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
m = json.load(open(model))
random.seed(1)
for i in range(n):
    for b in m['blocks']:
        if b['id'] == resistor:
            b['params']['R'] = repr(1000.0 * random.gauss(1.0, 0.05))
    json.dump(m, open(f"{work}/m{i}.kelvin", 'w'))
PY
  local start end simulate_s per_run
  start=$(date +%s.%N)
  for ((i = 0; i < simulate_runs; i++)); do "$cli" simulate "$work/m$i.kelvin" --out "$work/s.csv"; done
  end=$(date +%s.%N)
  simulate_s=$(echo "$end - $start" | bc -l)
  per_run=$(echo "$simulate_s / $simulate_runs" | bc -l)
  row "separate \`simulate\` calls" "$simulate_runs" "$simulate_s" "$per_run"
  local sweep=("$cli" sweep "$model" --monte-carlo "$runs" --seed 1 --vary "$resistor.R=normal($nominal,5%)"
    --measure "$measure" --out "$work/sweep.csv")
  row "\`sweep --jobs 1\`" "$runs" "$(seconds "${sweep[@]}" --jobs 1)" "$per_run"
  row "\`sweep --jobs 2\`" "$runs" "$(seconds "${sweep[@]}" --jobs 2)" "$per_run"
  if [ ${#mpirun_cmd[@]} -gt 0 ]; then
    row "\`mpirun -np 2 sweep --jobs 1\`" "$runs" "$(seconds "${mpirun_cmd[@]}" "${sweep[@]}" --jobs 1)" "$per_run"
  fi
  echo
}

bench_model "RC low-pass (resources/examples/rc_lowpass.kelvin: 5 ms, 501 samples)" \
  "$root/resources/examples/rc_lowpass.kelvin" R1 "v1=at(C1.v, 1m)"
bench_model "Half-wave rectifier (resources/examples/half_wave_rectifier.kelvin: 100 ms, 5001 samples)" \
  "$root/resources/examples/half_wave_rectifier.kelvin" RL "ripple=max(VL.y)-min(VL.y)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
