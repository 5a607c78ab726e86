#pragma once
// Adds blocks, boundary ports and connections at the end of a level: a drop
// from the palette, a quick insert, a paste, a duplicate. The ids must be
// free at the level (the caller makes them unique).

#include <vector>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class AddItemsCommand : public DocumentCommand {
 public:
  AddItemsCommand(ModelDocument* document, LevelPath level, std::vector<core::Block> blocks,
                  std::vector<core::Connection> connections, std::vector<core::BoundaryPort> ports,
                  const QString& text);

  void redo() override;
  void undo() override;

 private:
  std::vector<core::Block> blocks_;
  std::vector<core::Connection> connections_;
  std::vector<core::BoundaryPort> ports_;
};

}  // namespace kelvin::gui
