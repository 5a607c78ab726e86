#include "elaborate/flat_system.h"

namespace kelvin::core {

std::vector<std::string> FlatSystem::unknownNames() const {
  std::vector<std::string> names;
  names.reserve(unknowns.size());
  for (const FlatUnknown& u : unknowns) names.push_back(u.name);
  return names;
}

std::string FlatSystem::equationOrigin(int equation) const {
  const FlatEquation& e = equations.at(equation);
  if (e.block >= 0) return blocks[e.block].id;
  if (e.node < 0) return "the model";
  std::string joined;
  for (const std::string& m : nodes[e.node].members) joined += (joined.empty() ? "" : ", ") + m;
  return "node joining " + joined;
}

}  // namespace kelvin::core
