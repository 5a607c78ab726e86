// Linear passive elements and ideal sources of the electrical domain:
// Resistor, Capacitor, Inductor, Ground, VoltageSource, CurrentSource.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"
#include "noise_sources.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

void registerElectricalBasic(core::BlockRegistry& registry) {
  // v = R·i
  registry.add({.type = "electrical.Resistor",
                .title = "Resistor",
                .description = "Linear resistor, v = R·(i − i_n), with thermal noise current i_n (4kT/R).",
                .ports = twoPinPorts(),
                .params = {positive("R", "Ω", "1k", "resistance"), temperatureParam()},
                .keyParam = "R",
                .icon = iconFor("electrical.Resistor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  const Expr r = b.parameter("R");
                  b.equation(e.v - r * (e.i - thermalNoise(b, 1.0 / r)));
                }});

  // C·dv/dt = i, stored energy ½·C·v²
  registry.add({.type = "electrical.Capacitor",
                .title = "Capacitor",
                .description = "Ideal linear capacitor, C·dv/dt = i, starting at voltage v0.",
                .ports = twoPinPorts(),
                .params = {positive("C", "F", "1u", "capacitance"), number("v0", "V", "0", "initial voltage p − n")},
                .keyParam = "C",
                .icon = iconFor("electrical.Capacitor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  const Expr c = b.parameter("C");
                  const Expr v = b.state("v", b.param("v0"));
                  b.equation(v - e.v);
                  b.equation(c * der(v) - e.i);
                  b.energy([&] { return 0.5 * c * v * v; });
                }});

  // L·di/dt = v, stored energy ½·L·i²
  registry.add(
      {.type = "electrical.Inductor",
       .title = "Inductor",
       .description = "Ideal linear inductor, L·di/dt = v, starting at current i0.",
       .ports = twoPinPorts(),
       .params = {positive("L", "H", "1m", "inductance"), number("i0", "A", "0", "initial current from p to n")},
       .keyParam = "L",
       .icon = iconFor("electrical.Inductor"),
       .build = [](ComponentBuilder& b) {
         const TwoPin e = twoPin(b);
         const Expr l = b.parameter("L");
         const Expr i = b.state("i", b.param("i0"));
         b.equation(i - e.i);
         b.equation(l * der(i) - e.v);
         b.energy([&] { return 0.5 * l * i * i; });
       }});

  // v(p) = 0
  core::PortDecl groundPin = pin("p", "the reference node");
  groundPin.reference = true;
  registry.add({.type = "electrical.Ground",
                .title = "Ground",
                .description = "Reference node at zero potential.",
                .ports = {groundPin},
                .params = {},
                .keyParam = {},
                .icon = iconFor("electrical.Ground"),
                .build = [](ComponentBuilder& b) { b.equation(b.across("p")); }});

  // v = V
  registry.add({.type = "electrical.VoltageSource",
                .title = "Voltage source",
                .description = "Ideal constant voltage source, v(p) − v(n) = V.",
                .ports = twoPinPorts(),
                .params = {number("V", "V", "1", "voltage p − n")},
                .keyParam = "V",
                .icon = iconFor("electrical.VoltageSource"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.v - b.parameter("V"));
                }});

  // i = I (from p through the source to n)
  registry.add({.type = "electrical.CurrentSource",
                .title = "Current source",
                .description = "Ideal constant current source driving I from p through the source to n.",
                .ports = required(twoPinPorts()),
                .params = {number("I", "A", "1m", "current from p to n through the source")},
                .keyParam = "I",
                .icon = iconFor("electrical.CurrentSource"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.i - b.parameter("I"));
                }});
}

}  // namespace kelvin::blocks
