// Semiconductor devices of the electrical domain: Diode.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

constexpr double kBoltzmann = 1.380649e-23;            // J/K
constexpr double kElementaryCharge = 1.602176634e-19;  // C
/// Conductance across every junction, as SPICE's GMIN: keeps a reverse-biased
/// junction from leaving its node floating.
constexpr double kGmin = 1e-12;  // S

/// Shockley junction with GMIN: i = Is·(limexp(v/(N·Vt)) − 1) + GMIN·v, Vt = k·T/q.
Expr junctionCurrent(ComponentBuilder& b, Expr v) {
  const double vt = kBoltzmann * b.temperature() / kElementaryCharge;
  return b.param("Is") * (limexp(v / (b.param("N") * vt)) - 1.0) + kGmin * v;
}

}  // namespace

void registerElectricalSemiconductors(core::BlockRegistry& registry) {
  registry.add(
      {.type = "electrical.Diode",
       .title = "Diode",
       .description = "Junction diode, i = Is·(exp(vj/(N·Vt)) − 1), with series resistance Rs and SPICE's GMIN.",
       .ports = {pin("p", "anode"), pin("n", "cathode")},
       .params = {positive("Is", "A", "1e-14", "saturation current"), positive("N", "", "1", "emission coefficient"),
                  nonNegative("Rs", "Ω", "0", "series resistance (0: none)")},
       .keyParam = "Is",
       .icon = iconFor("electrical.Diode"),
       .build = [](ComponentBuilder& b) {
         const TwoPin e = twoPin(b);
         const double rs = b.param("Rs");
         if (rs == 0.0) {
           b.equation(e.i - junctionCurrent(b, e.v));
           return;
         }
         // Internal junction voltage vj: v = vj + Rs·i.
         const Expr vj = b.variable("vj");
         b.equation(e.v - vj - rs * e.i);
         b.equation(e.i - junctionCurrent(b, vj));
       }});
}

}  // namespace kelvin::blocks
