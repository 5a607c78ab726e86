#pragma once
// What a connection endpoint is, as seen from the level it is used at: its
// domain and its direction. "R1.p" is the port p of the block R1 (its type
// from the registry; a Subsystem block's ports are its boundary ports); a
// bare "u" inside a subsystem is one of the subsystem's boundary ports,
// which inside acts the other way round: an "input" boundary port drives
// the wires inside it (an Output here), an "output" one receives (an Input).

#include <optional>
#include <string>

#include <QString>

#include "document/diagram_level.h"
#include "elaborate/component_type.h"

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

struct EndpointInfo {
  core::Domain domain = core::Domain::Signal;
  core::PortDirection direction = core::PortDirection::Physical;
};

/// The endpoint's domain and direction at `level`; nullopt when the block,
/// its type or the port is unknown.
std::optional<EndpointInfo> endpointInfo(const ConstDiagramLevel& level, const std::string& endpoint,
                                         const core::BlockRegistry& registry);

/// Direction of a boundary port seen from outside its subsystem ("input" -> Input, ...).
core::PortDirection boundaryDirection(const core::BoundaryPort& port);

/// N of a block's variadic inputs: its `inputs` parameter when it is a plain
/// integer >= 1, else the declared default (2).
int variadicCount(const core::Block& block, const core::ComponentType& type);

/// "signal input", "electrical pin", "rotational flange", ... for messages.
QString portNoun(core::Domain domain, core::PortDirection direction);

}  // namespace kelvin::gui
