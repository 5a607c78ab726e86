#!/usr/bin/env bash
# Takes the README's screenshots of the whole screen as a user sees it: the real `kelvin` under
# Xvfb at 1600×1000 with fresh settings, a model opened, F5 pressed, then the keys a user would
# press (a menu by its Alt mnemonic, an item by its letter), the screen captured. A window the
# keys open is moved to where a window manager would place it (there is none under Xvfb).
# Needs xvfb, xdotool and imagemagick (apt-get install xvfb xdotool imagemagick).
#   scripts/readme_screenshots.sh [build-dir]      (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}

# shoot MODEL OUT.png SECONDS [WINDOW-TITLE KEY...]: F5, wait SECONDS, press the keys; when a
# window titled WINDOW-TITLE ("-" for none) opens, it is moved to (260, 90).
shoot() {
  local model=$1 out=$2 wait=$3 title=${4:--}
  local keys="${*:5}"
  local config data
  config=$(mktemp -d)
  data=$(mktemp -d)
  XDG_CONFIG_HOME=$config XDG_DATA_HOME=$data xvfb-run -a -s "-screen 0 1600x1000x24" bash -c "
    '$build/app/kelvin' '$model' &
    app=\$!
    win=\$(xdotool search --sync --onlyvisible --name 'Kelvin' | head -1)
    xdotool windowmove \$win 0 0 windowsize \$win 1600 1000
    sleep 2
    xdotool mousemove 1500 400 click 1 key F5  # no window manager: focus follows the pointer
    sleep $wait
    for key in $keys; do xdotool key \$key; sleep 0.7; done
    if [[ '$title' != - ]]; then
      opened=\$(xdotool search --sync --onlyvisible --name '$title' | head -1)
      xdotool windowmove \$opened 260 90
      sleep 2
    fi
    import -window root '$out'
    kill \$app"
  rm -rf "$config" "$data"
  echo "wrote $out"
}

shoot resources/examples/rc_lowpass.kelvin docs/images/editor_rc.png 3
shoot resources/examples/dc_motor.kelvin docs/images/editor_motor.png 4
shoot resources/examples/brownian_resonator.kelvin docs/images/scope_noise_envelope.png 6
shoot resources/examples/k2_demo.kelvin docs/images/bode_k2.png 4 'Frequency Response' alt+s f
shoot resources/examples/k2_demo.kelvin docs/images/abcd_table_k2.png 4 'ABCD Identification' alt+s a
shoot resources/examples/rc_noise_spectrum.kelvin docs/images/noise_spectrum_rc.png 4 'Noise Spectrum' alt+s n
shoot resources/examples/half_wave_rectifier.kelvin docs/images/partition_overlay.png 4 - alt+v p
shoot resources/examples/bjt_low_noise_amplifier.kelvin docs/images/operating_point_bjt.png 4 - F8
shoot resources/examples/user_rc_noise.kelvin docs/images/component_editor.png 3 'Components' ctrl+shift+k
