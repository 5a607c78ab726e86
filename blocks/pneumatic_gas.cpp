#include "pneumatic_gas.h"

#include "declarations.h"

namespace kelvin::blocks {

using core::Expr;

core::ParamDecl gasConstantParam() {
  return positive("Rs", "J/(kg·K)", "287.05", "specific gas constant (287.05 for dry air)");
}

std::vector<core::ParamDecl> gasParams(std::vector<core::ParamDecl> first) {
  core::ParamDecl isothermal = number("isothermal", "", "1", "1: held at T by the walls; 0: adiabatic (gamma)");
  isothermal.min = 0.0;
  isothermal.max = 1.0;
  core::ParamDecl gamma = number("gamma", "", "1.4", "heat capacity ratio cp/cv (adiabatic only)");
  gamma.min = 1.0;
  gamma.minInclusive = false;
  for (core::ParamDecl p : {positive("p0", "Pa", "101325", "initial absolute pressure"),
                            positive("T", "K", "293.15", "gas temperature (isothermal), or its initial value (adiabatic)"),
                            gasConstantParam(), isothermal, gamma})
    first.push_back(std::move(p));
  return first;
}

Expr buildGas(core::ComponentBuilder& b, const std::string& port, const GasVolume& gas) {
  const double p0 = b.param("p0"), t0 = b.param("T"), rs = b.param("Rs");
  const bool isothermal = b.param("isothermal") >= 0.5;
  const double gamma = b.param("gamma");
  const Expr p = b.state("p_gas", p0);
  const Expr mdot = b.through(port);
  b.equation(b.across(port) - p);
  if (isothermal) {
    b.equation(gas.volume * der(p) + p * gas.volumeRate - rs * t0 * mdot);
    if (!gas.heatPort.empty()) b.equation(b.across(gas.heatPort) - t0);
    b.energy([&] { return 0.5 * gas.startVolume / p0 * p * p; });
    return p;
  }
  const Expr t = b.state("T", t0);
  const Expr q = gas.heatPort.empty() ? b.pool().constant(0.0) : b.through(gas.heatPort);
  if (!gas.heatPort.empty()) b.equation(b.across(gas.heatPort) - t);
  b.equation(gas.volume * der(p) + gamma * p * gas.volumeRate - gamma * rs * t * mdot - (gamma - 1.0) * q);
  b.equation(p * gas.volume * der(t) - (gamma - 1.0) * t * (rs * t * mdot + q - p * gas.volumeRate));
  b.energy([&] { return 0.5 * gas.startVolume / (gamma * p0) * p * p; });
  return p;
}

}  // namespace kelvin::blocks
