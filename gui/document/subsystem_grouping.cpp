#include "document/subsystem_grouping.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "document/block_naming.h"
#include "document/endpoint_info.h"

namespace kelvin::gui {

namespace {

double snap(double v, double grid) { return grid > 0 ? std::round(v / grid) * grid : v; }

struct Box {
  double x0 = std::numeric_limits<double>::max(), y0 = x0;
  double x1 = -std::numeric_limits<double>::max(), y1 = x1;
  void add(const core::Point& p) {
    x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
  }
  bool empty() const { return x0 > x1; }
  core::Point centre() const { return {(x0 + x1) / 2, (y0 + y1) / 2}; }
};

std::string portNameFor(const std::string& endpoint) {
  std::string name = endpoint;
  std::replace(name.begin(), name.end(), '.', '_');
  std::replace(name.begin(), name.end(), '/', '_');
  return isValidId(name) ? name : "port";
}

bool sameConnection(const core::Connection& a, const core::Connection& b) {
  return (a.from == b.from && a.to == b.to) || (a.from == b.to && a.to == b.from);
}

void addUnique(std::vector<core::Connection>& connections, core::Connection c) {
  for (const core::Connection& existing : connections)
    if (sameConnection(existing, c)) return;
  connections.push_back(std::move(c));
}

}  // namespace

LevelContents groupBlocks(const LevelContents& level, const std::vector<core::BoundaryPort>& levelPorts,
                          const std::set<std::string>& ids, const std::string& subsystemId,
                          const core::BlockRegistry& registry, double grid) {
  const ConstDiagramLevel view{&level.blocks, &level.connections, &levelPorts, nullptr};
  auto inside = [&](const std::string& endpoint) {
    const auto [block, port] = splitEndpoint(endpoint);
    return !block.empty() && ids.count(block) > 0;
  };

  core::Block sub;
  sub.id = subsystemId;
  sub.type = "Subsystem";
  LevelContents result;
  std::optional<std::size_t> insertAt;
  Box box;
  for (const core::Block& b : level.blocks) {
    if (ids.count(b.id)) {
      if (!insertAt) insertAt = result.blocks.size();
      sub.blocks.push_back(b);
      box.add(b.pos);
    } else {
      result.blocks.push_back(b);
    }
  }
  if (!insertAt) return level;  // nothing to group
  const core::Point centre = box.centre();
  sub.pos = {snap(centre.x, grid), snap(centre.y, grid)};

  std::map<std::string, std::string> portOfKey;  // key endpoint -> boundary port name
  for (const core::Connection& c : level.connections) {
    const bool fromIn = inside(c.from), toIn = inside(c.to);
    if (fromIn && toIn) {
      sub.connections.push_back(c);
      continue;
    }
    if (!fromIn && !toIn) {
      result.connections.push_back(c);
      continue;
    }
    const std::string& innerEnd = fromIn ? c.from : c.to;
    const std::string& outerEnd = fromIn ? c.to : c.from;
    const std::optional<EndpointInfo> info = endpointInfo(view, innerEnd, registry);
    const core::Domain domain = info ? info->domain : core::Domain::Electrical;
    const core::PortDirection direction = info ? info->direction : core::PortDirection::Physical;
    // A signal entering is keyed by its driver outside: one port per driver.
    const std::string key = direction == core::PortDirection::Input ? outerEnd : innerEnd;
    auto found = portOfKey.find(key);
    if (found == portOfKey.end()) {
      const std::string name = uniqueId(portNameFor(key), [&](const std::string& n) {
        return std::any_of(sub.ports.begin(), sub.ports.end(), [&](const core::BoundaryPort& p) { return p.name == n; });
      });
      core::BoundaryPort port;
      port.name = name;
      port.domain = std::string(core::domainName(domain));
      port.direction = direction == core::PortDirection::Input    ? "input"
                       : direction == core::PortDirection::Output ? "output"
                                                                  : "physical";
      const core::Block* innerBlock = view.findBlock(splitEndpoint(innerEnd).first);
      const bool left = direction == core::PortDirection::Input ||
                        (direction == core::PortDirection::Physical && innerBlock && innerBlock->pos.x <= centre.x);
      port.pos = {snap(left ? box.x0 - 100 : box.x1 + 100, grid),
                  snap(innerBlock ? innerBlock->pos.y : centre.y, grid)};
      // Keep two ports of one side from sitting on top of each other.
      for (const core::BoundaryPort& other : sub.ports) {
        if (other.pos.x == port.pos.x && std::abs(other.pos.y - port.pos.y) < 40) port.pos.y = other.pos.y + 40;
      }
      sub.ports.push_back(port);
      found = portOfKey.emplace(key, name).first;
    }
    const std::string& name = found->second;
    core::Connection innerWire, outerWire;
    innerWire.from = fromIn ? innerEnd : name;
    innerWire.to = fromIn ? name : innerEnd;
    outerWire.from = fromIn ? subsystemId + "." + name : outerEnd;
    outerWire.to = fromIn ? outerEnd : subsystemId + "." + name;
    outerWire.extra = c.extra;
    addUnique(sub.connections, std::move(innerWire));
    addUnique(result.connections, std::move(outerWire));
  }
  result.blocks.insert(result.blocks.begin() + static_cast<std::ptrdiff_t>(*insertAt), std::move(sub));
  return result;
}

LevelContents ungroupSubsystem(const LevelContents& level, const std::vector<core::BoundaryPort>& levelPorts,
                               const std::string& subsystemId, const core::BlockRegistry& registry, double grid,
                               std::vector<std::string>* newIds) {
  const auto subIt = std::find_if(level.blocks.begin(), level.blocks.end(),
                                  [&](const core::Block& b) { return b.id == subsystemId; });
  if (subIt == level.blocks.end() || subIt->type != "Subsystem") return level;
  const core::Block& sub = *subIt;

  // Ids: keep an inner id when it is free at this level, else rename it.
  std::set<std::string> taken;
  for (const core::Block& b : level.blocks)
    if (b.id != subsystemId) taken.insert(b.id);
  std::map<std::string, std::string> renamed;
  for (const core::Block& b : sub.blocks) {
    const std::string id = uniqueId(b.id, [&](const std::string& n) { return taken.count(n) > 0; });
    taken.insert(id);
    renamed[b.id] = id;
  }
  auto rename = [&](const std::string& endpoint) {
    const auto [block, port] = splitEndpoint(endpoint);
    return block.empty() ? endpoint : renamed[block] + "." + port;
  };

  Box box;
  for (const core::Block& b : sub.blocks) box.add(b.pos);
  const core::Point centre = box.empty() ? sub.pos : box.centre();
  const core::Point offset{snap(sub.pos.x - centre.x, grid), snap(sub.pos.y - centre.y, grid)};
  auto moved = [&](core::Point p) { return core::Point{p.x + offset.x, p.y + offset.y}; };

  LevelContents result;
  for (const core::Block& b : level.blocks) {
    if (b.id != subsystemId) {
      result.blocks.push_back(b);
      continue;
    }
    for (core::Block inner : sub.blocks) {
      inner.id = renamed[inner.id];
      inner.pos = moved(inner.pos);
      if (newIds) newIds->push_back(inner.id);
      result.blocks.push_back(std::move(inner));
    }
  }

  // Endpoints joined by each boundary port, inside and outside.
  std::map<std::string, std::vector<std::string>> innerEnds, outerEnds;
  for (const core::Connection& c : sub.connections) {
    const bool fromPort = splitEndpoint(c.from).first.empty(), toPort = splitEndpoint(c.to).first.empty();
    if (fromPort && !toPort) {
      innerEnds[c.from].push_back(rename(c.to));
    } else if (toPort && !fromPort) {
      innerEnds[c.to].push_back(rename(c.from));
    } else if (!fromPort && !toPort) {
      core::Connection wire = c;
      wire.from = rename(c.from);
      wire.to = rename(c.to);
      for (core::Point& p : wire.points) p = moved(p);
      result.connections.push_back(std::move(wire));
    }
  }
  const std::string prefix = subsystemId + ".";
  for (const core::Connection& c : level.connections) {
    const bool fromSub = c.from.compare(0, prefix.size(), prefix) == 0;
    const bool toSub = c.to.compare(0, prefix.size(), prefix) == 0;
    if (fromSub && !toSub)
      outerEnds[c.from.substr(prefix.size())].push_back(c.to);
    else if (toSub && !fromSub)
      outerEnds[c.to.substr(prefix.size())].push_back(c.from);
    else if (!fromSub && !toSub)
      result.connections.push_back(c);
  }
  (void)levelPorts;
  (void)registry;
  for (const core::BoundaryPort& port : sub.ports) {
    const std::vector<std::string>& in = innerEnds[port.name];
    const std::vector<std::string>& out = outerEnds[port.name];
    const core::PortDirection direction = boundaryDirection(port);
    if (direction == core::PortDirection::Physical) {
      std::vector<std::string> all = in;
      all.insert(all.end(), out.begin(), out.end());
      for (std::size_t k = 1; k < all.size(); ++k) addUnique(result.connections, {all[0], all[k], {}, {}});
      continue;
    }
    // Signals: the driver is outside for an input port, inside for an output port.
    const std::vector<std::string>& drivers = direction == core::PortDirection::Input ? out : in;
    const std::vector<std::string>& targets = direction == core::PortDirection::Input ? in : out;
    if (drivers.empty()) continue;
    for (const std::string& target : targets) addUnique(result.connections, {drivers[0], target, {}, {}});
  }
  return result;
}

}  // namespace kelvin::gui
