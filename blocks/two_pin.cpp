#include "two_pin.h"

#include "declarations.h"

namespace kelvin::blocks {

std::vector<core::PortDecl> twoPinPorts() { return {pin("p", "positive pin"), pin("n", "negative pin")}; }

TwoPin twoPin(core::ComponentBuilder& b) {
  const core::Expr ip = b.through("p");
  b.equation(ip + b.through("n"));
  return {b.across("p") - b.across("n"), ip};
}

}  // namespace kelvin::blocks
