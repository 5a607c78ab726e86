#include "cli/command_dispatcher.h"

#include <algorithm>
#include <iostream>

#include <spdlog/spdlog.h>

#include "cli/abcd_command.h"
#include "cli/blocks_command.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "cli/freq_command.h"
#include "cli/import_spice_command.h"
#include "cli/noise_command.h"
#include "cli/op_command.h"
#include "cli/partition_command.h"
#include "cli/simulate_command.h"
#include "cli/sweep_command.h"
#include "cli/validate_command.h"
#include "log_level.h"
#include "model/diagnostic.h"

namespace kelvin::cli {

namespace {

constexpr const char* kProgram = "kelvin-cli";

/// Removes `--log-level L` (or `--log-level=L`) wherever it appears and applies it.
/// Throws CliError (usage) on a missing or unknown level.
void takeLogLevel(std::vector<std::string>& args) {
  for (auto it = args.begin(); it != args.end();) {
    std::string value;
    if (*it == "--log-level") {
      if (std::next(it) == args.end()) throw CliError(kExitUsage, "option '--log-level' needs a value");
      value = *std::next(it);
      it = args.erase(it, std::next(it, 2));
    } else if (it->rfind("--log-level=", 0) == 0) {
      value = it->substr(std::string("--log-level=").size());
      it = args.erase(it);
    } else {
      ++it;
      continue;
    }
    std::optional<spdlog::level::level_enum> level = parseLogLevel(value);
    if (!level) {
      throw CliError(kExitUsage, "unknown log level '" + value + "' (use " + std::string(kLogLevelNames) + ")");
    }
    spdlog::set_level(*level);
  }
}

bool isHelp(const std::string& arg) { return arg == "--help" || arg == "-h"; }

}  // namespace

CommandDispatcher::CommandDispatcher(std::ostream& out, std::ostream& err) : out_(out), err_(err) {
  commands_.push_back(std::make_unique<ValidateCommand>());
  commands_.push_back(std::make_unique<SimulateCommand>());
  commands_.push_back(std::make_unique<OpCommand>());
  commands_.push_back(std::make_unique<AbcdCommand>());
  commands_.push_back(std::make_unique<FreqCommand>());
  commands_.push_back(std::make_unique<NoiseCommand>());
  commands_.push_back(std::make_unique<SweepCommand>());
  commands_.push_back(std::make_unique<PartitionCommand>());
  commands_.push_back(std::make_unique<ImportSpiceCommand>());
  commands_.push_back(std::make_unique<BlocksCommand>());
}

CommandDispatcher::CommandDispatcher() : CommandDispatcher(std::cout, std::cerr) {}

int CommandDispatcher::run(std::vector<std::string> args) {
  Command* command = nullptr;
  try {
    takeLogLevel(args);
    if (args.empty()) return usageError("no command given", nullptr);
    if (isHelp(args.front()) || args.front() == "help") {
      printUsage(out_);
      return kExitSuccess;
    }
    if (args.front() == "--version") {
      out_ << kProgram << ' ' << KELVIN_VERSION << '\n';
      return kExitSuccess;
    }
    command = find(args.front());
    if (!command) {
      const bool isOption = args.front().rfind('-', 0) == 0;
      return usageError((isOption ? "unknown option '" : "unknown command '") + args.front() + "'", nullptr);
    }
    args.erase(args.begin());
    if (std::any_of(args.begin(), args.end(), isHelp)) {
      printCommandUsage(out_, *command);
      return kExitSuccess;
    }
    const CliArguments arguments(args, command->options());
    CommandContext context(out_, err_);
    return command->run(arguments, context);
  } catch (const CliError& e) {
    if (e.isUsageError()) return usageError(e.what(), command);
    err_ << kProgram << ": " << e.what() << '\n';
    return e.exitCode();
  } catch (const core::ModelError& e) {
    for (const core::Diagnostic& diagnostic : e.diagnostics()) err_ << diagnostic.toString() << '\n';
    return kExitInvalidModel;
  } catch (const std::exception& e) {
    err_ << kProgram << ": internal error: " << e.what() << '\n';
    return kExitInternalError;
  }
}

Command* CommandDispatcher::find(const std::string& name) const {
  for (const auto& command : commands_) {
    if (command->name() == name) return command.get();
  }
  return nullptr;
}

void CommandDispatcher::printUsage(std::ostream& stream) const {
  stream << "Usage: " << kProgram << " [--log-level LEVEL] COMMAND [arguments]\n"
         << "       " << kProgram << " --help | --version\n\n"
         << "Commands:\n";
  for (const auto& command : commands_) {
    stream << "  " << command->name() << ' ' << command->synopsis() << "\n      " << command->summary() << '\n';
  }
  stream << "\nGlobal options:\n"
         << "  --log-level LEVEL   " << kLogLevelNames << " (default warn); the log goes to stderr\n\n"
         << "Numbers accept SI prefixes: 10u, 2.2n, 1k, 1meg.\n"
         << "Exit codes: 0 success, 1 usage error, 2 invalid model, 3 simulation failed,\n"
         << "            4 output not written, 5 internal error.\n"
         << "'" << kProgram << " COMMAND --help' describes a command's options.\n";
}

void CommandDispatcher::printCommandUsage(std::ostream& stream, const Command& command) const {
  stream << "Usage: " << kProgram << ' ' << command.name() << ' ' << command.synopsis() << "\n  " << command.summary()
         << '\n';
  const std::vector<OptionSpec> options = command.options();
  if (options.empty()) return;
  stream << "\nOptions:\n";
  for (const OptionSpec& option : options) {
    std::string left = "--" + option.name + (option.isFlag() ? "" : " " + option.valueName);
    if (left.size() < 20) left.resize(20, ' ');
    stream << "  " << left << ' ' << option.help << '\n';
  }
}

int CommandDispatcher::usageError(const std::string& message, const Command* command) const {
  err_ << kProgram << ": " << message << "\n\n";
  if (command) {
    printCommandUsage(err_, *command);
  } else {
    printUsage(err_);
  }
  return kExitUsage;
}

}  // namespace kelvin::cli
