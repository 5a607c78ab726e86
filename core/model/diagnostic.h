#pragma once
// A structured problem report about a model: which file, block and port it
// concerns, and what is wrong. Printed as `file:block.port: message`.

#include <stdexcept>
#include <string>
#include <vector>

namespace kelvin::core {

struct Diagnostic {
  std::string file;     // may be empty for an in-memory model
  std::string blockId;  // may be empty for a model-wide problem
  std::string port;     // may be empty
  std::string message;

  /// `file:block.port: message`, omitting the parts that are empty.
  std::string toString() const;
};

/// Thrown when a model cannot be loaded, validated, compiled or simulated.
/// Carries every diagnostic found, not only the first.
class ModelError : public std::runtime_error {
 public:
  explicit ModelError(std::vector<Diagnostic> diagnostics);
  explicit ModelError(Diagnostic diagnostic);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace kelvin::core
