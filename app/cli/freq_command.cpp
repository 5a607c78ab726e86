#include "cli/freq_command.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <ostream>

#include "cli/abcd_request.h"
#include "cli/atomic_output_file.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "linearize/frequency_plan.h"
#include "linearize/frequency_response.h"
#include "model/model_file.h"
#include "run/ac_sweep.h"

namespace kelvin::cli {

namespace {

/// A 1-based output index given as --w1/--w2, as a 0-based one.
int outputIndex(const CliArguments& args, const char* name, int fallback) {
  const std::optional<double> value = args.number(name);
  if (!value) return fallback;
  if (*value < 1 || *value != std::floor(*value))
    throw CliError(kExitUsage, std::string("--") + name + " takes an output number 1, 2, ...");
  return static_cast<int>(*value) - 1;
}

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

}  // namespace

std::string FreqCommand::summary() const {
  return "frequency response (Bode/Nyquist of W_k or W_k/W_m, Mikhailov); CSV 'freq_hz,re,im,mag_db,phase_deg'";
}

std::vector<OptionSpec> FreqCommand::options() const {
  std::vector<OptionSpec> specs = AbcdRequest::options();
  specs.insert(specs.end(), {
                                {"fmin", "F1", "lowest frequency in Hz (default: an imported .ac card's, else from the poles and sample rates)"},
                                {"fmax", "F2", "highest frequency in Hz (default: from the poles and sample rates)"},
                                {"points", "N", "exactly N frequencies (default: 200 log-spaced plus points around "
                                                "each resonance)"},
                                {"linear", "", "space the frequencies evenly instead of logarithmically"},
                                {"w1", "k", "the output W_k of the ratio W_k/W_m (default 1)"},
                                {"w2", "m", "the output W_m of the ratio (default: the same as --w1)"},
                                {"kind", "bode|nyquist|mikhailov", "the ratio W_k/W_m (bode, nyquist) or det([w] - A)"},
                                {"out", "F.csv", "write the CSV here, only if the analysis succeeds (default: stdout)"},
                            });
  return specs;
}

int FreqCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const AbcdRequest request(args);
  const std::optional<double> fmin = args.number("fmin"), fmax = args.number("fmax");
  const std::optional<double> points = args.number("points");
  if (points && (*points < 1 || *points != std::floor(*points) || *points > 1e7))
    throw CliError(kExitUsage, "--points takes a whole number of frequencies, 1 or more");
  const bool linear = args.flag("linear");
  const std::string kindName = args.text("kind").value_or("bode");
  if (kindName != "bode" && kindName != "nyquist" && kindName != "mikhailov")
    throw CliError(kExitUsage, "--kind takes bode, nyquist or mikhailov");
  const auto kind = kindName == "mikhailov" ? core::FrequencyKind::Mikhailov : core::FrequencyKind::Transfer;
  const int w1 = outputIndex(args, "w1", 0);
  const int w2 = outputIndex(args, "w2", w1);
  const std::optional<std::string> outPath = args.text("out");
  if (outPath && outPath->empty()) throw CliError(kExitUsage, "--out needs a file name");
  std::optional<AtomicOutputFile> file;
  if (outPath) file.emplace(*outPath, path);

  // An imported SPICE .ac card gives the sweep when no option does.
  std::optional<core::AcSweep> acCard;
  if (!fmin && !fmax && !points && !linear) acCard = core::AcSweep::fromSettings(core::loadModel(path).settings);
  const core::AbcdIdentificationResult result = request.identify(path, context);
  const core::AbcdMatrix& abcd = result.exact;
  // The band from the poles and sample rates (FrequencyPlan) where none is given.
  // (Without a reduced form there are no eigenvalues: the band goes by the sample rates alone.)
  const core::FrequencyPlan plan = core::FrequencyPlan::ofAbcd(abcd, result.eigenvalues);
  const core::FrequencyBand band{fmin.value_or(plan.responseBand().lowHz), fmax.value_or(plan.responseBand().highHz)};
  std::vector<double> hz;
  try {
    hz = acCard ? acCard->frequencies() : points || linear ? core::frequencyGrid(band.lowHz, band.highHz, points ? static_cast<int>(*points) : core::FrequencyPlan::kDefaultPoints, !linear)
                          : plan.grid(band, core::FrequencyPlan::kDefaultPoints);
  } catch (const std::invalid_argument& e) {
    throw CliError(kExitUsage, e.what());
  }
  if (kind == core::FrequencyKind::Transfer) {
    if (!abcd.hasInput())
      throw CliError(kExitInvalidModel, path + ": the model has no analysis.Inp marker; a transfer needs one where "
                                               "the input enters (or use --kind mikhailov)");
    const int outputs = static_cast<int>(abcd.outputs.size());
    if (outputs == 0)
      throw CliError(kExitInvalidModel, path + ": the model has no analysis.Out marker; a transfer needs one wired to "
                                               "the outputs (or use --kind mikhailov)");
    for (int w : {w1, w2})
      if (w >= outputs)
        throw CliError(kExitInvalidModel, "output W" + std::to_string(w + 1) + " does not exist: the analysis.Out marker has " +
                                       std::to_string(outputs) + " input" + (outputs == 1 ? "" : "s"));
  }
  core::FrequencySweep sweep;
  try {
    sweep = core::FrequencyResponse(abcd).sweep(kind, w1, w2, hz);
  } catch (const std::invalid_argument& e) {
    throw CliError(kExitInvalidModel, path + ": " + e.what());
  }
  for (double f : sweep.skippedHz)
    context.err() << "kelvin-cli: warning: skipped " << number(f) << " Hz: "
                  << (kind == core::FrequencyKind::Mikhailov ? "[w] is infinite there"
                                                             : "[w] - A is singular there (a pole on the axis) or W" +
                                                                   std::to_string(w2 + 1) + " = 0")
                  << '\n';
  if (sweep.largestPhaseStepDeg > 90.0)
    context.err() << "kelvin-cli: warning: the phase changes by up to " << number(sweep.largestPhaseStepDeg)
                  << " degrees between neighbouring frequencies; use more --points for a reliable unwrapped phase\n";
  if (sweep.samples.empty()) throw CliError(kExitInvalidModel, path + ": the response exists at none of the frequencies");

  std::ostream& out = file ? file->stream() : context.out();
  out << "freq_hz,re,im,mag_db,phase_deg\n";
  for (const core::FrequencySample& s : sweep.samples)
    out << number(s.hz) << ',' << number(s.value.real()) << ',' << number(s.value.imag()) << ','
        << number(s.magnitudeDb) << ',' << number(s.phaseDeg) << '\n';
  if (file) {
    file->commit();
  } else if (!out.flush()) {
    throw CliError(kExitOutputError, "cannot write the CSV to stdout");
  }
  return kExitSuccess;
}

}  // namespace kelvin::cli
