#include "usercomp/component_error.h"

namespace kelvin::core {

namespace {
std::string where(const std::string& component, int line, int column) {
  std::string text = component.empty() ? "" : "component " + component + ", ";
  return text + "line " + std::to_string(line) + ":" + std::to_string(column);
}
}  // namespace

ComponentError::ComponentError(std::string component, int line, int column, const std::string& message)
    : std::runtime_error(where(component, line, column) + ": " + message),
      component_(std::move(component)),
      line_(line),
      column_(column),
      message_(message) {}

Diagnostic ComponentError::diagnostic(const std::string& file) const { return Diagnostic{file, "", "", what()}; }

std::pair<int, int> lineAndColumn(std::string_view text, std::size_t offset) {
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++column;
    }
  }
  return {line, column};
}

}  // namespace kelvin::core
