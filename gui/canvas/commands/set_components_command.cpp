#include "canvas/commands/set_components_command.h"

#include "document/model_document.h"

namespace kelvin::gui {

SetComponentsCommand::SetComponentsCommand(ModelDocument* document, std::vector<std::string> components,
                                           const QString& text)
    : DocumentCommand(document, {}, text), before_(document->model().components), after_(std::move(components)) {}

void SetComponentsCommand::redo() {
  document()->editableModel().components = after_;
  document()->notifyComponentsChanged();
}

void SetComponentsCommand::undo() {
  document()->editableModel().components = before_;
  document()->notifyComponentsChanged();
}

}  // namespace kelvin::gui
