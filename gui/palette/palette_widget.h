#pragma once
// The palette dock's contents: a search field over the library tree. Typing
// filters the tree; Enter in the field activates the first match.

#include <QWidget>

class QLineEdit;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class PaletteTree;

class PaletteWidget : public QWidget {
  Q_OBJECT

 public:
  explicit PaletteWidget(const core::BlockRegistry& registry, QWidget* parent = nullptr);

  PaletteTree* tree() const { return tree_; }
  QLineEdit* searchField() const { return search_; }
  /// Rebuilds the tree from the registry, keeping the search.
  void refresh();

 signals:
  /// The user asked to insert a block of `type` (double-click, or Enter in the search field).
  void typeActivated(const QString& type);

 private:
  QLineEdit* search_;
  PaletteTree* tree_;
};

}  // namespace kelvin::gui
