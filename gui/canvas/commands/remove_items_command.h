#pragma once
// Deletes blocks, boundary ports and connections of a level, together with
// every connection that touches a deleted block or port. Undo puts each one
// back at its old index, so the model is restored exactly.

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class RemoveItemsCommand : public DocumentCommand {
 public:
  /// Reads what to remove from the document's current model.
  RemoveItemsCommand(ModelDocument* document, LevelPath level, const std::set<std::string>& blockIds,
                     const std::set<std::string>& portNames, const std::set<std::size_t>& connectionIndices);

  void redo() override;
  void undo() override;

  /// False when there is nothing to remove (the caller need not push the command).
  bool isEmpty() const { return blocks_.empty() && ports_.empty() && connections_.empty(); }

 private:
  // (index, value) ascending by index.
  std::vector<std::pair<std::size_t, core::Block>> blocks_;
  std::vector<std::pair<std::size_t, core::BoundaryPort>> ports_;
  std::vector<std::pair<std::size_t, core::Connection>> connections_;
};

}  // namespace kelvin::gui
