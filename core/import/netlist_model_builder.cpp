#include "import/netlist_model_builder.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace kelvin::core {

namespace {

constexpr double kColumnSpacing = 160.0;
constexpr double kRowSpacing = 120.0;

}  // namespace

NetlistModelBuilder::NetlistModelBuilder(std::string groundNode) : groundNode_(std::move(groundNode)) {}

void NetlistModelBuilder::add(NetlistElement element) { elements_.push_back(std::move(element)); }

NetlistElement* NetlistModelBuilder::find(const std::string& id) {
  auto it = std::find_if(elements_.begin(), elements_.end(), [&](const NetlistElement& e) { return e.block.id == id; });
  return it == elements_.end() ? nullptr : &*it;
}

void NetlistModelBuilder::remove(const std::string& id) {
  std::erase_if(elements_, [&](const NetlistElement& e) { return e.block.id == id; });
}

std::string NetlistModelBuilder::uniqueId(const std::string& wanted) const {
  const auto taken = [&](const std::string& id) {
    return std::any_of(elements_.begin(), elements_.end(), [&](const NetlistElement& e) { return e.block.id == id; });
  };
  std::string id = wanted;
  for (int k = 2; taken(id); ++k) id = wanted + "_" + std::to_string(k);
  return id;
}

std::vector<NetlistElement> NetlistModelBuilder::connectedElements(std::vector<Diagnostic>& warnings,
                                                                   const Boundary& boundary) const {
  std::vector<NetlistElement> kept = elements_;
  for (bool changed = true; changed;) {
    changed = false;
    std::map<std::string, int> pinsOnNode;
    for (const auto& port : boundary) ++pinsOnNode[port.second];
    for (const NetlistElement& e : kept)
      for (const auto& pin : e.pins) ++pinsOnNode[pin.second];
    for (auto it = kept.begin(); it != kept.end();) {
      const auto open = std::find_if(it->pins.begin(), it->pins.end(), [&](const auto& pin) {
        return pin.second != groundNode_ && pinsOnNode[pin.second] < 2;
      });
      if (open == it->pins.end()) {
        ++it;
        continue;
      }
      warnings.push_back({.file = it->origin,
                          .blockId = {},
                          .port = {},
                          .message = "node '" + open->second + "' connects only to " + it->block.id +
                                     ", which therefore carries no current: " + it->block.id + " left out"});
      it = kept.erase(it);
      changed = true;
    }
  }
  return kept;
}

Model NetlistModelBuilder::build(Model base, std::vector<Diagnostic>& warnings, const Boundary& boundary) const {
  std::vector<NetlistElement> elements = connectedElements(warnings, boundary);
  const int columns = std::max(4, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(elements.size())))));
  std::map<std::string, std::vector<std::string>> portsOnNode;  // node -> "block.port" in element order
  std::vector<std::string> nodeOrder;
  for (std::size_t k = 0; k < elements.size(); ++k) {
    Block& block = elements[k].block;
    block.pos = {kColumnSpacing * static_cast<double>(k % columns), kRowSpacing * static_cast<double>(k / columns)};
    for (const auto& [port, node] : elements[k].pins) {
      if (!portsOnNode.contains(node)) nodeOrder.push_back(node);
      portsOnNode[node].push_back(block.id + "." + port);
    }
    base.blocks.push_back(block);
  }
  if (portsOnNode.contains(groundNode_)) {
    std::string groundId = "GND";
    for (int k = 2; std::any_of(elements.begin(), elements.end(), [&](const auto& e) { return e.block.id == groundId; });
         ++k)
      groundId = "GND_" + std::to_string(k);
    const double rows = std::ceil(static_cast<double>(elements.size()) / columns);
    Block ground;
    ground.id = groundId;
    ground.type = "electrical.Ground";
    ground.pos = {0.0, kRowSpacing * rows};
    base.blocks.push_back(ground);
    std::vector<std::string>& groundPorts = portsOnNode[groundNode_];
    groundPorts.insert(groundPorts.begin(), groundId + ".p");
  }
  for (const auto& [port, node] : boundary) {
    if (!portsOnNode.contains(node)) nodeOrder.push_back(node);
    std::vector<std::string>& ports = portsOnNode[node];
    ports.insert(ports.begin(), port);  // a bare name: the subsystem's boundary port
  }
  for (const std::string& node : nodeOrder) {
    const std::vector<std::string>& ports = portsOnNode[node];
    for (std::size_t k = 1; k < ports.size(); ++k) {
      Connection wire;
      wire.from = ports[k - 1];
      wire.to = ports[k];
      base.connections.push_back(wire);
    }
  }
  return base;
}

}  // namespace kelvin::core
