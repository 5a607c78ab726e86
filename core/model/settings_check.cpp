#include "model/settings_check.h"

#include <cmath>
#include <optional>
#include <sstream>

#include "expr/si_number.h"

namespace kelvin::core {

std::vector<Diagnostic> checkSettings(const Settings& settings, const std::string& file) {
  std::vector<Diagnostic> problems;
  auto refuse = [&](const char* key, double value, const char* rule) {
    std::ostringstream os;
    os << "settings: " << key << " = " << value << " " << rule;
    problems.push_back(Diagnostic{file, "", "", os.str()});
  };
  auto positiveTime = [&](const char* key, const std::string& text) {
    const std::optional<double> value = text.empty() ? std::nullopt : parseSiNumber(text);
    if (value && !(*value > 0.0 && std::isfinite(*value))) refuse(key, *value, "must be a time > 0 s");
  };
  positiveTime("stop_time", settings.stopTime);
  positiveTime("step", settings.step);
  if (!(settings.rtol > 0.0 && settings.rtol < 1.0))
    refuse("rtol", settings.rtol, "must be between 0 and 1 (e.g. 1e-6)");
  if (!(settings.atol > 0.0 && std::isfinite(settings.atol))) refuse("atol", settings.atol, "must be > 0 (e.g. 1e-9)");
  if (!(settings.temperature > 0.0 && std::isfinite(settings.temperature)))
    refuse("temperature", settings.temperature, "K is impossible: an absolute temperature must be > 0 K");
  if (settings.extra.contains("initial")) {
    const Json& initial = settings.extra["initial"];
    if (initial != "ic" && initial != "operating_point")
      problems.push_back(
          Diagnostic{file, "", "",
                     "settings: initial = " + initial.dump() + " is not a start: use \"operating_point\" or \"ic\""});
  }
  return problems;
}

}  // namespace kelvin::core
