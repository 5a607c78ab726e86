#include "cli/validate_command.h"

#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "model/model_file.h"
#include "run/model_check.h"

namespace kelvin::cli {

std::string ValidateCommand::summary() const {
  return "check a model; exit 0 (warnings and notes such as free ends on stderr), or exit 2 with "
         "'file:block.port: message' lines on stderr";
}

int ValidateCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  // The GUI's Validate runs the same check: validation, then compilation (structural
  // analysis) and the initial state (an algebraic loop without solution shows only there).
  // Errors reach the dispatcher as a ModelError (exit 2); warnings and free ends are printed.
  const std::vector<core::Diagnostic> found = core::checkModel(core::loadModel(path), context.registry(), path);
  if (core::hasErrors(found)) throw core::ModelError(core::errorsOf(found));
  context.report(found, true);
  return kExitSuccess;
}

}  // namespace kelvin::cli
