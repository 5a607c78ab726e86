#include "elaborate/net_list.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "elaborate/block_registry.h"
#include "model/name_index.h"

namespace kelvin::core {

NetList::NetList(const BlockRegistry& registry, std::string file) : registry_(registry), file_(std::move(file)) {}

void NetList::fail(const std::string& block, const std::string& port, const std::string& message) const {
  throw ModelError(Diagnostic{file_, block, port, message});
}

int NetList::newSlot() {
  parent_.push_back(static_cast<int>(parent_.size()));
  return parent_.back();
}

int NetList::find(int k) {
  while (parent_[k] != k) {
    parent_[k] = parent_[parent_[k]];
    k = parent_[k];
  }
  return k;
}

void NetList::join(int a, int b) {
  const int ra = find(a);
  const int rb = find(b);
  if (ra != rb) parent_[ra] = rb;
}

int NetList::memberOf(int instance, std::string_view name) const {
  const Instance& in = instances_[instance];
  const int ordinal = portOrdinal(*in.type, in.variadicCount, name);
  return ordinal < 0 ? -1 : in.firstMember + ordinal;
}

void NetList::addModel(const std::vector<Block>& blocks, const std::vector<Connection>& connections,
                       const ParameterScope& scope) {
  // Room for the top level, most of a large model (about two ports per block); the
  // subsystems' blocks grow the vectors as usual.
  instances_.reserve(blocks.size());
  members_.reserve(2 * blocks.size());
  memberSlot_.reserve(2 * blocks.size());
  parent_.reserve(2 * blocks.size());
  addDiagram(blocks, connections, "", scope, nullptr);
}

void NetList::addDiagram(const std::vector<Block>& blocks, const std::vector<Connection>& connections,
                         const std::string& prefix, const ParameterScope& scope, BoundaryPorts* ownerPorts) {
  // The blocks of this level by id: an instance, or a subsystem's boundary ports.
  struct Entry {
    int instance = -1;
    BoundaryPorts* ports = nullptr;
  };
  std::vector<Entry> entries;
  entries.reserve(blocks.size());
  NameIndex level(blocks.size());
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    // The index of a large level does not stay in the cache: its slots are fetched ahead.
    if (k + NameIndex::kLookAhead < blocks.size()) {
      level.prefetch(blocks[k + NameIndex::kLookAhead].id);
      prefetchBlock(blocks[k + NameIndex::kLookAhead]);  // its type, looked up below
    }
    const Block& block = blocks[k];
    const std::string id = prefix + block.id;
    if (!level.insert(block.id, static_cast<int>(entries.size())).second)
      fail(id, "", "duplicate block id '" + block.id + "'");
    if (block.type == "Subsystem") {
      ParameterScope& inner = subsystemScopes_.emplace_back(&scope);
      for (const auto& [name, text] : block.params) {
        try {
          inner.set(name, evaluateNumber(text, "", scope));
        } catch (const ParameterError& e) {
          fail(id, "", "parameter " + name + ": " + e.what());
        }
      }
      BoundaryPorts& ports = subsystemPorts_.emplace_back();
      for (const BoundaryPort& port : block.ports)
        if (!ports.contains(port.name)) ports.emplace(port.name, newSlot());
      entries.push_back(Entry{-1, &ports});
      addDiagram(block.blocks, block.connections, id + "/", inner, &ports);
      continue;
    }
    const ComponentType* type = registry_.find(block.type);
    if (!type) fail(id, "", "unknown block type '" + block.type + "'");
    const int index = static_cast<int>(instances_.size());
    Instance instance{id, type, &block, &scope, 0, static_cast<int>(members_.size()), 0};
    if (std::any_of(type->ports.begin(), type->ports.end(), [](const PortDecl& p) { return p.variadic; })) {
      auto text = block.params.find("inputs");
      const ParamDecl* decl = type->findParam("inputs");
      std::string value = text != block.params.end() ? text->second : decl ? decl->defaultValue : "2";
      try {
        const double n = evaluateNumber(value, "", scope);
        if (n < 1 || n != std::floor(n)) fail(id, "", "inputs must be a whole number ≥ 1, not " + value);
        instance.variadicCount = static_cast<int>(n);
      } catch (const ParameterError& e) {
        fail(id, "", std::string("parameter inputs: ") + e.what());
      }
    }
    for (const PortDecl& port : type->ports) {
      const int copies = port.variadic ? instance.variadicCount : 1;
      for (int k = 1; k <= copies; ++k) {
        members_.push_back({index, port.variadic ? k : 0, &port});
        memberSlot_.push_back(newSlot());
      }
    }
    instance.memberCount = static_cast<int>(members_.size()) - instance.firstMember;
    entries.push_back(Entry{index, nullptr});
    instances_.push_back(std::move(instance));
  }
  // Endpoints: "<block>.<port>", or a bare boundary port name inside a subsystem.
  const std::string owner = prefix.empty() ? "" : prefix.substr(0, prefix.size() - 1);
  auto resolve = [&](const std::string& endpoint) -> int {
    const auto dot = endpoint.find('.');
    if (dot == std::string::npos) {
      if (!ownerPorts) fail(endpoint, "", "connection endpoint '" + endpoint + "' names no port");
      // A name the subsystem does not declare is a port of its own (validation reports it).
      auto [it, inserted] = ownerPorts->try_emplace(endpoint, 0);
      if (inserted) it->second = newSlot();
      return it->second;
    }
    const std::string_view id = std::string_view(endpoint).substr(0, dot);
    const std::string_view port = std::string_view(endpoint).substr(dot + 1);
    if (const int found = level.find(id); found >= 0) {
      const Entry& entry = entries[found];
      if (entry.ports) {
        if (auto it = entry.ports->find(port); it != entry.ports->end()) return it->second;
      } else if (const int member = memberOf(entry.instance, port); member >= 0) {
        return memberSlot_[member];
      }
    }
    fail(prefix + std::string(id), std::string(port), "no such block or port in a connection");
  };
  auto blockOf = [](const std::string& endpoint) { return std::string_view(endpoint).substr(0, endpoint.find('.')); };
  for (std::size_t k = 0; k < connections.size(); ++k) {
    if (k + NameIndex::kLookAhead < connections.size()) {
      const Connection& ahead = connections[k + NameIndex::kLookAhead];
      level.prefetch(blockOf(ahead.from));
      level.prefetch(blockOf(ahead.to));
    }
    join(resolve(connections[k].from), resolve(connections[k].to));
  }
}

