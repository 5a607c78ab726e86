// The pneumatic domain (ideal gas in lumped volumes and restrictions):
// Chamber, Reservoir, PressureSource, FlowResistance. The orifice, the sensors
// and the cylinder have their own files.
//
// Across is the absolute pressure p [Pa], through the mass flow ṁ [kg/s] into
// the component at a port. Temperature is not a port quantity: each element
// that needs one has its own (a chamber's gas, an orifice's upstream gas).

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "noise_sources.h"
#include "pneumatic_gas.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;
using core::Expr;

void registerPneumatic(core::BlockRegistry& registry) {
  // A fixed volume V of ideal gas, V·dp/dt = Rs·T·ṁ when isothermal (pneumatic_gas.h).
  // Its pressure and temperature are states: both ports reference their networks.
  registry.add({.type = "pneumatic.Chamber",
                .title = "Chamber",
                .description = "Rigid volume V of ideal gas, isothermal (V·dp/dt = Rs·T·ṁ) or adiabatic, with a heat "
                               "port h for the walls (free: no heat exchange when adiabatic).",
                .ports = {reference(physical(Domain::Pneumatic, "p", "gas port")),
                          reference(physical(Domain::Thermal, "h", "heat port: the wall (at the gas temperature)"))},
                .params = gasParams({positive("V", "m³", "1e-3", "volume")}),
                .keyParam = "V",
                .icon = iconFor("pneumatic.Chamber"),
                .build = [](ComponentBuilder& b) {
                  const double v = b.param("V");
                  buildGas(b, "p", {.volume = b.pool().constant(v),
                                    .volumeRate = b.pool().constant(0.0),
                                    .startVolume = v,
                                    .heatPort = "h"});
                }});

  // p(p) = p
  registry.add({.type = "pneumatic.Reservoir",
                .title = "Reservoir",
                .description = "Large tank, or the atmosphere, at constant absolute pressure p, taking or giving any "
                               "mass flow.",
                .ports = {reference(physical(Domain::Pneumatic, "p", "the tank port"))},
                .params = {positive("p", "Pa", "101325", "absolute pressure"),
                           positive("T", "K", "293.15",
                                    "temperature of the stored gas (the elements it feeds take the temperature of "
                                    "their own gas)")},
                .keyParam = "p",
                .icon = iconFor("pneumatic.Reservoir"),
                .build = [](ComponentBuilder& b) { b.equation(b.across("p") - b.param("p")); }});

  // p − n = P
  registry.add({.type = "pneumatic.PressureSource",
                .title = "Pressure source",
                .description = "Ideal compressor holding the pressure difference p − n = P whatever the mass flow.",
                .ports = twoPinPorts(Domain::Pneumatic),
                .params = {number("P", "Pa", "500k", "pressure p − n")},
                .keyParam = "P",
                .icon = iconFor("pneumatic.PressureSource"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Pneumatic);
                  b.equation(e.v - b.param("P"));
                }});

  // ṁ = (p − n)/R + n_ṁ, with the thermal noise of gasFlowNoise (S = 4k·p̄/(Rs·R)).
  registry.add({.type = "pneumatic.FlowResistance",
                .title = "Flow resistance",
                .description = "Laminar flow resistance (capillary, porous plug), ṁ = (p − n)/R, with thermal noise "
                               "from the volume-flow conductance.",
                .ports = twoPinPorts(Domain::Pneumatic),
                .params = {positive("R", "Pa·s/kg", "1e9", "resistance to mass flow"), gasConstantParam()},
                .keyParam = "R",
                .icon = iconFor("pneumatic.FlowResistance"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Pneumatic);
                  const double r = b.param("R");
                  const Expr mean = 0.5 * (b.across("p") + b.across("n"));
                  b.equation(e.i - e.v / r - gasFlowNoise(b, mean, r, b.param("Rs")));
                }});
}

}  // namespace kelvin::blocks
