#!/usr/bin/env bash
# Takes the README's screenshots of the whole application window as a user sees it: the real
# `kelvin` under Xvfb at 1600×1000 with fresh settings, a model opened, F5 pressed, the screen
# captured. Needs xvfb, xdotool and imagemagick (apt-get install xvfb xdotool imagemagick).
#   scripts/readme_screenshots.sh [build-dir]      (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shoot() {  # model, output png, seconds to let the run finish
  local model=$1 out=$2 wait=$3
  local config
  config=$(mktemp -d)
  XDG_CONFIG_HOME=$config xvfb-run -a -s "-screen 0 1600x1000x24" bash -c "
    '$build/app/kelvin' '$model' &
    app=\$!
    win=\$(xdotool search --sync --onlyvisible --name 'Kelvin' | head -1)
    xdotool windowmove \$win 0 0 windowsize \$win 1600 1000
    sleep 2
    xdotool mousemove 1500 400 click 1 key F5  # no window manager: focus follows the pointer
    sleep $wait
    import -window root '$out'
    kill \$app"
  rm -rf "$config"
  echo "wrote $out"
}
shoot resources/examples/rc_lowpass.kelvin docs/images/editor_rc.png 3
shoot resources/examples/dc_motor.kelvin docs/images/editor_motor.png 4