void NetList::finish() {
  std::vector<int> netOfRoot(parent_.size(), -1);
  nets_.reserve(members_.size() / 2);  // most nets join two ports or more; room not used is not touched
  for (int index = 0; index < static_cast<int>(members_.size()); ++index) {
    const Member& m = members_[index];
    const int root = find(memberSlot_[index]);
    if (netOfRoot[root] < 0) {
      netOfRoot[root] = static_cast<int>(nets_.size());
      nets_.push_back({m.port->domain, {}});
    }
    Net& net = nets_[netOfRoot[root]];
    if (!net.members.empty()) {
      const Member& first = members_[net.members.front()];
      const bool physical = m.port->direction == PortDirection::Physical;
      const bool firstPhysical = first.port->direction == PortDirection::Physical;
      if (physical != firstPhysical || m.port->domain != first.port->domain)
        fail(instances_[m.instance].id, portName(m),
             "a " + std::string(domainName(m.port->domain)) + " port is wired to " + key(first) + " (" +
                 std::string(domainName(first.port->domain)) + ")");
    }
    net.members.push_back(index);
  }
  for (const Net& net : nets_) {
    if (net.domain != Domain::Signal) continue;
    const Member* driver = nullptr;
    for (int index : net.members) {
      const Member& m = members_[index];
      if (m.port->direction != PortDirection::Output) continue;
      if (driver)
        fail(instances_[m.instance].id, portName(m),
             "two outputs drive one signal line: " + key(*driver) + " and " + key(m));
      driver = &m;
    }
    for (int index : net.members) {
      const Member& m = members_[index];
      if (!driver && m.port->direction == PortDirection::Input && !m.port->optional)
        fail(instances_[m.instance].id, portName(m), "input is not connected to any output");
    }
  }
}

const NetList::Member* NetList::driverOf(const Net& net) const {
  for (int index : net.members)
    if (members_[index].port->direction == PortDirection::Output) return &members_[index];
  return nullptr;
}

std::string NetList::key(const Member& m) const { return instances_[m.instance].id + "." + portName(m); }

std::string NetList::portName(const Member& m) {
  return m.copy > 0 ? m.port->name + std::to_string(m.copy) : m.port->name;
}

}  // namespace kelvin::core
