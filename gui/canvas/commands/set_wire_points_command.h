#pragma once
// Changes the routing points of one wire (a segment dragged, a route reset).

#include <vector>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class SetWirePointsCommand : public DocumentCommand {
 public:
  /// `index` is the connection's index at the level; reads the old points from the document.
  SetWirePointsCommand(ModelDocument* document, LevelPath level, std::size_t index, std::vector<core::Point> points,
                       const QString& text);

  void redo() override;
  void undo() override;

 private:
  std::size_t index_;
  std::vector<core::Point> before_, after_;
};

}  // namespace kelvin::gui
