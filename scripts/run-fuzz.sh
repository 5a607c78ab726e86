#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (ASan + UBSan) in build-fuzz/ and runs
# each for FUZZ_SECONDS (default 60) from its seed corpus. A crash fails the script; its input
# (crash-*) is left in build-fuzz/findings/<target>/ to be added to tests/fuzz/corpus/<target>/.
# scripts/run-asan-tests.sh then reuses build-fuzz/ for the core test suite under the sanitizers.
# Without clang (scripts/setup.sh installs it) the script says so and does nothing.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds="${FUZZ_SECONDS:-60}"
build="$repo_root/build-fuzz"
if ! command -v clang++ >/dev/null || ! command -v clang >/dev/null; then
  printf '[run-fuzz] clang not found: fuzzing skipped (scripts/setup.sh installs clang and libclang-rt-14-dev)\n'
  exit 0
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S "$repo_root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_C_COMPILER=clang "${launcher[@]}" -DKELVIN_FUZZ=ON -DKELVIN_BUILD_GUI=OFF -DKELVIN_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --parallel 2 --target fuzz_model fuzz_spice fuzz_expression
for target in model spice expression; do
  findings="$build/findings/$target"
  work="$build/corpus/$target"  # grows during the run; the seeds in the repository stay as they are
  mkdir -p "$findings" "$work"
  printf '[run-fuzz] fuzz_%s for %s s\n' "$target" "$seconds"
  "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 \
    -artifact_prefix="$findings/" -print_final_stats=1 "$work" "$repo_root/tests/fuzz/corpus/$target"
done
