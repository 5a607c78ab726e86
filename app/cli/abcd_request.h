#pragma once
// What the abcd and freq commands share: the options that choose where the
// model is identified (--at T, --delta D), reading them, and running the
// identification of the model file, with a simulation failure on the way to T
// reported as such (exit 3).

#include <string>
#include <vector>

#include "cli/cli_arguments.h"
#include "run/abcd_analysis.h"

namespace kelvin::cli {

class CommandContext;

class AbcdRequest {
 public:
  /// Reads --at and --delta. Throws CliError (usage) for a negative time or a delta <= 0.
  explicit AbcdRequest(const CliArguments& args);

  /// The option specs this request reads, for a command's options().
  static std::vector<OptionSpec> options();

  /// Loads, validates and compiles the model at `path`, and identifies it at the chosen time.
  /// Throws core::ModelError (exit 2) for a bad model, CliError (exit 3) when the run to T fails.
  core::AbcdIdentificationResult identify(const std::string& path, CommandContext& context) const;

 private:
  double at_ = 0.0;
  double delta_ = core::kDefaultAbcdDelta;
};

}  // namespace kelvin::cli
