#pragma once
// The quick-insert box (Ctrl+K, or typing on the canvas): a line edit with
// a completer over every block type ("Resistor — electrical.Resistor").
// Enter inserts the chosen type (or the first match) where the box was
// opened; Escape or leaving the box closes it.

#include <QFrame>

class QCompleter;
class QLineEdit;
class QStandardItemModel;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class QuickInsertBox : public QFrame {
  Q_OBJECT

 public:
  explicit QuickInsertBox(const core::BlockRegistry& registry, QWidget* parent = nullptr);

  /// Shows the box at `pos` (parent coordinates) with `text` typed in.
  /// Offers the types of `registry` (again, after the model's user components changed).
  void setTypes(const core::BlockRegistry& registry);
  void popup(QPoint pos, const QString& text);
  QLineEdit* lineEdit() const { return edit_; }
  /// The type the current text names: an exact title or type name, else the first match; empty if none.
  QString resolve(const QString& text) const;

 signals:
  void typeChosen(const QString& type);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void accept();

  QLineEdit* edit_;
  QCompleter* completer_;
  QStandardItemModel* model_;
};

}  // namespace kelvin::gui
