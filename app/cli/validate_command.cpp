#include "cli/validate_command.h"

#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "run/simulator.h"

namespace kelvin::cli {

std::string ValidateCommand::summary() const {
  return "check a model; exit 0 (warnings and notes such as free ends on stderr), or exit 2 with "
         "'file:block.port: message' lines on stderr";
}

int ValidateCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const core::Model model = context.loadValidModel(path, true);
  // Structural analysis runs at compilation, and the initial state is solved for (an
  // algebraic loop without solution shows only there); a ModelError reaches the
  // dispatcher (exit 2).
  const auto compiled = core::compileModel(model, context.registry(), path);
  core::checkInitialState(*compiled, core::SimulationOptions::fromSettings(model.settings, path));
  return kExitSuccess;
}

}  // namespace kelvin::cli
