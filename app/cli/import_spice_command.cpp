#include "cli/import_spice_command.h"

#include <optional>

#include "cli/atomic_output_file.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "import/spice_importer.h"
#include "model/input_file.h"
#include "model/model_file.h"
#include "model/model_validator.h"

namespace kelvin::cli {

std::string ImportSpiceCommand::summary() const {
  return "translate a SPICE netlist (R C L D Q M V I E F G H K X, .subckt, .tran, .noise) into a .kelvin model on stdout or --out";
}

std::vector<OptionSpec> ImportSpiceCommand::options() const {
  return {{"out", "M.kelvin", "write the model here, only if the import succeeds (default: stdout)"}};
}

int ImportSpiceCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("netlist (NETLIST.cir)");
  const std::optional<std::string> outPath = args.text("out");
  if (outPath && outPath->empty()) throw CliError(kExitUsage, "--out needs a file name");
  std::optional<AtomicOutputFile> file;
  if (outPath) file.emplace(*outPath, path);

  const core::InputFileText netlist = core::readInputFile(path);
  if (!netlist.text) throw core::ModelError(core::Diagnostic{path, "", "", "cannot read the netlist: " + netlist.error});
  const core::SpiceImport imported = core::importSpice(*netlist.text, path, context.registry());
  for (const core::Diagnostic& warning : imported.warnings) context.err() << "warning: " << warning.toString() << '\n';
  const std::vector<core::Diagnostic> problems = core::validateModel(imported.model, context.registry(), path);
  if (core::hasErrors(problems)) throw core::ModelError(core::errorsOf(problems));

  std::ostream& out = file ? file->stream() : context.out();
  out << core::serializeModel(imported.model);
  if (file) {
    file->commit();
  } else if (!out.flush()) {
    throw CliError(kExitOutputError, "cannot write the model to stdout");
  }
  return kExitSuccess;
}

}  // namespace kelvin::cli
