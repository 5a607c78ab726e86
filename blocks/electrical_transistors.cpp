// The transistors of the electrical domain, as ngspice computes them.
//
// electrical.BJT: the SPICE Gummel–Poon model (as ngspice's bjtload.c computes it) for the parameters
// IS, BF, BR, NF, NR, VAF, VAR, IKF, RB, RE, RC, CJE, VJE, MJE, CJC, VJC, MJC, FC, TF, TR, KF, AF,
// with the other SPICE parameters at their defaults (ISE = ISC = 0, IKR, IRB infinite,
// XTF = 0, XCJC = 1, no substrate), and its noise as ngspice's bjtnoise.c:
// shot noise 2q|Ic| (collector) and 2q|Ib| (base), thermal noise of RB, RC, RE, and flicker
// noise KF·|Ib|^AF/f of the base current (internal base to internal emitter).
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
// and BF, BR·(T/TNOM)^XTB, the junction potentials and capacitances through the silicon band gap
// (SPICE's rules, ngspice's bjttemp.c).
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
// 8kT·gm/3, thermal noise of RD and RS, flicker noise KF·|Id|^AF/(f·W·Leff·Cox²) with
// Cox = 3.9·ε0/TOX (ngspice-39's level 1; TOX = 100 nm when not given, as ngspice assumes).
// No Meyer charge (ngspice has none without TOX; with TOX the importer warns).
//
// electrical.JFET: SPICE level 1 (Shichman–Hodges with the Sydney University doping-tail
// parameter B, as ngspice's jfetload.c), N- or P-channel, with the source the lower channel end:
//
//     vgst = vgs − VTO,   β' = BETA·(1 + LAMBDA·vds),   bf = (1 − B)/(PB − VTO)
//     Id = 0 (vgst ≤ 0);  β'·vds·(vds·(bf·vds − B) + vgst·(2B + 3bf·(vgst − vds))) (vds < vgst);
//          β'·vgst²·(B + bf·vgst) (saturated); with B = 1: β'·vds·(2vgst − vds) and β'·vgst²,
//
// gate junctions IS·(e^{v/Vt} − 1) + GMIN·v, below −3Vt SPICE's −IS·(1 + (3Vt/(e·v))³) + GMIN·v;
// depletion charges of CGS, CGD (grading 1/2, FC); RD, RS. Temperature as ngspice's jfettemp.c:
// IS·e^{(T/TNOM − 1)·EG/Vt}·(T/TNOM)^XTI, VTO + VTOTC·(T − TNOM), BETA·(T/TNOM)^BEX, and PB, CGS,
// CGD through the silicon band gap. Noise as jfetnoi.c: channel thermal 8kT·gm/3, thermal noise
// of RD and RS, flicker KF·|Id|^AF/f.

#include <cmath>
#include <numbers>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "junction_parts.h"
#include "noise_sources.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

