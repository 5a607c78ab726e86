// The rotational mechanical domain: Inertia, Spring, Damper, Fixed,
// IdealGear, Torque, ConstantTorque, SpeedSensor, TorqueSensor.
//
// Across is the angular velocity w [rad/s], through the torque τ [N·m] into
// the component at a flange. Angles are not port quantities: a component that
// needs one integrates it as its own state (the spring's twist).

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
  return physical(Domain::Rotational, std::move(name), std::move(description));
}

}  // namespace

void registerRotational(core::BlockRegistry& registry) {
  // Both flanges turn at w; J·dw/dt = τa + τb; stored energy ½·J·w².
  // It integrates absolute speed, so it references its network.
  registry.add({.type = "rotational.Inertia",
                .title = "Inertia",
                .description = "Rigid rotating body, J·dw/dt = τa + τb, both flanges at its speed w, starting at w0.",
                .ports = {reference(flange("a", "flange a")), reference(flange("b", "flange b"))},
                .params = {positive("J", "kg·m²", "0.01", "moment of inertia"),
                           number("w0", "rad/s", "0", "initial angular velocity")},
                .keyParam = "J",
                .icon = iconFor("rotational.Inertia"),
                .build = [](ComponentBuilder& b) {
                  const Expr j = b.parameter("J");
                  const Expr w = b.state("w", b.param("w0"));
                  b.equation(b.across("a") - w);
                  b.equation(b.across("b") - w);
                  b.equation(j * der(w) - b.through("a") - b.through("b"));
                  b.energy([&] { return 0.5 * j * w * w; });
                }});

  // dφ/dt = wa − wb, τ = c·φ (from a to b); stored energy ½·c·φ².
  registry.add({.type = "rotational.Spring",
                .title = "Rotational spring",
                .description = "Linear torsion spring, τ = c·φ, where the twist φ integrates wa − wb from phi0.",
                .ports = twoPinPorts(Domain::Rotational),
                .params = {positive("c", "N·m/rad", "100", "torsional stiffness"),
                           number("phi0", "rad", "0", "initial twist, angle of a minus angle of b")},
                .keyParam = "c",
                .icon = iconFor("rotational.Spring"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Rotational);
                  const Expr c = b.parameter("c");
                  const Expr phi = b.state("phi_rel", b.param("phi0"));
                  b.equation(der(phi) - e.v);
                  b.equation(e.i - c * phi);
                  b.energy([&] { return 0.5 * c * phi * phi; });
                }});

  // τ = d·(wa − wb)
  registry.add({.type = "rotational.Damper",
                .title = "Rotational damper",
                .description = "Linear viscous damper, τ = d·(wa − wb).",
                .ports = twoPinPorts(Domain::Rotational),
                .params = {nonNegative("d", "N·m·s/rad", "0.1", "damping coefficient"), temperatureParam()},
                .keyParam = "d",
                .icon = iconFor("rotational.Damper"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Rotational);
                  const Expr d = b.parameter("d");
                  b.equation(e.i - d * e.v - thermalNoise(b, d));
                }});

  // w(a) = 0
  registry.add({.type = "rotational.Fixed",
                .title = "Fixed flange",
                .description = "Flange held at rest, w = 0, taking whatever torque it must.",
                .ports = {reference(flange("a", "the fixed flange"))},
                .params = {},
                .keyParam = {},
                .icon = iconFor("rotational.Fixed"),
                .build = [](ComponentBuilder& b) { b.equation(b.across("a")); }});

  // wa = ratio·wb, τb = −ratio·τa: power wa·τa + wb·τb = 0 (lossless).
  registry.add({.type = "rotational.IdealGear",
                .title = "Ideal gear",
                .description = "Lossless gear, wa = ratio·wb and τb = −ratio·τa; a negative ratio reverses.",
                .ports = twoPinPorts(Domain::Rotational),
                .params = {number("ratio", "", "2", "speed of a over speed of b (not 0)")},
                .keyParam = "ratio",
                .icon = iconFor("rotational.IdealGear"),
                .build = [](ComponentBuilder& b) {
                  const double ratio = b.param("ratio");
                  if (ratio == 0.0) b.fail("", "ratio must not be 0: flange a would be locked and b free");
                  b.equation(b.across("a") - ratio * b.across("b"));
                  b.equation(b.through("b") + ratio * b.through("a"));
                }});

  // The source pushes u into the node at a: through(a) = −u, so u > 0 accelerates
  // what a drives forward. It reacts on an implicit fixed housing.
  registry.add({.type = "rotational.Torque",
                .title = "Torque source",
                .description = "Ideal torque source driven by a signal: applies torque u to what flange a drives.",
                .ports = {required(flange("a", "driven flange")), signalInput("u", "torque [N·m]")},
                .params = {},
                .keyParam = {},
                .icon = iconFor("rotational.Torque"),
                .build = [](ComponentBuilder& b) { b.equation(b.through("a") + b.input("u")); }});

  registry.add({.type = "rotational.ConstantTorque",
                .title = "Constant torque",
                .description = "Ideal constant torque source: applies tau to what flange a drives.",
                .ports = {required(flange("a", "driven flange"))},
                .params = {number("tau", "N·m", "1", "torque applied to the driven flange")},
                .keyParam = "tau",
                .icon = iconFor("rotational.ConstantTorque"),
                .build = [](ComponentBuilder& b) { b.equation(b.through("a") + b.parameter("tau")); }});

  // τ = 0, y = w(a)
  registry.add({.type = "rotational.SpeedSensor",
                .title = "Speed sensor",
                .description = "Ideal tachometer: y = absolute angular velocity of flange a, taking no torque.",
                .ports = {required(flange("a", "measured flange")), signalOutput("y", "angular velocity [rad/s]")},
                .params = {},
                .keyParam = {},
                .icon = iconFor("rotational.SpeedSensor"),
                .build = [](ComponentBuilder& b) {
                  b.equation(b.through("a"));
                  b.equation(b.output("y") - b.across("a"));
                }});

  // wa = wb, y = τ from a to b
  registry.add({.type = "rotational.TorqueSensor",
                .title = "Torque sensor",
                .description = "Ideal torque meter in a shaft: y = torque that flange a transmits to flange b.",
                .ports = required({flange("a", "driving side"), flange("b", "driven side"),
                                   signalOutput("y", "transmitted torque [N·m]")}),
                .params = {},
                .keyParam = {},
                .icon = iconFor("rotational.TorqueSensor"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Rotational);
                  b.equation(e.v);
                  b.equation(b.output("y") - e.i);
                }});
}

}  // namespace kelvin::blocks
