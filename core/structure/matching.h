#pragma once
// Maximum bipartite matching of equations to unknowns (Hopcroft–Karp), and
// the Dulmage–Mendelsohn split of what a deficient matching leaves over:
// the over-determined part (reached from unmatched equations) and the
// under-determined part (reached from unmatched unknowns).

#include <vector>

#include "structure/incidence.h"

namespace kelvin::core {

struct Matching {
  std::vector<int> unknownOfEquation;  // -1 where unmatched
  std::vector<int> equationOfUnknown;  // -1 where unmatched
  int size = 0;

  bool perfect() const {
    return size == static_cast<int>(unknownOfEquation.size()) && size == static_cast<int>(equationOfUnknown.size());
  }
};

Matching maximumMatching(const Incidence& graph);

struct Deficiency {
  std::vector<int> overEquations;   // equations of the over-determined part
  std::vector<int> overUnknowns;
  std::vector<int> underEquations;  // equations of the under-determined part
  std::vector<int> underUnknowns;
};

/// The parts of the system a maximum matching cannot make square.
Deficiency structuralDeficiency(const Incidence& graph, const Matching& matching);

}  // namespace kelvin::core
