#pragma once
// Replaces a Subsystem block by its contents (see
// document/subsystem_grouping.h). Undo puts the level back as it was.

#include <string>
#include <vector>

#include "canvas/commands/document_command.h"
#include "document/subsystem_grouping.h"

namespace kelvin::gui {

class UngroupSubsystemCommand : public DocumentCommand {
 public:
  UngroupSubsystemCommand(ModelDocument* document, LevelPath level, std::string subsystemId, double grid);

  void redo() override;
  void undo() override;

  /// The ids the former inner blocks have at the level.
  const std::vector<std::string>& newIds() const { return newIds_; }

 private:
  LevelContents before_, after_;
  std::vector<std::string> newIds_;
};

}  // namespace kelvin::gui
