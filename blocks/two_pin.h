#pragma once
// The common part of every two-port element of a physical domain (resistor,
// capacitor, sources and sensors; damper and spring; laminar resistance and
// fluid capacitance; thermal conductor): one branch from the first port to
// the second,
//
//     v = across(first) − across(second),   i = through(first) = −through(second)
//
// (i flows from the first port through the element to the second). The ports
// are p and n in the electrical, hydraulic and pneumatic domains, a and b in the
// mechanical and thermal ones (DESIGN.md, "Blocks").

#include <string>
#include <utility>
#include <vector>

#include "elaborate/component_type.h"

namespace kelvin::blocks {

struct TwoPin {
  core::Expr v;  // across difference, first minus second: voltage, relative speed, pressure drop, ΔT
  core::Expr i;  // through value from the first port to the second: current, torque, force, flow, heat flow
};

/// The names of the two ports of `domain`: {"p", "n"} or {"a", "b"}. Precondition: a physical domain.
std::pair<std::string, std::string> twoPinNames(core::Domain domain);

/// The two ports of `domain` (electrical: the pins p and n).
std::vector<core::PortDecl> twoPinPorts(core::Domain domain = core::Domain::Electrical);

/// Adds the branch equation through(first) + through(second) = 0 and returns v and i.
TwoPin twoPin(core::ComponentBuilder& b, core::Domain domain = core::Domain::Electrical);

}  // namespace kelvin::blocks
