#include "two_pin.h"

#include "declarations.h"

namespace kelvin::blocks {

using core::Domain;

std::pair<std::string, std::string> twoPinNames(Domain domain) {
  if (domain == Domain::Electrical || domain == Domain::Hydraulic || domain == Domain::Pneumatic) return {"p", "n"};
  return {"a", "b"};
}

std::vector<core::PortDecl> twoPinPorts(Domain domain) {
  switch (domain) {
    case Domain::Rotational:
    case Domain::Translational:
      return {physical(domain, "a", "flange a"), physical(domain, "b", "flange b")};
    case Domain::Hydraulic:
    case Domain::Pneumatic:
      return {physical(domain, "p", "port p (flow enters here)"), physical(domain, "n", "port n (flow leaves here)")};
    case Domain::Thermal:
      return {physical(domain, "a", "port a (heat enters here)"), physical(domain, "b", "port b (heat leaves here)")};
    case Domain::Electrical:
    case Domain::Signal:
      break;
  }
  return {pin("p", "positive pin"), pin("n", "negative pin")};
}

TwoPin twoPin(core::ComponentBuilder& b, Domain domain) {
  const auto [first, second] = twoPinNames(domain);
  const core::Expr i = b.through(first);
  b.equation(i + b.through(second));
  return {b.across(first) - b.across(second), i};
}

}  // namespace kelvin::blocks
