#pragma once
// Turns a parsed user component into a ComponentType "user.NAME" whose build
// function adds its equations like any library component's. Checks, with the
// line and column of each problem: names (duplicates, unknown names, ports and
// functions, der() of a non-state), sub-model types and their parameters,
// connect statements, noise declarations, and the balance of the component.
//
// Balance, counted per component before flattening (the Modelica rule, in
// Kelvin's nodal form): a component owns its variables, states, signal outputs,
// and the through value of each of its physical ports (the across value
// belongs to the node the port is connected to, whose conservation law is
// counted with the node). So it must give exactly
//     equations = variables + states + outputs + physical ports,
// where a connect set that holds k of its own physical ports counts k
// equations (the through values of those ports are the sum of the sub-models'
// through values in the set, and their across values are equal), and each of
// its own outputs in a connect set counts one (it equals the driver).
// Sub-models are balanced on their own. A maximum matching of equations to
// unknowns names what is left over.

#include "elaborate/block_registry.h"
#include "usercomp/component_definition.h"

namespace kelvin::core {

/// The component as a type named "user.<name>". Sub-model types are looked up in
/// `registry`, which must outlive the returned type. Throws ComponentError.
ComponentType compileComponent(ComponentDefinition definition, const BlockRegistry& registry);

}  // namespace kelvin::core
