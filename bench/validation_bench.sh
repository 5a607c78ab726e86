#!/usr/bin/env bash
# Times `kelvin-cli validate` on N unconnected signal sources (make_unconnected_blocks.py)
# for each N given (default 10000 40000 100000); best wall and CPU seconds of REPEAT runs
# (default 3), and the wall-time ratio to the first N. KELVIN_CLI picks the binary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cli="${KELVIN_CLI:-$here/../build/app/kelvin-cli}"
repeat="${REPEAT:-3}"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(10000 40000 100000)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| blocks | wall s | CPU s | wall / first |"
echo "|-------:|-------:|------:|-------------:|"
first=""
for n in "${sizes[@]}"; do
  python3 "$here/make_unconnected_blocks.py" "$n" > "$work/m.kelvin"
  best_wall="" best_cpu=""
  for _ in $(seq "$repeat"); do
    /usr/bin/time -o "$work/time" -f "%e %U %S" "$cli" validate "$work/m.kelvin" >/dev/null 2>&1
    read -r wall cpu < <(awk '{print $1, $2 + $3}' "$work/time")
    if [ -z "$best_wall" ] || awk "BEGIN{exit !($wall < $best_wall)}"; then best_wall=$wall best_cpu=$cpu; fi
  done
  [ -z "$first" ] && first=$best_wall
  printf "| %d | %.2f | %.2f | %.1f |\n" "$n" "$best_wall" "$best_cpu" "$(awk "BEGIN{print $best_wall / $first}")"
done
