#pragma once
// A problem found in a user component's text, located by line and column:
// printed as `file: component NAME, line L:C: message`.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "model/diagnostic.h"

namespace kelvin::core {

class ComponentError : public std::runtime_error {
 public:
  /// `component` may be empty (the error comes before its name); line and column count from 1.
  ComponentError(std::string component, int line, int column, const std::string& message);

  const std::string& component() const { return component_; }
  int line() const { return line_; }
  int column() const { return column_; }
  const std::string& message() const { return message_; }
  /// As a model diagnostic of `file`: "file: component NAME, line L:C: message".
  Diagnostic diagnostic(const std::string& file) const;

 private:
  std::string component_;
  int line_;
  int column_;
  std::string message_;
};

/// Line and column (from 1; columns count characters, not bytes) of byte `offset` in `text`.
std::pair<int, int> lineAndColumn(std::string_view text, std::size_t offset);

}  // namespace kelvin::core
