// rotational.PlanetaryGear (sun, carrier, ring): an ideal, massless planetary
// gear set with ratio ρ = z_ring / z_sun. Willis' equation ties the speeds,
//   w_sun + ρ·w_ring − (1 + ρ)·w_carrier = 0,
// a constraint on the speeds (declared, so the engine keeps it in
// differentiated form between inertias and projects onto it), and the
// torques into the set balance without loss:
//   τ_ring = ρ·τ_sun,  τ_carrier = −(1 + ρ)·τ_sun   (Σ τ·w = τ_sun·(Willis) = 0).
// The planets' inertia belongs to the carrier's (they orbit with it).

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;
using core::Expr;

void registerPlanetaryGear(core::BlockRegistry& registry) {
  registry.add({.type = "rotational.PlanetaryGear",
                .title = "Planetary gear",
                .description = "Ideal planetary gear set (sun, carrier, ring) with ratio z_ring/z_sun.",
                .ports = {physical(Domain::Rotational, "sun", "sun gear"),
                          physical(Domain::Rotational, "carrier", "planet carrier"),
                          physical(Domain::Rotational, "ring", "ring gear")},
                .params = {positive("ratio", "", "3", "ring teeth / sun teeth")},
                .keyParam = "ratio",
                .icon = iconFor("rotational.PlanetaryGear"),
                .build = [](ComponentBuilder& b) {
                  const double rho = b.param("ratio");
                  const Expr willis =
                      b.across("sun") + rho * b.across("ring") - (1.0 + rho) * b.across("carrier");
                  b.equation(willis);
                  b.constraint(b.pool().constant(1.0), willis);
                  b.equation(b.through("ring") - rho * b.through("sun"));
                  b.equation(b.through("carrier") + (1.0 + rho) * b.through("sun"));
                }});
}

}  // namespace kelvin::blocks
