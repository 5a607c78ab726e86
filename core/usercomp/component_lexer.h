#pragma once
// Splits the text of user components into tokens: names, numbers (as written,
// with SI prefixes: "1k", "2.2n"), "strings", and symbols. `//` starts a
// comment that runs to the end of the line. One pass, no recursion.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kelvin::core {

struct ComponentToken {
  enum class Kind { Name, Number, String, Symbol, End };
  Kind kind = Kind::End;
  std::string text;         // as written; a String without its quotes
  std::size_t offset = 0;   // byte offset of the first character
  std::size_t end = 0;      // byte offset after the last character

  bool is(std::string_view symbol) const { return kind == Kind::Symbol && text == symbol; }
  bool isName(std::string_view name) const { return kind == Kind::Name && text == name; }
};

/// The tokens of `text`, ending with one End token. Throws ComponentError (no
/// component name) at an unexpected character or an unterminated string.
std::vector<ComponentToken> tokenizeComponents(std::string_view text);

}  // namespace kelvin::core
