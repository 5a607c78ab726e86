#include "cli/noise_command.h"

#include <cmath>
#include <iomanip>
#include <optional>
#include <ostream>

#include "cli/atomic_output_file.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "cli/csv_writer.h"
#include "cli/simulation_overrides.h"
#include "run/noise_run.h"
#include "solve/simulation_error.h"

namespace kelvin::cli {

namespace {

void writeBudget(std::ostream& out, const core::NoiseSpectrum& spectrum) {
  out << std::setprecision(6);
  const double fmin = spectrum.frequencies.front(), fmax = spectrum.frequencies.back();
  for (std::size_t o = 0; o < spectrum.outputs.size(); ++o) {
    const double total = spectrum.totalVariance[o];
    out << spectrum.outputs[o] << ": integrated noise " << total << " (rms " << std::sqrt(total) << ") over "
        << fmin << " .. " << fmax << " Hz, " << spectrum.frequencies.size() << " frequencies, estimated error "
        << spectrum.relativeError[o] << " (relative)\n";
    for (const auto& c : spectrum.budget[o])
      out << "  " << std::setw(24) << std::left << c.source << std::right << std::setw(14) << c.variance
          << std::setw(9) << std::fixed << std::setprecision(2) << (total > 0.0 ? 100.0 * c.variance / total : 0.0)
          << " %\n"
          << std::defaultfloat << std::setprecision(6);
  }
}

/// Runs `analysis`; a failure after the start is exit 3 (the run failed), at the start exit 2.
template <typename Analysis>
int guarded(CommandContext& context, double start, Analysis analysis) {
  try {
    analysis();
  } catch (const core::ModelError& e) {
    const auto* failure = dynamic_cast<const core::SimulationError*>(&e);
    const bool atStart = !failure || failure->time() <= start;
    context.err() << "kelvin-cli: noise analysis failed\n";
    for (const core::Diagnostic& diagnostic : e.diagnostics()) context.err() << diagnostic.toString() << '\n';
    return atStart ? kExitInvalidModel : kExitSimulationFailed;
  }
  return kExitSuccess;
}

}  // namespace

std::string NoiseCommand::summary() const {
  return "noise spectrum and budget (--psd) or transient noise envelope (--transient); CSV";
}

std::vector<OptionSpec> NoiseCommand::options() const {
  std::vector<OptionSpec> options = simulationOverrideOptions();
  options.insert(options.end(), {
      {"psd", "", "noise spectrum at an operating point, with the integrated noise and the budget"},
      {"transient", "", "mean and variance along the run"},
      {"at", "T", "--psd: the operating point is the state at time T (default: the initial state)"},
      {"fmin", "F", "--psd: lowest frequency (default: an imported .noise card's, else 1e-5 of the slowest pole)"},
      {"fmax", "F", "--psd: highest frequency (default: the .noise card's, else 1e5 times the fastest pole)"},
      {"points", "N", "--psd: log-spaced frequencies before refinement (default: the .noise card's, else 200)"},
      {"no-refine", "", "--psd: exactly --points log-spaced frequencies, integrated by trapezoids (default, "
                        "except for a .noise card: points are added around the resonant poles and where the "
                        "PSD curves, until the integral is within 1e-5)"},
      {"monte-carlo", "N", "--transient: an ensemble of N runs instead of covariance propagation"},
      {"seed", "S", "--monte-carlo: the seed (default: the model's, else 1)"},
      {"signals", "a,b", "report these signals too (e.g. a gain after a sensor)"},
      {"method", "M", "elements (each element's own sources) or portions (each passive portion's port sources "
                      "by Bosma's theorem; default: the model's noise.method, else elements)"},
      {"out", "F.csv", "write the CSV here, only if the analysis succeeds (default: stdout)"},
  });
  return options;
}

int NoiseCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const bool psd = args.flag("psd"), transient = args.flag("transient");
  if (psd == transient) throw CliError(kExitUsage, "give one of --psd or --transient");
  const SimulationOverrides overrides(args);
  const std::optional<std::string> outPath = args.text("out");
  if (outPath && outPath->empty()) throw CliError(kExitUsage, "--out needs a file name");
  const std::optional<double> points = args.number("points"), runs = args.number("monte-carlo"),
                              seed = args.number("seed");
  if (points && (*points < 2 || *points != std::floor(*points))) throw CliError(kExitUsage, "--points must be an integer ≥ 2");
  if (runs && (*runs < 2 || *runs != std::floor(*runs))) throw CliError(kExitUsage, "--monte-carlo must be an integer ≥ 2");
  std::optional<AtomicOutputFile> file;
  if (outPath) file.emplace(*outPath, path);

