#include "document/block_mentions.h"

#include "document/model_levels.h"

namespace kelvin::gui {

QStringList blockPaths(const core::Model& model) {
  QStringList paths;
  forEachLevel(model.blocks, model.connections, "",
               [&](const std::string& prefix, const std::vector<core::Block>& blocks, const auto&) {
                 for (const core::Block& block : blocks) paths << QString::fromStdString(prefix + block.id);
               });
  return paths;
}

QStringList blocksNamedIn(const core::Model& model, const QString& text) {
  // Words are block paths: letters, digits, '_' and '/'; "R1.p" names R1.
  QStringList words;
  QString word;
  for (const QChar c : text + QLatin1Char(' ')) {
    if (c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('/')) {
      word += c;
    } else if (!word.isEmpty()) {
      words << word;
      word.clear();
    }
  }
  QStringList named;
  for (const QString& path : blockPaths(model))
    if (words.contains(path) && !named.contains(path)) named << path;
  return named;
}

}  // namespace kelvin::gui
