#pragma once
// The component library as a tree: one branch per family (electrical,
// rotational, ..., signal, analysis), one leaf per block type with its icon
// and title (the model's own components under "User"); the tooltip gives the description and the type name. Leaves
// drag onto the canvas (MIME DiagramView::kBlockTypeMimeType, the type name).

#include <QTreeWidget>

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class PaletteTree : public QTreeWidget {
  Q_OBJECT

 public:
  static constexpr int kTypeRole = Qt::UserRole + 1;

  /// `registry` must outlive the tree.
  explicit PaletteTree(const core::BlockRegistry& registry, QWidget* parent = nullptr);

  /// Rebuilds the tree from the registry (after the model's user components changed).
  void populate();
  /// Shows only the types whose title, type name or description contain `text`.
  void setFilter(const QString& text);
  /// The leaf of a type, or nullptr.
  QTreeWidgetItem* itemForType(const QString& type) const;
  /// The mime data a drag of `type` carries (also used by tests to simulate a drop).
  static QMimeData* mimeDataForType(const QString& type);

 signals:
  /// A leaf was double-clicked or Enter pressed on it.
  void typeActivated(const QString& type);

 protected:
  QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override;
  QStringList mimeTypes() const override;

 private:
  const core::BlockRegistry& registry_;
};

}  // namespace kelvin::gui
