#include "noise_sources.h"

namespace kelvin::blocks {

core::Expr thermalNoise(core::ComponentBuilder& b, double conductance) {
  return b.noise("thermal", b.pool().constant(4.0 * kBoltzmann * b.temperature() * conductance));
}

core::ParamDecl temperatureParam() {
  core::ParamDecl decl;
  decl.name = "temperature";
  decl.unit = "K";
  decl.min = 0.0;
  decl.minInclusive = false;
  decl.description = "noise temperature of this element (empty: the model's temperature)";
  return decl;
}

}  // namespace kelvin::blocks
