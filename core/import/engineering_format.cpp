#include "import/engineering_format.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

namespace kelvin::core {

namespace {

std::string formatPlain(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", value);
  return buffer;
}

}  // namespace

std::string formatEngineering(double value) {
  if (value == 0.0 || !std::isfinite(value)) return formatPlain(value);
  // The prefixes the `.kelvin` number syntax reads (core/expr/si_number.h).
  static constexpr std::array<std::pair<int, const char*>, 9> kPrefixes{
      {{-15, "f"}, {-12, "p"}, {-9, "n"}, {-6, "u"}, {-3, "m"}, {0, ""}, {3, "k"}, {6, "meg"}, {9, "G"}}};
  const int exponent = static_cast<int>(std::floor(std::log10(std::abs(value)) / 3.0)) * 3;
  for (const auto& [power, prefix] : kPrefixes) {
    if (power != exponent) continue;
    // Round first: 999.9999999999999e-6 must not print as "1000u".
    const std::string mantissa = formatPlain(value / std::pow(10.0, power));
    if (mantissa.find('e') != std::string::npos) break;
    return mantissa + prefix;
  }
  return formatPlain(value);
}

}  // namespace kelvin::core
