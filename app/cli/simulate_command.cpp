#include "cli/simulate_command.h"

#include <algorithm>
#include <iomanip>
#include <array>
#include <optional>
#include <ostream>

#include <spdlog/spdlog.h>

#include "cli/atomic_output_file.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "cli/csv_writer.h"
#include "model/diagnostic.h"
#include "run/simulator.h"
#include "solve/simulation_error.h"

namespace kelvin::cli {

namespace {

constexpr std::array<const char*, 4> kSolvers{"ida", "euler", "trapezoid", "bdf2"};

/// The options that override the model's settings, read and checked before any work is done.
/// Throws CliError (usage) for a value that is not a number, out of range, or an unknown solver.
struct Overrides {
  std::optional<double> stop, step, rtol, atol;
  std::optional<std::string> solver;
  bool noProjection = false;
  std::optional<std::string> projectionStart;

  explicit Overrides(const CliArguments& args) {
    stop = read(args, "stop", false);
    step = read(args, "step", true);
    rtol = read(args, "rtol", false);
    atol = read(args, "atol", false);
    solver = args.text("solver");
    if (solver && std::find(kSolvers.begin(), kSolvers.end(), *solver) == kSolvers.end()) {
      throw CliError(kExitUsage, "unknown solver '" + *solver + "' (use ida, euler, trapezoid or bdf2)");
    }
    noProjection = args.flag("no-projection");
    projectionStart = args.text("projection-start");
    if (projectionStart && *projectionStart != "overshot" && *projectionStart != "integrated")
      throw CliError(kExitUsage, "--projection-start takes overshot or integrated");
  }

  void applyTo(core::SimulationOptions& options) const {
    if (stop) options.stopTime = *stop;
    if (step) options.step = *step;
    if (rtol) options.rtol = *rtol;
    if (atol) options.atol = *atol;
    if (solver) options.solver = *solver;
    if (noProjection) options.projection = false;
    if (projectionStart)
      options.projectionStart = *projectionStart == "integrated" ? core::SimulationOptions::ProjectionStart::Integrated
                                                                  : core::SimulationOptions::ProjectionStart::Overshot;
  }

 private:
  static std::optional<double> read(const CliArguments& args, const char* name, bool zeroAllowed) {
    std::optional<double> value = args.number(name);
    if (value && !(*value > 0.0 || (zeroAllowed && *value == 0.0))) {
      throw CliError(kExitUsage,
                     std::string("--") + name + (zeroAllowed ? " must not be negative" : " must be positive"));
    }
    return value;
  }
};

/// The names in `--signals a,b`, blanks around them removed. Throws CliError (usage) on an empty name.
std::vector<std::string> splitSignalList(const std::string& list) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    std::string name = list.substr(start, comma - start);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (name.empty()) throw CliError(kExitUsage, "--signals: empty signal name in '" + list + "'");
    names.push_back(std::move(name));
    start = comma + 1;
  }
  return names;
}

/// The indices in `names` of the `wanted` signals.
/// Throws CliError (exit 2) naming an unknown signal and listing the available ones.
std::vector<std::size_t> selectSignals(const std::vector<std::string>& wanted, const std::vector<std::string>& names) {
  std::vector<std::size_t> columns;
  for (const std::string& name : wanted) {
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      std::string available;
      for (const std::string& n : names) available += (available.empty() ? "" : ", ") + n;
      throw CliError(kExitInvalidModel, "unknown signal '" + name + "' in --signals; available signals: " +
                                            (available.empty() ? "(none)" : available));
    }
    columns.push_back(static_cast<std::size_t>(it - names.begin()));
  }
  return columns;
}

}  // namespace

std::string SimulateCommand::summary() const {
  return "run a transient simulation; CSV 'time,<signal>...' to stdout or --out";
}

std::vector<OptionSpec> SimulateCommand::options() const {
  return {
      {"stop", "T", "stop time (default: the model's stop_time)"},
      {"solver", "NAME", "ida, euler, trapezoid or bdf2 (default: the model's solver)"},
      {"step", "H", "fixed step; for ida the output interval, 0 = every step (default: the model's step)"},
      {"rtol", "R", "relative tolerance (default: the model's rtol)"},
      {"atol", "A", "absolute tolerance (default: the model's atol)"},
      {"no-projection", "", "do not project the state at constraint changes"},
      {"projection-start", "overshot|integrated", "fixed step: project the overshot state, or the state one step on"},
      {"signals", "a,b", "write only these signals, in this order (default: block outputs and states)"},
      {"events", "", "print the event log (time, block, what changed) on stderr"},
      {"out", "F.csv", "write the CSV here, only if the run succeeds (default: stdout)"},
  };
}

int SimulateCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const Overrides overrides(args);
  std::optional<std::vector<std::string>> wanted;
  if (std::optional<std::string> list = args.text("signals")) wanted = splitSignalList(*list);
  const std::optional<std::string> outPath = args.text("out");
  if (outPath && outPath->empty()) throw CliError(kExitUsage, "--out needs a file name");
  // Created first, so that a bad output path fails before any work is done.
  std::optional<AtomicOutputFile> file;
  if (outPath) file.emplace(*outPath);

  const core::Model model = context.loadValidModel(path);
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, path);
  overrides.applyTo(options);
  const auto compiled = core::compileModel(model, context.registry(), path);
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
    context.err() << (atStart ? "kelvin-cli: the model has no consistent initial state\n"
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
  return kExitSuccess;
}

}  // namespace kelvin::cli