/// The permittivity of silicon dioxide as SPICE takes it: 3.9·ε0 (ε0 = 8.854214871e-12 F/m).
constexpr double kOxidePermittivity = 3.9 * 8.854214871e-12;  // F/m

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
                  gradingParam("MJE", "0.33", "base–emitter grading coefficient"),
                  nonNegative("CJC", "F", "0", "base–collector zero-bias depletion capacitance"),
                  positive("VJC", "V", "0.75", "base–collector built-in potential"),
                  gradingParam("MJC", "0.33", "base–collector grading coefficient"),
                  forwardBiasCoefficientParam(),
                  nonNegative("TF", "s", "0", "ideal forward transit time"),
                  nonNegative("TR", "s", "0", "ideal reverse transit time"),
                  nonNegative("KF", "", "0", "flicker noise coefficient (base current)"),
                  positive("AF", "", "1", "flicker noise exponent"),
                  positive("EG", "eV", "1.11", "energy gap for the temperature dependence of IS"),
                  number("XTI", "", "3", "temperature exponent of IS"),
                  number("XTB", "", "0", "temperature exponent of BF and BR"),
                  positive("TNOM", "K", "300.15", "temperature at which the parameters were measured"),
                  temperatureParam()},
       .keyParam = "BF",
       .icon = iconFor("electrical.BJT"),
       .build = [](ComponentBuilder& b) {
         const double sign = polaritySign(b, "NPN", "PNP");
         const double t = b.temperature(), tnom = b.param("TNOM");
         const double vt = kBoltzmann * t / kElementaryCharge;
         const double ratio = t / tnom;
         const double is = saturationCurrentAt(b, ratio, vt);
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

         // Junction potentials and capacitances at T, as ngspice's bjttemp.c.
         const JunctionTemperature be = junctionTemperature(b.param("VJE"), b.param("MJE"), tnom, t);
         const JunctionTemperature bc = junctionTemperature(b.param("VJC"), b.param("MJC"), tnom, t);
         const Expr ibeCharge =
             chargeCurrent(b, "qbe",
                           b.param("TF") * ibe / qb + depletionCharge(b, vbe, b.param("CJE") * be.capacitanceScale,
                                                                      be.potential, b.param("MJE"), b.param("FC")));
         const Expr ibcCharge =
             chargeCurrent(b, "qbc",
                           b.param("TR") * ibc + depletionCharge(b, vbc, b.param("CJC") * bc.capacitanceScale,
                                                                 bc.potential, b.param("MJC"), b.param("FC")));

         const Expr shotC = b.noise("collector_shot", [&] { return 2.0 * kElementaryCharge * abs(icDc); });
         const Expr shotB = b.noise("base_shot", [&] { return 2.0 * kElementaryCharge * abs(ibDc); }) +
                            flickerCurrent(b, "flicker", ibDc, b.param("KF"), b.param("AF"));
         // NPN-sense currents into the internal collector and base; the emitter takes the rest.
         b.equation(b.through("c") - sign * (icDc + shotC - ibcCharge));
         b.equation(b.through("b") - sign * (ibDc + shotB + ibeCharge + ibcCharge));
       }});

  registry.add(
      {.type = "electrical.JFET",
       .title = "Junction FET",
       .description = "N- or P-channel junction field-effect transistor, SPICE level 1 (VTO, BETA, LAMBDA, B, IS, RD, "
                      "RS, CGS, CGD, PB, FC, temperature dependence); channel thermal noise 8kT·gm/3, thermal noise of "
                      "RD and RS, flicker noise KF·|Id|^AF/f.",
       .ports = {pin("d", "drain"), pin("g", "gate"), pin("s", "source")},
       .params = {text("polarity", "NJF", "NJF (N-channel) or PJF (P-channel)"),
                  number("VTO", "V", "-2", "threshold (pinch-off) voltage"),
                  positive("BETA", "A/V²", "1e-4", "transconductance parameter"),
                  nonNegative("LAMBDA", "1/V", "0", "channel-length modulation"),
                  positive("B", "", "1", "doping tail parameter (1: the square law)"),
                  positive("IS", "A", "1e-14", "gate junction saturation current"),
                  nonNegative("RD", "Ω", "0", "drain resistance"),
                  nonNegative("RS", "Ω", "0", "source resistance"),
                  nonNegative("CGS", "F", "0", "gate–source zero-bias junction capacitance"),
                  nonNegative("CGD", "F", "0", "gate–drain zero-bias junction capacitance"),
                  positive("PB", "V", "1", "gate junction potential"),
                  forwardBiasCoefficientParam(),
                  nonNegative("KF", "", "0", "flicker noise coefficient"),
                  positive("AF", "", "1", "flicker noise exponent"),
                  positive("EG", "eV", "1.11", "energy gap for the temperature dependence of IS"),
                  number("XTI", "", "0", "temperature exponent of IS"),
                  number("VTOTC", "V/K", "0", "temperature coefficient of VTO"),
                  number("BEX", "", "0", "temperature exponent of BETA"),
                  positive("TNOM", "K", "300.15", "temperature at which the parameters were measured"),
                  temperatureParam()},
       .keyParam = "VTO",
       .icon = iconFor("electrical.JFET"),
       .build = [](ComponentBuilder& b) {
         const double sign = polaritySign(b, "NJF", "PJF");
         const double t = b.temperature(), tnom = b.param("TNOM"), pb = b.param("PB");
         const double vt = kBoltzmann * t / kElementaryCharge;
         const double ratio = t / tnom;
         const double is = saturationCurrentAt(b, ratio, vt);
         const double vto = b.param("VTO") + b.param("VTOTC") * (t - tnom);
         const double beta = b.param("BETA") * std::pow(ratio, b.param("BEX"));
         const double lambda = b.param("LAMBDA"), tail = b.param("B");
         const double tailFactor = (1.0 - tail) / (pb - b.param("VTO"));
         const JunctionTemperature junction = junctionTemperature(pb, 0.5, tnom, t);

         b.equation(b.through("d") + b.through("g") + b.through("s"));
         const Expr vd = internalNode(b, "d", b.param("RD"), "vdi", "rd_thermal");
         const Expr vs = internalNode(b, "s", b.param("RS"), "vsi", "rs_thermal");
         const Expr vg = b.across("g");
         const Expr vgs = sign * (vg - vs), vgd = sign * (vg - vd), vds = vgs - vgd;
         const Expr zero = b.pool().constant(0.0);
         // The channel current from the lower end, f(vgst, vds ≥ 0), and its gm.
         struct Channel {
           Expr id, gm;
         };
         const auto channel = [&](Expr vgst, Expr vdsPos) {
           const Expr betap = beta * (1.0 + lambda * vdsPos);
           const Expr apart = 2.0 * tail + 3.0 * tailFactor * (vgst - vdsPos);
           const Expr linear = betap * vdsPos * (vdsPos * (tailFactor * vdsPos - tail) + vgst * apart);
           const Expr saturated = betap * vgst * vgst * (tail + tailFactor * vgst);
           const Expr inLinear = greaterEqual(vgst, vdsPos), on = greater(vgst, zero);
           const Expr id = ifThenElse(on, ifThenElse(inLinear, linear, saturated), zero);
           const Expr gm = ifThenElse(on,
                                      ifThenElse(inLinear, betap * vdsPos * (apart + 3.0 * tailFactor * vgst),
                                                 betap * vgst * (2.0 * tail + 3.0 * tailFactor * vgst)),
                                      zero);
           return Channel{id, gm};
         };
         const Expr forward = greaterEqual(vds, zero);
         const Channel normal = channel(vgs - vto, vds);
         const Channel reverse = channel(vgd - vto, -vds);
         const Expr ids = ifThenElse(forward, normal.id, -reverse.id);  // drain → source
         const Expr gm = ifThenElse(forward, normal.gm, reverse.gm);

         // Gate junctions: below −3Vt SPICE's cubic reverse law instead of the exponential.
         const auto gateJunction = [&](Expr v) {
           const Expr cubic = 3.0 * vt / (std::numbers::e * min(v, b.pool().constant(-3.0 * vt)));
           return ifThenElse(less(v, b.pool().constant(-3.0 * vt)), -is * (1.0 + cubic * cubic * cubic),
                             is * (limexp(v / vt) - 1.0)) +
                  kGmin * v;
         };
         const Expr igs = gateJunction(vgs), igd = gateJunction(vgd);  // gate → source, gate → drain
         const double fc = b.param("FC");
         const Expr qgs = chargeCurrent(
             b, "qgs",
             depletionCharge(b, vgs, b.param("CGS") * junction.capacitanceScale, junction.potential, 0.5, fc));
         const Expr qgd = chargeCurrent(
             b, "qgd",
             depletionCharge(b, vgd, b.param("CGD") * junction.capacitanceScale, junction.potential, 0.5, fc));
         const Expr channelNoise = b.noise("channel_thermal", [&] { return 8.0 / 3.0 * kBoltzmann * t * abs(gm); }) +
                                   flickerCurrent(b, "flicker", ids - igd, b.param("KF"), b.param("AF"));
         b.equation(b.through("g") - sign * (igs + igd + qgs + qgd));
         b.equation(b.through("d") - sign * (ids + channelNoise - igd - qgd));
       }});

  registry.add(
      {.type = "electrical.MOSFET",
       .title = "MOS transistor",
       .description = "N- or P-channel MOSFET, SPICE level 1 (VTO, KP, GAMMA, PHI, LAMBDA, W, L, LD, RD, RS, bulk "
                      "diodes IS, overlap capacitances CGSO, CGDO, CGBO); channel thermal noise 8kT·gm/3, thermal "
                      "noise of RD and RS.",
       .ports = {pin("d", "drain"), pin("g", "gate"), pin("s", "source"), pin("b", "bulk")},
       .params = {text("polarity", "NMOS", "NMOS or PMOS"),
                  number("VTO", "V", "0", "zero-bias threshold voltage"),
                  positive("KP", "A/V²", "2e-5", "transconductance parameter"),
                  nonNegative("GAMMA", "√V", "0", "bulk threshold parameter"),
                  positive("PHI", "V", "0.6", "surface potential"),
                  nonNegative("LAMBDA", "1/V", "0", "channel-length modulation"),
                  positive("W", "m", "100u", "channel width"),
                  positive("L", "m", "100u", "channel length"),
                  nonNegative("LD", "m", "0", "lateral diffusion"),
                  nonNegative("RD", "Ω", "0", "drain resistance"),
                  nonNegative("RS", "Ω", "0", "source resistance"),
                  positive("IS", "A", "1e-14", "bulk junction saturation current"),
                  nonNegative("CGSO", "F/m", "0", "gate–source overlap capacitance per width"),
                  nonNegative("CGDO", "F/m", "0", "gate–drain overlap capacitance per width"),
                  nonNegative("CGBO", "F/m", "0", "gate–bulk overlap capacitance per length"),
                  nonNegative("KF", "", "0", "flicker noise coefficient"),
                  positive("AF", "", "1", "flicker noise exponent"),
                  positive("TOX", "m", "100n", "oxide thickness (sets Cox of the flicker noise only)"),
                  positive("TNOM", "K", "300.15", "temperature at which the parameters were measured"),
                  temperatureParam()},
       .keyParam = "VTO",
       .icon = iconFor("electrical.MOSFET"),
       .build = [](ComponentBuilder& b) {
         const double sign = polaritySign(b, "NMOS", "PMOS");
         const double t = b.temperature(), tnom = b.param("TNOM"), ratio = t / tnom;
         const double vt = kBoltzmann * t / kElementaryCharge, vtnom = kBoltzmann * tnom / kElementaryCharge;
         const double w = b.param("W"), length = b.param("L") - 2.0 * b.param("LD");
         if (!(length > 0.0)) b.fail("", "L − 2·LD must be > 0");
         // At T, as ngspice's mos1temp.c: KP·(T/TNOM)^−1.5, PHI through the band gap, the built-in
         // potential vbi (the threshold less the body term) and the bulk junctions' IS.
         const double beta = b.param("KP") / (ratio * std::sqrt(ratio)) * w / length;
         const double gamma = b.param("GAMMA"), phiNom = b.param("PHI"), lambda = b.param("LAMBDA");
         const double phi = junctionTemperature(phiNom, 0.0, tnom, t).potential;
         const double gapShift = 0.5 * (siliconBandGap(tnom) - siliconBandGap(t));
         const double vbi = sign * (b.param("VTO") + gapShift) - gamma * std::sqrt(phiNom) + 0.5 * (phi - phiNom);
         const double is = b.param("IS") * std::exp(-siliconBandGap(t) / vt + siliconBandGap(tnom) / vtnom);

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
           Expr threshold = b.pool().constant(vbi + gamma * std::sqrt(phi));
           if (gamma > 0.0) {
             const double sphi = std::sqrt(phi);
             const Expr sarg =
                 ifThenElse(lessEqual(vbs, zero), sqrt(max(phi - vbs, zero)), max(sphi - vbs / (2.0 * sphi), zero));
             threshold = vbi + gamma * sarg;
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
         const auto junction = [&](Expr v) { return is * (limexp(v / vt) - 1.0) + kGmin * v; };
         const Expr ibd = junction(sign * (vb - vd)), ibs = junction(sign * (vb - vs));  // bulk → drain, source

         // ngspice-39's level-1 flicker noise: KF·|Id|^AF/(f·W·Leff·Cox²), Id the drain current.
         const double cox = kOxidePermittivity / b.param("TOX");
         const Expr channelNoise = b.noise("channel_thermal", [&] {
           return 8.0 / 3.0 * kBoltzmann * b.temperature() * abs(gm);
         }) + flickerCurrent(b, "flicker", ids - ibd, b.param("KF"), b.param("AF"), w * length * cox * cox);

         const Expr igs = chargeCurrent(b, "qgs", b.param("CGSO") * w * (vg - vs));
         const Expr igd = chargeCurrent(b, "qgd", b.param("CGDO") * w * (vg - vd));
         const Expr igb = chargeCurrent(b, "qgb", b.param("CGBO") * b.param("L") * (vg - vb));
         b.equation(b.through("g") - (igs + igd + igb));
         b.equation(b.through("d") - (sign * (ids + channelNoise - ibd) - igd));
         b.equation(b.through("s") - (sign * (-ids - channelNoise - ibs) - igs));
       }});
}

}  // namespace kelvin::blocks
