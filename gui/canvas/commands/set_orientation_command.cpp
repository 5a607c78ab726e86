#include "canvas/commands/set_orientation_command.h"

namespace kelvin::gui {

SetOrientationCommand::SetOrientationCommand(ModelDocument* document, LevelPath level,
                                             std::vector<Orientation> orientations, const QString& text)
    : DocumentCommand(document, std::move(level), text) {
  const DiagramLevel l = this->level();
  for (Orientation& o : orientations) {
    const core::Block* block = l.findBlock(o.id);
    if (!block) continue;
    before_.push_back({o.id, block->rotation, block->flipped});
    after_.push_back(std::move(o));
  }
}

void SetOrientationCommand::apply(const std::vector<Orientation>& orientations) {
  const DiagramLevel l = level();
  for (const Orientation& o : orientations) {
    if (core::Block* block = l.findBlock(o.id)) {
      block->rotation = o.rotation;
      block->flipped = o.flipped;
    }
  }
  notify();
}

void SetOrientationCommand::redo() { apply(after_); }

void SetOrientationCommand::undo() { apply(before_); }

}  // namespace kelvin::gui
