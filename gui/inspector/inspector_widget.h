#pragma once
// The inspector dock's contents: the parameters of the block selected on
// the canvas (a ParameterForm). Each field is applied when edited (Enter or
// leaving it) as one undo command; the id is renamed the same way. Follows
// the model: undo, redo and edits elsewhere show up here.

#include <string>

#include <QWidget>

#include "document/diagram_level.h"

class QLabel;
class QStackedWidget;

namespace kelvin::gui {

class ModelDocument;
class ParameterForm;

class InspectorWidget : public QWidget {
  Q_OBJECT

 public:
  /// `document` must outlive the widget.
  explicit InspectorWidget(ModelDocument* document, QWidget* parent = nullptr);

  /// Shows the block `id` of `level`; an empty id shows a hint instead.
  void showBlock(const LevelPath& level, const std::string& id);
  ParameterForm* form() const { return form_; }

 signals:
  /// The block shown was renamed (the canvas should select it under its new id).
  void blockRenamed(const QString& id);

 private:
  void refresh();

  ModelDocument* document_;
  QStackedWidget* stack_;
  QLabel* hint_;
  ParameterForm* form_;
  LevelPath level_;
  std::string id_;
};

}  // namespace kelvin::gui
