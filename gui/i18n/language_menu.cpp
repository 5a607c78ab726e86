#include "i18n/language_menu.h"

#include <QActionGroup>
#include <QMessageBox>
#include <QSettings>

#include "i18n/translation_loader.h"

namespace kelvin::gui {

LanguageMenu::LanguageMenu(QWidget* parent) : QMenu(tr("&Language"), parent) {
  setObjectName(QStringLiteral("languageMenu"));
  auto* group = new QActionGroup(this);
  const QString current = QSettings().value(QLatin1String(kLanguageKey), QStringLiteral("system")).toString();
  // Language names are written in their own language, as language menus do.
  const std::pair<QString, QString> choices[] = {{QStringLiteral("system"), tr("System Default")},
                                                 {QStringLiteral("en"), QStringLiteral("English")},
                                                 {QStringLiteral("ru"), QStringLiteral("Русский")}};
  for (const auto& [code, name] : choices) {
    QAction* action = addAction(name);
    action->setObjectName(QStringLiteral("language_") + code);
    action->setCheckable(true);
    action->setChecked(code == current);
    group->addAction(action);
    connect(action, &QAction::triggered, this, [this, code = code] {
      QSettings().setValue(QLatin1String(kLanguageKey), code);
      QMessageBox::information(parentWidget(), tr("Language"),
                               tr("The new language will be used the next time Kelvin starts."));
    });
  }
}

}  // namespace kelvin::gui
