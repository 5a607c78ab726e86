#!/usr/bin/env bash
# Prepares a fresh Debian 12 machine to build Kelvin and builds it:
#   1. installs the Debian packages Kelvin needs, only those that are missing;
#   2. configures the build in ./build (Ninja, RelWithDebInfo) if not done yet, with the CMake
#      options in KELVIN_CMAKE_ARGS if set (CI: -DKELVIN_WERROR=ON; given again, they are
#      applied to an existing build too);
#   3. builds with all cores.
# Safe to run again: every step is skipped or incremental when already done.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir="$repo_root/build"

packages=(
  build-essential cmake ninja-build
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libqcustomplot-dev libsundials-dev libmetis-dev libeigen3-dev libspdlog-dev nlohmann-json3-dev libsimdjson-dev
  libgl-dev xvfb xauth dpkg-dev
  openmpi-bin libopenmpi-dev
  python3-dev pybind11-dev python3-numpy
  clang clang-format libclang-rt-14-dev
)

say() { printf '[setup] %s\n' "$*"; }

is_installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
for package in "${packages[@]}"; do
  is_installed "$package" || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  say "All ${#packages[@]} required Debian packages are installed."
else
  say "Installing missing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    sudo=()
  elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
  else
    say "error: not root and sudo is not available; install as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update
  "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

read -r -a cmake_args <<< "${KELVIN_CMAKE_ARGS:-}"
if [ ! -f "$build_dir/build.ninja" ] || [ ${#cmake_args[@]} -gt 0 ]; then
  say "Configuring $build_dir (Ninja, RelWithDebInfo${cmake_args[*]:+, ${cmake_args[*]}})"
  cmake -S "$repo_root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${cmake_args[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)
say "Building with $jobs jobs"
cmake --build "$build_dir" --parallel "$jobs"
say "Build ready in $build_dir"
