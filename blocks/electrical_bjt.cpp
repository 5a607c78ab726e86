// The bipolar junction transistor of the electrical domain: electrical.BJT, the
// SPICE Gummel–Poon model (as ngspice's bjtload.c computes it) for the parameters
// IS, BF, BR, NF, NR, VAF, VAR, IKF, RB, RE, RC, CJE, VJE, MJE, CJC, VJC, MJC, TF, TR,
// with the other SPICE parameters at their defaults (ISE = ISC = 0, IKR, IRB infinite,
// XTF = 0, FC = 0.5, XCJC = 1, no substrate), and its noise as ngspice's bjtnoise.c:
// shot noise 2q|Ic| (collector) and 2q|Ib| (base), thermal noise of RB, RC, RE.
//
// With vbe, vbc the internal junction voltages (NPN sense; a PNP flips every
// voltage and current), Vt = kT/q:
//
//     Ibe = IS·(e^{vbe/(NF·Vt)} − 1),   Ibc = IS·(e^{vbc/(NR·Vt)} − 1)
//     q1  = 1/(1 − vbc/VAF − vbe/VAR),  qb = q1·(1 + √(1 + 4·Ibe/IKF))/2
//     Ic  = (Ibe − Ibc)/qb − Ibc/BR − GMIN·vbc
//     Ib  = Ibe/BF + Ibc/BR + GMIN·(vbe + vbc)
//     Qbe = TF·Ibe/qb + Qdep(vbe; CJE, VJE, MJE),  Qbc = TR·Ibc + Qdep(vbc; CJC, VJC, MJC)
//
// Qdep is the depletion charge, continued linearly in capacitance above FC·VJ
// (SPICE's forward-bias rule). Temperature: IS·(T/TNOM)^XTI·e^{(T/TNOM − 1)·EG/Vt}
// and BF, BR·(T/TNOM)^XTB (SPICE's rules for them; junction potentials and
// capacitances are not scaled).

#include <cmath>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "noise_sources.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

/// SPICE's GMIN: the conductance the BJT puts across each junction.
constexpr double kGmin = 1e-12;  // S
/// SPICE's FC: above FC·VJ a depletion capacitance is continued linearly.
constexpr double kFc = 0.5;

/// The depletion charge of a junction of zero-bias capacitance cj, potential vj and grading m
/// at voltage v (SPICE: the integral of cj·(1 − v/vj)^−m, continued linearly in capacitance
/// above fc·vj, where the switch is a relation of the equations).
Expr depletionCharge(ComponentBuilder& b, Expr v, double cj, double vj, double m) {
  if (cj == 0.0) return b.pool().constant(0.0);
  const double f1 = vj * (1.0 - std::pow(1.0 - kFc, 1.0 - m)) / (1.0 - m);
  const double f2 = std::pow(1.0 - kFc, 1.0 + m);
  const double f3 = 1.0 - kFc * (1.0 + m);
  const double knee = kFc * vj;
  // Below the knee; the argument is kept ≥ 1 − fc so the unused branch stays finite.
  const Expr below = cj * vj * (1.0 - pow(max(1.0 - v / vj, b.pool().constant(1.0 - kFc)), 1.0 - m)) / (1.0 - m);
  const Expr above = cj * (f1 + (f3 * (v - knee) + m / (2.0 * vj) * (v * v - knee * knee)) / f2);
  return ifThenElse(less(v, b.pool().constant(knee)), below, above);
}

/// A series resistance r from terminal `port` to an internal node named `node`: returns the
/// internal potential (the terminal's own when r = 0), with v(port) − v(node) = r·(i − n),
/// i the current into the terminal and n its thermal noise `noise` (4kT/r).
Expr internalNode(ComponentBuilder& b, const std::string& port, double r, const std::string& node,
                  const std::string& noise) {
  if (r == 0.0) return b.across(port);
  const Expr inner = b.variable(node);
  b.equation(b.across(port) - inner - r * (b.through(port) - b.noise(noise, b.pool().constant(4.0 * kBoltzmann * b.temperature() / r))));
  return inner;
}

/// The current d(charge)/dt of a junction charge, through an unknown that holds it
/// (der() applies to unknowns); 0 when the charge is identically 0. The charge starts at 0
/// (every junction at 0 V, as SPICE's UIC) unless the run starts at the operating point.
Expr chargeCurrent(ComponentBuilder& b, const std::string& name, Expr charge) {
  if (charge.isConstant()) return b.pool().constant(0.0);
  const Expr q = b.state(name, 0.0);
  b.equation(q - charge);
  return der(q);
}

}  // namespace

