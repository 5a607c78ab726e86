#pragma once
// Moves blocks and boundary ports of a level (a mouse drag, arrow keys,
// Align). Wires whose two ends move by the same offset have their routing
// points moved with them; other wires keep their points and re-route the
// ends orthogonally.

#include <string>
#include <vector>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class MoveItemsCommand : public DocumentCommand {
 public:
  struct Move {
    bool boundaryPort = false;  // false: a block id; true: a boundary port name
    std::string name;
    core::Point to;
  };

  /// Reads the old positions and the wires' points from the document's current model.
  MoveItemsCommand(ModelDocument* document, LevelPath level, std::vector<Move> moves, const QString& text);

  void redo() override;
  void undo() override;

 private:
  struct Item {
    bool boundaryPort;
    std::string name;
    core::Point from, to;
  };
  struct Wire {
    std::size_t index;
    std::vector<core::Point> before, after;
  };
  void apply(bool forward);

  std::vector<Item> items_;
  std::vector<Wire> wires_;
};

}  // namespace kelvin::gui
