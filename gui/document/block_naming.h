#pragma once
// Names for new blocks and ports: the prefix a block of a type gets ("R" for
// a resistor, "Gain" for a gain), the first free "<prefix><n>", and the test
// for a valid id (a letter or '_', then letters, digits or '_').

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "model/model.h"

namespace kelvin::gui {

/// "R" for electrical.Resistor, "V" for voltage sources, ..., else the type's
/// name after the family ("Gain"), "Sub" for a Subsystem.
std::string idPrefixForType(const std::string& type);

/// `wanted` if it is free, else its prefix (trailing digits removed) followed
/// by the smallest n >= 1 that is free. `taken` says whether an id is used.
std::string uniqueId(const std::string& wanted, const std::function<bool(const std::string&)>& taken);

/// The ids of `blocks`, for uniqueId.
std::set<std::string> idsOf(const std::vector<core::Block>& blocks);

/// True for "R1", "_tmp", "Vout"; false for "", "1R", "a.b", "a/b", "a b".
bool isValidId(const std::string& id);

}  // namespace kelvin::gui
