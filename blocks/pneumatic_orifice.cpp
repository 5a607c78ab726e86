// pneumatic.Orifice: a valve or restriction characterised as ISO 6358-1:2013
// does, by its sonic conductance C and critical pressure ratio b. With the
// upstream (higher) pressure p₁, the downstream p₂, r = p₂/p₁ and the
// reference conditions of the standard (ρ₀ = 1.185 kg/m³ at T₀ = 293.15 K):
//
//   choked,   r ≤ b:          ṁ = C·ρ₀·p₁·√(T₀/T₁)
//   subsonic, b < r ≤ 0.999:  ṁ = C·ρ₀·p₁·√(T₀/T₁)·[1 − ((r − b)/(1 − b))²]^m
//   laminar,  0.999 < r ≤ 1:  ṁ = C·ρ₀·p₁·√(T₀/T₁)·(1 − r)/0.001·[1 − ((0.999 − b)/(1 − b))²]^m
//
// (m = 0.5 for most components). The laminar part is the standard's own: it
// makes ṁ linear in p₁ − p₂ near zero, so the flow and its derivative stay
// finite as the pressures meet and Newton converges; since p₁·(1 − r) = p₁ − p₂,
// it is the same straight line through zero from either side, and the flow
// simply reverses with the pressure difference (ṁ > 0 from p to n).

#include <cmath>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Domain;
using core::Expr;

namespace {

constexpr double kReferenceDensity = 1.185;        // ρ₀ [kg/m³], ISO 6358 (ANR)
constexpr double kReferenceTemperature = 293.15;   // T₀ [K]
constexpr double kLaminarRatio = 0.999;            // above it, the laminar law

void buildOrifice(ComponentBuilder& b) {
  core::ExprPool& pool = b.pool();
  const TwoPin e = twoPin(b, Domain::Pneumatic);  // e.v = p − n, e.i = ṁ from p to n
  const double c = b.param("C"), critical = b.param("b"), m = b.param("m");
  const double k = c * kReferenceDensity * std::sqrt(kReferenceTemperature / b.param("T"));
  const auto subsonic = [&](Expr r) {  // [1 − ((r − b)/(1 − b))²]^m, 1 (choked) for r ≤ b
    const Expr x = max(r - critical, pool.constant(0.0)) / (1.0 - critical);
    return pow(1.0 - x * x, m);
  };
  const double laminarFactor = std::pow(1.0 - std::pow((kLaminarRatio - critical) / (1.0 - critical), 2), m);
  const Expr upstream = max(b.across("p"), b.across("n"));
  const Expr ratio = min(b.across("p"), b.across("n")) / upstream;
  const Expr direction = ifThenElse(greater(e.v, pool.constant(0.0)), pool.constant(1.0), pool.constant(-1.0));
  // The turbulent branch sees r clipped to the laminar limit, so its square root stays away from 0.
  const Expr turbulent = direction * k * upstream * subsonic(min(ratio, pool.constant(kLaminarRatio)));
  const Expr laminar = k * laminarFactor / (1.0 - kLaminarRatio) * e.v;
  b.equation(e.i - ifThenElse(greater(ratio, pool.constant(kLaminarRatio)), laminar, turbulent));
}

}  // namespace

void registerPneumaticOrifice(core::BlockRegistry& registry) {
  core::ParamDecl critical = number("b", "", "0.3", "critical pressure ratio: choked flow at p₂/p₁ ≤ b");
  critical.min = 0.0;
  critical.max = 1.0;
  critical.maxInclusive = false;
  registry.add({.type = "pneumatic.Orifice",
                .title = "Orifice",
                .description = "Valve or restriction after ISO 6358: choked flow C·ρ₀·p₁·√(T₀/T₁) below the critical "
                               "pressure ratio b, subsonic above it, either way.",
                .ports = twoPinPorts(Domain::Pneumatic),
                .params = {positive("C", "m³/(s·Pa)", "1e-8", "sonic conductance (1e-8 = 1 dm³/(s·bar))"), critical,
                           positive("m", "", "0.5", "subsonic index (0.5 for most components)"),
                           positive("T", "K", "293.15", "upstream gas temperature T₁")},
                .keyParam = "C",
                .icon = iconFor("pneumatic.Orifice"),
                .build = buildOrifice});
}

}  // namespace kelvin::blocks
