#pragma once
// Reads a file Kelvin takes as input (a model, a user component file, a SPICE
// netlist or a file it includes) whole, refusing what is not a file to read:
// a directory, a device such as /dev/zero (which never ends), a socket, and
// anything longer than kMaxInputFileBytes (a pipe is read up to that limit).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace kelvin::core {

/// The most bytes an input file may hold: far beyond any model (a 250,000-section
/// ladder is 40 MB), well below what parsing it would need in memory (about 10×).
inline constexpr std::uintmax_t kMaxInputFileBytes = std::uintmax_t{1} << 30;

/// Bytes of capacity left free after the text read (not part of it): a SIMD parser may read
/// that far past the end, so it parses the text where it lies instead of copying it.
inline constexpr std::size_t kInputFilePadding = 64;

/// What reading an input file gave: its text, or why there is none.
struct InputFileText {
  std::optional<std::string> text;
  std::string error;  // e.g. "is a directory, not a file"; empty when text is set
};

/// The whole content of the file at `path`, with kInputFilePadding bytes of capacity to spare.
InputFileText readInputFile(const std::string& path);

}  // namespace kelvin::core
