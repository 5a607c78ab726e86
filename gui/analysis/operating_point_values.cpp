// The core headers come first: FlatSystem has a member named `signals`, which Qt's headers define as a macro.
#include "elaborate/block_registry.h"
#include "run/analysis_cancelled.h"
#include "run/compiled_model.h"
#include "run/simulator.h"

#include "analysis/operating_point_values.h"

namespace kelvin::gui {

namespace {

/// The unit of a domain's across value, as the table and the canvas print it.
QString acrossUnit(core::Domain domain) {
  switch (domain) {
    case core::Domain::Electrical: return QStringLiteral("V");
    case core::Domain::Rotational: return QStringLiteral("rad/s");
    case core::Domain::Translational: return QStringLiteral("m/s");
    case core::Domain::Hydraulic:
    case core::Domain::Pneumatic: return QStringLiteral("Pa");
    case core::Domain::Thermal: return QStringLiteral("K");
    case core::Domain::Signal: break;
  }
  return {};
}

/// The unit of a domain's through value, and the symbol the elaborator names it by ("R1.p.i").
std::pair<QString, const char*> throughUnit(core::Domain domain) {
  switch (domain) {
    case core::Domain::Electrical: return {QStringLiteral("A"), "i"};
    case core::Domain::Rotational: return {QStringLiteral("N·m"), "tau"};
    case core::Domain::Translational: return {QStringLiteral("N"), "f"};
    case core::Domain::Hydraulic: return {QStringLiteral("m³/s"), "q"};
    case core::Domain::Thermal: return {QStringLiteral("W"), "Q"};
    case core::Domain::Pneumatic: return {QStringLiteral("kg/s"), "mdot"};
    case core::Domain::Signal: break;
  }
  return {QString(), "y"};
}

/// "Sub1/R1.p" → {"Sub1/R1", "p"}.
std::pair<std::string, std::string> splitPort(const std::string& key) {
  const std::size_t dot = key.rfind('.');
  return {key.substr(0, dot), dot == std::string::npos ? std::string() : key.substr(dot + 1)};
}

}  // namespace

OperatingPointValues solveOperatingPoint(const core::Model& model, const core::BlockRegistry& registry,
                                         const std::string& file, const std::atomic<bool>* cancel) {
  const core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, file);
  const auto compiled = core::compileModel(model, registry, file);
  core::throwIfCancelled(cancel);
  const core::OperatingPoint point = core::dcOperatingPoint(*compiled, options);
  core::throwIfCancelled(cancel);
  const std::vector<double> values = core::signalValues(*compiled, point);
  const std::vector<double> throughs = core::throughValues(*compiled, point);

  OperatingPointValues result;
  const core::FlatSystem& flat = compiled->flat();
  std::map<std::string, core::Domain> domainOfPort;
  for (const core::FlatNode& node : flat.nodes) {
    const int index = static_cast<int>(result.nodes.size());
    result.nodes.push_back({0.0, acrossUnit(node.domain), node.referenced});
    for (const std::string& member : node.members) {
      result.nodeOfPort[member] = index;
      domainOfPort[member] = node.domain;
    }
  }
  const std::vector<std::string>& names = core::signalNames(*compiled);
  for (std::size_t k = 0; k < names.size(); ++k) {
    const auto port = result.nodeOfPort.find(names[k]);
    QString unit;
    if (port != result.nodeOfPort.end()) {
      result.nodes[port->second].value = values[k];
      unit = result.nodes[port->second].unit;
    }
    result.entries.push_back({names[k], values[k], unit});
  }
  // Two-terminal elements: exactly two physical ports of one domain (the throughs are listed per
  // node, so an element's ports are gathered by its path first).
  std::map<std::string, std::vector<std::size_t>> portsOf;
  for (std::size_t k = 0; k < flat.throughs.size(); ++k) portsOf[splitPort(flat.throughs[k].name).first].push_back(k);
  std::map<std::string, std::string> typeOf;
  for (const core::FlatBlock& block : flat.blocks) typeOf[block.id] = block.type;
  for (auto& [element, ports] : portsOf) {
    if (ports.size() != 2) continue;
    // In the order the type declares them, so the arrow reads p → n as the current's sign does.
    if (const core::ComponentType* type = registry.find(typeOf[element])) {
      auto declared = [&](std::size_t k) {
        const std::string name = splitPort(flat.throughs[k].name).second;
        for (std::size_t i = 0; i < type->ports.size(); ++i)
          if (type->ports[i].name == name) return i;
        return type->ports.size();
      };
      if (declared(ports[1]) < declared(ports[0])) std::swap(ports[0], ports[1]);
    }
    const std::string& first = flat.throughs[ports[0]].name;
    const std::string& second = flat.throughs[ports[1]].name;
    if (domainOfPort[first] != domainOfPort[second]) continue;
    const auto [unit, symbol] = throughUnit(domainOfPort[first]);
    result.branches[element] = {splitPort(first).second, splitPort(second).second, throughs[ports[0]], unit};
    result.entries.push_back({first + "." + symbol, throughs[ports[0]], unit});
  }
  return result;
}

}  // namespace kelvin::gui
