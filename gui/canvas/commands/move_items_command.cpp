#include "canvas/commands/move_items_command.h"

#include <map>
#include <optional>

namespace kelvin::gui {

MoveItemsCommand::MoveItemsCommand(ModelDocument* document, LevelPath level, std::vector<Move> moves,
                                   const QString& text)
    : DocumentCommand(document, std::move(level), text) {
  const DiagramLevel l = this->level();
  // Offset of each moved owner, keyed as endpoints name it: "R1" for a block, "" + port for a boundary port.
  std::map<std::string, core::Point> offsetOfBlock, offsetOfPort;
  for (const Move& move : moves) {
    core::Point from;
    if (move.boundaryPort) {
      const core::BoundaryPort* port = l.findPort(move.name);
      if (!port) continue;
      from = port->pos;
      offsetOfPort[move.name] = {move.to.x - from.x, move.to.y - from.y};
    } else {
      const core::Block* block = l.findBlock(move.name);
      if (!block) continue;
      from = block->pos;
      offsetOfBlock[move.name] = {move.to.x - from.x, move.to.y - from.y};
    }
    items_.push_back({move.boundaryPort, move.name, from, move.to});
  }
  auto offsetOf = [&](const std::string& endpoint) -> std::optional<core::Point> {
    const auto [block, port] = splitEndpoint(endpoint);
    const auto& offsets = block.empty() ? offsetOfPort : offsetOfBlock;
    const auto it = offsets.find(block.empty() ? port : block);
    if (it == offsets.end()) return std::nullopt;
    return it->second;
  };
  for (std::size_t i = 0; i < l.connections->size(); ++i) {
    const core::Connection& c = (*l.connections)[i];
    if (c.points.empty()) continue;
    const std::optional<core::Point> a = offsetOf(c.from), b = offsetOf(c.to);
    if (!a || !b || !(*a == *b)) continue;
    Wire wire{i, c.points, c.points};
    for (core::Point& p : wire.after) p = {p.x + a->x, p.y + a->y};
    wires_.push_back(std::move(wire));
  }
}

void MoveItemsCommand::apply(bool forward) {
  const DiagramLevel l = level();
  for (const Item& item : items_) {
    const core::Point& pos = forward ? item.to : item.from;
    if (item.boundaryPort) {
      if (core::BoundaryPort* port = l.findPort(item.name)) port->pos = pos;
    } else if (core::Block* block = l.findBlock(item.name)) {
      block->pos = pos;
    }
  }
  for (const Wire& wire : wires_) (*l.connections)[wire.index].points = forward ? wire.after : wire.before;
  notify();
}

void MoveItemsCommand::redo() { apply(true); }

void MoveItemsCommand::undo() { apply(false); }

}  // namespace kelvin::gui
