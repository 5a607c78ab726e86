// The hydraulic domain (incompressible lumped fluid lines): PressureSource,
// LaminarResistance, Orifice, Capacitance, FluidInertia, Reservoir,
// PressureSensor.
//
// Across is the pressure p [Pa] (gauge: the reservoir is at 0 by default),
// through the volume flow q [m³/s] into the component at a port.

#include <cmath>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"
#include "noise_sources.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;
using core::Expr;

void registerHydraulic(core::BlockRegistry& registry) {
  // p − n = P
  registry.add({.type = "hydraulic.PressureSource",
                .title = "Pressure source",
                .description = "Ideal pump holding the pressure difference p − n = P whatever the flow.",
                .ports = twoPinPorts(Domain::Hydraulic),
                .params = {number("P", "Pa", "1meg", "pressure p − n")},
                .keyParam = "P",
                .icon = iconFor("hydraulic.PressureSource"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Hydraulic);
                  b.equation(e.v - b.param("P"));
                }});

  // Δp = R·q
  registry.add({.type = "hydraulic.LaminarResistance",
                .title = "Laminar resistance",
                .description = "Linear (laminar, Hagen–Poiseuille) flow resistance, p − n = R·q.",
                .ports = twoPinPorts(Domain::Hydraulic),
                .params = {positive("R", "Pa·s/m³", "1e9", "hydraulic resistance"), temperatureParam()},
                .keyParam = "R",
                .icon = iconFor("hydraulic.LaminarResistance"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Hydraulic);
                  const double r = b.param("R");
                  b.equation(e.v - r * (e.i - thermalNoise(b, 1.0 / r)));
                }});

  // Turbulent orifice, q = Cd·A·√(2|Δp|/ρ)·sign(Δp), regularised smoothly as
  //
  //     q = Cd·A·√(2/ρ) · Δp / (Δp² + p_crit²)^¼
  //
  // Far above p_crit it is the square-root law (relative deviation
  // ≈ ¼·(p_crit/Δp)², 2.5e-5 at Δp = 100·p_crit); well below it the flow is
  // laminar with the finite conductance Cd·A·√(2/(ρ·p_crit)), so the Jacobian
  // stays finite at Δp = 0. Smooth everywhere: no event, no kink.
  registry.add({.type = "hydraulic.Orifice",
                .title = "Orifice",
                .description = "Sharp-edged orifice, q = Cd·A·√(2|Δp|/ρ)·sign(Δp), laminar below p_crit.",
                .ports = twoPinPorts(Domain::Hydraulic),
                .params = {positive("Cd", "", "0.61", "discharge coefficient"),
                           positive("A", "m²", "1e-5", "opening area"),
                           positive("rho", "kg/m³", "850", "fluid density"),
                           positive("p_crit", "Pa", "1", "pressure drop of the laminar-to-turbulent transition")},
                .keyParam = "A",
                .icon = iconFor("hydraulic.Orifice"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Hydraulic);
                  const double k = b.param("Cd") * b.param("A") * std::sqrt(2.0 / b.param("rho"));
                  const double pCrit = b.param("p_crit");
                  b.equation(e.i - k * e.v / sqrt(sqrt(e.v * e.v + pCrit * pCrit)));
                }});

  // C·dΔp/dt = q, stored energy ½·C·Δp²
  registry.add({.type = "hydraulic.Capacitance",
                .title = "Hydraulic capacitance",
                .description = "Linear fluid capacitance (accumulator, compliant volume), C·d(p − n)/dt = q, "
                               "starting at p0.",
                .ports = twoPinPorts(Domain::Hydraulic),
                .params = {positive("C", "m³/Pa", "1e-10", "capacitance, volume change per pressure change"),
                           number("p0", "Pa", "0", "initial pressure p − n")},
                .keyParam = "C",
                .icon = iconFor("hydraulic.Capacitance"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Hydraulic);
                  const double c = b.param("C");
                  const Expr dp = b.state("dp", b.param("p0"));
                  b.equation(dp - e.v);
                  b.equation(c * der(dp) - e.i);
                  b.energy([&] { return 0.5 * c * dp * dp; });
                }});

  // I·dq/dt = Δp, stored energy ½·I·q²
  registry.add({.type = "hydraulic.FluidInertia",
                .title = "Fluid inertia",
                .description = "Inertia of the fluid in a line, I·dq/dt = p − n (I = ρ·length/area), "
                               "starting at q0.",
                .ports = twoPinPorts(Domain::Hydraulic),
                .params = {positive("I", "kg/m⁴", "1e7", "inertance"),
                           number("q0", "m³/s", "0", "initial flow from p to n")},
                .keyParam = "I",
                .icon = iconFor("hydraulic.FluidInertia"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Hydraulic);
                  const double inertance = b.param("I");
                  const Expr q = b.state("q", b.param("q0"));
                  b.equation(q - e.i);
                  b.equation(inertance * der(q) - e.v);
                  b.energy([&] { return 0.5 * inertance * q * q; });
                }});

  // p(p) = P
  registry.add({.type = "hydraulic.Reservoir",
                .title = "Reservoir",
                .description = "Tank at constant (gauge) pressure P, taking or giving any flow.",
                .ports = {reference(physical(Domain::Hydraulic, "p", "the tank port"))},
                .params = {number("P", "Pa", "0", "gauge pressure of the tank")},
                .keyParam = "P",
                .icon = iconFor("hydraulic.Reservoir"),
                .build = [](ComponentBuilder& b) { b.equation(b.across("p") - b.param("P")); }});

  // q = 0, y = p − n
  registry.add({.type = "hydraulic.PressureSensor",
                .title = "Pressure sensor",
                .description = "Ideal differential pressure gauge: y = p − n, taking no flow.",
                .ports = required({physical(Domain::Hydraulic, "p", "high side"), physical(Domain::Hydraulic, "n", "low side"),
                                   signalOutput("y", "pressure p − n [Pa]")}),
                .params = {},
                .keyParam = {},
                .icon = iconFor("hydraulic.PressureSensor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Hydraulic);
                  b.equation(e.i);
                  b.equation(b.output("y") - e.v);
                }});
}

}  // namespace kelvin::blocks
