#pragma once
// One kelvin-cli command (validate, simulate, ...): its name, the options it
// accepts and what it does. The dispatcher parses the arguments against
// options() and calls run(); a command reports failure by its exit code or by
// throwing CliError (its own exit code) or core::ModelError (exit 2, with
// diagnostics).

#include <string>
#include <vector>

#include "cli/cli_arguments.h"

namespace kelvin::cli {

class CommandContext;

class Command {
 public:
  virtual ~Command() = default;

  virtual std::string name() const = 0;
  /// The arguments after the name, e.g. "MODEL.kelvin [options]".
  virtual std::string synopsis() const = 0;
  /// One line for the command list.
  virtual std::string summary() const = 0;
  virtual std::vector<OptionSpec> options() const = 0;
  /// Runs the command; returns the process exit code.
  virtual int run(const CliArguments& args, CommandContext& context) = 0;
};

}  // namespace kelvin::cli
