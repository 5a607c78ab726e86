#pragma once
// Replaces the texts of the model's user components (Model::components), then
// recompiles them (ModelDocument::notifyComponentsChanged). One command per
// Apply of the component editor.

#include <string>
#include <vector>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class SetComponentsCommand : public DocumentCommand {
 public:
  SetComponentsCommand(ModelDocument* document, std::vector<std::string> components, const QString& text);

  void redo() override;
  void undo() override;

 private:
  std::vector<std::string> before_, after_;
};

}  // namespace kelvin::gui
