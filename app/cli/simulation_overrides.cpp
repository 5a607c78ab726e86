#include "cli/simulation_overrides.h"

#include <algorithm>
#include <array>

#include "cli/cli_error.h"

namespace kelvin::cli {

namespace {

constexpr std::array<const char*, 4> kSolvers{"ida", "euler", "trapezoid", "bdf2"};

std::optional<double> readPositive(const CliArguments& args, const char* name, bool zeroAllowed) {
  std::optional<double> value = args.number(name);
  if (value && !(*value > 0.0 || (zeroAllowed && *value == 0.0))) {
    throw CliError(kExitUsage,
                   std::string("--") + name + (zeroAllowed ? " must not be negative" : " must be positive"));
  }
  return value;
}

}  // namespace

std::vector<OptionSpec> simulationOverrideOptions() {
  return {
      {"stop", "T", "stop time (default: the model's stop_time)"},
      {"solver", "NAME", "ida, euler, trapezoid or bdf2 (default: the model's solver)"},
      {"step", "H", "fixed step; for ida the output interval, 0 = every step (default: the model's step)"},
      {"rtol", "R", "relative tolerance (default: the model's rtol)"},
      {"atol", "A", "absolute tolerance (default: the model's atol)"},
      {"no-projection", "", "do not project the state at constraint changes"},
      {"projection-start", "overshot|integrated", "fixed step: project the overshot state, or the state one step on"},
      {"max-steps", "N", "refuse a fixed-step run needing more than N steps; stop an adaptive one after N (exit 3)"},
  };
}

SimulationOverrides::SimulationOverrides(const CliArguments& args) {
  stop = readPositive(args, "stop", false);
  step = readPositive(args, "step", true);
  rtol = readPositive(args, "rtol", false);
  atol = readPositive(args, "atol", false);
  maxSteps = readPositive(args, "max-steps", false);
  solver = args.text("solver");
  if (solver && std::find(kSolvers.begin(), kSolvers.end(), *solver) == kSolvers.end()) {
    throw CliError(kExitUsage, "unknown solver '" + *solver + "' (use ida, euler, trapezoid or bdf2)");
  }
  noProjection = args.flag("no-projection");
  projectionStart = args.text("projection-start");
  if (projectionStart && *projectionStart != "overshot" && *projectionStart != "integrated")
    throw CliError(kExitUsage, "--projection-start takes overshot or integrated");
}

void SimulationOverrides::applyTo(core::SimulationOptions& options) const {
  if (stop) options.stopTime = *stop;
  if (step) options.step = *step;
  if (rtol) options.rtol = *rtol;
  if (atol) options.atol = *atol;
  if (maxSteps) options.maxSteps = *maxSteps;
  if (solver) options.solver = *solver;
  if (noProjection) options.projection = false;
  if (projectionStart)
    options.projectionStart = *projectionStart == "integrated" ? core::SimulationOptions::ProjectionStart::Integrated
                                                               : core::SimulationOptions::ProjectionStart::Overshot;
}

std::vector<std::string> splitNameList(const std::string& list, const std::string& option) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    std::string name = list.substr(start, comma - start);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (name.empty()) throw CliError(kExitUsage, option + ": empty name in '" + list + "'");
    names.push_back(std::move(name));
    start = comma + 1;
  }
  return names;
}

}  // namespace kelvin::cli
