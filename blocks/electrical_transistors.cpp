// The transistors of the electrical domain, as ngspice computes them.
//
// electrical.BJT: the SPICE Gummel–Poon model (as ngspice's bjtload.c computes it) for the parameters
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
//
// electrical.MOSFET: SPICE level 1 (Shichman–Hodges, ngspice's mos1load.c) with W, L and the
// parameters VTO, KP, GAMMA, PHI, LAMBDA, RD, RS, IS (bulk junctions), LD and the overlap
// capacitances CGSO, CGDO, CGBO; in the type-normalised voltages (a PMOS flips them all),
// with the source the lower of the two channel ends (the device is symmetric):
//
//     Vth = VTO + GAMMA·(√(PHI − vbs) − √PHI),   β = KP·W/(L − 2·LD),   vgst = vgs − Vth
//     Id  = 0 (vgst ≤ 0);  β·(1 + LAMBDA·vds)·vds·(vgst − vds/2) (vds < vgst);  β/2·(1 + LAMBDA·vds)·vgst²
//
// (for vbs > 0, √(PHI − vbs) is continued as SPICE does: √PHI − vbs/(2√PHI), not below 0), bulk
// diodes IS·(e^{v/Vt} − 1) + GMIN·v; noise as ngspice's mos1noise.c: channel thermal noise
// 8kT·gm/3, thermal noise of RD and RS. No Meyer charge (ngspice has none without TOX).

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
  b.equation(b.across(port) - inner -
             r * (b.through(port) - b.noise(noise, b.pool().constant(4.0 * kBoltzmann * b.temperature() / r))));
  return inner;
}

/// Charges are held in pC: their unknowns are then of order 1 like potentials, not 1e-14 C, so
/// the solvers' absolute tolerances (1e-12) do not swamp them (the eliminator may solve a node
/// potential from a charge: v = q/C with C of a few fF).
constexpr double kChargeUnit = 1e-12;  // C

/// The current d(charge)/dt of a junction or overlap charge, through an unknown that holds it
/// in pC (der() applies to unknowns); 0 when the charge is identically 0. The charge starts at 0
/// (every junction at 0 V, as SPICE's UIC) unless the run starts at the operating point.
Expr chargeCurrent(ComponentBuilder& b, const std::string& name, Expr charge) {
  if (charge.isConstant()) return b.pool().constant(0.0);
  const Expr q = b.state(name, 0.0);
  b.equation(q - charge / kChargeUnit);
  return kChargeUnit * der(q);
}

}  // namespace

