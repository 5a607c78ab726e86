#include "canvas/commands/add_items_command.h"

namespace kelvin::gui {

AddItemsCommand::AddItemsCommand(ModelDocument* document, LevelPath level, std::vector<core::Block> blocks,
                                 std::vector<core::Connection> connections, std::vector<core::BoundaryPort> ports,
                                 const QString& text)
    : DocumentCommand(document, std::move(level), text),
      blocks_(std::move(blocks)),
      connections_(std::move(connections)),
      ports_(std::move(ports)) {}

void AddItemsCommand::redo() {
  const DiagramLevel l = level();
  l.blocks->insert(l.blocks->end(), blocks_.begin(), blocks_.end());
  l.connections->insert(l.connections->end(), connections_.begin(), connections_.end());
  if (l.ports) l.ports->insert(l.ports->end(), ports_.begin(), ports_.end());
  notify();
}

void AddItemsCommand::undo() {
  const DiagramLevel l = level();
  l.blocks->resize(l.blocks->size() - blocks_.size());
  l.connections->resize(l.connections->size() - connections_.size());
  if (l.ports) l.ports->resize(l.ports->size() - ports_.size());
  notify();
}

}  // namespace kelvin::gui
