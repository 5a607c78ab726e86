#include "cli/abcd_request.h"

#include <utility>

#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "run/compiled_model.h"
#include "solve/simulation_error.h"

namespace kelvin::cli {

AbcdRequest::AbcdRequest(const CliArguments& args) {
  if (std::optional<double> at = args.number("at")) at_ = *at;
  if (std::optional<double> delta = args.number("delta")) delta_ = *delta;
  if (!(at_ >= 0.0)) throw CliError(kExitUsage, "--at must not be negative");
  if (!(delta_ > 0.0)) throw CliError(kExitUsage, "--delta must be positive");
}

std::vector<OptionSpec> AbcdRequest::options() {
  return {
      {"at", "T", "identify the model in the state a run reaches at time T (default 0: the initial state)"},
      {"delta", "D", "relative increment of the finite-difference cross-check (default 1e-6)"},
  };
}

core::AbcdIdentificationResult AbcdRequest::identify(const std::string& path, CommandContext& context) const {
  core::Model model = context.loadValidModel(path);
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, path);
  const auto compiled = core::compileModel(std::move(model), context.registry(), path);  // frees the model early
  try {
    return core::identifyAbcd(*compiled, options, at_, delta_);
  } catch (const core::SimulationError& e) {
    if (e.time() <= options.startTime) throw;  // no consistent initial state: a fault of the model
    std::string message = "the run to t = " + std::to_string(at_) + " s failed";
    for (const core::Diagnostic& d : e.diagnostics()) message += "\n" + d.toString();
    throw CliError(kExitSimulationFailed, message);
  }
}

}  // namespace kelvin::cli
