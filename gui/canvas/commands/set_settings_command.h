#pragma once
// Replaces the model's simulation settings (stop time, solver, tolerances, step).

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class SetSettingsCommand : public DocumentCommand {
 public:
  SetSettingsCommand(ModelDocument* document, core::Settings settings);

  void redo() override;
  void undo() override;

 private:
  core::Settings before_, after_;
};

}  // namespace kelvin::gui
