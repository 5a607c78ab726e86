#include "structure/incidence.h"

#include <algorithm>

namespace kelvin::core {

Incidence Incidence::of(const FlatSystem& system) {
  Incidence g;
  g.unknownCount = static_cast<int>(system.unknowns.size());
  g.unknownsOf.reserve(system.equations.size());
  g.underDerivative.assign(system.unknowns.size(), false);
  std::vector<int> vars, ders;  // reused: one allocation per equation (its row), not three
  for (const FlatEquation& eq : system.equations) {
    vars.clear();
    ders.clear();
    system.pool->collectUnknowns(eq.residual, vars, ders);
    for (int d : ders) g.underDerivative[static_cast<std::size_t>(d)] = true;
    vars.insert(vars.end(), ders.begin(), ders.end());
    std::sort(vars.begin(), vars.end());
    vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    g.unknownsOf.push_back(vars);
  }
  return g;
}

}  // namespace kelvin::core
