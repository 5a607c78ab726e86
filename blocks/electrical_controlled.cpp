// Controlled sources and magnetic coupling of the electrical domain: VCVS (SPICE E),
// VCCS (G), CCCS (F), CCVS (H), CoupledInductors (K) and IdealTransformer.
//
// The controlling side of a voltage-controlled source is a pair of pins cp, cn that
// draw no current. The controlling side of a current-controlled source is a sense
// branch cp → cn of zero voltage (an ammeter in series with the branch it senses,
// where SPICE names a voltage source); the output side is p, n as in every source:
// a current source drives its current from p through the source to n.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

std::vector<core::PortDecl> controlledPorts(const char* control) {
  return {pin("p", "output, positive"), pin("n", "output, negative"), pin("cp", std::string(control) + ", positive"),
          pin("cn", std::string(control) + ", negative")};
}

/// The controlling voltage v(cp) − v(cn); the control pins draw no current.
Expr controlVoltage(ComponentBuilder& b) {
  b.equation(b.through("cp"));
  b.equation(b.through("cn"));
  return b.across("cp") - b.across("cn");
}

/// The current through the sense branch from cp to cn, which holds v(cp) = v(cn).
Expr controlCurrent(ComponentBuilder& b) {
  const Expr i = b.through("cp");
  b.equation(i + b.through("cn"));
  b.equation(b.across("cp") - b.across("cn"));
  return i;
}

/// The output branch p → n: v(p) − v(n) and the current from p through the source to n.
TwoPin output(ComponentBuilder& b) {
  const Expr i = b.through("p");
  b.equation(i + b.through("n"));
  return {b.across("p") - b.across("n"), i};
}

}  // namespace

