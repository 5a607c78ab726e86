#include "i18n/library_text.h"

#include <QCoreApplication>

#include "elaborate/component_type.h"

namespace kelvin::gui {

namespace {

QString translated(const std::string& text) {
  if (text.empty()) return {};
  return QCoreApplication::translate(kLibraryContext, text.c_str());
}

}  // namespace

QString blockTitle(const core::ComponentType& type) { return translated(type.title); }

QString blockDescription(const core::ComponentType& type) { return translated(type.description); }

QString familyTitle(const std::string& family) {
  std::string title = family;
  if (!title.empty()) title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
  return translated(title);
}

QString parameterDescription(const core::ParamDecl& param) { return translated(param.description); }

QString portDescription(const core::PortDecl& port) { return translated(port.description); }

}  // namespace kelvin::gui
