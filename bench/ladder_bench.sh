#!/usr/bin/env bash
# RC ladder benchmark: times `kelvin-cli simulate` and, when installed, `ngspice -b`
# on the same N-section RC ladder (bench/make_rc_ladder.py), and prints a table with
# the ratio kelvin/ngspice. Both run 1 us with reltol 1e-6 and output the 4 sensed nodes
# (Kelvin with --signals, so writing the CSV does not dominate). Then one more Kelvin
# run per N with --log-level debug splits its wall time into phases, from the log's
# timestamps (millisecond resolution).
#
# Usage: bench/ladder_bench.sh [N ...]          (default: 1000 10000)
# Environment: KELVIN_CLI (default build/app/kelvin-cli), REPEAT (runs per case, best kept; default 3),
#              PHASES (0: skip the phase table; default 1).
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kelvin_cli=${KELVIN_CLI:-$repo_root/build/app/kelvin-cli}
repeat=${REPEAT:-3}
phases=${PHASES:-1}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)

if [ ! -x "$kelvin_cli" ]; then
  echo "ladder_bench: $kelvin_cli not found; build first (scripts/setup.sh) or set KELVIN_CLI" >&2
  exit 1
fi
have_ngspice=false
command -v ngspice >/dev/null 2>&1 && have_ngspice=true

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints "<wall seconds> <cpu seconds>" of the best (lowest wall time) of $repeat runs of "$@".
best_time() {
  local best_wall="" best_cpu="" wall user sys
  for _ in $(seq "$repeat"); do
    local times
    times=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>"$work/stderr"; } 2>&1 ) || {
      echo "ladder_bench: failed: $*" >&2
      cat "$work/stderr" >&2
      return 1
    }
    read -r wall user sys <<<"$times"
    if [ -z "$best_wall" ] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
      best_wall=$wall
      best_cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')
    fi
  done
  echo "$best_wall $best_cpu"
}

# The sensed signals of an N-section ladder: S1.y,S10.y,... for the nodes that exist.
signals_of() {
  local n=$1 signals="" k
  for k in 1 10 100 1000; do
    [ "$k" -le "$n" ] && signals+="${signals:+,}S$k.y"
  done
  echo "$signals"
}

# One Kelvin run with --log-level debug; prints a Markdown row of seconds per phase, from the
# timestamps of the compile and IDA debug lines (a phase whose line is missing shows "-").
phase_row() {
  local n=$1
  python3 - "$kelvin_cli" "$work/ladder_$n.kelvin" "$(signals_of "$n")" "$work/phases_$n.csv" "$n" <<'EOF'
import datetime, re, subprocess, sys, time

cli, model, signals, out, n = sys.argv[1:]
start = time.time()
run = subprocess.run([cli, "--log-level", "debug", "simulate", model, "--signals", signals, "--out", out],
                     capture_output=True, text=True)
end = time.time()
if run.returncode != 0:
    sys.exit(f"ladder_bench: kelvin-cli failed:\n{run.stderr}")
marks = {}  # first occurrence of each marker -> epoch seconds
patterns = {"elaborate": r"compile .*: elaborating", "structure": r"compile .*; structural check",
            "compile": r"compile .*: \d+ explicit unknowns substituted", "initialise": r"compile .*: done",
            "integrate": r"IDA: consistent initial state found", "finish": r"IDA: \d+ unknowns"}
for line in run.stderr.splitlines():
    m = re.match(r"\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3})\]", line)
    if not m:
        continue
    stamp = datetime.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S.%f").timestamp()
    for key, pattern in patterns.items():
        if key not in marks and re.search(pattern, line):
            marks[key] = stamp
order = ["start", "elaborate", "structure", "compile", "initialise", "integrate", "finish", "end"]
marks["start"], marks["end"] = start, end
cells = []
for a, b in zip(order, order[1:]):
    cells.append(f"{marks[b] - marks[a]:.3f}" if a in marks and b in marks else "-")
print(f"| {n} | " + " | ".join(cells) + f" | {end - start:.3f} |")
EOF
}

printf '%s\n' "RC ladder, 1 us, rtol/reltol 1e-6, best of $repeat runs; times in seconds (wall / cpu)."
printf '%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg);" \
  "kelvin-cli: $kelvin_cli"
$have_ngspice && printf '%s\n' "ngspice: $(ngspice --version 2>/dev/null | grep -m1 -o 'ngspice-[0-9.]*' || echo unknown)"
printf '\n%s\n' "| N | kelvin-cli wall | kelvin-cli cpu | ngspice wall | ngspice cpu | kelvin/ngspice (wall) |"
printf '%s\n' "|---:|---:|---:|---:|---:|---:|"
for n in "${sizes[@]}"; do
  python3 "$repo_root/bench/make_rc_ladder.py" "$n" --kelvin "$work/ladder_$n.kelvin" --spice "$work/ladder_$n.cir" --print
  read -r k_wall k_cpu < <(best_time "$kelvin_cli" simulate "$work/ladder_$n.kelvin" --signals "$(signals_of "$n")" \
    --out "$work/ladder_$n.csv")
  if $have_ngspice; then
    read -r s_wall s_cpu < <(best_time ngspice -b "$work/ladder_$n.cir")
    ratio=$(awk -v k="$k_wall" -v s="$s_wall" 'BEGIN { if (s > 0) printf "%.1f", k / s; else print "n/a" }')
  else
    s_wall="not installed" s_cpu="-" ratio="-"
  fi
  printf '| %s | %s | %s | %s | %s | %s |\n' "$n" "$k_wall" "$k_cpu" "$s_wall" "$s_cpu" "$ratio"
done

if [ "$phases" != 0 ]; then
  printf '\n%s\n' "Kelvin's wall time by phase (one run with --log-level debug; seconds):"
  printf '%s\n' "| N | load + validate | elaborate | structural check + eliminate | compile DAE | initialise | integrate | exit | total |"
  printf '%s\n' "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  # Phases end at these log lines: "compile: elaborating" (load + validate, from the process
  # start), "structural check" (elaborate, alias elimination included), "explicit unknowns
  # substituted", "compile: done", "consistent initial state found", the IDA summary
  # (integrate, CSV samples included), and the process end (exit: committing the CSV).
  for n in "${sizes[@]}"; do
    phase_row "$n"
  done
fi
