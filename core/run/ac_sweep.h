#pragma once
// The frequency sweep an imported SPICE `.ac` card carries (settings.extra["ac_card"]:
// sweep dec|oct|lin, points, fstart, fstop), for the frequency analyses that take no sweep
// of their own (kelvin-cli freq without --fmin, --fmax, --points).

#include <optional>
#include <vector>

#include "model/model.h"

namespace kelvin::core {

struct AcSweep {
  double lowHz = 0.0, highHz = 0.0;
  int points = 0;  // frequencies in all, both ends included
  bool logarithmic = true;

  /// The sweep of settings.extra["ac_card"]; nullopt when there is none or it is malformed.
  /// dec and oct give `points` per decade or octave, as SPICE does; lin gives `points` in all.
  static std::optional<AcSweep> fromSettings(const Settings& settings);
  /// The frequencies of the sweep, Hz.
  std::vector<double> frequencies() const;
};

}  // namespace kelvin::core
