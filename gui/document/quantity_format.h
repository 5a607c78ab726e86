#pragma once
// Numbers as an engineer reads them: "1 kΩ", "4.7 nF", "10 µs". Used for
// the value under a block on the canvas and for the evaluated value beside
// a parameter field.

#include <string>

#include <QString>

namespace kelvin::gui {

/// `value` with an SI prefix and `unit`: 1000, "Ω" -> "1 kΩ"; 4.7e-9, "F" -> "4.7 nF";
/// 0 -> "0 F"; up to 4 significant digits. Only simple units take a prefix:
/// a dimensionless value or a compound unit is written plainly ("0.1",
/// "0.01 kg·m²", "300 K").
QString formatSi(double value, const QString& unit);

/// How a parameter text is shown under its block: a plain number with an
/// optional SI prefix gets the prefix and unit spelled out ("1k", "Ω" ->
/// "1 kΩ"; "1u", "F" -> "1 µF"); any other text (an expression, a vector, a
/// text with its unit already) is shown as written.
QString displayParameter(const std::string& text, const std::string& unit);

}  // namespace kelvin::gui
