#pragma once
// Changes a block's id and every connection endpoint at its level that
// names it ("R1.p" becomes "Rload.p"). The new id must be free (the
// inspector checks it).

#include <string>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class RenameBlockCommand : public DocumentCommand {
 public:
  RenameBlockCommand(ModelDocument* document, LevelPath level, std::string oldId, std::string newId);

  void redo() override;
  void undo() override;

 private:
  void rename(const std::string& from, const std::string& to);

  std::string oldId_, newId_;
};

}  // namespace kelvin::gui
