#include "i18n/translation_loader.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include "gui_resources.h"

namespace kelvin::gui {

QStringList TranslationLoader::availableLanguages() { return {QStringLiteral("ru")}; }

QString TranslationLoader::resolve(const QString& setting) {
  if (setting != QLatin1String("system") && !setting.isEmpty()) return setting;
  for (const QString& language : QLocale().uiLanguages()) {
    const QString code = language.section(QLatin1Char('-'), 0, 0).section(QLatin1Char('_'), 0, 0);
    if (availableLanguages().contains(code)) return code;
    if (code == QLatin1String("en")) return code;
  }
  return QStringLiteral("en");
}

QString TranslationLoader::currentLanguage() {
  return resolve(QSettings().value(QLatin1String(kLanguageKey), QStringLiteral("system")).toString());
}

bool TranslationLoader::install(QCoreApplication& app, const QString& language) {
  if (!availableLanguages().contains(language)) return false;
  initResources();
  auto* kelvin = new QTranslator(&app);
  if (!kelvin->load(QStringLiteral(":/i18n/kelvin_%1.qm").arg(language))) {
    delete kelvin;
    return false;
  }
  QCoreApplication::installTranslator(kelvin);
  auto* qt = new QTranslator(&app);
  if (qt->load(QStringLiteral("qtbase_%1").arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
    QCoreApplication::installTranslator(qt);
  } else {
    delete qt;
  }
  return true;
}

}  // namespace kelvin::gui
