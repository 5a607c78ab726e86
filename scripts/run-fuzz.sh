#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (ASan + UBSan) in build-fuzz/ and runs
# each for FUZZ_SECONDS (default 60) from its seed corpus (tests/fuzz/corpus/<target>/, and the
# shipped examples for fuzz_model) with its dictionary (tests/fuzz/dict/). A crash, a sanitizer
# report, a timeout (20 s for one input) or an input needing more than 2 GB fails the script;
# the input is left in build-fuzz/findings/<target>/ to be added to tests/fuzz/corpus/<target>/.
# Each target's log is build-fuzz/findings/<target>.log; a summary line per target (executions,
# coverage, features, corpus) is printed at the end. FUZZ_TARGETS picks targets (default all
# three). scripts/run-asan-tests.sh then reuses build-fuzz/ for the core test suite under the
# sanitizers. Without clang (scripts/setup.sh installs it) the script says so and does nothing.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds="${FUZZ_SECONDS:-60}"
read -r -a targets <<< "${FUZZ_TARGETS:-model spice expression}"
build="$repo_root/build-fuzz"
if ! command -v clang++ >/dev/null || ! command -v clang >/dev/null; then
  printf '[run-fuzz] clang not found: fuzzing skipped (scripts/setup.sh installs clang and libclang-rt-14-dev)\n'
  exit 0
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# OSS-Fuzz's flags: -O1 and line tables only (lighter to compile than -O2 -g; assertions stay on,
# no NDEBUG). Of the test suites only tests/core is configured: scripts/run-asan-tests.sh runs it.
cmake -S "$repo_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" "${launcher[@]}" -DKELVIN_FUZZ=ON \
  -DKELVIN_BUILD_GUI=OFF -DKELVIN_BUILD_BENCH=OFF -DKELVIN_BUILD_PYTHON=OFF -DKELVIN_TEST_DIRS=core >/dev/null
cmake --build "$build" --parallel 2 --target "${targets[@]/#/fuzz_}"
# A UBSan report is a finding too: without halt_on_error it is printed and the run goes on.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
summary=()
for target in "${targets[@]}"; do
  findings="$build/findings/$target"
  work="$build/corpus/$target"  # grows during the run; the seeds in the repository stay as they are
  seeds=("$repo_root/tests/fuzz/corpus/$target")
  [ "$target" = model ] && seeds+=("$repo_root/resources/examples")
  mkdir -p "$findings" "$work"
  log="$build/findings/$target.log"
  printf '[run-fuzz] fuzz_%s for %s s (log: %s)\n' "$target" "$seconds" "$log"
  status=0
  "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 \
    -dict="$repo_root/tests/fuzz/dict/$target.dict" -artifact_prefix="$findings/" -print_final_stats=1 \
    "$work" "${seeds[@]}" >"$log" 2>&1 || status=$?
  # The last progress line holds coverage (cov), features (ft) and the corpus (corp: units/bytes).
  progress=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9A-Za-z]+' || true)
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  summary+=("fuzz_$target: ${executions:-?} executions in $seconds s; ${progress:-no progress line}")
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    printf '[run-fuzz] fuzz_%s FAILED (exit %d): the input is in %s\n' "$target" "$status" "$findings"
    exit 1
  fi
done
printf '[run-fuzz] %s\n' "${summary[@]}"
