#pragma once
// A constraint g(x) = 0 that involves states only (two capacitors joined by a
// closed ideal switch: v_C1 − v_C2 = 0) makes the DAE index 2 while it is
// active: no algebraic unknown is left to satisfy it, so no solver can. Such
// a constraint, where a component wrote it in its equations, is replaced by
// its time derivative Σ ∂g/∂x_i · der(x_i) = 0 where it is written (as a whole
// equation, or as the branch an if-then-else takes while the constraint is
// active); the state projection puts the
// state on g = 0 when the constraint becomes active and keeps it there. A
// constraint that involves an algebraic unknown is left as written (index 1).

#include "elaborate/flat_system.h"

namespace kelvin::core {

/// An equation that ties states only (two inertias joined rigidly, or through an
/// ideal gear: w_a − r·w_b = 0) is such a constraint, always active: declares it.
void declareRigidConstraints(FlatSystem& system);

/// Rewrites the equations of `system`; returns how many constraints it differentiated.
/// Only affine constraints are differentiated (their derivative is exact and constant).
int differentiateStateConstraints(FlatSystem& system);

}  // namespace kelvin::core
