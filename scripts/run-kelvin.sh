#!/usr/bin/env bash
# Builds Kelvin if needed (scripts/setup.sh), then opens a model in the desktop application.
# Usage: scripts/run-kelvin.sh [model.kelvin]   (default: resources/examples/rc_lowpass.kelvin)
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
model=${1:-$repo_root/resources/examples/rc_lowpass.kelvin}

bash "$repo_root/scripts/setup.sh"

if [ ! -f "$model" ]; then
  printf '[run-kelvin] error: no such model: %s\n' "$model" >&2
  exit 1
fi
printf '[run-kelvin] Starting Kelvin on %s\n' "$model"
exec "$repo_root/build/app/kelvin" "$model"
