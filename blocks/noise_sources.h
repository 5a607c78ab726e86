#pragma once
// The noise mechanisms components declare (DESIGN.md, "Noise"): thermal noise of
// a dissipative branch by fluctuation–dissipation, and the temperature
// parameter that lets one element run hotter or colder than the model.

#include "elaborate/component_type.h"

namespace kelvin::blocks {

inline constexpr double kBoltzmann = 1.380649e-23;            // J/K
inline constexpr double kElementaryCharge = 1.602176634e-19;  // C

/// Thermal (Johnson–Nyquist) noise of a branch whose through value is g·(across
/// difference): returns the through-value noise n, one-sided PSD 4·k·T·g, that the
/// component adds in parallel to its through value (i = g·v + n). For a thermal
/// conductor pass g = G·T (heat-flow noise 4kT²G).
core::Expr thermalNoise(core::ComponentBuilder& b, core::Expr conductance);
/// As above, for a conductance known while building.
core::Expr thermalNoise(core::ComponentBuilder& b, double conductance);

/// Thermal noise of a laminar gas-flow resistance (mass flow ṁ = Δp/R), from
/// fluctuation–dissipation in the power-conjugate pair pressure and volume flow
/// q = ṁ/ρ (docs/noise.md, "Pneumatic"): the volume-flow conductance is 1/(R·ρ),
/// so S_q = 4kT/(R·ρ) and S_ṁ = ρ²·S_q = 4kT·ρ/R; with the density of the gas in
/// the resistance at its own temperature, ρ = p/(Rs·T), the temperature cancels:
///
///     S_ṁ = 4·k·p/(Rs·R),   p = the mean pressure (p_p + p_n)/2 at the operating point.
///
/// Returns the mass-flow noise n that the component adds to its flow (ṁ = Δp/R + n).
core::Expr gasFlowNoise(core::ComponentBuilder& b, core::Expr meanPressure, double resistance, double gasConstant);

/// The `temperature` parameter of a noisy element (0, the default: the model's).
core::ParamDecl temperatureParam();

}  // namespace kelvin::blocks
