#include "usercomp/component_lexer.h"

#include <cctype>

#include "usercomp/component_error.h"

namespace kelvin::core {

namespace {

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

[[noreturn]] void fail(std::string_view text, std::size_t at, const std::string& message) {
  const auto [line, column] = lineAndColumn(text, at);
  throw ComponentError("", line, column, message);
}

/// Length of the number at text[at]: digits, a fraction, an exponent, and a glued SI prefix or unit.
std::size_t numberLength(std::string_view text, std::size_t at) {
  std::size_t i = at;
  while (i < text.size() && (isDigit(text[i]) || text[i] == '.')) ++i;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && isDigit(text[j])) {
      i = j;
      while (i < text.size() && isDigit(text[i])) ++i;
    }
  }
  while (i < text.size() && isNameChar(text[i])) ++i;
  return i - at;
}

}  // namespace

std::vector<ComponentToken> tokenizeComponents(std::string_view text) {
  using Kind = ComponentToken::Kind;
  std::vector<ComponentToken> tokens;
  std::size_t i = 0;
  while (true) {
    while (i < text.size()) {
      if (std::isspace(static_cast<unsigned char>(text[i]))) {
        ++i;
      } else if (text.substr(i, 2) == "//") {
        while (i < text.size() && text[i] != '\n') ++i;
      } else {
        break;
      }
    }
    ComponentToken token;
    token.offset = i;
    if (i == text.size()) {
      token.end = i;
      tokens.push_back(token);
      return tokens;
    }
    const char c = text[i];
    std::size_t length = 1;
    if (isNameStart(c)) {
      token.kind = Kind::Name;
      while (i + length < text.size() && isNameChar(text[i + length])) ++length;
    } else if (isDigit(c) || (c == '.' && i + 1 < text.size() && isDigit(text[i + 1]))) {
      token.kind = Kind::Number;
      length = numberLength(text, i);
    } else if (c == '"') {
      token.kind = Kind::String;
      const std::size_t close = text.find('"', i + 1);
      const std::size_t newline = text.find('\n', i + 1);
      if (close == std::string_view::npos || close > newline) fail(text, i, "unterminated string");
      length = close + 1 - i;
    } else if ((c == '<' || c == '>' || c == '=' || c == '!') && i + 1 < text.size() && text[i + 1] == '=') {
      token.kind = Kind::Symbol;
      length = 2;
    } else if (std::string_view(";,:=()+-*/^<>.[]").find(c) != std::string_view::npos) {
      token.kind = Kind::Symbol;
    } else {
      std::size_t width = 1;
      while (i + width < text.size() && (static_cast<unsigned char>(text[i + width]) & 0xC0) == 0x80) ++width;
      fail(text, i, "unexpected character '" + std::string(text.substr(i, width)) + "'");
    }
    token.text = token.kind == Kind::String ? std::string(text.substr(i + 1, length - 2)) : std::string(text.substr(i, length));
    token.end = i + length;
    tokens.push_back(std::move(token));
    i += length;
  }
}

}  // namespace kelvin::core
