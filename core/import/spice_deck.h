#pragma once
// A SPICE netlist with its included files spliced in: `.include PATH` (also `.inc`) and
// `.lib PATH [SECTION]` (only the lines between `.lib SECTION` and `.endl` of that file)
// are replaced by the cards of the file they name, relative to the directory of the file
// that names it, each card remembering its file. A file that includes itself, directly or
// through others, a file that cannot be read and a missing section are errors naming the
// including file and line.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/spice_card_reader.h"
#include "model/input_file.h"

namespace kelvin::core {

/// The text of the file at `path`, or why it cannot be read.
using SpiceFileReader = std::function<InputFileText(const std::string& path)>;

/// Reads files from the file system (readInputFile: no directory, no device, at most 1 GiB).
InputFileText readSpiceFile(const std::string& path);

/// The cards of the netlist `text` (named `fileName`) with its includes spliced in.
/// Throws ModelError ("file:line").
std::vector<SpiceCard> readSpiceDeck(std::string_view text, const std::string& fileName, const SpiceFileReader& reader);

}  // namespace kelvin::core