void registerElectricalTransistors(core::BlockRegistry& registry) {
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
                  nonNegative("RB", "Ω", "0", "base resistance"),
                  nonNegative("RE", "Ω", "0", "emitter resistance"),
                  nonNegative("RC", "Ω", "0", "collector resistance"),
                  nonNegative("CJE", "F", "0", "base–emitter zero-bias depletion capacitance"),
                  positive("VJE", "V", "0.75", "base–emitter built-in potential"),
                  {.name = "MJE",
                   .unit = "",
                   .defaultValue = "0.33",
                   .min = 0.0,
                   .max = 1.0,
                   .maxInclusive = false,
                   .description = "base–emitter grading coefficient"},
                  nonNegative("CJC", "F", "0", "base–collector zero-bias depletion capacitance"),
                  positive("VJC", "V", "0.75", "base–collector built-in potential"),
                  {.name = "MJC",
                   .unit = "",
                   .defaultValue = "0.33",
                   .min = 0.0,
                   .max = 1.0,
                   .maxInclusive = false,
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
         const double is =
             b.param("IS") * std::pow(ratio, b.param("XTI")) * std::exp((ratio - 1.0) * b.param("EG") / vt);
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
             b, "qbe",
             b.param("TF") * ibe / qb + depletionCharge(b, vbe, b.param("CJE"), b.param("VJE"), b.param("MJE")));
         const Expr ibcCharge = chargeCurrent(
             b, "qbc", b.param("TR") * ibc + depletionCharge(b, vbc, b.param("CJC"), b.param("VJC"), b.param("MJC")));

         const Expr shotC = b.noise("collector_shot", 2.0 * kElementaryCharge * abs(icDc));
         const Expr shotB = b.noise("base_shot", 2.0 * kElementaryCharge * abs(ibDc));
         // NPN-sense currents into the internal collector and base; the emitter takes the rest.
         b.equation(b.through("c") - sign * (icDc + shotC - ibcCharge));
         b.equation(b.through("b") - sign * (ibDc + shotB + ibeCharge + ibcCharge));
       }});

  registry.add(
      {.type = "electrical.MOSFET",
       .title = "MOS transistor",
       .description = "N- or P-channel MOSFET, SPICE level 1 (VTO, KP, GAMMA, PHI, LAMBDA, W, L, LD, RD, RS, bulk "
                      "diodes IS, overlap capacitances CGSO, CGDO, CGBO); channel thermal noise 8kT·gm/3, thermal "
                      "noise of RD and RS.",
       .ports = {pin("d", "drain"), pin("g", "gate"), pin("s", "source"), pin("b", "bulk")},
       .params = {text("polarity", "NMOS", "NMOS or PMOS"), number("VTO", "V", "0", "zero-bias threshold voltage"),
                  positive("KP", "A/V²", "2e-5", "transconductance parameter"),
                  nonNegative("GAMMA", "√V", "0", "bulk threshold parameter"),
                  positive("PHI", "V", "0.6", "surface potential"),
                  nonNegative("LAMBDA", "1/V", "0", "channel-length modulation"),
                  positive("W", "m", "100u", "channel width"), positive("L", "m", "100u", "channel length"),
                  nonNegative("LD", "m", "0", "lateral diffusion"), nonNegative("RD", "Ω", "0", "drain resistance"),
                  nonNegative("RS", "Ω", "0", "source resistance"),
                  positive("IS", "A", "1e-14", "bulk junction saturation current"),
                  nonNegative("CGSO", "F/m", "0", "gate–source overlap capacitance per width"),
                  nonNegative("CGDO", "F/m", "0", "gate–drain overlap capacitance per width"),
                  nonNegative("CGBO", "F/m", "0", "gate–bulk overlap capacitance per length"), temperatureParam()},
       .keyParam = "VTO",
       .icon = iconFor("electrical.MOSFET"),
       .build = [](ComponentBuilder& b) {
         const std::string& polarity = b.textParam("polarity");
         if (polarity != "NMOS" && polarity != "PMOS" && polarity != "nmos" && polarity != "pmos")
           b.fail("", "polarity must be NMOS or PMOS, not '" + polarity + "'");
         const double sign = polarity == "NMOS" || polarity == "nmos" ? 1.0 : -1.0;
         const double vt = kBoltzmann * b.temperature() / kElementaryCharge;
         const double w = b.param("W"), length = b.param("L") - 2.0 * b.param("LD");
         if (!(length > 0.0)) b.fail("", "L − 2·LD must be > 0");
         const double beta = b.param("KP") * w / length, vto = sign * b.param("VTO");
         const double gamma = b.param("GAMMA"), phi = b.param("PHI"), lambda = b.param("LAMBDA");
         const double is = b.param("IS");

         b.equation(b.through("d") + b.through("g") + b.through("s") + b.through("b"));
         const Expr vd = internalNode(b, "d", b.param("RD"), "vdi", "rd_thermal");
         const Expr vs = internalNode(b, "s", b.param("RS"), "vsi", "rs_thermal");
         const Expr vg = b.across("g"), vb = b.across("b");
         const Expr vds = sign * (vd - vs);
         const Expr zero = b.pool().constant(0.0);
         // The channel current from the lower end: f(vgs, vds ≥ 0, vbs) and its gm.
         struct Channel {
           Expr id, gm;
         };
         const auto channel = [&](Expr vgs, Expr vdsPos, Expr vbs) {
           Expr threshold = b.pool().constant(vto);
           if (gamma > 0.0) {
             const double sphi = std::sqrt(phi);
             const Expr sarg =
                 ifThenElse(lessEqual(vbs, zero), sqrt(max(phi - vbs, zero)), max(sphi - vbs / (2.0 * sphi), zero));
             threshold = threshold + gamma * (sarg - sphi);
           }
           const Expr vgst = vgs - threshold;
           const Expr betap = beta * (1.0 + lambda * vdsPos);
           const Expr saturated = lessEqual(vgst, vdsPos);
           const Expr on = greater(vgst, zero);
           const Expr id = ifThenElse(
               on, ifThenElse(saturated, 0.5 * betap * vgst * vgst, betap * vdsPos * (vgst - 0.5 * vdsPos)), zero);
           const Expr gm = ifThenElse(on, ifThenElse(saturated, betap * vgst, betap * vdsPos), zero);
           return Channel{id, gm};
         };
         const Expr forward = greaterEqual(vds, zero);
         const Channel normal = channel(sign * (vg - vs), vds, sign * (vb - vs));
         const Channel reverse = channel(sign * (vg - vd), -vds, sign * (vb - vd));
         const Expr ids = ifThenElse(forward, normal.id, -reverse.id);  // drain → source
         const Expr gm = ifThenElse(forward, normal.gm, reverse.gm);
         const Expr channelNoise = b.noise("channel_thermal", 8.0 / 3.0 * kBoltzmann * b.temperature() * abs(gm));

         const auto junction = [&](Expr v) { return is * (limexp(v / vt) - 1.0) + kGmin * v; };
         const Expr ibd = junction(sign * (vb - vd)), ibs = junction(sign * (vb - vs));  // bulk → drain, source

         const Expr igs = chargeCurrent(b, "qgs", b.param("CGSO") * w * (vg - vs));
         const Expr igd = chargeCurrent(b, "qgd", b.param("CGDO") * w * (vg - vd));
         const Expr igb = chargeCurrent(b, "qgb", b.param("CGBO") * b.param("L") * (vg - vb));
         b.equation(b.through("g") - (igs + igd + igb));
         b.equation(b.through("d") - (sign * (ids + channelNoise - ibd) - igd));
         b.equation(b.through("s") - (sign * (-ids - channelNoise - ibs) - igs));
       }});
}

}  // namespace kelvin::blocks
