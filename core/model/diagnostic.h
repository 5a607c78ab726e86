#pragma once
// A structured problem report about a model: which file, block and port it
// concerns, what is wrong, and how bad it is. Printed as
// `file:block.port: message`.
//
// Only errors stop a model from compiling. A warning points at something that
// is probably not what the user meant (a mass whose position disagrees with
// the stretch of the spring that holds it); information states a reading of
// the model worth knowing (an unconnected flange is a free end).

#include <stdexcept>
#include <string>
#include <vector>

namespace kelvin::core {

enum class Severity { Error, Warning, Info };

/// "error", "warning" or "info".
const char* severityName(Severity severity);

struct Diagnostic {
  std::string file;     // may be empty for an in-memory model
  std::string blockId;  // may be empty for a model-wide problem
  std::string port;     // may be empty
  std::string message;
  Severity severity = Severity::Error;

  /// `file:block.port: message` on one line, omitting the parts that are empty; control characters
  /// (line breaks too) written as \xNN.
  std::string toString() const;
};

/// `text` with its control characters (below U+0020, and DEL) written as \xNN, safe to print on a terminal.
std::string printable(const std::string& text);

/// True when one of `diagnostics` is an error.
bool hasErrors(const std::vector<Diagnostic>& diagnostics);
/// The errors among `diagnostics`, in order.
std::vector<Diagnostic> errorsOf(const std::vector<Diagnostic>& diagnostics);

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
