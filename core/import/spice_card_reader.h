#pragma once
// Splits the text of a SPICE netlist into cards: one logical line each, with
// the number of the physical line it starts on. Follows SPICE's syntax: the
// first line is the title (skipped); a line starting with '*' is a comment;
// ';' (and ngspice's "$ " and "//") starts an inline comment; a line starting
// with '+' continues the card before it; blank lines are skipped; reading stops
// at ".end". Fields are separated by blanks, ',', '(' and ')', and lower-cased
// (SPICE is case-insensitive); "name = value" is joined into one field
// "name=value". An expression in braces or single quotes ({2*(a+b)}, '2*a') stays one
// field, without its blanks. The first field keeps its original spelling in `label`.

#include <string>
#include <string_view>
#include <vector>

namespace kelvin::core {

struct SpiceCard {
  int line = 0;                     // 1-based line number of the card's first line
  std::string file;                 // the file it comes from when not the netlist itself (.include)
  std::string text;                 // the logical line as written (a path keeps its case here)
  std::string label;                // the first field as written, e.g. "Rload"
  std::vector<std::string> fields;  // lower case; fields[0] is the element name or dot command

  const std::string& command() const { return fields.front(); }
};

/// Every card of `text` in order (never an empty card). `title`: the first line is the title
/// (a netlist's), not a card (an included file has none).
std::vector<SpiceCard> readSpiceCards(std::string_view text, bool title = true);

}  // namespace kelvin::core
