// Semiconductor devices of the electrical domain: Diode, Varactor.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"
#include "noise_sources.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

/// Conductance across every junction, as SPICE's GMIN: keeps a reverse-biased
/// junction from leaving its node floating.
constexpr double kGmin = 1e-12;  // S

/// Shockley junction with GMIN and shot noise: i = Is·(limexp(v/(N·Vt)) − 1) + GMIN·v + i_shot,
/// Vt = k·T/q, i_shot of one-sided PSD 2q|Is·(limexp(v/(N·Vt)) − 1)| with the flicker corner fc.
Expr junctionCurrent(ComponentBuilder& b, Expr v) {
  const double vt = kBoltzmann * b.temperature() / kElementaryCharge;
  const Expr diffusion = b.param("Is") * (limexp(v / (b.param("N") * vt)) - 1.0);
  const Expr shot = b.noise("shot", 2.0 * kElementaryCharge * abs(diffusion), b.param("fc"));
  return diffusion + kGmin * v + shot;
}

}  // namespace

void registerElectricalSemiconductors(core::BlockRegistry& registry) {
  registry.add(
      {.type = "electrical.Diode",
       .title = "Diode",
       .description = "Junction diode, i = Is·(exp(vj/(N·Vt)) − 1), with series resistance Rs and SPICE's GMIN; "
                      "shot noise 2q|i| (with an optional flicker corner) and thermal noise of Rs.",
       .ports = {pin("p", "anode"), pin("n", "cathode")},
       .params = {positive("Is", "A", "1e-14", "saturation current"), positive("N", "", "1", "emission coefficient"),
                  nonNegative("Rs", "Ω", "0", "series resistance (0: none)"),
                  nonNegative("fc", "Hz", "0", "flicker noise corner frequency (0: no 1/f noise)"), temperatureParam()},
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
         b.equation(e.v - vj - rs * (e.i - thermalNoise(b, 1.0 / rs)));
         b.equation(e.i - junctionCurrent(b, vj));
       }});

  // C(v)·dv/dt = i with the junction capacitance C = C0/(1 + vr/Vj)^M of the reverse voltage vr = −v.
  registry.add(
      {.type = "electrical.Varactor",
       .title = "Varactor",
       .description = "Tuning diode: a capacitance C0/(1 + vr/Vj)^M that falls with the reverse voltage vr = v(n) − v(p) "
                      "(vr is taken no lower than −Vj/2 when forward biased).",
       .ports = {pin("p", "anode"), pin("n", "cathode")},
       .params = {positive("C0", "F", "100p", "capacitance at zero bias"),
                  positive("Vj", "V", "0.7", "junction potential"), positive("M", "", "0.5", "grading coefficient"),
                  number("v0", "V", "0", "initial voltage p − n")},
       .keyParam = "C0",
       .icon = iconFor("electrical.Varactor"),
       .build = [](ComponentBuilder& b) {
         const TwoPin e = twoPin(b);
         const double vj = b.param("Vj");
         const Expr v = b.state("v", b.param("v0"));
         const Expr reverse = max(-v, b.pool().constant(-0.5 * vj));
         b.equation(v - e.v);
         b.equation(b.param("C0") * pow(1.0 + reverse / vj, -b.param("M")) * der(v) - e.i);
       }});
}

}  // namespace kelvin::blocks
