#pragma once
// The structure of an equation system as a bipartite graph: for each
// equation, the unknowns it references (through y or y'). Structural
// analyses (matching, BLT, diagnostics) work on this alone.

#include <vector>

#include "elaborate/flat_system.h"

namespace kelvin::core {

struct Incidence {
  int unknownCount = 0;
  std::vector<std::vector<int>> unknownsOf;  // per equation, sorted, distinct
  std::vector<bool> underDerivative;         // per unknown: y' occurs in some equation

  static Incidence of(const FlatSystem& system);
};

}  // namespace kelvin::core
