#include "canvas/commands/set_variables_command.h"

#include "document/model_document.h"

namespace kelvin::gui {

SetVariablesCommand::SetVariablesCommand(ModelDocument* document, std::vector<core::Variable> variables,
                                         const QString& text)
    : DocumentCommand(document, {}, text), before_(document->model().variables), after_(std::move(variables)) {}

void SetVariablesCommand::redo() {
  document()->editableModel().variables = after_;
  document()->notifyVariablesChanged();
}

void SetVariablesCommand::undo() {
  document()->editableModel().variables = before_;
  document()->notifyVariablesChanged();
}

}  // namespace kelvin::gui
