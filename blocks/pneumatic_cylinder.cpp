// pneumatic.Cylinder: a single-acting cylinder, the converter between the
// pneumatic and the translational domain. Its gas fills the volume
//
//     V = V_dead + A·x,   dV/dt = A·v,   dx/dt = v = velocity of the rod flange a,
//
// (x the piston travel from the dead-volume end, starting at x0), as a chamber
// does (pneumatic_gas.h: isothermal or adiabatic), and pushes the rod out with
// the force A·(p − p_amb), the rod side being vented to the ambient pressure.
// The housing is an implicit fixed support. Power: the gas does p·dV/dt = p·A·v
// of work on the piston, of which A·p_amb·v goes to the atmosphere.
// Nothing stops the piston at x = 0: put a translational.HardStop at the end of
// its travel.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "pneumatic_gas.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;
using core::Expr;

void registerPneumaticCylinder(core::BlockRegistry& registry) {
  registry.add(
      {.type = "pneumatic.Cylinder",
       .title = "Pneumatic cylinder",
       .description = "Single-acting cylinder: gas at p fills V_dead + A·x and pushes the rod out with A·(p − p_amb).",
       .ports = {reference(physical(Domain::Pneumatic, "p", "gas port of the cylinder chamber")),
                 required(physical(Domain::Translational, "a", "rod flange (moves out as x grows)"))},
       .params = gasParams({positive("A", "m²", "1e-3", "piston area"),
                            positive("V_dead", "m³", "1e-5", "chamber volume at x = 0 (ports, cushion)"),
                            nonNegative("x0", "m", "0", "initial piston travel"),
                            nonNegative("p_amb", "Pa", "101325", "ambient pressure on the rod side")}),
       .keyParam = "A",
       .icon = iconFor("pneumatic.Cylinder"),
       .build = [](ComponentBuilder& b) {
         const double area = b.param("A"), dead = b.param("V_dead"), x0 = b.param("x0");
         const Expr v = b.across("a");
         const Expr x = b.state("x", x0);
         b.equation(der(x) - v);
         const Expr p = buildGas(b, "p", {.volume = dead + area * x,
                                          .volumeRate = area * v,
                                          .startVolume = dead + area * x0,
                                          .heatPort = ""});
         b.equation(b.through("a") + area * (p - b.param("p_amb")));
       },
       .positions = {{"x0", "a", ""}}});
}

}  // namespace kelvin::blocks
