#include "solve/simulation_options.h"

#include "expr/si_number.h"
#include "model/diagnostic.h"

namespace kelvin::core {

namespace {
double settingNumber(const std::string& text, const char* name, const std::string& file) {
  auto value = parseSiNumber(text);
  if (!value) throw ModelError(Diagnostic{file, "", "", std::string("setting ") + name + ": '" + text + "' is not a number"});
  return *value;
}
}  // namespace

using ProjectionStart = SimulationOptions::ProjectionStart;
using Initial = SimulationOptions::Initial;

SimulationOptions SimulationOptions::fromSettings(const Settings& settings, const std::string& file) {
  SimulationOptions o;
  o.stopTime = settingNumber(settings.stopTime, "stop_time", file);
  o.solver = settings.solver;
  o.rtol = settings.rtol;
  o.atol = settings.atol;
  o.step = settings.step.empty() ? 0.0 : settingNumber(settings.step, "step", file);
  o.projection = settings.projection;
  if (settings.extra.contains("projection_start")) {
    const Json& start = settings.extra["projection_start"];
    if (start == "integrated")
      o.projectionStart = ProjectionStart::Integrated;
    else if (start != "overshot")
      throw ModelError(Diagnostic{file, "", "", "setting projection_start: use \"overshot\" or \"integrated\""});
  }
  if (settings.extra.contains("initial")) {
    const Json& initial = settings.extra["initial"];
    if (initial == "operating_point")
      o.initial = Initial::OperatingPoint;
    else if (initial != "ic")
      throw ModelError(Diagnostic{file, "", "", "setting initial: use \"operating_point\" or \"ic\""});
  }
  return o;
}

}  // namespace kelvin::core
