// The translational mechanical domain: Mass, Spring, Damper, Fixed, Force,
// VelocitySensor, PositionSensor, ForceSensor.
//
// Across is the velocity v [m/s], through the force f [N] into the component
// at a flange. Positions are not port quantities: a component that needs one
// integrates it as its own state (the mass's position, the spring's stretch,
// the position sensor's reading). Only the spring's stretch s0 sets a force;
// a mass's x0, a fixed point's x0 and a position sensor's x0 are readouts,
// which validation checks against the stretches (ComponentType::positions).

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

core::PortDecl flange(std::string name, std::string description) {
  return physical(Domain::Translational, std::move(name), std::move(description));
}

}  // namespace

void registerTranslational(core::BlockRegistry& registry) {
  // Both flanges move at v; m·dv/dt = fa + fb, dx/dt = v; stored energy ½·m·v².
  // It integrates absolute velocity, so it references its network.
  registry.add({.type = "translational.Mass",
                .title = "Mass",
                .description = "Rigid sliding mass, m·dv/dt = fa + fb, both flanges at its velocity v, "
                               "starting at v0 and position x0.",
                .ports = {reference(flange("a", "flange a")), reference(flange("b", "flange b"))},
                .params = {positive("m", "kg", "1", "mass"), number("v0", "m/s", "0", "initial velocity"),
                           number("x0", "m", "0", "initial position")},
                .keyParam = "m",
                .icon = iconFor("translational.Mass"),
                .build = [](ComponentBuilder& b) {
                  const Expr m = b.parameter("m");
                  const Expr v = b.state("v", b.param("v0"));
                  const Expr x = b.state("x", b.param("x0"));
                  b.equation(der(x) - v);
                  b.equation(b.across("a") - v);
                  b.equation(b.across("b") - v);
                  b.equation(m * der(v) - b.through("a") - b.through("b"));
                  b.energy([&] { return 0.5 * m * v * v; });
                },
                .positions = {{"x0", "a", ""}, {"x0", "b", ""}}});

  // ds/dt = va − vb, f = k·s (from a to b); stored energy ½·k·s².
  registry.add({.type = "translational.Spring",
                .title = "Spring",
                .description = "Linear spring, f = k·s, where the stretch s integrates va − vb from s0.",
                .ports = twoPinPorts(Domain::Translational),
                .params = {positive("k", "N/m", "1k", "stiffness"),
                           number("s0", "m", "0", "initial stretch, position of a minus position of b")},
                .keyParam = "k",
                .icon = iconFor("translational.Spring"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Translational);
                  const Expr k = b.parameter("k");
                  const Expr s = b.state("s_rel", b.param("s0"));
                  b.equation(der(s) - e.v);
                  b.equation(e.i - k * s);
                  b.energy([&] { return 0.5 * k * s * s; });
                },
                .positions = {{"s0", "a", "b"}}});

  // f = d·(va − vb)
  registry.add({.type = "translational.Damper",
                .title = "Damper",
                .description = "Linear viscous damper, f = d·(va − vb).",
                .ports = twoPinPorts(Domain::Translational),
                .params = {nonNegative("d", "N·s/m", "10", "damping coefficient"), temperatureParam()},
                .keyParam = "d",
                .icon = iconFor("translational.Damper"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Translational);
                  const Expr d = b.parameter("d");
                  b.equation(e.i - d * e.v - thermalNoise(b, d));
                }});

  // v(a) = 0
  registry.add({.type = "translational.Fixed",
                .title = "Fixed point",
                .description = "Flange held at rest, v = 0, taking whatever force it must.",
                .ports = {reference(flange("a", "the fixed flange"))},
                .params = {number("x0", "m", "0",
                                  "position of the flange: a readout, against which the stretch of the springs "
                                  "it holds is checked")},
                .keyParam = "x0",
                .icon = iconFor("translational.Fixed"),
                .build = [](ComponentBuilder& b) { b.equation(b.across("a")); },
                .positions = {{"x0", "a", ""}}});

  // The source pushes u into the node at a: through(a) = −u, so u > 0 accelerates
  // what a drives forward. It reacts on an implicit fixed support.
  registry.add({.type = "translational.Force",
                .title = "Force source",
                .description = "Ideal force source driven by a signal: applies force u to what flange a drives.",
                .ports = {required(flange("a", "driven flange")), signalInput("u", "force [N]")},
                .params = {},
                .keyParam = {},
                .icon = iconFor("translational.Force"),
                .build = [](ComponentBuilder& b) { b.equation(b.through("a") + b.input("u")); }});

  // f = 0, y = v(a)
  registry.add({.type = "translational.VelocitySensor",
                .title = "Velocity sensor",
                .description = "Ideal velocity sensor: y = absolute velocity of flange a, taking no force.",
                .ports = {required(flange("a", "measured flange")), signalOutput("y", "velocity [m/s]")},
                .params = {},
                .keyParam = {},
                .icon = iconFor("translational.VelocitySensor"),
                .build = [](ComponentBuilder& b) {
                  b.equation(b.through("a"));
                  b.equation(b.output("y") - b.across("a"));
                }});

  // f = 0, dx/dt = v(a), y = x
  registry.add({.type = "translational.PositionSensor",
                .title = "Position sensor",
                .description = "Ideal position sensor: y integrates the velocity of flange a from x0, taking no force.",
                .ports = {required(flange("a", "measured flange")), signalOutput("y", "position [m]")},
                .params = {number("x0", "m", "0", "position at the start")},
                .keyParam = "x0",
                .icon = iconFor("translational.PositionSensor"),
                .build = [](ComponentBuilder& b) {
                  const Expr x = b.state("x", b.param("x0"));
                  b.equation(b.through("a"));
                  b.equation(der(x) - b.across("a"));
                  b.equation(b.output("y") - x);
                },
                .positions = {{"x0", "a", ""}}});

  // va = vb, y = f from a to b
  registry.add({.type = "translational.ForceSensor",
                .title = "Force sensor",
                .description = "Ideal load cell in a rod: y = force that flange a transmits to flange b.",
                .ports = required({flange("a", "driving side"), flange("b", "driven side"),
                                   signalOutput("y", "transmitted force [N]")}),
                .params = {},
                .keyParam = {},
                .icon = iconFor("translational.ForceSensor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Translational);
                  b.equation(e.v);
                  b.equation(b.output("y") - e.i);
                }});
}

}  // namespace kelvin::blocks
