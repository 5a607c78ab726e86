#pragma once
// Installs Kelvin's translation (embedded as :/i18n/kelvin_<lang>.qm) and
// Qt's own (qtbase_<lang>.qm from the Qt installation) for the language the
// user chose (QSettings key kLanguageKey: "system", "en" or "ru"; "system"
// follows the locale). Called once at start-up, before any widget exists, so
// a change of language applies on restart.

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace kelvin::gui {

inline constexpr const char* kLanguageKey = "language";

class TranslationLoader {
 public:
  /// The languages Kelvin is translated into, besides English (the source).
  static QStringList availableLanguages();
  /// The language in use for `setting` ("system", "en", "ru"): for "system",
  /// the first UI language of the locale that is available, else "en".
  static QString resolve(const QString& setting);
  /// The language chosen in the settings, resolved (what start-up installs).
  static QString currentLanguage();
  /// Installs the translators for `language` on `app` (they become children
  /// of it). Returns false when Kelvin has no translation for it (English).
  static bool install(QCoreApplication& app, const QString& language);
};

}  // namespace kelvin::gui