void registerElectricalBjt(core::BlockRegistry& registry) {
  registry.add(
      {.type = "electrical.BJT",
       .title = "Bipolar transistor",
       .description = "NPN or PNP bipolar transistor, SPICE Gummel–Poon model (IS, BF, BR, NF, NR, VAF, VAR, IKF, RB, "
                      "RE, RC, junction and diffusion charges CJE, VJE, MJE, CJC, VJC, MJC, TF, TR); shot noise 2q|Ic| "
                      "and 2q|Ib|, thermal noise of RB, RC, RE.",
       .ports = {pin("c", "collector"), pin("b", "base"), pin("e", "emitter")},
       .params = {text("polarity", "NPN", "NPN or PNP"),
                  positive("IS", "A", "1e-16", "transport saturation current"),
                  positive("BF", "", "100", "ideal forward current gain"),
                  positive("BR", "", "1", "ideal reverse current gain"),
                  positive("NF", "", "1", "forward emission coefficient"),
                  positive("NR", "", "1", "reverse emission coefficient"),
                  nonNegative("VAF", "V", "0", "forward Early voltage (0: none)"),
                  nonNegative("VAR", "V", "0", "reverse Early voltage (0: none)"),
                  nonNegative("IKF", "A", "0", "forward high-injection knee current (0: none)"),
                  nonNegative("RB", "Ω", "0", "base resistance"), nonNegative("RE", "Ω", "0", "emitter resistance"),
                  nonNegative("RC", "Ω", "0", "collector resistance"),
                  nonNegative("CJE", "F", "0", "base–emitter zero-bias depletion capacitance"),
                  positive("VJE", "V", "0.75", "base–emitter built-in potential"),
                  {.name = "MJE", .unit = "", .defaultValue = "0.33", .min = 0.0, .max = 1.0, .maxInclusive = false,
                   .description = "base–emitter grading coefficient"},
                  nonNegative("CJC", "F", "0", "base–collector zero-bias depletion capacitance"),
                  positive("VJC", "V", "0.75", "base–collector built-in potential"),
                  {.name = "MJC", .unit = "", .defaultValue = "0.33", .min = 0.0, .max = 1.0, .maxInclusive = false,
                   .description = "base–collector grading coefficient"},
                  nonNegative("TF", "s", "0", "ideal forward transit time"),
                  nonNegative("TR", "s", "0", "ideal reverse transit time"),
                  positive("EG", "eV", "1.11", "energy gap for the temperature dependence of IS"),
                  number("XTI", "", "3", "temperature exponent of IS"),
                  number("XTB", "", "0", "temperature exponent of BF and BR"),
                  positive("TNOM", "K", "300.15", "temperature at which the parameters were measured"),
                  temperatureParam()},
       .keyParam = "BF",
       .icon = iconFor("electrical.BJT"),
       .build = [](ComponentBuilder& b) {
         const std::string& polarity = b.textParam("polarity");
         if (polarity != "NPN" && polarity != "PNP" && polarity != "npn" && polarity != "pnp")
           b.fail("", "polarity must be NPN or PNP, not '" + polarity + "'");
         const double sign = polarity == "NPN" || polarity == "npn" ? 1.0 : -1.0;
         const double t = b.temperature(), tnom = b.param("TNOM");
         const double vt = kBoltzmann * t / kElementaryCharge;
         const double ratio = t / tnom;
         const double is = b.param("IS") * std::pow(ratio, b.param("XTI")) * std::exp((ratio - 1.0) * b.param("EG") / vt);
         const double betaScale = std::pow(ratio, b.param("XTB"));
         const double bf = b.param("BF") * betaScale, br = b.param("BR") * betaScale;
         const double vaf = b.param("VAF"), var = b.param("VAR"), ikf = b.param("IKF");

         // Terminal currents into c, b, e sum to zero; series resistances lead to the internal nodes.
         b.equation(b.through("c") + b.through("b") + b.through("e"));
         const Expr vc = internalNode(b, "c", b.param("RC"), "vci", "rc_thermal");
         const Expr vb = internalNode(b, "b", b.param("RB"), "vbi", "rb_thermal");
         const Expr ve = internalNode(b, "e", b.param("RE"), "vei", "re_thermal");
         const Expr vbe = sign * (vb - ve), vbc = sign * (vb - vc);

         const Expr ibe = is * (limexp(vbe / (b.param("NF") * vt)) - 1.0);
         const Expr ibc = is * (limexp(vbc / (b.param("NR") * vt)) - 1.0);
         Expr q1inv = b.pool().constant(1.0);
         if (vaf > 0.0) q1inv = q1inv - vbc / vaf;
         if (var > 0.0) q1inv = q1inv - vbe / var;
         Expr qb = 1.0 / q1inv;
         if (ikf > 0.0) qb = qb * (1.0 + sqrt(max(1.0 + 4.0 * ibe / ikf, b.pool().constant(0.0)))) / 2.0;
         const Expr icDc = (ibe - ibc) / qb - ibc / br - kGmin * vbc;
         const Expr ibDc = ibe / bf + ibc / br + kGmin * (vbe + vbc);

         const Expr ibeCharge = chargeCurrent(
             b, "qbe", b.param("TF") * ibe / qb + depletionCharge(b, vbe, b.param("CJE"), b.param("VJE"), b.param("MJE")));
         const Expr ibcCharge = chargeCurrent(
             b, "qbc", b.param("TR") * ibc + depletionCharge(b, vbc, b.param("CJC"), b.param("VJC"), b.param("MJC")));

         const Expr shotC = b.noise("collector_shot", 2.0 * kElementaryCharge * abs(icDc));
         const Expr shotB = b.noise("base_shot", 2.0 * kElementaryCharge * abs(ibDc));
         // NPN-sense currents into the internal collector and base; the emitter takes the rest.
         b.equation(b.through("c") - sign * (icDc + shotC - ibcCharge));
         b.equation(b.through("b") - sign * (ibDc + shotB + ibeCharge + ibcCharge));
       }});
}

}  // namespace kelvin::blocks
