#pragma once
// The shipped example models as the gallery lists them: read from
// gallery.json in the examples folder (file, title, capabilities, in gallery
// order) with each model's one-paragraph description taken from the model
// file itself: "description_<language>" (e.g. description_ru) when the file has
// one for the language in use, else the English "description". The folder is the installed one (<prefix>/share/kelvin/examples
// next to the executable's bin/) when present, else the source tree's.

#include <QString>
#include <QStringList>
#include <QVector>

namespace kelvin::gui {

struct ExampleEntry {
  QString path;          // absolute path of the .kelvin file
  QString title;         // English; shown through tr() by the gallery
  QString description;   // from the model file, in the language asked for when it has one
  QStringList capabilities;
};

class ExampleCatalog {
 public:
  /// Reads the catalogue in `directory` (default: examplesDirectory()) with the
  /// descriptions in `language` (default: the one in use, TranslationLoader).
  /// Entries whose file is missing are skipped.
  explicit ExampleCatalog(const QString& directory = examplesDirectory(), const QString& language = {});

  const QVector<ExampleEntry>& entries() const { return entries_; }
  /// The folder the examples are read from.
  static QString examplesDirectory();

 private:
  QVector<ExampleEntry> entries_;
};

}  // namespace kelvin::gui
