#pragma once
// Numbers written the way engineers write them: "10k", "2.2n", "1e-3",
// "4.7u" or "4.7µ", "1meg" or "1M" (both mega; "m" is milli). Used by the
// expression parser for number literals and by the CLI for --stop, --step...
//
// Prefixes: f 1e-15, p 1e-12, n 1e-9, u/µ 1e-6, m 1e-3, k 1e3, M/meg 1e6,
// G 1e9, T 1e12.

#include <cstddef>
#include <optional>
#include <string_view>

namespace kelvin::core {

/// A number literal at the start of a text: its value (prefix applied) and
/// how many bytes it spans.
struct SiLiteral {
  double value = 0.0;
  std::size_t length = 0;
};

/// Reads an unsigned number literal at the start of `text`: digits with an
/// optional fraction and exponent, then an optional SI prefix that is not
/// itself followed by a letter, digit or '_' (so "10kx" reads only "10").
/// Returns nullopt when `text` does not start with a digit or '.' and digit.
std::optional<SiLiteral> readSiLiteral(std::string_view text);

/// The factor of an SI prefix spelled exactly `prefix` ("k" -> 1e3), or nullopt.
std::optional<double> siPrefixFactor(std::string_view prefix);

/// The whole of `text` (surrounding blanks allowed, optional sign) as a
/// number with an optional SI prefix; nullopt if anything else is there.
std::optional<double> parseSiNumber(std::string_view text);

}  // namespace kelvin::core
