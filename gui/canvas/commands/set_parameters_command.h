#pragma once
// Sets parameter texts of one block ("R" = "4.7k"). A parameter the block
// did not list before is added, and removed again by undo.

#include <map>
#include <optional>
#include <string>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class SetParametersCommand : public DocumentCommand {
 public:
  /// Reads the old texts from the document's current model.
  SetParametersCommand(ModelDocument* document, LevelPath level, std::string blockId,
                       std::map<std::string, std::string> values);

  void redo() override;
  void undo() override;

  /// True when every value equals the current one (nothing to do).
  bool isNoOp() const;

 private:
  std::string blockId_;
  std::map<std::string, std::string> after_;
  std::map<std::string, std::optional<std::string>> before_;
};

}  // namespace kelvin::gui
