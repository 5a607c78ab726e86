#include "canvas/commands/set_settings_command.h"

#include <QCoreApplication>

#include "document/model_document.h"

namespace kelvin::gui {

SetSettingsCommand::SetSettingsCommand(ModelDocument* document, core::Settings settings)
    : DocumentCommand(document, {}, QCoreApplication::translate("SetSettingsCommand", "Change simulation settings")),
      before_(document->model().settings),
      after_(std::move(settings)) {}

void SetSettingsCommand::redo() {
  document()->editableModel().settings = after_;
  document()->notifySettingsChanged();
}

void SetSettingsCommand::undo() {
  document()->editableModel().settings = before_;
  document()->notifySettingsChanged();
}

}  // namespace kelvin::gui
