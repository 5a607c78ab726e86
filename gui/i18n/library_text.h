#pragma once
// The texts of the component library as the GUI shows them: block titles,
// family names, descriptions of blocks, parameters and ports, translated at
// display time. The library (blocks/) declares them in English without Qt;
// they are looked up with QCoreApplication::translate in the fixed context
// "BlockLibrary", and lupdate finds them in library_strings.cpp, which
// `kelvin-cli blocks --format qt-strings` generates from the registry (a
// test checks that the committed file is up to date).

#include <QString>
#include <string>

namespace kelvin::core {
struct ComponentType;
struct ParamDecl;
struct PortDecl;
}  // namespace kelvin::core

namespace kelvin::gui {

inline constexpr const char* kLibraryContext = "BlockLibrary";

/// "Resistor" -> "Резистор" in Russian.
QString blockTitle(const core::ComponentType& type);
QString blockDescription(const core::ComponentType& type);
/// The family of "electrical.Resistor" as a title: "Electrical".
QString familyTitle(const std::string& family);
QString parameterDescription(const core::ParamDecl& param);
QString portDescription(const core::PortDecl& port);

}  // namespace kelvin::gui
