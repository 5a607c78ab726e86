#!/usr/bin/env bash
# The core test suite (no GUI) under AddressSanitizer + UBSan: builds every remaining target of
# build-fuzz/ (the clang build scripts/run-fuzz.sh made, without GUI, benchmarks and Python
# module: core and blocks are already compiled with -fsanitize=address,undefined there for the
# fuzz targets; kelvin-cli and the non-GUI tests are added) and runs CTest in it, every test
# stopping at the first sanitizer report. Without clang or without build-fuzz/ it says so and
# does nothing.
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
ctest --test-dir "$build" --output-on-failure -j2 --timeout 600
