#pragma once
// Groups blocks of a level into a new Subsystem block (see
// document/subsystem_grouping.h for what happens to the wires). Undo puts
// the level's blocks and connections back as they were.

#include <set>
#include <string>

#include "canvas/commands/document_command.h"
#include "document/subsystem_grouping.h"

namespace kelvin::gui {

class GroupSubsystemCommand : public DocumentCommand {
 public:
  /// Computes the grouped level from the document's current model.
  GroupSubsystemCommand(ModelDocument* document, LevelPath level, const std::set<std::string>& ids,
                        std::string subsystemId, double grid);

  void redo() override;
  void undo() override;

  const std::string& subsystemId() const { return subsystemId_; }

 private:
  std::string subsystemId_;
  LevelContents before_, after_;
};

}  // namespace kelvin::gui
