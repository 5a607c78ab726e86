#include "canvas/commands/remove_items_command.h"

#include <QCoreApplication>

#include "document/model_document.h"

namespace kelvin::gui {

namespace {

template <typename T>
void eraseAll(std::vector<T>& values, const std::vector<std::pair<std::size_t, T>>& removed) {
  for (auto it = removed.rbegin(); it != removed.rend(); ++it) values.erase(values.begin() + it->first);
}

template <typename T>
void insertAll(std::vector<T>& values, const std::vector<std::pair<std::size_t, T>>& removed) {
  for (const auto& [index, value] : removed) values.insert(values.begin() + index, value);
}

}  // namespace

RemoveItemsCommand::RemoveItemsCommand(ModelDocument* document, LevelPath level, const std::set<std::string>& blockIds,
                                       const std::set<std::string>& portNames,
                                       const std::set<std::size_t>& connectionIndices)
    : DocumentCommand(document, std::move(level), QString()) {
  const DiagramLevel l = this->level();
  for (std::size_t i = 0; i < l.blocks->size(); ++i)
    if (blockIds.count((*l.blocks)[i].id)) blocks_.emplace_back(i, (*l.blocks)[i]);
  if (l.ports) {
    for (std::size_t i = 0; i < l.ports->size(); ++i)
      if (portNames.count((*l.ports)[i].name)) ports_.emplace_back(i, (*l.ports)[i]);
  }
  auto touchesRemoved = [&](const std::string& endpoint) {
    const auto [block, port] = splitEndpoint(endpoint);
    return block.empty() ? portNames.count(port) > 0 : blockIds.count(block) > 0;
  };
  for (std::size_t i = 0; i < l.connections->size(); ++i) {
    const core::Connection& c = (*l.connections)[i];
    if (connectionIndices.count(i) || touchesRemoved(c.from) || touchesRemoved(c.to)) connections_.emplace_back(i, c);
  }
  const int items = static_cast<int>(blocks_.size() + ports_.size());
  setText(items > 0 ? QCoreApplication::translate("RemoveItemsCommand", "Delete %n item(s)", nullptr, items)
                    : QCoreApplication::translate("RemoveItemsCommand", "Delete %n wire(s)", nullptr,
                                                  static_cast<int>(connections_.size())));
}

void RemoveItemsCommand::redo() {
  const DiagramLevel l = level();
  eraseAll(*l.connections, connections_);
  eraseAll(*l.blocks, blocks_);
  if (l.ports) eraseAll(*l.ports, ports_);
  notify();
}

void RemoveItemsCommand::undo() {
  const DiagramLevel l = level();
  insertAll(*l.blocks, blocks_);
  if (l.ports) insertAll(*l.ports, ports_);
  insertAll(*l.connections, connections_);
  notify();
}

}  // namespace kelvin::gui
