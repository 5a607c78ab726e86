// Switches: elements whose equation changes at an event.
//   electrical.Switch, closed while u > 0.5:
//     ideal = 0:  i = v/Ron when closed, i = Goff·v when open;
//     ideal = 1:  v = 0 when closed, i = 0 when open (the equation set itself switches).

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"
#include "noise_sources.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

void registerElectricalSwitches(core::BlockRegistry& registry) {
  std::vector<core::PortDecl> ports = twoPinPorts();
  ports.push_back(signalInput("u", "control: closed while u > 0.5"));
  core::ParamDecl ideal = number("ideal", "", "0", "1: an ideal switch (v = 0 closed, i = 0 open); 0: Ron and Goff");
  ideal.min = 0.0;
  ideal.max = 1.0;
  registry.add({.type = "electrical.Switch",
                .title = "Switch",
                .description = "Switch closed while its control u exceeds 0.5: resistance Ron when closed, "
                               "conductance Goff when open, or ideal.",
                .ports = ports,
                .params = {positive("Ron", "Ω", "1m", "resistance when closed"),
                           nonNegative("Goff", "S", "1n", "conductance when open"), ideal, temperatureParam()},
                .keyParam = "Ron",
                .icon = iconFor("electrical.Switch"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  const Expr closed = greater(b.input("u"), b.pool().constant(0.5));
                  if (b.param("ideal") >= 0.5) {
                    b.equation(ifThenElse(closed, e.v, e.i));
                    b.constraint(closed, e.v);  // between capacitors, charge is shared by projection
                    return;
                  }
                  // Thermal noise 4kT·g of the conductance g of the present position.
                  const Expr g = ifThenElse(closed, b.pool().constant(1.0 / b.param("Ron")), b.pool().constant(b.param("Goff")));
                  const Expr n = b.noise("thermal", [&] { return 4.0 * kBoltzmann * b.temperature() * g; });
                  b.equation(e.i - g * e.v - n);
                }});
}

}  // namespace kelvin::blocks
