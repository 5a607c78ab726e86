#!/usr/bin/env bash
# RC ladder benchmark: times `kelvin-cli simulate` and, when installed, `ngspice -b`
# on the same N-section RC ladder (bench/make_rc_ladder.py), and prints a table with
# the ratio kelvin/ngspice. Both run 1 us with reltol 1e-6 and output the 4 sensed nodes.
#
# Usage: bench/ladder_bench.sh [N ...]          (default: 1000 10000)
# Environment: KELVIN_CLI (default build/app/kelvin-cli), REPEAT (runs per case, best kept; default 3).
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kelvin_cli=${KELVIN_CLI:-$repo_root/build/app/kelvin-cli}
repeat=${REPEAT:-3}
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

printf '%s\n' "RC ladder, 1 us, rtol/reltol 1e-6, best of $repeat runs; times in seconds (wall / cpu)."
printf '%s\n' "| N | kelvin-cli wall | kelvin-cli cpu | ngspice wall | ngspice cpu | kelvin/ngspice (wall) |"
printf '%s\n' "|---:|---:|---:|---:|---:|---:|"
for n in "${sizes[@]}"; do
  python3 "$repo_root/bench/make_rc_ladder.py" "$n" --kelvin "$work/ladder_$n.kelvin" --spice "$work/ladder_$n.cir" --print
  signals=""
  for k in 1 10 100 1000; do
    [ "$k" -le "$n" ] && signals+="${signals:+,}S$k.y"
  done
  read -r k_wall k_cpu < <(best_time "$kelvin_cli" simulate "$work/ladder_$n.kelvin" --signals "$signals" \
    --out "$work/ladder_$n.csv")
  if $have_ngspice; then
    read -r s_wall s_cpu < <(best_time ngspice -b "$work/ladder_$n.cir")
    ratio=$(awk -v k="$k_wall" -v s="$s_wall" 'BEGIN { if (s > 0) printf "%.1f", k / s; else print "n/a" }')
  else
    s_wall="not installed" s_cpu="-" ratio="-"
  fi
  printf '| %s | %s | %s | %s | %s | %s |\n' "$n" "$k_wall" "$k_cpu" "$s_wall" "$s_cpu" "$ratio"
done
