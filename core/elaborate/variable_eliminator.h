#pragma once
// Removes the unknowns that an equation gives explicitly, so the solver sees
// a system as small as a nodal (MNA) formulation: from an equation
// a·y + f(others) = 0 with a constant a, y := −f/a is substituted wherever y
// occurs and the equation is dropped. So a resistor's current
// i = (v_p − v_n)/R and a capacitor's current C·der(v) go straight into the
// conservation laws of their nodes. States, and unknowns that appear under
// der(), are never removed; nor are unknowns used by many equations (the
// substitution would make the system denser, not smaller).
// Run after the structural check, which speaks in the user's terms.

#include "elaborate/flat_system.h"
#include "structure/incidence.h"

namespace kelvin::core {

class VariableEliminator {
 public:
  /// An unknown used by more equations than this is kept.
  static constexpr int kMaxUses = 12;
  /// A definition that would reference more unknowns than this is not made
  /// (chains of substitutions would grow without bound).
  static constexpr int kMaxDefinitionSize = 8;

  /// Rewrites `system` in place; returns how many unknowns were removed.
  int run(FlatSystem& system);
  /// As above, with the system's incidence as Incidence::of(system) gives it (the structural
  /// check's, handed on: the equations are not walked again to find who uses what).
  int run(FlatSystem& system, Incidence graph);
};

}  // namespace kelvin::core
