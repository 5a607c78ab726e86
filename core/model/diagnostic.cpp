#include "model/diagnostic.h"

namespace kelvin::core {

std::string Diagnostic::toString() const {
  std::string where = file;
  std::string item = blockId;
  if (!port.empty()) item += (item.empty() ? "" : ".") + port;
  if (!item.empty()) where += (where.empty() ? "" : ":") + item;
  return where.empty() ? message : where + ": " + message;
}

namespace {
std::string joinMessages(const std::vector<Diagnostic>& diagnostics) {
  std::string text;
  for (const Diagnostic& d : diagnostics) text += (text.empty() ? "" : "\n") + d.toString();
  return text;
}
}  // namespace

ModelError::ModelError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(joinMessages(diagnostics)), diagnostics_(std::move(diagnostics)) {}

ModelError::ModelError(Diagnostic diagnostic) : ModelError(std::vector<Diagnostic>{std::move(diagnostic)}) {}

}  // namespace kelvin::core
