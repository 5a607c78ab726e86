#pragma once
// The dialog a double-click on a block opens: the block's ParameterForm
// with OK, Cancel and Apply. OK (or Apply) applies every change at once, as
// one undo step; OK is disabled while a field is invalid.

#include <string>

#include <QDialog>

#include "document/diagram_level.h"

class QDialogButtonBox;

namespace kelvin::gui {

class ModelDocument;
class ParameterForm;

class ParameterDialog : public QDialog {
  Q_OBJECT

 public:
  /// Edits block `id` of `level` in `document` (which must outlive the dialog).
  ParameterDialog(ModelDocument* document, LevelPath level, std::string id, QWidget* parent = nullptr);

  ParameterForm* form() const { return form_; }
  /// Applies the changes; returns false when a field is invalid.
  bool apply();
  /// The block's id after the last apply.
  const std::string& blockId() const { return id_; }

  void accept() override;

 private:
  ModelDocument* document_;
  LevelPath level_;
  std::string id_;
  ParameterForm* form_;
  QDialogButtonBox* buttons_;
};

}  // namespace kelvin::gui
