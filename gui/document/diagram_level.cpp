#include "document/diagram_level.h"

#include <algorithm>

namespace kelvin::gui {

namespace {

template <typename Blocks>
auto findIn(Blocks* blocks, const std::string& id) -> decltype(&blocks->front()) {
  if (!blocks) return nullptr;
  auto it = std::find_if(blocks->begin(), blocks->end(), [&](const core::Block& b) { return b.id == id; });
  return it == blocks->end() ? nullptr : &*it;
}

template <typename Ports>
auto findPortIn(Ports* ports, const std::string& name) -> decltype(&ports->front()) {
  if (!ports) return nullptr;
  auto it = std::find_if(ports->begin(), ports->end(), [&](const core::BoundaryPort& p) { return p.name == name; });
  return it == ports->end() ? nullptr : &*it;
}

}  // namespace

core::Block* DiagramLevel::findBlock(const std::string& id) const { return findIn(blocks, id); }
core::BoundaryPort* DiagramLevel::findPort(const std::string& name) const { return findPortIn(ports, name); }
const core::Block* ConstDiagramLevel::findBlock(const std::string& id) const { return findIn(blocks, id); }
const core::BoundaryPort* ConstDiagramLevel::findPort(const std::string& name) const {
  return findPortIn(ports, name);
}

DiagramLevel levelOf(core::Model& model, const LevelPath& path) {
  DiagramLevel level{&model.blocks, &model.connections, nullptr, nullptr};
  for (const QString& id : path) {
    core::Block* owner = level.findBlock(id.toStdString());
    if (!owner || owner->type != "Subsystem") return {};
    level = {&owner->blocks, &owner->connections, &owner->ports, owner};
  }
  return level;
}

ConstDiagramLevel levelOf(const core::Model& model, const LevelPath& path) {
  const DiagramLevel level = levelOf(const_cast<core::Model&>(model), path);
  return {level.blocks, level.connections, level.ports, level.owner};
}

std::pair<std::string, std::string> splitEndpoint(const std::string& endpoint) {
  const auto dot = endpoint.find('.');
  if (dot == std::string::npos) return {std::string(), endpoint};
  return {endpoint.substr(0, dot), endpoint.substr(dot + 1)};
}

}  // namespace kelvin::gui
