#pragma once
// The build function of every user component type: adds one instance's
// parameters, unknowns, noise sources, sub-models with their connect sets,
// equations and stored energy through a ComponentBuilder, as a library
// component's build function does.
//
// Noise: `current(p, n) = S` declares a white noise current n(t) of one-sided
// PSD S flowing from p through the component to n, in parallel with what the
// equations describe: the equations see through(p) − n and through(n) + n
// (force, torque and flow alike). `voltage(p, n) = S` puts a noise voltage e(t)
// in series at p: the equations see across(p) − e.

#include "elaborate/component_type.h"
#include "usercomp/compiled_component.h"

namespace kelvin::core {

/// Throws ModelError (through b.fail) naming the block when a parameter, a
/// start value or a sub-model argument does not evaluate.
void buildUserComponent(const CompiledComponent& component, ComponentBuilder& b);

}  // namespace kelvin::core
