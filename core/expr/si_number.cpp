#include "expr/si_number.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <string>
#include <utility>

namespace kelvin::core {

namespace {

// Longer spellings first, so "meg" wins over "m".
constexpr std::array<std::pair<std::string_view, double>, 14> kPrefixes{{
    {"meg", 1e6},
    {"Meg", 1e6},
    {"MEG", 1e6},
    {"\xC2\xB5", 1e-6},  // µ MICRO SIGN
    {"\xCE\xBC", 1e-6},  // μ GREEK SMALL LETTER MU
    {"f", 1e-15},
    {"p", 1e-12},
    {"n", 1e-9},
    {"u", 1e-6},
    {"m", 1e-3},
    {"k", 1e3},
    {"M", 1e6},
    {"G", 1e9},
    {"T", 1e12},
}};

bool isWordByte(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::optional<SiLiteral> readSiLiteral(std::string_view text) {
  const bool startsNumber =
      !text.empty() && (isDigit(text[0]) || (text[0] == '.' && text.size() > 1 && isDigit(text[1])));
  if (!startsNumber) return std::nullopt;
  double value = 0.0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::general);
  if (ec == std::errc::invalid_argument) return std::nullopt;
  // Out of range: from_chars leaves value untouched; take strtod's infinity or zero.
  if (ec == std::errc::result_out_of_range) value = std::strtod(std::string(text.data(), ptr).c_str(), nullptr);
  std::size_t length = static_cast<std::size_t>(ptr - text.data());
  const std::string_view rest = text.substr(length);
  for (const auto& [prefix, factor] : kPrefixes) {
    if (!rest.starts_with(prefix)) continue;
    if (rest.size() > prefix.size() && isWordByte(rest[prefix.size()])) continue;
    return SiLiteral{value * factor, length + prefix.size()};
  }
  return SiLiteral{value, length};
}

std::optional<double> siPrefixFactor(std::string_view prefix) {
  for (const auto& [spelling, factor] : kPrefixes)
    if (spelling == prefix) return factor;
  return std::nullopt;
}

std::optional<double> parseSiNumber(std::string_view text) {
  auto isBlank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && isBlank(text.front())) text.remove_prefix(1);
  while (!text.empty() && isBlank(text.back())) text.remove_suffix(1);
  double sign = 1.0;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    sign = text.front() == '-' ? -1.0 : 1.0;
    text.remove_prefix(1);
  }
  const auto literal = readSiLiteral(text);
  if (!literal || literal->length != text.size()) return std::nullopt;
  return sign * literal->value;
}

}  // namespace kelvin::core
