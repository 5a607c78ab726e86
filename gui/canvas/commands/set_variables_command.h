#pragma once
// Replaces the model's variables (Model::variables), the values every
// parameter expression may use. One command per edit of the Variables table.

#include <vector>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class SetVariablesCommand : public DocumentCommand {
 public:
  SetVariablesCommand(ModelDocument* document, std::vector<core::Variable> variables, const QString& text);

  void redo() override;
  void undo() override;

 private:
  std::vector<core::Variable> before_, after_;
};

}  // namespace kelvin::gui
