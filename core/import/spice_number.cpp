#include "import/spice_number.h"

#include <cctype>
#include <charconv>
#include <string>

namespace kelvin::core {

namespace {

bool isLetter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

/// The factor of the suffix at the start of `rest` (already lower case); 1 when there is none.
double suffixFactor(std::string_view rest) {
  if (rest.starts_with("meg")) return 1e6;
  if (rest.starts_with("mil")) return 25.4e-6;
  if (rest.empty()) return 1.0;
  switch (rest.front()) {
    case 't': return 1e12;
    case 'g': return 1e9;
    case 'k': return 1e3;
    case 'm': return 1e-3;
    case 'u': return 1e-6;
    case 'n': return 1e-9;
    case 'p': return 1e-12;
    case 'f': return 1e-15;
    default: return 1.0;  // an unknown letter is a unit name, ignored
  }
}

}  // namespace

std::optional<double> parseSpiceNumber(std::string_view text) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::size_t k = 0;
  if (k < lower.size() && (lower[k] == '+' || lower[k] == '-')) ++k;
  const std::size_t mantissaStart = k;
  while (k < lower.size() && isDigit(lower[k])) ++k;
  if (k < lower.size() && lower[k] == '.') ++k;
  while (k < lower.size() && isDigit(lower[k])) ++k;
  const std::string_view mantissa(lower.data() + mantissaStart, k - mantissaStart);
  if (mantissa.empty() || mantissa == ".") return std::nullopt;
  // An exponent only when 'e' is followed by digits (optionally signed).
  if (k < lower.size() && lower[k] == 'e') {
    std::size_t j = k + 1;
    if (j < lower.size() && (lower[j] == '+' || lower[j] == '-')) ++j;
    if (j < lower.size() && isDigit(lower[j])) {
      while (j < lower.size() && isDigit(lower[j])) ++j;
      k = j;
    }
  }
  double value = 0.0;
  const char* first = lower.data() + (lower[0] == '+' ? 1 : 0);
  const auto [end, error] = std::from_chars(first, lower.data() + k, value);
  if (error != std::errc() || end != lower.data() + k) return std::nullopt;
  const std::string_view rest(lower.data() + k, lower.size() - k);
  for (char c : rest)
    if (!isLetter(c)) return std::nullopt;
  return value * suffixFactor(rest);
}

}  // namespace kelvin::core
