#pragma once
// A number written back as a parameter text of the `.kelvin` format, with an
// SI prefix where one fits: 1e-14 -> "10f", 0.0001 -> "100u", 1e6 -> "1meg",
// 25.4e-6 -> "25.4u", 0 -> "0". Exact to 12 significant digits. Used where
// an importer turns numbers into parameters a person will read and edit.

#include <string>

namespace kelvin::core {

std::string formatEngineering(double value);

}  // namespace kelvin::core
