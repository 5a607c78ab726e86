#pragma once
// An error a command reports to the user with a given exit code: a usage
// error (exit 1), a bad request about the model such as an unknown signal
// (exit 2), or an output that cannot be written (exit 4). Model problems that
// carry diagnostics are core::ModelError instead.

#include <stdexcept>
#include <string>

namespace kelvin::cli {

/// Exit codes of kelvin-cli (README.md lists them).
inline constexpr int kExitSuccess = 0;
inline constexpr int kExitUsage = 1;
inline constexpr int kExitInvalidModel = 2;
inline constexpr int kExitSimulationFailed = 3;
inline constexpr int kExitOutputError = 4;
inline constexpr int kExitInternalError = 5;

class CliError : public std::runtime_error {
 public:
  CliError(int exitCode, const std::string& message) : std::runtime_error(message), exitCode_(exitCode) {}
  int exitCode() const { return exitCode_; }
  bool isUsageError() const { return exitCode_ == kExitUsage; }

 private:
  int exitCode_;
};

}  // namespace kelvin::cli
