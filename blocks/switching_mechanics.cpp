// Mechanical elements whose equations switch at events.
//
// rotational.Clutch (a, b, u): friction clutch engaged by u (0..1). Slipping,
// it transmits the kinetic friction torque u·tau_slip·sign(w_rel) (tau_slip = 0:
// a dog clutch that only locks);
// when w_rel = w_a − w_b reaches zero while engaged it locks: then the
// constraint w_a = w_b holds (declared to the engine, which projects the
// state onto it), and the equation is its differentiated form
// der(w_a) = der(w_b) with the torque free. It slips again when the torque
// it carries exceeds its static capacity u·tau_max.
//
// translational.HardStop (a, b): an end stop at relative travel ±gap. With
// ideal = 0, a stiff spring–damper that only pushes (penalty contact): an
// impact is a pair of events and a short, stiff episode. With ideal = 1, a
// plastic impact: at contact the constraint v_a = v_b becomes active (the
// engine projects the velocities onto it, conserving momentum, and reports the
// energy lost); the stop holds while it pushes and lets go when it would pull.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;
using core::Expr;

namespace {

void buildClutch(ComponentBuilder& b) {
  core::ExprPool& pool = b.pool();
  const Expr one = pool.constant(1.0), zero = pool.constant(0.0);
  const TwoPin e = twoPin(b, Domain::Rotational);  // e.v = w_a − w_b, e.i = torque from a to b
  const Expr engagement = max(b.input("u"), zero);
  const Expr capacity = b.param("tau_max") * engagement;
  const Expr friction = b.param("tau_slip") * engagement;
  const Expr locked = b.discrete("locked", 0.0);
  const Expr isLocked = greater(locked, pool.constant(0.5));
  // While locked the relative speed is held at zero, so its sign is masked (no chattering events).
  const Expr slipSpeed = ifThenElse(isLocked, one, e.v);
  const Expr slipTorque = ifThenElse(greater(slipSpeed, zero), friction, -friction);
  b.equation(ifThenElse(isLocked, der(b.across("a")) - der(b.across("b")), e.i - slipTorque));
  b.constraint(isLocked, e.v);
  // Lock when the relative speed crosses zero (from either side) while engaged.
  const Expr engaged = ifThenElse(greater(capacity, zero), one, zero);
  b.onClock(b.triggeredClock(less(slipSpeed, zero)), locked, engaged);
  b.onClock(b.triggeredClock(greater(ifThenElse(isLocked, -one, e.v), zero)), locked, engaged);
  // Slip when the locked torque exceeds the capacity either way (masked while slipping).
  const Expr lockedTorque = ifThenElse(isLocked, e.i, zero);
  b.onClock(b.triggeredClock(greater(lockedTorque, capacity)), locked, zero);
  b.onClock(b.triggeredClock(less(lockedTorque, -capacity)), locked, zero);
}

/// The plastic (ideal) stop: contact = +1 at +gap, −1 at −gap, 0 free.
void buildIdealStop(ComponentBuilder& b, const TwoPin& e, Expr s, double gap) {
  core::ExprPool& pool = b.pool();
  const Expr zero = pool.constant(0.0), one = pool.constant(1.0);
  const Expr contact = b.discrete("contact", 0.0);
  const Expr atUpper = greater(contact, pool.constant(0.5));
  const Expr atLower = less(contact, pool.constant(-0.5));
  const Expr touching = ifThenElse(atUpper, one, ifThenElse(atLower, one, zero));
  const Expr isTouching = greater(touching, pool.constant(0.5));
  b.equation(ifThenElse(isTouching, der(b.across("a")) - der(b.across("b")), e.i));
  b.constraint(isTouching, e.v);
  // Contact when the travel reaches ±gap while free (indicators masked while touching).
  b.onClock(b.triggeredClock(greater(ifThenElse(isTouching, -one, s - gap), zero)), contact, one);
  b.onClock(b.triggeredClock(less(ifThenElse(isTouching, one, s + gap), zero)), contact, -one);
  // Release when the stop would have to pull: f < 0 at +gap, f > 0 at −gap.
  b.onClock(b.triggeredClock(less(ifThenElse(atUpper, e.i, one), zero)), contact, zero);
  b.onClock(b.triggeredClock(greater(ifThenElse(atLower, e.i, -one), zero)), contact, zero);
}

void buildHardStop(ComponentBuilder& b) {
  core::ExprPool& pool = b.pool();
  const Expr zero = pool.constant(0.0);
  const TwoPin e = twoPin(b, Domain::Translational);  // e.v = v_a − v_b, e.i = force from a to b
  const Expr s = b.state("s_rel", b.param("s0"));
  b.equation(der(s) - e.v);
  const double gap = b.param("gap"), k = b.param("k"), d = b.param("d");
  if (b.param("ideal") >= 0.5) return buildIdealStop(b, e, s, gap);
  const Expr upper = max(k * (s - gap) + d * e.v, zero);  // pushes back only
  const Expr lower = min(k * (s + gap) + d * e.v, zero);
  b.equation(e.i - ifThenElse(greater(s, pool.constant(gap)), upper,
                              ifThenElse(less(s, pool.constant(-gap)), lower, zero)));
}

}  // namespace

void registerSwitchingMechanics(core::BlockRegistry& registry) {
  std::vector<core::PortDecl> clutchPorts = twoPinPorts(Domain::Rotational);
  clutchPorts.push_back(signalInput("u", "engage signal: torque capacity u·tau_max"));
  registry.add({.type = "rotational.Clutch",
                .title = "Clutch",
                .description = "Friction clutch: slips with torque u·tau_slip, locks when the speeds meet, slips "
                               "again when the torque exceeds u·tau_max.",
                .ports = clutchPorts,
                .params = {positive("tau_max", "N·m", "10", "static torque capacity when locked, at u = 1"),
                           nonNegative("tau_slip", "N·m", "10", "kinetic friction torque while slipping, at u = 1")},
                .keyParam = "tau_max",
                .icon = iconFor("rotational.Clutch"),
                .build = buildClutch});

  core::ParamDecl idealStop = number("ideal", "", "0", "1: plastic impact with state projection; 0: penalty contact");
  idealStop.min = 0.0;
  idealStop.max = 1.0;
  registry.add({.type = "translational.HardStop",
                .title = "Hard stop",
                .description = "End stop: free relative travel of ±gap, then a stiff spring–damper that pushes back.",
                .ports = twoPinPorts(Domain::Translational),
                .params = {nonNegative("gap", "m", "0.1", "free travel either way"),
                           positive("k", "N/m", "1e6", "contact stiffness"),
                           nonNegative("d", "N·s/m", "100", "contact damping"),
                           number("s0", "m", "0", "initial relative position x_a − x_b"), idealStop},
                .keyParam = "gap",
                .icon = iconFor("translational.HardStop"),
                .build = buildHardStop,
                .positions = {{"s0", "a", "b"}}});
}

}  // namespace kelvin::blocks
