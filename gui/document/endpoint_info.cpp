#include "document/endpoint_info.h"

#include <cmath>

#include <QCoreApplication>

#include "elaborate/block_registry.h"
#include "model/parameter_evaluator.h"

namespace kelvin::gui {

core::PortDirection boundaryDirection(const core::BoundaryPort& port) {
  if (port.direction == "input") return core::PortDirection::Input;
  if (port.direction == "output") return core::PortDirection::Output;
  return core::PortDirection::Physical;
}

int variadicCount(const core::Block& block, const core::ComponentType& type) {
  auto count = [](const std::string& text) -> std::optional<int> {
    try {
      const double value = core::evaluateNumber(text, "", core::ParameterScope());
      if (value >= 1 && value <= 64 && std::floor(value) == value) return static_cast<int>(value);
    } catch (const std::exception&) {
    }
    return std::nullopt;
  };
  const auto it = block.params.find("inputs");
  if (it != block.params.end()) {
    if (std::optional<int> n = count(it->second)) return *n;
  }
  if (const core::ParamDecl* decl = type.findParam("inputs")) {
    if (std::optional<int> n = count(decl->defaultValue)) return *n;
  }
  return 2;
}

std::optional<EndpointInfo> endpointInfo(const ConstDiagramLevel& level, const std::string& endpoint,
                                         const core::BlockRegistry& registry) {
  const auto [blockId, portName] = splitEndpoint(endpoint);
  if (blockId.empty()) {
    const core::BoundaryPort* port = level.findPort(portName);
    if (!port) return std::nullopt;
    const std::optional<core::Domain> domain = core::domainFromName(port->domain);
    if (!domain) return std::nullopt;
    core::PortDirection direction = boundaryDirection(*port);
    if (direction == core::PortDirection::Input)
      direction = core::PortDirection::Output;
    else if (direction == core::PortDirection::Output)
      direction = core::PortDirection::Input;
    return EndpointInfo{*domain, direction};
  }
  const core::Block* block = level.findBlock(blockId);
  if (!block) return std::nullopt;
  if (block->type == "Subsystem") {
    for (const core::BoundaryPort& port : block->ports) {
      if (port.name != portName) continue;
      const std::optional<core::Domain> domain = core::domainFromName(port.domain);
      if (!domain) return std::nullopt;
      return EndpointInfo{*domain, boundaryDirection(port)};
    }
    return std::nullopt;
  }
  const core::ComponentType* type = registry.find(block->type);
  if (!type) return std::nullopt;
  for (const auto& [name, decl] : core::expandPorts(*type, variadicCount(*block, *type))) {
    if (name == portName) return EndpointInfo{decl->domain, decl->direction};
  }
  return std::nullopt;
}

QString portNoun(core::Domain domain, core::PortDirection direction) {
  auto tr = [](const char* text) { return QCoreApplication::translate("DomainStyle", text); };
  switch (domain) {
    case core::Domain::Signal:
      return direction == core::PortDirection::Input ? tr("signal input") : tr("signal output");
    case core::Domain::Electrical: return tr("electrical pin");
    case core::Domain::Rotational: return tr("rotational flange");
    case core::Domain::Translational: return tr("translational flange");
    case core::Domain::Hydraulic: return tr("hydraulic port");
    case core::Domain::Thermal: return tr("thermal port");
    case core::Domain::Pneumatic: return tr("pneumatic port");
  }
  return tr("port");
}

}  // namespace kelvin::gui
