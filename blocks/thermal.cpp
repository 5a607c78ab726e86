// The thermal domain (lumped heat transfer): HeatCapacitor, Conductor,
// TemperatureSource, HeatFlowSource, TemperatureSensor.
//
// Across is the temperature T [K], through the heat flow Q [W] into the
// component at a port.

#include <string>
#include <utility>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"
#include "noise_sources.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;
using core::Expr;

namespace {

core::PortDecl thermalPort(std::string name, std::string description) {
  return physical(Domain::Thermal, std::move(name), std::move(description));
}

}  // namespace

void registerThermal(core::BlockRegistry& registry) {
  // C·dT/dt = Q. Its temperature is a state, so it references its network.
  //
  // Declared "energy" ½·C·T²: not the internal energy (that is C·T, linear),
  // but the quadratic form whose Hessian over the state, C, is what the mass
  // matrix of state projection needs. For equipartition the relevant form is
  // the availability ½·C·δT²/T of a deviation δT from T, which gives
  // ⟨δT²⟩ = k·T²/C (DESIGN.md, "Noise"); the noise code divides by T itself.
  registry.add({.type = "thermal.HeatCapacitor",
                .title = "Heat capacitor",
                .description = "Lumped thermal mass, C·dT/dt = Q, starting at T0.",
                .ports = {reference(thermalPort("a", "thermal port"))},
                .params = {positive("C", "J/K", "1k", "heat capacity"),
                           positive("T0", "K", "293.15", "initial temperature")},
                .keyParam = "C",
                .icon = iconFor("thermal.HeatCapacitor"),
                .build = [](ComponentBuilder& b) {
                  const Expr c = b.parameter("C");
                  const Expr t = b.state("T", b.param("T0"));
                  b.equation(b.across("a") - t);
                  b.equation(c * der(t) - b.through("a"));
                  b.energy([&] { return 0.5 * c * t * t; });
                }});

  // Q = G·(Ta − Tb), from a to b
  registry.add({.type = "thermal.Conductor",
                .title = "Thermal conductor",
                .description = "Linear heat conduction, Q = G·(Ta − Tb) from a to b.",
                .ports = twoPinPorts(Domain::Thermal),
                .params = {positive("G", "W/K", "1", "thermal conductance"), temperatureParam()},
                .keyParam = "G",
                .icon = iconFor("thermal.Conductor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Thermal);
                  const Expr g = b.parameter("G");
                  b.equation(e.i - g * e.v - thermalNoise(b, g * b.temperature()));
                }});

  // T(a) = T
  registry.add({.type = "thermal.TemperatureSource",
                .title = "Temperature source",
                .description = "Ideal heat bath at the fixed temperature T, taking or giving any heat flow.",
                .ports = {reference(thermalPort("a", "thermal port"))},
                .params = {positive("T", "K", "293.15", "temperature")},
                .keyParam = "T",
                .icon = iconFor("thermal.TemperatureSource"),
                .build = [](ComponentBuilder& b) { b.equation(b.across("a") - b.parameter("T")); }});

  // Heat Q flows out of the source into the node: through(a) = −Q.
  registry.add({.type = "thermal.HeatFlowSource",
                .title = "Heat flow source",
                .description = "Ideal heater: the heat flow Q enters what port a is connected to.",
                .ports = {required(thermalPort("a", "heated port"))},
                .params = {number("Q", "W", "1", "heat flow into the connected node")},
                .keyParam = "Q",
                .icon = iconFor("thermal.HeatFlowSource"),
                .build = [](ComponentBuilder& b) { b.equation(b.through("a") + b.parameter("Q")); }});

  // Q = 0, y = T(a)
  registry.add({.type = "thermal.TemperatureSensor",
                .title = "Temperature sensor",
                .description = "Ideal thermometer: y = absolute temperature of port a, taking no heat.",
                .ports = {required(thermalPort("a", "measured port")), signalOutput("y", "temperature [K]")},
                .params = {},
                .keyParam = {},
                .icon = iconFor("thermal.TemperatureSensor"),
                .build = [](ComponentBuilder& b) {
                  b.equation(b.through("a"));
                  b.equation(b.output("y") - b.across("a"));
                }});
}

}  // namespace kelvin::blocks
