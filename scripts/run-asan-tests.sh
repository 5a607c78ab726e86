#!/usr/bin/env bash
# The core test suite (no GUI) under AddressSanitizer + UBSan: builds every remaining target of
# build-fuzz/ (the clang build scripts/run-fuzz.sh made: core, blocks and kelvin-cli are already
# compiled with -fsanitize=address,undefined there) and runs CTest in it. The Python module test is
# left out: an ASan-built extension cannot be loaded into Debian's python3. Without clang or
# without build-fuzz/ it says so and does nothing.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$repo_root/build-fuzz"
if ! command -v clang++ >/dev/null || [ ! -f "$build/CMakeCache.txt" ]; then
  printf '[run-asan-tests] no clang build in build-fuzz/ (run scripts/run-fuzz.sh first): skipped\n'
  exit 0
fi
cmake --build "$build" --parallel 2
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
printf '[run-asan-tests] the core test suite under ASan + UBSan\n'
ctest --test-dir "$build" --output-on-failure -j2 -E '^python_module$' --timeout 600
