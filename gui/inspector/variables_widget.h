#pragma once
// The Variables dock: the model's variables (Model::variables), names any
// parameter may use ("f0" = "50", "w0" = "2*pi*f0"). A table of name and
// value with the evaluated result or the problem beside each; every edit,
// addition or removal is one undo command.

#include <QWidget>

class QTableWidget;
class QTableWidgetItem;

namespace kelvin::gui {

class ModelDocument;

class VariablesWidget : public QWidget {
  Q_OBJECT

 public:
  /// `document` must outlive the widget.
  explicit VariablesWidget(ModelDocument* document, QWidget* parent = nullptr);

  QTableWidget* table() const { return table_; }
  /// Adds a variable named "a", "b", ... (the first free name) with value 0.
  void addVariable();
  /// Removes the selected variables.
  void removeSelected();

 private:
  void reload();
  void commitCell(QTableWidgetItem* item);

  ModelDocument* document_;
  QTableWidget* table_;
  bool loading_ = false;
};

}  // namespace kelvin::gui
