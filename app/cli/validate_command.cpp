#include "cli/validate_command.h"

#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "run/simulator.h"

namespace kelvin::cli {

std::string ValidateCommand::summary() const {
  return "check a model; exit 0, or exit 2 with 'file:block.port: message' lines on stderr";
}

int ValidateCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const core::Model model = context.loadValidModel(path);
  // Structural analysis runs at compilation; its ModelError reaches the dispatcher (exit 2).
  core::compileModel(model, context.registry(), path);
  return kExitSuccess;
}

}  // namespace kelvin::cli
