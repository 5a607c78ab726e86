#include "canvas/commands/move_items_command.h"

#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "document/model_document.h"

namespace kelvin::gui {

MoveItemsCommand::MoveItemsCommand(ModelDocument* document, LevelPath level, std::vector<Move> moves,
                                   const QString& text)
    : DocumentCommand(document, std::move(level), text) {
  const DiagramLevel l = this->level();
  // Offset of each moved owner, keyed as endpoints name it: "R1" for a block, "" + port for a boundary port.
  std::map<std::string, core::Point> offsetOfBlock, offsetOfPort;
  // One pass over the level's blocks and ports (a big diagram has tens of thousands of blocks).
  std::unordered_map<std::string_view, core::Point> toOfBlock, toOfPort;
  for (const Move& move : moves) (move.boundaryPort ? toOfPort : toOfBlock)[move.name] = move.to;
  auto take = [&](bool boundaryPort, const std::string& name, core::Point from) {
    const auto& targets = boundaryPort ? toOfPort : toOfBlock;
    const auto it = targets.find(name);
    if (it == targets.end()) return;
    const core::Point to = it->second;
    (boundaryPort ? offsetOfPort : offsetOfBlock)[name] = {to.x - from.x, to.y - from.y};
    items_.push_back({boundaryPort, name, from, to});
  };
  for (const core::Block& block : *l.blocks) take(false, block.id, block.pos);
  if (l.ports)
    for (const core::BoundaryPort& port : *l.ports) take(true, port.name, port.pos);
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
  // One pass over the level's blocks and ports (a big diagram has tens of thousands of blocks).
  std::unordered_map<std::string_view, const Item*> blocks, ports;
  for (const Item& item : items_) (item.boundaryPort ? ports : blocks).emplace(item.name, &item);
  MovedItems moved;
  auto place = [&](const auto& items, auto& where, const std::string& name, auto& list) {
    const auto it = items.find(name);
    if (it == items.end()) return;
    where = forward ? it->second->to : it->second->from;
    list.push_back(name);
  };
  for (core::Block& block : *l.blocks) place(blocks, block.pos, block.id, moved.blocks);
  if (l.ports)
    for (core::BoundaryPort& port : *l.ports) place(ports, port.pos, port.name, moved.ports);
  for (const Wire& wire : wires_) {
    (*l.connections)[wire.index].points = forward ? wire.after : wire.before;
    moved.connections.push_back(wire.index);
  }
  document()->notifyItemsMoved(levelPath(), moved);
}

void MoveItemsCommand::redo() { apply(true); }

void MoveItemsCommand::undo() { apply(false); }

}  // namespace kelvin::gui
