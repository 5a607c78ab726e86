#include "canvas/commands/set_wire_points_command.h"

namespace kelvin::gui {

SetWirePointsCommand::SetWirePointsCommand(ModelDocument* document, LevelPath level, std::size_t index,
                                           std::vector<core::Point> points, const QString& text)
    : DocumentCommand(document, std::move(level), text), index_(index), after_(std::move(points)) {
  before_ = (*this->level().connections)[index_].points;
}

void SetWirePointsCommand::redo() {
  (*level().connections)[index_].points = after_;
  notify();
}

void SetWirePointsCommand::undo() {
  (*level().connections)[index_].points = before_;
  notify();
}

}  // namespace kelvin::gui
