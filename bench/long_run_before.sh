#!/usr/bin/env bash
# Builds long_run_bench against the RunResult of another revision (default: the one before the
# disk-backed store) and runs it with the given arguments, so that "before" and "after" in
# bench/README.md come from the same driver. Needs the current build's core and blocks
# (build/core/libkelvin_core.a, build/blocks/libkelvin_blocks.a) and Qt 6 Core.
#   bench/long_run_before.sh [REV] [stop] [step]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:-0dca472}
shift || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/scopes" "$work/engine"
for f in scopes/run_result.h scopes/run_result.cpp engine/run_payloads.h; do
  git -C "$here" show "$rev:gui/$f" > "$work/$f"
done
moc=$(ls /usr/lib/qt6/libexec/moc 2>/dev/null || command -v moc)
"$moc" "$work/scopes/run_result.h" -o "$work/moc_run_result.cpp"
build="$here/build"
# The link line of kelvin-cli has every library core and blocks need.
libs=$(ninja -C "$build" -t commands kelvin-cli | tail -1 | sed 's/.*-o app\/kelvin-cli//; s/&& :$//' |
       sed "s| blocks/| $build/blocks/|; s| core/| $build/core/|")
c++ -std=c++20 -O2 -DNDEBUG -DKELVIN_EXAMPLES_DIR="\"$here/resources/examples\"" \
  -DQT_NO_KEYWORDS -DFMT_SHARED -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL -DSPDLOG_SHARED_LIB \
  -I"$work" -I"$here/core" -I"$here/blocks" -isystem /usr/include/eigen3 \
  $(pkg-config --cflags Qt6Core) -fPIC \
  "$here/bench/long_run_bench.cpp" "$work/scopes/run_result.cpp" "$work/moc_run_result.cpp" \
  -o "$work/long_run_bench_before" $libs $(pkg-config --libs Qt6Core)
"$work/long_run_bench_before" "$@"
