// Ideal sensors of the electrical domain: VoltageSensor, CurrentSensor.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;

void registerElectricalSensors(core::BlockRegistry& registry) {
  // i = 0, y = v(p) − v(n)
  registry.add({.type = "electrical.VoltageSensor",
                .title = "Voltage sensor",
                .description = "Ideal voltmeter: y = v(p) − v(n), drawing no current.",
                .ports = required({pin("p", "positive pin"), pin("n", "negative pin"), signalOutput("y", "voltage p − n")}),
                .params = {},
                .keyParam = {},
                .icon = iconFor("electrical.VoltageSensor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.i);
                  b.equation(b.output("y") - e.v);
                }});

  // v = 0, y = i
  registry.add({.type = "electrical.CurrentSensor",
                .title = "Current sensor",
                .description = "Ideal ammeter: y = current from p to n, with no voltage drop.",
                .ports = required({pin("p", "current enters here"), pin("n", "current leaves here"),
                                   signalOutput("y", "current from p to n")}),
                .params = {},
                .keyParam = {},
                .icon = iconFor("electrical.CurrentSensor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.v);
                  b.equation(b.output("y") - e.i);
                }});
}

}  // namespace kelvin::blocks
