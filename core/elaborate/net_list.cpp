#include "elaborate/net_list.h"

#include <cmath>

#include "elaborate/block_registry.h"

namespace kelvin::core {

NetList::NetList(const BlockRegistry& registry, std::string file) : registry_(registry), file_(std::move(file)) {}

void NetList::fail(const std::string& block, const std::string& port, const std::string& message) const {
  throw ModelError(Diagnostic{file_, block, port, message});
}

int NetList::keyIndex(const std::string& key) {
  auto [it, inserted] = keys_.emplace(key, static_cast<int>(parent_.size()));
  if (inserted) parent_.push_back(it->second);
  return it->second;
}

int NetList::find(int k) {
  while (parent_[k] != k) {
    parent_[k] = parent_[parent_[k]];
    k = parent_[k];
  }
  return k;
}

void NetList::join(const std::string& a, const std::string& b) {
  const int ra = find(keyIndex(a));
  const int rb = find(keyIndex(b));
  if (ra != rb) parent_[ra] = rb;
}

void NetList::addDiagram(const std::vector<Block>& blocks, const std::vector<Connection>& connections,
                         const std::string& prefix, const ParameterScope& scope) {
  for (const Block& block : blocks) {
    const std::string id = prefix + block.id;
    if (block.type == "Subsystem") {
      ParameterScope& inner = subsystemScopes_.emplace_back(&scope);
      for (const auto& [name, text] : block.params) {
        try {
          inner.set(name, evaluateNumber(text, "", scope));
        } catch (const ParameterError& e) {
          fail(id, "", "parameter " + name + ": " + e.what());
        }
      }
      for (const BoundaryPort& port : block.ports) keyIndex(id + "." + port.name);
      addDiagram(block.blocks, block.connections, id + "/", inner);
      continue;
    }
    const ComponentType* type = registry_.find(block.type);
    if (!type) fail(id, "", "unknown block type '" + block.type + "'");
    Instance instance{id, type, &block, &scope, 0};
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
    const int index = static_cast<int>(instances_.size());
    for (const auto& [name, decl] : expandPorts(*type, instance.variadicCount)) {
      const std::string key = id + "." + name;
      keyIndex(key);
      members_.push_back({key, index, decl});
    }
    instances_.push_back(instance);
  }
  // Endpoints: "<block>.<port>", or a bare boundary port name inside a subsystem.
  const std::string owner = prefix.empty() ? "" : prefix.substr(0, prefix.size() - 1);
  auto resolve = [&](const std::string& endpoint) -> std::string {
    const auto dot = endpoint.find('.');
    if (dot == std::string::npos) {
      if (owner.empty()) fail(endpoint, "", "connection endpoint '" + endpoint + "' names no port");
      return owner + "." + endpoint;
    }
    const std::string key = prefix + endpoint;
    if (!keys_.count(key))
      fail(prefix + endpoint.substr(0, dot), endpoint.substr(dot + 1), "no such block or port in a connection");
    return key;
  };
  for (const Connection& c : connections) join(resolve(c.from), resolve(c.to));
}

void NetList::finish() {
  std::map<int, int> netOfRoot;
  for (const Member& m : members_) {
    const int root = find(keys_.at(m.key));
    auto [it, inserted] = netOfRoot.emplace(root, static_cast<int>(nets_.size()));
    if (inserted) nets_.push_back({m.port->domain, {}});
    Net& net = nets_[it->second];
    if (!net.members.empty()) {
      const Member& first = net.members.front();
      const bool physical = m.port->direction == PortDirection::Physical;
      const bool firstPhysical = first.port->direction == PortDirection::Physical;
      if (physical != firstPhysical || m.port->domain != first.port->domain)
        fail(instances_[m.instance].id, m.key.substr(m.key.rfind('.') + 1),
             "a " + std::string(domainName(m.port->domain)) + " port is wired to " + first.key + " (" +
                 std::string(domainName(first.port->domain)) + ")");
    }
    net.members.push_back(m);
  }
  for (const Net& net : nets_) {
    if (net.domain != Domain::Signal) continue;
    const Member* driver = nullptr;
    for (const Member& m : net.members) {
      if (m.port->direction != PortDirection::Output) continue;
      if (driver)
        fail(instances_[m.instance].id, m.key.substr(m.key.rfind('.') + 1),
             "two outputs drive one signal line: " + driver->key + " and " + m.key);
      driver = &m;
    }
    for (const Member& m : net.members)
      if (!driver && m.port->direction == PortDirection::Input && !m.port->optional)
        fail(instances_[m.instance].id, m.key.substr(m.key.rfind('.') + 1), "input is not connected to any output");
  }
}

const NetList::Member* NetList::driverOf(const Net& net) const {
  for (const Member& m : net.members)
    if (m.port->direction == PortDirection::Output) return &m;
  return nullptr;
}

}  // namespace kelvin::core
