#pragma once
// The common part of every two-pin electrical element (resistor, capacitor,
// sources, sensors, diode): one branch from p to n.
//
//     v = v(p) − v(n),   i = i(p) = −i(n)   (i flows from p through the element to n)

#include <vector>

#include "elaborate/component_type.h"

namespace kelvin::blocks {

struct TwoPin {
  core::Expr v;  // voltage across the element, p minus n
  core::Expr i;  // current through the element from p to n
};

/// The pins p and n.
std::vector<core::PortDecl> twoPinPorts();

/// Adds the branch equation i(p) + i(n) = 0 and returns v and i.
TwoPin twoPin(core::ComponentBuilder& b);

}  // namespace kelvin::blocks
