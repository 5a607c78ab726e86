#include "run/ac_sweep.h"

#include <cmath>

#include "linearize/frequency_response.h"

namespace kelvin::core {

std::optional<AcSweep> AcSweep::fromSettings(const Settings& settings) {
  if (!settings.extra.contains("ac_card")) return std::nullopt;
  const Json& card = settings.extra["ac_card"];
  if (!card.is_object()) return std::nullopt;
  const double fstart = card.value("fstart", 0.0), fstop = card.value("fstop", 0.0), points = card.value("points", 0.0);
  const std::string sweep = card.value("sweep", std::string());
  if (!(fstart > 0.0 && fstop > fstart && points >= 1.0 && points <= 1e6)) return std::nullopt;
  AcSweep result{.lowHz = fstart, .highHz = fstop, .points = 0, .logarithmic = sweep != "lin"};
  if (sweep == "dec")
    result.points = static_cast<int>(std::ceil(points * std::log10(fstop / fstart) - 1e-9)) + 1;
  else if (sweep == "oct")
    result.points = static_cast<int>(std::ceil(points * std::log2(fstop / fstart) - 1e-9)) + 1;
  else if (sweep == "lin")
    result.points = static_cast<int>(points);
  else
    return std::nullopt;
  result.points = std::max(result.points, 2);
  return result;
}

std::vector<double> AcSweep::frequencies() const { return frequencyGrid(lowHz, highHz, points, logarithmic); }

}  // namespace kelvin::core
