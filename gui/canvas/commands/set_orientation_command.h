#pragma once
// Rotates or flips blocks: sets each block's rotation (degrees, a multiple
// of 90) and flipped flag. Rotate and Flip of the Edit menu.

#include <string>
#include <vector>

#include "canvas/commands/document_command.h"

namespace kelvin::gui {

class SetOrientationCommand : public DocumentCommand {
 public:
  struct Orientation {
    std::string id;
    double rotation = 0.0;
    bool flipped = false;
  };

  /// Reads the old orientations from the document's current model.
  SetOrientationCommand(ModelDocument* document, LevelPath level, std::vector<Orientation> orientations,
                        const QString& text);

  void redo() override;
  void undo() override;

 private:
  void apply(const std::vector<Orientation>& orientations);

  std::vector<Orientation> before_, after_;
};

}  // namespace kelvin::gui
