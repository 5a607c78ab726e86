#include "cli/abcd_command.h"

#include <optional>
#include <ostream>

#include <spdlog/spdlog.h>

#include "cli/abcd_request.h"
#include "cli/atomic_output_file.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "linearize/abcd_export.h"

namespace kelvin::cli {

std::string AbcdCommand::summary() const {
  return "ABCD identification at a time; JSON (or CSV, Octave .m) to stdout or --out";
}

std::vector<OptionSpec> AbcdCommand::options() const {
  std::vector<OptionSpec> specs = AbcdRequest::options();
  specs.push_back({"reduced", "", "eliminate the =0 (algebraic) rows"});
  specs.push_back({"format", "json|csv|m", "output format (default json)"});
  specs.push_back({"out", "F", "write here, only if the identification succeeds (default: stdout)"});
  return specs;
}

int AbcdCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const AbcdRequest request(args);
  const std::string format = args.text("format").value_or("json");
  if (format != "json" && format != "csv" && format != "m") throw CliError(kExitUsage, "--format takes json, csv or m");
  const std::optional<std::string> outPath = args.text("out");
  if (outPath && outPath->empty()) throw CliError(kExitUsage, "--out needs a file name");
  std::optional<AtomicOutputFile> file;
  if (outPath) file.emplace(*outPath, path);

  const core::AbcdIdentificationResult result = request.identify(path, context);
  core::AbcdReport report{result.exact, args.flag("reduced"), result.eigenvalues, result.delta, result.discrepancy};
  if (!result.reduced) {
    if (report.reduced) throw CliError(kExitInvalidModel, "cannot reduce: " + result.reductionError);
    spdlog::warn("{}: no eigenvalues: {}", path, result.reductionError);
  } else if (report.reduced) {
    report.abcd = *result.reduced;
  }
  if (result.discrepancy > 1e-4)
    spdlog::warn("{}: exact and finite-difference ABCD differ by {} (row-relative)", path, result.discrepancy);
  const std::string text = format == "json" ? core::abcdToJson(report)
                           : format == "csv" ? core::abcdToCsv(report)
                                             : core::abcdToOctave(report);
  std::ostream& out = file ? file->stream() : context.out();
  out << text;
  if (file) {
    file->commit();
  } else if (!out.flush()) {
    throw CliError(kExitOutputError, "cannot write to stdout");
  }
  return kExitSuccess;
}

}  // namespace kelvin::cli
