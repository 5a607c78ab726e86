// Ideal sensors of the pneumatic domain: PressureSensor, MassFlowSensor (the
// noise sensor is with the other noise sensors, noise_blocks.cpp).

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;

void registerPneumaticSensors(core::BlockRegistry& registry) {
  // ṁ = 0, y = p − n
  registry.add({.type = "pneumatic.PressureSensor",
                .title = "Pressure sensor",
                .description = "Ideal differential pressure gauge: y = p − n, taking no gas (n at a zero-pressure "
                               "reservoir reads absolute pressure).",
                .ports = required({physical(Domain::Pneumatic, "p", "high side"),
                                   physical(Domain::Pneumatic, "n", "low side"),
                                   signalOutput("y", "pressure p − n [Pa]")}),
                .params = {},
                .keyParam = {},
                .icon = iconFor("pneumatic.PressureSensor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Pneumatic);
                  b.equation(e.i);
                  b.equation(b.output("y") - e.v);
                }});

  // p = n, y = ṁ from p to n
  registry.add({.type = "pneumatic.MassFlowSensor",
                .title = "Mass flow sensor",
                .description = "Ideal flow meter in a line: y = mass flow from p to n, with no pressure drop.",
                .ports = required({physical(Domain::Pneumatic, "p", "gas enters here"),
                                   physical(Domain::Pneumatic, "n", "gas leaves here"),
                                   signalOutput("y", "mass flow from p to n [kg/s]")}),
                .params = {},
                .keyParam = {},
                .icon = iconFor("pneumatic.MassFlowSensor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Pneumatic);
                  b.equation(e.v);
                  b.equation(b.output("y") - e.i);
                }});
}

}  // namespace kelvin::blocks
