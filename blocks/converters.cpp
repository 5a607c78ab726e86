// Ideal, lossless converters between domains: electrical.EMF (electrical ↔
// rotational) and hydraulic.Cylinder (hydraulic ↔ translational). Each has one
// mechanical flange and reacts on an implicit fixed housing.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;

void registerConverters(core::BlockRegistry& registry) {
  // Electrical branch p → n (v, i) and flange a (w, τa into the component):
  //
  //     v = k·w,   τa = −k·i
  //
  // Power into the component: v·i + w·τa = k·w·i − w·k·i = 0, so what enters
  // electrically leaves mechanically. The torque it applies to what a drives
  // is −τa = k·i: a positive voltage drives current p → n and turns the shaft
  // forward (a motor); a forward-driven shaft makes v > 0 (a generator).
  registry.add({.type = "electrical.EMF",
                .title = "EMF",
                .description = "Ideal electromechanical converter (DC machine), v = k·w and torque k·i on the shaft.",
                .ports = {pin("p", "positive pin"), pin("n", "negative pin"),
                          physical(Domain::Rotational, "a", "shaft flange")},
                .params = {positive("k", "V·s/rad", "0.1", "torque and back-EMF constant (N·m/A = V·s/rad)")},
                .keyParam = "k",
                .icon = iconFor("electrical.EMF"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  const double k = b.param("k");
                  b.equation(e.v - k * b.across("a"));
                  b.equation(b.through("a") + k * e.i);
                }});

  // Hydraulic branch p → n (Δp, q) and flange a (v, fa into the component):
  //
  //     q = A·v,   fa = −A·Δp
  //
  // Power into the component: Δp·q + v·fa = A·Δp·v − v·A·Δp = 0. Pressure at
  // p above n pushes what a drives forward with force A·Δp; moving forward,
  // the piston draws A·v in at p and displaces it out at n.
  registry.add({.type = "hydraulic.Cylinder",
                .title = "Cylinder",
                .description = "Ideal double-acting cylinder, force A·(p − n) on the rod and flow q = A·v.",
                .ports = {physical(Domain::Hydraulic, "p", "chamber pushing the rod out"),
                          physical(Domain::Hydraulic, "n", "chamber pulling the rod in"),
                          physical(Domain::Translational, "a", "rod flange")},
                .params = {positive("A", "m²", "1e-3", "piston area")},
                .keyParam = "A",
                .icon = iconFor("hydraulic.Cylinder"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b, Domain::Hydraulic);
                  const double area = b.param("A");
                  b.equation(e.i - area * b.across("a"));
                  b.equation(b.through("a") + area * e.v);
                }});
}

}  // namespace kelvin::blocks
