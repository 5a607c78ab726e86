#include "model/diagnostic.h"

#include <algorithm>
#include <iterator>

namespace kelvin::core {

const char* severityName(Severity severity) {
  switch (severity) {
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    case Severity::Error: break;
  }
  return "error";
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::vector<Diagnostic> errorsOf(const std::vector<Diagnostic>& diagnostics) {
  std::vector<Diagnostic> errors;
  std::copy_if(diagnostics.begin(), diagnostics.end(), std::back_inserter(errors),
               [](const Diagnostic& d) { return d.severity == Severity::Error; });
  return errors;
}

std::string printable(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F) {
      const char* digits = "0123456789abcdef";
      out += std::string("\\x") + digits[c >> 4] + digits[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

std::string Diagnostic::toString() const {
  std::string where = file;
  std::string item = blockId;
  if (!port.empty()) item += (item.empty() ? "" : ".") + port;
  if (!item.empty()) where += (where.empty() ? "" : ":") + item;
  // Names and messages quote what a file holds: no control character of it reaches a terminal,
  // and one diagnostic stays one line.
  return printable(where) + (where.empty() ? "" : ": ") + printable(message);
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
