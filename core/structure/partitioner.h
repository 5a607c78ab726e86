#pragma once
// The partition of a physical network into linear and nonlinear portions
// (DESIGN.md, "Noise"): elements whose equations are all linear form linear
// portions with the linear elements they share a node with; nonlinear elements
// likewise form nonlinear portions. Linear energy-storing elements (C, L,
// inertia, spring, fluid capacitance and inertance, heat capacity) therefore
// always sit in linear portions, splitting a nonlinear portion where needed,
// so nonlinear portions stay memoryless. A portion's ports are the nodes where
// it meets another portion. Linear portions are characterised once; nonlinear
// ones at each linearisation. A noise sensor observes and belongs to no portion:
// the nodes it reads are ports of the portions there.

#include <string>
#include <vector>

#include "elaborate/flat_system.h"

namespace kelvin::core {

struct Portion {
  bool linear = true;
  std::vector<std::string> elements;  // block ids, in model order
  std::vector<int> blocks;            // the same as indices into FlatSystem::blocks
  std::vector<std::string> ports;     // nodes shared with other portions, named by their members
  std::vector<int> portNodes;         // the same as indices into FlatSystem::nodes
  int storageElements = 0;            // elements with a state (energy storage)
  int equations = 0;                  // equations owned by its elements
  int nonlinearEquations = 0;
  int differentialEquations = 0;      // equations with der()
};

/// Portions of the physical blocks of `flat` (as elaborated, before variable
/// elimination), nonlinear portions first, then by size.
std::vector<Portion> partitionNetwork(const FlatSystem& flat);

}  // namespace kelvin::core
