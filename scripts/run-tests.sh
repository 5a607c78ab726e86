#!/usr/bin/env bash
# Builds Kelvin if needed (scripts/setup.sh), then runs the whole test suite with CTest.
# GUI tests run without a display (QT_QPA_PLATFORM=offscreen).
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

bash "$repo_root/scripts/setup.sh"

export QT_QPA_PLATFORM=offscreen
printf '[run-tests] Running the test suite\n'
ctest --test-dir "$repo_root/build" --output-on-failure -j2
