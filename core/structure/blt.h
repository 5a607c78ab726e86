#pragma once
// Block lower triangular ordering (Tarjan's strongly connected components):
// with each equation matched to an unknown, the equations fall into blocks
// that can be solved one after another; a block of more than one equation is
// an algebraic loop.

#include <vector>

#include "structure/matching.h"

namespace kelvin::core {

/// The blocks, each a list of equations, in solving order (a block uses only
/// unknowns of itself and of earlier blocks). Precondition: matching.perfect().
std::vector<std::vector<int>> bltBlocks(const Incidence& graph, const Matching& matching);

}  // namespace kelvin::core
