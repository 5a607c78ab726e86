#pragma once
// Adds one wire: `from` and `to` are endpoints ("R1.p", or a bare boundary
// port name inside a subsystem), `points` its routing points (a junction
// onto an existing wire stores the shared path up to the branch point).
// The caller has checked the connection with ConnectionRules.

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class AddConnectionCommand : public DocumentCommand {
 public:
  AddConnectionCommand(ModelDocument* document, LevelPath level, core::Connection connection);

  void redo() override;
  void undo() override;

 private:
  core::Connection connection_;
};

}  // namespace kelvin::gui
