#pragma once
// View ▸ Language: System default, English, Русский. The choice is stored in
// QSettings (TranslationLoader::kLanguageKey) and applies on restart, which
// the menu says when the choice changes.

#include <QMenu>

namespace kelvin::gui {

class LanguageMenu : public QMenu {
  Q_OBJECT

 public:
  explicit LanguageMenu(QWidget* parent = nullptr);
};

}  // namespace kelvin::gui
