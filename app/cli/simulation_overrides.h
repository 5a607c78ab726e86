#pragma once
// The command-line options that override a model's simulation settings (stop
// time, solver, step, tolerances, projection), shared by the commands that run
// a model (simulate, noise), read and checked before any work is done.

#include <optional>
#include <string>
#include <vector>

#include "cli/cli_arguments.h"
#include "run/simulator.h"

namespace kelvin::cli {

/// The option specs of SimulationOverrides, for a command's options().
std::vector<OptionSpec> simulationOverrideOptions();

struct SimulationOverrides {
  std::optional<double> stop, step, rtol, atol, maxSteps;
  std::optional<std::string> solver;
  bool noProjection = false;
  std::optional<std::string> projectionStart;

  /// Throws CliError (usage) for a value that is not a number, out of range, or an unknown solver.
  explicit SimulationOverrides(const CliArguments& args);
  void applyTo(core::SimulationOptions& options) const;
};

/// The names in a comma-separated list ("a, b"), blanks around them removed.
/// Throws CliError (usage) naming `option` on an empty name.
std::vector<std::string> splitNameList(const std::string& list, const std::string& option);

}  // namespace kelvin::cli