  const core::Model model = context.loadValidModel(path);
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, path);
  overrides.applyTo(options);
  core::NoiseRunOptions noise = core::NoiseRunOptions::fromSettings(model.settings, path);
  if (std::optional<std::string> list = args.text("signals")) noise.extraSignals = splitNameList(*list, "--signals");
  if (runs) noise.monteCarloRuns = static_cast<int>(*runs);
  if (seed) noise.seed = static_cast<unsigned>(*seed);
  if (std::optional<std::string> method = args.text("method")) {
    const std::optional<core::NoiseMethod> parsed = core::noiseMethodFromName(*method);
    if (!parsed) throw CliError(kExitUsage, "--method must be elements or portions");
    noise.method = *parsed;
  }
  noise.prepareFor(model, context.registry(), path);
  if (noise.method == core::NoiseMethod::Portions) {
    noise.onWarning = [&](const std::string& warning) { context.err() << "kelvin-cli: warning: " << warning << '\n'; };
  }
  noise.onMonteCarloSources = [&](int drawn, int elements) {
    context.err() << "kelvin-cli: Monte Carlo draws " << drawn << " independent noise sources a step (the model has "
                  << elements << " element sources)\n";
  };
  const auto compiled = core::compileModel(model, context.registry(), path);
  const std::vector<std::string> outputs = core::noiseOutputNames(*compiled, noise);
  if (outputs.empty())
    throw core::ModelError(core::Diagnostic{path, "", "", "the model has no noise sensor and no --signals to report"});
  std::ostream& out = file ? file->stream() : context.out();

  int status = kExitSuccess;
  if (psd) {
    const double at = args.number("at").value_or(options.startTime);
    status = guarded(context, options.startTime, [&] {
      // Defaults: an imported .noise card's sweep, else the band and points of the poles (FrequencyPlan).
      core::NoiseSweep sweep = core::NoiseSweep::fromSettings(model.settings);
      if (const auto fmin = args.number("fmin")) sweep.lowHz = *fmin;
      if (const auto fmax = args.number("fmax")) sweep.highHz = *fmax;
      if (points) sweep.points = static_cast<int>(*points);
      if (args.flag("no-refine")) sweep.refine = false;
      if ((sweep.lowHz && !(*sweep.lowHz > 0.0)) || (sweep.lowHz && sweep.highHz && !(*sweep.highHz > *sweep.lowHz)))
        throw CliError(kExitUsage, "need 0 < --fmin < --fmax");
      const core::NoiseSpectrum spectrum = core::noiseSpectrum(*compiled, options, noise, at, sweep);
      for (const std::string& warning : spectrum.warnings) context.err() << "kelvin-cli: warning: " << warning << '\n';
      std::vector<std::string> columns;
      std::vector<std::size_t> order;
      for (const std::string& o : outputs) order.push_back(columns.size()), columns.push_back(o + ".psd");
      CsvWriter writer(out, columns, order, "freq_hz");
      writer.writeHeader();
      std::vector<double> row(outputs.size());
      for (std::size_t i = 0; i < spectrum.frequencies.size(); ++i) {
        for (std::size_t o = 0; o < outputs.size(); ++o) row[o] = spectrum.psd[o][i];
        writer.writeSample(spectrum.frequencies[i], row);
      }
      writeBudget(file ? context.out() : context.err(), spectrum);
    });
  } else {
    std::vector<std::string> columns;
    std::vector<std::size_t> order;
    for (const std::string& o : outputs) {
      order.push_back(columns.size()), columns.push_back(o + ".mean");
      order.push_back(columns.size()), columns.push_back(o + ".var");
    }
    CsvWriter writer(out, columns, order);
    writer.writeHeader();
    std::vector<double> row(columns.size());
    const core::NoiseSampleCallback onSample = [&](double t, const std::vector<double>& mean,
                                                   const std::vector<double>& variance) {
      for (std::size_t o = 0; o < mean.size(); ++o) row[2 * o] = mean[o], row[2 * o + 1] = variance[o];
      writer.writeSample(t, row);
    };
    status = guarded(context, options.startTime, [&] {
      if (noise.monteCarloRuns >= 2)
        core::simulateMonteCarlo(*compiled, options, noise, onSample);
      else
        core::simulateNoise(*compiled, options, noise, onSample);
    });
  }
  if (status != kExitSuccess) return status;
  if (file) {
    file->commit();
  } else if (!out.flush()) {
    throw CliError(kExitOutputError, "cannot write the CSV to stdout");
  }
  return kExitSuccess;
}

}  // namespace kelvin::cli