void registerElectricalControlled(core::BlockRegistry& registry) {
  // v(p) − v(n) = gain·(v(cp) − v(cn))
  registry.add({.type = "electrical.VCVS",
                .title = "Voltage-controlled voltage source",
                .description = "SPICE E: v(p) − v(n) = gain·(v(cp) − v(cn)); the control pins draw no current.",
                .ports = controlledPorts("controlling voltage"),
                .params = {number("gain", "", "1", "voltage gain")},
                .keyParam = "gain",
                .icon = iconFor("electrical.VCVS"),
                .build = [](ComponentBuilder& b) {
                  const Expr vc = controlVoltage(b);
                  b.equation(output(b).v - b.parameter("gain") * vc);
                }});

  // i(p → n through the source) = gm·(v(cp) − v(cn))
  registry.add({.type = "electrical.VCCS",
                .title = "Voltage-controlled current source",
                .description = "SPICE G: drives gm·(v(cp) − v(cn)) from p through the source to n; the control pins "
                               "draw no current.",
                .ports = controlledPorts("controlling voltage"),
                .params = {number("gm", "S", "1m", "transconductance")},
                .keyParam = "gm",
                .icon = iconFor("electrical.VCCS"),
                .build = [](ComponentBuilder& b) {
                  const Expr vc = controlVoltage(b);
                  b.equation(output(b).i - b.parameter("gm") * vc);
                }});

  // i(p → n through the source) = gain·i(cp → cn)
  registry.add({.type = "electrical.CCCS",
                .title = "Current-controlled current source",
                .description = "SPICE F: drives gain·i_c from p through the source to n, i_c the current through its "
                               "sense branch from cp to cn (zero voltage across it).",
                .ports = controlledPorts("sense branch"),
                .params = {number("gain", "", "1", "current gain")},
                .keyParam = "gain",
                .icon = iconFor("electrical.CCCS"),
                .build = [](ComponentBuilder& b) {
                  const Expr ic = controlCurrent(b);
                  b.equation(output(b).i - b.parameter("gain") * ic);
                }});

  // v(p) − v(n) = r·i(cp → cn)
  registry.add({.type = "electrical.CCVS",
                .title = "Current-controlled voltage source",
                .description = "SPICE H: v(p) − v(n) = r·i_c, i_c the current through its sense branch from cp to cn "
                               "(zero voltage across it).",
                .ports = controlledPorts("sense branch"),
                .params = {number("r", "Ω", "1k", "transresistance")},
                .keyParam = "r",
                .icon = iconFor("electrical.CCVS"),
                .build = [](ComponentBuilder& b) {
                  const Expr ic = controlCurrent(b);
                  b.equation(output(b).v - b.parameter("r") * ic);
                }});

  // v1 = L1·di1/dt + M·di2/dt, v2 = M·di1/dt + L2·di2/dt, M = k·√(L1·L2);
  // stored energy ½·L1·i1² + M·i1·i2 + ½·L2·i2².
  registry.add({.type = "electrical.CoupledInductors",
                .title = "Coupled inductors",
                .description = "Two inductors L1 (p1, n1) and L2 (p2, n2) with coupling coefficient k (SPICE K): "
                               "mutual inductance M = k·√(L1·L2); the dots are at p1 and p2.",
                .ports = {pin("p1", "winding 1, dotted end"), pin("n1", "winding 1"),
                          pin("p2", "winding 2, dotted end"), pin("n2", "winding 2")},
                .params = {positive("L1", "H", "1m", "inductance of winding 1"),
                           positive("L2", "H", "1m", "inductance of winding 2"),
                           {.name = "k",
                            .unit = "",
                            .defaultValue = "0.99",
                            .min = 0.0,
                            .max = 1.0,
                            .maxInclusive = false,
                            .description = "coupling coefficient, 0 ≤ k < 1"},
                           number("i10", "A", "0", "initial current of winding 1 (p1 to n1)"),
                           number("i20", "A", "0", "initial current of winding 2 (p2 to n2)")},
                .keyParam = "k",
                .icon = iconFor("electrical.CoupledInductors"),
                .build = [](ComponentBuilder& b) {
                  const Expr l1 = b.parameter("L1"), l2 = b.parameter("L2");
                  const Expr m = b.parameter("k") * sqrt(l1 * l2);
                  const Expr i1 = b.state("i1", b.param("i10")), i2 = b.state("i2", b.param("i20"));
                  b.equation(b.through("p1") + b.through("n1"));
                  b.equation(b.through("p2") + b.through("n2"));
                  b.equation(i1 - b.through("p1"));
                  b.equation(i2 - b.through("p2"));
                  b.equation(l1 * der(i1) + m * der(i2) - (b.across("p1") - b.across("n1")));
                  b.equation(m * der(i1) + l2 * der(i2) - (b.across("p2") - b.across("n2")));
                  b.energy([&] { return 0.5 * l1 * i1 * i1 + m * i1 * i2 + 0.5 * l2 * i2 * i2; });
                }});

  // v1 = ratio·v2, ratio·i1 + i2 = 0 (lossless: v1·i1 + v2·i2 = 0)
  registry.add({.type = "electrical.IdealTransformer",
                .title = "Ideal transformer",
                .description = "Lossless transformer of turns ratio n1:n2 = ratio: v1 = ratio·v2, i2 = −ratio·i1 "
                               "(currents into the dotted ends p1, p2); passes DC.",
                .ports = {pin("p1", "primary, dotted end"), pin("n1", "primary"), pin("p2", "secondary, dotted end"),
                          pin("n2", "secondary")},
                .params = {positive("ratio", "", "1", "turns ratio n1/n2")},
                .keyParam = "ratio",
                .icon = iconFor("electrical.IdealTransformer"),
                .build = [](ComponentBuilder& b) {
                  const Expr ratio = b.parameter("ratio");
                  const Expr i1 = b.through("p1"), i2 = b.through("p2");
                  b.equation(i1 + b.through("n1"));
                  b.equation(i2 + b.through("n2"));
                  b.equation(b.across("p1") - b.across("n1") - ratio * (b.across("p2") - b.across("n2")));
                  b.equation(ratio * i1 + i2);
                }});
}

}  // namespace kelvin::blocks
