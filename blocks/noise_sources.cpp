#include "noise_sources.h"

namespace kelvin::blocks {

core::Expr thermalNoise(core::ComponentBuilder& b, core::Expr conductance) {
  return b.noise("thermal", [&] { return 4.0 * kBoltzmann * b.temperature() * conductance; });
}

core::Expr thermalNoise(core::ComponentBuilder& b, double conductance) {
  return b.noise("thermal", [&] { return 4.0 * kBoltzmann * b.temperature() * b.pool().constant(conductance); });
}

core::Expr gasFlowNoise(core::ComponentBuilder& b, core::Expr meanPressure, double resistance, double gasConstant) {
  return b.noise("thermal", [&] { return 4.0 * kBoltzmann / (gasConstant * resistance) * meanPressure; });
}

core::ParamDecl temperatureParam() {
  core::ParamDecl decl;
  decl.name = "temperature";
  decl.unit = "K";
  decl.defaultValue = "0";
  decl.min = 0.0;
  decl.description = "noise temperature of this element (0: the model's temperature)";
  return decl;
}

}  // namespace kelvin::blocks
