#include "palette/palette_tree.h"

#include <map>

#include <QHeaderView>
#include <QMimeData>

#include "canvas/diagram_view.h"
#include "canvas/icon_cache.h"
#include "elaborate/block_registry.h"
#include "gui_resources.h"
#include "i18n/library_text.h"

namespace kelvin::gui {

namespace {

/// Families in the order an engineer looks for them; unknown families follow, sorted.
int familyRank(const std::string& family) {
  static const std::map<std::string, int> kRanks = {{"electrical", 0}, {"rotational", 1}, {"translational", 2},
                                                    {"hydraulic", 3},  {"pneumatic", 4},  {"thermal", 5},
                                                    {"signal", 6},     {"analysis", 7},   {"user", 8}};
  const auto it = kRanks.find(family);
  return it == kRanks.end() ? 100 : it->second;
}

// The family of the model's own components (user.NAME), for lupdate.
[[maybe_unused]] const char* const kUserFamily = QT_TRANSLATE_NOOP("BlockLibrary", "User");

}  // namespace

PaletteTree::PaletteTree(const core::BlockRegistry& registry, QWidget* parent)
    : QTreeWidget(parent), registry_(registry) {
  initResources();
  setHeaderHidden(true);
  setColumnCount(1);
  setIconSize(QSize(36, 24));
  setDragEnabled(true);
  setDragDropMode(QAbstractItemView::DragOnly);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setUniformRowHeights(true);
  setAnimated(true);
  setIndentation(14);

  populate();
  connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
    const QString type = item->data(0, kTypeRole).toString();
    if (!type.isEmpty()) emit typeActivated(type);
  });
}

void PaletteTree::populate() {
  clear();
  std::map<std::pair<int, std::string>, std::vector<const core::ComponentType*>> families;
  for (const core::ComponentType* type : registry_.all())
    families[{familyRank(type->family()), type->family()}].push_back(type);
  IconCache icons;
  for (const auto& [key, types] : families) {
    auto* family = new QTreeWidgetItem(this, {familyTitle(key.second)});
    QFont bold = family->font(0);
    bold.setBold(true);
    family->setFont(0, bold);
    family->setFlags(Qt::ItemIsEnabled);
    for (const core::ComponentType* type : types) {
      auto* item = new QTreeWidgetItem(family, {blockTitle(*type)});
      const QString typeName = QString::fromStdString(type->type);
      item->setData(0, kTypeRole, typeName);
      item->setToolTip(0, QStringLiteral("<b>%1</b> <code>%2</code><br>%3")
                              .arg(blockTitle(*type).toHtmlEscaped(), typeName, blockDescription(*type).toHtmlEscaped()));
      item->setStatusTip(0, blockDescription(*type));
      if (const SvgIcon* icon = icons.icon(QString::fromStdString(type->icon))) {
        QIcon qicon;
        qicon.addPixmap(icon->pixmap(QSize(72, 48)));
        item->setIcon(0, qicon);
      }
      item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
  }
  expandAll();
}

void PaletteTree::setFilter(const QString& text) {
  const QString needle = text.trimmed();
  for (int f = 0; f < topLevelItemCount(); ++f) {
    QTreeWidgetItem* family = topLevelItem(f);
    int visible = 0;
    for (int i = 0; i < family->childCount(); ++i) {
      QTreeWidgetItem* item = family->child(i);
      const bool match = needle.isEmpty() || item->text(0).contains(needle, Qt::CaseInsensitive) ||
                         item->data(0, kTypeRole).toString().contains(needle, Qt::CaseInsensitive) ||
                         item->statusTip(0).contains(needle, Qt::CaseInsensitive);
      item->setHidden(!match);
      visible += match;
    }
    family->setHidden(visible == 0);
    if (!needle.isEmpty()) family->setExpanded(true);
  }
}

QTreeWidgetItem* PaletteTree::itemForType(const QString& type) const {
  for (int f = 0; f < topLevelItemCount(); ++f) {
    QTreeWidgetItem* family = topLevelItem(f);
    for (int i = 0; i < family->childCount(); ++i)
      if (family->child(i)->data(0, kTypeRole).toString() == type) return family->child(i);
  }
  return nullptr;
}

QMimeData* PaletteTree::mimeDataForType(const QString& type) {
  auto* data = new QMimeData;
  data->setData(DiagramView::kBlockTypeMimeType, type.toUtf8());
  data->setText(type);
  return data;
}

QStringList PaletteTree::mimeTypes() const { return {DiagramView::kBlockTypeMimeType}; }

QMimeData* PaletteTree::mimeData(const QList<QTreeWidgetItem*>& items) const {
  for (QTreeWidgetItem* item : items) {
    const QString type = item->data(0, kTypeRole).toString();
    if (!type.isEmpty()) return mimeDataForType(type);
  }
  return nullptr;
}

}  // namespace kelvin::gui
