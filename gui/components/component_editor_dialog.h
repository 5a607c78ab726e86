#pragma once
// Model ▸ Components…: edits the texts of the model's user components
// (docs/components.md). A list of the texts on the left, the selected one in
// a text editor with syntax colouring (ComponentHighlighter) on the right,
// and under it the first problem of that text, found as you type by compiling
// every text against the library (a quarter of a second after the last key),
// shown as "line L:C: message" and underlined in the text. Apply (and OK)
// store all texts in the model as one undoable edit (SetComponentsCommand).

#include <QDialog>
#include <QString>
#include <vector>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace kelvin::gui {

class ComponentHighlighter;
class ModelDocument;

class ComponentEditorDialog : public QDialog {
  Q_OBJECT

 public:
  /// `document` must outlive the dialog.
  explicit ComponentEditorDialog(ModelDocument* document, QWidget* parent = nullptr);

  /// Reloads the texts from the model, dropping edits not applied.
  void reload();
  /// Compiles the texts now (as the timer would) and shows the current text's first problem.
  void check();
  /// Stores the texts in the model (one undo step); false when nothing changed.
  bool apply();

  QPlainTextEdit* textEdit() const { return edit_; }
  QListWidget* list() const { return list_; }
  QLabel* status() const { return status_; }

 private:
  void select(int row);
  /// Makes `row` current in the list and in the editor.
  void showRow(int row);
  void storeCurrent();
  void addComponent();
  void removeComponent();
  void updateNames();

  ModelDocument* document_;
  QListWidget* list_;
  QPlainTextEdit* edit_;
  ComponentHighlighter* highlighter_;
  QLabel* status_;
  QLabel* files_;
  QPushButton* remove_;
  QTimer* timer_;
  std::vector<QString> texts_;
  int current_ = -1;
  bool loading_ = false;
};

}  // namespace kelvin::gui
