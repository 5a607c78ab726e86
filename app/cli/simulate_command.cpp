#include "cli/simulate_command.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <iomanip>
#include <memory>
#include <optional>
#include <ostream>

#include <spdlog/spdlog.h>

#include "cli/atomic_output_file.h"
#include "cli/batch_heap.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "cli/csv_writer.h"
#include "cli/fast_exit.h"
#include "cli/signal_selection.h"
#include "cli/simulation_overrides.h"
#include "model/diagnostic.h"
#include "run/simulator.h"
#include "solve/simulation_error.h"

namespace kelvin::cli {

std::string SimulateCommand::summary() const {
  return "run a transient simulation; CSV 'time,<signal>...' to stdout or --out";
}

std::vector<OptionSpec> SimulateCommand::options() const {
  std::vector<OptionSpec> options = simulationOverrideOptions();
  options.insert(options.end(), {
      {"signals", "a,b", "write only these signals, in this order (default: block outputs and states)"},
      {"events", "", "print the event log (time, block, what changed) on stderr"},
      {"out", "F.csv", "write the CSV here, only if the run succeeds (default: stdout)"},
  });
  return options;
}

int SimulateCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const SimulationOverrides overrides(args);
  std::optional<std::vector<std::string>> wanted;
  if (std::optional<std::string> list = args.text("signals")) wanted = splitNameList(*list, "--signals");
  const std::optional<std::string> outPath = args.text("out");
  if (outPath && outPath->empty()) throw CliError(kExitUsage, "--out needs a file name");
  // Created first, so that a bad output path fails before any work is done.
  std::optional<AtomicOutputFile> file;
  if (outPath) file.emplace(*outPath, path);
  std::error_code unreadable;  // reported by loadValidModel below
  const std::uintmax_t modelBytes = std::filesystem::file_size(path, unreadable);
  const BatchHeap heap(unreadable ? 0 : modelBytes);

  core::SimulationOptions options;
  std::shared_ptr<const core::CompiledModel> compiled;
  {
    // The model is not needed once elaborated: the compiler lets it go before the eliminations
    // rather than holding a large model's blocks and connections in memory until the CSV is written.
    core::Model model = context.loadValidModel(path);
    options = core::SimulationOptions::fromSettings(model.settings, path);
    overrides.applyTo(options);
    // A run draws no noise; the energies weigh the state projection at constraint changes.
    compiled = core::compileModel(std::move(model), context.registry(), path, {},
                                  core::CompileProducts::run(options.projection));
  }
  const std::vector<std::string>& names = core::signalNames(*compiled);
  const std::vector<std::size_t> columns =
      selectSignals(wanted ? *wanted : core::defaultSignalNames(*compiled), names);

  // The engine samples only the chosen signals, in CSV order.
  std::vector<std::string> chosen;
  std::vector<std::size_t> order;
  for (std::size_t column : columns) {
    options.outputs.push_back(static_cast<int>(column));
    order.push_back(chosen.size());
    chosen.push_back(names[column]);
  }
  std::ostream& out = file ? file->stream() : context.out();
  CsvWriter writer(out, chosen, order);
  writer.writeHeader();
  core::SimulationStats stats;
  try {
    core::EventCallback onEvent;
    if (args.flag("events")) {
      onEvent = [&context](const core::EventRecord& event) {
        context.err() << "event t=" << std::setprecision(17) << event.time << " s " << (event.block.empty() ? "-" : event.block) << ": "
                      << event.what << '\n';
      };
    }
    stats = core::simulate(
        *compiled, options, [&writer](double time, const std::vector<double>& values) { writer.writeSample(time, values); },
        nullptr, onEvent);
  } catch (const core::ModelError& e) {
    // No consistent state at the start is a fault of the model (exit 2), not of the run.
    const auto* failure = dynamic_cast<const core::SimulationError*>(&e);
    const bool atStart = !failure || failure->time() <= options.startTime;
    // The diagnostic says why (no consistent initial state, a first step that fails for a stop
    // time far too large, a step too small for the stop time): the headline only says when.
    context.err() << (!failure ? "kelvin-cli: cannot run the simulation\n"
                      : atStart ? "kelvin-cli: the simulation cannot start\n"
                                : "kelvin-cli: simulation failed\n");
    for (const core::Diagnostic& diagnostic : e.diagnostics()) context.err() << diagnostic.toString() << '\n';
    return atStart ? kExitInvalidModel : kExitSimulationFailed;
  }
  if (file) {
    file->commit();
  } else if (!out.flush()) {
    throw CliError(kExitOutputError, "cannot write the CSV to stdout");
  }
  spdlog::info("{}: {} steps, {} residual and {} Jacobian evaluations, {} events, ended at t = {}", path, stats.steps,
               stats.residualEvaluations, stats.jacobianEvaluations, stats.events, stats.endTime);
  // The CSV is complete and closed: the model's structures need not be freed one by one.
  exitWithoutTeardown(kExitSuccess);
  return kExitSuccess;
}

}  // namespace kelvin::cli
