#pragma once
// kelvin-cli's entry point: handles the global options (--help, --version,
// --log-level), picks the command named by the first argument, parses its
// options, runs it and turns errors into messages on stderr and exit codes:
// 0 success, 1 usage error, 2 invalid model (diagnostics as
// `file:block.port: message`), 3 simulation failed, 4 output not written,
// 5 internal error. A new command is one Command subclass added in the
// constructor.

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.h"

namespace kelvin::cli {

class CommandDispatcher {
 public:
  /// `out` and `err` must outlive the dispatcher.
  CommandDispatcher(std::ostream& out, std::ostream& err);
  /// Writes to std::cout and std::cerr.
  CommandDispatcher();

  /// Runs the command line (without the program name); returns the exit code.
  int run(std::vector<std::string> args);

 private:
  Command* find(const std::string& name) const;
  void printUsage(std::ostream& stream) const;
  void printCommandUsage(std::ostream& stream, const Command& command) const;
  int usageError(const std::string& message, const Command* command) const;

  std::ostream& out_;
  std::ostream& err_;
  std::vector<std::unique_ptr<Command>> commands_;
};

}  // namespace kelvin::cli
