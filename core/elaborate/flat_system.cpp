#include "elaborate/flat_system.h"

namespace kelvin::core {

void FlatSystem::forEachExpression(const std::function<void(Expr&)>& f) {
  for (FlatSignal& s : signals) f(s.value);
  for (FlatSignal& s : throughs) f(s.value);
  for (FlatNode& node : nodes) f(node.across);
  for (Expr& e : energies) f(e);
  for (auto& [e, block] : switchOwners) f(e);
  for (FlatClock& clock : clocks) {
    for (FlatClockUpdate& u : clock.updates) f(u.value);
    if (clock.trigger.valid()) f(clock.trigger);
  }
  for (FlatDelay& d : delays) f(d.input);
  for (FlatNoiseSource& n : noiseSources) {
    f(n.psd);
    if (n.flicker.valid()) f(n.flicker);
  }
  for (FlatNoiseSensor& s : noiseSensors) f(s.reading);
  for (FlatConstraint& c : constraints) {
    f(c.active);
    f(c.g);
  }
}

std::vector<std::string> FlatSystem::unknownNames() const {
  std::vector<std::string> names;
  names.reserve(unknowns.size());
  for (const FlatUnknown& u : unknowns) names.push_back(u.name);
  return names;
}

std::string FlatSystem::equationOrigin(int equation) const {
  const FlatEquation& e = equations.at(equation);
  if (e.block >= 0) {
    std::string text = blocks[e.block].id;
    for (int b : e.mergedFrom)
      if (b != e.block) text += ", " + blocks[b].id;
    return text;
  }
  if (e.node < 0) return "the model";
  std::string joined;
  for (const std::string& m : nodes[e.node].members) joined += (joined.empty() ? "" : ", ") + m;
  return "node joining " + joined;
}

}  // namespace kelvin::core
