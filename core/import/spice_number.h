#pragma once
// Numbers as SPICE writes them: "10k", "4.7u", "1meg", "2mil", "10uF", "1e-14".
// Case-insensitive; the suffix is one of T G MEG K MIL M U N P F (M is milli,
// MEG is mega, MIL is a thousandth of an inch, 25.4e-6), and any letters after
// the number or its suffix are ignored, as SPICE ignores them ("10uF" is 1e-5,
// "5V" is 5). Used by the SPICE importer (spice_importer.h).

#include <optional>
#include <string_view>

namespace kelvin::core {

/// The value of `text` as a SPICE number, or nullopt when it does not start
/// with an optionally signed number or has anything but letters after it.
std::optional<double> parseSpiceNumber(std::string_view text);

}  // namespace kelvin::core
