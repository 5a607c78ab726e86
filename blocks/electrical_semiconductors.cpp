// Semiconductor devices of the electrical domain: Diode (SPICE's diode: as ngspice's dioload.c
// for IS, N, RS, CJO, VJ, M, TT with FC = 0.5, and its noise as dionoise.c), Varactor.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "junction_parts.h"
#include "noise_sources.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

/// SPICE's FC of the diode: above FC·Vj the depletion capacitance is continued linearly.
constexpr double kDepletionKnee = 0.5;

/// Shockley junction with GMIN, its charge and its noise: i = id + dq/dt + i_shot + i_flicker with
/// id = Is·(limexp(v/(N·Vt)) − 1) + GMIN·v, Vt = k·T/q, q = TT·id + Qdep(v; Cjo, Vj, M),
/// i_shot of one-sided PSD 2q|id − GMIN·v| with the flicker corner fc, i_flicker KF·|id|^AF/f.
Expr junctionCurrent(ComponentBuilder& b, Expr v) {
  const double vt = kBoltzmann * b.temperature() / kElementaryCharge;
  const Expr diffusion = b.param("Is") * (limexp(v / (b.param("N") * vt)) - 1.0);
  const Expr shot = b.noise("shot", [&] { return 2.0 * kElementaryCharge * abs(diffusion); }, b.param("fc"));
  const Expr id = diffusion + kGmin * v;
  const Expr charge = chargeCurrent(
      b, "q", b.param("TT") * diffusion + depletionCharge(b, v, b.param("Cjo"), b.param("Vj"), b.param("M"), kDepletionKnee));
  return id + charge + shot + flickerCurrent(b, "flicker", id, b.param("KF"), b.param("AF"));
}

}  // namespace

void registerElectricalSemiconductors(core::BlockRegistry& registry) {
  registry.add(
      {.type = "electrical.Diode",
       .title = "Diode",
       .description = "Junction diode, i = Is·(exp(vj/(N·Vt)) − 1), with series resistance Rs and SPICE's GMIN, "
                      "junction capacitance Cjo, Vj, M (FC = 0.5) and transit time TT; shot noise 2q|i| (with an "
                      "optional flicker corner), SPICE's flicker noise KF·|i|^AF/f and thermal noise of Rs.",
       .ports = {pin("p", "anode"), pin("n", "cathode")},
       .params = {positive("Is", "A", "1e-14", "saturation current"), positive("N", "", "1", "emission coefficient"),
                  nonNegative("Rs", "Ω", "0", "series resistance (0: none)"),
                  nonNegative("Cjo", "F", "0", "zero-bias junction capacitance"),
                  positive("Vj", "V", "1", "junction potential"),
                  gradingParam("M", "0.5", "grading coefficient"),
                  nonNegative("TT", "s", "0", "transit time (diffusion charge TT·i)"),
                  nonNegative("fc", "Hz", "0", "flicker noise corner frequency of the shot noise (0: none)"),
                  nonNegative("KF", "", "0", "SPICE flicker noise coefficient"),
                  positive("AF", "", "1", "SPICE flicker noise exponent"), temperatureParam()},
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
