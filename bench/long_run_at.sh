#!/usr/bin/env bash
# Builds long_run_bench against the run store (gui/scopes/run_result.* and the files it uses)
# of a revision, or of the working tree with REV = ".", with only Qt 6 Core besides the current
# build's core and blocks (build/core/libkelvin_core.a, build/blocks/libkelvin_blocks.a), and
# runs it with the remaining arguments. "Before" and "after" in bench/README.md come from this
# same driver: bench/long_run_at.sh 0dca472 1000 20u; bench/long_run_at.sh . 1000 20u
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:-.}
shift || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/scopes" "$work/engine"
sources=()
for f in scopes/run_result.h scopes/run_result.cpp scopes/sample_envelope.h scopes/sample_envelope.cpp \
         scopes/sample_file.h scopes/sample_file.cpp engine/run_payloads.h; do
  if [ "$rev" = . ]; then
    [ -f "$here/gui/$f" ] && cp "$here/gui/$f" "$work/$f"
  else
    git -C "$here" show "$rev:gui/$f" > "$work/$f" 2>/dev/null || rm -f "$work/$f"
  fi
  case "$f" in *.cpp) [ -f "$work/$f" ] && sources+=("$work/$f") ;; esac
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
  "$here/bench/long_run_bench.cpp" "${sources[@]}" "$work/moc_run_result.cpp" \
  -o "$work/long_run_bench" $libs $(pkg-config --libs Qt6Core)
"$work/long_run_bench" "$@"
