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

/// The `temperature` parameter of a noisy element (0, the default: the model's).
core::ParamDecl temperatureParam();

}  // namespace kelvin::blocks
