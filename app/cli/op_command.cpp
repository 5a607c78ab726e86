#include "cli/op_command.h"

#include <cstdio>
#include <optional>
#include <ostream>
#include <utility>

#include "cli/atomic_output_file.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "cli/signal_selection.h"
#include "cli/simulation_overrides.h"
#include "model/diagnostic.h"
#include "run/simulator.h"

namespace kelvin::cli {

std::string OpCommand::summary() const { return "solve the DC operating point; CSV 'signal,value' to stdout or --out"; }

std::vector<OptionSpec> OpCommand::options() const {
  return {
      {"signals", "a,b", "write only these signals, in this order (default: every signal)"},
      {"out", "F.csv", "write the CSV here, only if the solve succeeds (default: stdout)"},
  };
}

int OpCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  std::optional<std::vector<std::string>> wanted;
  if (std::optional<std::string> list = args.text("signals")) wanted = splitNameList(*list, "--signals");
  const std::optional<std::string> outPath = args.text("out");
  if (outPath && outPath->empty()) throw CliError(kExitUsage, "--out needs a file name");
  std::optional<AtomicOutputFile> file;
  if (outPath) file.emplace(*outPath, path);

  core::Model model = context.loadValidModel(path);
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, path);
  const auto compiled = core::compileModel(std::move(model), context.registry(), path);  // frees the model early
  const std::vector<std::string>& names = core::signalNames(*compiled);
  const std::vector<std::size_t> rows = selectSignals(wanted ? *wanted : names, names);
  std::vector<double> values;
  try {
    values = core::signalValues(*compiled, core::dcOperatingPoint(*compiled, options));
  } catch (const core::ModelError& e) {
    context.err() << "kelvin-cli: no DC operating point\n";
    for (const core::Diagnostic& diagnostic : e.diagnostics()) context.err() << diagnostic.toString() << '\n';
    return kExitSimulationFailed;
  }
  std::ostream& out = file ? file->stream() : context.out();
  out << "signal,value\n";
  char number[32];
  for (std::size_t row : rows) {
    std::snprintf(number, sizeof number, "%.17g", values[row]);
    out << names[row] << ',' << number << '\n';
  }
  if (file) {
    file->commit();
  } else if (!out.flush()) {
    throw CliError(kExitOutputError, "cannot write the CSV to stdout");
  }
  return kExitSuccess;
}

}  // namespace kelvin::cli
