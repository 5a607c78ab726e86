#include "gallery/example_catalog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "i18n/translation_loader.h"

namespace kelvin::gui {

namespace {

QJsonObject readJson(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).object();
}

}  // namespace

QString ExampleCatalog::examplesDirectory() {
  const QString installed = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/kelvin/examples");
  if (QFile::exists(installed + QStringLiteral("/gallery.json"))) return QDir::cleanPath(installed);
  return QStringLiteral(KELVIN_EXAMPLES_SOURCE_DIR);
}

ExampleCatalog::ExampleCatalog(const QString& directory, const QString& language) {
  const QString descriptionKey =
      QStringLiteral("description_") + (language.isEmpty() ? TranslationLoader::currentLanguage() : language);
  const QDir dir(directory);
  const QJsonArray examples = readJson(dir.filePath(QStringLiteral("gallery.json"))).value("examples").toArray();
  for (const QJsonValue& value : examples) {
    const QJsonObject example = value.toObject();
    const QString path = dir.absoluteFilePath(example.value("file").toString());
    if (!QFile::exists(path)) continue;
    QStringList capabilities;
    for (const QJsonValue& capability : example.value("capabilities").toArray()) capabilities << capability.toString();
    const QJsonObject model = readJson(path);
    const QJsonValue description = model.contains(descriptionKey) ? model.value(descriptionKey) : model.value("description");
    entries_.push_back({path, example.value("title").toString(), description.toString(), capabilities});
  }
}

}  // namespace kelvin::gui
